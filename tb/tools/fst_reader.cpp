// SPDX-License-Identifier: MIT
// FST to VCD text for tb/tools/lockstep_vcd_check, with the FST library Verilator ships
// (include/gtkwave/fstapi.c, compiled here as Verilator's verilated_fst_c.cpp does): the
// checker then reads an FST file exactly as it reads a VCD.
#define FST_CONFIG_INCLUDE "fst_config.h"
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wall"
#pragma GCC diagnostic ignored "-Wextra"
#include "gtkwave/fastlz.c"
#include "gtkwave/fstapi.c"
#include "gtkwave/lz4.c"
#pragma GCC diagnostic pop

// Writes the VCD form of the FST file `path` to out; false when it cannot be read.
bool fst_to_vcd(const char* path, FILE* out) {
  void* ctx = fstReaderOpen(path);
  if (!ctx) return false;
  fstReaderProcessHier(ctx, out);  // through stdio; the values below are written past it
  fflush(out);
  fstReaderSetFacProcessMaskAll(ctx);  // after the hierarchy, which sizes the mask
  fstReaderIterBlocks(ctx, nullptr, nullptr, out);
  fflush(out);
  fstReaderClose(ctx);
  return true;
}

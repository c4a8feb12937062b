// SPDX-License-Identifier: MIT
// FST to VCD text for tb/tools/lockstep_vcd_check, with the FST library Verilator ships
// (library dcqcn_fst, verilator/CMakeLists.txt, the same one dcqcn-sim writes FST with):
// the checker then reads an FST file exactly as it reads a VCD.
#include <cstdio>

#include "fstapi.h"

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

// SPDX-License-Identifier: MIT
// Write errors of the FST writer library (gtkwave/fstapi.c, as Verilator ships it). The
// library ignores the results of its writes, so a full disk, a file-size limit (EFBIG) or
// /dev/full would give a cut-short file and no error. dcqcn_fst compiles it through
// fstapi_checked.cpp, which routes its fwrite, fputc, fflush and fclose through wrappers
// that count the failures; wave.cpp reads the count before and after writing a waveform.
#pragma once
#include <cstdint>

namespace dcqcn::fst {

struct WriteErrors {
  uint64_t count = 0;    // failed writes, flushes and closes since the process started
  int last_errno = 0;    // errno of the latest one (0: none)
};

// Over every FST file the process wrote or read: the output, its .hier file beside it and
// the library's temporary files (tmpfile(), in /tmp).
WriteErrors write_errors();

}  // namespace dcqcn::fst

// SPDX-License-Identifier: MIT
// gtkwave/fstapi.c (Verilator's copy, unchanged) compiled with its stdio writes checked:
// fwrite, fputc, fflush and fclose are replaced, in this translation unit only, by
// wrappers that call the real function and count a failure (fst_errors.h). The library
// itself never looks at these results.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <atomic>

#include "fst_errors.h"

namespace {

std::atomic<uint64_t> g_count{0};
std::atomic<int> g_errno{0};

void note(int e) {
  g_errno.store(e ? e : EIO);
  g_count.fetch_add(1);
}

size_t checked_fwrite(const void* p, size_t size, size_t n, FILE* f) {
  const size_t r = std::fwrite(p, size, n, f);
  if (r != n && size != 0) note(errno);
  return r;
}

int checked_fputc(int c, FILE* f) {
  const int r = std::fputc(c, f);
  if (r == EOF) note(errno);
  return r;
}

int checked_fflush(FILE* f) {
  const int r = std::fflush(f);
  if (r != 0) note(errno);
  return r;
}

int checked_fclose(FILE* f) {
  // fclose flushes what is buffered: a failure there is a lost write too
  const int r = std::fclose(f);
  if (r != 0) note(errno);
  return r;
}

}  // namespace

namespace dcqcn::fst {
WriteErrors write_errors() { return {g_count.load(), g_errno.load()}; }
}  // namespace dcqcn::fst

#define fwrite checked_fwrite
#define fputc checked_fputc
#define fflush checked_fflush
#define fclose checked_fclose
#include "fstapi.c"
#undef fwrite
#undef fputc
#undef fflush
#undef fclose

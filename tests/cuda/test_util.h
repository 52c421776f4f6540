// test_util.h: the host-side helpers every self-checking program in tests/cuda/ shares.
//
// A program defines its name first, then includes this header:
//   static const char* kName = "atomics";
//   #include "test_util.h"
// kName starts every line the program prints ("atomics: PASS", "atomics: FAIL ...").
//
//   CUDA_CHECK(call)    a failing CUDA API call prints "<name>: FAIL <call> -> <error> (line N)"
//                       and exits 1
//   mismatch(fmt, ...)  counts a wrong result; the first one's text goes into the FAIL line
//   finish()            prints "<name>: PASS" or "<name>: FAIL <first> (<count> mismatches)";
//                       returns the exit status for main
//   Lcg                 the fixed pseudo-random generator behind every input
//
// Kernel launches and module variables are written through two macros, so that the same file
// also builds with a plain C++ compiler (functional mode, see README.md):
//   LAUNCH(kernel, grid, block[, shared[, stream]])(args...)   kernel<<<grid, block, ...>>>(args)
//   LAUNCH((tmpl<float, 16>), grid, block)(args...)   a template with several arguments goes in
//                                                     parentheses (the macro splits on commas)
//   SYMBOL(var)          the __device__/__constant__ variable `var` for cudaMemcpyToSymbol & co.
// Under nvcc they are plain CUDA syntax. Without nvcc the device code (kept in
// `#ifdef __CUDACC__` blocks) is not compiled; LAUNCH finds the kernel by name in the PTX nvcc
// made of the file and SYMBOL names the variable (src/runtime/include/warpsim_functional.h).
//
// Host code only: nothing here reaches the PTX. Also brings in <cstdint>, <cstdio>, <cstdlib>
// and <cuda_runtime.h>.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#ifdef __CUDACC__
#define LAUNCH(kernel, ...) kernel<<<__VA_ARGS__>>>
#define SYMBOL(name) name
#else
#include <warpsim_functional.h>
#define LAUNCH(kernel, ...) ::warpsim::runtime::Launch(#kernel, __VA_ARGS__)
#define SYMBOL(name) ::warpsim::runtime::symbol(#name)
#endif

#define CUDA_CHECK(call)                                                                         \
  do {                                                                                           \
    cudaError_t err_ = (call);                                                                   \
    if (err_ != cudaSuccess) {                                                                   \
      printf("%s: FAIL %s -> %s (line %d)\n", kName, #call, cudaGetErrorString(err_), __LINE__); \
      exit(1);                                                                                   \
    }                                                                                            \
  } while (0)

static int g_errors = 0;
static char g_first[256];
static void mismatch(const char* fmt, ...) {
  if (g_errors++ == 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_first, sizeof g_first, fmt, ap);
    va_end(ap);
  }
}
static int finish() {
  if (g_errors != 0) {
    printf("%s: FAIL %s (%d mismatches)\n", kName, g_first, g_errors);
    return 1;
  }
  printf("%s: PASS\n", kName);
  return 0;
}

struct Lcg {
  uint64_t s;
  explicit Lcg(uint64_t seed) : s(seed) {}
  uint32_t next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(s >> 33);
  }
  // A multiple of 1/256 in [-16, 16): exactly representable, products stay exact.
  double small() { return (static_cast<int>(next() % 8192) - 4096) / 256.0; }
};

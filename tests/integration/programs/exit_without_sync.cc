// Launches two kernels and ends without synchronizing: by returning from main, or (argument
// "exit") by calling exit(). In timing mode the launches are only queued; the runtime must still
// run and log them when the process ends. Kernels from the committed vector_ops PTX (WARPSIM_PTX).
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>
#include <warpsim_functional.h>

int main(int argc, char** argv) {
  const int n = 1000;
  float *a, *b, *c;
  if (cudaMalloc(&a, n * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&b, n * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&c, n * sizeof(float)) != cudaSuccess ||
      cudaMemset(a, 0, n * sizeof(float)) != cudaSuccess ||
      cudaMemset(b, 0, n * sizeof(float)) != cudaSuccess) {
    return 1;
  }
  warpsim::runtime::Launch("vec_add_f32", (n + 127) / 128, 128)(a, b, c, n);
  warpsim::runtime::Launch("saxpy_f32", (n + 63) / 64, 64)(2.0f, a, c, n);
  if (argc > 1 && std::strcmp(argv[1], "exit") == 0) std::exit(0);
  return 0;
}

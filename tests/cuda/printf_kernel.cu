// printf_kernel: device printf (vprintf) with %d %u %lld %f %s %c %x, also from divergent
// branches. The text is checked by eye; PASS/FAIL comes from values the kernels also store.
// Usage: printf_kernel   (prints 12 device lines)
#include <vector>

static const char* kName = "printf_kernel";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void hello_printf(const int* in, int* out) {
  int t = threadIdx.x, b = blockIdx.x;
  int v = in[b * blockDim.x + t];
  if (t < 2) {
    printf("printf_kernel: block %d thread %d value %d half %f wide %lld tag %s\n", b, t, v,
           v * 0.5f, static_cast<long long>(v) << 33, "ok");
  }
  out[b * blockDim.x + t] = v * 3 + 1;
}

__global__ void branchy_printf(const unsigned* in, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = in[i];
  if (i % 16 == 0) {
    printf("printf_kernel: even lane %d hex %x char %c\n", i, v, 'a' + static_cast<int>(v % 26));
  } else if (i % 16 == 9) {
    printf("printf_kernel: odd lane %d unsigned %u\n", i, v);
  }
  out[i] = v ^ 0x5a5a5a5au;
}
#endif  // __CUDACC__

int main() {
  const int blocks = 2, threads = 32, n = blocks * threads;
  std::vector<int> hin(n);
  std::vector<unsigned> hu(n);
  Lcg rng(18);
  for (int i = 0; i < n; ++i) {
    hin[i] = static_cast<int>(rng.next() % 1000) - 500;
    hu[i] = rng.next();
  }
  int *din, *dout;
  unsigned *duin, *duout;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&duin, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&duout, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(din, hin.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(duin, hu.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  LAUNCH(hello_printf, blocks, threads)(din, dout);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());  // flushes the device printf buffer
  LAUNCH(branchy_printf, blocks, threads)(duin, duout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<int> out(n);
  std::vector<unsigned> uout(n);
  CUDA_CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(uout.data(), duout, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    if (out[i] != hin[i] * 3 + 1)
      mismatch("hello_printf[%d] = %d want %d", i, out[i], hin[i] * 3 + 1);
    if (uout[i] != (hu[i] ^ 0x5a5a5a5au)) mismatch("branchy_printf[%d] = %08x", i, uout[i]);
  }
  cudaFree(din);
  cudaFree(dout);
  cudaFree(duin);
  cudaFree(duout);
  return finish();
}

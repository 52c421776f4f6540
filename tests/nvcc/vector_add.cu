// vector_add: the smallest complete CUDA program, built in several ways by tests/CMakeLists.txt
// (static runtime, machine code only, each fatbin compression) to check how `warpsim run`
// treats each. Two launches of one kernel; prints "vector_add: PASS" when c = a + b.
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

__global__ void add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  const int n = 1000;
  float ha[n], hb[n], hc[n];
  for (int i = 0; i < n; ++i) {
    ha[i] = static_cast<float>(i);
    hb[i] = static_cast<float>(2 * i + 1);
  }
  float *a, *b, *c;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&c, n * sizeof(float));
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  add<<<(n + 255) / 256, 256>>>(a, b, c, n);
  add<<<(n + 127) / 128, 128>>>(c, b, c, n);  // c = a + 2b
  cudaError_t err = cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
  if (err != cudaSuccess) {
    printf("vector_add: FAIL %s\n", cudaGetErrorString(err));
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    if (hc[i] != ha[i] + 2 * hb[i]) {
      printf("vector_add: FAIL c[%d] = %g\n", i, hc[i]);
      return 1;
    }
  }
  printf("vector_add: PASS\n");
  return 0;
}

// managed: unified memory that the host dereferences directly, which only a real nvcc build
// exercises (the host code reaches __managed__ variables through pointers the runtime fills):
// a __managed__ scalar and array, and a cudaMallocManaged buffer, written by the host, updated by
// kernels, read back by the host without any cudaMemcpy. Prints "managed: PASS".
#include <cstdio>

#include <cuda_runtime.h>

__managed__ int counter = 5;
__managed__ float table[64];

__global__ void scale(float* data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * factor + table[i % 64];
  if (i == 0) atomicAdd(&counter, 10);
}

int main() {
  const int n = 4096;
  float* data = nullptr;
  if (cudaMallocManaged(&data, n * sizeof(float)) != cudaSuccess) {
    printf("managed: FAIL cudaMallocManaged\n");
    return 1;
  }
  for (int i = 0; i < n; ++i) data[i] = static_cast<float>(i);
  for (int i = 0; i < 64; ++i) table[i] = static_cast<float>(i) * 0.5f;
  counter += 1;
  scale<<<n / 256, 256>>>(data, n, 2.0f);
  cudaDeviceSynchronize();
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    const float want = static_cast<float>(i) * 2.0f + static_cast<float>(i % 64) * 0.5f;
    if (data[i] != want && errors++ == 0) printf("managed: FAIL data[%d] = %g, want %g\n", i, data[i], want);
  }
  if (counter != 16 && errors++ == 0) printf("managed: FAIL counter = %d, want 16\n", counter);
  cudaFree(data);
  if (errors == 0) printf("managed: PASS\n");
  return errors == 0 ? 0 : 1;
}

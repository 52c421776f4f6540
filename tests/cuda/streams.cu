// streams: two streams with cudaMemcpyAsync/cudaMemsetAsync, events (record, wait, synchronize,
// query, elapsed time), a cross-stream dependency, and legacy default-stream ordering.
// Usage: streams [n]   (default n = 32768)
#include <vector>

static const char* kName = "streams";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void scale_kernel(float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

__global__ void add_kernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void iota_kernel(int* x, int base, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = base + 3 * i;
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 32768;
  if (n < 1) n = 1;
  Lcg rng(20);
  std::vector<float> ha(n), hb(n), hc(n);
  for (int i = 0; i < n; ++i) {
    ha[i] = static_cast<float>(rng.small());
    hb[i] = static_cast<float>(rng.small());
  }
  float *da, *db, *dc, *dcopy;
  int *di, *dm;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&db, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dc, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dcopy, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&di, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dm, n * sizeof(int)));
  CUDA_CHECK(cudaMemset(da, 0, n * sizeof(float)));

  cudaStream_t s1, s2;
  cudaEvent_t start, a_ready, done;
  CUDA_CHECK(cudaStreamCreate(&s1));
  CUDA_CHECK(cudaStreamCreate(&s2));
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&a_ready));
  CUDA_CHECK(cudaEventCreate(&done));
  const int block = 256, grid = (n + block - 1) / block;

  CUDA_CHECK(cudaEventRecord(start, s1));
  // Stream 1: a = 2 * ha, then signal.
  CUDA_CHECK(cudaMemcpyAsync(da, ha.data(), n * sizeof(float), cudaMemcpyHostToDevice, s1));
  LAUNCH(scale_kernel, grid, block, 0, s1)(da, 2.0f, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(a_ready, s1));
  // Stream 2: b = 0.5 * hb, c cleared, then wait for a and compute c = a + b.
  CUDA_CHECK(cudaMemcpyAsync(db, hb.data(), n * sizeof(float), cudaMemcpyHostToDevice, s2));
  CUDA_CHECK(cudaMemsetAsync(dc, 0, n * sizeof(float), s2));
  LAUNCH(scale_kernel, grid, block, 0, s2)(db, 0.5f, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamWaitEvent(s2, a_ready, 0));
  LAUNCH(add_kernel, grid, block, 0, s2)(da, db, dc, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(done, s2));
  // Stream 1 continues independently.
  LAUNCH(iota_kernel, grid, block, 0, s1)(di, 100, n);
  CUDA_CHECK(cudaGetLastError());

  CUDA_CHECK(cudaEventSynchronize(done));
  if (cudaEventQuery(done) != cudaSuccess) mismatch("cudaEventQuery(done) after synchronize");
  float ms = -1.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, done));
  if (!(ms >= 0.0f)) mismatch("cudaEventElapsedTime = %g", ms);
  CUDA_CHECK(cudaMemcpyAsync(hc.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CUDA_CHECK(cudaStreamSynchronize(s2));
  CUDA_CHECK(cudaStreamSynchronize(s1));
  if (cudaStreamQuery(s1) != cudaSuccess) mismatch("cudaStreamQuery(s1) after synchronize");
  for (int i = 0; i < n; ++i) {
    float want = 2.0f * ha[i] + 0.5f * hb[i];  // exact for multiples of 1/256
    if (hc[i] != want) mismatch("c[%d] = %g want %g", i, hc[i], want);
  }

  // Legacy default stream: orders after work in s1 and s2 (blocking streams).
  CUDA_CHECK(cudaMemset(dm, 0x5a, n * sizeof(int)));
  LAUNCH(scale_kernel, grid, block)(dc, -1.0f, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(dcopy, dc, n * sizeof(float), cudaMemcpyDeviceToDevice));
  std::vector<float> hcopy(n);
  std::vector<int> hi(n), hm(n);
  CUDA_CHECK(cudaMemcpy(hcopy.data(), dcopy, n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(hi.data(), di, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(hm.data(), dm, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    if (hcopy[i] != -hc[i]) mismatch("device-to-device copy[%d] = %g want %g", i, hcopy[i], -hc[i]);
    if (hi[i] != 100 + 3 * i) mismatch("iota[%d] = %d want %d", i, hi[i], 100 + 3 * i);
    if (hm[i] != 0x5a5a5a5a) mismatch("cudaMemset[%d] = %08x", i, hm[i]);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(a_ready));
  CUDA_CHECK(cudaEventDestroy(done));
  CUDA_CHECK(cudaStreamDestroy(s1));
  CUDA_CHECK(cudaStreamDestroy(s2));
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dcopy);
  cudaFree(di);
  cudaFree(dm);
  return finish();
}

// histogram: contended atomics: per-block shared-memory histogram merged with global atomics,
// a global-only grid-stride histogram, and per-warp private bins fed by uchar4 loads.
// Usage: histogram [n]   (default n = 65536 bytes)
#include <algorithm>
#include <vector>

static const char* kName = "histogram";
#include "test_util.h"

constexpr int kBins = 256;
constexpr int kWarpBins = 64;
constexpr int kBlock = 256;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void histo_shared(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned s[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) s[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&s[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (s[b] != 0) atomicAdd(&bins[b], s[b]);
}

__global__ void histo_global(const unsigned* data, unsigned* bins, int n, int nbins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&bins[data[i] % nbins], 1u);
}

// kWarpBins bins (byte value / 4); each warp owns a private copy in shared memory.
__global__ void histo_warp_private(const uchar4* data, unsigned* bins, int n4) {
  __shared__ unsigned s[kBlock / 32][kWarpBins];
  unsigned* mine = s[threadIdx.x / 32];
  for (int j = threadIdx.x; j < (kBlock / 32) * kWarpBins; j += blockDim.x) (&s[0][0])[j] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
    uchar4 v = data[i];
    atomicAdd(&mine[v.x >> 2], 1u);
    atomicAdd(&mine[v.y >> 2], 1u);
    atomicAdd(&mine[v.z >> 2], 1u);
    atomicAdd(&mine[v.w >> 2], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < kWarpBins; b += blockDim.x) {
    unsigned total = 0;
    for (int w = 0; w < kBlock / 32; ++w) total += s[w][b];
    atomicAdd(&bins[b], total);
  }
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 65536;
  if (n < 4) n = 4;
  n &= ~3;
  Lcg rng(8);
  std::vector<unsigned char> bytes(n);
  std::vector<unsigned> words(n);
  for (int i = 0; i < n; ++i) {
    bytes[i] = (rng.next() % 2 == 0) ? 7 : static_cast<unsigned char>(rng.next() & 0xff);
    words[i] = (rng.next() % 4 == 0) ? 12345u : rng.next();
  }
  unsigned char* dbytes;
  unsigned *dwords, *dbins;
  CUDA_CHECK(cudaMalloc(&dbytes, n));
  CUDA_CHECK(cudaMalloc(&dwords, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dbins, kBins * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(dbytes, bytes.data(), n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dwords, words.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  std::vector<unsigned> got(kBins), want(kBins);

  // Shared-memory histogram over bytes.
  CUDA_CHECK(cudaMemset(dbins, 0, kBins * sizeof(unsigned)));
  LAUNCH(histo_shared, 32, kBlock)(dbytes, dbins, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(got.data(), dbins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::fill(want.begin(), want.end(), 0u);
  for (unsigned char b : bytes) ++want[b];
  for (int b = 0; b < kBins; ++b)
    if (got[b] != want[b]) mismatch("histo_shared bin %d = %u want %u", b, got[b], want[b]);

  // Global-atomics histogram over words, 100 bins.
  const int nbins = 100;
  CUDA_CHECK(cudaMemset(dbins, 0, kBins * sizeof(unsigned)));
  LAUNCH(histo_global, 24, kBlock)(dwords, dbins, n, nbins);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(got.data(), dbins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::fill(want.begin(), want.end(), 0u);
  for (unsigned w : words) ++want[w % nbins];
  for (int b = 0; b < kBins; ++b)
    if (got[b] != want[b]) mismatch("histo_global bin %d = %u want %u", b, got[b], want[b]);

  // Per-warp private histogram over uchar4.
  CUDA_CHECK(cudaMemset(dbins, 0, kBins * sizeof(unsigned)));
  LAUNCH(histo_warp_private, 16, kBlock)(reinterpret_cast<const uchar4*>(dbytes), dbins, n / 4);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(got.data(), dbins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::fill(want.begin(), want.end(), 0u);
  for (unsigned char b : bytes) ++want[b >> 2];
  for (int b = 0; b < kBins; ++b)
    if (got[b] != want[b]) mismatch("histo_warp_private bin %d = %u want %u", b, got[b], want[b]);

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(dbytes);
  cudaFree(dwords);
  cudaFree(dbins);
  return finish();
}

// bitonic_sort: a key-value bitonic sorting network. Segments of kSegment elements are sorted in
// shared memory (__syncthreads inside two nested loops, data-dependent swaps); larger merge
// stages run one launch per stride in global memory until the stride fits a segment, which
// then finishes in shared memory. Keys repeat, so the check is "keys sorted, and every value
// still travels with its key".
// Usage: bitonic_sort [log2 n]   (default 14: 16384 pairs; at least 11)
#include <algorithm>
#include <vector>

static const char* kName = "bitonic_sort";
#include "test_util.h"

constexpr int kSegment = 1024;          // elements sorted per block in shared memory
constexpr int kThreads = kSegment / 2;  // one compare-exchange per thread and step

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
// The direction of element `pos` in a merge of `size`-element runs: alternate runs descend, so
// that each pair of runs forms a bitonic sequence for the next stage.
__device__ inline bool ascending(int pos, int size) { return (pos & size) == 0; }

__device__ inline void compare_exchange(unsigned* k, unsigned* v, int a, int b, bool up) {
  if ((k[a] > k[b]) == up) {
    unsigned t = k[a];
    k[a] = k[b];
    k[b] = t;
    t = v[a];
    v[a] = v[b];
    v[b] = t;
  }
}

// Strides stride_from, stride_from/2, ..., 1 of merges of `size` (size == 0: the whole sort of
// the segment, sizes 2 .. kSegment) on one segment held in shared memory.
__global__ void bitonic_shared(unsigned* keys, unsigned* vals, int size, int stride_from) {
  __shared__ unsigned sk[kSegment];
  __shared__ unsigned sv[kSegment];
  const int t = threadIdx.x, base = blockIdx.x * kSegment;
  sk[t] = keys[base + t];
  sv[t] = vals[base + t];
  sk[t + kThreads] = keys[base + t + kThreads];
  sv[t + kThreads] = vals[base + t + kThreads];
  const int first = size == 0 ? 2 : size, last = size == 0 ? kSegment : size;
  for (int s = first; s <= last; s <<= 1) {
    for (int stride = size == 0 ? s / 2 : stride_from; stride > 0; stride >>= 1) {
      __syncthreads();
      const int pos = 2 * t - (t & (stride - 1));
      compare_exchange(sk, sv, pos, pos + stride, ascending(base + pos, s));
    }
  }
  __syncthreads();
  keys[base + t] = sk[t];
  vals[base + t] = sv[t];
  keys[base + t + kThreads] = sk[t + kThreads];
  vals[base + t + kThreads] = sv[t + kThreads];
}

// One stride (at least kSegment) of a merge of `size`, straight in global memory.
__global__ void bitonic_global(unsigned* keys, unsigned* vals, int size, int stride) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int pos = 2 * t - (t & (stride - 1));
  compare_exchange(keys, vals, pos, pos + stride, ascending(pos, size));
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int log_n = argc > 1 ? atoi(argv[1]) : 14;
  if (log_n < 11) log_n = 11;
  if (log_n > 22) log_n = 22;
  const int n = 1 << log_n;
  Lcg rng(34);
  std::vector<unsigned> hk(n), hv(n);
  for (int i = 0; i < n; ++i) {
    hk[i] = rng.next() % 4096;  // many repeated keys
    hv[i] = static_cast<unsigned>(i);
  }
  unsigned *dk, *dv;
  CUDA_CHECK(cudaMalloc(&dk, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dv, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(dk, hk.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dv, hv.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));

  const int segments = n / kSegment;
  LAUNCH(bitonic_shared, segments, kThreads)(dk, dv, 0, 0);
  CUDA_CHECK(cudaGetLastError());
  for (int size = 2 * kSegment; size <= n; size <<= 1) {
    for (int stride = size / 2; stride >= kSegment; stride >>= 1) {
      LAUNCH(bitonic_global, n / 2 / 256, 256)(dk, dv, size, stride);
      CUDA_CHECK(cudaGetLastError());
    }
    LAUNCH(bitonic_shared, segments, kThreads)(dk, dv, size, kSegment / 2);
    CUDA_CHECK(cudaGetLastError());
  }

  std::vector<unsigned> keys(n), vals(n);
  CUDA_CHECK(cudaMemcpy(keys.data(), dk, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(vals.data(), dv, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::vector<unsigned> want = hk;
  std::sort(want.begin(), want.end());
  std::vector<bool> seen(n, false);
  for (int i = 0; i < n; ++i) {
    if (keys[i] != want[i]) mismatch("key[%d] = %u want %u", i, keys[i], want[i]);
    const unsigned v = vals[i];
    if (v >= static_cast<unsigned>(n) || seen[v]) {
      mismatch("value[%d] = %u is out of range or repeated", i, v);
    } else {
      seen[v] = true;
      if (hk[v] != keys[i]) mismatch("value[%d] = %u left its key %u for %u", i, v, hk[v], keys[i]);
    }
  }
  cudaFree(dk);
  cudaFree(dv);
  return finish();
}

// stencil_scan: a 1D stencil with shared-memory halo, and inclusive scans (Hillis-Steele
// double-buffered; Blelloch up/down-sweep) combined into a multi-level scan from the host.
// Usage: stencil_scan [n]   (default n = 65536)
#include <vector>

static const char* kName = "stencil_scan";
#include "test_util.h"

constexpr int kRadius = 3;
constexpr int kBlock = 256;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void stencil_1d(const float* in, float* out, int n) {
  __shared__ float s[kBlock + 2 * kRadius];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + kRadius;
  s[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < kRadius) {
    int left = g - kRadius, right = g + kBlock;
    s[l - kRadius] = left >= 0 && left < n ? in[left] : 0.0f;
    s[l + kBlock] = right < n ? in[right] : 0.0f;
  }
  __syncthreads();
  if (g < n) {
    float acc = 0.0f;
    for (int j = -kRadius; j <= kRadius; ++j) acc += (kRadius + 1 - abs(j)) * s[l + j];
    out[g] = acc;
  }
}

// Inclusive scan of one block of kBlock elements; the block total goes to sums (if non-null).
__global__ void scan_hillis_steele(const int* in, int* out, int* sums, int n) {
  __shared__ int buf[2][kBlock];
  int t = threadIdx.x;
  int g = blockIdx.x * kBlock + t;
  int cur = 0;
  buf[cur][t] = g < n ? in[g] : 0;
  __syncthreads();
  for (int off = 1; off < kBlock; off <<= 1) {
    int v = buf[cur][t];
    if (t >= off) v += buf[cur][t - off];
    buf[cur ^ 1][t] = v;
    cur ^= 1;
    __syncthreads();
  }
  if (g < n) out[g] = buf[cur][t];
  if (sums != nullptr && t == kBlock - 1) sums[blockIdx.x] = buf[cur][t];
}

// Work-efficient scan: kBlock threads scan 2 * kBlock elements; the result is made inclusive.
__global__ void scan_blelloch(const int* in, int* out, int* sums, int n) {
  __shared__ int s[2 * kBlock];
  int t = threadIdx.x;
  int base = blockIdx.x * 2 * kBlock;
  int a = base + t, b = base + t + kBlock;
  int va = a < n ? in[a] : 0, vb = b < n ? in[b] : 0;
  s[t] = va;
  s[t + kBlock] = vb;
  int offset = 1;
  for (int d = kBlock; d > 0; d >>= 1) {  // up-sweep
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      s[bi] += s[ai];
    }
    offset <<= 1;
  }
  __syncthreads();
  int total = s[2 * kBlock - 1];
  __syncthreads();
  if (t == 0) s[2 * kBlock - 1] = 0;
  for (int d = 1; d <= kBlock; d <<= 1) {  // down-sweep
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1;
      int bi = offset * (2 * t + 2) - 1;
      int tmp = s[ai];
      s[ai] = s[bi];
      s[bi] += tmp;
    }
  }
  __syncthreads();
  if (a < n) out[a] = s[t] + va;
  if (b < n) out[b] = s[t + kBlock] + vb;
  if (sums != nullptr && t == 0) sums[blockIdx.x] = total;
}

__global__ void add_block_offsets(int* data, const int* scanned_sums, int n, int per_block) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int blk = g / per_block;
  if (g < n && blk > 0) data[g] += scanned_sums[blk - 1];
}
#endif  // __CUDACC__

// In-place-capable multi-level inclusive scan: out = scan(in).
static void gpu_scan(const int* in, int* out, int n, bool blelloch) {
  const int per_block = blelloch ? 2 * kBlock : kBlock;
  const int nb = (n + per_block - 1) / per_block;
  int* sums = nullptr;
  if (nb > 1) CUDA_CHECK(cudaMalloc(&sums, nb * sizeof(int)));
  if (blelloch)
    LAUNCH(scan_blelloch, nb, kBlock)(in, out, sums, n);
  else
    LAUNCH(scan_hillis_steele, nb, kBlock)(in, out, sums, n);
  CUDA_CHECK(cudaGetLastError());
  if (nb > 1) {
    gpu_scan(sums, sums, nb, blelloch);
    LAUNCH(add_block_offsets, (n + 255) / 256, 256)(out, sums, n, per_block);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaFree(sums));
  }
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 65536;
  if (n < 1) n = 1;
  Lcg rng(7);
  std::vector<float> hf(n), fout(n);
  std::vector<int> hi(n), iout(n), want(n);
  for (int i = 0; i < n; ++i) {
    hf[i] = static_cast<float>(static_cast<int>(rng.next() % 201) - 100);
    hi[i] = static_cast<int>(rng.next() % 10);
    want[i] = hi[i] + (i > 0 ? want[i - 1] : 0);
  }
  float *dfin, *dfout;
  int *din, *dout;
  CUDA_CHECK(cudaMalloc(&dfin, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dfout, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(dfin, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(din, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  LAUNCH(stencil_1d, (n + kBlock - 1) / kBlock, kBlock)(dfin, dfout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(fout.data(), dfout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    float acc = 0.0f;
    for (int j = -kRadius; j <= kRadius; ++j)
      if (i + j >= 0 && i + j < n) acc += (kRadius + 1 - abs(j)) * hf[i + j];
    if (fout[i] != acc) mismatch("stencil_1d[%d] = %g want %g", i, fout[i], acc);
  }

  const char* names[2] = {"hillis_steele", "blelloch"};
  for (int variant = 0; variant < 2; ++variant) {
    CUDA_CHECK(cudaMemset(dout, 0, n * sizeof(int)));
    gpu_scan(din, dout, n, variant == 1);
    CUDA_CHECK(cudaMemcpy(iout.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
      if (iout[i] != want[i])
        mismatch("scan %s[%d] = %d want %d", names[variant], i, iout[i], want[i]);
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(dfin);
  cudaFree(dfout);
  cudaFree(din);
  cudaFree(dout);
  return finish();
}

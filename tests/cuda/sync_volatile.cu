// sync_volatile: volatile warp-synchronous reduction with __syncwarp (also partial masks),
// __syncthreads_count/_and/_or, a last-block reduction with __threadfence, and a warp-to-warp
// hand-off through a volatile flag with __threadfence_block.
// Usage: sync_volatile [n]   (default n = 32768)
#include <vector>

static const char* kName = "sync_volatile";
#include "test_util.h"

constexpr int kBlock = 256;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void warp_sync_reduce(const int* in, int* out, int n) {
  __shared__ int s[kBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 32; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t < 32) {
    volatile int* v = s;
    int x = v[t] + v[t + 32];
    v[t] = x;
    __syncwarp();
    for (int off = 16; off > 0; off >>= 1) {
      x += v[t + off];
      __syncwarp();
      v[t] = x;
      __syncwarp();
    }
    if (t == 0) out[blockIdx.x] = x;
  }
}

__global__ void syncwarp_divergent(const int* in, int* out, int n) {
  __shared__ int buf[kBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
  int v = i < n ? in[i] : 0;
  if ((t & 1) == 0) {
    buf[t] = v * 2;
    __syncwarp(0x55555555u);
    v = buf[t ^ 2];
  } else {
    buf[t] = v * 3;
    __syncwarp(0xaaaaaaaau);
    v = buf[t ^ 2];
  }
  if (i < n) out[i] = v;
}

__global__ void syncthreads_predicates(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int count = __syncthreads_count(v > 0);
  int all = __syncthreads_and(v > -900);
  int any = __syncthreads_or(v > 990);
  if (threadIdx.x == 0) {
    out[3 * blockIdx.x] = count;
    out[3 * blockIdx.x + 1] = all;
    out[3 * blockIdx.x + 2] = any;
  }
}

__device__ unsigned g_blocks_done = 0;

__global__ void threadfence_reduce(const int* in, volatile int* partial, int* total, int n) {
  __shared__ int s[kBlock];
  __shared__ bool am_last;
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();  // make the partial visible before taking a ticket
    unsigned ticket = atomicInc(&g_blocks_done, gridDim.x);
    am_last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (am_last) {
    int sum = 0;
    for (int b = t; b < static_cast<int>(gridDim.x); b += kBlock) sum += partial[b];
    s[t] = sum;
    __syncthreads();
    for (int stride = kBlock / 2; stride > 0; stride >>= 1) {
      if (t < stride) s[t] += s[t + stride];
      __syncthreads();
    }
    if (t == 0) {
      *total = s[0];
      g_blocks_done = 0;
    }
  }
}

// Warp 0 publishes 32 values and then a flag; warp 1 waits for the flag and reads them.
__global__ void volatile_flag_handoff(const int* in, int* out, int* status) {
  __shared__ volatile int data[32];
  __shared__ volatile int flag;
  int t = threadIdx.x;
  if (t == 0) flag = 0;
  __syncthreads();
  if (t < 32) {
    data[t] = in[blockIdx.x * 32 + t] + 1;
    __threadfence_block();
    __syncwarp();
    if (t == 0) flag = 1;
  } else if (t < 64) {
    long long spins = 0;
    while (flag == 0 && spins < (1ll << 22)) ++spins;
    __threadfence_block();
    out[blockIdx.x * 32 + (t - 32)] = data[t - 32];
    if (flag == 0 && t == 32) status[blockIdx.x] = 1;  // gave up waiting
  }
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 32768;
  if (n < 1) n = 1;
  Lcg rng(17);
  std::vector<int> hin(n);
  for (auto& v : hin) v = static_cast<int>(rng.next() % 2001) - 1000;
  int *din, *dout, *dpartial, *dtotal;
  const int nb = (n + kBlock - 1) / kBlock;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dout, (n > 3 * nb ? n : 3 * nb) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dpartial, nb * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dtotal, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(din, hin.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  std::vector<int> out(n > 3 * nb ? n : 3 * nb);

  LAUNCH(warp_sync_reduce, nb, kBlock)(din, dout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, nb * sizeof(int), cudaMemcpyDeviceToHost));
  long long total = 0;
  for (int b = 0; b < nb; ++b) {
    int want = 0;
    for (int i = b * kBlock; i < n && i < (b + 1) * kBlock; ++i) want += hin[i];
    total += want;
    if (out[b] != want) mismatch("warp_sync_reduce block %d = %d want %d", b, out[b], want);
  }

  LAUNCH(syncwarp_divergent, nb, kBlock)(din, dout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int j = i ^ 2;
    int src = j < n ? hin[j] : 0;
    int want = (i & 1) == 0 ? src * 2 : src * 3;
    if (out[i] != want) mismatch("syncwarp_divergent[%d] = %d want %d", i, out[i], want);
  }

  LAUNCH(syncthreads_predicates, nb, kBlock)(din, dout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, 3 * nb * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < nb; ++b) {
    int count = 0;
    bool all = true, any = false;
    for (int t = 0; t < kBlock; ++t) {
      int i = b * kBlock + t;
      int v = i < n ? hin[i] : 0;
      count += v > 0;
      all = all && v > -900;
      any = any || v > 990;
    }
    if (out[3 * b] != count)
      mismatch("__syncthreads_count block %d = %d want %d", b, out[3 * b], count);
    if ((out[3 * b + 1] != 0) != all)
      mismatch("__syncthreads_and block %d = %d", b, out[3 * b + 1]);
    if ((out[3 * b + 2] != 0) != any) mismatch("__syncthreads_or block %d = %d", b, out[3 * b + 2]);
  }

  for (int rep = 0; rep < 2; ++rep) {  // the second run checks that the ticket counter reset
    CUDA_CHECK(cudaMemset(dtotal, 0, sizeof(int)));
    LAUNCH(threadfence_reduce, nb, kBlock)(din, dpartial, dtotal, n);
    CUDA_CHECK(cudaGetLastError());
    int got = 0;
    CUDA_CHECK(cudaMemcpy(&got, dtotal, sizeof(int), cudaMemcpyDeviceToHost));
    if (got != total) mismatch("threadfence_reduce run %d = %d want %lld", rep, got, total);
  }

  const int hb = n / 32 < 64 ? (n / 32 > 0 ? n / 32 : 1) : 64;
  int* dstatus;
  CUDA_CHECK(cudaMalloc(&dstatus, hb * sizeof(int)));
  CUDA_CHECK(cudaMemset(dstatus, 0, hb * sizeof(int)));
  if (n >= 32 * hb) {
    LAUNCH(volatile_flag_handoff, hb, 64)(din, dout, dstatus);
    CUDA_CHECK(cudaGetLastError());
    std::vector<int> status(hb);
    CUDA_CHECK(cudaMemcpy(out.data(), dout, 32 * hb * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(status.data(), dstatus, hb * sizeof(int), cudaMemcpyDeviceToHost));
    for (int b = 0; b < hb; ++b)
      if (status[b] != 0) mismatch("volatile_flag_handoff block %d timed out waiting", b);
    for (int i = 0; i < 32 * hb; ++i)
      if (out[i] != hin[i] + 1)
        mismatch("volatile_flag_handoff[%d] = %d want %d", i, out[i], hin[i] + 1);
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(din);
  cudaFree(dout);
  cudaFree(dpartial);
  cudaFree(dtotal);
  cudaFree(dstatus);
  return finish();
}

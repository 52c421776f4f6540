// cp_async: __pipeline_memcpy_async/_commit/_wait_prior (cp.async 16/8/4 bytes, zero fill,
// commit_group/wait_group, a double-buffered loop) on sm_80+; plain copies on sm_75, same results.
// Usage: cp_async [n]   (default n = 32768 floats)
#include <vector>

#ifdef __CUDACC__
#include <cuda_pipeline.h>
#endif

static const char* kName = "cp_async";
#include "test_util.h"

constexpr int kBlock = 128;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
// 16-byte copies: each thread stages one float4, then reads its neighbour's.
__global__ void async_copy_float4(const float4* in, float4* out, int n4) {
  __shared__ float4 tile[kBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
#if __CUDA_ARCH__ >= 800
  __pipeline_memcpy_async(&tile[t], &in[i], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
#else
  tile[t] = in[i];
#endif
  __syncthreads();
  float4 v = tile[(t + 1) % kBlock];
  out[i] = make_float4(v.x + 1.0f, v.y * 2.0f, v.z - v.w, v.w);
}

// 8-byte copies with zero fill past the end of the input.
__global__ void async_copy_zfill(const float2* in, float2* out, int n2) {
  __shared__ float2 tile[kBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
  int src = i < n2 ? i : n2 - 1;
#if __CUDA_ARCH__ >= 800
  __pipeline_memcpy_async(&tile[t], &in[src], sizeof(float2), i < n2 ? 0 : sizeof(float2));
  __pipeline_commit();
  __pipeline_wait_prior(0);
#else
  tile[t] = i < n2 ? in[src] : make_float2(0.0f, 0.0f);
#endif
  __syncthreads();
  float2 v = tile[kBlock - 1 - t];
  out[i] = v;  // out has a whole number of blocks
}

// 4-byte copies, double-buffered: tile k+1 is in flight while tile k is consumed.
__global__ void async_double_buffer(const float* in, float* out, int tiles) {
  __shared__ float buf[2][kBlock];
  int t = threadIdx.x;
  const float* base = in + static_cast<size_t>(blockIdx.x) * tiles * kBlock;
  float acc = 0.0f;
#if __CUDA_ARCH__ >= 800
  __pipeline_memcpy_async(&buf[0][t], &base[t], sizeof(float));
  __pipeline_commit();
#else
  buf[0][t] = base[t];
#endif
  for (int k = 0; k < tiles; ++k) {
#if __CUDA_ARCH__ >= 800
    if (k + 1 < tiles)
      __pipeline_memcpy_async(&buf[(k + 1) & 1][t], &base[(k + 1) * kBlock + t], sizeof(float));
    __pipeline_commit();  // possibly empty group keeps the counting uniform
    __pipeline_wait_prior(1);
#else
    if (k + 1 < tiles) buf[(k + 1) & 1][t] = base[(k + 1) * kBlock + t];
#endif
    __syncthreads();
    acc += buf[k & 1][(t * 5 + k) % kBlock] * static_cast<float>(k + 1);
    __syncthreads();
  }
  out[blockIdx.x * kBlock + t] = acc;
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 32768;
  if (n < 4 * kBlock) n = 4 * kBlock;
  n = n / (4 * kBlock) * (4 * kBlock);
  Lcg rng(19);
  std::vector<float> hin(n);
  for (auto& v : hin) v = static_cast<float>(static_cast<int>(rng.next() % 201) - 100) / 8.0f;
  float *din, *dout;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dout, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(din, hin.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<float> out(n);

  // float4
  const int n4 = n / 4;
  const float4* din4 = reinterpret_cast<const float4*>(din);
  LAUNCH(async_copy_float4, n4 / kBlock, kBlock)(din4, reinterpret_cast<float4*>(dout), n4);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n4; ++i) {
    int blk = i / kBlock, t = i % kBlock;
    const float* v = &hin[4 * (blk * kBlock + (t + 1) % kBlock)];
    float want[4] = {v[0] + 1.0f, v[1] * 2.0f, v[2] - v[3], v[3]};
    for (int c = 0; c < 4; ++c)
      if (out[4 * i + c] != want[c])
        mismatch("async_copy_float4[%d].%d = %g want %g", i, c, out[4 * i + c], want[c]);
  }

  // float2 with a ragged end: the last block is partly past n2.
  const int n2 = n / 2 - 37;
  const int g2 = (n2 + kBlock - 1) / kBlock;
  float2* dout2;
  CUDA_CHECK(cudaMalloc(&dout2, g2 * kBlock * sizeof(float2)));
  LAUNCH(async_copy_zfill, g2, kBlock)(reinterpret_cast<const float2*>(din), dout2, n2);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float2> out2(g2 * kBlock);
  CUDA_CHECK(cudaMemcpy(out2.data(), dout2, out2.size() * sizeof(float2), cudaMemcpyDeviceToHost));
  for (int i = 0; i < g2 * kBlock; ++i) {
    int blk = i / kBlock, t = i % kBlock;
    int j = blk * kBlock + (kBlock - 1 - t);
    float wx = j < n2 ? hin[2 * j] : 0.0f, wy = j < n2 ? hin[2 * j + 1] : 0.0f;
    if (out2[i].x != wx || out2[i].y != wy)
      mismatch("async_copy_zfill[%d] = (%g,%g) want (%g,%g)", i, out2[i].x, out2[i].y, wx, wy);
  }

  // double buffer: 8 tiles per block
  const int tiles = 8;
  const int gb = n / (tiles * kBlock);
  LAUNCH(async_double_buffer, gb, kBlock)(din, dout, tiles);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, gb * kBlock * sizeof(float), cudaMemcpyDeviceToHost));
  for (int b = 0; b < gb; ++b)
    for (int t = 0; t < kBlock; ++t) {
      float acc = 0.0f;  // multiples of 1/8 times small integers: exact
      for (int k = 0; k < tiles; ++k)
        acc += hin[(static_cast<size_t>(b) * tiles + k) * kBlock + (t * 5 + k) % kBlock] *
               static_cast<float>(k + 1);
      if (out[b * kBlock + t] != acc)
        mismatch("async_double_buffer[%d,%d] = %g want %g", b, t, out[b * kBlock + t], acc);
    }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(din);
  cudaFree(dout);
  cudaFree(dout2);
  return finish();
}

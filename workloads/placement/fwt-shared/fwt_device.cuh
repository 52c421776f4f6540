// The fast Walsh-Hadamard transform kernels shared by placement/fwt-shared and
// placement/fwt-dcache (seed 000 Ch. 2's FWT, from the CUDA SDK's fastWalshTransform). Only
// where the chunk of fwt_chunk_stages lives differs: shared memory, or a per-block region of
// global memory (the D-cache version).
//
// The algorithm (the SDK sample's, described in its whitepaper and source): the unnormalized
// Walsh-Hadamard transform of N = 2^log2N floats, X[k] = sum_n (-1)^popcount(n & k) x[n], in
// natural (Hadamard) order, done as log2N radix-2 butterfly stages, one per bit of the index,
// in any order. Two radix-2 stages (bits b + 1 and b, stride s = 2^b) merge into one radix-4
// stage: thread p takes the four elements i0 = 4 (p - lo) + lo, i1 = i0 + s, i2 = i0 + 2 s,
// i3 = i0 + 3 s, lo = p mod s, and writes
//   (D0 + D2) + (D1 + D3), (D0 + D2) - (D1 + D3), (D0 - D2) + (D1 - D3), (D0 - D2) - (D1 - D3).
// - fwt_batch2_kernel: one radix-4 stage with a large stride (the two top bits still left),
//   straight from and to global memory, one butterfly per thread over the whole array; the host
//   launches it with strides N / 4, N / 16, ... until the bits left fit one chunk.
// - fwt_chunk_stages: the remaining stages of one chunk of FWT_CHUNK = 2^11 consecutive
//   elements (the SDK's ELEMENTARY_LOG2SIZE = 11, 8 KB of on-chip memory) by FWT_THREADS = 512
//   threads (one radix-4 butterfly each per stage): load the chunk coalesced, radix-4 stages with
//   strides 512, 128, 32, 8 and 2, a barrier before each, then the radix-2 stage of bit 0 (11 is
//   odd; two butterflies per thread), and store the chunk back.
// Every value stays an integer when the input does, so with small integer inputs the results are
// exact whatever the order of the additions (fwt_host.h).

#define FWT_LOG2_CHUNK 11
#define FWT_CHUNK (1 << FWT_LOG2_CHUNK)
#define FWT_THREADS 512

// The radix-4 butterfly on d[i0], d[i0 + s], d[i0 + 2 s], d[i0 + 3 s].
__device__ __forceinline__ void fwt_radix4(float* d, int i0, int s) {
  const int i1 = i0 + s;
  const int i2 = i1 + s;
  const int i3 = i2 + s;
  const float d0 = d[i0];
  const float d1 = d[i1];
  const float d2 = d[i2];
  const float d3 = d[i3];
  const float s02 = d0 + d2;  // bit b + 1
  const float t02 = d0 - d2;
  const float s13 = d1 + d3;
  const float t13 = d1 - d3;
  d[i0] = s02 + s13;  // bit b
  d[i1] = s02 - s13;
  d[i2] = t02 + t13;
  d[i3] = t02 - t13;
}

// One block's stages of bits 0..10 of the chunk at data[0..2047], in place, through `buf`
// (2048 floats of shared or global memory; the caller's pointer).
// (No __restrict__: the loads stay plain ld.global, through the L1D as on Fermi, rather than
// the read-only path.)
__device__ __forceinline__ void fwt_chunk_stages(float* data, float* buf) {
  const int t = threadIdx.x;
#pragma unroll
  for (int p = t; p < FWT_CHUNK; p += FWT_THREADS) buf[p] = data[p];
#pragma unroll
  for (int s = FWT_CHUNK / 4; s > 0; s >>= 2) {
    __syncthreads();  // the previous stage (or the load) is complete
    const int lo = t & (s - 1);
    fwt_radix4(buf, ((t - lo) << 2) + lo, s);
  }
  __syncthreads();
#pragma unroll
  for (int p = t; p < FWT_CHUNK / 2; p += FWT_THREADS) {  // bit 0: pairs (2 p, 2 p + 1)
    const float d0 = buf[2 * p];
    const float d1 = buf[2 * p + 1];
    buf[2 * p] = d0 + d1;
    buf[2 * p + 1] = d0 - d1;
  }
  __syncthreads();
#pragma unroll
  for (int p = t; p < FWT_CHUNK; p += FWT_THREADS) data[p] = buf[p];
}

// One radix-4 stage of stride `s` over the whole array, in place: thread p (of gridDim.x
// blockDim.x = N / 4) does the butterfly of i0 = 4 (p - lo) + lo, lo = p mod s. Consecutive
// threads take consecutive elements (s >= 32), so every access is coalesced.
extern "C" __global__ void fwt_batch2_kernel(float* data, int s) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  const int lo = p & (s - 1);
  fwt_radix4(data, ((p - lo) << 2) + lo, s);
}

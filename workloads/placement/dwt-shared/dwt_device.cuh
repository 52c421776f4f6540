// One block's part of a launch of the 1D Haar wavelet decomposition, shared by
// placement/dwt-shared and placement/dwt-dcache (seed 000 Ch. 2's DWT: the CUDA SDK's
// dwtHaar1D). Only where the block's working array lives differs: shared memory, or a per-block
// region of a global scratch array (the D-cache version).
//
// The algorithm (the CUDA SDK sample dwtHaar1D, as its documentation describes it): a launch
// decomposes a signal of length 2 bdim gdim; block b takes the 2 bdim values
// id[2 bdim b .. 2 bdim (b + 1)) and performs dlevels = log2(2 bdim) Haar levels on them,
//   approximation (a0 + a1) / sqrt(2), detail (a0 - a1) / sqrt(2) of each adjacent pair,
// writing every level's details to od and its one remaining approximation to approx_final[b]
// (the next launch's input).
// - Load: thread t stores id[..t] and id[..t + bdim] into the working array (coalesced), barrier.
// - Level 0: thread t reads the pair 2t, 2t + 1, barrier (its result overwrites words other
//   threads still read), writes the detail to od[slength_step_half + b bdim + t] and the
//   approximation to word t + t / 32 (padded: one bank per thread on 32 banks), barrier.
// - Level l = 1 .. dlevels - 1, n = bdim >> l threads active: thread t < n combines the
//   level-(l-1) approximations at logical positions p = 2^l t and p + 2^(l-1) (in place, word
//   p + p / 32), writes the detail to od[n gdim + b n + t] and the approximation back to p;
//   barrier after every level (all threads).
// - Thread 0 writes the approximation (logical position 0) to approx_final[b].
// od receives the standard layout: level-l details of a signal of length N at
// [N / 2^(l+1), N / 2^l), the last launch's approximation (approx_final = od) at 0.
// Every float operation is written with a correctly rounded intrinsic (__fadd_rn, __fsub_rn,
// __fmul_rn), so the compiler fuses nothing and the host reference (dwt_host.h) repeats it.

#define DWT_MAX_THREADS 512
#define DWT_LOG_BANKS 5
// Words per block's working array: 2 x 512 loaded values, and the padded positions up to
// 1022 + 1022 / 32 = 1053; 1056 = 33 lines of 128 bytes.
#define DWT_WORDS 1056
#define DWT_INV_SQRT_2 0.70710678118654752440f

__device__ __forceinline__ int dwt_pad(int p) { return p + (p >> DWT_LOG_BANKS); }

__device__ __forceinline__ void dwt_block(const float* id, float* od, float* approx_final,
                                          unsigned dlevels, unsigned slength_step_half, int bdim,
                                          float* work) {
  const int t = threadIdx.x;
  const int b = blockIdx.x;
  const int gdim = gridDim.x;

  const int in = b * (2 * bdim) + t;
  work[t] = id[in];
  work[t + bdim] = id[in + bdim];
  __syncthreads();

  float data0 = work[2 * t];
  float data1 = work[2 * t + 1];
  __syncthreads();
  od[slength_step_half + b * bdim + t] = __fmul_rn(__fsub_rn(data0, data1), DWT_INV_SQRT_2);
  work[dwt_pad(t)] = __fmul_rn(__fadd_rn(data0, data1), DWT_INV_SQRT_2);
  __syncthreads();

  int n = bdim >> 1;  // threads active at this level
  int offset = 1;     // logical distance of the pair
  int p0 = 2 * t;     // logical position of this thread's pair
  for (unsigned level = 1; level < dlevels; ++level) {
    if (t < n) {
      const int c0 = dwt_pad(p0);
      const int c1 = dwt_pad(p0 + offset);
      data0 = work[c0];
      data1 = work[c1];
      work[c0] = __fmul_rn(__fadd_rn(data0, data1), DWT_INV_SQRT_2);
      od[n * gdim + b * n + t] = __fmul_rn(__fsub_rn(data0, data1), DWT_INV_SQRT_2);
      p0 <<= 1;
    }
    n >>= 1;
    offset <<= 1;
    __syncthreads();
  }
  if (t == 0) approx_final[b] = work[0];
}

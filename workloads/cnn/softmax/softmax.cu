// cnn/softmax-*: the softmax (classifier) layer of a CNN, after seed 000 (Chao Li's thesis,
// Ch. 5, §5.2.1 and §5.5.2, Fig. 5.9). For each of N images, over its C category scores
// (row n of the N x C matrix `in`, image-major as in Caffe and the thesis's Fig. 5.9):
//   step 1  m = max_c in[n][c]
//   step 2  mid[c] = in[n][c] - m
//   step 3  mid[c] = exp(mid[c])
//   step 4  s = sum_c mid[c]
//   step 5  out[n][c] = mid[c] / s
// in three versions (driver.cc launches them):
//
// - base: five kernels, one per step, one thread per image, each with a serial loop over the
//   categories (Caffe's and cuda-convnet's structure as the thesis describes it: the outer loop
//   over images parallel, the inner loop with its loop-carried reduction serial; only 128
//   threads when N = 128). Steps 2, 3 and 5 go through `out` in global memory. Consecutive
//   threads read rows C floats apart: uncoalesced.
// - fused: the five steps in one kernel with the same mapping (one thread per image); each
//   thread keeps its row in shared memory (element c of thread t at tile[c * blockDim + t], so
//   a warp's accesses fall in distinct banks), the max and the sum in registers: `in` is read
//   once and `out` written once (the thesis's step (i), kernel fusion).
// - opt: fused plus thread injection (the thesis's Fig. 5.9): one block per image, min(C, 1024)
//   threads striding over the categories; the row in shared memory (in_tile, C floats,
//   dynamic); steps 1 and 4 as shared-memory tree reductions (tmp_tile[1024], result in
//   tmp_tile[0]); steps 2, 3 and 5 element-wise in parallel; `in` read and `out` written with
//   coalesced accesses.
//
// Every operation is an explicitly rounded float operation and exp is our own (softmax_math.h),
// so the CPU reference repeats each version's arithmetic, summation order included, and the
// check is exact. No Caffe, cuda-convnet or cuDNN code is used.

#include "softmax_math.h"

// ---- base: five kernels, one thread per image ----

extern "C" __global__ void softmax_max(const float* in, float* maxv, int N, int C) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= N) return;
  const float* row = in + n * C;
  float m = row[0];
  for (int c = 1; c < C; ++c) m = fmaxf(m, row[c]);
  maxv[n] = m;
}

extern "C" __global__ void softmax_subtract(const float* in, const float* maxv, float* out, int N,
                                            int C) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= N) return;
  const float m = maxv[n];
  for (int c = 0; c < C; ++c) out[n * C + c] = __fsub_rn(in[n * C + c], m);
}

extern "C" __global__ void softmax_exponent(float* out, int N, int C) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= N) return;
  for (int c = 0; c < C; ++c) out[n * C + c] = softmax_exp(out[n * C + c]);
}

extern "C" __global__ void softmax_sum(const float* out, float* sumv, int N, int C) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= N) return;
  float s = 0.0f;
  for (int c = 0; c < C; ++c) s = __fadd_rn(s, out[n * C + c]);
  sumv[n] = s;
}

extern "C" __global__ void softmax_divide(float* out, const float* sumv, int N, int C) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= N) return;
  const float s = sumv[n];
  for (int c = 0; c < C; ++c) out[n * C + c] = __fdiv_rn(out[n * C + c], s);
}

// ---- fused: one kernel, one thread per image, the row in shared memory ----

// Dynamic shared memory: C * blockDim.x floats.
extern "C" __global__ void softmax_fused(const float* in, float* out, int N, int C) {
  extern __shared__ float tile[];
  const int t = threadIdx.x;
  const int b = blockDim.x;
  const int n = blockIdx.x * b + t;
  if (n >= N) return;  // no barriers below: each thread works alone
  const float* row = in + n * C;
  for (int c = 0; c < C; ++c) tile[c * b + t] = row[c];
  // step 1
  float m = tile[t];
  for (int c = 1; c < C; ++c) m = fmaxf(m, tile[c * b + t]);
  // step 2
  for (int c = 0; c < C; ++c) tile[c * b + t] = __fsub_rn(tile[c * b + t], m);
  // step 3
  for (int c = 0; c < C; ++c) tile[c * b + t] = softmax_exp(tile[c * b + t]);
  // step 4
  float s = 0.0f;
  for (int c = 0; c < C; ++c) s = __fadd_rn(s, tile[c * b + t]);
  // step 5
  for (int c = 0; c < C; ++c) out[n * C + c] = __fdiv_rn(tile[c * b + t], s);
}

// ---- opt: fused plus thread injection (Fig. 5.9) ----

#define SMX_TMP 1024  // tmp_tile: one slot per thread, blockDim.x <= 1024

// Dynamic shared memory: in_tile, C floats (C < 11K floats with tmp_tile in 48 KB).
// blockDim.x = min(C, 1024); grid = N.
extern "C" __global__ void softmax_opt(const float* in, float* out, int C) {
  extern __shared__ float in_tile[];
  __shared__ float tmp_tile[SMX_TMP];
  const int t = threadIdx.x;
  const int b = blockDim.x;
  const float* row = in + blockIdx.x * C;
  // The tree's first stride: half the smallest power of two >= blockDim.x.
  int top = 1;
  while (top < b) top <<= 1;
  top >>= 1;

  for (int i = t; i < C; i += b) in_tile[i] = row[i];
  __syncthreads();
  // step 1: each thread's elements t, t + b, ..., then a tree over the threads.
  float m = in_tile[t];
  for (int i = t + b; i < C; i += b) m = fmaxf(m, in_tile[i]);
  tmp_tile[t] = m;
  __syncthreads();
  for (int stride = top; stride > 0; stride >>= 1) {
    if (t < stride && t + stride < b) tmp_tile[t] = fmaxf(tmp_tile[t], tmp_tile[t + stride]);
    __syncthreads();
  }
  const float max = tmp_tile[0];
  // step 2 and step 3: element-wise (each thread its own elements; no barrier between them)
  for (int i = t; i < C; i += b) in_tile[i] = __fsub_rn(in_tile[i], max);
  for (int i = t; i < C; i += b) in_tile[i] = softmax_exp(in_tile[i]);
  __syncthreads();  // everyone has read tmp_tile[0] before it is overwritten
  // step 4: as step 1, with sums.
  float s = in_tile[t];
  for (int i = t + b; i < C; i += b) s = __fadd_rn(s, in_tile[i]);
  tmp_tile[t] = s;
  __syncthreads();
  for (int stride = top; stride > 0; stride >>= 1) {
    if (t < stride && t + stride < b) tmp_tile[t] = __fadd_rn(tmp_tile[t], tmp_tile[t + stride]);
    __syncthreads();
  }
  const float sum = tmp_tile[0];
  // step 5
  float* dst = out + blockIdx.x * C;
  for (int i = t; i < C; i += b) dst[i] = __fdiv_rn(in_tile[i], sum);
}

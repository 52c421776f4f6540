// scratchpad/fft: batched 1024-point complex FFTs in shared memory, after the kfft kernel of Yang
// et al.'s shared-memory multiplexing study as seed 002 (Jatala et al., Table 7: FFT, 1 variable,
// 8704 B, 64 threads) runs it. One block per transform: its 64 threads load the input in
// bit-reversed order into s[1024 + 64] (one padding element per 16, so that the butterflies'
// strides spread over the banks), run the ten radix-2 decimation-in-time stages (8 butterflies
// per thread per stage, a barrier between stages; twiddles from a table of 512), and store the
// result in natural order.

constexpr int kPoints = 1024;
constexpr int kLog = 10;
constexpr int kThreads = 64;

__device__ inline int padded(int i) { return i + (i >> 4); }

extern "C" __global__ void kfft(float2* out, const float2* in, const float2* twiddles) {
  __shared__ float2 s[kPoints + kPoints / 16];
  const int tid = threadIdx.x;
  const float2* x = in + blockIdx.x * kPoints;
  for (int i = tid; i < kPoints; i += kThreads) {
    s[padded(i)] = x[__brev(i) >> (32 - kLog)];
  }
  __syncthreads();
  for (int half = 1; half < kPoints; half *= 2) {
    for (int b = tid; b < kPoints / 2; b += kThreads) {
      const int pos = b % half;
      const int i = (b / half) * 2 * half + pos;
      const int j = i + half;
      const float2 w = twiddles[pos * (kPoints / 2 / half)];
      const float2 u = s[padded(i)];
      const float2 v = s[padded(j)];
      const float2 t = make_float2(w.x * v.x - w.y * v.y, w.x * v.y + w.y * v.x);
      s[padded(i)] = make_float2(u.x + t.x, u.y + t.y);
      s[padded(j)] = make_float2(u.x - t.x, u.y - t.y);
    }
    __syncthreads();
  }
  float2* y = out + blockIdx.x * kPoints;
  for (int i = tid; i < kPoints; i += kThreads) y[i] = s[padded(i)];
}

// warp_intrinsics: __shfl_sync idx/up/down/xor (sub-warp widths, 64-bit), ballot/any/all,
// __activemask (partial warp, divergent branch), __match_any/all_sync, and __reduce_*_sync
// (redux.sync on sm_80+, an equivalent shuffle fallback on sm_75).
// Usage: warp_intrinsics [n]   (default n = 16384, rounded up to a multiple of 128)
#include <vector>

static const char* kName = "warp_intrinsics";
#include "test_util.h"

constexpr unsigned kFull = 0xffffffffu;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void shfl_variants(const int* in, int* out, const double* din, double* dout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  int src = v & 31;  // data-dependent source lane
  int* o = out + 6 * i;
  o[0] = __shfl_sync(kFull, v, src);
  o[1] = __shfl_up_sync(kFull, v, 3);
  o[2] = __shfl_down_sync(kFull, v, 5);
  o[3] = __shfl_xor_sync(kFull, v, 6);
  o[4] = __shfl_sync(kFull, v, src, 16);
  o[5] = __shfl_down_sync(kFull, v, 2, 8);
  double d = din[i];
  for (int m = 16; m > 0; m >>= 1) d += __shfl_xor_sync(kFull, d, m);
  dout[i] = d;
}

// Launched with 80 threads per block, so the third warp of each block is half full.
__global__ void vote_kernel(const int* in, unsigned* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned active = __activemask();
  int v = in[i];
  unsigned ballot = __ballot_sync(active, v & 1);
  int any = __any_sync(active, v > 900);
  int all = __all_sync(active, v > -990);
  unsigned inner = 0;
  if (v % 3 == 0) inner = __activemask();
  unsigned* o = out + 5 * i;
  o[0] = active;
  o[1] = ballot;
  o[2] = any;
  o[3] = all;
  o[4] = inner;
}

__global__ void match_kernel(const int* in, unsigned* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int key = in[i] % 5;
  unsigned any32 = __match_any_sync(kFull, key);
  unsigned long long wide = (static_cast<unsigned long long>(key & 1) << 40) | 7u;
  unsigned any64 = __match_any_sync(kFull, wide);
  int pred = 0;
  int warp = i / 32;
  unsigned all = __match_all_sync(kFull, (warp % 2 == 0) ? 7 : key, &pred);
  unsigned* o = out + 4 * i;
  o[0] = any32;
  o[1] = any64;
  o[2] = all;
  o[3] = static_cast<unsigned>(pred);
}

__global__ void redux_kernel(const unsigned* in, unsigned* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  unsigned v = in[i];
  unsigned sum, mn, mx, an, orr, xr;
  int smin;
#if __CUDA_ARCH__ >= 800
  sum = __reduce_add_sync(kFull, v);
  mn = __reduce_min_sync(kFull, v);
  mx = __reduce_max_sync(kFull, v);
  an = __reduce_and_sync(kFull, v);
  orr = __reduce_or_sync(kFull, v);
  xr = __reduce_xor_sync(kFull, v);
  smin = __reduce_min_sync(kFull, static_cast<int>(v));
#else
  sum = mn = mx = an = orr = xr = v;
  smin = static_cast<int>(v);
  for (int m = 16; m > 0; m >>= 1) {
    sum += __shfl_xor_sync(kFull, sum, m);
    mn = min(mn, __shfl_xor_sync(kFull, mn, m));
    mx = max(mx, __shfl_xor_sync(kFull, mx, m));
    an &= __shfl_xor_sync(kFull, an, m);
    orr |= __shfl_xor_sync(kFull, orr, m);
    xr ^= __shfl_xor_sync(kFull, xr, m);
    smin = min(smin, __shfl_xor_sync(kFull, smin, m));
  }
#endif
  unsigned psum = 0;
  if ((lane & 1) == 0) {
    const unsigned even = 0x55555555u;
#if __CUDA_ARCH__ >= 800
    psum = __reduce_add_sync(even, v);
#else
    for (int l = 0; l < 32; l += 2) psum += __shfl_sync(even, v, l);
#endif
  }
  unsigned* o = out + 8 * i;
  o[0] = sum;
  o[1] = mn;
  o[2] = mx;
  o[3] = an;
  o[4] = orr;
  o[5] = xr;
  o[6] = static_cast<unsigned>(smin);
  o[7] = psum;
}
#endif  // __CUDACC__

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16384;
  if (n < 128) n = 128;
  n = (n + 127) / 128 * 128;
  Lcg rng(3);
  std::vector<int> hin(n);
  std::vector<double> hd(n);
  std::vector<unsigned> hu(n);
  for (int i = 0; i < n; ++i) {
    hin[i] = static_cast<int>(rng.next() % 2001) - 1000;
    hd[i] = rng.small();
    // Mostly small values with some high bits, so that and/or/min/max are all informative.
    hu[i] = (rng.next() % 1000) | ((rng.next() % 16 == 0) ? 0x80000000u : 0u) | 0x100u;
  }
  int *din, *dout;
  double *ddin, *ddout;
  unsigned *duin, *duout;
  CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dout, 8 * n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&ddin, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&ddout, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&duin, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&duout, 8 * n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(din, hin.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(ddin, hd.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(duin, hu.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));

  // ---- shuffles ----
  LAUNCH(shfl_variants, n / 128, 128)(din, dout, ddin, ddout);
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> out(8 * n);
  std::vector<double> dres(n);
  CUDA_CHECK(cudaMemcpy(out.data(), dout, 6 * n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(dres.data(), ddout, n * sizeof(double), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int lane = i & 31, base = i - lane;
    int src = hin[i] & 31;
    int want[6];
    want[0] = hin[base + src];
    want[1] = lane >= 3 ? hin[i - 3] : hin[i];
    want[2] = lane + 5 < 32 ? hin[i + 5] : hin[i];
    want[3] = hin[base + (lane ^ 6)];
    want[4] = hin[base + (lane & 16) + (src & 15)];
    want[5] = (lane & 7) + 2 < 8 ? hin[i + 2] : hin[i];
    for (int k = 0; k < 6; ++k)
      if (out[6 * i + k] != want[k])
        mismatch("shfl_variants[%d] result %d = %d want %d", i, k, out[6 * i + k], want[k]);
    double vals[32];
    for (int l = 0; l < 32; ++l) vals[l] = hd[base + l];
    for (int m = 16; m > 0; m >>= 1) {
      double next[32];
      for (int l = 0; l < 32; ++l) next[l] = vals[l] + vals[l ^ m];
      for (int l = 0; l < 32; ++l) vals[l] = next[l];
    }
    if (dres[i] != vals[lane])
      mismatch("shfl_xor double sum[%d] = %g want %g", i, dres[i], vals[lane]);
  }

  // ---- votes: blocks of 80 threads (warps of 32, 32, 16) ----
  const int vblock = 80, vgrid = n / vblock;
  const int vn = vgrid * vblock;
  LAUNCH(vote_kernel, vgrid, vblock)(din, reinterpret_cast<unsigned*>(dout));
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> vout(5 * vn);
  CUDA_CHECK(cudaMemcpy(vout.data(), dout, 5 * vn * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < vn; ++i) {
    int t = i % vblock, lane = t & 31;
    int wbase = i - lane;
    int wsize = (t - lane + 32 <= vblock) ? 32 : vblock - (t - lane);
    unsigned exist = wsize == 32 ? kFull : ((1u << wsize) - 1);
    unsigned ballot = 0, branch = 0;
    bool any = false, all = true;
    for (int l = 0; l < wsize; ++l) {
      int v = hin[wbase + l];
      if (v & 1) ballot |= 1u << l;
      if (v % 3 == 0) branch |= 1u << l;
      any = any || v > 900;
      all = all && v > -990;
    }
    const unsigned* o = &vout[5 * i];
    if (o[0] != exist) mismatch("__activemask[%d] = %08x want %08x", i, o[0], exist);
    if (o[1] != ballot) mismatch("__ballot_sync[%d] = %08x want %08x", i, o[1], ballot);
    if ((o[2] != 0) != any) mismatch("__any_sync[%d] = %u want %d", i, o[2], any);
    if ((o[3] != 0) != all) mismatch("__all_sync[%d] = %u want %d", i, o[3], all);
    // Inside the branch the active mask must contain this lane and only lanes that took it.
    if (hin[i] % 3 == 0 && (!((o[4] >> lane) & 1) || (o[4] & ~branch) != 0))
      mismatch("divergent __activemask[%d] = %08x (branch lanes %08x)", i, o[4], branch);
  }

  // ---- match ----
  LAUNCH(match_kernel, n / 128, 128)(din, reinterpret_cast<unsigned*>(dout));
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> mout(4 * n);
  CUDA_CHECK(cudaMemcpy(mout.data(), dout, 4 * n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int lane = i & 31, base = i - lane, warp = i / 32;
    int key = hin[i] % 5;
    unsigned any32 = 0, any64 = 0;
    bool all_equal = true;
    for (int l = 0; l < 32; ++l) {
      int k = hin[base + l] % 5;
      if (k == key) any32 |= 1u << l;
      if ((k & 1) == (key & 1)) any64 |= 1u << l;
      if (k != hin[base] % 5) all_equal = false;
    }
    unsigned want_all = (warp % 2 == 0 || all_equal) ? kFull : 0u;
    const unsigned* o = &mout[4 * i];
    if (o[0] != any32) mismatch("__match_any_sync[%d] = %08x want %08x", i, o[0], any32);
    if (o[1] != any64) mismatch("__match_any_sync 64-bit[%d] = %08x want %08x", i, o[1], any64);
    if (o[2] != want_all) mismatch("__match_all_sync[%d] = %08x want %08x", i, o[2], want_all);
    if ((o[3] != 0) != (want_all != 0)) mismatch("__match_all_sync pred[%d] = %u", i, o[3]);
  }

  // ---- redux ----
  LAUNCH(redux_kernel, n / 128, 128)(duin, duout);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> rout(8 * n);
  CUDA_CHECK(cudaMemcpy(rout.data(), duout, 8 * n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    int lane = i & 31, base = i - lane;
    unsigned sum = 0, mn = kFull, mx = 0, an = kFull, orr = 0, xr = 0, psum = 0;
    int smin = 0x7fffffff;
    for (int l = 0; l < 32; ++l) {
      unsigned v = hu[base + l];
      sum += v;
      mn = v < mn ? v : mn;
      mx = v > mx ? v : mx;
      an &= v;
      orr |= v;
      xr ^= v;
      smin = static_cast<int>(v) < smin ? static_cast<int>(v) : smin;
      if ((l & 1) == 0) psum += v;
    }
    unsigned want[8] = {
        sum, mn, mx, an, orr, xr, static_cast<unsigned>(smin), (lane & 1) == 0 ? psum : 0u};
    for (int k = 0; k < 8; ++k)
      if (rout[8 * i + k] != want[k])
        mismatch("redux[%d] result %d = %08x want %08x", i, k, rout[8 * i + k], want[k]);
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(din);
  cudaFree(dout);
  cudaFree(ddin);
  cudaFree(ddout);
  cudaFree(duin);
  cudaFree(duout);
  return finish();
}

// intops: __popc, __clz, __brev, __ffs, __byte_perm/prmt, __funnelshift_l/r/lc/rc, bit-field
// patterns and inline-asm bfe/bfi, __umulhi/__mul64hi, __mul24, __sad, min/max/abs, 32-bit
// div/rem, and 64-bit multiply, divide, shifts, rotates and carries.
// Usage: intops [n]   (default n = 8192)
#include <vector>

static const char* kName = "intops";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void bit_intrinsics(const unsigned* a, const unsigned* b, const unsigned long long* w,
                               unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  unsigned long long z = w[i];
  unsigned s = y >> 24;
  unsigned* o = out + 15 * i;
  o[0] = __popc(x);
  o[1] = __popcll(z);
  o[2] = __clz(x);
  o[3] = __clzll(z);
  o[4] = __brev(x);
  unsigned long long r = __brevll(z);
  o[5] = static_cast<unsigned>(r >> 32);
  o[6] = static_cast<unsigned>(r);
  o[7] = __ffs(x);
  o[8] = __ffsll(z);
  o[9] = __byte_perm(x, y, y & 0xffff);
  o[10] = __funnelshift_l(x, y, s);
  o[11] = __funnelshift_r(x, y, s);
  o[12] = __funnelshift_lc(x, y, s);
  o[13] = __funnelshift_rc(x, y, s);
  unsigned p;  // raw prmt: selector bit 3 of each nibble replicates the selected byte's sign
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(p) : "r"(x), "r"(y), "r"(y >> 16));
  o[14] = p;
}

__global__ void bitfield_mul_kernel(const unsigned* a, const unsigned* b, const unsigned* c,
                                    unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], ctl = c[i];
  unsigned pos = ctl & 31;
  unsigned len = 1 + ((ctl >> 8) & 255) % (32 - pos);
  unsigned mask = static_cast<unsigned>((1ull << len) - 1);
  unsigned* o = out + 20 * i;
  o[0] = (x >> pos) & mask;
  o[1] = static_cast<unsigned>(static_cast<int>(x << (32 - pos - len)) >> (32 - len));
  o[2] = (y & ~(mask << pos)) | ((x << pos) & (mask << pos));
  o[3] = (x >> 7) & 0x3ff;
  unsigned p2 = (ctl >> 16) & 63, l2 = (ctl >> 24) & 63, r;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(p2), "r"(l2));
  o[4] = r;
  int sr;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(sr) : "r"(static_cast<int>(x)), "r"(p2), "r"(l2));
  o[5] = static_cast<unsigned>(sr);
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(x), "r"(y), "r"(p2), "r"(l2));
  o[6] = r;
  o[7] = __umulhi(x, y);
  o[8] = static_cast<unsigned>(__mulhi(static_cast<int>(x), static_cast<int>(y)));
  o[9] = __umul24(x, y);
  o[10] = static_cast<unsigned>(__mul24(static_cast<int>(x), static_cast<int>(y)));
  o[11] = __sad(static_cast<int>(x), static_cast<int>(y), ctl);
  o[12] = __usad(x, y, ctl);
  o[13] = static_cast<unsigned>(min(static_cast<int>(x), static_cast<int>(y)));
  o[14] = max(x, y);
  o[15] = static_cast<unsigned>(abs(static_cast<int>(x | 1u)));
  int d = static_cast<int>(y % 2001) - 1000;
  if (d == 0) d = 7;
  o[16] = static_cast<unsigned>(static_cast<int>(x | 1u) / d);
  o[17] = static_cast<unsigned>(static_cast<int>(x | 1u) % d);
  o[18] = x / ((y >> 20) | 1u);
  o[19] = x % ((y >> 20) | 1u);
}

__global__ void int64_kernel(const unsigned long long* a, const unsigned long long* b,
                             unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long x = a[i], y = b[i];
  long long sx = static_cast<long long>(x), sy = static_cast<long long>(y);
  unsigned sh = static_cast<unsigned>(y & 63);
  unsigned rot = 1 + static_cast<unsigned>(y % 63);
  unsigned long long* o = out + 16 * i;
  o[0] = x * y;
  o[1] = x + y;
  o[2] = x - y;
  o[3] = x / ((y >> sh) | 1);
  o[4] = x % ((y >> sh) | 1);
  o[5] = static_cast<unsigned long long>((sx >> 1) / (sy | 1));
  o[6] = static_cast<unsigned long long>((sx >> 1) % (sy | 1));
  o[7] = x << sh;
  o[8] = x >> sh;
  o[9] = static_cast<unsigned long long>(sx >> sh);
  o[10] = (x << rot) | (x >> (64 - rot));
  o[11] = __umul64hi(x, y);
  o[12] = static_cast<unsigned long long>(__mul64hi(sx, sy));
  o[13] = static_cast<unsigned long long>(sx < sy ? sx : sy) ^ (x > y ? x : y);
  unsigned long long lo = x + y;
  unsigned long long carry = lo < x;
  o[14] = ((x >> 32) + (y >> 32) + carry) ^ lo;
  o[15] = static_cast<unsigned long long>(static_cast<unsigned>(x)) * static_cast<unsigned>(y) +
          static_cast<unsigned long long>(
              static_cast<short>(static_cast<short>(x) * static_cast<short>(y) + 3));
}
#endif  // __CUDACC__

// ---- host references ----
__extension__ typedef __int128 Int128;  // GNU extension: the exact 128-bit products
__extension__ typedef unsigned __int128 Uint128;
static unsigned h_popc(unsigned long long v) {
  unsigned c = 0;
  for (; v; v &= v - 1) ++c;
  return c;
}
static unsigned h_clz(unsigned long long v, int bits) {
  unsigned c = 0;
  for (int k = bits - 1; k >= 0 && !((v >> k) & 1); --k) ++c;
  return c;
}
static unsigned long long h_brev(unsigned long long v, int bits) {
  unsigned long long r = 0;
  for (int k = 0; k < bits; ++k) r |= ((v >> k) & 1ull) << (bits - 1 - k);
  return r;
}
static unsigned h_ffs(unsigned long long v) {
  for (unsigned k = 0; k < 64; ++k)
    if ((v >> k) & 1) return k + 1;
  return 0;
}
// PTX prmt (default mode). __byte_perm uses only the low 3 bits of each selector nibble.
static unsigned h_prmt(unsigned a, unsigned b, unsigned s) {
  unsigned long long src = (static_cast<unsigned long long>(b) << 32) | a;
  unsigned r = 0;
  for (int k = 0; k < 4; ++k) {
    unsigned sel = (s >> (4 * k)) & 0xf;
    unsigned byte = static_cast<unsigned>(src >> (8 * (sel & 7))) & 0xff;
    if (sel & 8) byte = (byte & 0x80) ? 0xff : 0x00;
    r |= byte << (8 * k);
  }
  return r;
}
static unsigned h_bfe(unsigned a, unsigned pos, unsigned len, bool is_signed) {
  unsigned sbit = 0;
  if (is_signed && len != 0) sbit = (a >> (pos + len - 1 < 31 ? pos + len - 1 : 31)) & 1;
  unsigned r = 0;
  for (unsigned k = 0; k < 32; ++k) {
    unsigned bit = (k < len && pos + k <= 31) ? (a >> (pos + k)) & 1 : sbit;
    r |= bit << k;
  }
  return r;
}
static unsigned h_bfi(unsigned a, unsigned b, unsigned pos, unsigned len) {
  unsigned r = b;
  for (unsigned k = 0; k < len && pos + k <= 31; ++k)
    r = (r & ~(1u << (pos + k))) | (((a >> k) & 1) << (pos + k));
  return r;
}
static int sext24(unsigned v) { return static_cast<int>(v << 8) >> 8; }

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8192;
  if (n < 1) n = 1;
  Lcg rng(12);
  std::vector<unsigned> ha(n), hb(n), hc(n);
  std::vector<unsigned long long> hw(n), hx(n), hy(n);
  for (int i = 0; i < n; ++i) {
    ha[i] = (rng.next() << 1) ^ rng.next();
    hb[i] = (rng.next() << 1) ^ rng.next();
    hc[i] = (rng.next() << 1) ^ rng.next();
    if (i % 7 == 0) ha[i] >>= rng.next() % 32;  // leading zeros of every length
    if (i % 17 == 0) ha[i] = 0;
    hw[i] = (static_cast<unsigned long long>(ha[i]) << 32) | hb[i];
    if (i % 5 == 0) hw[i] >>= rng.next() % 64;
    if (i % 19 == 0) hw[i] = 0;
    hx[i] = (static_cast<unsigned long long>(rng.next()) << 33) ^
            (static_cast<unsigned long long>(rng.next()) << 2) ^ rng.next();
    hy[i] = (static_cast<unsigned long long>(rng.next()) << 33) ^
            (static_cast<unsigned long long>(rng.next()) << 2) ^ rng.next();
    if (i % 3 == 0) hy[i] >>= 40;  // small divisors
  }
  unsigned *da, *db, *dc, *dout;
  unsigned long long *dw, *dx, *dy, *dout64;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&db, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dc, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dout, 20 * n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dw, n * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMalloc(&dy, n * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMalloc(&dout64, 16 * n * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemcpy(da, ha.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, hb.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dc, hc.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dw, hw.data(), n * sizeof(unsigned long long), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dx, hx.data(), n * sizeof(unsigned long long), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, hy.data(), n * sizeof(unsigned long long), cudaMemcpyHostToDevice));
  const int block = 128, grid = (n + block - 1) / block;
  std::vector<unsigned> out(20 * n);
  std::vector<unsigned long long> out64(16 * n);

  LAUNCH(bit_intrinsics, grid, block)(da, db, dw, dout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, 15 * n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    unsigned x = ha[i], y = hb[i], s = y >> 24;
    unsigned long long z = hw[i];
    unsigned long long r = h_brev(z, 64);
    unsigned long long cat = (static_cast<unsigned long long>(y) << 32) | x;
    unsigned sl = s < 32 ? s : 32;
    unsigned want[15] = {
        h_popc(x),
        h_popc(z),
        h_clz(x, 32),
        h_clz(z, 64),
        static_cast<unsigned>(h_brev(x, 32)),
        static_cast<unsigned>(r >> 32),
        static_cast<unsigned>(r),
        h_ffs(x),
        h_ffs(z),
        h_prmt(x, y, y & 0x7777),
        static_cast<unsigned>((cat << (s & 31)) >> 32),
        static_cast<unsigned>(cat >> (s & 31)),
        sl == 32 ? x : static_cast<unsigned>((cat << sl) >> 32),
        sl == 32 ? y : static_cast<unsigned>(cat >> sl),
        h_prmt(x, y, y >> 16),
    };
    static const char* names[15] = {
        "popc",           "popcll",         "clz",           "clzll",
        "brev",           "brevll.hi",      "brevll.lo",     "ffs",
        "ffsll",          "byte_perm",      "funnelshift_l", "funnelshift_r",
        "funnelshift_lc", "funnelshift_rc", "prmt"};
    for (int k = 0; k < 15; ++k)
      if (out[15 * i + k] != want[k])
        mismatch("%s[%d] = %08x want %08x", names[k], i, out[15 * i + k], want[k]);
  }

  LAUNCH(bitfield_mul_kernel, grid, block)(da, db, dc, dout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), dout, 20 * n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    unsigned x = ha[i], y = hb[i], ctl = hc[i];
    unsigned pos = ctl & 31;
    unsigned len = 1 + ((ctl >> 8) & 255) % (32 - pos);
    unsigned mask = static_cast<unsigned>((1ull << len) - 1);
    unsigned p2 = (ctl >> 16) & 63, l2 = (ctl >> 24) & 63;
    int sx = static_cast<int>(x), sy = static_cast<int>(y);
    unsigned absdiff = sx < sy ? static_cast<unsigned>(sy) - static_cast<unsigned>(sx)
                               : static_cast<unsigned>(sx) - static_cast<unsigned>(sy);
    int d = static_cast<int>(y % 2001) - 1000;
    if (d == 0) d = 7;
    int sx1 = static_cast<int>(x | 1u);
    unsigned want[20] = {
        (x >> pos) & mask,
        static_cast<unsigned>(static_cast<int>(x << (32 - pos - len)) >> (32 - len)),
        (y & ~(mask << pos)) | ((x << pos) & (mask << pos)),
        (x >> 7) & 0x3ff,
        h_bfe(x, p2, l2, false),
        h_bfe(x, p2, l2, true),
        h_bfi(x, y, p2, l2),
        static_cast<unsigned>((static_cast<unsigned long long>(x) * y) >> 32),
        static_cast<unsigned>((static_cast<long long>(sx) * sy) >> 32),
        (x & 0xffffff) * (y & 0xffffff),
        static_cast<unsigned>(static_cast<long long>(sext24(x)) * sext24(y)),
        absdiff + ctl,
        (x > y ? x - y : y - x) + ctl,
        static_cast<unsigned>(sx < sy ? sx : sy),
        x > y ? x : y,
        static_cast<unsigned>(sx1 < 0 ? -sx1 : sx1),
        static_cast<unsigned>(sx1 / d),
        static_cast<unsigned>(sx1 % d),
        x / ((y >> 20) | 1u),
        x % ((y >> 20) | 1u),
    };
    for (int k = 0; k < 20; ++k)
      if (out[20 * i + k] != want[k])
        mismatch("bitfield_mul_kernel[%d] result %d (x=%08x y=%08x c=%08x) = %08x want %08x", i, k,
                 x, y, ctl, out[20 * i + k], want[k]);
  }

  LAUNCH(int64_kernel, grid, block)(dx, dy, dout64, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out64.data(), dout64, 16 * n * sizeof(unsigned long long),
                        cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    unsigned long long x = hx[i], y = hy[i];
    long long sx = static_cast<long long>(x), sy = static_cast<long long>(y);
    unsigned sh = static_cast<unsigned>(y & 63);
    unsigned rot = 1 + static_cast<unsigned>(y % 63);
    unsigned long long lo = x + y;
    unsigned long long carry = lo < x;
    unsigned long long want[16] = {
        x * y,
        x + y,
        x - y,
        x / ((y >> sh) | 1),
        x % ((y >> sh) | 1),
        static_cast<unsigned long long>((sx >> 1) / (sy | 1)),
        static_cast<unsigned long long>((sx >> 1) % (sy | 1)),
        x << sh,
        x >> sh,
        static_cast<unsigned long long>(sx >> sh),
        (x << rot) | (x >> (64 - rot)),
        static_cast<unsigned long long>((static_cast<Uint128>(x) * y) >> 64),
        static_cast<unsigned long long>((static_cast<Int128>(sx) * sy) >> 64),
        static_cast<unsigned long long>(sx < sy ? sx : sy) ^ (x > y ? x : y),
        ((x >> 32) + (y >> 32) + carry) ^ lo,
        static_cast<unsigned long long>(static_cast<unsigned>(x)) * static_cast<unsigned>(y) +
            static_cast<unsigned long long>(
                static_cast<short>(static_cast<short>(x) * static_cast<short>(y) + 3)),
    };
    for (int k = 0; k < 16; ++k)
      if (out64[16 * i + k] != want[k])
        mismatch("int64_kernel[%d] result %d = %016llx want %016llx", i, k, out64[16 * i + k],
                 want[k]);
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dout);
  cudaFree(dw);
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dout64);
  return finish();
}

// Device code shared by placement/sto-shared and placement/sto-dcache: StoreGPU's sliding-window
// MD5 (Al-Kiswany et al., HPDC 2008; the kernel md5_overlap of its GPGPU-Sim benchmark build, STO
// in seed 000 Ch. 2 Table 2.2). Thread t hashes the window of `chunk_size` bytes that starts
// `offset` bytes after thread t - 1's (52 bytes every 4 bytes in the original's test), and writes
// the first word of the window's MD5 digest. The thread's 16-word message block is staged in a
// buffer of its own that no other thread touches (seed 000's category 2, intra-thread reuse):
// each word is written, re-read byte by byte, written back, and read 4 times by the 4 rounds
// (nvcc 13 serves those last reads from registers, in both versions). The two
// workloads differ only in where that buffer lives (word k at x[k * kStride]): in the shared
// version it is the thread's column of its warp's 512-word region of a shared array
// (kStride = 32, word k of lane l at 32 k + l, the original's layout), in the D-cache version
// a 16-word local array (kStride = 1).
//
// MD5 follows RFC 1321: the message is padded with a 1 bit (the byte 0x80), zeros up to 56
// bytes mod 64, and its length in bits as a 64-bit little-endian number; each 64-byte block is
// 16 little-endian words X[0..15] and goes through 4 rounds of 16 steps
//   a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s)
// with f = F, G, H, I in rounds 1-4 (§3.4), message word k = i, (1 + 5i), (5 + 3i), 7i mod 16
// for step i of rounds 1-4, shifts 7 12 17 22 / 5 9 14 20 / 4 11 16 23 / 6 10 15 21, and the
// sine table T[i] = floor(2^32 |sin(i)|), i = 1..64 (the constants below, printed from that
// formula). The digest starts as 67452301 efcdab89 98badcfe 10325476 (§3.3) and adds each
// block's result word by word.

#pragma once

#define STO_WARP_WORDS 512  // shared words per warp (16 per thread), as StoreGPU's kernel
// StoreGPU's shared array: 4 * 1024 - 32 words (16256 B) per block, although a block of 128
// threads uses 4 x 512 of them (8 KB); the size is the original's, so is the occupancy it allows.
#define STO_SHARED_WORDS (4 * 1024 - 32)

// RFC 1321 §3.4's auxiliary functions (F and G in the equivalent forms with one fewer operation).
#define STO_F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define STO_G(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))
#define STO_H(x, y, z) ((x) ^ (y) ^ (z))
#define STO_I(x, y, z) ((y) ^ ((x) | ~(z)))

__device__ __forceinline__ unsigned sto_rotl(unsigned v, unsigned s) {
  return (v << s) | (v >> (32u - s));
}

// One MD5 step on message word k of the thread's buffer x (stride kStride).
#define STO_STEP(f, a, b, c, d, k, s, t) \
  (a) = (b) + sto_rotl((a) + f(b, c, d) + x[(k)*kStride] + (t), s)

// The 64 steps on the block in x[0], x[kStride], ..., x[15 kStride], added into h[0..3].
template <int kStride>
__device__ __forceinline__ void sto_md5_block(const unsigned* x, unsigned h[4]) {
  unsigned a = h[0];
  unsigned b = h[1];
  unsigned c = h[2];
  unsigned d = h[3];
  STO_STEP(STO_F, a, b, c, d, 0, 7, 0xd76aa478u);
  STO_STEP(STO_F, d, a, b, c, 1, 12, 0xe8c7b756u);
  STO_STEP(STO_F, c, d, a, b, 2, 17, 0x242070dbu);
  STO_STEP(STO_F, b, c, d, a, 3, 22, 0xc1bdceeeu);
  STO_STEP(STO_F, a, b, c, d, 4, 7, 0xf57c0fafu);
  STO_STEP(STO_F, d, a, b, c, 5, 12, 0x4787c62au);
  STO_STEP(STO_F, c, d, a, b, 6, 17, 0xa8304613u);
  STO_STEP(STO_F, b, c, d, a, 7, 22, 0xfd469501u);
  STO_STEP(STO_F, a, b, c, d, 8, 7, 0x698098d8u);
  STO_STEP(STO_F, d, a, b, c, 9, 12, 0x8b44f7afu);
  STO_STEP(STO_F, c, d, a, b, 10, 17, 0xffff5bb1u);
  STO_STEP(STO_F, b, c, d, a, 11, 22, 0x895cd7beu);
  STO_STEP(STO_F, a, b, c, d, 12, 7, 0x6b901122u);
  STO_STEP(STO_F, d, a, b, c, 13, 12, 0xfd987193u);
  STO_STEP(STO_F, c, d, a, b, 14, 17, 0xa679438eu);
  STO_STEP(STO_F, b, c, d, a, 15, 22, 0x49b40821u);

  STO_STEP(STO_G, a, b, c, d, 1, 5, 0xf61e2562u);
  STO_STEP(STO_G, d, a, b, c, 6, 9, 0xc040b340u);
  STO_STEP(STO_G, c, d, a, b, 11, 14, 0x265e5a51u);
  STO_STEP(STO_G, b, c, d, a, 0, 20, 0xe9b6c7aau);
  STO_STEP(STO_G, a, b, c, d, 5, 5, 0xd62f105du);
  STO_STEP(STO_G, d, a, b, c, 10, 9, 0x02441453u);
  STO_STEP(STO_G, c, d, a, b, 15, 14, 0xd8a1e681u);
  STO_STEP(STO_G, b, c, d, a, 4, 20, 0xe7d3fbc8u);
  STO_STEP(STO_G, a, b, c, d, 9, 5, 0x21e1cde6u);
  STO_STEP(STO_G, d, a, b, c, 14, 9, 0xc33707d6u);
  STO_STEP(STO_G, c, d, a, b, 3, 14, 0xf4d50d87u);
  STO_STEP(STO_G, b, c, d, a, 8, 20, 0x455a14edu);
  STO_STEP(STO_G, a, b, c, d, 13, 5, 0xa9e3e905u);
  STO_STEP(STO_G, d, a, b, c, 2, 9, 0xfcefa3f8u);
  STO_STEP(STO_G, c, d, a, b, 7, 14, 0x676f02d9u);
  STO_STEP(STO_G, b, c, d, a, 12, 20, 0x8d2a4c8au);

  STO_STEP(STO_H, a, b, c, d, 5, 4, 0xfffa3942u);
  STO_STEP(STO_H, d, a, b, c, 8, 11, 0x8771f681u);
  STO_STEP(STO_H, c, d, a, b, 11, 16, 0x6d9d6122u);
  STO_STEP(STO_H, b, c, d, a, 14, 23, 0xfde5380cu);
  STO_STEP(STO_H, a, b, c, d, 1, 4, 0xa4beea44u);
  STO_STEP(STO_H, d, a, b, c, 4, 11, 0x4bdecfa9u);
  STO_STEP(STO_H, c, d, a, b, 7, 16, 0xf6bb4b60u);
  STO_STEP(STO_H, b, c, d, a, 10, 23, 0xbebfbc70u);
  STO_STEP(STO_H, a, b, c, d, 13, 4, 0x289b7ec6u);
  STO_STEP(STO_H, d, a, b, c, 0, 11, 0xeaa127fau);
  STO_STEP(STO_H, c, d, a, b, 3, 16, 0xd4ef3085u);
  STO_STEP(STO_H, b, c, d, a, 6, 23, 0x04881d05u);
  STO_STEP(STO_H, a, b, c, d, 9, 4, 0xd9d4d039u);
  STO_STEP(STO_H, d, a, b, c, 12, 11, 0xe6db99e5u);
  STO_STEP(STO_H, c, d, a, b, 15, 16, 0x1fa27cf8u);
  STO_STEP(STO_H, b, c, d, a, 2, 23, 0xc4ac5665u);

  STO_STEP(STO_I, a, b, c, d, 0, 6, 0xf4292244u);
  STO_STEP(STO_I, d, a, b, c, 7, 10, 0x432aff97u);
  STO_STEP(STO_I, c, d, a, b, 14, 15, 0xab9423a7u);
  STO_STEP(STO_I, b, c, d, a, 5, 21, 0xfc93a039u);
  STO_STEP(STO_I, a, b, c, d, 12, 6, 0x655b59c3u);
  STO_STEP(STO_I, d, a, b, c, 3, 10, 0x8f0ccc92u);
  STO_STEP(STO_I, c, d, a, b, 10, 15, 0xffeff47du);
  STO_STEP(STO_I, b, c, d, a, 1, 21, 0x85845dd1u);
  STO_STEP(STO_I, a, b, c, d, 8, 6, 0x6fa87e4fu);
  STO_STEP(STO_I, d, a, b, c, 15, 10, 0xfe2ce6e0u);
  STO_STEP(STO_I, c, d, a, b, 6, 15, 0xa3014314u);
  STO_STEP(STO_I, b, c, d, a, 13, 21, 0x4e0811a1u);
  STO_STEP(STO_I, a, b, c, d, 4, 6, 0xf7537e82u);
  STO_STEP(STO_I, d, a, b, c, 11, 10, 0xbd3af235u);
  STO_STEP(STO_I, c, d, a, b, 2, 15, 0x2ad7d2bbu);
  STO_STEP(STO_I, b, c, d, a, 9, 21, 0xeb86d391u);
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
}

// MD5 of the `chunk_size` bytes at `in` (a multiple of 4 with chunk_size mod 64 <= 52, so that
// the padding and the length fit in the last block, as StoreGPU requires; the host checks it),
// staged block by block through the thread's buffer x; returns the digest's first word (the
// original keeps 4 bytes per hash, FEATURE_REDUCED_HASH_SIZE). As the original, there are
// chunk_size / 64 + 1 blocks; the last holds the remaining words, then 0x80 (the pad bit, in
// the low byte of the next word), zeros, and the length in bits in words 14 and 15.
template <int kStride>
__device__ __forceinline__ unsigned sto_md5_chunk(unsigned* x, const unsigned* in, int chunk_size) {
  unsigned h[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
  const int passes = chunk_size / 64 + 1;
  for (int p = 0; p < passes; ++p) {
    const unsigned* src = in + 16 * p;
    if (p == passes - 1) {
      // A run-time number of data words (13 for a 52-byte chunk): a loop over the buffer.
      const int n = (chunk_size - 64 * p) / 4;
      for (int j = 0; j < n; ++j) x[j * kStride] = src[j];
      x[n * kStride] = 0x80u;
      for (int j = n + 1; j < 14; ++j) x[j * kStride] = 0u;
      x[14 * kStride] = static_cast<unsigned>(chunk_size) << 3;
      x[15 * kStride] = static_cast<unsigned>(chunk_size) >> 29;
    } else {
#pragma unroll
      for (int j = 0; j < 16; ++j) x[j * kStride] = src[j];
    }
    // RFC 1321 takes a block's words from its bytes, low-order byte first: StoreGPU re-reads
    // every staged word byte by byte and writes it back assembled (GET_UINT32_LE; the identity
    // on a little-endian GPU, but loads and stores on the buffer all the same).
#pragma unroll
    for (int k = 0; k < 16; ++k) {
      const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&x[k * kStride]);
      x[k * kStride] = static_cast<unsigned>(bytes[0]) | static_cast<unsigned>(bytes[1]) << 8 |
                       static_cast<unsigned>(bytes[2]) << 16 |
                       static_cast<unsigned>(bytes[3]) << 24;
    }
    sto_md5_block<kStride>(x, h);
  }
  return h[0];
}

// scratchpad/dct8x8: 2-D 8x8 DCT-II and its inverse on an image, after the CUDA SDK's dct8x8
// sample, the four kernels seed 002 (Jatala et al., scratchpad sharing) lists in its Table 1:
//   DCT1 CUDAkernel2DCT    -> dct_float_fwd   float,       64 threads (8,4,2), 2112 B shared
//   DCT2 CUDAkernel2IDCT   -> dct_float_inv   float,       64 threads (8,4,2), 2112 B shared
//   DCT3 CUDAkernelShortDCT  -> dct_short_fwd  fixed point, 128 threads (8,4,4), 2176 B shared
//   DCT4 CUDAkernelShortIDCT -> dct_short_inv  fixed point, 128 threads (8,4,4), 2176 B shared
// Each block transforms a tile of 8x8 image blocks through a shared-memory tile: 32 x 16 pixels
// (4 x 2 blocks) in float with a row stride of 33 floats (16 x 33 x 4 B = 2112 B), 32 x 32 pixels
// (4 x 4 blocks) in short with a row stride of 34 shorts (32 x 34 x 2 B = 2176 B), the SDK's tile
// shapes and strides. threadIdx.x is the row (then column) within an 8x8 block, threadIdx.y the
// block's column in the tile, threadIdx.z its row. A thread loads 8 pixels of one tile column,
// transforms one row of its 8x8 block in place, then one column, then stores 8 pixels.
//
// The 8-point transform is our own even/odd split of the DCT-II definition
//   X_k = c(k) sum_n x_n cos((2n+1) k pi / 16),  c(0) = sqrt(1/8), c(k > 0) = 1/2
// (orthonormal): the even outputs from s_n = x_n + x_{7-n}, the odd ones from
// d_n = x_n - x_{7-n}, each a 4-term dot product with the constants below (the SDK uses a
// different, butterfly factorization). The inverse is the transpose: x_n = e_n + o_n,
// x_{7-n} = e_n - o_n, with e (o) the dot product of the even (odd) coefficients.
// The short kernels use the same constants in Q13 fixed point with integer arithmetic and
// rounding shifts (driver.cc gives the formats).

// c(k) cos(j pi / 16), rounded to float.
#define DCT_A 0.353553385f    // j = 4 (and c(0))
#define DCT_C1 0.490392625f   // j = 1
#define DCT_C2 0.461939752f   // j = 2
#define DCT_C3 0.415734798f   // j = 3
#define DCT_C5 0.277785122f   // j = 5
#define DCT_C6 0.191341713f   // j = 6
#define DCT_C7 0.0975451618f  // j = 7
// The same in Q13 (x 8192, rounded).
#define QDCT_A 2896
#define QDCT_C1 4017
#define QDCT_C2 3784
#define QDCT_C3 3406
#define QDCT_C5 2276
#define QDCT_C6 1567
#define QDCT_C7 799

// The float kernels' tile: 32 x 16 pixels (scratchpad/dct8x8-t64 sets 64 x 32, seed 002's
// 8320-byte DCT1/2 of Table 5), with a row stride of one more float.
#ifndef FLOAT_TILE_W
#define FLOAT_TILE_W 32
#define FLOAT_TILE_H 16
#endif
#define FLOAT_TILE_STRIDE (FLOAT_TILE_W + 1)
#define SHORT_TILE_STRIDE 34  // 32 + 2

// The 8-point forward transform of v[0], v[stride], ..., v[7 stride], in place.
__device__ __forceinline__ void fdct8_float(float* v, int stride) {
  const float x0 = v[0], x1 = v[stride], x2 = v[2 * stride], x3 = v[3 * stride];
  const float x4 = v[4 * stride], x5 = v[5 * stride], x6 = v[6 * stride], x7 = v[7 * stride];
  const float s0 = x0 + x7, s1 = x1 + x6, s2 = x2 + x5, s3 = x3 + x4;
  const float d0 = x0 - x7, d1 = x1 - x6, d2 = x2 - x5, d3 = x3 - x4;
  v[0] = DCT_A * s0 + DCT_A * s1 + DCT_A * s2 + DCT_A * s3;
  v[2 * stride] = DCT_C2 * s0 + DCT_C6 * s1 - DCT_C6 * s2 - DCT_C2 * s3;
  v[4 * stride] = DCT_A * s0 - DCT_A * s1 - DCT_A * s2 + DCT_A * s3;
  v[6 * stride] = DCT_C6 * s0 - DCT_C2 * s1 + DCT_C2 * s2 - DCT_C6 * s3;
  v[stride] = DCT_C1 * d0 + DCT_C3 * d1 + DCT_C5 * d2 + DCT_C7 * d3;
  v[3 * stride] = DCT_C3 * d0 - DCT_C7 * d1 - DCT_C1 * d2 - DCT_C5 * d3;
  v[5 * stride] = DCT_C5 * d0 - DCT_C1 * d1 + DCT_C7 * d2 + DCT_C3 * d3;
  v[7 * stride] = DCT_C7 * d0 - DCT_C5 * d1 + DCT_C3 * d2 - DCT_C1 * d3;
}

// The 8-point inverse transform, in place.
__device__ __forceinline__ void idct8_float(float* v, int stride) {
  const float y0 = v[0], y1 = v[stride], y2 = v[2 * stride], y3 = v[3 * stride];
  const float y4 = v[4 * stride], y5 = v[5 * stride], y6 = v[6 * stride], y7 = v[7 * stride];
  const float e0 = DCT_A * y0 + DCT_C2 * y2 + DCT_A * y4 + DCT_C6 * y6;
  const float e1 = DCT_A * y0 + DCT_C6 * y2 - DCT_A * y4 - DCT_C2 * y6;
  const float e2 = DCT_A * y0 - DCT_C6 * y2 - DCT_A * y4 + DCT_C2 * y6;
  const float e3 = DCT_A * y0 - DCT_C2 * y2 + DCT_A * y4 - DCT_C6 * y6;
  const float o0 = DCT_C1 * y1 + DCT_C3 * y3 + DCT_C5 * y5 + DCT_C7 * y7;
  const float o1 = DCT_C3 * y1 - DCT_C7 * y3 - DCT_C1 * y5 - DCT_C5 * y7;
  const float o2 = DCT_C5 * y1 - DCT_C1 * y3 + DCT_C7 * y5 + DCT_C3 * y7;
  const float o3 = DCT_C7 * y1 - DCT_C5 * y3 + DCT_C3 * y5 - DCT_C1 * y7;
  v[0] = e0 + o0;
  v[7 * stride] = e0 - o0;
  v[stride] = e1 + o1;
  v[6 * stride] = e1 - o1;
  v[2 * stride] = e2 + o2;
  v[5 * stride] = e2 - o2;
  v[3 * stride] = e3 + o3;
  v[4 * stride] = e3 - o3;
}

// Fixed point: inputs with F fractional bits give Q(13 + F) sums; (sum + 2^(shift-1)) >> shift
// rounds them to the output format, stored as short (wrapping, as a C cast does).
__device__ __forceinline__ void fdct8_short(short* v, int stride, int shift) {
  const int x0 = v[0], x1 = v[stride], x2 = v[2 * stride], x3 = v[3 * stride];
  const int x4 = v[4 * stride], x5 = v[5 * stride], x6 = v[6 * stride], x7 = v[7 * stride];
  const int s0 = x0 + x7, s1 = x1 + x6, s2 = x2 + x5, s3 = x3 + x4;
  const int d0 = x0 - x7, d1 = x1 - x6, d2 = x2 - x5, d3 = x3 - x4;
  const int half = 1 << (shift - 1);
  v[0] = (short)((QDCT_A * (s0 + s1 + s2 + s3) + half) >> shift);
  v[2 * stride] = (short)((QDCT_C2 * (s0 - s3) + QDCT_C6 * (s1 - s2) + half) >> shift);
  v[4 * stride] = (short)((QDCT_A * (s0 - s1 - s2 + s3) + half) >> shift);
  v[6 * stride] = (short)((QDCT_C6 * (s0 - s3) - QDCT_C2 * (s1 - s2) + half) >> shift);
  v[stride] = (short)((QDCT_C1 * d0 + QDCT_C3 * d1 + QDCT_C5 * d2 + QDCT_C7 * d3 + half) >> shift);
  v[3 * stride] =
      (short)((QDCT_C3 * d0 - QDCT_C7 * d1 - QDCT_C1 * d2 - QDCT_C5 * d3 + half) >> shift);
  v[5 * stride] =
      (short)((QDCT_C5 * d0 - QDCT_C1 * d1 + QDCT_C7 * d2 + QDCT_C3 * d3 + half) >> shift);
  v[7 * stride] =
      (short)((QDCT_C7 * d0 - QDCT_C5 * d1 + QDCT_C3 * d2 - QDCT_C1 * d3 + half) >> shift);
}

__device__ __forceinline__ void idct8_short(short* v, int stride, int shift) {
  const int y0 = v[0], y1 = v[stride], y2 = v[2 * stride], y3 = v[3 * stride];
  const int y4 = v[4 * stride], y5 = v[5 * stride], y6 = v[6 * stride], y7 = v[7 * stride];
  const int e0 = QDCT_A * (y0 + y4) + QDCT_C2 * y2 + QDCT_C6 * y6;
  const int e1 = QDCT_A * (y0 - y4) + QDCT_C6 * y2 - QDCT_C2 * y6;
  const int e2 = QDCT_A * (y0 - y4) - QDCT_C6 * y2 + QDCT_C2 * y6;
  const int e3 = QDCT_A * (y0 + y4) - QDCT_C2 * y2 - QDCT_C6 * y6;
  const int o0 = QDCT_C1 * y1 + QDCT_C3 * y3 + QDCT_C5 * y5 + QDCT_C7 * y7;
  const int o1 = QDCT_C3 * y1 - QDCT_C7 * y3 - QDCT_C1 * y5 - QDCT_C5 * y7;
  const int o2 = QDCT_C5 * y1 - QDCT_C1 * y3 + QDCT_C7 * y5 + QDCT_C3 * y7;
  const int o3 = QDCT_C7 * y1 - QDCT_C5 * y3 + QDCT_C3 * y5 - QDCT_C1 * y7;
  const int half = 1 << (shift - 1);
  v[0] = (short)((e0 + o0 + half) >> shift);
  v[7 * stride] = (short)((e0 - o0 + half) >> shift);
  v[stride] = (short)((e1 + o1 + half) >> shift);
  v[6 * stride] = (short)((e1 - o1 + half) >> shift);
  v[2 * stride] = (short)((e2 + o2 + half) >> shift);
  v[5 * stride] = (short)((e2 - o2 + half) >> shift);
  v[3 * stride] = (short)((e3 + o3 + half) >> shift);
  v[4 * stride] = (short)((e3 - o3 + half) >> shift);
}

// Float kernels: grid (width / FLOAT_TILE_W, height / FLOAT_TILE_H), block (8, FLOAT_TILE_W / 8,
// FLOAT_TILE_H / 8); `pitch` in elements.
extern "C" __global__ void dct_float_fwd(float* dst, const float* src, int pitch) {
  __shared__ float tile[FLOAT_TILE_H * FLOAT_TILE_STRIDE];
  const int col = threadIdx.y * 8 + threadIdx.x;  // tile column this thread loads and stores
  const int row0 = threadIdx.z * 8;               // first row of this thread's 8x8 block
  const long base = (long)blockIdx.y * FLOAT_TILE_H * pitch + blockIdx.x * FLOAT_TILE_W;
  for (int i = 0; i < 8; ++i)
    tile[(row0 + i) * FLOAT_TILE_STRIDE + col] = src[base + (long)(row0 + i) * pitch + col];
  __syncthreads();
  fdct8_float(&tile[(row0 + threadIdx.x) * FLOAT_TILE_STRIDE + threadIdx.y * 8], 1);
  __syncthreads();
  fdct8_float(&tile[row0 * FLOAT_TILE_STRIDE + col], FLOAT_TILE_STRIDE);
  __syncthreads();
  for (int i = 0; i < 8; ++i)
    dst[base + (long)(row0 + i) * pitch + col] = tile[(row0 + i) * FLOAT_TILE_STRIDE + col];
}

extern "C" __global__ void dct_float_inv(float* dst, const float* src, int pitch) {
  __shared__ float tile[FLOAT_TILE_H * FLOAT_TILE_STRIDE];
  const int col = threadIdx.y * 8 + threadIdx.x;
  const int row0 = threadIdx.z * 8;
  const long base = (long)blockIdx.y * FLOAT_TILE_H * pitch + blockIdx.x * FLOAT_TILE_W;
  for (int i = 0; i < 8; ++i)
    tile[(row0 + i) * FLOAT_TILE_STRIDE + col] = src[base + (long)(row0 + i) * pitch + col];
  __syncthreads();
  idct8_float(&tile[(row0 + threadIdx.x) * FLOAT_TILE_STRIDE + threadIdx.y * 8], 1);
  __syncthreads();
  idct8_float(&tile[row0 * FLOAT_TILE_STRIDE + col], FLOAT_TILE_STRIDE);
  __syncthreads();
  for (int i = 0; i < 8; ++i)
    dst[base + (long)(row0 + i) * pitch + col] = tile[(row0 + i) * FLOAT_TILE_STRIDE + col];
}

// Short kernels: grid (width / 32, height / 32), block (8, 4, 4). Forward: integer pixels ->
// rows in Q6 (shift 7) -> coefficients in Q4 (shift 15). Inverse: Q4 coefficients -> rows in Q6
// (shift 11) -> integer pixels (shift 19).
extern "C" __global__ void dct_short_fwd(short* dst, const short* src, int pitch) {
  __shared__ short tile[32 * SHORT_TILE_STRIDE];
  const int col = threadIdx.y * 8 + threadIdx.x;
  const int row0 = threadIdx.z * 8;
  const long base = (long)blockIdx.y * 32 * pitch + blockIdx.x * 32;
  for (int i = 0; i < 8; ++i)
    tile[(row0 + i) * SHORT_TILE_STRIDE + col] = src[base + (long)(row0 + i) * pitch + col];
  __syncthreads();
  fdct8_short(&tile[(row0 + threadIdx.x) * SHORT_TILE_STRIDE + threadIdx.y * 8], 1, 7);
  __syncthreads();
  fdct8_short(&tile[row0 * SHORT_TILE_STRIDE + col], SHORT_TILE_STRIDE, 15);
  __syncthreads();
  for (int i = 0; i < 8; ++i)
    dst[base + (long)(row0 + i) * pitch + col] = tile[(row0 + i) * SHORT_TILE_STRIDE + col];
}

extern "C" __global__ void dct_short_inv(short* dst, const short* src, int pitch) {
  __shared__ short tile[32 * SHORT_TILE_STRIDE];
  const int col = threadIdx.y * 8 + threadIdx.x;
  const int row0 = threadIdx.z * 8;
  const long base = (long)blockIdx.y * 32 * pitch + blockIdx.x * 32;
  for (int i = 0; i < 8; ++i)
    tile[(row0 + i) * SHORT_TILE_STRIDE + col] = src[base + (long)(row0 + i) * pitch + col];
  __syncthreads();
  idct8_short(&tile[(row0 + threadIdx.x) * SHORT_TILE_STRIDE + threadIdx.y * 8], 1, 11);
  __syncthreads();
  idct8_short(&tile[row0 * SHORT_TILE_STRIDE + col], SHORT_TILE_STRIDE, 19);
  __syncthreads();
  for (int i = 0; i < 8; ++i)
    dst[base + (long)(row0 + i) * pitch + col] = tile[(row0 + i) * SHORT_TILE_STRIDE + col];
}

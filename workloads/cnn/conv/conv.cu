// cnn/conv-*: the forward pass of a convolutional layer in the two data layouts seed 000 Ch. 5
// compares (Chao Li's thesis, §5.4.1, Table 5.1, Figs. 5.3, 5.4 and 5.10):
//
//  - CHWN, direct convolution in the style of cuda-convnet2's filterActs kernels: images
//    [Ci][H][W][N] with the batch innermost, filters [Ci][F][F][Co] (cuda-convnet's
//    filterPixels x numFilters per colour), outputs [Co][Ho][Wo][N]. A block of 32 x 4 threads
//    computes one output pixel ("module") for 32 * IPT images and 4 * FPT filters: threadIdx.x
//    picks the images (32 consecutive images per warp, so every global access of a warp is one
//    coalesced row of the batch), and each thread keeps IPT images x FPT filters of sums in
//    registers, so each image value it reads from shared memory is used FPT times and each filter
//    value IPT times (the register reuse over N the thesis credits for CHWN's speed at N = 128:
//    IPT = 4 there, 2 at N = 64, 1 at N = 32). The filter taps and the image values under them
//    are staged in shared memory kTaps taps at a time. The grid is (N / (32 IPT)) x
//    (Ho Wo Co / (4 FPT)), module-major in y, as cuda-convnet lays out its grid.
//  - NCHW, as Caffe and cuDNN's GEMM method compute it: im2col unrolls the input images into the
//    matrix [Ci F F][G Ho Wo] (one column per output pixel of each of G images, zeros where the
//    window hangs over the padding; Caffe's im2col_gpu_kernel, one thread per (channel, output
//    pixel), writes its F x F column entries), then a shared-memory tiled SGEMM multiplies the
//    filters [Co][Ci F F] by it and writes each result column straight into its image's NCHW
//    output (the batched "implicit" form of the per-image GEMMs: the columns of all images form
//    one matrix). The SGEMM is the register-blocked kind cuBLAS-class kernels are: a 16 x 16 block
//    computes a 64 x 64 tile of the result, 4 x 4 per thread, stepping through K 16 at a time
//    with both operand tiles in shared memory and float4 shared-memory reads.
//
// Every output is the sum over the taps k = (ci F + ky) F + kx, in increasing k, of input x
// filter, each step one fused multiply-add (__fmaf_rn) starting from 0; taps over the padding
// contribute an exact zero product. Both layouts therefore compute bit-identical results and the
// driver's CPU reference (std::fmaf in the same order) checks them exactly.
// Sizes are kernel parameters. Requirements (the driver's layer table meets them): N a multiple
// of 32 * IPT, Co a multiple of 4 * FPT for the CHWN kernels; the NCHW kernels take any shape.

#define CONV_BX 32   // threads over images (a warp)
#define CONV_BY 4    // threads over filters
#define CONV_TAPS 8  // filter taps (colour, ky, kx) staged per step
#define GEMM_TM 64   // result tile rows (output channels)
#define GEMM_TN 64   // result tile columns (output pixels of the batch)
#define GEMM_TK 16   // K step
#define GEMM_PAD 4  // padding of the transposed filter tile's rows (floats; keeps float4 alignment)

template <int IPT, int FPT>
__device__ void conv_chwn(const float* __restrict__ in, const float* __restrict__ filt,
                          float* __restrict__ out, int n, int ci, int h, int w, int co, int f,
                          int s, int pad, int ho, int wo) {
  __shared__ float sh_img[CONV_TAPS][CONV_BX * IPT];
  __shared__ float sh_filt[CONV_TAPS][CONV_BY * FPT];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int filter_blocks = co / (CONV_BY * FPT);
  const int module = blockIdx.y / filter_blocks;  // output pixel oy * wo + ox
  const int co0 = (blockIdx.y % filter_blocks) * (CONV_BY * FPT);
  const int oy = module / wo;
  const int ox = module - oy * wo;
  const int img0 = blockIdx.x * (CONV_BX * IPT);
  const int ff = f * f;
  const int taps = ci * ff;

  float acc[FPT][IPT];
#pragma unroll
  for (int j = 0; j < FPT; ++j) {
#pragma unroll
    for (int i = 0; i < IPT; ++i) acc[j][i] = 0.0f;
  }

  for (int k0 = 0; k0 < taps; k0 += CONV_TAPS) {
    // The image values under taps k0 .. k0 + CONV_TAPS - 1: row ty + 4 m of the stage, 32 IPT
    // consecutive images each (coalesced), zero over the padding or past the last tap.
#pragma unroll
    for (int kk = ty; kk < CONV_TAPS; kk += CONV_BY) {
      const int k = k0 + kk;
      const int c = k / ff;
      const int r = k - c * ff;
      const int ky = r / f;
      const int iy = oy * s - pad + ky;
      const int ix = ox * s - pad + (r - ky * f);
      const bool inside = k < taps && iy >= 0 && iy < h && ix >= 0 && ix < w;
      const float* src = in + ((size_t)(c * h + iy) * w + ix) * n + img0 + tx;
#pragma unroll
      for (int i = 0; i < IPT; ++i) sh_img[kk][i * CONV_BX + tx] = inside ? src[i * CONV_BX] : 0.0f;
    }
    // The block's 4 FPT filters at the same taps (consecutive in [k][co], coalesced).
    for (int e = ty * CONV_BX + tx; e < CONV_TAPS * CONV_BY * FPT; e += CONV_BX * CONV_BY) {
      const int kk = e / (CONV_BY * FPT);
      const int j = e - kk * (CONV_BY * FPT);
      const int k = k0 + kk;
      sh_filt[kk][j] = k < taps ? filt[(size_t)k * co + co0 + j] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < CONV_TAPS; ++kk) {
      float img[IPT];
      float fl[FPT];
#pragma unroll
      for (int i = 0; i < IPT; ++i) img[i] = sh_img[kk][i * CONV_BX + tx];
#pragma unroll
      for (int j = 0; j < FPT; ++j) fl[j] = sh_filt[kk][j * CONV_BY + ty];  // a broadcast
#pragma unroll
      for (int j = 0; j < FPT; ++j) {
#pragma unroll
        for (int i = 0; i < IPT; ++i) acc[j][i] = __fmaf_rn(img[i], fl[j], acc[j][i]);
      }
    }
    __syncthreads();
  }

  // Filter co0 + j * 4 + ty, image img0 + i * 32 + tx: out[co][oy][ox][n], coalesced over n.
  const int pixels = ho * wo;
#pragma unroll
  for (int j = 0; j < FPT; ++j) {
    float* dst = out + ((size_t)(co0 + j * CONV_BY + ty) * pixels + module) * n + img0 + tx;
#pragma unroll
    for (int i = 0; i < IPT; ++i) dst[i * CONV_BX] = acc[j][i];
  }
}

// One entry point per (images per thread, filters per thread), chosen by the driver from N and
// Co as cuda-convnet chooses its template instance: the combinations Table 5.1's layers use
// (N = 128 with Co = 16 or a multiple of 32; N = 64 and N = 32 with Co a multiple of 32).
#define CONV_CHWN_ENTRY(IPT, FPT)                                                                 \
  extern "C" __global__ void conv_chwn_i##IPT##_f##FPT(                                           \
      const float* in, const float* filt, float* out, int n, int ci, int h, int w, int co, int f, \
      int s, int pad, int ho, int wo) {                                                           \
    conv_chwn<IPT, FPT>(in, filt, out, n, ci, h, w, co, f, s, pad, ho, wo);                       \
  }
CONV_CHWN_ENTRY(4, 8)
CONV_CHWN_ENTRY(4, 4)
CONV_CHWN_ENTRY(2, 8)
CONV_CHWN_ENTRY(1, 8)

// im2col over images img0 .. img0 + g - 1 of the NCHW input: cols[(c F + ky) F + kx][j] with
// column j = (image - img0) Ho Wo + oy Wo + ox. One thread per (channel, column); consecutive
// threads write consecutive columns.
extern "C" __global__ void im2col_nchw(const float* __restrict__ in, float* __restrict__ cols,
                                       int g, int img0, int ci, int h, int w, int f, int s, int pad,
                                       int ho, int wo) {
  const int pixels = ho * wo;
  const int ncols = g * pixels;
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= ci * ncols) return;
  const int c = idx / ncols;
  const int j = idx - c * ncols;
  const int img = j / pixels;
  const int p = j - img * pixels;
  const int oy = p / wo;
  const int ox = p - oy * wo;
  const float* src = in + ((size_t)(img0 + img) * ci + c) * h * w;
  float* dst = cols + (size_t)c * f * f * ncols + j;
  for (int ky = 0; ky < f; ++ky) {
    const int iy = oy * s - pad + ky;
    for (int kx = 0; kx < f; ++kx) {
      const int ix = ox * s - pad + kx;
      const bool inside = iy >= 0 && iy < h && ix >= 0 && ix < w;
      dst[(size_t)(ky * f + kx) * ncols] = inside ? src[iy * w + ix] : 0.0f;
    }
  }
}

// C = A B with A = filters [co][taps] (row-major), B = cols [taps][ncols]; result column j is
// pixel j % (Ho Wo) of image img0 + j / (Ho Wo), written to out[image][row][pixel] (NCHW).
// Block 16 x 16, tile 64 x 64, each thread the 4 x 4 results of rows 4 ty .. and columns 4 tx ..
extern "C" __global__ void conv_nchw_gemm(const float* __restrict__ a, const float* __restrict__ b,
                                          float* __restrict__ out, int co, int taps, int ncols,
                                          int pixels, int img0) {
  __shared__ __align__(16) float sh_a[GEMM_TK][GEMM_TM + GEMM_PAD];  // transposed: [k][row]
  __shared__ __align__(16) float sh_b[GEMM_TK][GEMM_TN];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int tid = ty * 16 + tx;
  const int row0 = blockIdx.y * GEMM_TM;
  const int col0 = blockIdx.x * GEMM_TN;

  float acc[4][4];
#pragma unroll
  for (int r = 0; r < 4; ++r) {
#pragma unroll
    for (int c = 0; c < 4; ++c) acc[r][c] = 0.0f;
  }

  for (int k0 = 0; k0 < taps; k0 += GEMM_TK) {
    // A tile: 64 rows x 16 taps, read along the taps (16 consecutive floats per half-warp).
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const int kk = tid % GEMM_TK;
      const int r = tid / GEMM_TK + 16 * q;
      const int row = row0 + r;
      const int k = k0 + kk;
      sh_a[kk][r] = (row < co && k < taps) ? a[(size_t)row * taps + k] : 0.0f;
    }
    // B tile: 16 taps x 64 columns, read along the columns (coalesced).
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const int kk = tid / GEMM_TN + 4 * q;
      const int c = tid % GEMM_TN;
      const int k = k0 + kk;
      const int col = col0 + c;
      sh_b[kk][c] = (k < taps && col < ncols) ? b[(size_t)k * ncols + col] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < GEMM_TK; ++kk) {
      const float4 av = *reinterpret_cast<const float4*>(&sh_a[kk][ty * 4]);
      const float4 bv = *reinterpret_cast<const float4*>(&sh_b[kk][tx * 4]);
      const float ar[4] = {av.x, av.y, av.z, av.w};
      const float br[4] = {bv.x, bv.y, bv.z, bv.w};
#pragma unroll
      for (int r = 0; r < 4; ++r) {
#pragma unroll
        for (int c = 0; c < 4; ++c) acc[r][c] = __fmaf_rn(ar[r], br[c], acc[r][c]);
      }
    }
    __syncthreads();
  }

#pragma unroll
  for (int r = 0; r < 4; ++r) {
    const int row = row0 + ty * 4 + r;
    if (row >= co) continue;
#pragma unroll
    for (int c = 0; c < 4; ++c) {
      const int col = col0 + tx * 4 + c;
      if (col >= ncols) continue;
      const int img = col / pixels;
      const int p = col - img * pixels;
      out[((size_t)(img0 + img) * co + row) * pixels + p] = acc[r][c];
    }
  }
}

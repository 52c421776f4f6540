// cnn/pool-*: max pooling of a 4-D activation tensor (seed 000, Chao Li's thesis, Ch. 5:
// "Memory Issue A: Data Layout", §5.4.2, and "Optimization on Pooling Layers", §5.5.1; the
// layers of its Table 5.1). Every output is the maximum of an F x F window of one image's
// feature map, windows S apart (overlapping when F > S), clipped at the image's bottom and right
// edges, as Caffe and cuda-convnet clip them: OH = ceil((H - F) / S) + 1 outputs per column.
// Three kernels (driver.cc launches them):
//
// - pool_nchw: the NCHW layout (Caffe's and cuDNN's), one thread per output, Caffe's
//   MaxPoolForward mapping: the flat output index (n, c, oy, ox) with ox fastest, a grid-stride
//   loop over it, 512-thread blocks (CAFFE_CUDA_NUM_THREADS). A warp's 32 threads read windows
//   S floats apart in one row (and spill into the next rows and maps): strided, uncoalesced.
// - pool_chwn_i{4,2}_f4: the CHWN layout (cuda-convnet's, N innermost), cuda-convnet2's
//   kLocalPool mapping: blocks of 32 x 4 threads, one output position (ox, oy) per block;
//   threadIdx.x picks an image, each thread handles imgsPerThread images 32 apart (4 when
//   N % 128 == 0, 2 when N % 64 == 0) and filtersPerThread = 4 consecutive feature maps
//   (N % 16 == 0), threadIdx.y picks the group of 4 maps. A warp's 32 threads read 32
//   consecutive images of one pixel: one 128-byte line per load.
// - pool_chwn_opt_f{F}_s{S}_e{EX}x{EY}: the thesis's optimized CHWN kernel: working-set
//   expansion (thread coarsening) along both spatial directions. Each thread computes a tile of
//   EX x EY outputs (EX along W, EY along H) of one image and one map, and loads every input of
//   the tile's ((EX-1)S+F) x ((EY-1)S+F) window once: row by row into registers, from which it
//   takes each output's horizontal maximum and folds it into the vertical maxima of the output
//   rows whose windows hold that input row. Overlapping windows (F > S) then share loads instead
//   of each output loading its F x F window (the thesis's Fig. 5.8: window 4, stride 2, 12
//   inputs and 5 outputs take 20 loads, 12 of them needed). F, S, EX and EY are template
//   parameters so that the loops unroll and the window lives in registers; the expansion
//   factors are the variants an auto-tuner climbs (start at 2, raise while it gets faster). One
//   image and one map per thread (imgsPerThread = filtersPerThread = 1), 32 x 4 blocks as
//   cuda-convnet's (x: 32 consecutive images, y: 4 maps), one tile per block.
//
// No code is taken from Caffe or cuda-convnet; the mappings above are their published launch
// shapes. Sizes are kernel parameters, so one PTX serves every layer and size.

#define POOL_NEG_MAX (-3.402823466e38f)  // -FLT_MAX: below every input (Caffe's initial max)

// ---- NCHW: one thread per output (Caffe) ----

extern "C" __global__ void pool_nchw(const float* in, float* out, int total, int C, int H, int W,
                                     int F, int S, int OH, int OW) {
  for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < total;
       index += blockDim.x * gridDim.x) {
    const int ox = index % OW;
    const int oy = (index / OW) % OH;
    const int c = (index / (OW * OH)) % C;
    const int n = index / (OW * OH * C);
    const int y0 = oy * S;
    const int x0 = ox * S;
    const int y1 = min(y0 + F, H);
    const int x1 = min(x0 + F, W);
    const float* plane = in + (n * C + c) * H * W;
    float m = POOL_NEG_MAX;
    for (int y = y0; y < y1; ++y) {
      for (int x = x0; x < x1; ++x) {
        const float v = plane[y * W + x];
        if (v > m) m = v;
      }
    }
    out[index] = m;
  }
}

// ---- CHWN: cuda-convnet's mapping ----

// IPT images (32 apart) and FPT consecutive maps per thread, one output position per block.
template <int IPT, int FPT>
__device__ void pool_chwn(const float* in, float* out, int N, int C, int H, int W, int F, int S,
                          int OH, int OW) {
  const int img_blocks = N / (32 * IPT);
  const int map_blocks = C / (4 * FPT);
  const int ox = blockIdx.x / img_blocks;
  const int oy = blockIdx.y / map_blocks;
  const int n = (blockIdx.x % img_blocks) * 32 * IPT + threadIdx.x;
  const int c = (blockIdx.y % map_blocks) * 4 * FPT + threadIdx.y * FPT;
  const int plane = H * W * N;  // floats per feature map
  const float* src = in + c * plane + n;
  const int y0 = oy * S;
  const int x0 = ox * S;
  const int y1 = min(y0 + F, H);
  const int x1 = min(x0 + F, W);
  float acc[FPT][IPT];
#pragma unroll
  for (int f = 0; f < FPT; ++f) {
#pragma unroll
    for (int i = 0; i < IPT; ++i) acc[f][i] = POOL_NEG_MAX;
  }
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const float* pixel = src + (y * W + x) * N;
#pragma unroll
      for (int f = 0; f < FPT; ++f) {
#pragma unroll
        for (int i = 0; i < IPT; ++i) acc[f][i] = fmaxf(acc[f][i], pixel[f * plane + i * 32]);
      }
    }
  }
  const int out_plane = OH * OW * N;
  float* dst = out + c * out_plane + (oy * OW + ox) * N + n;
#pragma unroll
  for (int f = 0; f < FPT; ++f) {
#pragma unroll
    for (int i = 0; i < IPT; ++i) dst[f * out_plane + i * 32] = acc[f][i];
  }
}

extern "C" __global__ void pool_chwn_i4_f4(const float* in, float* out, int N, int C, int H, int W,
                                           int F, int S, int OH, int OW) {
  pool_chwn<4, 4>(in, out, N, C, H, W, F, S, OH, OW);
}

extern "C" __global__ void pool_chwn_i2_f4(const float* in, float* out, int N, int C, int H, int W,
                                           int F, int S, int OH, int OW) {
  pool_chwn<2, 4>(in, out, N, C, H, W, F, S, OH, OW);
}

// ---- CHWN with working-set expansion (the thesis's Opt) ----

// One image, one map, a tile of EX x EY outputs per thread; tiles_x = ceil(OW / EX) tiles per
// output row. Block (32, 4); grid ((N / 32) * tiles_x, (C / 4) * tiles_y).
template <int F, int S, int EX, int EY>
__device__ void pool_chwn_opt(const float* in, float* out, int N, int C, int H, int W, int OH,
                              int OW) {
  constexpr int kRowW = (EX - 1) * S + F;   // input columns the tile's windows span
  constexpr int kRowsH = (EY - 1) * S + F;  // input rows they span
  const int img_blocks = N / 32;
  const int map_blocks = C / 4;
  const int ox0 = (blockIdx.x / img_blocks) * EX;
  const int oy0 = (blockIdx.y / map_blocks) * EY;
  const int n = (blockIdx.x % img_blocks) * 32 + threadIdx.x;
  const int c = (blockIdx.y % map_blocks) * 4 + threadIdx.y;
  const float* src = in + c * H * W * N + n;
  const int x0 = ox0 * S;
  const int y0 = oy0 * S;
  float acc[EY][EX];
#pragma unroll
  for (int i = 0; i < EY; ++i) {
#pragma unroll
    for (int j = 0; j < EX; ++j) acc[i][j] = POOL_NEG_MAX;
  }
  // The tile's span inside the image: rows y0 .. y0 + rows_in - 1, columns x0 .. x0 + cols_in - 1
  // (the windows are clipped at the bottom and right edges; the branches below are uniform
  // across a block, whose threads differ only in image and map).
  const int rows_in = H - y0;
  const int cols_in = W - x0;
  const float* row_start = src + (y0 * W + x0) * N;
  const int row_step = W * N;
#pragma unroll
  for (int r = 0; r < kRowsH; ++r) {
    if (r < rows_in) {
      // The row's inputs, each loaded once; columns past the edge do not take part.
      float row[kRowW];
      const float* p = row_start;
#pragma unroll
      for (int k = 0; k < kRowW; ++k) {
        row[k] = k < cols_in ? *p : POOL_NEG_MAX;
        p += N;
      }
#pragma unroll
      for (int j = 0; j < EX; ++j) {
        // Output column j's window in this row: row[j*S .. j*S+F-1].
        float h = row[j * S];
#pragma unroll
        for (int k = 1; k < F; ++k) h = fmaxf(h, row[j * S + k]);
          // The output rows i whose windows hold input row r (decided at compile time).
#pragma unroll
        for (int i = 0; i < EY; ++i) {
          if (r >= i * S && r < i * S + F) acc[i][j] = fmaxf(acc[i][j], h);
        }
      }
    }
    row_start += row_step;
  }
#pragma unroll
  for (int i = 0; i < EY; ++i) {
#pragma unroll
    for (int j = 0; j < EX; ++j) {
      const int oy = oy0 + i;
      const int ox = ox0 + j;
      if (oy < OH && ox < OW) out[((c * OH + oy) * OW + ox) * N + n] = acc[i][j];
    }
  }
}

#define POOL_OPT_KERNEL(F, S, EX, EY)                                            \
  extern "C" __global__ void pool_chwn_opt_f##F##_s##S##_e##EX##x##EY(           \
      const float* in, float* out, int N, int C, int H, int W, int OH, int OW) { \
    pool_chwn_opt<F, S, EX, EY>(in, out, N, C, H, W, OH, OW);                    \
  }

// Table 5.1's windows: 2 x 2 and 3 x 3, stride 2; expansion 1..4 along each direction.
#define POOL_OPT_ROW(F, S, EY) \
  POOL_OPT_KERNEL(F, S, 1, EY) \
  POOL_OPT_KERNEL(F, S, 2, EY) \
  POOL_OPT_KERNEL(F, S, 3, EY) \
  POOL_OPT_KERNEL(F, S, 4, EY)
#define POOL_OPT_ALL(F, S) \
  POOL_OPT_ROW(F, S, 1)    \
  POOL_OPT_ROW(F, S, 2)    \
  POOL_OPT_ROW(F, S, 3)    \
  POOL_OPT_ROW(F, S, 4)

POOL_OPT_ALL(2, 2)
POOL_OPT_ALL(3, 2)

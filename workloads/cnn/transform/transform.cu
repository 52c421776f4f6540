// cnn/transform-*: the CHWN -> NCHW data layout transformation of seed 000 Ch. 5 (Chao Li's
// thesis, §5.4.3, Fig. 5.7), in the thesis's three versions:
//
//  - transform_naive (Fig. 5.7a): a 4-D thread mapping, one thread per element: grid (W, H, C),
//    one block of N threads per (c, y, x); thread n reads in[c][y][x][n] (a warp reads 32
//    consecutive floats) and writes out[n][c][y][x], 32 addresses C H W floats apart, so every
//    write of a warp is 32 separate transactions.
//  - transform_opt1 (Fig. 5.7b, steps 1 and 2): C, H and W keep their relative order in both
//    layouts, so the 4-D transform is the 2-D transpose of [C H W][N] into [N][C H W]. A block of
//    32 x 8 threads transposes a 32 x 32 tile through shared memory padded to 33 columns (so
//    reading a tile column touches 32 different banks): reads are coalesced along N, writes
//    along C H W.
//  - transform_opt2 (step 3): opt1 with float2 vectors: each thread reads two neighbouring
//    images' values as one float2, a block's tile is 32 rows x 64 images (float2 sh[32][33]),
//    and each float2 of the tile is written to two consecutive output rows. Reading a tile column
//    of float2s is one pass in Kepler's 8-byte shared-memory bank mode and two in the 4-byte
//    mode. Needs N a multiple of 64 (the thesis applies it for large N only).
//
// Grids: naive (W, H, C) x N threads; opt1 (ceil(CHW / 32), N / 32) x (32, 8); opt2
// (ceil(CHW / 32), N / 64) x (32, 8). The kernels move floats and compute nothing.

#define TILE 32
#define TILE_ROWS 8  // threadIdx.y; each thread moves TILE / TILE_ROWS elements (or float2s)

extern "C" __global__ void transform_naive(const float* __restrict__ in, float* __restrict__ out) {
  const int n = threadIdx.x;
  const int x = blockIdx.x;
  const int y = blockIdx.y;
  const int c = blockIdx.z;
  const size_t chw = (size_t)gridDim.z * gridDim.y * gridDim.x;
  const size_t pos = ((size_t)c * gridDim.y + y) * gridDim.x + x;  // c H W + y W + x
  out[n * chw + pos] = in[pos * blockDim.x + n];
}

extern "C" __global__ void transform_opt1(const float* __restrict__ in, float* __restrict__ out,
                                          int rows, int n) {
  __shared__ float tile[TILE][TILE + 1];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int row0 = blockIdx.x * TILE;  // first position in C H W
  const int img0 = blockIdx.y * TILE;  // first image
#pragma unroll
  for (int j = 0; j < TILE; j += TILE_ROWS) {
    const int row = row0 + ty + j;
    if (row < rows) tile[ty + j][tx] = in[(size_t)row * n + img0 + tx];
  }
  __syncthreads();
  const int row = row0 + tx;
  if (row >= rows) return;
#pragma unroll
  for (int j = 0; j < TILE; j += TILE_ROWS) {
    out[(size_t)(img0 + ty + j) * rows + row] = tile[tx][ty + j];
  }
}

extern "C" __global__ void transform_opt2(const float2* __restrict__ in, float* __restrict__ out,
                                          int rows, int n) {
  __shared__ float2 tile[TILE][TILE + 1];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int row0 = blockIdx.x * TILE;
  const int img0 = blockIdx.y * 2 * TILE;  // 64 images: float2 columns 0 .. 31
  const int n2 = n / 2;                    // float2s per input row
#pragma unroll
  for (int j = 0; j < TILE; j += TILE_ROWS) {
    const int row = row0 + ty + j;
    if (row < rows) tile[ty + j][tx] = in[(size_t)row * n2 + img0 / 2 + tx];
  }
  __syncthreads();
  const int row = row0 + tx;
  if (row >= rows) return;
#pragma unroll
  for (int j = 0; j < TILE; j += TILE_ROWS) {
    const int pair = ty + j;  // images img0 + 2 pair and img0 + 2 pair + 1
    const float2 v = tile[tx][pair];
    out[(size_t)(img0 + 2 * pair) * rows + row] = v.x;
    out[(size_t)(img0 + 2 * pair + 1) * rows + row] = v.y;
  }
}

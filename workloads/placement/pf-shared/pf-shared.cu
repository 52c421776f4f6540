// placement/pf-shared: Rodinia's PathFinder (dynproc_kernel), the shared-memory side of seed 000's
// PF case study (Chao Li's thesis, Ch.2 §2.3.4, Fig. 2.7a; Table 2.2: threads (256,1), blocks
// (19,1), 4096 columns x 100 rows, pyramid height 20). The minimum-cost path through a grid of
// integer weights, row by row: each cell adds its weight to the least of the three cells above
// it. One launch advances up to `iteration` (the pyramid height) rows: a 256-thread block loads
// 256 columns of the current row into shared `prev`, then repeats for each row: compute into
// shared `result`, barrier, copy result to prev, barrier. Each row invalidates one more column
// at either edge of the block (a ghost zone), so blocks overlap by 2 x pyramid height columns
// and each writes the 256 - 2 x iteration columns in its middle. `prev` and `result` are
// 2 x 256 x 4 B = 2 KB of shared memory per block.
// Launches: ../pf-shared/pf_host.h.

#define PF_BLOCK 256
#define PF_IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

extern "C" __global__ void pf_shared_dynproc(int iteration, const int* wall, const int* src,
                                             int* dst, int cols, int rows, int start_step,
                                             int border) {
  __shared__ int prev[PF_BLOCK];
  __shared__ int result[PF_BLOCK];
  const int tx = threadIdx.x;
  // The block's columns: it starts `border` columns left of the first one it writes; where it
  // hangs over the grid's edges, its valid threads are fewer.
  const int small_block_cols = PF_BLOCK - iteration * 2;
  const int blk_x = small_block_cols * blockIdx.x - border;
  const int blk_x_max = blk_x + PF_BLOCK - 1;
  const int xidx = blk_x + tx;
  const int valid_min = blk_x < 0 ? -blk_x : 0;
  const int valid_max = blk_x_max > cols - 1 ? PF_BLOCK - 1 - (blk_x_max - cols + 1) : PF_BLOCK - 1;
  // Neighbours, clamped to the grid (a cell at the edge has two candidates above it).
  const int west = tx - 1 < valid_min ? valid_min : tx - 1;
  const int east = tx + 1 > valid_max ? valid_max : tx + 1;
  const bool is_valid = PF_IN_RANGE(tx, valid_min, valid_max);

  if (PF_IN_RANGE(xidx, 0, cols - 1)) prev[tx] = src[xidx];
  __syncthreads();
  bool computed = false;
  for (int i = 0; i < iteration; ++i) {
    computed = false;
    if (PF_IN_RANGE(tx, i + 1, PF_BLOCK - i - 2) && is_valid) {
      computed = true;
      const int left = prev[west];
      const int up = prev[tx];
      const int right = prev[east];
      int shortest = left < up ? left : up;
      shortest = shortest < right ? shortest : right;
      result[tx] = shortest + wall[cols * (start_step + i) + xidx];
    }
    __syncthreads();
    if (i == iteration - 1) break;
    if (computed) prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed) dst[xidx] = result[tx];
}

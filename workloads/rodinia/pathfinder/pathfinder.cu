// rodinia/pathfinder: dynamic programming over a grid of integer weights, after Rodinia 3.x's
// PathFinder (dynproc_kernel): the minimum cost of reaching each column of the last row, moving
// one row down per step to the same or a neighbouring column. One launch advances `iteration`
// rows (the pyramid height): a block of 256 threads loads 256 consecutive columns of the
// current costs into shared memory and computes `iteration` rows in place, its valid range
// shrinking by one column on each side per row (ghost zones), so only the middle
// 256 - 2 * iteration columns it writes are exact; neighbouring blocks overlap by the ghost zones.
// Block 256 x 1 (BLOCK_SIZE = 256, HALO = 1 in Rodinia's pathfinder.cu); grid: one block per
// 256 - 2 * pyramid_height output columns (driver: pathfinder_host.h).

#define PF_BLOCK 256

extern "C" __global__ void dynproc_kernel(int iteration, const int* wall, const int* src,
                                          int* dst, int cols, int rows, int start_step,
                                          int border) {
  __shared__ int prev[PF_BLOCK];
  __shared__ int result[PF_BLOCK];
  const int tx = threadIdx.x;
  // Columns this block's threads stand on: the block's own output columns and the ghost zones.
  const int out_cols = PF_BLOCK - 2 * iteration;
  const int first = out_cols * (int)blockIdx.x - border;
  const int last = first + PF_BLOCK - 1;
  const int col = first + tx;
  // The part of the block inside the grid.
  const int lo = first < 0 ? -first : 0;
  const int hi = last > cols - 1 ? PF_BLOCK - 1 - (last - (cols - 1)) : PF_BLOCK - 1;
  const int west = tx - 1 < lo ? lo : tx - 1;
  const int east = tx + 1 > hi ? hi : tx + 1;
  const bool inside = tx >= lo && tx <= hi;

  if (col >= 0 && col <= cols - 1) prev[tx] = src[col];
  __syncthreads();
  bool computed = false;
  for (int i = 0; i < iteration; ++i) {
    computed = false;
    if (inside && tx >= i + 1 && tx <= PF_BLOCK - 2 - i) {
      computed = true;
      int best = prev[west] <= prev[tx] ? prev[west] : prev[tx];
      best = best <= prev[east] ? best : prev[east];
      result[tx] = best + wall[cols * (start_step + i) + col];
    }
    __syncthreads();
    if (i == iteration - 1) break;
    if (computed) prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed) dst[col] = result[tx];
}

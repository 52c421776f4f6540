// placement/pf-dcache-sync: seed 000's PF D-cache version with the barrier kept (Chao Li's
// thesis, Ch.2 §2.3.4: "If we do not remove the __syncthreads() instruction from the D-cache
// version ... it still outperforms the shared-memory version by 6.5%"; Ch.3 §3.4: 7% on the
// GTX480). Rodinia PathFinder as placement/pf-shared, with the shared array `result`, which each
// thread only accesses at its own index, replaced by a register (Fig. 2.7b) and both barriers
// per row kept, so a single shared `prev` row (1 KB per block) stays race-free.
// Launches, sizes and check: ../pf-shared/pf_host.h.

#define PF_BLOCK 256
#define PF_IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

extern "C" __global__ void pf_dcache_sync_dynproc(int iteration, const int* wall, const int* src,
                                                  int* dst, int cols, int rows, int start_step,
                                                  int border) {
  __shared__ int prev[PF_BLOCK];
  const int tx = threadIdx.x;
  const int small_block_cols = PF_BLOCK - iteration * 2;
  const int blk_x = small_block_cols * blockIdx.x - border;
  const int blk_x_max = blk_x + PF_BLOCK - 1;
  const int xidx = blk_x + tx;
  const int valid_min = blk_x < 0 ? -blk_x : 0;
  const int valid_max = blk_x_max > cols - 1 ? PF_BLOCK - 1 - (blk_x_max - cols + 1) : PF_BLOCK - 1;
  const int west = tx - 1 < valid_min ? valid_min : tx - 1;
  const int east = tx + 1 > valid_max ? valid_max : tx + 1;
  const bool is_valid = PF_IN_RANGE(tx, valid_min, valid_max);

  if (PF_IN_RANGE(xidx, 0, cols - 1)) prev[tx] = src[xidx];
  __syncthreads();
  bool computed = false;
  int result = 0;
  for (int i = 0; i < iteration; ++i) {
    computed = false;
    if (PF_IN_RANGE(tx, i + 1, PF_BLOCK - i - 2) && is_valid) {
      computed = true;
      const int left = prev[west];
      const int up = prev[tx];
      const int right = prev[east];
      int shortest = left < up ? left : up;
      shortest = shortest < right ? shortest : right;
      result = shortest + wall[cols * (start_step + i) + xidx];
    }
    __syncthreads();  // the neighbours have read prev[tx] before it is overwritten
    if (i == iteration - 1) break;
    if (computed) prev[tx] = result;
    __syncthreads();
  }
  if (computed) dst[xidx] = result;
}

// placement/pf-dcache: the "D-cache version" of placement/pf-shared (Rodinia's PathFinder), after
// seed 000 (Chao Li's thesis, Ch.2 §2.3.4, Fig. 2.7b; Ch.3 pattern 1): the shared array
// `result`, which each thread only ever accesses at its own index, becomes a register, and the
// barrier between computing it and copying it into `prev` goes. `prev` is read at tx - 1 and
// tx + 1, so it is genuinely shared and stays in shared memory (the thesis reports that moving
// it to global memory is 15.7% slower on the GTX480).
// One departure from Fig. 2.7b, for correctness: the removed barrier did not only guard the
// private `result`; it also kept a thread from overwriting prev[tx] before its neighbours in
// other warps had read it for the same row (a write-after-read race across warp boundaries,
// e.g. threads 31 and 32). With a single `prev` row, removing it gives results that depend on
// the warp schedule (tried: wrong in functional mode, right by chance in timing mode on
// gtx480). So `prev` is double-buffered here: row i is read from prev[i & 1] and written to
// prev[(i + 1) & 1] (the loop body does two rows, so each buffer's address is fixed), and one
// barrier per row (the one the thesis keeps) orders both the reads before the next overwrite
// and the writes before the next reads. Shared memory stays at 2 KB per block (2 x 256 x 4 B,
// the size of prev + result in pf-shared), and each row costs one barrier and no shared
// store/load of `result`, as in the thesis' version. (placement/pf-dcache-sync is Fig. 2.7b with
// the barrier kept instead.)
// Launches, sizes and check: ../pf-shared/pf_host.h.

#define PF_BLOCK 256
#define PF_IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

// Row i of a launch: thread tx computes its cell from the row in `from` (if it is still inside
// the pyramid), and unless this was the launch's last row, stores it into `to` and meets the
// others at the row's one barrier. Returns false after the last row.
__device__ __forceinline__ bool pf_row(int i, int iteration, const int* from, int* to, int tx,
                                       int west, int east, bool is_valid, const int* wall_row,
                                       bool& computed, int& result) {
  computed = false;
  if (PF_IN_RANGE(tx, i + 1, PF_BLOCK - i - 2) && is_valid) {
    computed = true;
    const int left = from[west];
    const int up = from[tx];
    const int right = from[east];
    int shortest = left < up ? left : up;
    shortest = shortest < right ? shortest : right;
    result = shortest + *wall_row;
  }
  if (i == iteration - 1) return false;
  if (computed) to[tx] = result;
  __syncthreads();
  return true;
}

extern "C" __global__ void pf_dcache_dynproc(int iteration, const int* wall, const int* src,
                                             int* dst, int cols, int rows, int start_step,
                                             int border) {
  __shared__ int prev[2][PF_BLOCK];
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

  if (PF_IN_RANGE(xidx, 0, cols - 1)) prev[0][tx] = src[xidx];
  __syncthreads();
  bool computed = false;
  int result = 0;
  // Two rows per trip, so that each buffer's role (and address) is fixed in the code rather than
  // computed from i & 1 every row.
  for (int i = 0; i < iteration; i += 2) {
    if (!pf_row(i, iteration, prev[0], prev[1], tx, west, east, is_valid,
                &wall[cols * (start_step + i) + xidx], computed, result)) {
      break;
    }
    if (!pf_row(i + 1, iteration, prev[1], prev[0], tx, west, east, is_valid,
                &wall[cols * (start_step + i + 1) + xidx], computed, result)) {
      break;
    }
  }
  if (computed) dst[xidx] = result;
}

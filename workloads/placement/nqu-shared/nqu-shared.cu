// placement/nqu-shared: N-queens solution counts, the shared-memory version of seed 000 Ch. 2's
// NQU (GPGPU-Sim's ISPASS-2009 suite, Ping-Che Chen's solve_nqueen_cuda_kernel): 96-thread
// blocks (THREAD_NUM), one start per thread. A start is the three attack masks (columns, left
// and right diagonals, as bit masks) of the first row the host left open; the thread finishes
// the board by an iterative depth-first search whose stack (the masks of every level and the
// columns already tried there) is kept in shared memory as four arrays [96][10] (thread-major:
// a thread's levels are consecutive words, as in the original), then a barrier-separated tree
// sum of the threads' counts in a fifth array sum[96] gives the block's count. Shared memory:
// 4 x 96 x 10 x 4 B + 96 x 4 B = 15744 B per block, seed 000 Table 3.3's figure for NQU.
// The kernel also writes each start's count (not in the original; the host checks it).
// Launch, starts and check: nqu_host.h.

#define NQU_THREADS 96  // THREAD_NUM
#define NQU_LEVELS 10   // the deepest search one thread does (the host leaves <= 10 rows)

extern "C" __global__ void nqu_shared_kernel(int n, int rows_left, const unsigned* start_mask,
                                             const unsigned* start_l, const unsigned* start_r,
                                             unsigned* block_counts, unsigned* start_counts,
                                             int starts) {
  __shared__ unsigned mask[NQU_THREADS][NQU_LEVELS];    // columns taken, per level
  __shared__ unsigned l_mask[NQU_THREADS][NQU_LEVELS];  // attacked along one diagonal
  __shared__ unsigned r_mask[NQU_THREADS][NQU_LEVELS];  // attacked along the other
  __shared__ unsigned m[NQU_THREADS][NQU_LEVELS];       // blocked or already tried
  __shared__ unsigned sum[NQU_THREADS];
  const int tid = threadIdx.x;
  const int idx = blockIdx.x * blockDim.x + tid;
  const unsigned full = (1u << n) - 1;  // one bit per column
  unsigned total = 0;
  if (idx < starts) {
    int i = 0;
    mask[tid][0] = start_mask[idx];
    l_mask[tid][0] = start_l[idx];
    r_mask[tid][0] = start_r[idx];
    m[tid][0] = mask[tid][0] | l_mask[tid][0] | r_mask[tid][0];
    while (i >= 0) {
      if ((m[tid][i] & full) == full) {  // no column left on this row: back up
        --i;
        continue;
      }
      const unsigned bit = (m[tid][i] + 1) & ~m[tid][i];  // the lowest free column
      m[tid][i] |= bit;
      if ((bit & full) == 0) {
        --i;
      } else if (i + 1 == rows_left) {  // the last row: a solution (it has no other free column)
        ++total;
        --i;
      } else {  // place the queen and go down a row
        mask[tid][i + 1] = mask[tid][i] | bit;
        l_mask[tid][i + 1] = (l_mask[tid][i] | bit) << 1;
        r_mask[tid][i + 1] = (r_mask[tid][i] | bit) >> 1;
        m[tid][i + 1] = mask[tid][i + 1] | l_mask[tid][i + 1] | r_mask[tid][i + 1];
        ++i;
      }
    }
    start_counts[idx] = total;
  }
  sum[tid] = total;
  __syncthreads();
  // The original's reduction: 96 -> 64 -> 32 -> ... -> 1, a barrier after every step.
  if (tid < 64 && tid + 64 < NQU_THREADS) sum[tid] += sum[tid + 64];
  __syncthreads();
  for (int half = 32; half > 0; half >>= 1) {
    if (tid < half) sum[tid] += sum[tid + half];
    __syncthreads();
  }
  if (tid == 0) block_counts[blockIdx.x] = sum[0];
}

// scratchpad/nqueen: counting the solutions of the N-queens problem, after GPGPU-Sim's NQU
// benchmark (solve_nqueen_cuda_kernel) as seed 002 (Jatala et al., Table 1) runs it: 64-thread
// blocks (THREAD_NUM 96 -> 64, Table 3) and five shared arrays, 10496 bytes per block. The host
// places the queens of the first rows in every legal way; each thread takes one such start and
// finishes the board by depth-first search with bit masks (the columns and the two diagonals
// attacked), keeping its stack in shared memory: the masks and the candidate set of every level
// (mask, l_mask, r_mask, m: 10 levels x 64 threads each), then a tree sum of the threads' counts
// (sum[64]) gives the block's count.

constexpr int kThreads = 64;  // THREAD_NUM
constexpr int kLevels = 10;   // the deepest search a thread does

extern "C" __global__ void solve_nqueen_kernel(int rows_left, unsigned full,
                                               const unsigned* start_mask,
                                               const unsigned* start_l, const unsigned* start_r,
                                               unsigned* block_counts, int starts) {
  __shared__ unsigned mask[kLevels * kThreads];
  __shared__ unsigned l_mask[kLevels * kThreads];
  __shared__ unsigned r_mask[kLevels * kThreads];
  __shared__ unsigned m[kLevels * kThreads];
  __shared__ unsigned sum[kThreads];
  const int tid = threadIdx.x;
  const int start = blockIdx.x * kThreads + tid;
  unsigned count = 0;
  if (start < starts) {
    int level = 0;
    mask[tid] = start_mask[start];
    l_mask[tid] = start_l[start];
    r_mask[tid] = start_r[start];
    m[tid] = full & ~(mask[tid] | l_mask[tid] | r_mask[tid]);
    while (level >= 0) {
      const int at = level * kThreads + tid;
      const unsigned candidates = m[at];
      if (candidates == 0) {
        --level;
        continue;
      }
      const unsigned bit = candidates & (0u - candidates);
      m[at] = candidates ^ bit;
      if (level == rows_left - 1) {
        ++count;
        continue;
      }
      const int next = at + kThreads;
      mask[next] = mask[at] | bit;
      l_mask[next] = (l_mask[at] | bit) << 1;
      r_mask[next] = (r_mask[at] | bit) >> 1;
      m[next] = full & ~(mask[next] | l_mask[next] | r_mask[next]);
      ++level;
    }
  }
  sum[tid] = count;
  __syncthreads();
  for (int half = kThreads / 2; half > 0; half /= 2) {
    if (tid < half) sum[tid] += sum[tid + half];
    __syncthreads();
  }
  if (tid == 0) block_counts[blockIdx.x] = sum[0];
}

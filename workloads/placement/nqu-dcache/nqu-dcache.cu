// placement/nqu-dcache: N-queens solution counts, the D-cache version of placement/nqu-shared
// (seed 000 Ch. 2, category 2: intra-thread reuse). The four search-stack arrays, which a thread
// only ever accesses in its own row ([tid][level]), become per-thread arrays mask[10],
// l_mask[10], r_mask[10], m[10]; they are indexed by the search depth, known only at run time,
// so they live in local memory (cached by the L1D), not in registers. sum[96] is read across
// threads by the tree reduction, so it stays in shared memory (384 B per block instead of
// 15744 B: on gtx480 the block count per SM is no longer limited by shared memory; seed 000
// Ch. 3 likewise promotes 4 of NQU's 5 shared arrays). The search, the reduction and its
// barriers are as in nqu-shared. Launch, starts and check: ../nqu-shared/nqu_host.h.

#define NQU_THREADS 96
#define NQU_LEVELS 10

extern "C" __global__ void nqu_dcache_kernel(int n, int rows_left, const unsigned* start_mask,
                                             const unsigned* start_l, const unsigned* start_r,
                                             unsigned* block_counts, unsigned* start_counts,
                                             int starts) {
  unsigned mask[NQU_LEVELS];  // per-thread: local memory
  unsigned l_mask[NQU_LEVELS];
  unsigned r_mask[NQU_LEVELS];
  unsigned m[NQU_LEVELS];
  __shared__ unsigned sum[NQU_THREADS];
  const int tid = threadIdx.x;
  const int idx = blockIdx.x * blockDim.x + tid;
  const unsigned full = (1u << n) - 1;
  unsigned total = 0;
  if (idx < starts) {
    int i = 0;
    mask[0] = start_mask[idx];
    l_mask[0] = start_l[idx];
    r_mask[0] = start_r[idx];
    m[0] = mask[0] | l_mask[0] | r_mask[0];
    while (i >= 0) {
      if ((m[i] & full) == full) {
        --i;
        continue;
      }
      const unsigned bit = (m[i] + 1) & ~m[i];
      m[i] |= bit;
      if ((bit & full) == 0) {
        --i;
      } else if (i + 1 == rows_left) {
        ++total;
        --i;
      } else {
        mask[i + 1] = mask[i] | bit;
        l_mask[i + 1] = (l_mask[i] | bit) << 1;
        r_mask[i + 1] = (r_mask[i] | bit) >> 1;
        m[i + 1] = mask[i + 1] | l_mask[i + 1] | r_mask[i + 1];
        ++i;
      }
    }
    start_counts[idx] = total;
  }
  sum[tid] = total;
  __syncthreads();
  if (tid < 64 && tid + 64 < NQU_THREADS) sum[tid] += sum[tid + 64];
  __syncthreads();
  for (int half = 32; half > 0; half >>= 1) {
    if (tid < half) sum[tid] += sum[tid + half];
    __syncthreads();
  }
  if (tid == 0) block_counts[blockIdx.x] = sum[0];
}

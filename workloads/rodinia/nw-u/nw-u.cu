// rodinia/nw-u: the "/U" (unshared) variant of rodinia/nw (seed 004 Table 3: the same program
// rewritten to use global memory instead of shared memory): the same launches (Rodinia 3.x
// needle_cuda_shared_1 for block anti-diagonals of the upper-left triangle, needle_cuda_shared_2
// for the lower-right one, 16 threads per block) and the same anti-diagonal sweep with a barrier
// after each cell anti-diagonal, but each cell reads its three neighbours and its substitution
// score from the score and reference matrices in global memory and writes the score there; no
// shared memory, no copy-in or copy-out phase.

#define NW_BS 16

__device__ __forceinline__ int nw_max3(int a, int b, int c) {
  const int ab = a > b ? a : b;
  return ab > c ? ab : c;
}

__device__ __forceinline__ void nw_cell(const int* ref, int* score, int cols, int penalty, int at) {
  score[at] =
      nw_max3(score[at - cols - 1] + ref[at], score[at - 1] - penalty, score[at - cols] - penalty);
}

// Fills block (bx, by) of the block grid in place: cells rows by*16+1 .., columns bx*16+1 ...
__device__ void nw_block_global(const int* ref, int* score, int cols, int penalty, int bx, int by) {
  const int t = threadIdx.x;
  const int corner = by * NW_BS * cols + bx * NW_BS;  // the cell up and left of the block
  for (int d = 0; d < NW_BS; ++d) {  // anti-diagonals of the upper-left half, threads 0..d
    if (t <= d) nw_cell(ref, score, cols, penalty, corner + (d - t + 1) * cols + t + 1);
    __syncthreads();
  }
  for (int d = NW_BS - 2; d >= 0; --d) {  // the lower-right half, threads 0..d
    if (t <= d) nw_cell(ref, score, cols, penalty, corner + (NW_BS - t) * cols + t + NW_BS - d);
    __syncthreads();
  }
}

extern "C" __global__ void needle_cuda_shared_1(const int* ref, int* score, int cols, int penalty,
                                                int i, int block_width) {
  nw_block_global(ref, score, cols, penalty, blockIdx.x, i - 1 - blockIdx.x);
}

extern "C" __global__ void needle_cuda_shared_2(const int* ref, int* score, int cols, int penalty,
                                                int i, int block_width) {
  nw_block_global(ref, score, cols, penalty, blockIdx.x + block_width - i,
                  block_width - 1 - blockIdx.x);
}

// rodinia/nw: Needleman-Wunsch global sequence alignment, after Rodinia 3.x's CUDA NW
// (needle_kernel.cu): the (n+1) x (n+1) integer score matrix is filled in 16 x 16 blocks along
// block anti-diagonals, one launch per block anti-diagonal: needle_cuda_shared_1 for the upper-left
// triangle (launch i = 1 .. n/16 has i blocks), then needle_cuda_shared_2 for the lower-right one
// (i = n/16 - 1 .. 1). Each block has BLOCK_SIZE = 16 threads; it copies its upper and left
// borders and its 16 x 16 slice of the substitution scores into shared memory (temp[17][17],
// ref[16][16]), sweeps the block's 31 cell anti-diagonals with a barrier after each (thread t owns
// one cell of each), and writes its 16 x 16 cells back. Recurrence:
//   score[r][c] = max(score[r-1][c-1] + ref[r][c], score[r][c-1] - pen, score[r-1][c] - pen)
// `cols` = n + 1 is a kernel parameter. The body (nw_block.cuh) is a template on the block size;
// this file exports the Rodinia default 16, rodinia/nw-b32's nw-b32.cu the size 32.

#include "nw_block.cuh"

// Launch i of the upper-left triangle: i blocks on block anti-diagonal i - 1.
extern "C" __global__ void needle_cuda_shared_1(const int* ref, int* score, int cols, int penalty,
                                                int i, int block_width) {
  nw_block<16>(ref, score, cols, penalty, blockIdx.x, i - 1 - blockIdx.x);
}

// Launch i of the lower-right triangle: i blocks on block anti-diagonal 2 block_width - 1 - i.
extern "C" __global__ void needle_cuda_shared_2(const int* ref, int* score, int cols, int penalty,
                                                int i, int block_width) {
  nw_block<16>(ref, score, cols, penalty, blockIdx.x + block_width - i,
               block_width - 1 - blockIdx.x);
}

// rodinia/nw-b32: rodinia/nw's kernels with BLOCK_SIZE 32 (seed 002 Table 3: needle.h
// BLOCK_SIZE 32; 33^2 * 4 + 32^2 * 4 = 8452 bytes of shared memory per 32-thread block). The block
// body is rodinia/nw's (../nw/nw_block.cuh); launches as nw.cu's needle_cuda_shared_1/_2.

#include "../nw/nw_block.cuh"

// Launch i of the upper-left triangle: i blocks on block anti-diagonal i - 1.
extern "C" __global__ void needle_cuda_shared_1_b32(const int* ref, int* score, int cols,
                                                    int penalty, int i, int block_width) {
  nw_block<32>(ref, score, cols, penalty, blockIdx.x, i - 1 - blockIdx.x);
}

// Launch i of the lower-right triangle: i blocks on block anti-diagonal 2 block_width - 1 - i.
extern "C" __global__ void needle_cuda_shared_2_b32(const int* ref, int* score, int cols,
                                                    int penalty, int i, int block_width) {
  nw_block<32>(ref, score, cols, penalty, blockIdx.x + block_width - i,
               block_width - 1 - blockIdx.x);
}

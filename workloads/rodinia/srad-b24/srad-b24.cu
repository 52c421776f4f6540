// rodinia/srad-b24: rodinia/srad's kernels with BLOCK_SIZE 24 (seed 002 Table 3: srad.h
// BLOCK_SIZE 16 -> 24): 24 x 24-thread blocks, srad_cuda_1's six 24 x 24 float tiles (13824 B)
// and srad_cuda_2's five (11520 B; Table 1: SRAD1, SRAD2).

#define SB 24
#include "../srad/srad.cu"

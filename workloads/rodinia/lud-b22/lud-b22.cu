// rodinia/lud-b22: rodinia/lud's kernels with BLOCK_SIZE 22 (seed 002 Table 5: lud_internal with
// two 22 x 22 float tiles, 3872 bytes per 484-thread block).

#define LUD_BS 22
#include "../lud/lud.cu"

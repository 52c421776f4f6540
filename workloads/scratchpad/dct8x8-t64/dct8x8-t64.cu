// scratchpad/dct8x8-t64: dct8x8.cu's kernels with 64 x 32 float tiles (row stride 65: 32 x 65 x
// 4 = 8320 bytes, 256-thread blocks (8, 8, 4)), seed 002's DCT1 and DCT2 of Table 5 (its 48 and
// 64 KB runs); the fixed-point kernels as in dct8x8.

#define FLOAT_TILE_W 64
#define FLOAT_TILE_H 32
#include "../dct8x8/dct8x8.cu"

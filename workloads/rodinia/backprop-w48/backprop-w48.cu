// rodinia/backprop-w48: rodinia/backprop's kernels with the shared arrays' WIDTH and HEIGHT
// raised 16 -> 48 (seed 002 Table 3: backprop.h WIDTH, HEIGHT 16 -> 48): input_node[48] and
// weight_matrix[48][48], 48 * 4 + 48^2 * 4 = 9408 bytes per 256-thread block (Table 1), of which
// the 16 x 16 threads use the first 16 x 16 (rows 48 floats apart).

#define BACKPROP_DIM 48
#include "../backprop/backprop.cu"

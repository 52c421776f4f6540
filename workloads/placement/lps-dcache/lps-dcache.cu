// placement/lps-dcache: the D-cache version (seed 000 Ch. 2, category 1) of placement/lps-shared,
// one Jacobi sweep of Mike Giles' 3D Laplace solver: the same 32 x 4 blocks marching along z
// and the same three-plane buffer with its halo, indices and barriers, but the buffer is a
// per-block region of a global scratch array (LPS_REGION = 640 words, 20 lines, at
// scratch + 640 (blockIdx.x + gridDim.x blockIdx.y)), cached implicitly by the L1D, instead of
// shared memory. The barriers stay: threads read the points and halo other threads stored.
// The algorithm: ../lps-shared/lps_device.cuh.

#include "../lps-shared/lps_device.cuh"

extern "C" __global__ void __launch_bounds__(LPS_BX* LPS_BY)
    lps_dcache_kernel(int nx, int ny, int nz, int pitch, const float* u1, float* u2,
                      float* scratch) {
  float* buf = scratch + (blockIdx.x + gridDim.x * blockIdx.y) * LPS_REGION;
  lps_block(nx, ny, nz, pitch, u1, u2, buf);
}

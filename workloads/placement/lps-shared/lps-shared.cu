// placement/lps-shared: one Jacobi sweep of the 3D Laplace solver (Mike Giles' laplace3d, seed
// 000 Ch. 2's LPS from GPGPU-Sim's ISPASS-2009 suite), shared-memory version: blocks of 32 x 4
// threads march along z, staging planes k-1, k, k+1 of their 32 x 4 column (plane k with its
// halo) in 612 words (2448 bytes) of shared memory, two barriers per plane. The algorithm:
// lps_device.cuh; sizes, inputs, launches and reference: lps_host.h.

#include "lps_device.cuh"

extern "C" __global__ void __launch_bounds__(LPS_BX* LPS_BY)
    lps_shared_kernel(int nx, int ny, int nz, int pitch, const float* u1, float* u2) {
  __shared__ float buf[LPS_WORDS];
  lps_block(nx, ny, nz, pitch, u1, u2, buf);
}

// sdk/wp: Weather Prediction, after the GPGPU-Sim ISPASS-2009 suite's WP benchmark, Michalakes
// and Vachharajani's GPU port of WRF's WSM5 cloud microphysics: one thread per vertical column
// of an nx x ny grid, each running the whole scheme down its column (loops over the levels, a
// long and branchy body, no shared memory). The physics is our own simplified WSM5
// (wp_physics.cuh, shared with the CPU reference). Blocks of 16 x 8 threads over (i, j) as in
// seed 000's Table 6.2 (block (16,8,1), grid (5,8,1) for 80 x 64 columns); i is the fastest
// index of every field, so a warp (two rows of 16 columns) reads two 64-byte runs per level.

#include "wp_physics.cuh"

extern "C" __global__ void wsm5_kernel(float* t, float* q, float* qc, float* qi, float* qr,
                                       float* qs, const float* p, const float* delz,
                                       const float* forc, float* rain, float* snow, float* scratch,
                                       float* diag, int nx, int ny, int nk, float dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  const wp::Arrays a{t,    q,    qc,   qi,      qr,   qs,      p,  delz,
                     forc, rain, snow, scratch, diag, nx * ny, nk, dt};
  wp::column(a, j * nx + i);
}

// One Jacobi sweep of the 3D Laplace solver for one thread block, shared by placement/lps-shared
// and placement/lps-dcache (seed 000 Ch. 2's LPS, from GPGPU-Sim's ISPASS-2009 suite: Mike
// Giles' laplace3d). Only where the block's plane buffer lives differs: shared memory, or a
// per-block region of a global scratch array (the D-cache version).
//
// The algorithm (Giles' laplace3d as published in the ISPASS-2009 suite and his CUDA course):
// u2 = Jacobi step of the 7-point Laplace stencil on an nx x ny x nz grid (x fastest, rows of
// `pitch` >= nx floats: the original kernel takes a pitch argument) with fixed
// (Dirichlet) boundary: a point on a face of the grid keeps its value, an interior point becomes
// the mean of its six neighbours,
//   u2 = (u[i-1] + u[i+1] + u[j-1] + u[j+1] + u[k-1] + u[k+1]) * (1/6), added in that order.
// Blocks of 32 x 4 threads, one thread per (i, j) column of the x-y plane; each block marches
// along z. Its buffer holds three planes (k-1, k, k+1) of (32 + 2) x (4 + 2) words, the middle
// one with a one-point halo on the four sides: LPS_WORDS = 3 x 34 x 6 = 612 words (2448 bytes).
// Per plane k:
//   - each active thread moves its point down (prev = cur, cur = next) and loads plane k + 1 of
//     its column into next (coalesced: a warp is one row of 32 points);
//   - 72 halo threads (tid = tx + 32 ty < 72) load the plane-k halo into cur: tid 0..31 the row
//     j = -1, 32..63 the row j = 4 (one warp each, coalesced), 64..67 the column i = -1 and
//     68..71 the column i = 32 (one line each); halo points outside the grid are not loaded
//     (only boundary points, which are not updated, would read them);
//   - barrier, the stencil reads cur at i +- 1 and j +- 1 (other threads' and halo points) and
//     prev and next at its own point, writes u2, barrier (before the next plane overwrites cur).
// The halo assignment is ours; Giles' kernel spreads the x-halos over alternate threads.
// Every float operation is written with a correctly rounded intrinsic (__fadd_rn, __fmul_rn),
// so the compiler fuses nothing and the host reference (lps_host.h) repeats them exactly.

#define LPS_BX 32
#define LPS_BY 4
#define LPS_JOFF (LPS_BX + 2)               // words per buffer row
#define LPS_KOFF (LPS_JOFF * (LPS_BY + 2))  // words per buffer plane (204)
#define LPS_WORDS (3 * LPS_KOFF)            // words per block (612)
#define LPS_REGION 640                      // D-cache: words per block's region (whole lines)
#define LPS_HALO (2 * (LPS_BX + LPS_BY))    // halo points per plane (72)

// One sweep u1 -> u2 for block (blockIdx.x, blockIdx.y): point (i, j, k) at i + pitch (j + ny k);
// `buf` (LPS_WORDS words) is the block's plane buffer, in shared or global memory.
__device__ __forceinline__ void lps_block(int nx, int ny, int nz, int pitch, const float* u1,
                                          float* u2, float* buf) {
  const float sixth = 1.0f / 6.0f;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int plane = pitch * ny;

  // This thread's column and its slot in a buffer plane.
  const int i = blockIdx.x * LPS_BX + tx;
  const int j = blockIdx.y * LPS_BY + ty;
  const bool active = i < nx && j < ny;
  const int ind = (ty + 1) * LPS_JOFF + tx + 1;
  const int g = j * pitch + i;

  // The halo point this thread loads, relative to the block's corner (hi, hj).
  const int h = tx + LPS_BX * ty;
  int hi;
  int hj;
  if (h < LPS_BX) {
    hi = h;
    hj = -1;
  } else if (h < 2 * LPS_BX) {
    hi = h - LPS_BX;
    hj = LPS_BY;
  } else if (h < 2 * LPS_BX + LPS_BY) {
    hi = -1;
    hj = h - 2 * LPS_BX;
  } else {
    hi = LPS_BX;
    hj = h - 2 * LPS_BX - LPS_BY;
  }
  const int gi = blockIdx.x * LPS_BX + hi;
  const int gj = blockIdx.y * LPS_BY + hj;
  const bool halo = h < LPS_HALO && gi >= 0 && gi < nx && gj >= 0 && gj < ny;
  const int ind_h = (hj + 1) * LPS_JOFF + hi + 1;
  const int g_h = gj * pitch + gi;

  float* prev = buf;
  float* cur = buf + LPS_KOFF;
  float* next = buf + 2 * LPS_KOFF;

  // Planes 0 and 1 of the own column.
  if (active) {
    cur[ind] = u1[g];
    if (nz > 1) next[ind] = u1[g + plane];
  }
  for (int k = 0; k < nz; ++k) {
    if (active && k > 0) {
      prev[ind] = cur[ind];
      cur[ind] = next[ind];
      if (k + 1 < nz) next[ind] = u1[g + (k + 1) * plane];
    }
    if (halo) cur[ind_h] = u1[g_h + k * plane];
    __syncthreads();
    if (active) {
      float v;
      if (i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1) {
        v = cur[ind];  // Dirichlet boundary
      } else {
        float s = __fadd_rn(cur[ind - 1], cur[ind + 1]);
        s = __fadd_rn(s, cur[ind - LPS_JOFF]);
        s = __fadd_rn(s, cur[ind + LPS_JOFF]);
        s = __fadd_rn(s, prev[ind]);
        s = __fadd_rn(s, next[ind]);
        v = __fmul_rn(s, sixth);
      }
      u2[g + k * plane] = v;
    }
    __syncthreads();
  }
}

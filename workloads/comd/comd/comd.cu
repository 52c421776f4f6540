// comd/comd: the Lennard-Jones force and the velocity-Verlet update of CoMD, the ExMatEx
// classical molecular-dynamics proxy application (seed 001 Table 3.2, "CoMD"). Atoms of an FCC
// crystal live in link cells ("boxes") at least one cutoff wide; box b holds its atoms in slots
// b * kMaxAtoms .. b * kMaxAtoms + count[b] - 1 of structure-of-arrays position, momentum and force
// arrays (CoMD's MAXATOMS = 64 slots a box). Every kernel runs one thread per atom, the atoms
// taken from `atoms` (slot numbers, in the order driver.cc lists them):
//   comd_lj_force:         loops over the 27 boxes around its own (periodic images shifted by the
//                          box lengths) and over their atoms; each pair within the cutoff adds
//                          its 12-6 force and half its (shifted) pair energy to the atom;
//   comd_advance_velocity: p += dt/2 * f;
//   comd_advance_position: r += dt/m * p.
// comd_lj_force carries CoMD's GPU launch bounds (128 threads, 8 blocks an SM).
// The distance test's arithmetic is spelled out with __f*_rn intrinsics so that the CPU reference
// (driver.cc) can repeat it exactly and agree on every pair near the cutoff.

constexpr int kMaxAtoms = 64;

extern "C" __global__ void __launch_bounds__(128, 8)
    comd_lj_force(const int* atoms, int natoms, const int* count, const float* rx, const float* ry,
                  const float* rz, float* fx, float* fy, float* fz, float* energy, int nbx, int nby,
                  int nbz, float lx, float ly, float lz, float cutoff2, float sigma6, float shift,
                  float four_eps, float two_eps) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= natoms) return;
  const int i = atoms[t];
  const int box = i / kMaxAtoms;
  const int bx = box % nbx;
  const int by = (box / nbx) % nby;
  const int bz = box / (nbx * nby);
  const float xi = rx[i];
  const float yi = ry[i];
  const float zi = rz[i];
  float fxi = 0.0f, fyi = 0.0f, fzi = 0.0f, ei = 0.0f;
  for (int dz = -1; dz <= 1; ++dz) {
    int nz = bz + dz;
    float sz = 0.0f;
    if (nz < 0) {
      nz += nbz;
      sz = -lz;
    } else if (nz >= nbz) {
      nz -= nbz;
      sz = lz;
    }
    for (int dy = -1; dy <= 1; ++dy) {
      int ny = by + dy;
      float sy = 0.0f;
      if (ny < 0) {
        ny += nby;
        sy = -ly;
      } else if (ny >= nby) {
        ny -= nby;
        sy = ly;
      }
      for (int dx = -1; dx <= 1; ++dx) {
        int nx = bx + dx;
        float sx = 0.0f;
        if (nx < 0) {
          nx += nbx;
          sx = -lx;
        } else if (nx >= nbx) {
          nx -= nbx;
          sx = lx;
        }
        const int other = (nz * nby + ny) * nbx + nx;
        const int first = other * kMaxAtoms;
        const int last = first + count[other];
        for (int j = first; j < last; ++j) {
          if (j == i) continue;
          const float ddx = __fsub_rn(xi, __fadd_rn(rx[j], sx));
          const float ddy = __fsub_rn(yi, __fadd_rn(ry[j], sy));
          const float ddz = __fsub_rn(zi, __fadd_rn(rz[j], sz));
          const float r2 = __fmaf_rn(ddz, ddz, __fmaf_rn(ddy, ddy, __fmul_rn(ddx, ddx)));
          if (r2 > cutoff2) continue;
          const float ir2 = 1.0f / r2;
          const float r6 = sigma6 * (ir2 * ir2 * ir2);
          ei += r6 * (r6 - 1.0f) - shift;
          const float fr = r6 * ir2 * (12.0f * r6 - 6.0f);
          fxi += fr * ddx;
          fyi += fr * ddy;
          fzi += fr * ddz;
        }
      }
    }
  }
  fx[i] = four_eps * fxi;
  fy[i] = four_eps * fyi;
  fz[i] = four_eps * fzi;
  energy[i] = two_eps * ei;
}

extern "C" __global__ void comd_advance_velocity(const int* atoms, int natoms, float* px, float* py,
                                                 float* pz, const float* fx, const float* fy,
                                                 const float* fz, float half_dt) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= natoms) return;
  const int i = atoms[t];
  px[i] += half_dt * fx[i];
  py[i] += half_dt * fy[i];
  pz[i] += half_dt * fz[i];
}

extern "C" __global__ void comd_advance_position(const int* atoms, int natoms, float* rx, float* ry,
                                                 float* rz, const float* px, const float* py,
                                                 const float* pz, float dt_over_mass) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= natoms) return;
  const int i = atoms[t];
  rx[i] += dt_over_mass * px[i];
  ry[i] += dt_over_mass * py[i];
  rz[i] += dt_over_mass * pz[i];
}

// rodinia/cfd: the unstructured-grid finite-volume Euler solver of Rodinia 3.x's CFD (euler3d,
// Corrigan et al.), one thread per element, 192-thread blocks. Each tetrahedral element has 4
// faces; neighbours[f * nelr + i] is the element across face f (-1: a wall, -2: the far field),
// normals[(f * 3 + k) * nelr + i] the face's normal scaled by its area (pointing into element i),
// variables[v * nelr + i] the conserved variables (density, momentum x/y/z, density-energy).
//   cfd_compute_step_factor: the local time step 0.5 / (sqrt(area) * (|u| + c));
//   cfd_compute_flux:        for each face, a central flux of the Euler equations plus a scalar
//                            artificial dissipation against the neighbour read through the
//                            indirection array (the irregular loads), a wall's pressure, or the
//                            far-field state's flux;
//   cfd_time_step:           variables = old_variables + step_factor / (RK + 1 - j) * fluxes.

constexpr int kVars = 5;
constexpr int kFaces = 4;
constexpr float kGamma = 1.4f;
constexpr float kSmoothing = 0.2f;

__device__ float pressure_of(float density, float de, float speed_sqd) {
  return (kGamma - 1.0f) * (de - 0.5f * density * speed_sqd);
}

__device__ float sound_speed(float density, float pressure) {
  return sqrtf(kGamma * pressure / density);
}

extern "C" __global__ void cfd_compute_step_factor(int nelr, const float* variables,
                                                   const float* areas, float* step_factors) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nelr) return;
  const float density = variables[i];
  const float vx = variables[nelr + i] / density;
  const float vy = variables[2 * nelr + i] / density;
  const float vz = variables[3 * nelr + i] / density;
  const float de = variables[4 * nelr + i];
  const float speed_sqd = vx * vx + vy * vy + vz * vz;
  const float pressure = pressure_of(density, de, speed_sqd);
  const float c = sound_speed(density, pressure);
  step_factors[i] = 0.5f / (sqrtf(areas[i]) * (sqrtf(speed_sqd) + c));
}

// The fluxes of one state: rows for momentum x, y, z and density-energy, each a 3-vector.
struct Flux {
  float mx[3], my[3], mz[3], de[3];
};

__device__ Flux flux_of(float mx, float my, float mz, float de, float vx, float vy, float vz,
                        float pressure) {
  Flux f;
  f.mx[0] = vx * mx + pressure;
  f.mx[1] = vy * mx;
  f.mx[2] = vz * mx;
  f.my[0] = vx * my;
  f.my[1] = vy * my + pressure;
  f.my[2] = vz * my;
  f.mz[0] = vx * mz;
  f.mz[1] = vy * mz;
  f.mz[2] = vz * mz + pressure;
  const float dep = de + pressure;
  f.de[0] = vx * dep;
  f.de[1] = vy * dep;
  f.de[2] = vz * dep;
  return f;
}

extern "C" __global__ void cfd_compute_flux(int nelr, const int* neighbours, const float* normals,
                                            const float* variables, float* fluxes, float ff_mx,
                                            float ff_my, float ff_mz, float ff_de, float ff_fmx0,
                                            float ff_fmx1, float ff_fmx2, float ff_fmy0,
                                            float ff_fmy1, float ff_fmy2, float ff_fmz0,
                                            float ff_fmz1, float ff_fmz2, float ff_fde0,
                                            float ff_fde1, float ff_fde2) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nelr) return;
  const float density = variables[i];
  const float mx = variables[nelr + i];
  const float my = variables[2 * nelr + i];
  const float mz = variables[3 * nelr + i];
  const float de = variables[4 * nelr + i];
  const float vx = mx / density;
  const float vy = my / density;
  const float vz = mz / density;
  const float speed_sqd = vx * vx + vy * vy + vz * vz;
  const float speed = sqrtf(speed_sqd);
  const float pressure = pressure_of(density, de, speed_sqd);
  const float c = sound_speed(density, pressure);
  const Flux own = flux_of(mx, my, mz, de, vx, vy, vz, pressure);
  const float ff_m[3] = {ff_mx, ff_my, ff_mz};
  const float ff_fmx[3] = {ff_fmx0, ff_fmx1, ff_fmx2};
  const float ff_fmy[3] = {ff_fmy0, ff_fmy1, ff_fmy2};
  const float ff_fmz[3] = {ff_fmz0, ff_fmz1, ff_fmz2};
  const float ff_fde[3] = {ff_fde0, ff_fde1, ff_fde2};
  const float m[3] = {mx, my, mz};

  float flux_density = 0.0f, flux_mx = 0.0f, flux_my = 0.0f, flux_mz = 0.0f, flux_de = 0.0f;
  for (int f = 0; f < kFaces; ++f) {
    const int nb = neighbours[f * nelr + i];
    float n[3];
    for (int k = 0; k < 3; ++k) n[k] = normals[(f * 3 + k) * nelr + i];
    if (nb >= 0) {
      const float density_nb = variables[nb];
      const float mx_nb = variables[nelr + nb];
      const float my_nb = variables[2 * nelr + nb];
      const float mz_nb = variables[3 * nelr + nb];
      const float de_nb = variables[4 * nelr + nb];
      const float vx_nb = mx_nb / density_nb;
      const float vy_nb = my_nb / density_nb;
      const float vz_nb = mz_nb / density_nb;
      const float speed_sqd_nb = vx_nb * vx_nb + vy_nb * vy_nb + vz_nb * vz_nb;
      const float pressure_nb = pressure_of(density_nb, de_nb, speed_sqd_nb);
      const float c_nb = sound_speed(density_nb, pressure_nb);
      const Flux other = flux_of(mx_nb, my_nb, mz_nb, de_nb, vx_nb, vy_nb, vz_nb, pressure_nb);
      const float m_nb[3] = {mx_nb, my_nb, mz_nb};
      // Artificial dissipation, scaled by the face's size and the fastest local wave speed.
      const float normal_len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      const float damp = -normal_len * kSmoothing * 0.5f * (speed + sqrtf(speed_sqd_nb) + c + c_nb);
      flux_density += damp * (density - density_nb);
      flux_de += damp * (de - de_nb);
      flux_mx += damp * (mx - mx_nb);
      flux_my += damp * (my - my_nb);
      flux_mz += damp * (mz - mz_nb);
      // Central flux through the face.
      for (int k = 0; k < 3; ++k) {
        const float half = 0.5f * n[k];
        flux_density += half * (m_nb[k] + m[k]);
        flux_de += half * (other.de[k] + own.de[k]);
        flux_mx += half * (other.mx[k] + own.mx[k]);
        flux_my += half * (other.my[k] + own.my[k]);
        flux_mz += half * (other.mz[k] + own.mz[k]);
      }
    } else if (nb == -1) {  // wall: only the pressure acts
      flux_mx += n[0] * pressure;
      flux_my += n[1] * pressure;
      flux_mz += n[2] * pressure;
    } else {  // far field
      for (int k = 0; k < 3; ++k) {
        const float half = 0.5f * n[k];
        flux_density += half * (ff_m[k] + m[k]);
        flux_de += half * (ff_fde[k] + own.de[k]);
        flux_mx += half * (ff_fmx[k] + own.mx[k]);
        flux_my += half * (ff_fmy[k] + own.my[k]);
        flux_mz += half * (ff_fmz[k] + own.mz[k]);
      }
    }
  }
  fluxes[i] = flux_density;
  fluxes[nelr + i] = flux_mx;
  fluxes[2 * nelr + i] = flux_my;
  fluxes[3 * nelr + i] = flux_mz;
  fluxes[4 * nelr + i] = flux_de;
}

extern "C" __global__ void cfd_time_step(int j, int nelr, int rk, const float* old_variables,
                                         float* variables, const float* step_factors,
                                         const float* fluxes) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nelr) return;
  const float factor = step_factors[i] / static_cast<float>(rk + 1 - j);
  for (int v = 0; v < kVars; ++v)
    variables[v * nelr + i] = old_variables[v * nelr + i] + factor * fluxes[v * nelr + i];
}

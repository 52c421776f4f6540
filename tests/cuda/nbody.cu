// nbody: all-pairs gravitational forces with the bodies staged through dynamic shared memory one
// block-sized tile at a time (float4 loads, rsqrtf, fma chains, a partially filled last tile),
// then a leapfrog step. Float results are compared with a double-precision reference within a
// tolerance scaled by the sum of the magnitudes that were added.
// Usage: nbody [n]   (default n = 1000 bodies)
#include <cmath>
#include <vector>

static const char* kName = "nbody";
#include "test_util.h"

constexpr float kSoftening2 = 0.01f;
constexpr float kDt = 0.001f;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
// pos[i].w is the mass. Bodies past n are padded with mass 0 and contribute nothing.
__global__ void nbody_forces(const float4* pos, float4* acc, int n) {
  extern __shared__ float4 tile[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 p = i < n ? pos[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int base = 0; base < n; base += blockDim.x) {
    const int j = base + threadIdx.x;
    tile[threadIdx.x] = j < n ? pos[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    __syncthreads();
#pragma unroll 4
    for (int k = 0; k < blockDim.x; ++k) {
      const float4 q = tile[k];
      const float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      const float r2 = dx * dx + dy * dy + dz * dz + kSoftening2;
      const float inv = rsqrtf(r2);
      const float s = q.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n) acc[i] = make_float4(ax, ay, az, 0.0f);
}

__global__ void leapfrog(float4* pos, float4* vel, const float4* acc, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = vel[i], p = pos[i];
  const float4 a = acc[i];
  v.x += a.x * kDt;
  v.y += a.y * kDt;
  v.z += a.z * kDt;
  p.x += v.x * kDt;
  p.y += v.y * kDt;
  p.z += v.z * kDt;
  vel[i] = v;
  pos[i] = p;
}
#endif  // __CUDACC__

static double uniform(Lcg& rng, double lo, double hi) {
  return lo + (hi - lo) * (rng.next() / 4294967296.0);
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  if (n < 1) n = 1;
  Lcg rng(35);
  std::vector<float4> hp(n), hv(n);
  for (int i = 0; i < n; ++i) {
    hp[i] = make_float4(
        static_cast<float>(uniform(rng, -1, 1)), static_cast<float>(uniform(rng, -1, 1)),
        static_cast<float>(uniform(rng, -1, 1)), static_cast<float>(uniform(rng, 0.1, 1)));
    hv[i] = make_float4(static_cast<float>(uniform(rng, -0.1, 0.1)),
                        static_cast<float>(uniform(rng, -0.1, 0.1)),
                        static_cast<float>(uniform(rng, -0.1, 0.1)), 0.0f);
  }
  float4 *dp, *dv, *da;
  CUDA_CHECK(cudaMalloc(&dp, n * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&dv, n * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(float4)));
  CUDA_CHECK(cudaMemcpy(dp, hp.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dv, hv.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  const int block = 128, grid = (n + block - 1) / block;
  LAUNCH(nbody_forces, grid, block, block * sizeof(float4))(dp, da, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float4> acc(n);
  CUDA_CHECK(cudaMemcpy(acc.data(), da, n * sizeof(float4), cudaMemcpyDeviceToHost));

  // Reference in double. Each float term is off by a few ulp (rsqrtf: 2 ulp) and the float sum
  // adds one rounding per term: n * 2^-22 of the summed magnitudes bounds the difference.
  const double tolerance = n * std::ldexp(1.0, -22) + 1e-6;
  for (int i = 0; i < n; ++i) {
    double a[3] = {0, 0, 0}, mag[3] = {0, 0, 0};
    for (int j = 0; j < n; ++j) {
      const double d[3] = {static_cast<double>(hp[j].x) - hp[i].x,
                           static_cast<double>(hp[j].y) - hp[i].y,
                           static_cast<double>(hp[j].z) - hp[i].z};
      const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + kSoftening2;
      const double s = hp[j].w / (r2 * std::sqrt(r2));
      for (int c = 0; c < 3; ++c) {
        a[c] += d[c] * s;
        mag[c] += std::fabs(d[c] * s);
      }
    }
    const float got[3] = {acc[i].x, acc[i].y, acc[i].z};
    for (int c = 0; c < 3; ++c)
      if (std::fabs(got[c] - a[c]) > tolerance * mag[c])
        mismatch("force[%d].%c = %.9g want %.9g (sum of magnitudes %.3g)", i, "xyz"[c], got[c],
                 a[c], mag[c]);
  }

  LAUNCH(leapfrog, grid, block)(dp, dv, da, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float4> p1(n), v1(n);
  CUDA_CHECK(cudaMemcpy(p1.data(), dp, n * sizeof(float4), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(v1.data(), dv, n * sizeof(float4), cudaMemcpyDeviceToHost));
  // From the device's forces: each update is one multiply-add, fused or not (two roundings at
  // most), so a relative 2^-22 covers it.
  auto near = [](float got, double want) {
    return std::fabs(got - want) <= std::ldexp(1.0, -22) * (std::fabs(want) + 1e-3);
  };
  for (int i = 0; i < n; ++i) {
    const float a[3] = {acc[i].x, acc[i].y, acc[i].z};
    const float v0[3] = {hv[i].x, hv[i].y, hv[i].z}, x0[3] = {hp[i].x, hp[i].y, hp[i].z};
    const float v[3] = {v1[i].x, v1[i].y, v1[i].z}, x[3] = {p1[i].x, p1[i].y, p1[i].z};
    for (int c = 0; c < 3; ++c) {
      const double want_v = v0[c] + static_cast<double>(a[c]) * kDt;
      const double want_x = x0[c] + static_cast<double>(v[c]) * kDt;
      if (!near(v[c], want_v))
        mismatch("velocity[%d].%c = %.9g want %.9g", i, "xyz"[c], v[c], want_v);
      if (!near(x[c], want_x))
        mismatch("position[%d].%c = %.9g want %.9g", i, "xyz"[c], x[c], want_x);
    }
  }
  if (p1[0].w != hp[0].w) mismatch("mass changed: %g want %g", p1[0].w, hp[0].w);
  cudaFree(dp);
  cudaFree(dv);
  cudaFree(da);
  return finish();
}

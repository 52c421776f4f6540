// polybench/fdtd-2d: 2-D finite-difference time-domain, after PolyBench/GPU 1.0's FDTD-2D: per
// time step, three kernels over the NX x NY grid (x: column j, y: row i) update ey, ex and hz.
// ex is NX x (NY+1), ey is (NX+1) x NY, hz is NX x NY, as in the original. 32x8 blocks
// (driver.cc).

extern "C" __global__ void fdtd_step1_kernel(const float* fict, const float* ex, float* ey,
                                             const float* hz, int t, int nx, int ny) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny) {
    if (i == 0) {
      ey[j] = fict[t];
    } else {
      ey[i * ny + j] = ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
    }
  }
}

extern "C" __global__ void fdtd_step2_kernel(float* ex, const float* ey, const float* hz, int t,
                                             int nx, int ny) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny && j > 0) {
    ex[i * (ny + 1) + j] = ex[i * (ny + 1) + j] - 0.5f * (hz[i * ny + j] - hz[i * ny + (j - 1)]);
  }
}

extern "C" __global__ void fdtd_step3_kernel(const float* ex, const float* ey, float* hz, int t,
                                             int nx, int ny) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny) {
    hz[i * ny + j] = hz[i * ny + j] - 0.7f * (ex[i * (ny + 1) + (j + 1)] - ex[i * (ny + 1) + j] +
                                              ey[(i + 1) * ny + j] - ey[i * ny + j]);
  }
}

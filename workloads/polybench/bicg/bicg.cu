// polybench/bicg: the BiCGStab sub-kernel s = A^T r, q = A p, after PolyBench/GPU 1.0's BICG.
// One thread per column for s (column walks of A), one per row for q (row walks); both sums
// accumulate in global memory, as the original kernels do. 256-thread blocks (driver.cc).

extern "C" __global__ void bicg_kernel1(const float* a, const float* r, float* s, int nx, int ny) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < ny) {
    s[j] = 0.0f;
    for (int i = 0; i < nx; ++i) s[j] += a[i * ny + j] * r[i];
  }
}

extern "C" __global__ void bicg_kernel2(const float* a, const float* p, float* q, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nx) {
    q[i] = 0.0f;
    for (int j = 0; j < ny; ++j) q[i] += a[i * ny + j] * p[j];
  }
}

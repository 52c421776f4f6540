// polybench/atax: y = A^T (A x), after PolyBench/GPU 1.0's ATAX. One thread per row for
// tmp = A x, then one thread per column for y = A^T tmp; both sums accumulate in global memory,
// as the original kernels do. Launched with 256-thread blocks (driver.cc).

extern "C" __global__ void atax_kernel1(const float* a, const float* x, float* tmp, int nx,
                                        int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nx) {
    tmp[i] = 0.0f;
    for (int j = 0; j < ny; ++j) tmp[i] += a[i * ny + j] * x[j];
  }
}

extern "C" __global__ void atax_kernel2(const float* a, float* y, const float* tmp, int nx,
                                        int ny) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < ny) {
    y[j] = 0.0f;
    for (int i = 0; i < nx; ++i) y[j] += a[i * ny + j] * tmp[i];
  }
}

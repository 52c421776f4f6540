// polybench/gesummv: y = alpha A x + beta B x, after PolyBench/GPU 1.0's GESUMMV. One thread per
// row walks a row of A and of B; tmp and y accumulate in global memory, as in the original.
// 256-thread blocks (driver.cc).

extern "C" __global__ void gesummv_kernel(const float* a, const float* b, const float* x,
                                          float* y, float* tmp, float alpha, float beta, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    tmp[i] = 0.0f;
    y[i] = 0.0f;
    for (int j = 0; j < n; ++j) {
      tmp[i] += a[i * n + j] * x[j];
      y[i] += b[i * n + j] * x[j];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

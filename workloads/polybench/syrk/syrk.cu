// polybench/syrk: C = alpha A A^T + beta C (N x N, A is N x M), after PolyBench/GPU 1.0's SYRK:
// one thread per element of the whole C (x: column j, y: row i), accumulating in global memory
// as the original does. 32x8 blocks (driver.cc).

extern "C" __global__ void syrk_kernel(const float* a, float* c, float alpha, float beta, int n,
                                       int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n) {
    c[i * n + j] *= beta;
    for (int k = 0; k < m; ++k) c[i * n + j] += alpha * a[i * m + k] * a[j * m + k];
  }
}

// polybench/gemm: C = alpha A B + beta C, after PolyBench/GPU 1.0's GEMM. One thread per
// element of C (x: column j, y: row i), accumulating in global memory as the original does.
// 32x8 blocks (driver.cc).

extern "C" __global__ void gemm_kernel(const float* a, const float* b, float* c, float alpha,
                                       float beta, int ni, int nj, int nk) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ni && j < nj) {
    c[i * nj + j] *= beta;
    for (int k = 0; k < nk; ++k) c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj + j];
  }
}

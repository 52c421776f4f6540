// polybench/2dconv: a 3x3 convolution of an NI x NJ image, after PolyBench/GPU 1.0's 2DCONV
// (its coefficients): one thread per interior output pixel (x: column j, y: row i). 32x8 blocks
// (driver.cc).

extern "C" __global__ void convolution2d_kernel(const float* a, float* b, int ni, int nj) {
  const float c11 = 0.2f, c21 = 0.5f, c31 = -0.8f;
  const float c12 = -0.3f, c22 = 0.6f, c32 = -0.9f;
  const float c13 = 0.4f, c23 = 0.7f, c33 = 0.10f;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && i < ni - 1 && j < nj - 1) {
    b[i * nj + j] = c11 * a[(i - 1) * nj + (j - 1)] + c21 * a[(i - 1) * nj + j] +
                    c31 * a[(i - 1) * nj + (j + 1)] + c12 * a[i * nj + (j - 1)] +
                    c22 * a[i * nj + j] + c32 * a[i * nj + (j + 1)] +
                    c13 * a[(i + 1) * nj + (j - 1)] + c23 * a[(i + 1) * nj + j] +
                    c33 * a[(i + 1) * nj + (j + 1)];
  }
}

// polybench/3dconv: a 3x3x3-neighbourhood stencil over an NI x NJ x NK volume, after
// PolyBench/GPU 1.0's 3DCONV (its coefficients and its choice of 15 neighbours): the host
// launches one kernel per interior plane i; one thread per (j, k) of that plane (x: k, y: j).
// 32x8 blocks (driver.cc).

extern "C" __global__ void convolution3d_kernel(const float* a, float* b, int ni, int nj, int nk,
                                                int i) {
  const float c11 = 2.0f, c21 = 5.0f, c31 = -8.0f;
  const float c12 = -3.0f, c22 = 6.0f, c32 = -9.0f;
  const float c13 = 4.0f, c23 = 7.0f, c33 = 10.0f;
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && k > 0 && i < ni - 1 && j < nj - 1 && k < nk - 1) {
    const int plane = nj * nk;
    const float* below = a + (i - 1) * plane;
    const float* here = a + i * plane;
    const float* above = a + (i + 1) * plane;
    b[i * plane + j * nk + k] =
        c11 * below[(j - 1) * nk + (k - 1)] + c13 * above[(j - 1) * nk + (k - 1)] +
        c21 * below[(j - 1) * nk + (k - 1)] + c23 * above[(j - 1) * nk + (k - 1)] +
        c31 * below[(j - 1) * nk + (k - 1)] + c33 * above[(j - 1) * nk + (k - 1)] +
        c12 * here[(j - 1) * nk + k] + c22 * here[j * nk + k] + c32 * here[(j + 1) * nk + k] +
        c11 * below[(j - 1) * nk + (k + 1)] + c13 * above[(j - 1) * nk + (k + 1)] +
        c21 * below[j * nk + (k + 1)] + c23 * above[j * nk + (k + 1)] +
        c31 * below[(j + 1) * nk + (k + 1)] + c33 * above[(j + 1) * nk + (k + 1)];
  }
}

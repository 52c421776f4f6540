// polybench/covar: the covariance matrix of M columns of N samples, after PolyBench/GPU 1.0's
// COVAR: column means (one thread per column, 256-thread blocks), the centred data (one thread
// per element, 32x8 blocks), and the upper triangle of the covariance matrix mirrored into the
// lower (one thread per row j1, 256-thread blocks). float_n is the original's, in float here.

#define FLOAT_N 3214212.01f

extern "C" __global__ void mean_kernel(float* mean, const float* data, int m, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m) {
    mean[j] = 0.0f;
    for (int i = 0; i < n; ++i) mean[j] += data[i * m + j];
    mean[j] /= FLOAT_N;
  }
}

extern "C" __global__ void reduce_kernel(const float* mean, float* data, int m, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < m) data[i * m + j] -= mean[j];
}

extern "C" __global__ void covar_kernel(float* symmat, const float* data, int m, int n) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < m) {
    for (int j2 = j1; j2 < m; ++j2) {
      symmat[j1 * m + j2] = 0.0f;
      for (int i = 0; i < n; ++i) symmat[j1 * m + j2] += data[i * m + j1] * data[i * m + j2];
      symmat[j2 * m + j1] = symmat[j1 * m + j2];
    }
  }
}

// rodinia/gaussian: Gaussian elimination without pivoting, after Rodinia 3.x's gaussian (CUDA):
// for each pivot t = 0 .. n-2 the host launches
//   gaussian_fan1: 1-D blocks of 512 threads, ceil(n / 512) blocks; thread k (k < n-1-t) forms
//                  the multiplier of row r = t+1+k: m[r][t] = a[r][t] / a[t][t];
//   gaussian_fan2: 4 x 4 blocks on a ceil(n / 4) x ceil(n / 4) grid; thread (x, y) with
//                  x < n-1-t and y < n-t updates a[t+1+x][t+y] -= m[t+1+x][t] * a[t][t+y], and the
//                  threads with y == 0 also b[t+1+x] -= m[t+1+x][t] * b[t].
// Back substitution runs on the host (driver.cc). All matrices are n x n, row-major.

extern "C" __global__ void gaussian_fan1(float* m, const float* a, int n, int t) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n - 1 - t) return;
  int row = t + 1 + k;
  m[row * n + t] = a[row * n + t] / a[t * n + t];
}

extern "C" __global__ void gaussian_fan2(const float* m, float* a, float* b, int n, int t) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= n - 1 - t || y >= n - t) return;
  int row = t + 1 + x;
  // m is read again for b, as in the original (the store to a may alias it).
  a[row * n + t + y] -= m[row * n + t] * a[t * n + t + y];
  if (y == 0) b[row] -= m[row * n + t] * b[t];
}

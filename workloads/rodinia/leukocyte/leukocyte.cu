// rodinia/leukocyte: the detection stage of Rodinia 3.x's Leukocyte (CUDA, find_ellipse_kernel.cu),
// on one synthetic frame (driver.cc). Two kernels:
//
// GICOV_kernel: for every pixel at least MaxR = MAX_RAD + 2 = 22 pixels from the frame's edges,
// for each of the first `ncircles` of NCIRCLES = 7 sample circles (radii 8, 10, ..., 20; the
// original always scores all 7, as small and paper do) and each of its NPOINTS = 150
// sample points, projects the gradient at the point onto the circle's normal
// (grad_x * cos(theta) + grad_y * sin(theta)), accumulates the 150 projections' sum and, in the
// same pass, their variance (Welford's running mean and sum of squared deviations), and keeps
// the largest mean^2 / variance over the circles (the GICOV score). Launch as the original's:
// one block per interior column (grad_n - 2 MaxR blocks), one thread per interior row
// (grad_m - 2 MaxR threads). Matrices are column-major (element (row y, column x) at
// x * grad_m + y), as the original's MAT matrices; the output gicov has the frame's size and
// only its interior is written.
//
// dilate_kernel: grey-scale dilation of the GICOV matrix: each pixel becomes the largest value
// under a disk-shaped structuring element of radius 12 (25 x 25 mask) centred on it, clipped at
// the matrix's edges. 1-D blocks of 176 threads, one thread per pixel (thread id t: row
// t % img_m, column t / img_m); the input is read column-major and the result written
// row-major (i * img_n + j), as the original does.
//
// The original reads the gradients and the GICOV matrix through textures and the sin / cos and
// offset tables and the structuring element from constant memory; here they are plain global
// loads of const __restrict__ pointers (ld.global.nc, the read-only data path textures also
// use; warpsim's workload host has no texture or constant-memory copies). The float
// operations are written as __fmul_rn / __fadd_rn / __fdiv_rn so that the compiler does not
// contract them into FMAs: the host reference repeats them in the same order and the results
// compare exactly.

#define NPOINTS 150
#define NCIRCLES 7
#define MAX_RAD 20
#define MAX_R (MAX_RAD + 2)

extern "C" __global__ void GICOV_kernel(int grad_m, int ncircles, const float* __restrict__ grad_x,
                                        const float* __restrict__ grad_y,
                                        const float* __restrict__ sin_angle,
                                        const float* __restrict__ cos_angle,
                                        const int* __restrict__ t_x, const int* __restrict__ t_y,
                                        float* __restrict__ gicov) {
  // This thread's pixel: column i, row j.
  const int i = blockIdx.x + MAX_R;
  const int j = threadIdx.x + MAX_R;
  float best = 0.0f;
  for (int k = 0; k < ncircles; ++k) {
    float sum = 0.0f;
    float mean = 0.0f;
    float m2 = 0.0f;
    for (int n = 0; n < NPOINTS; ++n) {
      const int x = i + t_x[k * NPOINTS + n];
      const int y = j + t_y[k * NPOINTS + n];
      const int addr = x * grad_m + y;
      const float p =
          __fadd_rn(__fmul_rn(grad_x[addr], cos_angle[n]), __fmul_rn(grad_y[addr], sin_angle[n]));
      sum = __fadd_rn(sum, p);
      // Welford: mean += (p - mean) / (n + 1); m2 += (p - mean_old) * (p - mean_new).
      const float delta = __fadd_rn(p, -mean);
      mean = __fadd_rn(mean, __fdiv_rn(delta, (float)(n + 1)));
      m2 = __fadd_rn(m2, __fmul_rn(delta, __fadd_rn(p, -mean)));
    }
    // The mean from the running sum (the running mean serves the variance only), as the original.
    mean = __fdiv_rn(sum, (float)NPOINTS);
    const float var = __fdiv_rn(m2, (float)(NPOINTS - 1));
    const float score = __fdiv_rn(__fmul_rn(mean, mean), var);
    if (score > best) best = score;
  }
  gicov[i * grad_m + j] = best;
}

extern "C" __global__ void dilate_kernel(int img_m, int img_n, int strel_m, int strel_n,
                                         const float* __restrict__ strel,
                                         const float* __restrict__ img,
                                         float* __restrict__ dilated) {
  const int center_i = strel_m / 2;
  const int center_j = strel_n / 2;
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = id % img_m;  // row
  const int j = id / img_m;  // column
  if (j >= img_n) return;
  float best = 0.0f;
  for (int el_i = 0; el_i < strel_m; ++el_i) {
    const int y = i - center_i + el_i;
    if (y < 0 || y >= img_m) continue;
    for (int el_j = 0; el_j < strel_n; ++el_j) {
      const int x = j - center_j + el_j;
      if (x >= 0 && x < img_n && strel[el_i * strel_n + el_j] != 0.0f) {
        const float v = img[x * img_m + y];
        if (v > best) best = v;
      }
    }
  }
  dilated[i * img_n + j] = best;
}

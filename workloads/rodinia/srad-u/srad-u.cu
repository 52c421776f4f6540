// rodinia/srad-u: the "/U" (unshared) variant of rodinia/srad (seed 004 Table 3: the same
// algorithm rewritten to use global memory instead of shared memory): srad_cuda_1 and
// srad_cuda_2 of srad.cu with the shared tiles dropped; each thread reads its pixel and its
// four (two for the coefficients) neighbours straight from global memory, the neighbour clamped
// to the pixel itself at the image's edges as the original's halo loads are, and needs no
// barrier. The same 16 x 16 blocks and grids, and the same float and double operations in the
// same order as srad.cu, so the two share their reference (../srad/srad_host.h).

#define SB 16

extern "C" __global__ void srad_cuda_1_u(float* e_c, float* w_c, float* n_c, float* s_c,
                                         const float* j, float* c, int cols, int rows,
                                         float q0sqr) {
  const int row = SB * blockIdx.y + threadIdx.y;
  const int col = SB * blockIdx.x + threadIdx.x;
  const int index = cols * row + col;

  const float jc = j[index];
  const float n = j[row == 0 ? index : index - cols] - jc;
  const float s = j[row == rows - 1 ? index : index + cols] - jc;
  const float w = j[col == 0 ? index : index - 1] - jc;
  const float e = j[col == cols - 1 ? index : index + 1] - jc;

  const float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
  const float l = (n + s + w + e) / jc;
  const float num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
  float den = 1 + (.25 * l);
  const float qsqr = num / (den * den);
  den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
  const float coef = 1.0 / (1.0 + den);
  float clamped;
  if (coef < 0) {
    clamped = 0;
  } else if (coef > 1) {
    clamped = 1;
  } else {
    clamped = coef;
  }
  c[index] = clamped;
  e_c[index] = e;
  w_c[index] = w;
  s_c[index] = s;
  n_c[index] = n;
}

extern "C" __global__ void srad_cuda_2_u(const float* e_c, const float* w_c, const float* n_c,
                                         const float* s_c, float* j, const float* c, int cols,
                                         int rows, float lambda, float q0sqr) {
  const int row = SB * blockIdx.y + threadIdx.y;
  const int col = SB * blockIdx.x + threadIdx.x;
  const int index = cols * row + col;

  const float cc = c[index];
  const float cs = c[row == rows - 1 ? index : index + cols];
  const float ce = c[col == cols - 1 ? index : index + 1];
  // North and west use the pixel's own coefficient, as in the original.
  const float d_sum = cc * n_c[index] + cs * s_c[index] + cc * w_c[index] + ce * e_c[index];
  j[index] = j[index] + 0.25 * lambda * d_sum;
}

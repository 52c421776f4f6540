// rodinia/srad: speckle-reducing anisotropic diffusion, after Rodinia 3.x's SRAD v2 (srad_v2,
// srad_kernel.cu): per iteration, srad_cuda_1 computes each pixel's four directional derivatives
// and its diffusion coefficient c (clamped to [0, 1]) from the image J and the ROI statistic
// q0sqr that the host computes; srad_cuda_2 updates J from c and the derivatives. Blocks of
// 16 x 16 threads (BLOCK_SIZE = 16), one per 16 x 16 tile, each staging its tile and the
// neighbouring row / column in shared memory (srad_cuda_1: temp, temp_result, north, south,
// east, west; srad_cuda_2: temp, south_c, east_c, c_cuda_temp, c_cuda_result; seed 004 Fig. 3:
// the tile preload reads J[N*16*by + 16*bx + N*ty + tx]). At the image's edges the neighbour is
// the pixel itself (the halo loads are clamped). The constants are double literals, as in the
// original, so those steps compute in double. rows and cols must be multiples of SB, the
// BLOCK_SIZE (16; rodinia/srad-b24 sets 24, seed 002's Table 3).

#ifndef SB
#define SB 16
#endif

extern "C" __global__ void srad_cuda_1(float* e_c, float* w_c, float* n_c, float* s_c,
                                       const float* j, float* c, int cols, int rows, float q0sqr) {
  __shared__ float temp[SB][SB];
  __shared__ float temp_result[SB][SB];
  __shared__ float north[SB][SB];
  __shared__ float south[SB][SB];
  __shared__ float east[SB][SB];
  __shared__ float west[SB][SB];
  const int bx = blockIdx.x;
  const int by = blockIdx.y;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int tile = cols * SB * by + SB * bx;  // the tile's top-left pixel
  const int index = tile + cols * ty + tx;

  // The rows above and below the tile and the columns left and right of it (every thread of a
  // column, or of a row, stages the same pixel, as in the original).
  if (by == 0) {
    north[ty][tx] = j[SB * bx + tx];
  } else {
    north[ty][tx] = j[tile - cols + tx];
  }
  if (by == gridDim.y - 1) {
    south[ty][tx] = j[tile + cols * (SB - 1) + tx];
  } else {
    south[ty][tx] = j[tile + cols * SB + tx];
  }
  __syncthreads();
  if (bx == 0) {
    west[ty][tx] = j[tile + cols * ty];
  } else {
    west[ty][tx] = j[tile + cols * ty - 1];
  }
  if (bx == gridDim.x - 1) {
    east[ty][tx] = j[tile + cols * ty + SB - 1];
  } else {
    east[ty][tx] = j[tile + cols * ty + SB];
  }
  __syncthreads();
  temp[ty][tx] = j[index];
  __syncthreads();

  const float jc = temp[ty][tx];
  float n, s, w, e;
  if (ty == 0) {
    n = north[ty][tx] - jc;
  } else {
    n = temp[ty - 1][tx] - jc;
  }
  if (ty == SB - 1) {
    s = south[ty][tx] - jc;
  } else {
    s = temp[ty + 1][tx] - jc;
  }
  if (tx == 0) {
    w = west[ty][tx] - jc;
  } else {
    w = temp[ty][tx - 1] - jc;
  }
  if (tx == SB - 1) {
    e = east[ty][tx] - jc;
  } else {
    e = temp[ty][tx + 1] - jc;
  }

  const float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
  const float l = (n + s + w + e) / jc;
  const float num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
  float den = 1 + (.25 * l);
  const float qsqr = num / (den * den);
  den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
  const float coef = 1.0 / (1.0 + den);
  if (coef < 0) {
    temp_result[ty][tx] = 0;
  } else if (coef > 1) {
    temp_result[ty][tx] = 1;
  } else {
    temp_result[ty][tx] = coef;
  }
  __syncthreads();

  c[index] = temp_result[ty][tx];
  e_c[index] = e;
  w_c[index] = w;
  s_c[index] = s;
  n_c[index] = n;
}

extern "C" __global__ void srad_cuda_2(const float* e_c, const float* w_c, const float* n_c,
                                       const float* s_c, float* j, const float* c, int cols,
                                       int rows, float lambda, float q0sqr) {
  __shared__ float south_c[SB][SB];
  __shared__ float east_c[SB][SB];
  __shared__ float c_temp[SB][SB];
  __shared__ float c_result[SB][SB];
  __shared__ float temp[SB][SB];
  const int bx = blockIdx.x;
  const int by = blockIdx.y;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int tile = cols * SB * by + SB * bx;
  const int index = tile + cols * ty + tx;

  temp[ty][tx] = j[index];
  __syncthreads();
  if (by == gridDim.y - 1) {
    south_c[ty][tx] = c[tile + cols * (SB - 1) + tx];
  } else {
    south_c[ty][tx] = c[tile + cols * SB + tx];
  }
  __syncthreads();
  if (bx == gridDim.x - 1) {
    east_c[ty][tx] = c[tile + cols * ty + SB - 1];
  } else {
    east_c[ty][tx] = c[tile + cols * ty + SB];
  }
  __syncthreads();
  c_temp[ty][tx] = c[index];
  __syncthreads();

  const float cc = c_temp[ty][tx];
  float cs, ce;
  if (ty == SB - 1) {
    cs = south_c[ty][tx];
  } else {
    cs = c_temp[ty + 1][tx];
  }
  if (tx == SB - 1) {
    ce = east_c[ty][tx];
  } else {
    ce = c_temp[ty][tx + 1];
  }
  // North and west use the pixel's own coefficient, as in the original.
  const float d_sum = cc * n_c[index] + cs * s_c[index] + cc * w_c[index] + ce * e_c[index];
  c_result[ty][tx] = temp[ty][tx] + 0.25 * lambda * d_sum;
  __syncthreads();
  j[index] = c_result[ty][tx];
}

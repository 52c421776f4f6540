// rodinia/srad-v1: speckle-reducing anisotropic diffusion (Yu and Acton, IEEE TIP 2002), after
// Rodinia 3.x's SRAD version 1 (srad_v1: main.c, extract/prepare/reduce/srad/srad2/compress
// kernels). One thread per pixel in 1-D blocks of NUMBER_THREADS = 512 threads,
// ceil(Ne / 512) blocks, where Ne = Nr * Nc pixels are stored column by column (pixel (row, col)
// at row + Nr * col, as the original's image array). Per run: extract (I = exp(I / 255)); per
// iteration prepare (copies of I and I * I), reduce (block sums of both, repeated until one
// block is left: the whole image's sum and sum of squares for q0sqr, computed on the host), srad
// (directional derivatives and diffusion coefficient) and srad2 (divergence and update); then
// compress (I = log(I) * 255). The neighbour index arrays iN, iS (rows) and jW, jE (columns) are
// in global memory and clamp at the image's edges, as in the original. The constants of srad and
// srad2 are double literals, as in the original, so those steps compute in double.

#define NUMBER_THREADS 512

// I = exp(I / 255): the input is a grey-level image in 0..255.
extern "C" __global__ void extract(int ne, float* img) {
  const int ei = blockIdx.x * NUMBER_THREADS + threadIdx.x;
  if (ei < ne) img[ei] = expf(img[ei] / 255);
}

// The two arrays the reduction sums: each pixel and its square.
extern "C" __global__ void prepare(int ne, const float* img, float* sums, float* sums2) {
  const int ei = blockIdx.x * NUMBER_THREADS + threadIdx.x;
  if (ei < ne) {
    sums[ei] = img[ei];
    sums2[ei] = img[ei] * img[ei];
  }
}

// One level of the reduction: block b sums the `no` values sums[k * mul] with k in
// b * 512 .. b * 512 + 511 and leaves the sum at sums[b * 512 * mul] (the slot of its first value,
// which the next level reads with mul * 512). In shared memory, pairwise: at step i (2, 4, .., 512)
// thread t with (t + 1) % i == 0 adds the value i / 2 below it, so thread 511 ends with the block's
// sum. The last block, with nf < 512 values, runs the tree over the largest power of two df <= nf
// and its thread df - 1 adds the remaining nf - df values one by one from global memory. As in the
// original, that tail reads sums[k] rather than sums[k * mul]: at the levels after the first
// (mul > 1) it adds values the level did not produce (the first level's copies of pixels), so
// q0sqr is not exactly the image's statistic. We keep this for its memory accesses and results;
// the reference repeats it (docs: departures).
extern "C" __global__ void reduce(int ne, int no, int mul, float* sums, float* sums2) {
  __shared__ float psum[NUMBER_THREADS];
  __shared__ float psum2[NUMBER_THREADS];
  const int bx = blockIdx.x;
  const int tx = threadIdx.x;
  const int ei = bx * NUMBER_THREADS + tx;
  const int nf = no - (gridDim.x - 1) * NUMBER_THREADS;  // values of the last block
  if (ei < no) {
    psum[tx] = sums[ei * mul];
    psum2[tx] = sums2[ei * mul];
  }
  __syncthreads();
  if (nf == NUMBER_THREADS || bx != gridDim.x - 1) {
    // A full block.
    for (int i = 2; i <= NUMBER_THREADS; i *= 2) {
      if ((tx + 1) % i == 0) {
        psum[tx] = psum[tx] + psum[tx - i / 2];
        psum2[tx] = psum2[tx] + psum2[tx - i / 2];
      }
      __syncthreads();
    }
    if (tx == NUMBER_THREADS - 1) {
      sums[bx * mul * NUMBER_THREADS] = psum[tx];
      sums2[bx * mul * NUMBER_THREADS] = psum2[tx];
    }
  } else {
    // The last, partial block: a tree over df values, then the rest in order.
    int df = 0;
    for (int i = 2; i <= NUMBER_THREADS; i *= 2) {
      if (nf >= i) df = i;
    }
    for (int i = 2; i <= df; i *= 2) {
      if ((tx + 1) % i == 0 && tx < df) {
        psum[tx] = psum[tx] + psum[tx - i / 2];
        psum2[tx] = psum2[tx] + psum2[tx - i / 2];
      }
      __syncthreads();
    }
    // nf == 1 gives df == 0: the block's only value already sits in its result slot.
    if (tx == df - 1) {
      for (int k = bx * NUMBER_THREADS + df; k < bx * NUMBER_THREADS + nf; ++k) {
        psum[tx] = psum[tx] + sums[k];
        psum2[tx] = psum2[tx] + sums2[k];
      }
      sums[bx * mul * NUMBER_THREADS] = psum[tx];
      sums2[bx * mul * NUMBER_THREADS] = psum2[tx];
    }
  }
}

// The pixel's row and column from its index (the original derives them from ei + 1).
__device__ __forceinline__ void row_col(int ei, int nr, int* row, int* col) {
  *row = (ei + 1) % nr - 1;
  *col = (ei + 1) / nr;
  if ((ei + 1) % nr == 0) {
    *row = nr - 1;
    *col = *col - 1;
  }
}

// Directional derivatives, normalized gradient magnitude and Laplacian, the instantaneous
// coefficient of variation qsqr and the diffusion coefficient c = 1 / (1 + (qsqr - q0sqr) /
// (q0sqr (1 + q0sqr))), clamped to [0, 1] (Yu and Acton, eqs. 33, 35, 52-54). lambda is unused,
// as in the original.
extern "C" __global__ void srad(float lambda, int nr, int nc, int ne, const int* i_n,
                                const int* i_s, const int* j_e, const int* j_w, float* d_n,
                                float* d_s, float* d_e, float* d_w, float q0sqr, float* c,
                                const float* img) {
  const int ei = blockIdx.x * NUMBER_THREADS + threadIdx.x;
  int row, col;
  row_col(ei, nr, &row, &col);
  if (ei < ne) {
    const float jc = img[ei];
    const float n = img[i_n[row] + nr * col] - jc;
    const float s = img[i_s[row] + nr * col] - jc;
    const float w = img[row + nr * j_w[col]] - jc;
    const float e = img[row + nr * j_e[col]] - jc;
    const float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    const float l = (n + s + w + e) / jc;
    const float num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
    float den = 1 + (0.25 * l);
    const float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
    float coef = 1.0 / (1.0 + den);
    if (coef < 0) {
      coef = 0;
    } else if (coef > 1) {
      coef = 1;
    }
    d_n[ei] = n;
    d_s[ei] = s;
    d_w[ei] = w;
    d_e[ei] = e;
    c[ei] = coef;
  }
}

// Divergence of c times the gradient and the update I += lambda / 4 * div (eqs. 58, 61). North
// and west use the pixel's own coefficient, south and east their neighbour's.
extern "C" __global__ void srad2(float lambda, int nr, int nc, int ne, const int* i_n,
                                 const int* i_s, const int* j_e, const int* j_w, const float* d_n,
                                 const float* d_s, const float* d_e, const float* d_w,
                                 const float* c, float* img) {
  const int ei = blockIdx.x * NUMBER_THREADS + threadIdx.x;
  int row, col;
  row_col(ei, nr, &row, &col);
  if (ei < ne) {
    const float cn = c[ei];
    const float cs = c[i_s[row] + nr * col];
    const float cw = c[ei];
    const float ce = c[row + nr * j_e[col]];
    const float div = cn * d_n[ei] + cs * d_s[ei] + cw * d_w[ei] + ce * d_e[ei];
    img[ei] = img[ei] + 0.25 * lambda * div;
  }
}

// I = log(I) * 255: back to grey levels.
extern "C" __global__ void compress(int ne, float* img) {
  const int ei = blockIdx.x * NUMBER_THREADS + threadIdx.x;
  if (ei < ne) img[ei] = logf(img[ei]) * 255;
}

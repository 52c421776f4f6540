// rodinia/leukocyte: Rodinia 3.x's Leukocyte (CUDA) on synthetic frames (driver.cc): the detection
// stage (find_ellipse_kernel.cu) on the first frame, the tracking stage (track_ellipse_kernel.cu)
// on the following ones. Three kernels:
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
// IMGVF_kernel (below): the tracking stage's motion gradient vector flow, one block per cell.
//
// The original reads the gradients and the GICOV matrix through textures and the sin / cos and
// offset tables and the structuring element from constant memory; here they are plain global
// loads of const __restrict__ pointers (ld.global.nc, the read-only data path textures also
// use; warpsim's workload host has no texture or constant-memory copies). The float
// operations are written as __fmul_rn / __fadd_rn / __fdiv_rn so that the compiler does not
// contract them into FMAs: the host reference repeats them in the same order and the results
// compare exactly.

#include "leukocyte_math.h"

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

// IMGVF_kernel: the motion gradient vector flow (MGVF) of every tracked cell, as Rodinia's
// track_ellipse_kernel.cu computes it: one block of IMGVF_THREADS = 320 threads per cell
// (threads_per_block in the original), the cell's matrix (at most 41 x 81 floats: the
// sub-image the host cuts around the cell, 2 R + 1 rows by 4 R + 1 columns with R = 10) in
// shared memory. Each iteration updates every element from its 8 neighbours
// (lk_imgvf_pixel, leukocyte_math.h; neighbours clamped at the matrix's edges) with the values
// of the previous iteration (a Jacobi step), sums each thread's |new - old| and reduces the
// 320 sums in shared memory; the cell has converged when the mean change over its m n elements
// is below `cutoff`, or stops after `max_iterations`. Thread t handles elements t, t + 320,
// t + 640, ... (the original's "virtual thread blocks"), row-major (element (i, j) at
// i * n + j). As the original, the new values of one virtual block wait in `buffer` until the
// next virtual block has read its neighbours, so every read sees the previous iteration's
// values (a neighbour is at most n + 1 <= 82 elements away, less than one virtual block); ours
// adds a __syncthreads between the reads and the writes of each virtual block, without which a
// fast warp may overwrite a value a slow warp has yet to read (the original omits it). The
// reduction folds threads 256..319 onto 0..63, then halves from 128 to 1, as the original
// (next_lowest_power_of_two = 256). Pointers to each cell's matrices come from arrays of
// device pointers (float ** in the original); the image I is read from global memory in every
// iteration, as the original does. Ours also stores each cell's iteration count, for the
// check.
#define IMGVF_THREADS 320
#define IMGVF_FOLD 256
#define IMGVF_MAX_SIZE (41 * 81)

extern "C" __global__ void IMGVF_kernel(float** IMGVF_array, float** I_array, const int* m_array,
                                        const int* n_array, float vx, float vy, float e,
                                        int max_iterations, float cutoff, int* iterations_out) {
  __shared__ float imgvf[IMGVF_MAX_SIZE];
  __shared__ float buffer[IMGVF_THREADS];
  __shared__ int cell_converged;

  const int cell = blockIdx.x;
  float* imgvf_global = IMGVF_array[cell];
  const float* I = I_array[cell];
  const int m = m_array[cell];
  const int n = n_array[cell];
  const int size = m * n;
  const int vblocks = (size + IMGVF_THREADS - 1) / IMGVF_THREADS;
  const int t = threadIdx.x;

  // The initial field (the host sets it to I) into shared memory.
  for (int k = t; k < size; k += IMGVF_THREADS) imgvf[k] = imgvf_global[k];
  if (t == 0) cell_converged = 0;
  __syncthreads();

  const float one_over_e = __fdiv_rn(1.0f, e);
  const LkDirections dir = lk_directions(vx, vy);

  int iterations = 0;
  while (!cell_converged && iterations < max_iterations) {
    float total_diff = 0.0f;
    for (int vb = 0; vb < vblocks; ++vb) {
      const int k = vb * IMGVF_THREADS + t;
      float new_val = 0.0f;
      if (k < size) {
        const int i = k / n;
        const int j = k - i * n;
        const int up = (i == 0 ? 0 : i - 1) * n;
        const int down = (i == m - 1 ? m - 1 : i + 1) * n;
        const int row = i * n;
        const int left = j == 0 ? 0 : j - 1;
        const int right = j == n - 1 ? n - 1 : j + 1;
        const float old_val = imgvf[k];
        const float nb[8] = {imgvf[up + j],      imgvf[down + j],   imgvf[row + left],
                             imgvf[row + right], imgvf[up + right], imgvf[down + right],
                             imgvf[up + left],   imgvf[down + left]};
        new_val = lk_imgvf_pixel(old_val, nb, I[k], dir, one_over_e);
        total_diff = __fadd_rn(total_diff, fabsf(__fsub_rn(new_val, old_val)));
      }
      __syncthreads();  // every thread has read this virtual block's neighbours
      // The previous virtual block's values (every virtual block but the last is full).
      if (vb > 0) imgvf[k - IMGVF_THREADS] = buffer[t];
      if (vb < vblocks - 1) {
        buffer[t] = new_val;
      } else if (k < size) {
        imgvf[k] = new_val;
      }
      __syncthreads();
    }

    // Sum of the 320 threads' changes: fold 256..319 onto 0..63, then a tree.
    buffer[t] = total_diff;
    __syncthreads();
    if (t < IMGVF_THREADS - IMGVF_FOLD) buffer[t] = __fadd_rn(buffer[t], buffer[t + IMGVF_FOLD]);
    __syncthreads();
    for (int half = IMGVF_FOLD / 2; half > 0; half /= 2) {
      if (t < half) buffer[t] = __fadd_rn(buffer[t], buffer[t + half]);
      __syncthreads();
    }
    if (t == 0) {
      const float mean = __fdiv_rn(buffer[0], (float)size);
      if (mean < cutoff) cell_converged = 1;
    }
    __syncthreads();
    ++iterations;
  }

  for (int k = t; k < size; k += IMGVF_THREADS) imgvf_global[k] = imgvf[k];
  if (t == 0) iterations_out[cell] = iterations;
}

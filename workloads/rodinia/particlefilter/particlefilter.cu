// rodinia/particlefilter: Rodinia 3.x's particle filter, CUDA "float" version
// (ex_particle_CUDA_float_seq, which despite its name computes in double, as ours does): tracks
// a disk through a synthetic video with Nparticles particles. Per frame four kernels, each on
// ceil(Nparticles / 512) blocks of 512 threads (threads_per_block = 512 in Rodinia), one thread
// per particle:
//   likelihood_kernel: each particle starts from its resampled position (xj, yj), resets its
//     weight to 1 / Nparticles, moves by (1 + 5 randn, -2 + 2 randn), writes the video indices
//     of the object template's pixels (objxy, 69 offsets) around its rounded position in frame
//     k to the global array ind, reads the pixels back through ind (the gather), averages their
//     likelihood, multiplies its weight by e^likelihood, and each block sums its weights by a
//     shared-memory tree (buffer[512]) into partial_sums[block];
//   sum_kernel: the first thread adds the blocks' partial sums (ours: and forms the running sum
//     of the weights and the first resampling point u[0]; see below);
//   normalize_weights_kernel: every weight and (ours) every CDF entry divided by the sum;
//     u[i] = u[0] + i / Nparticles;
//   find_index_kernel: each particle searches the CDF linearly from 0 for the first entry
//     >= u[i] (the irregular, data-dependent walk) and takes that particle's position.
// The arithmetic is in particlefilter_math.h, shared with the CPU reference. The video is laid
// out as in Rodinia: pixel (x, y) of frame k at I[(x * IszY + y) * Nfr + k], bytes.
//
// Rodinia forms the CDF and u[0] in normalize_weights_kernel's first thread, after a
// __syncthreads, and then every block's first thread reads u[0] after another: a race across
// blocks (block 0's first thread may read weights that other blocks have not yet normalized,
// and the other blocks may read u[0] before block 0 writes it, getting the last frame's). Ours
// does that serial work in sum_kernel's single thread, which runs after every weight is final
// and before any block of normalize_weights_kernel starts: the running sum of the unnormalized
// weights (one load, one add and one store per particle, as Rodinia's CDF loop) and u[0]; then
// normalize_weights_kernel divides each CDF entry by the sum in parallel, as it does the
// weights. The same random-number sequence, the CDF Rodinia intends (each entry rounded once
// more), no race.

#include "particlefilter_math.h"

#define PF_BLOCK 512

extern "C" __global__ void likelihood_kernel(double* arrayX, double* arrayY, const double* xj,
                                             const double* yj, int* ind, const int* objxy,
                                             double* likelihood, const unsigned char* I,
                                             double* weights, int Nparticles, int countOnes,
                                             int max_size, int k, int IszY, int Nfr, int* seed,
                                             double* partial_sums) {
  __shared__ double buffer[PF_BLOCK];
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < Nparticles) {
    arrayX[i] = xj[i];
    arrayY[i] = yj[i];
    weights[i] = PF_DIV(1.0, static_cast<double>(Nparticles));
    // Move: x + 1 + 5 randn, y - 2 + 2 randn (the object's motion per frame, plus noise).
    arrayX[i] = PF_ADD(PF_ADD(arrayX[i], 1.0), PF_MUL(5.0, pf_randn(seed[i])));
    arrayY[i] = PF_ADD(PF_SUB(arrayY[i], 2.0), PF_MUL(2.0, pf_randn(seed[i])));
  }
  __syncthreads();
  if (i < Nparticles) {
    const int cx = PF_RINT(arrayX[i]);
    const int cy = PF_RINT(arrayY[i]);
    // The template's pixels around the particle, in frame k; outside the video: pixel 0.
    for (int y = 0; y < countOnes; ++y) {
      const int ix = cx + objxy[2 * y];
      const int iy = cy + objxy[2 * y + 1];
      int index = abs(ix * IszY * Nfr + iy * Nfr + k);
      if (index >= max_size) index = 0;
      ind[i * countOnes + y] = index;
    }
    double sum = 0.0;
    for (int y = 0; y < countOnes; ++y) {
      sum = PF_ADD(sum, pf_pixel_likelihood(I[ind[i * countOnes + y]]));
    }
    likelihood[i] = PF_DIV(sum, static_cast<double>(countOnes));
    weights[i] = PF_MUL(weights[i], pf_exp(likelihood[i]));
  }
  // The block's sum of weights: a tree over buffer[512], zeros past the last particle.
  buffer[threadIdx.x] = 0.0;
  __syncthreads();
  if (i < Nparticles) buffer[threadIdx.x] = weights[i];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buffer[threadIdx.x] = PF_ADD(buffer[threadIdx.x], buffer[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) partial_sums[blockIdx.x] = buffer[0];
}

extern "C" __global__ void sum_kernel(double* partial_sums, int Nparticles, const double* weights,
                                      double* CDF, double* u, int* seed) {
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i == 0) {
    const int num_blocks = (Nparticles + PF_BLOCK - 1) / PF_BLOCK;
    double sum = 0.0;
    for (int x = 0; x < num_blocks; ++x) sum = PF_ADD(sum, partial_sums[x]);
    partial_sums[0] = sum;
    // Moved here from normalize_weights_kernel (see the top): the running sum of the weights,
    // CDF[x] = CDF[x - 1] + weights[x] (normalized in normalize_weights_kernel), and
    // u[0] = randu / Nparticles from seed[0].
    double cdf = 0.0;
    for (int x = 0; x < Nparticles; ++x) {
      cdf = PF_ADD(cdf, weights[x]);
      CDF[x] = cdf;
    }
    u[0] = PF_MUL(PF_DIV(1.0, static_cast<double>(Nparticles)), pf_randu(seed[0]));
  }
}

extern "C" __global__ void normalize_weights_kernel(double* weights, int Nparticles,
                                                    const double* partial_sums, double* CDF,
                                                    double* u) {
  __shared__ double u1;
  __shared__ double sum_weights;
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (threadIdx.x == 0) sum_weights = partial_sums[0];
  __syncthreads();
  if (i < Nparticles) {
    weights[i] = PF_DIV(weights[i], sum_weights);
    CDF[i] = PF_DIV(CDF[i], sum_weights);
  }
  __syncthreads();
  if (threadIdx.x == 0) u1 = u[0];
  __syncthreads();
  // Evenly spaced resampling points from u[0] (which already holds u1 itself).
  if (i > 0 && i < Nparticles) {
    u[i] = PF_ADD(u1, PF_DIV(static_cast<double>(i), static_cast<double>(Nparticles)));
  }
}

extern "C" __global__ void find_index_kernel(const double* arrayX, const double* arrayY,
                                             const double* CDF, const double* u, double* xj,
                                             double* yj, int Nparticles) {
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < Nparticles) {
    int index = -1;
    for (int x = 0; x < Nparticles; ++x) {
      if (CDF[x] >= u[i]) {
        index = x;
        break;
      }
    }
    if (index == -1) index = Nparticles - 1;
    xj[i] = arrayX[index];
    yj[i] = arrayY[index];
  }
}

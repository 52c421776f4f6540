// grid3d: 3D grids of 3D blocks whose shape is chosen at launch, with dynamic shared memory sized
// from it: a 7-point stencil over a volume that stages its block's tile plus halo in
// `extern __shared__` memory (odd block shapes, partial warps, volumes that are not block
// multiples), and per-block double sums that put a static __shared__ counter next to the dynamic
// area.
// Usage: grid3d [nx]   (default nx = 37; ny and nz follow)
#include <vector>

static const char* kName = "grid3d";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__device__ inline int clamp_index(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

// out = 0.5 * centre + 0.125 * (sum of the six neighbours), edges replicated.
__global__ void stencil7(const float* in, float* out, int nx, int ny, int nz) {
  extern __shared__ float tile[];
  const int sx = blockDim.x + 2, sy = blockDim.y + 2, sz = blockDim.z + 2;
  const int tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  const int x0 = blockIdx.x * blockDim.x - 1, y0 = blockIdx.y * blockDim.y - 1,
            z0 = blockIdx.z * blockDim.z - 1;
  for (int k = tid; k < sx * sy * sz; k += threads) {
    const int gx = clamp_index(x0 + k % sx, nx);
    const int gy = clamp_index(y0 + k / sx % sy, ny);
    const int gz = clamp_index(z0 + k / (sx * sy), nz);
    tile[k] = in[(gz * ny + gy) * nx + gx];
  }
  __syncthreads();
  const int x = x0 + 1 + threadIdx.x, y = y0 + 1 + threadIdx.y, z = z0 + 1 + threadIdx.z;
  if (x >= nx || y >= ny || z >= nz) return;
  const int c = ((threadIdx.z + 1) * sy + threadIdx.y + 1) * sx + threadIdx.x + 1;
  const float around = tile[c - 1] + tile[c + 1] + tile[c - sx] + tile[c + sx] + tile[c - sx * sy] +
                       tile[c + sx * sy];
  out[(z * ny + y) * nx + x] = 0.5f * tile[c] + 0.125f * around;
}

// sums[b] = sum of the block's elements, counts[b] = how many of its threads were inside.
__global__ void block_sums3d(const double* in, double* sums, int* counts, int nx, int ny, int nz) {
  extern __shared__ double partial[];  // one per thread
  __shared__ int inside_count;
  const int tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  if (tid == 0) inside_count = 0;
  __syncthreads();
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int z = blockIdx.z * blockDim.z + threadIdx.z;
  const bool inside = x < nx && y < ny && z < nz;
  partial[tid] = inside ? in[(z * ny + y) * nx + x] : 0.0;
  if (inside) atomicAdd(&inside_count, 1);
  __syncthreads();
  for (int stride = 1; stride < threads; stride *= 2) {
    if (tid % (2 * stride) == 0 && tid + stride < threads) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) {
    const int b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    sums[b] = partial[0];
    counts[b] = inside_count;
  }
}
#endif  // __CUDACC__

static dim3 grid_for(dim3 block, int nx, int ny, int nz) {
  return dim3((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y,
              (nz + block.z - 1) / block.z);
}

static int clamp_host(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

int main(int argc, char** argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 37;
  if (nx < 1) nx = 1;
  const int ny = nx / 2 + 3, nz = nx / 3 + 1, total = nx * ny * nz;
  Lcg rng(33);
  std::vector<float> hf(total);
  std::vector<double> hd(total);
  for (auto& v : hf) v = static_cast<float>(rng.small());
  for (auto& v : hd) v = rng.small();
  float *dfin, *dfout;
  double *ddin, *dsums;
  int* dcounts;
  CUDA_CHECK(cudaMalloc(&dfin, total * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dfout, total * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&ddin, total * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(dfin, hf.data(), total * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(ddin, hd.data(), total * sizeof(double), cudaMemcpyHostToDevice));

  // The stencil is exact: inputs are multiples of 1/256 and the weights powers of two.
  std::vector<float> want(total), got(total);
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        auto at = [&](int dx, int dy, int dz) {
          return hf[(clamp_host(z + dz, nz) * ny + clamp_host(y + dy, ny)) * nx +
                    clamp_host(x + dx, nx)];
        };
        const float around =
            at(-1, 0, 0) + at(1, 0, 0) + at(0, -1, 0) + at(0, 1, 0) + at(0, 0, -1) + at(0, 0, 1);
        want[(z * ny + y) * nx + x] = 0.5f * at(0, 0, 0) + 0.125f * around;
      }
  const dim3 stencil_blocks[] = {dim3(8, 4, 4), dim3(16, 8, 2), dim3(5, 3, 7)};
  for (const dim3& block : stencil_blocks) {
    const size_t shared = (block.x + 2) * (block.y + 2) * (block.z + 2) * sizeof(float);
    CUDA_CHECK(cudaMemset(dfout, 0, total * sizeof(float)));
    LAUNCH(stencil7, grid_for(block, nx, ny, nz), block, shared)(dfin, dfout, nx, ny, nz);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(got.data(), dfout, total * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < total; ++i)
      if (got[i] != want[i])
        mismatch("stencil7 block (%u,%u,%u) [%d] = %g want %g", block.x, block.y, block.z, i,
                 got[i], want[i]);
  }

  const dim3 sum_blocks[] = {dim3(8, 4, 2), dim3(4, 4, 4), dim3(3, 5, 2)};
  for (const dim3& block : sum_blocks) {
    const dim3 grid = grid_for(block, nx, ny, nz);
    const int nblocks = static_cast<int>(grid.x * grid.y * grid.z);
    CUDA_CHECK(cudaMalloc(&dsums, nblocks * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&dcounts, nblocks * sizeof(int)));
    const size_t shared = block.x * block.y * block.z * sizeof(double);
    LAUNCH(block_sums3d, grid, block, shared)(ddin, dsums, dcounts, nx, ny, nz);
    CUDA_CHECK(cudaGetLastError());
    std::vector<double> sums(nblocks);
    std::vector<int> counts(nblocks);
    CUDA_CHECK(cudaMemcpy(sums.data(), dsums, nblocks * sizeof(double), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(counts.data(), dcounts, nblocks * sizeof(int), cudaMemcpyDeviceToHost));
    std::vector<double> want_sums(nblocks, 0.0);
    std::vector<int> want_counts(nblocks, 0);
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
          const int b = (z / block.z * grid.y + y / block.y) * grid.x + x / block.x;
          want_sums[b] += hd[(z * ny + y) * nx + x];  // exact: small dyadic values
          ++want_counts[b];
        }
    for (int b = 0; b < nblocks; ++b) {
      if (sums[b] != want_sums[b])
        mismatch("block_sums3d block (%u,%u,%u) sum[%d] = %g want %g", block.x, block.y, block.z, b,
                 sums[b], want_sums[b]);
      if (counts[b] != want_counts[b])
        mismatch("block_sums3d block (%u,%u,%u) count[%d] = %d want %d", block.x, block.y, block.z,
                 b, counts[b], want_counts[b]);
    }
    cudaFree(dsums);
    cudaFree(dcounts);
  }

  cudaFree(dfin);
  cudaFree(dfout);
  cudaFree(ddin);
  return finish();
}

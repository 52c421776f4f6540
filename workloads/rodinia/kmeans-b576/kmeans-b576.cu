// rodinia/kmeans-b576: seed 002's kmeans (Table 5: kmeansPoint, 2 variables, 4608 B, 576
// threads): Rodinia's kmeansPoint with THREADS_PER_DIM 24 (576-thread blocks) and its two block
// reductions compiled in (BLOCK_DELTA_REDUCE, BLOCK_CENTER_REDUCE): after assigning its points,
// a block sums how many changed cluster (deltas[576]) and, for every cluster and feature, the
// feature over its points of that cluster (new_center_ids[576]), each by a tree in shared memory
// (ours adds the odd element that Rodinia's halving loop drops when the block is not a power of
// two), and writes the sums for the host. kmeans_invert_mapping as rodinia/kmeans.

#include "../kmeans/kmeans.cu"

constexpr int kReduceThreads = 576;  // THREADS_PER_BLOCK = 24 x 24

// Sums v[0 .. 576) into v[0]; every thread of the block calls it.
template <typename T>
__device__ inline void block_sum(T* v) {
  for (int s = 512; s > 0; s >>= 1) {
    if (threadIdx.x < s && threadIdx.x + s < kReduceThreads) v[threadIdx.x] += v[threadIdx.x + s];
    __syncthreads();
  }
}

extern "C" __global__ void kmeans_point_reduce(const float* features, int nfeatures, int npoints,
                                               int nclusters, int* membership,
                                               const float* clusters, float* block_clusters,
                                               int* block_deltas) {
  __shared__ int deltas[kReduceThreads];
  __shared__ float new_center_ids[kReduceThreads];
  const unsigned int block = gridDim.x * blockIdx.y + blockIdx.x;
  const unsigned int point = block * kReduceThreads + threadIdx.x;
  int nearest = -1;
  if (point < npoints) {
    nearest = nearest_centre(features, nfeatures, npoints, nclusters, clusters, point);
    deltas[threadIdx.x] = membership[point] != nearest;
    membership[point] = nearest;
  } else {
    deltas[threadIdx.x] = 0;
  }
  __syncthreads();
  block_sum(deltas);
  if (threadIdx.x == 0) block_deltas[block] = deltas[0];
  for (int c = 0; c < nclusters; ++c) {
    for (int f = 0; f < nfeatures; ++f) {
      new_center_ids[threadIdx.x] = nearest == c ? features[point + f * npoints] : 0.0f;
      __syncthreads();
      block_sum(new_center_ids);
      if (threadIdx.x == 0) block_clusters[(block * nclusters + c) * nfeatures + f] = new_center_ids[0];
      __syncthreads();
    }
  }
}

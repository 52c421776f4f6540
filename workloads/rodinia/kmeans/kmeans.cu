// rodinia/kmeans: k-means clustering, after Rodinia 3.x's kmeans (CUDA, kmeans_cuda_kernel.cu):
//   kmeans_invert_mapping: once, one thread per point (1-D grid of ceil(npoints / 256)^.5 squared
//                          blocks of 256): transposes the point-major features [npoints][nfeatures]
//                          into feature-major [nfeatures][npoints], so that a warp's loads of
//                          one feature are contiguous;
//   kmeans_point:          every iteration, one thread per point (2-D grid of blocks of 256, the
//                          block id row-major): the nearest cluster centre by squared Euclidean
//                          distance (the first of equal ones), written to membership.
// The host recomputes the centres and iterates (driver.cc). The original reads the centres from
// constant memory (and binds textures it does not use in these kernels); ours reads them with
// plain global loads.

#include <cfloat>

extern "C" __global__ void kmeans_invert_mapping(const float* input, float* output, int npoints,
                                                 int nfeatures) {
  int point = blockIdx.x * blockDim.x + threadIdx.x;
  if (point < npoints) {
    for (int f = 0; f < nfeatures; ++f) output[point + npoints * f] = input[point * nfeatures + f];
  }
}

// The nearest centre of `point` (the first of equal distances).
__device__ inline int nearest_centre(const float* features, int nfeatures, int npoints,
                                     int nclusters, const float* clusters, unsigned int point) {
  int nearest = -1;
  float min_dist = FLT_MAX;
  for (int c = 0; c < nclusters; ++c) {
    float dist = 0.0f;
    for (int f = 0; f < nfeatures; ++f) {
      float diff = features[point + f * npoints] - clusters[c * nfeatures + f];
      dist += diff * diff;
    }
    if (dist < min_dist) {
      min_dist = dist;
      nearest = c;
    }
  }
  return nearest;
}

extern "C" __global__ void kmeans_point(const float* features, int nfeatures, int npoints,
                                        int nclusters, int* membership, const float* clusters) {
  const unsigned int block = gridDim.x * blockIdx.y + blockIdx.x;
  const unsigned int point = block * blockDim.x * blockDim.y + threadIdx.x;
  if (point < npoints) {
    membership[point] = nearest_centre(features, nfeatures, npoints, nclusters, clusters, point);
  }
}

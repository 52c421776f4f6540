// ccws/kmn: the k-means membership kernel of Rogers et al.'s CCWS study (MICRO 2012, "KMN"):
// one thread per point finds the nearest of K centroids by squared Euclidean distance. Unlike
// Rodinia's kmeans, which first transposes the features to feature-major order, KMN reads each
// point's feature row in place (point-major, [points][features]): the 32 lanes of a warp load
// 32 different lines for every feature, and each thread walks its own row once per centroid.
// That intra-warp reuse is what makes the kernel extremely cache-sensitive. The host updates the
// centroids between launches (driver.cc).

#include <cfloat>

extern "C" __global__ void kmn_assign(const float* features, const float* centroids,
                                      int* membership, int npoints, int nfeatures, int nclusters) {
  const int point = blockIdx.x * blockDim.x + threadIdx.x;
  if (point >= npoints) return;
  const float* row = features + static_cast<long long>(point) * nfeatures;
  int nearest = 0;
  float best = FLT_MAX;
  for (int c = 0; c < nclusters; ++c) {
    const float* centre = centroids + c * nfeatures;
    float dist = 0.0f;
    for (int f = 0; f < nfeatures; ++f) {
      const float diff = row[f] - centre[f];
      dist += diff * diff;
    }
    if (dist < best) {
      best = dist;
      nearest = c;
    }
  }
  membership[point] = nearest;
}

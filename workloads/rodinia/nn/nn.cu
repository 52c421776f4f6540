// rodinia/nn: Rodinia 3.x's Nearest Neighbor (nn_cuda.cu, kernel `euclid`): the Euclidean
// distance from every record's (latitude, longitude) to a target location, one thread per
// record; the host then picks the k nearest records. Records are the original's 8-byte
// `LatLong {float lat; float lng;}`; blocks of 256 threads (DEFAULT_THREADS_PER_BLOCK), the grid
// folded into y when it would pass 65535 blocks, as the original's host code does (driver.cc).
//
// The original computes `(float)sqrt((lat-r.lat)*(lat-r.lat) + (lng-r.lng)*(lng-r.lng))`, which
// nvcc contracts into one multiply and one fused multiply-add before sqrt.rn.f32. We write that
// order out with intrinsics, so that the CPU reference (std::fmaf, std::sqrt) can repeat it
// exactly: the latitude term is fused onto the rounded longitude product.

struct LatLong {
  float lat;
  float lng;
};

extern "C" __global__ void euclid(const LatLong* locations, float* distances, int num_records,
                                  float lat, float lng) {
  const int id = blockDim.x * (gridDim.x * blockIdx.y + blockIdx.x) + threadIdx.x;
  if (id < num_records) {
    const LatLong here = locations[id];
    const float dlat = __fsub_rn(lat, here.lat);
    const float dlng = __fsub_rn(lng, here.lng);
    distances[id] = sqrtf(__fmaf_rn(dlat, dlat, __fmul_rn(dlng, dlng)));
  }
}

// rodinia/streamcluster: the GPU part of Rodinia 3.x's StreamCluster (streamcluster_cuda.cu,
// after PARSEC's streamcluster), kernel_compute_cost: for the local search's pgain step, one
// thread per point computes the cost of serving the point from candidate facility x (the squared
// Euclidean distance times the point's weight, over coordinates stored dimension-major,
// coord[i * num + point]) and records in its own row of work_mem (stride = K + 1 floats) either
// the saving of switching to x (slot K, and its switch_membership flag) or the loss, charged to
// its current center's slot (center_table[assign]). Blocks of 512 threads (THREADS_PER_BLOCK),
// a grid of ceil(num / 512) blocks folded into y beyond 65536 (MAXBLOCKS); the host drives the
// rest of pgain (driver.cc).

// The original's Point as a 64-bit host lays it out (32 bytes): the kernel reads weight, assign
// and cost of every point from this array of structures.
struct Point {
  float weight;
  float* coord;
  long long assign;
  float cost;
};

extern "C" __global__ void kernel_compute_cost(int num, int dim, long long x, const Point* p,
                                               int K, int stride, const float* coord,
                                               float* work_mem, const int* center_table,
                                               bool* switch_membership) {
  const int block = blockIdx.x + gridDim.x * blockIdx.y;
  const int tid = blockDim.x * block + threadIdx.x;
  if (tid >= num) return;
  float* lower = work_mem + tid * stride;
  float dist = 0.0f;
  for (int i = 0; i < dim; ++i) {
    const float diff = coord[i * num + tid] - coord[i * num + x];
    dist += diff * diff;
  }
  const float x_cost = dist * p[tid].weight;
  if (x_cost < p[tid].cost) {
    switch_membership[tid] = true;
    lower[K] += x_cost - p[tid].cost;
  } else {
    lower[center_table[p[tid].assign]] += p[tid].cost - x_cost;
  }
}

// lonestar/sssp: single-source shortest paths after LonestarGPU's topology-driven SSSP (Burtscher,
// Nasre and Pingali, "A quantitative study of irregular programs on GPUs", IISWC 2012): Bellman-
// Ford-style relaxation on a CSR graph with integer edge weights. Each iteration, `sssp_relax`
// runs a grid-stride loop over all nodes (topology-driven: the whole graph every time); every
// reached node relaxes all its out-edges, lowering a destination's distance with atomicMin, and a
// thread that lowered one raises the global `changed` flag that tells the host to iterate again.
// The relaxing node's own distance is read from `dist_in`, the distances at the start of the
// iteration, and `sssp_copy` then carries the lowered ones over (dist_in = dist): so iteration k
// leaves the shortest distances over paths of at most k edges, and the number of iterations and
// the work do not depend on the warps' order. (LonestarGPU reads and lowers one array in place.)

constexpr int kInfinity = 1000000000;

extern "C" __global__ void sssp_relax(const int* row, const int* adj, const int* weight,
                                      const int* dist_in, int* dist, int* changed, int nodes) {
  const int threads = gridDim.x * blockDim.x;
  bool lowered = false;
  for (int src = blockIdx.x * blockDim.x + threadIdx.x; src < nodes; src += threads) {
    const int d = dist_in[src];
    if (d == kInfinity) continue;
    const int last = row[src + 1];
    for (int e = row[src]; e < last; ++e) {
      const int dst = adj[e];
      const int alt = d + weight[e];
      if (alt < dist[dst]) {
        const int old = atomicMin(&dist[dst], alt);
        if (alt < old) lowered = true;
      }
    }
  }
  if (lowered) *changed = 1;
}

extern "C" __global__ void sssp_copy(const int* dist, int* dist_in, int nodes) {
  const int threads = gridDim.x * blockDim.x;
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < nodes; v += threads) {
    dist_in[v] = dist[v];
  }
}

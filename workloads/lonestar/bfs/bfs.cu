// lonestar/bfs: breadth-first search after LonestarGPU's topology-driven BFS (Burtscher, Nasre and
// Pingali, "A quantitative study of irregular programs on GPUs", IISWC 2012). The graph is in CSR
// form (row offsets, destinations); distances are levels, kInfinity where not yet reached.
// One launch per iteration; every thread of a grid-stride loop takes nodes src = tid,
// tid + threads, ... and relaxes all out-edges of every node reached before this iteration
// (dist[src] <= level): the topology-driven scheme, which visits the whole graph each time
// rather than a worklist of changed nodes. A destination whose distance falls takes it by
// atomicMin, and a thread that lowered one raises the global `changed` flag, which tells the
// host to launch another iteration. Reading only nodes with dist <= level (not those lowered
// during this launch) makes each iteration exactly one BFS level, whatever the warps' order.

constexpr int kInfinity = 1000000000;

extern "C" __global__ void bfs_relax(const int* row, const int* adj, int* dist, int* changed,
                                     int level, int nodes) {
  const int threads = gridDim.x * blockDim.x;
  bool lowered = false;
  for (int src = blockIdx.x * blockDim.x + threadIdx.x; src < nodes; src += threads) {
    const int d = dist[src];
    if (d > level) continue;  // not reached yet (or only in this iteration)
    const int alt = d + 1;
    const int last = row[src + 1];
    for (int e = row[src]; e < last; ++e) {
      const int dst = adj[e];
      if (alt < dist[dst]) {
        const int old = atomicMin(&dist[dst], alt);
        if (alt < old) lowered = true;
      }
    }
  }
  if (lowered) *changed = 1;
}

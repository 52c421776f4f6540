// rodinia/bfs: breadth-first search, after Rodinia 3.x's BFS (Harish and Narayanan, "Accelerating
// large graph algorithms on the GPU using CUDA", HiPC 2007). One thread per node; the graph in
// CSR form (per node its first edge and edge count, then the concatenated destination lists).
// Each BFS level runs two kernels over 1-D blocks of up to 512 threads (MAX_THREADS_PER_BLOCK):
//   Kernel:  every node in the frontier (mask) leaves it and, for each neighbour not yet visited,
//            sets the neighbour's cost to its own + 1 and marks it in updating_mask;
//   Kernel2: every marked node joins the frontier and the visited set, and raises the `over` flag
//            that tells the host to run another level.
// The host clears `over` before each level and stops when it stays false.

struct Node {
  int starting;     // first edge in the edge array
  int no_of_edges;  // number of edges
};

extern "C" __global__ void Kernel(const Node* nodes, const int* edges, bool* mask,
                                  bool* updating_mask, const bool* visited, int* cost,
                                  int no_of_nodes) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < no_of_nodes && mask[tid]) {
    mask[tid] = false;
    const int first = nodes[tid].starting;
    const int last = first + nodes[tid].no_of_edges;
    for (int e = first; e < last; ++e) {
      const int id = edges[e];
      if (!visited[id]) {
        cost[id] = cost[tid] + 1;
        updating_mask[id] = true;
      }
    }
  }
}

extern "C" __global__ void Kernel2(bool* mask, bool* updating_mask, bool* visited, bool* over,
                                   int no_of_nodes) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < no_of_nodes && updating_mask[tid]) {
    mask[tid] = true;
    visited[tid] = true;
    *over = true;
    updating_mask[tid] = false;
  }
}

// rodinia/bfs: breadth-first search from node 0, after Rodinia 3.x's BFS (bfs.cu): per level the
// kernels Kernel (expand the frontier) and Kernel2 (update the masks, set the stop flag), 1-D
// blocks of min(nodes, 512) threads (MAX_THREADS_PER_BLOCK = 512) and ceil(nodes / 512) blocks;
// the host clears the flag, launches both, reads the flag back and repeats until it stays false.
// Sizes: paper = 65536 nodes (seed 004 Table 3, Rodinia's graph64k.txt).
// Input: a deterministic random graph with the statistics of Rodinia's generator (graphgen): each
// node draws 2 to 4 (uniform) edges to uniformly random nodes and every such edge is stored in both
// directions, so the average degree is 6; loops and repeated edges may occur, as there. Each
// node's list keeps the order in which its edges were made. (Rodinia's files also carry edge
// weights, which BFS does not read; we leave them out.)
// Check: the costs (levels; -1 unreached) equal a CPU BFS's exactly, and the number of levels
// the host ran equals the deepest level + 1.

#include <cstdint>
#include <deque>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kNodes[] = {4096, 16384, 65536};  // tiny, small, paper
constexpr std::uint32_t kMaxThreadsPerBlock = 512;
constexpr std::uint32_t kMinEdges = 2;      // graphgen's MIN_EDGES
constexpr std::uint32_t kMaxInitEdges = 4;  // graphgen's MAX_INIT_EDGES

class Bfs final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/bfs"; }
  std::string_view description() const override {
    return "Rodinia BFS: breadth-first search, one thread per node, two kernels per level "
           "(irregular, data-dependent accesses)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("nodes={}, ~6 edges per node", for_size(kNodes, size));
  }
  void run(Host& host, Size size) const override;
};

struct Graph {
  std::vector<std::int32_t> nodes;  // per node: starting, no_of_edges (Rodinia's Node)
  std::vector<std::int32_t> edges;
};

Graph make_graph(std::uint32_t n) {
  std::vector<std::vector<std::int32_t>> lists(n);
  Lcg rng(0x5EED0BF5ull);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t count = kMinEdges + rng.below(kMaxInitEdges - kMinEdges + 1);
    for (std::uint32_t k = 0; k < count; ++k) {
      const std::uint32_t j = rng.below(n);
      lists[i].push_back(static_cast<std::int32_t>(j));
      lists[j].push_back(static_cast<std::int32_t>(i));
    }
  }
  Graph g;
  g.nodes.reserve(2 * static_cast<std::size_t>(n));
  for (const std::vector<std::int32_t>& list : lists) {
    g.nodes.push_back(static_cast<std::int32_t>(g.edges.size()));
    g.nodes.push_back(static_cast<std::int32_t>(list.size()));
    g.edges.insert(g.edges.end(), list.begin(), list.end());
  }
  return g;
}

void Bfs::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kNodes, size);
  const auto un = static_cast<std::size_t>(n);
  const Graph g = make_graph(static_cast<std::uint32_t>(n));
  constexpr std::int32_t kSource = 0;

  std::vector<std::uint8_t> mask(un, 0);
  std::vector<std::uint8_t> visited(un, 0);
  std::vector<std::int32_t> cost(un, -1);
  mask[kSource] = 1;
  visited[kSource] = 1;
  cost[kSource] = 0;

  host.load_workload_ptx(name());
  const Addr nodes_dev = host.alloc_copy(g.nodes);
  const Addr edges_dev = host.alloc_copy(g.edges);
  const Addr mask_dev = host.alloc_copy(mask);
  const Addr updating_dev = host.alloc_copy(std::vector<std::uint8_t>(un, 0));
  const Addr visited_dev = host.alloc_copy(visited);
  const Addr cost_dev = host.alloc_copy(cost);
  const Addr over_dev = host.alloc(1);
  const std::uint32_t threads =
      un < kMaxThreadsPerBlock ? static_cast<std::uint32_t>(n) : kMaxThreadsPerBlock;
  const func::Dim3 grid{blocks_for(un, threads)};
  const func::Dim3 block{threads};
  std::int32_t levels = 0;
  for (;;) {
    const std::uint8_t stop = 0;
    host.copy_in(over_dev, &stop, 1);
    host.launch("Kernel", grid, block, 0, nodes_dev, edges_dev, mask_dev, updating_dev, visited_dev,
                cost_dev, n);
    host.launch("Kernel2", grid, block, 0, mask_dev, updating_dev, visited_dev, over_dev, n);
    ++levels;
    if (host.read<std::uint8_t>(over_dev, 1)[0] == 0) break;
    if (levels > n) throw CheckFailed("bfs: the stop flag never stays false");
  }
  const std::vector<std::int32_t> got = host.read<std::int32_t>(cost_dev, un);

  // CPU BFS over the same lists.
  std::vector<std::int32_t> want(un, -1);
  want[kSource] = 0;
  std::deque<std::int32_t> queue{kSource};
  std::int32_t deepest = 0;
  while (!queue.empty()) {
    const std::int32_t v = queue.front();
    queue.pop_front();
    const auto uv = static_cast<std::size_t>(v);
    const std::int32_t first = g.nodes[2 * uv];
    for (std::int32_t e = first; e < first + g.nodes[2 * uv + 1]; ++e) {
      const auto w = static_cast<std::size_t>(g.edges[static_cast<std::size_t>(e)]);
      if (want[w] < 0) {
        want[w] = want[uv] + 1;
        deepest = want[w] > deepest ? want[w] : deepest;
        queue.push_back(static_cast<std::int32_t>(w));
      }
    }
  }
  check_equal("cost", got, want);
  if (levels != deepest + 1) {
    throw CheckFailed(fmt::format("the host ran {} levels, expected {} (deepest level {})", levels,
                                  deepest + 1, deepest));
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Bfs);

}  // namespace warpsim::workload

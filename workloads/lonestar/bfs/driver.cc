// lonestar/bfs: breadth-first search after LonestarGPU's topology-driven BFS (bfs.cu): per
// iteration one launch of bfs_relax over a grid-stride loop (1-D blocks of 256, as many blocks as
// the GPU holds at once, graph.h), the host clearing the `changed` flag before it and reading it
// back after, and stopping when it stays clear.
// Input: the road-like grid of graph.h (a stand-in for LonestarGPU's USA-road-d.* inputs), source
// the centre node. Sizes: side 64 / 160 / 512 (paper: 262,144 nodes and 731,558 arcs, the size of
// USA-road-d.NY, 264,346 nodes and 733,846 arcs; seed 001 gives no input sizes).
// Check: the distances (levels; kInfinity unreached) equal a CPU BFS's exactly, and the host ran
// exactly deepest level + 1 iterations (one per level and the one that finds nothing to lower).

#include <cstdint>
#include <deque>
#include <vector>

#include <fmt/format.h>

#include "../graph.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {64, 160, 512};  // tiny, small, paper
constexpr std::uint32_t kBlock = 256;
constexpr std::int32_t kInfinity = 1000000000;

class LonestarBfs final : public Workload {
 public:
  std::string_view name() const override { return "lonestar/bfs"; }
  std::string_view description() const override {
    return "LonestarGPU BFS: topology-driven level relaxation with atomicMin on a road-like grid "
           "graph, one launch per level (irregular, cache-sensitive)";
  }
  std::string dimensions(Size size) const override {
    const std::int32_t side = for_size(kSide, size);
    const lonestar::Graph g = lonestar::make_road_grid(side);
    return fmt::format("{}x{} road-like grid: {} nodes, {} arcs", side, side, g.nodes,
                       g.adj.size());
  }
  void run(Host& host, Size size) const override;
};

void LonestarBfs::run(Host& host, Size size) const {
  const lonestar::Graph g = lonestar::make_road_grid(for_size(kSide, size));
  const auto n = static_cast<std::size_t>(g.nodes);
  std::vector<std::int32_t> dist(n, kInfinity);
  dist[static_cast<std::size_t>(g.source)] = 0;

  host.load_workload_ptx(name());
  const Addr row_dev = host.alloc_copy(g.row);
  const Addr adj_dev = host.alloc_copy(g.adj);
  const Addr dist_dev = host.alloc_copy(dist);
  const Addr changed_dev = host.alloc(sizeof(std::int32_t));
  const func::Dim3 grid{lonestar::resident_blocks(host, kBlock, n)};
  std::int32_t level = 0;
  for (;; ++level) {
    const std::int32_t clear = 0;
    host.copy_in(changed_dev, &clear, sizeof(clear));
    host.launch("bfs_relax", grid, {kBlock}, 0, row_dev, adj_dev, dist_dev, changed_dev, level,
                g.nodes);
    if (host.read<std::int32_t>(changed_dev, 1)[0] == 0) break;
    if (level > g.nodes) throw CheckFailed("lonestar/bfs: the changed flag never stays clear");
  }
  const std::int32_t iterations = level + 1;
  const std::vector<std::int32_t> got = host.read<std::int32_t>(dist_dev, n);

  // CPU BFS over the same CSR lists.
  std::vector<std::int32_t> want(n, kInfinity);
  want[static_cast<std::size_t>(g.source)] = 0;
  std::deque<std::int32_t> queue{g.source};
  std::int32_t deepest = 0;
  while (!queue.empty()) {
    const auto v = static_cast<std::size_t>(queue.front());
    queue.pop_front();
    for (std::int32_t e = g.row[v]; e < g.row[v + 1]; ++e) {
      const auto w = static_cast<std::size_t>(g.adj[static_cast<std::size_t>(e)]);
      if (want[w] != kInfinity) continue;
      want[w] = want[v] + 1;
      deepest = want[w] > deepest ? want[w] : deepest;
      queue.push_back(static_cast<std::int32_t>(w));
    }
  }
  check_equal("dist", got, want);
  if (iterations != deepest + 1) {
    throw CheckFailed(fmt::format("the host ran {} iterations, expected {} (deepest level {})",
                                  iterations, deepest + 1, deepest));
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(LonestarBfs);

}  // namespace warpsim::workload

// lonestar/sssp: single-source shortest paths after LonestarGPU's topology-driven SSSP (sssp.cu):
// per iteration sssp_relax (Bellman-Ford relaxation of every reached node's out-edges, atomicMin
// on the distances) and sssp_copy (the iteration's distances become the next one's input), both a
// grid-stride loop over the nodes (1-D blocks of 256, as many blocks as the GPU holds at once,
// graph.h); the host clears the `changed` flag before each iteration and stops when it stays
// clear.
// Input: the road-like grid of graph.h with weights 1..1000 (a stand-in for LonestarGPU's
// USA-road-d.* distance graphs), source the centre node. Sizes: side 64 / 160 / 512 (paper:
// 262,144 nodes and 731,558 arcs, the size of USA-road-d.NY; seed 001 gives no input sizes).
// Check: the distances equal Dijkstra's exactly, and the host ran H + 1 iterations, where H is the
// largest number of edges a node needs on a shortest path (iteration k finds the shortest paths
// of at most k edges; Dijkstra on (distance, edges) pairs gives H).

#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
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

class LonestarSssp final : public Workload {
 public:
  std::string_view name() const override { return "lonestar/sssp"; }
  std::string_view description() const override {
    return "LonestarGPU SSSP: topology-driven Bellman-Ford relaxation with atomicMin on a "
           "road-like weighted grid graph (irregular, cache-sensitive)";
  }
  std::string dimensions(Size size) const override {
    const std::int32_t side = for_size(kSide, size);
    const lonestar::Graph g = lonestar::make_road_grid(side);
    return fmt::format("{}x{} road-like grid: {} nodes, {} arcs, weights 1..1000", side, side,
                       g.nodes, g.adj.size());
  }
  void run(Host& host, Size size) const override;
};

void LonestarSssp::run(Host& host, Size size) const {
  const lonestar::Graph g = lonestar::make_road_grid(for_size(kSide, size));
  const auto n = static_cast<std::size_t>(g.nodes);
  std::vector<std::int32_t> dist(n, kInfinity);
  dist[static_cast<std::size_t>(g.source)] = 0;

  host.load_workload_ptx(name());
  const Addr row_dev = host.alloc_copy(g.row);
  const Addr adj_dev = host.alloc_copy(g.adj);
  const Addr weight_dev = host.alloc_copy(g.weight);
  const Addr dist_in_dev = host.alloc_copy(dist);
  const Addr dist_dev = host.alloc_copy(dist);
  const Addr changed_dev = host.alloc(sizeof(std::int32_t));
  const func::Dim3 grid{lonestar::resident_blocks(host, kBlock, n)};
  std::int32_t iterations = 0;
  for (;;) {
    const std::int32_t clear = 0;
    host.copy_in(changed_dev, &clear, sizeof(clear));
    host.launch("sssp_relax", grid, {kBlock}, 0, row_dev, adj_dev, weight_dev, dist_in_dev,
                dist_dev, changed_dev, g.nodes);
    host.launch("sssp_copy", grid, {kBlock}, 0, dist_dev, dist_in_dev, g.nodes);
    ++iterations;
    if (host.read<std::int32_t>(changed_dev, 1)[0] == 0) break;
    if (iterations > g.nodes)
      throw CheckFailed("lonestar/sssp: the changed flag never stays clear");
  }
  const std::vector<std::int32_t> got = host.read<std::int32_t>(dist_dev, n);

  // Dijkstra on (distance, edges) pairs: each node's shortest distance and the fewest edges a
  // shortest path to it has.
  using Label = std::pair<std::int64_t, std::int32_t>;
  std::vector<Label> best(n, Label{kInfinity, 0});
  std::priority_queue<std::pair<Label, std::int32_t>, std::vector<std::pair<Label, std::int32_t>>,
                      std::greater<>>
      queue;
  best[static_cast<std::size_t>(g.source)] = Label{0, 0};
  queue.push({Label{0, 0}, g.source});
  while (!queue.empty()) {
    const auto [label, node] = queue.top();
    queue.pop();
    const auto v = static_cast<std::size_t>(node);
    if (label != best[v]) continue;
    for (std::int32_t e = g.row[v]; e < g.row[v + 1]; ++e) {
      const auto w = static_cast<std::size_t>(g.adj[static_cast<std::size_t>(e)]);
      const Label next{label.first + g.weight[static_cast<std::size_t>(e)], label.second + 1};
      if (next < best[w]) {
        best[w] = next;
        queue.push({next, static_cast<std::int32_t>(w)});
      }
    }
  }
  std::vector<std::int32_t> want(n);
  std::int32_t most_edges = 0;
  for (std::size_t v = 0; v < n; ++v) {
    want[v] = static_cast<std::int32_t>(best[v].first);
    if (best[v].first != kInfinity && best[v].second > most_edges) most_edges = best[v].second;
  }
  check_equal("dist", got, want);
  if (iterations != most_edges + 1) {
    throw CheckFailed(
        fmt::format("the host ran {} iterations, expected {} (shortest paths of up "
                    "to {} edges)",
                    iterations, most_edges + 1, most_edges));
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(LonestarSssp);

}  // namespace warpsim::workload

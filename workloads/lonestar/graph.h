#pragma once

// The road-like graphs of lonestar/bfs and lonestar/sssp. LonestarGPU ran BFS and SSSP on the
// DIMACS road networks (USA-road-d.*: planar, average out-degree about 2.8, large diameter,
// integer distances as weights, node numbers with only regional locality); ours is a generated
// stand-in with those traits: a side x side grid whose horizontal and vertical links are each kept
// with probability 70 % (average degree about 2.8, with holes and detours), every kept link stored
// in both directions with one weight drawn uniformly from [1, 1000]. Nodes are numbered tile after
// tile (32 x 32 cells, tiles in row-major order) and in a random order within each tile, so a
// node's neighbours are near it in number but rarely next to it: the dist[] gathers of a warp
// touch a few kilobytes, not one line. The source is the centre cell, which keeps all four links.
// CSR form: row[v] .. row[v + 1] index v's out-edges in adj (destinations, ascending) and weight.

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/workload.h"

namespace warpsim::workload::lonestar {

struct Graph {
  std::int32_t side = 0;
  std::int32_t nodes = 0;
  std::int32_t source = 0;
  std::vector<std::int32_t> row;  // nodes + 1
  std::vector<std::int32_t> adj;
  std::vector<std::int32_t> weight;
};

inline constexpr std::int32_t kTile = 32;

// `side` must be a multiple of kTile.
inline Graph make_road_grid(std::int32_t side) {
  constexpr std::uint32_t kKeepPercent = 70;
  constexpr std::uint32_t kMaxWeight = 1000;
  const auto s = static_cast<std::size_t>(side);
  const auto t = static_cast<std::size_t>(kTile);
  if (side <= 0 || side % kTile != 0)
    throw std::logic_error("road grid side must be a multiple of 32");
  const std::size_t n = s * s;
  // Cell c = y * side + x. Per cell the weight of its link to the right and down (0: none).
  std::vector<std::int32_t> right(n, 0);
  std::vector<std::int32_t> down(n, 0);
  Lcg rng(0x10AD5EEDull + static_cast<std::uint64_t>(side));
  for (std::size_t c = 0; c < n; ++c) {
    for (std::vector<std::int32_t>* link : {&right, &down}) {
      const bool keep = rng.below(100) < kKeepPercent;
      const auto w = static_cast<std::int32_t>(1 + rng.below(kMaxWeight));
      if (keep) (*link)[c] = w;
    }
  }
  const std::size_t centre = (s / 2) * s + s / 2;
  for (std::int32_t* w : {&right[centre], &down[centre], &right[centre - 1], &down[centre - s]}) {
    if (*w == 0) *w = 1;
  }
  // Node numbers: tile after tile (row-major over tiles), in a random order within each tile.
  std::vector<std::int32_t> id(n);
  std::vector<std::int32_t> order(t * t);
  std::size_t next = 0;
  for (std::size_t ty = 0; ty < s; ty += t) {
    for (std::size_t tx = 0; tx < s; tx += t) {
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::int32_t>(i);
      for (std::size_t i = order.size(); i > 1; --i) {
        std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
      }
      for (std::size_t i = 0; i < order.size(); ++i) {
        const auto k = static_cast<std::size_t>(order[i]);
        id[(ty + k / t) * s + tx + k % t] = static_cast<std::int32_t>(next++);
      }
    }
  }
  std::vector<std::size_t> cell(n);
  for (std::size_t c = 0; c < n; ++c) cell[static_cast<std::size_t>(id[c])] = c;
  Graph g;
  g.side = side;
  g.nodes = static_cast<std::int32_t>(n);
  g.source = id[centre];
  std::vector<std::pair<std::int32_t, std::int32_t>> out;  // (node, weight)
  for (std::size_t v = 0; v < n; ++v) {
    const std::size_t c = cell[v];
    const std::size_t x = c % s;
    out.clear();
    if (c >= s && down[c - s] != 0) out.emplace_back(id[c - s], down[c - s]);
    if (x > 0 && right[c - 1] != 0) out.emplace_back(id[c - 1], right[c - 1]);
    if (x + 1 < s && right[c] != 0) out.emplace_back(id[c + 1], right[c]);
    if (c + s < n && down[c] != 0) out.emplace_back(id[c + s], down[c]);
    std::sort(out.begin(), out.end());
    g.row.push_back(static_cast<std::int32_t>(g.adj.size()));
    for (const auto& [to, w] : out) {
      g.adj.push_back(to);
      g.weight.push_back(w);
    }
  }
  g.row.push_back(static_cast<std::int32_t>(g.adj.size()));
  return g;
}

// LonestarGPU's topology-driven kernels let each thread walk the nodes with a stride of the whole
// grid. Our grid is one resident wave: the SM count times the blocks of `block` threads an SM
// holds by its thread and CTA limits, and no more blocks than the items need.
inline std::uint32_t resident_blocks(const Host& host, std::uint32_t block, std::uint64_t items) {
  const GpuDescription& gpu = host.gpu();
  std::uint32_t per_sm = gpu.max_threads_per_sm / block;
  if (gpu.max_ctas_per_sm > 0 && per_sm > gpu.max_ctas_per_sm) per_sm = gpu.max_ctas_per_sm;
  if (per_sm == 0) per_sm = 1;
  const std::uint32_t wave = gpu.sm_count * per_sm;
  const std::uint32_t needed = blocks_for(items, block);
  return wave < needed ? wave : needed;
}

}  // namespace warpsim::workload::lonestar

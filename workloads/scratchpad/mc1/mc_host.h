#pragma once

// Host side of scratchpad/mc1 and scratchpad/mc2 (mc.cuh): the case table, the field, the
// launches and the reference.
//
// The case table is built here rather than copied: for each of the 256 inside/outside patterns
// of a cube's corners, every face whose corners change sign contributes segments between the
// crossed edges (a face with four crossings, an ambiguous face, cuts off its inside corners),
// the segments close into loops around the surface, and each loop is split into a fan of
// triangles. The rule depends only on a face's own corners, so neighbouring cubes agree on
// their common face and the surface is closed.
// Field: the sum of four metaballs, r^2 / |p - c|^2, sampled on a (dim + 1)^3 grid over the unit
// cube; the iso-surface is where it is 1 (inside: below 1, as the SDK's `< isoValue`).
// Sizes: tiny 16^3 voxels, small 32^3 (the SDK's default grid, gridSizeLog2 = 5), paper 64^3.
// Checks: the vertex counts per voxel (exact), then every output position and normal against
// the reference's (bounded float error; the corners' samples are the same floats, so every case
// index, hence every triangle, is the same).

#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::mc {

inline constexpr std::uint32_t kDims[] = {16, 32, 64};
inline constexpr float kIso = 1.0f;
inline constexpr int kRow = 16;  // entries per case in the edge table (mc.cuh kMaxCaseVerts)

inline std::string dimensions(Size size) {
  const std::uint32_t d = for_size(kDims, size);
  return fmt::format("{}^3 voxels, 4 metaballs, iso {}", d, kIso);
}

// Corner c's offset (mc.cuh mc_corner) and edge e's corners (mc_edge).
inline std::array<int, 3> corner(int c) { return {(c & 1) ^ ((c >> 1) & 1), (c >> 1) & 1, c >> 2}; }
inline std::array<int, 2> edge(int e) {
  return e < 8 ? std::array<int, 2>{e, (e & 4) | ((e + 1) & 3)} : std::array<int, 2>{e - 8, e - 4};
}

struct CaseTable {
  std::vector<std::int32_t> verts;  // per case
  std::vector<std::int32_t> edges;  // per case, kRow entries, -1 after the last
};

inline CaseTable build_case_table() {
  // Each face as its corners in cyclic order and the edges between consecutive ones.
  struct Face {
    int corners[4];
    int edges[4];
  };
  static constexpr Face kFaces[6] = {{{0, 1, 2, 3}, {0, 1, 2, 3}},  {{4, 5, 6, 7}, {4, 5, 6, 7}},
                                     {{0, 1, 5, 4}, {0, 9, 4, 8}},  {{3, 2, 6, 7}, {2, 10, 6, 11}},
                                     {{0, 3, 7, 4}, {3, 11, 7, 8}}, {{1, 2, 6, 5}, {1, 10, 5, 9}}};
  CaseTable table{std::vector<std::int32_t>(256), std::vector<std::int32_t>(256 * kRow, -1)};
  for (int cube = 0; cube < 256; ++cube) {
    const auto inside = [cube](int c) { return ((cube >> c) & 1) != 0; };
    std::array<std::vector<int>, 12> next;  // segment ends per crossed edge
    for (const Face& f : kFaces) {
      std::vector<int> crossed;
      for (int k = 0; k < 4; ++k) {
        if (inside(f.corners[k]) != inside(f.corners[(k + 1) % 4])) crossed.push_back(k);
      }
      const auto link = [&next](int a, int b) {
        next[a].push_back(b);
        next[b].push_back(a);
      };
      if (crossed.size() == 2) {
        link(f.edges[crossed[0]], f.edges[crossed[1]]);
      } else if (crossed.size() == 4) {
        for (int k = 0; k < 4; ++k) {  // cut off each inside corner: its two edges
          if (inside(f.corners[k])) link(f.edges[(k + 3) % 4], f.edges[k]);
        }
      }
    }
    std::array<bool, 12> used{};
    int count = 0;
    for (int start = 0; start < 12; ++start) {
      if (used[start] || next[start].empty()) continue;
      std::vector<int> loop{start};
      used[start] = true;
      for (int prev = -1, at = start;;) {
        const int to = next[at][0] != prev ? next[at][0] : next[at][1];
        if (to == start) break;
        loop.push_back(to);
        used[to] = true;
        prev = at;
        at = to;
      }
      for (std::size_t k = 1; k + 1 < loop.size(); ++k) {
        if (count + 3 > kRow - 1)
          throw std::logic_error("marching cubes case with too many vertices");
        for (int e : {loop[0], loop[k], loop[k + 1]}) table.edges[cube * kRow + count++] = e;
      }
    }
    table.verts[cube] = count;
  }
  return table;
}

inline float field(float x, float y, float z) {
  static constexpr float kBalls[4][4] = {{0.35f, 0.40f, 0.45f, 0.18f},
                                         {0.62f, 0.55f, 0.50f, 0.15f},
                                         {0.48f, 0.70f, 0.30f, 0.12f},
                                         {0.55f, 0.30f, 0.65f, 0.14f}};
  double sum = 0;
  for (const auto& b : kBalls) {
    const double dx = x - b[0], dy = y - b[1], dz = z - b[2];
    sum += double{b[3]} * b[3] / (dx * dx + dy * dy + dz * dz + 1e-6);
  }
  return static_cast<float>(sum);
}

inline void run(Host& host, Size size, std::string_view workload_name, std::uint32_t threads) {
  const std::uint32_t dim = for_size(kDims, size);
  const std::uint32_t side = dim + 1;
  const std::uint32_t voxels = dim * dim * dim;
  const CaseTable table = build_case_table();
  std::vector<float> volume(std::size_t{side} * side * side);
  for (std::uint32_t z = 0; z < side; ++z) {
    for (std::uint32_t y = 0; y < side; ++y) {
      for (std::uint32_t x = 0; x < side; ++x) {
        volume[(std::size_t{z} * side + y) * side + x] = field(
            static_cast<float>(x) / dim, static_cast<float>(y) / dim, static_cast<float>(z) / dim);
      }
    }
  }
  const auto at = [&](int x, int y, int z) {
    const auto clamp = [side](int v) {
      return std::min(std::max(v, 0), static_cast<int>(side) - 1);
    };
    return volume[(std::size_t(clamp(z)) * side + clamp(y)) * side + clamp(x)];
  };
  const auto case_of = [&](int x, int y, int z) {
    int cube = 0;
    for (int c = 0; c < 8; ++c) {
      const auto o = corner(c);
      if (at(x + o[0], y + o[1], z + o[2]) < kIso) cube |= 1 << c;
    }
    return cube;
  };

  host.load_workload_ptx(workload_name);
  const Addr volume_dev = host.alloc_copy(volume);
  const Addr verts_table_dev = host.alloc_copy(table.verts);
  const Addr edges_table_dev = host.alloc_copy(table.edges);
  const Addr voxel_verts_dev = host.alloc(std::size_t{voxels} * sizeof(std::int32_t));
  const Addr occupied_dev = host.alloc(std::size_t{voxels} * sizeof(std::int32_t));
  const std::uint32_t classify_block = 128;
  host.launch("classify_voxel", {(voxels + classify_block - 1) / classify_block}, {classify_block},
              0, volume_dev, verts_table_dev, voxel_verts_dev, occupied_dev,
              static_cast<std::int32_t>(dim), kIso);
  const auto voxel_verts = host.read<std::int32_t>(voxel_verts_dev, voxels);
  const auto occupied = host.read<std::int32_t>(occupied_dev, voxels);

  std::vector<std::int32_t> want_verts(voxels);
  for (std::uint32_t v = 0; v < voxels; ++v) {
    want_verts[v] = table.verts[case_of(v % dim, (v / dim) % dim, v / (dim * dim))];
  }
  check_equal("voxel vertex counts", voxel_verts, want_verts);

  // Compaction and the exclusive scan of the counts (the SDK's scans), on the host.
  std::vector<std::int32_t> compacted, offsets(voxels);
  std::int32_t total = 0;
  for (std::uint32_t v = 0; v < voxels; ++v) {
    if (occupied[v] != 0) compacted.push_back(static_cast<std::int32_t>(v));
    offsets[v] = total;
    total += voxel_verts[v];
  }
  const auto active = static_cast<std::uint32_t>(compacted.size());
  if (active == 0) throw std::logic_error("the field has no surface in the grid");
  const Addr compacted_dev = host.alloc_copy(compacted);
  const Addr offsets_dev = host.alloc_copy(offsets);
  const Addr pos_dev = host.alloc(std::size_t(total) * 4 * sizeof(float));
  const Addr norm_dev = host.alloc(std::size_t(total) * 4 * sizeof(float));
  host.launch("generate_triangles", {(active + threads - 1) / threads}, {threads}, 0, compacted_dev,
              offsets_dev, volume_dev, verts_table_dev, edges_table_dev, pos_dev, norm_dev,
              static_cast<std::int32_t>(dim), kIso, static_cast<std::int32_t>(active), total);
  const auto pos = host.read<float>(pos_dev, std::size_t(total) * 4);
  const auto norm = host.read<float>(norm_dev, std::size_t(total) * 4);

  // The reference: the kernel's arithmetic in Bounded, vertex by vertex.
  std::vector<Bounded> want_pos(std::size_t(total) * 4), want_norm(std::size_t(total) * 4);
  const Bounded step = Bounded::exact(1.0f) / Bounded::exact(static_cast<float>(dim));
  for (std::int32_t voxel : compacted) {
    const int x = voxel % static_cast<int>(dim);
    const int y = (voxel / static_cast<int>(dim)) % static_cast<int>(dim);
    const int z = voxel / static_cast<int>(dim * dim);
    const int cube = case_of(x, y, z);
    for (int k = 0; k < table.verts[cube]; ++k) {
      const auto [a, b] = edge(table.edges[cube * kRow + k]);
      const auto ca = corner(a), cb = corner(b);
      const int pa[3] = {x + ca[0], y + ca[1], z + ca[2]};
      const int pb[3] = {x + cb[0], y + cb[1], z + cb[2]};
      const Bounded fa = Bounded::exact(at(pa[0], pa[1], pa[2]));
      const Bounded fb = Bounded::exact(at(pb[0], pb[1], pb[2]));
      const Bounded t = (Bounded::exact(kIso) - fa) / (fb - fa);
      const std::size_t out = (std::size_t(offsets[voxel]) + k) * 4;
      for (int axis = 0; axis < 3; ++axis) {
        const Bounded qa = Bounded::exact(static_cast<float>(pa[axis])) * step;
        const Bounded qb = Bounded::exact(static_cast<float>(pb[axis])) * step;
        want_pos[out + axis] = qa + t * (qb - qa);
        const auto grad = [&](const int* p) {
          int lo[3] = {p[0], p[1], p[2]}, hi[3] = {p[0], p[1], p[2]};
          --lo[axis];
          ++hi[axis];
          return Bounded::exact(at(hi[0], hi[1], hi[2])) - Bounded::exact(at(lo[0], lo[1], lo[2]));
        };
        const Bounded na = grad(pa), nb = grad(pb);
        want_norm[out + axis] = na + t * (nb - na);
      }
      want_pos[out + 3] = Bounded::exact(1.0f);
      want_norm[out + 3] = Bounded::exact(0.0f);
    }
  }
  check_close("positions", pos, want_pos, 4);
  check_close("normals", norm, want_norm, 4);
}

}  // namespace warpsim::workload::mc

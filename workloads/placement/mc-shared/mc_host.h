#pragma once

// Host code shared by placement/mc-shared and placement/mc-dcache: marching cubes after the CUDA
// SDK's marchingCubes sample, as seed 000 (Chao Li's thesis, Ch.2 Table 2.2) runs it. The two
// workloads differ only in their generateTriangles kernel (where its per-thread vertex list
// lives); the inputs, launches and check are these.
//
// Pipeline: classify (one thread per voxel, 128-thread blocks as the SDK's classifyVoxel)
// writes each voxel's vertex count; the host checks the counts, scans them (an exclusive prefix
// sum; the SDK scans on the device, with a separate scan kernel) and copies the scan back;
// generate (one thread per voxel, 32-thread blocks, NTHREADS in the SDK and the thesis) writes
// every voxel's triangles at its scanned offset. Unlike the SDK, generateTriangles runs over all
// voxels (no compaction of the occupied ones), as seed 000 Table 2.2 gives it 1024 blocks of 32
// threads for 32768 voxels.
//
// The tables. The edge and triangle tables are derived here from the cube's topology, not
// copied: for each of the 256 cube indices (bit k set when corner k is below the iso value,
// "inside"), every face of the cube, walked counter-clockwise as seen from outside, has 0, 2 or
// 4 crossed edges; each crossing is an entry (outside to inside corner) or an exit. A segment
// joins each entry to the next exit around the face, which on a face with 4 crossings (the
// ambiguous case) cuts off the two inside corners, the same choice on both sides of a face, so
// the surface is closed. Each crossed edge is then the entry of one face and the exit of the
// other, so the segments form closed loops; each loop is fanned into triangles from its lowest
// edge, listed from the lowest loop. Triangles wind so that their normal points to the outside
// (higher values). At most 5 triangles per case (checked), so a row of the triangle table is 16
// entries, -1 after the last, as the usual tables.
//
// The field. The SDK samples an analytic function or a volume file in a texture; ours is a
// precomputed volume in global memory: at every grid vertex, a gyroid-like function
// sin(kx) cos(ky) + sin(ky) cos(kz) + sin(kz) cos(kx) (k = 5, coordinates over [-1, 1]) rounded
// to a multiple of 1/4096, and its analytic gradient (for the normals). The iso value 1/8192 is
// no such multiple, so every interpolated edge has distinct end values, and the cube indices
// the kernels compute are exact.
//
// The check: the classify kernel's vertex counts compare exactly; every vertex position and
// normal of generate is compared with a Bounded reference (the same interpolation, with error
// bounds): a wrong edge, case, offset or interpolation moves a vertex far outside its bound.

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

namespace warpsim::workload::placement_mc {

inline constexpr std::array<std::array<int, 2>, 12> kEdgeCorners = {{{0, 1},
                                                                     {1, 2},
                                                                     {2, 3},
                                                                     {3, 0},
                                                                     {4, 5},
                                                                     {5, 6},
                                                                     {6, 7},
                                                                     {7, 4},
                                                                     {0, 4},
                                                                     {1, 5},
                                                                     {2, 6},
                                                                     {3, 7}}};
// Corner k's position in the unit cube.
inline constexpr std::array<std::array<int, 3>, 8> kCornerPos = {
    {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}};
// The 6 faces, corners counter-clockwise as seen from outside (checked in make_tables).
inline constexpr std::array<std::array<int, 4>, 6> kFaces = {
    {{0, 1, 5, 4}, {3, 7, 6, 2}, {0, 4, 7, 3}, {1, 2, 6, 5}, {0, 3, 2, 1}, {4, 5, 6, 7}}};
inline constexpr int kTriRow = 16;
inline constexpr std::uint32_t kClassifyBlock = 128;
inline constexpr std::uint32_t kGenerateBlock = 32;
inline constexpr float kIso = 1.0f / 8192.0f;

struct Tables {
  std::vector<std::uint32_t> edge_mask;  // 256: bit e set when edge e is crossed
  std::vector<std::uint32_t> num_verts;  // 256: vertices of the case's triangles
  std::vector<std::int32_t> tri;         // 256 x 16: edges, 3 per triangle, then -1
};

inline int edge_between(int a, int b) {
  for (int e = 0; e < 12; ++e) {
    const auto [p, q] = kEdgeCorners[static_cast<std::size_t>(e)];
    if ((p == a && q == b) || (p == b && q == a)) return e;
  }
  throw std::logic_error("marching cubes: corners without an edge");
}

inline Tables make_tables() {
  // The faces must be counter-clockwise from outside: (b - a) x (c - b) points away from the
  // cube's centre.
  for (const auto& f : kFaces) {
    std::array<int, 3> u{};
    std::array<int, 3> v{};
    std::array<int, 3> mid{};
    for (std::size_t d = 0; d < 3; ++d) {
      u[d] = kCornerPos[f[1]][d] - kCornerPos[f[0]][d];
      v[d] = kCornerPos[f[2]][d] - kCornerPos[f[1]][d];
      mid[d] = kCornerPos[f[0]][d] + kCornerPos[f[2]][d] - 1;  // 2 x (face centre - cube centre)
    }
    const std::array<int, 3> n = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                                  u[0] * v[1] - u[1] * v[0]};
    if (n[0] * mid[0] + n[1] * mid[1] + n[2] * mid[2] <= 0) {
      throw std::logic_error("marching cubes: a face is not counter-clockwise from outside");
    }
  }
  Tables t;
  t.edge_mask.assign(256, 0);
  t.num_verts.assign(256, 0);
  t.tri.assign(256 * kTriRow, -1);
  for (int cube = 0; cube < 256; ++cube) {
    const auto inside = [cube](int corner) { return ((cube >> corner) & 1) != 0; };
    for (int e = 0; e < 12; ++e) {
      const auto [a, b] = kEdgeCorners[static_cast<std::size_t>(e)];
      if (inside(a) != inside(b)) t.edge_mask[static_cast<std::size_t>(cube)] |= 1u << e;
    }
    std::array<int, 12> next;
    next.fill(-1);
    for (const auto& f : kFaces) {
      struct Crossing {
        int edge;
        bool entry;
      };
      std::vector<Crossing> crossings;
      for (std::size_t k = 0; k < 4; ++k) {
        const int a = f[k];
        const int b = f[(k + 1) % 4];
        if (inside(a) != inside(b)) crossings.push_back({edge_between(a, b), inside(b)});
      }
      const std::size_t n = crossings.size();
      for (std::size_t j = 0; j < n; ++j) {
        if (!crossings[j].entry) continue;
        for (std::size_t d = 1; d < n; ++d) {
          const Crossing& c = crossings[(j + d) % n];
          if (c.entry) continue;
          int& slot = next[static_cast<std::size_t>(crossings[j].edge)];
          if (slot != -1) throw std::logic_error("marching cubes: an edge entered twice");
          slot = c.edge;
          break;
        }
      }
    }
    std::array<bool, 12> seen{};
    int out = 0;
    for (int e = 0; e < 12; ++e) {
      if (next[static_cast<std::size_t>(e)] == -1 || seen[static_cast<std::size_t>(e)]) continue;
      std::vector<int> loop;
      for (int x = e; !seen[static_cast<std::size_t>(x)]; x = next[static_cast<std::size_t>(x)]) {
        seen[static_cast<std::size_t>(x)] = true;
        loop.push_back(x);
      }
      for (std::size_t k = 1; k + 1 < loop.size(); ++k) {
        if (out + 3 >= kTriRow) throw std::logic_error("marching cubes: more than 5 triangles");
        for (int edge : {loop[0], loop[k], loop[k + 1]}) {
          t.tri[static_cast<std::size_t>(cube * kTriRow + out++)] = edge;
        }
      }
    }
    // Every crossed edge is used, and only those.
    std::uint32_t used = 0;
    for (int k = 0; k < out; ++k) used |= 1u << t.tri[static_cast<std::size_t>(cube * kTriRow + k)];
    if (used != t.edge_mask[static_cast<std::size_t>(cube)]) {
      throw std::logic_error(fmt::format("marching cubes: case {} misses a crossed edge", cube));
    }
    t.num_verts[static_cast<std::size_t>(cube)] = static_cast<std::uint32_t>(out);
  }
  return t;
}

// log2 of the grid's voxels per side.
struct Dims {
  std::int32_t lx, ly, lz;
};
inline constexpr Dims kDims[] = {{4, 3, 3}, {5, 5, 4}, {5, 5, 5}};  // tiny, small, paper

inline std::string dimensions(Size size) {
  const Dims& d = for_size(kDims, size);
  return fmt::format("{}x{}x{} voxels ({})", 1 << d.lx, 1 << d.ly, 1 << d.lz,
                     1 << (d.lx + d.ly + d.lz));
}

struct Sample {
  float gx, gy, gz, value;
};

// The field at the (2^lx + 1) x (2^ly + 1) x (2^lz + 1) grid vertices, x fastest.
inline std::vector<Sample> make_volume(const Dims& d) {
  const int sx = (1 << d.lx) + 1;
  const int sy = (1 << d.ly) + 1;
  const int sz = (1 << d.lz) + 1;
  constexpr double k = 5.0;
  std::vector<Sample> volume;
  volume.reserve(static_cast<std::size_t>(sx) * sy * sz);
  for (int z = 0; z < sz; ++z) {
    for (int y = 0; y < sy; ++y) {
      for (int x = 0; x < sx; ++x) {
        const double px = k * (-1.0 + 2.0 * x / (sx - 1));
        const double py = k * (-1.0 + 2.0 * y / (sy - 1));
        const double pz = k * (-1.0 + 2.0 * z / (sz - 1));
        const double f =
            std::sin(px) * std::cos(py) + std::sin(py) * std::cos(pz) + std::sin(pz) * std::cos(px);
        Sample s;
        s.value = static_cast<float>(std::round(f * 4096.0) / 4096.0);
        s.gx = static_cast<float>(k * (std::cos(px) * std::cos(py) - std::sin(pz) * std::sin(px)));
        s.gy = static_cast<float>(k * (std::cos(py) * std::cos(pz) - std::sin(px) * std::sin(py)));
        s.gz = static_cast<float>(k * (std::cos(pz) * std::cos(px) - std::sin(py) * std::sin(pz)));
        volume.push_back(s);
      }
    }
  }
  return volume;
}

// Runs the pipeline with the workload's two kernels and checks it.
inline void run(Host& host, Size size, std::string_view workload, std::string_view classify,
                std::string_view generate) {
  const Dims& d = for_size(kDims, size);
  const std::uint32_t nx = 1u << d.lx;
  const std::uint32_t ny = 1u << d.ly;
  const std::uint32_t nz = 1u << d.lz;
  const std::uint32_t num_voxels = nx * ny * nz;
  const std::size_t sx = nx + 1;
  const std::size_t sy = ny + 1;
  const Tables tables = make_tables();
  const std::vector<Sample> volume = make_volume(d);
  const float vs[3] = {2.0f / static_cast<float>(nx), 2.0f / static_cast<float>(ny),
                       2.0f / static_cast<float>(nz)};

  host.load_workload_ptx(workload);
  const Addr volume_dev = host.alloc_copy(volume);
  const Addr num_verts_dev = host.alloc_copy(tables.num_verts);
  const Addr tri_dev = host.alloc_copy(tables.tri);
  const Addr voxel_verts_dev = host.alloc(num_voxels * sizeof(std::uint32_t));
  host.launch(classify, {blocks_for(num_voxels, kClassifyBlock)}, {kClassifyBlock}, 0,
              voxel_verts_dev, volume_dev, num_verts_dev, d.lx, d.ly, d.lz, kIso, num_voxels);
  const std::vector<std::uint32_t> voxel_verts =
      host.read<std::uint32_t>(voxel_verts_dev, num_voxels);

  // The reference's cube indices and vertex counts, compared exactly.
  const auto sample = [&](std::uint32_t voxel, int corner) -> const Sample& {
    const std::size_t x = (voxel & (nx - 1)) + static_cast<std::size_t>(kCornerPos[corner][0]);
    const std::size_t y =
        ((voxel >> d.lx) & (ny - 1)) + static_cast<std::size_t>(kCornerPos[corner][1]);
    const std::size_t z =
        (voxel >> (d.lx + d.ly)) + static_cast<std::size_t>(kCornerPos[corner][2]);
    return volume[(z * sy + y) * sx + x];
  };
  std::vector<std::uint32_t> cubes(num_voxels);
  std::vector<std::uint32_t> scanned(num_voxels);
  std::uint32_t total = 0;
  for (std::uint32_t v = 0; v < num_voxels; ++v) {
    std::uint32_t cube = 0;
    for (int k = 0; k < 8; ++k) cube |= (sample(v, k).value < kIso ? 1u : 0u) << k;
    cubes[v] = cube;
    const std::uint32_t want = tables.num_verts[cube];
    if (voxel_verts[v] != want) {
      throw CheckFailed(fmt::format("voxel_verts[{}] = {}, want {} (cube index {})", v,
                                    voxel_verts[v], want, cube));
    }
    scanned[v] = total;
    total += want;
  }
  if (total == 0) throw CheckFailed("the field has no iso-surface in the volume");

  const Addr scanned_dev = host.alloc_copy(scanned);
  const Addr pos_dev = host.alloc(std::size_t{total} * 4 * sizeof(float));
  const Addr norm_dev = host.alloc(std::size_t{total} * 4 * sizeof(float));
  host.launch(generate, {blocks_for(num_voxels, kGenerateBlock)}, {kGenerateBlock}, 0, pos_dev,
              norm_dev, volume_dev, scanned_dev, num_verts_dev, tri_dev, d.lx, d.ly, d.lz, vs[0],
              vs[1], vs[2], kIso, num_voxels, total);
  const std::vector<float> pos = host.read<float>(pos_dev, std::size_t{total} * 4);
  const std::vector<float> norm = host.read<float>(norm_dev, std::size_t{total} * 4);

  std::vector<Bounded> want_pos(std::size_t{total} * 4);
  std::vector<Bounded> want_norm(std::size_t{total} * 4);
  const Bounded iso = Bounded::exact(kIso);
  for (std::uint32_t v = 0; v < num_voxels; ++v) {
    const std::uint32_t grid[3] = {v & (nx - 1), (v >> d.lx) & (ny - 1), v >> (d.lx + d.ly)};
    const std::uint32_t cube = cubes[v];
    for (std::uint32_t i = 0; i < tables.num_verts[cube]; ++i) {
      const auto edge = static_cast<std::size_t>(tables.tri[cube * kTriRow + i]);
      const auto [a, b] = kEdgeCorners[edge];
      const Sample& fa = sample(v, a);
      const Sample& fb = sample(v, b);
      const Bounded t =
          (iso - Bounded::exact(fa.value)) / (Bounded::exact(fb.value) - Bounded::exact(fa.value));
      const std::size_t out = (std::size_t{scanned[v]} + i) * 4;
      for (std::size_t c = 0; c < 3; ++c) {
        const Bounded origin = Bounded::exact(-1.0f) +
                               Bounded::exact(static_cast<float>(grid[c])) * Bounded::exact(vs[c]);
        const Bounded pa = kCornerPos[a][c] ? origin + Bounded::exact(vs[c]) : origin;
        const Bounded pb = kCornerPos[b][c] ? origin + Bounded::exact(vs[c]) : origin;
        want_pos[out + c] = pa + t * (pb - pa);
        const float ga[3] = {fa.gx, fa.gy, fa.gz};
        const float gb[3] = {fb.gx, fb.gy, fb.gz};
        want_norm[out + c] =
            Bounded::exact(ga[c]) + t * (Bounded::exact(gb[c]) - Bounded::exact(ga[c]));
      }
      want_pos[out + 3] = Bounded::exact(1.0f);
      want_norm[out + 3] = Bounded::exact(0.0f);
    }
  }
  check_close("pos", pos, want_pos, 4);
  check_close("norm", norm, want_norm, 4);
}

}  // namespace warpsim::workload::placement_mc

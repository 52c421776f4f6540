#pragma once

// Host code shared by placement/lps-shared and placement/lps-dcache (seed 000 Ch. 2's LPS, the
// 3D Laplace solver of GPGPU-Sim's ISPASS-2009 suite, Mike Giles' laplace3d): sizes, inputs,
// launches and the CPU reference are the same; the D-cache kernel also takes a global scratch
// array holding every block's plane buffer.
// Launch: blocks of 32 x 4 threads, grid (ceil(nx / 32), ceil(ny / 4)), as the original (seed 000
// Table 2.2: threads (32,4), blocks (4,25) for 100 x 100 x 100). The host runs `sweeps` Jacobi
// sweeps, one launch each, swapping the two grids between launches as laplace3d's main loop does.
// Sizes: paper = 100 x 100 x 100 (Table 2.2); the thesis does not say how many sweeps it ran:
// we run 2 at every size (each sweep costs the same and reads only the previous one's output, so
// more sweeps only repeat the same launch). small = 100 x 100 x 16 (the paper's grid of blocks,
// 16 planes); tiny = 40 x 10 x 12 (grid (2, 3): a partial block in x and y, so inactive
// threads and halo points outside the grid are exercised).
// Layout: rows of `pitch` floats, nx rounded up to 32 (whole 128-byte lines: 128 for nx = 100),
// standing in for the pitch the original kernel takes; the padding is never read or written.
//
// Reference: the kernels' float operations in the same order (lps_device.cuh writes each one
// with __fadd_rn / __fmul_rn: add.rn and mul.rn in the PTX), each correctly rounded here too, so
// the results must be identical.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_lps {

struct Dims {
  std::int32_t nx, ny, nz, sweeps;
};
inline constexpr Dims kDims[] = {{40, 10, 12, 2}, {100, 100, 16, 2}, {100, 100, 100, 2}};
inline constexpr std::uint32_t kBlockX = 32;
inline constexpr std::uint32_t kBlockY = 4;
inline constexpr std::size_t kRegionWords = 640;  // LPS_REGION in lps_device.cuh
inline constexpr std::int32_t kPitchAlign = 32;   // floats: one 128-byte line

inline std::string dimensions(Size size) {
  const Dims& d = for_size(kDims, size);
  return fmt::format("{}x{}x{} grid, {} Jacobi sweeps", d.nx, d.ny, d.nz, d.sweeps);
}

// A value in [-1, 1) from a fixed integer hash of the point's index.
inline float input_value(std::uint32_t i) {
  const std::uint32_t h = fmix32(i * 0x9E3779B9u + 0x632BE5ABu);
  return static_cast<float>(h & 0xFFFFFFu) / static_cast<float>(1 << 23) - 1.0f;
}

// One Jacobi sweep u -> out on the CPU, in the kernels' float operations.
inline void reference_sweep(const Dims& d, const std::vector<float>& u, std::vector<float>& out) {
  const float sixth = 1.0f / 6.0f;
  const std::size_t nx = static_cast<std::size_t>(d.nx);
  const std::size_t ny = static_cast<std::size_t>(d.ny);
  const std::size_t nz = static_cast<std::size_t>(d.nz);
  const std::size_t plane = nx * ny;
  for (std::size_t k = 0; k < nz; ++k) {
    for (std::size_t j = 0; j < ny; ++j) {
      for (std::size_t i = 0; i < nx; ++i) {
        const std::size_t p = k * plane + j * nx + i;
        if (i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1) {
          out[p] = u[p];
          continue;
        }
        float s = u[p - 1] + u[p + 1];
        s = s + u[p - nx];
        s = s + u[p + nx];
        s = s + u[p - plane];
        s = s + u[p + plane];
        out[p] = s * sixth;
      }
    }
  }
}

// Runs `kernel` (lps_shared_kernel, or lps_dcache_kernel with `global_scratch`) of workload
// `name` for the size's sweeps and checks the final grid exactly.
inline void run(Host& host, std::string_view name, std::string_view kernel, bool global_scratch,
                Size size) {
  const Dims& d = for_size(kDims, size);
  const std::size_t nx = static_cast<std::size_t>(d.nx);
  const std::size_t rows = static_cast<std::size_t>(d.ny) * static_cast<std::size_t>(d.nz);
  const std::size_t count = nx * rows;
  const std::int32_t pitch = (d.nx + kPitchAlign - 1) / kPitchAlign * kPitchAlign;
  const auto upitch = static_cast<std::size_t>(pitch);
  std::vector<float> u(count);
  for (std::size_t p = 0; p < count; ++p) u[p] = input_value(static_cast<std::uint32_t>(p));
  std::vector<float> padded(upitch * rows, 0.0f);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t i = 0; i < nx; ++i) padded[r * upitch + i] = u[r * nx + i];
  }

  host.load_workload_ptx(name);
  Addr grids[2] = {host.alloc_copy(padded), host.alloc_copy(std::vector<float>(padded.size()))};
  const func::Dim3 grid{blocks_for(static_cast<std::uint64_t>(d.nx), kBlockX),
                        blocks_for(static_cast<std::uint64_t>(d.ny), kBlockY), 1};
  const Addr scratch =
      global_scratch ? host.alloc(std::size_t{grid.x} * grid.y * kRegionWords * sizeof(float)) : 0;
  for (std::int32_t s = 0; s < d.sweeps; ++s) {
    if (global_scratch) {
      host.launch(kernel, grid, {kBlockX, kBlockY, 1}, 0, d.nx, d.ny, d.nz, pitch, grids[0],
                  grids[1], scratch);
    } else {
      host.launch(kernel, grid, {kBlockX, kBlockY, 1}, 0, d.nx, d.ny, d.nz, pitch, grids[0],
                  grids[1]);
    }
    std::swap(grids[0], grids[1]);
  }
  const std::vector<float> got_padded = host.read<float>(grids[0], padded.size());
  std::vector<float> got(count);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t i = 0; i < nx; ++i) got[r * nx + i] = got_padded[r * upitch + i];
  }

  std::vector<float> next(count);
  for (std::int32_t s = 0; s < d.sweeps; ++s) {
    reference_sweep(d, u, next);
    u.swap(next);
  }
  // exact(): error bound 0, so check_close demands identical results. Row = (k, j), column = i.
  check_close("u", got, exact(u), nx);
}

}  // namespace warpsim::workload::placement_lps

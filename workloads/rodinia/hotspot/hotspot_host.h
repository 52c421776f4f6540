#pragma once

// Host side shared by rodinia/hotspot and its "/U" variant rodinia/hotspot-u: sizes, inputs, the
// chip constants, the launches and the CPU reference. After Rodinia 3.x's hotspot (CUDA): 16 x 16
// blocks, grid ceil(cols / (16 - 2 h)) x ceil(rows / (16 - 2 h)) for pyramid height h (border h
// cells), one launch per h time steps (the last one fewer if h does not divide the total),
// ping-ponging between two temperature grids.
// Sizes: paper = 512 x 512 (seed 004 Table 3, "Hotspot 512 x 512") with pyramid height 2 (seed
// 000 Table 3.3, "height 2") and 2 time steps, the arguments of Rodinia 3.1's cuda/hotspot/run
// and GPGPU-Sim's gpu-app-collection launcher (`hotspot 512 2 2 temp_512 power_512 output.out`):
// one launch of 43 x 43 blocks.
// Inputs: Rodinia reads temp_512 and power_512 from files; ours are fixed formulas of the
// position (temperatures 320-349 K, power 0-0.1 per cell, both varying on several scales).
// Chip constants as Rodinia's (a 16 mm x 16 mm x 0.5 mm silicon chip, 80 degrees ambient).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::hotspot {

struct Dims {
  std::int32_t side;     // rows = cols
  std::int32_t pyramid;  // time steps per launch
  std::int32_t steps;    // total time steps
};
inline constexpr Dims kDims[] = {{64, 2, 6}, {256, 2, 8}, {512, 2, 2}};  // tiny, small, paper
inline constexpr std::int32_t kBlock = 16;

inline std::string dimensions(Size size) {
  const Dims& d = for_size(kDims, size);
  return fmt::format("{0}x{0}, pyramid height {1}, {2} time steps", d.side, d.pyramid, d.steps);
}

// The per-launch constants, as Rodinia's compute_tran_temp derives them from the chip and grid.
struct Constants {
  float cap, rx, ry, rz, step;
};

inline Constants constants(std::int32_t rows, std::int32_t cols) {
  constexpr double kChipHeight = 0.016, kChipWidth = 0.016, kChipThickness = 0.0005;
  constexpr double kSpecificHeat = 1.75e6, kConductivity = 100, kFactorChip = 0.5;
  constexpr double kMaxPowerDensity = 3.0e6, kPrecision = 0.001;
  const double height = kChipHeight / rows;
  const double width = kChipWidth / cols;
  const double max_slope = kMaxPowerDensity / (kFactorChip * kChipThickness * kSpecificHeat);
  return Constants{
      static_cast<float>(kFactorChip * kSpecificHeat * kChipThickness * width * height),
      static_cast<float>(width / (2.0 * kConductivity * kChipThickness * height)),
      static_cast<float>(height / (2.0 * kConductivity * kChipThickness * width)),
      static_cast<float>(kChipThickness / (kConductivity * height * width)),
      static_cast<float>(kPrecision / max_slope)};
}

// One time step of the whole grid on the CPU: the kernel's operations in the committed PTX's
// order and precision (float sums of the neighbour pairs, the rest in double with fma.rn.f64
// where the PTX fuses, (80 - T) / Rz in float, one rounding to float at the end), so the result
// must be identical. The pyramid computes exactly this: a block's retained cells only ever read
// cells its tile has updated as often as they have. (First-order bounds would also do for a few
// steps, but exact replication keeps the check sharp for any count.)
inline void reference_step(const std::vector<float>& temp, const std::vector<float>& power,
                           std::vector<float>& next, std::int32_t rows, std::int32_t cols,
                           const Constants& c) {
  const double step_div_cap = c.step / c.cap;
  const double rx_inv = 1 / c.rx;
  const double ry_inv = 1 / c.ry;
  const float rz_inv = 1 / c.rz;
  auto at = [&](std::int32_t r, std::int32_t col) {
    return temp[static_cast<std::size_t>(r) * cols + col];
  };
  for (std::int32_t r = 0; r < rows; ++r) {
    for (std::int32_t col = 0; col < cols; ++col) {
      const std::size_t i = static_cast<std::size_t>(r) * cols + col;
      const float t = temp[i];
      const double td = t;
      const double twice = td + td;
      const float north_south = at(std::min(r + 1, rows - 1), col) + at(std::max(r - 1, 0), col);
      const float east_west = at(r, std::min(col + 1, cols - 1)) + at(r, std::max(col - 1, 0));
      double sum = std::fma(north_south - twice, ry_inv, static_cast<double>(power[i]));
      sum = std::fma(east_west - twice, rx_inv, sum);
      sum = sum + static_cast<double>(rz_inv * (80.0f - t));
      next[i] = static_cast<float>(std::fma(sum, step_div_cap, td));
    }
  }
}

// Fills the inputs, runs the launches (kernel `kernel`; `unshared` adds the /U variant's scratch
// buffer argument), reads the result back and checks it.
inline void run(Host& host, Size size, std::string_view workload_name, const char* kernel,
                bool unshared) {
  const Dims& d = for_size(kDims, size);
  const std::int32_t rows = d.side;
  const std::int32_t cols = d.side;
  const std::size_t cells = static_cast<std::size_t>(rows) * cols;
  std::vector<float> temp(cells);
  std::vector<float> power(cells);
  for (std::int32_t r = 0; r < rows; ++r) {
    for (std::int32_t col = 0; col < cols; ++col) {
      const std::size_t i = static_cast<std::size_t>(r) * cols + col;
      temp[i] = 320.0f + static_cast<float>((r * 7 + col * 13) % 101) * 0.25f +
                static_cast<float>((r / 8 + col / 8) % 5);
      power[i] = static_cast<float>((r * 31 + col * 17 + (r * col) % 23) % 97) * 0.001f;
    }
  }
  const Constants c = constants(rows, cols);
  const std::int32_t border = d.pyramid;  // pyramid height x EXPAND_RATE / 2
  const std::uint32_t inner = static_cast<std::uint32_t>(kBlock - 2 * d.pyramid);
  const func::Dim3 grid{blocks_for(static_cast<std::uint64_t>(cols), inner),
                        blocks_for(static_cast<std::uint64_t>(rows), inner), 1};

  host.load_workload_ptx(workload_name);
  const Addr power_dev = host.alloc_copy(power);
  const Addr temp_dev[2] = {host.alloc_copy(temp), host.alloc(cells * sizeof(float))};
  const Addr scratch =
      unshared ? host.alloc(std::size_t{3} * kBlock * kBlock * grid.x * grid.y * sizeof(float)) : 0;
  int src = 1;
  int dst = 0;
  for (std::int32_t t = 0; t < d.steps; t += d.pyramid) {
    std::swap(src, dst);
    const std::int32_t iterations = std::min(d.pyramid, d.steps - t);
    const func::Dim3 block{kBlock, kBlock, 1};
    if (unshared) {
      host.launch(kernel, grid, block, 0, iterations, power_dev, temp_dev[src], temp_dev[dst], cols,
                  rows, border, border, c.cap, c.rx, c.ry, c.rz, c.step, scratch);
    } else {
      host.launch(kernel, grid, block, 0, iterations, power_dev, temp_dev[src], temp_dev[dst], cols,
                  rows, border, border, c.cap, c.rx, c.ry, c.rz, c.step);
    }
  }
  const std::vector<float> got = host.read<float>(temp_dev[dst], cells);

  std::vector<float> want = temp;
  std::vector<float> next(cells);
  for (std::int32_t t = 0; t < d.steps; ++t) {
    reference_step(want, power, next, rows, cols, c);
    want.swap(next);
  }
  // exact(): error bound 0, so check_close demands equality.
  check_close("temp", got, exact(want), static_cast<std::size_t>(cols));
}

}  // namespace warpsim::workload::hotspot

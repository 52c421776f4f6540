#pragma once

// Host side of rodinia/backprop and rodinia/backprop-u (seed 004's BP and BP/U), after Rodinia
// 3.x's backprop (bpnn_train_cuda): one training step of a network with `in` input units, 16
// hidden units and 1 output unit. The host fills the network, launches bpnn_layerforward_CUDA,
// adds the blocks' partial sums, finishes the step on the CPU as the original does (hidden
// activations, output layer, output and hidden errors, hidden-to-output weight update), copies
// the original input weights back to the device and launches bpnn_adjust_weights_cuda. Both
// kernels: grid 1 x (in / 16), blocks 16 x 16.
// Sizes: paper = 65536 input units (seed 004 Table 3, "65536 nodes"; Rodinia's run script
// passes 65536; seed 000 Table 3.3 "65536 layer").
// Checks: the partial sums and the tree values the first kernel writes back into the weights
// (Bounded, the same pairwise tree), then the updated weights and momentum terms of the second
// (Bounded, from the device's inputs to that kernel).

#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::rodinia_backprop {

inline constexpr std::int32_t kInputUnits[] = {4096, 16384, 65536};  // tiny, small, paper
inline constexpr std::int32_t kHidden = 16;  // the kernels' tile is 16 x 16: hid must be 16
inline constexpr std::int32_t kTile = 16;
inline constexpr float kEta = 0.3f;
inline constexpr float kMomentum = 0.3f;
inline constexpr float kTarget = 0.1f;

inline std::string dimensions(Size size) {
  return fmt::format("in={}, hidden={}, out=1", for_size(kInputUnits, size), kHidden);
}

// A value in [0, 1) from (index, salt): a fixed integer hash (splitmix64's finalizer).
inline float unit_value(std::uint64_t index, std::uint64_t salt) {
  std::uint64_t z = index * 0x9E3779B97F4A7C15ull + salt * 0xD1B54A32D192ED03ull + 1;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<float>(z >> 40) * 0x1p-24f;
}

inline float squash(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// The pairwise tree of bpnn_layerforward_CUDA over one column of a block's 16 products, in
// place: after it, cells[r] holds what the kernel leaves in row r.
inline void tree_sum(Bounded (&cells)[kTile]) {
  for (int half = 1; half < kTile; half *= 2) {
    for (int r = 0; r < kTile; r += 2 * half) cells[r] = cells[r] + cells[r + half];
  }
}

inline void run_backprop(Host& host, Size size, std::string_view workload_name) {
  const std::int32_t in = for_size(kInputUnits, size);
  const std::int32_t hid = kHidden;
  const auto n_in = static_cast<std::size_t>(in);
  const auto n_hid = static_cast<std::size_t>(hid);
  const std::size_t cols = n_hid + 1;  // a weight row: bias + hid
  const std::size_t blocks = n_in / kTile;

  // The network (Rodinia fills it with random values in [0, 1); ours come from a fixed hash).
  std::vector<float> input(n_in + 1);
  input[0] = 1.0f;  // the bias unit
  for (std::size_t i = 1; i <= n_in; ++i) input[i] = unit_value(i, 1);
  // Input weights centred and scaled by 1 / sqrt(in) (Rodinia's lie in [0, 1)), so that the
  // hidden sums stay near 1 in magnitude: otherwise every hidden unit saturates to exactly 1.0f,
  // every hidden delta is 0, and the update kernel's delta term would go unchecked.
  const float scale = 6.0f / std::sqrt(static_cast<float>(in));
  std::vector<float> input_weights((n_in + 1) * cols);
  std::vector<float> input_prev((n_in + 1) * cols);
  for (std::size_t i = 0; i < input_weights.size(); ++i) {
    input_weights[i] = (unit_value(i, 2) - 0.5f) * scale;
    input_prev[i] = 0.01f * (unit_value(i, 3) - 0.5f);  // Rodinia starts from zero
  }
  std::vector<float> hidden_weights(cols * 2);
  std::vector<float> hidden_prev(cols * 2, 0.0f);
  for (std::size_t i = 0; i < hidden_weights.size(); ++i) hidden_weights[i] = unit_value(i, 4);

  host.load_workload_ptx(workload_name);
  const Addr input_dev = host.alloc_copy(input);
  const Addr weights_dev = host.alloc_copy(input_weights);
  const Addr partial_dev = host.alloc(blocks * n_hid * sizeof(float));
  const func::Dim3 grid{1, static_cast<std::uint32_t>(blocks), 1};
  const func::Dim3 block{kTile, kTile, 1};
  host.launch("bpnn_layerforward_CUDA", grid, block, 0, input_dev, weights_dev, partial_dev, in,
              hid);
  const std::vector<float> partial = host.read<float>(partial_dev, blocks * n_hid);
  const std::vector<float> tree = host.read<float>(weights_dev, input_weights.size());

  // The rest of the step on the CPU, in float, as bpnn_train_cuda does.
  std::vector<float> hidden(cols);
  hidden[0] = 1.0f;
  for (std::size_t j = 1; j <= n_hid; ++j) {
    float sum = 0.0f;
    for (std::size_t k = 0; k < blocks; ++k) sum += partial[k * n_hid + j - 1];
    sum += input_weights[j];  // the bias weight
    hidden[j] = squash(sum);
  }
  float out_sum = hidden_weights[1];  // hidden_weights[j][1], j = 0 the bias
  for (std::size_t j = 1; j <= n_hid; ++j) out_sum += hidden_weights[j * 2 + 1] * hidden[j];
  const float output = squash(out_sum);
  const float output_delta = output * (1.0f - output) * (kTarget - output);
  std::vector<float> hidden_delta(cols, 0.0f);
  for (std::size_t j = 1; j <= n_hid; ++j) {
    hidden_delta[j] = hidden[j] * (1.0f - hidden[j]) * (output_delta * hidden_weights[j * 2 + 1]);
  }
  for (std::size_t j = 0; j <= n_hid; ++j) {
    const float change = kEta * output_delta * hidden[j] + kMomentum * hidden_prev[j * 2 + 1];
    hidden_weights[j * 2 + 1] += change;
    hidden_prev[j * 2 + 1] = change;
  }

  const Addr delta_dev = host.alloc_copy(hidden_delta);
  const Addr prev_dev = host.alloc_copy(input_prev);
  host.copy_in(weights_dev, input_weights.data(), input_weights.size() * sizeof(float));
  host.launch("bpnn_adjust_weights_cuda", grid, block, 0, delta_dev, hid, input_dev, in,
              weights_dev, prev_dev);
  const std::vector<float> new_weights = host.read<float>(weights_dev, input_weights.size());
  const std::vector<float> new_prev = host.read<float>(prev_dev, input_prev.size());

  // References. First kernel: the products and their tree, per block and column.
  std::vector<Bounded> want_partial(blocks * n_hid);
  std::vector<Bounded> want_tree = exact(input_weights);
  for (std::size_t b = 0; b < blocks; ++b) {
    for (std::size_t c = 0; c < n_hid; ++c) {
      Bounded cells[kTile];
      for (std::size_t r = 0; r < kTile; ++r) {
        const std::size_t unit = b * kTile + r + 1;
        cells[r] = Bounded::exact(input_weights[unit * cols + c + 1]) * Bounded::exact(input[unit]);
      }
      tree_sum(cells);
      for (std::size_t r = 0; r < kTile; ++r)
        want_tree[(b * kTile + r + 1) * cols + c + 1] = cells[r];
      want_partial[b * n_hid + c] = cells[0];
    }
  }
  check_close("hidden_partial_sum", partial, want_partial, n_hid);
  check_close("input_weights after layerforward", tree, want_tree, cols);

  // Second kernel, from its inputs: delta, the input units, the weights and the momentum terms.
  std::vector<Bounded> want_weights = exact(input_weights);
  std::vector<Bounded> want_prev = exact(input_prev);
  const Bounded eta = Bounded::exact(kEta);
  const Bounded momentum = Bounded::exact(kMomentum);
  for (std::size_t unit = 0; unit <= n_in; ++unit) {
    const Bounded ly = Bounded::exact(input[unit]);
    for (std::size_t j = 1; j <= n_hid; ++j) {
      const std::size_t i = unit * cols + j;
      const Bounded scaled = eta * Bounded::exact(hidden_delta[j]);
      // Row 0 (the bias) has no input factor: the kernel adds eta * delta there.
      const Bounded step = unit == 0 ? scaled : scaled * ly;
      const Bounded change = step + momentum * Bounded::exact(input_prev[i]);
      want_weights[i] = Bounded::exact(input_weights[i]) + change;
      want_prev[i] = change;
    }
  }
  check_close("input_weights", new_weights, want_weights, cols);
  check_close("input_prev_weights", new_prev, want_prev, cols);
}

}  // namespace warpsim::workload::rodinia_backprop

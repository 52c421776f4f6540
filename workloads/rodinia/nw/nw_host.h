#pragma once

// Host code shared by rodinia/nw, its "/U" variant rodinia/nw-u and rodinia/nw-b32: sizes,
// inputs, the launches (Rodinia 3.x needle's host loop: block_width = n / BLOCK_SIZE; for
// i = 1 .. block_width, needle_cuda_shared_1 <<<i, BLOCK_SIZE>>>; then for i = block_width - 1
// .. 1, needle_cuda_shared_2 <<<i, BLOCK_SIZE>>>; 2 block_width - 1 launches) and the check.
// Sizes: paper = 2048 x 2048 (seed 004 Table 3, "NW, NW/U | 2048 x 2048"), penalty 10 (Rodinia's
// default command line "2048 10").
// Inputs as Rodinia builds them, with a local fixed-seed generator instead of rand(): two random
// sequences of residue indices 1..10 (Rodinia: rand() % 10 + 1), the (n+1) x (n+1) reference
// matrix ref[r][c] = BLOSUM62[seq_a[r]][seq_b[c]] (row and column 0 use index 0), and the score
// matrix with score[r][0] = -r penalty, score[0][c] = -c penalty and 0 elsewhere.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/workload.h"

namespace warpsim::workload::rodinia_nw {

constexpr std::int32_t kSide[] = {128, 1024, 2048};  // n (the matrix is (n+1) x (n+1))
constexpr std::int32_t kPenalty = 10;

// BLOSUM62 (Henikoff & Henikoff 1992), in the order A R N D C Q E G H I L K M F P S T W Y V B Z
// X *, as Rodinia's needle.cu tabulates it.
constexpr int kBlosum62[24][24] = {
    {4, -1, -2, -2, 0, -1, -1, 0, -2, -1, -1, -1, -1, -2, -1, 1, 0, -3, -2, 0, -2, -1, 0, -4},
    {-1, 5, 0, -2, -3, 1, 0, -2, 0, -3, -2, 2, -1, -3, -2, -1, -1, -3, -2, -3, -1, 0, -1, -4},
    {-2, 0, 6, 1, -3, 0, 0, 0, 1, -3, -3, 0, -2, -3, -2, 1, 0, -4, -2, -3, 3, 0, -1, -4},
    {-2, -2, 1, 6, -3, 0, 2, -1, -1, -3, -4, -1, -3, -3, -1, 0, -1, -4, -3, -3, 4, 1, -1, -4},
    {0, -3, -3, -3, 9, -3, -4, -3, -3, -1, -1, -3, -1, -2, -3, -1, -1, -2, -2, -1, -3, -3, -2, -4},
    {-1, 1, 0, 0, -3, 5, 2, -2, 0, -3, -2, 1, 0, -3, -1, 0, -1, -2, -1, -2, 0, 3, -1, -4},
    {-1, 0, 0, 2, -4, 2, 5, -2, 0, -3, -3, 1, -2, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
    {0, -2, 0, -1, -3, -2, -2, 6, -2, -4, -4, -2, -3, -3, -2, 0, -2, -2, -3, -3, -1, -2, -1, -4},
    {-2, 0, 1, -1, -3, 0, 0, -2, 8, -3, -3, -1, -2, -1, -2, -1, -2, -2, 2, -3, 0, 0, -1, -4},
    {-1, -3, -3, -3, -1, -3, -3, -4, -3, 4, 2, -3, 1, 0, -3, -2, -1, -3, -1, 3, -3, -3, -1, -4},
    {-1, -2, -3, -4, -1, -2, -3, -4, -3, 2, 4, -2, 2, 0, -3, -2, -1, -2, -1, 1, -4, -3, -1, -4},
    {-1, 2, 0, -1, -3, 1, 1, -2, -1, -3, -2, 5, -1, -3, -1, 0, -1, -3, -2, -2, 0, 1, -1, -4},
    {-1, -1, -2, -3, -1, 0, -2, -3, -2, 1, 2, -1, 5, 0, -2, -1, -1, -1, -1, 1, -3, -1, -1, -4},
    {-2, -3, -3, -3, -2, -3, -3, -3, -1, 0, 0, -3, 0, 6, -4, -2, -2, 1, 3, -1, -3, -3, -1, -4},
    {-1, -2, -2, -1, -3, -1, -1, -2, -2, -3, -3, -1, -2, -4, 7, -1, -1, -4, -3, -2, -2, -1, -2, -4},
    {1, -1, 1, 0, -1, 0, 0, 0, -1, -2, -2, 0, -1, -2, -1, 4, 1, -3, -2, -2, 0, 0, 0, -4},
    {0, -1, 0, -1, -1, -1, -1, -2, -2, -1, -1, -1, -1, -2, -1, 1, 5, -2, -2, 0, -1, -1, 0, -4},
    {-3, -3, -4, -4, -2, -2, -3, -2, -2, -3, -2, -3, -1, 1, -4, -3, -2, 11, 2, -3, -4, -3, -2, -4},
    {-2, -2, -2, -3, -2, -1, -2, -3, 2, -1, -1, -2, -1, 3, -3, -2, -2, 2, 7, -1, -3, -2, -1, -4},
    {0, -3, -3, -3, -1, -2, -2, -3, -3, 3, 1, -2, 1, -1, -2, -2, 0, -3, -1, 4, -3, -2, -1, -4},
    {-2, -1, 3, 4, -3, 0, 1, -1, 0, -3, -4, 0, -3, -3, -2, 0, -1, -4, -3, -3, 4, 1, -1, -4},
    {-1, 0, 0, 1, -3, 3, 4, -2, 0, -3, -3, 1, -1, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
    {0, -1, -1, -1, -2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2, 0, 0, -2, -1, -1, -1, -1, -1, -4},
    {-4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, 1},
};

inline std::string dimensions(Size size, std::int32_t block) {
  const std::int32_t n = for_size(kSide, size);
  return fmt::format("{} x {} (score matrix {} x {}), penalty {}, BLOCK_SIZE {}", n, n, n + 1,
                     n + 1, kPenalty, block);
}

// What differs between the workloads that share this code.
struct Variant {
  std::string_view ptx;       // the workload whose PTX holds the kernels
  std::string_view kernel_1;  // upper-left triangle
  std::string_view kernel_2;  // lower-right triangle
  std::int32_t block;         // BLOCK_SIZE: threads per block and cells per block side
};

inline void run(Host& host, Size size, const Variant& variant) {
  const std::int32_t n = for_size(kSide, size);
  const std::int32_t cols = n + 1;
  const auto ucols = static_cast<std::size_t>(cols);
  // Two residue sequences from a fixed-seed LCG (Knuth's MMIX constants), index 0 unused.
  std::vector<int> seq_a(ucols, 0);
  std::vector<int> seq_b(ucols, 0);
  Lcg lcg(0x2545f4914f6cdd1dULL);
  auto next_residue = [&lcg] { return static_cast<int>(lcg.below(10)) + 1; };
  for (std::size_t r = 1; r < ucols; ++r) seq_a[r] = next_residue();
  for (std::size_t c = 1; c < ucols; ++c) seq_b[c] = next_residue();
  std::vector<std::int32_t> ref(ucols * ucols);
  std::vector<std::int32_t> score(ucols * ucols, 0);
  for (std::size_t r = 0; r < ucols; ++r) {
    for (std::size_t c = 0; c < ucols; ++c) ref[r * ucols + c] = kBlosum62[seq_a[r]][seq_b[c]];
  }
  for (std::size_t k = 0; k < ucols; ++k) {
    score[k * ucols] = -static_cast<std::int32_t>(k) * kPenalty;
    score[k] = -static_cast<std::int32_t>(k) * kPenalty;
  }
  host.load_workload_ptx(variant.ptx);
  const Addr ref_dev = host.alloc_copy(ref);
  const Addr score_dev = host.alloc_copy(score);
  const std::int32_t block_width = n / variant.block;
  const func::Dim3 block{static_cast<std::uint32_t>(variant.block)};
  for (std::int32_t i = 1; i <= block_width; ++i) {
    host.launch(variant.kernel_1, {static_cast<std::uint32_t>(i)}, block, 0, ref_dev, score_dev,
                cols, kPenalty, i, block_width);
  }
  for (std::int32_t i = block_width - 1; i >= 1; --i) {
    host.launch(variant.kernel_2, {static_cast<std::uint32_t>(i)}, block, 0, ref_dev, score_dev,
                cols, kPenalty, i, block_width);
  }
  const std::vector<std::int32_t> got = host.read<std::int32_t>(score_dev, score.size());

  // The dynamic programme on the CPU, row by row; integer scores must match exactly.
  std::vector<std::int32_t>& want = score;
  for (std::size_t r = 1; r < ucols; ++r) {
    for (std::size_t c = 1; c < ucols; ++c) {
      want[r * ucols + c] =
          std::max({want[(r - 1) * ucols + c - 1] + ref[r * ucols + c],
                    want[r * ucols + c - 1] - kPenalty, want[(r - 1) * ucols + c] - kPenalty});
    }
  }
  check_equal("score", got, want, ucols);
}

}  // namespace warpsim::workload::rodinia_nw

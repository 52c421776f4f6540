#pragma once

// Host code shared by placement/nqu-shared and placement/nqu-dcache (seed 000 Ch. 2's NQU, from
// GPGPU-Sim's ISPASS-2009 suite): the starts, the launches and the CPU reference are the same;
// only the kernel differs (search stacks in shared memory, or in per-thread local arrays).
//
// How the original host (solve_nqueen_cuda) splits the search, and how we follow it: the
// board's mirror symmetry halves the work. The first queen goes in columns 0 .. n/2 - 1; the
// host then places the queens of the next rows up to row `mark` - 1 in every legal way (mark =
// 2 for n <= 11, n - 10 above, so a thread never searches more than 10 rows), depth first,
// lowest column first, and each such placement becomes one start: the column mask and the two
// diagonal masks of row `mark`. The kernel runs with steps / 96 blocks of 96 threads (steps =
// 24576 by default: 256 blocks, seed 000 Table 2.2's (96,1) x (256,1)); threads past the last
// start only take part in the block's sum. The total is twice the first launch's count; for
// odd n a second launch of the same shape covers the middle column, counted once.
// Our interpretation of Table 2.2's N = 8 at `paper`: mark = 2, 21 starts (6 + 5 + 5 + 5
// second-row columns for the first queen in columns 0..3), each searching the last 6 rows, in
// one launch of 256 blocks of 96 threads: only the first 21 threads of block 0 search, the
// other 24555 threads (255 blocks and the rest of block 0) only take part in their block's
// reduction, as in the original's default run (n = 8, steps = 24576). The original batches
// starts into several launches when there are more than `steps`; our sizes never need that.
//
// Sizes: tiny = 8 queens, 32 blocks (3072 threads; the same 21 starts); small = 11 queens, 256
// blocks (mark 2: 41 starts for the first queen in columns 0..4, then 8 for the middle column,
// two launches; each thread searches 9 rows; paper's search is too short for the studies);
// paper = 8 queens, 256 blocks (Table 2.2).
// Check: each start's solution count (the kernels also write it; the original does not) and
// each block's count, exactly, against a CPU depth-first search of the same start; the total
// against the known number of solutions (OEIS A000170).

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "../../scratchpad/nqueen/nqueen_search.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_nqu {

struct Dims {
  std::int32_t n;       // queens
  std::uint32_t steps;  // thread slots per launch (blocks x 96)
};
inline constexpr std::uint32_t kThreads = 96;  // THREAD_NUM
inline constexpr std::int32_t kLevels = 10;    // the kernels' stack depth
inline constexpr Dims kDims[] = {{8, 32 * kThreads}, {11, 24576}, {8, 24576}};
inline std::string dimensions(Size size) {
  const Dims& d = for_size(kDims, size);
  return fmt::format("{} queens, {} blocks of {} threads per launch", d.n, d.steps / kThreads,
                     kThreads);
}

using nqueen::count_from;
using nqueen::kSolutions;
using nqueen::place;
using nqueen::Start;
using nqueen::starts_after;

// Runs `kernel` (nqu_shared_kernel or nqu_dcache_kernel) of workload `name`: one launch for the
// first queen in the left half of the first row, and for odd n one more for the middle column;
// checks every launch's per-start and per-block counts and the total.
inline void run(Host& host, std::string_view name, std::string_view kernel, Size size) {
  const Dims& d = for_size(kDims, size);
  const std::uint32_t full = (1u << d.n) - 1;
  const int mark = d.n > 11 ? d.n - 10 : 2;
  const int rows_left = d.n - mark;
  const std::uint32_t blocks = d.steps / kThreads;
  host.load_workload_ptx(name);
  const Addr block_dev = host.alloc(std::size_t{blocks} * sizeof(std::uint32_t));
  std::uint64_t total = 0;
  for (int half = 0; half < 1 + d.n % 2; ++half) {
    std::vector<Start> starts;
    if (half == 0) {
      for (int j = 0; j < d.n / 2; ++j) starts_after(full, mark - 1, place({}, 1u << j), starts);
    } else {
      starts_after(full, mark - 1, place({}, 1u << ((d.n - 1) / 2)), starts);
    }
    const auto count = static_cast<std::uint32_t>(starts.size());
    if (count > d.steps || rows_left > kLevels) {
      throw std::logic_error(
          fmt::format("nqu: {} starts of {} rows do not fit one launch", count, rows_left));
    }
    std::vector<std::uint32_t> mask, l, r;
    for (const Start& s : starts) {
      mask.push_back(s.mask);
      l.push_back(s.l);
      r.push_back(s.r);
    }
    const Addr mask_dev = host.alloc_copy(mask);
    const Addr l_dev = host.alloc_copy(l);
    const Addr r_dev = host.alloc_copy(r);
    const Addr start_dev = host.alloc(std::size_t{count} * sizeof(std::uint32_t));
    host.launch(kernel, {blocks}, {kThreads}, 0, d.n, rows_left, mask_dev, l_dev, r_dev, block_dev,
                start_dev, static_cast<std::int32_t>(count));
    const auto got_starts = host.read<std::uint32_t>(start_dev, count);
    const auto got_blocks = host.read<std::uint32_t>(block_dev, blocks);

    std::vector<std::uint32_t> want_starts(count);
    std::vector<std::uint32_t> want_blocks(blocks, 0);
    std::uint64_t launch_total = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
      want_starts[i] = count_from(full, rows_left, starts[i]);
      want_blocks[i / kThreads] += want_starts[i];
      launch_total += want_starts[i];
    }
    total += half == 0 ? 2 * launch_total : launch_total;
    check_equal(half == 0 ? "start counts" : "start counts (middle column)", got_starts,
                want_starts);
    check_equal(half == 0 ? "block counts" : "block counts (middle column)", got_blocks,
                want_blocks);
  }
  if (total != kSolutions[d.n]) {
    throw std::logic_error(fmt::format("nqu: the reference found {} solutions of {} queens, not {}",
                                       total, d.n, kSolutions[d.n]));
  }
}

}  // namespace warpsim::workload::placement_nqu

// scratchpad/nqueen: N-queens solution counts by per-thread depth-first search with the stack in
// shared memory, after GPGPU-Sim's NQU benchmark as seed 002 runs it (nqueen.cu: 64-thread
// blocks, 10496 B of shared memory). The host places the queens of the first `placed` rows in
// every legal way (each start is the three attack masks of the row after them), launches one
// thread per start, and checks every block's count against a CPU search over the same starts,
// and the total against the known number of solutions.
// Sizes: tiny 8 queens, 3 rows placed (140 starts, 3 blocks); small 12 queens, 4 rows (4080
// starts, 64 blocks); paper 13 queens, 5 rows (31,100 starts, 486 blocks; seed 002's Table 4
// counts 24,576 threads, 384 blocks). Each search (n - placed rows) fits the kernel's 10 levels.

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "nqueen_search.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  int n;
  int placed;
};
constexpr Dims kDims[] = {{8, 3}, {12, 4}, {13, 5}};
constexpr std::uint32_t kThreads = 64;
using nqueen::count_from;
using nqueen::kSolutions;
using nqueen::Start;

class NQueen final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/nqueen"; }
  std::string_view description() const override {
    return "GPGPU-Sim NQU: N-queens by per-thread depth-first search with the stack in shared "
           "memory (64 threads, 10496 B; seed 002)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} queens, {} rows placed by the host", d.n, d.placed);
  }
  void run(Host& host, Size size) const override;
};

void NQueen::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::uint32_t full = (1u << d.n) - 1;
  std::vector<Start> starts;
  nqueen::starts_after(full, d.placed, {0, 0, 0}, starts);
  std::vector<std::uint32_t> mask, l, r;
  for (const Start& s : starts) {
    mask.push_back(s.mask);
    l.push_back(s.l);
    r.push_back(s.r);
  }
  const auto count = static_cast<std::uint32_t>(starts.size());
  const std::uint32_t blocks = (count + kThreads - 1) / kThreads;
  host.load_workload_ptx(name());
  const Addr mask_dev = host.alloc_copy(mask);
  const Addr l_dev = host.alloc_copy(l);
  const Addr r_dev = host.alloc_copy(r);
  const Addr counts_dev = host.alloc(std::size_t{blocks} * sizeof(std::uint32_t));
  host.launch("solve_nqueen_kernel", {blocks}, {kThreads}, 0, d.n - d.placed, full, mask_dev, l_dev,
              r_dev, counts_dev, static_cast<std::int32_t>(count));
  const auto got = host.read<std::uint32_t>(counts_dev, blocks);

  std::vector<std::uint32_t> want(blocks, 0);
  std::uint64_t total = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t c = count_from(full, d.n - d.placed, starts[i]);
    want[i / kThreads] += c;
    total += c;
  }
  if (total != kSolutions[d.n]) {
    throw std::logic_error(fmt::format("the reference found {} solutions of {} queens, not {}",
                                       total, d.n, kSolutions[d.n]));
  }
  check_equal("block counts", got, want);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(NQueen);

}  // namespace warpsim::workload

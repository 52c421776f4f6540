#include "sm/coalescer.h"

#include <algorithm>

namespace warpsim {

std::uint32_t shared_bank_cycles(const func::WarpInst& inst, std::uint32_t banks,
                                 std::uint32_t bank_bytes) {
  // Distinct words, then the most words falling into one bank.
  std::vector<Addr> words;
  words.reserve(func::kWarpSize * 4);
  for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
    if ((inst.exec >> lane & 1U) == 0) continue;
    const Addr first = inst.addr[lane] / bank_bytes;
    const Addr last = (inst.addr[lane] + std::max<std::uint32_t>(inst.size, 1) - 1) / bank_bytes;
    for (Addr w = first; w <= last; ++w) words.push_back(w);
  }
  if (words.empty()) return 0;
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  std::vector<std::uint32_t> per_bank(banks, 0);
  std::uint32_t most = 0;
  for (Addr w : words) most = std::max(most, ++per_bank[w % banks]);
  return most;
}

}  // namespace warpsim

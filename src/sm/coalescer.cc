#include "sm/coalescer.h"

#include <algorithm>
#include <cmath>

namespace warpsim {

std::uint32_t shared_conflict_degree(const func::WarpInst& inst, const SharedBankLayout& layout) {
  // Each (row, bank) cell asked for once, encoded as row * banks + bank; then the most cells of
  // one bank. With word_bytes = bank_bytes a cell is one bank_bytes unit.
  const std::uint32_t unit = layout.bank_bytes;
  const Addr row_bytes = Addr{layout.banks} * layout.word_bytes;
  std::vector<Addr> cells;
  cells.reserve(func::kWarpSize * 4);
  for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
    if ((inst.exec >> lane & 1U) == 0) continue;
    const Addr first = inst.addr[lane] / unit;
    const Addr last = (inst.addr[lane] + std::max<std::uint32_t>(inst.size, 1) - 1) / unit;
    for (Addr u = first; u <= last; ++u) {
      cells.push_back(u * unit / row_bytes * layout.banks + u % layout.banks);
    }
  }
  if (cells.empty()) return 0;
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  std::vector<std::uint32_t> per_bank(layout.banks, 0);
  std::uint32_t most = 0;
  for (Addr c : cells) most = std::max(most, ++per_bank[c % layout.banks]);
  return most;
}

std::uint32_t shared_bank_busy_cycles(std::uint32_t degree, double conflict_cycles) {
  if (degree == 0) return 0;
  return 1 + static_cast<std::uint32_t>(std::llround((degree - 1) * conflict_cycles));
}

}  // namespace warpsim

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

double shared_pass_cycles(std::uint32_t bytes_per_lane, double bank_bytes_per_cycle) {
  if (bank_bytes_per_cycle <= 0) return 1;
  return std::max(1.0, bytes_per_lane / bank_bytes_per_cycle);
}

std::uint32_t shared_bank_busy_cycles(std::uint32_t degree, double conflict_cycles,
                                      double pass_cycles) {
  if (degree == 0) return 0;
  const double pass = std::max(1.0, pass_cycles);
  return static_cast<std::uint32_t>(std::llround(pass + (degree - 1) * conflict_cycles));
}

}  // namespace warpsim

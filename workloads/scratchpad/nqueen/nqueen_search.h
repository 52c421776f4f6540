#pragma once

// The N-queens search on the host, shared by scratchpad/nqueen and placement/nqu-*: a partial
// board as the masks of its next row, the starts (every legal placement of some more rows, depth
// first, lowest column first) and the plain recursive count that completes a board.

#include <cstdint>
#include <vector>

namespace warpsim::workload::nqueen {

// Solutions of the n-queens problem for n = 0..16 (OEIS A000170).
inline constexpr std::uint64_t kSolutions[] = {
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512};

struct Start {
  std::uint32_t mask, l, r;  // columns taken, the two diagonals attacked, on the next row
};

// The board after a queen at `bit` on the row whose masks are `s`.
inline Start place(Start s, std::uint32_t bit) {
  return {s.mask | bit, (s.l | bit) << 1, (s.r | bit) >> 1};
}

// Every legal placement of `rows` more queens after `s`, depth first, lowest column first.
inline void starts_after(std::uint32_t full, int rows, Start s, std::vector<Start>& out) {
  if (rows == 0) {
    out.push_back(s);
    return;
  }
  std::uint32_t free = full & ~(s.mask | s.l | s.r);
  while (free != 0) {
    const std::uint32_t bit = free & (0u - free);
    free ^= bit;
    starts_after(full, rows - 1, place(s, bit), out);
  }
}

// Solutions that complete `s` with `rows` more queens (plain recursion).
inline std::uint32_t count_from(std::uint32_t full, int rows, Start s) {
  if (rows == 0) return 1;
  std::uint32_t total = 0;
  std::uint32_t free = full & ~(s.mask | s.l | s.r);
  while (free != 0) {
    const std::uint32_t bit = free & (0u - free);
    free ^= bit;
    total += count_from(full, rows - 1, place(s, bit));
  }
  return total;
}

}  // namespace warpsim::workload::nqueen

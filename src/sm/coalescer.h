#pragma once

// Turning one warp memory instruction's per-lane addresses into what the memory system sees:
// the aligned blocks it touches (one request each), and, for shared memory, how many bank
// cycles it takes.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "func/warp_inst.h"
#include "mem/packet.h"

namespace warpsim {

// One request of a warp memory instruction: a cache line and the 32-byte sectors of it that
// the lanes touch.
struct LineAccess {
  Addr line = 0;
  SectorMask sectors = 0;
  std::uint32_t atomic_ops = 0;  // atomics: count_atomic_ops
};

// The memory coalescer: the executing lanes of `inst` grouped by the aligned `line` (a power
// of two) their bytes fall into, one request per line with the sectors touched, in increasing
// address order. `map` turns a lane's address into the address the memory system sees
// (identity for global memory).
template <class Map>
void coalesce(const func::WarpInst& inst, std::uint32_t line, Map&& map,
              std::vector<LineAccess>& out) {
  out.clear();
  const Addr line_mask = ~Addr{line - 1};
  const std::uint32_t size = inst.size == 0 ? 1 : inst.size;
  for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
    if ((inst.exec >> lane & 1U) == 0) continue;
    const Addr first = map(inst.addr[lane], lane);
    const Addr last = first + size - 1;
    for (Addr l = first & line_mask; l <= last; l += line) {
      const Addr from = std::max(l, first);
      const Addr to = std::min(l + line - 1, last);
      const SectorMask mask = sectors_of(l, from, static_cast<std::uint32_t>(to - from + 1));
      auto it =
          std::find_if(out.begin(), out.end(), [l](const LineAccess& a) { return a.line == l; });
      if (it == out.end()) {
        out.push_back(LineAccess{l, mask});
      } else {
        it->sectors |= mask;
      }
    }
  }
  std::sort(out.begin(), out.end(),
            [](const LineAccess& a, const LineAccess& b) { return a.line < b.line; });
}

// Atomics: how many operations each block's request makes the L2's atomic unit execute one
// after another (MemRequest::ops). Lanes naming different addresses execute together and
// lanes naming one address one after another, so a block costs the most lanes naming one of
// its addresses; when every executing lane names the same address the whole instruction costs
// one operation (ptxas turns an atomic on a warp-uniform address into one per warp).
inline void count_atomic_ops(const func::WarpInst& inst, std::uint32_t line,
                             std::vector<LineAccess>& blocks) {
  std::array<Addr, func::kWarpSize> addrs{};
  std::uint32_t n = 0;
  for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
    if ((inst.exec >> lane & 1U) != 0) addrs[n++] = inst.addr[lane];
  }
  std::sort(addrs.begin(), addrs.begin() + n);
  // Runs of one address, in address order; `blocks` is in line order, so one pass serves both.
  const Addr line_mask = ~Addr{line - 1};
  auto block = blocks.begin();
  for (std::uint32_t i = 0; i < n;) {
    std::uint32_t end = i + 1;
    while (end < n && addrs[end] == addrs[i]) ++end;
    const std::uint32_t same = i == 0 && end == n ? 1 : end - i;  // one address: aggregated
    while (block->line != (addrs[i] & line_mask)) ++block;
    block->atomic_ops = std::max(block->atomic_ops, same);
    i = end;
  }
}

// The constant cache serves one distinct word per access (lanes reading the same word share
// it: broadcast): one request per distinct aligned `word` touched, in increasing address order,
// each naming its `line`-aligned line and the sector holding the word.
inline void serialize_words(const func::WarpInst& inst, std::uint32_t line, std::uint32_t word,
                            std::vector<LineAccess>& out) {
  out.clear();
  const std::uint32_t size = inst.size == 0 ? 1 : inst.size;
  for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
    if ((inst.exec >> lane & 1U) == 0) continue;
    for (Addr w = inst.addr[lane] / word * word; w < inst.addr[lane] + size; w += word) {
      out.push_back(LineAccess{w, 0});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const LineAccess& a, const LineAccess& b) { return a.line < b.line; });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const LineAccess& a, const LineAccess& b) { return a.line == b.line; }),
            out.end());
  for (LineAccess& a : out) {
    const Addr l = a.line & ~Addr{line - 1};
    a.sectors = sectors_of(l, a.line, word);
    a.line = l;
  }
}

// How shared memory is laid out in banks: successive `bank_bytes` units of the address space go
// to successive ones of `banks` banks; each bank delivers one row of `word_bytes` (a multiple of
// bank_bytes) per cycle, a row being `banks * word_bytes` consecutive bytes. With word_bytes =
// bank_bytes a row of a bank is one bank word (Fermi, Maxwell and later, Kepler's 8-byte mode);
// Kepler's 4-byte mode has 4-byte addressing on 8-byte rows, so the two words w and w + 32 of one
// 64-word row are delivered together (CUDA C Programming Guide, compute capability 3.x).
struct SharedBankLayout {
  std::uint32_t banks = 32;
  std::uint32_t bank_bytes = 4;
  std::uint32_t word_bytes = 4;
};

// Conflict degree of a shared-memory access: the largest number of distinct rows any one bank
// is asked for (lanes asking one bank for the same row are served together: broadcast). At least
// 1 when any lane executes, 0 otherwise.
std::uint32_t shared_conflict_degree(const func::WarpInst& inst, const SharedBankLayout& layout);

// Cycles one pass over the banks takes when each lane takes `bytes_per_lane` bytes from its bank
// and a bank delivers `bank_bytes_per_cycle` (0: unlimited): max(1, bytes / rate).
double shared_pass_cycles(std::uint32_t bytes_per_lane, double bank_bytes_per_cycle);

// Cycles a degree-`degree` access holds the banks: `pass_cycles` (at least 1), plus
// `conflict_cycles` per conflicting row after the first, the total rounded to the nearest
// cycle. 0 for degree 0.
std::uint32_t shared_bank_busy_cycles(std::uint32_t degree, double conflict_cycles,
                                      double pass_cycles = 1);

}  // namespace warpsim

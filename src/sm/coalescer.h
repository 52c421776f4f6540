#pragma once

// Turning one warp memory instruction's per-lane addresses into what the memory system sees:
// the aligned blocks it touches (one request each), and, for shared memory, how many bank
// cycles it takes.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "func/warp_inst.h"

namespace warpsim {

// The distinct aligned blocks of `block_bytes` (a power of two) touched by the executing lanes
// of `inst`, in increasing address order. `map` turns a lane's address into the address the
// memory system sees (identity for global memory).
template <class Map>
void coalesce(const func::WarpInst& inst, std::uint32_t block_bytes, Map&& map,
              std::vector<Addr>& blocks) {
  blocks.clear();
  const Addr mask = ~Addr{block_bytes - 1};
  for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
    if ((inst.exec >> lane & 1U) == 0) continue;
    const Addr first = map(inst.addr[lane], lane) & mask;
    const Addr last = (map(inst.addr[lane], lane) + (inst.size == 0 ? 0 : inst.size - 1)) & mask;
    for (Addr a = first; a <= last; a += block_bytes) blocks.push_back(a);
  }
  std::sort(blocks.begin(), blocks.end());
  blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
}

// Bank cycles of a shared-memory access: the largest number of distinct `bank_bytes` words any
// one bank must deliver (lanes reading the same word share it: broadcast). At least 1 when any
// lane executes, 0 otherwise.
std::uint32_t shared_bank_cycles(const func::WarpInst& inst, std::uint32_t banks,
                                 std::uint32_t bank_bytes);

}  // namespace warpsim

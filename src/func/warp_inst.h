#pragma once

// The record of one executed warp instruction, handed to the timing model (and to trace
// writers): what ran, on which lanes, and what memory it touched.

#include <array>
#include <cstdint>

#include "func/lanes.h"
#include "func/program.h"
#include "ptx/types.h"
#include "sim/time.h"

namespace warpsim::func {

struct WarpInst {
  const FunctionCode* function = nullptr;
  const DecodedInst* inst = nullptr;  // op class, registers read/written, IR
  std::uint32_t pc = 0;
  LaneMask active = 0;  // lanes of the SIMT stack top
  LaneMask exec = 0;    // active lanes whose guard predicate held
  // Memory instructions: the space accessed (generic accesses resolved per lane; a warp that
  // mixes spaces reports the space of its lowest lane), and each executing lane's address
  // within that space and access size in bytes.
  ptx::StateSpace space = ptx::StateSpace::kGeneric;
  bool is_load = false;
  bool is_store = false;
  bool is_atomic = false;
  std::uint32_t size = 0;
  std::array<Addr, kWarpSize> addr{};
  // Barrier instructions: the barrier id; the warp is blocked after this record when `blocked`.
  std::uint32_t barrier = 0;
  bool blocked = false;

  void clear_memory() {
    space = ptx::StateSpace::kGeneric;
    is_load = is_store = is_atomic = false;
    size = 0;
  }
};

}  // namespace warpsim::func

#pragma once

// What a handler sees while executing one warp instruction, and the helpers every handler uses
// to read sources, write destinations, compute addresses and report errors.
//
// Handler contract (see handlers.h): a handler computes its result for the lanes in `mask`
// (active lanes whose guard held), writes destinations only for those lanes (write() does
// this), and leaves the pc alone; the executor advances it. Reads yield canonical values
// (lanes.h): zero-extended for unsigned/bit/float types, sign-extended for signed ones.

#include <cstdint>
#include <string>

#include "func/cta_state.h"
#include "func/lanes.h"
#include "func/launch_state.h"
#include "func/program.h"
#include "func/warp_inst.h"
#include "func/warp_state.h"

namespace warpsim::func {

class Device;

struct ExecContext {
  LaunchState& launch;
  CtaState& cta;
  WarpState& warp;
  const FunctionCode* code = nullptr;
  LaneValues* regs = nullptr;  // the current register window
  Addr frame_base = 0;
  LaneMask active = 0;  // SIMT top lanes
  LaneMask mask = 0;    // lanes that execute
  WarpInst* record = nullptr;

  Device& device() const { return *launch.device; }

  // Operand `i` of `inst` as values of `type` in every lane of `mask` (other lanes undefined).
  // Registers, immediates (converted per ptx::immediate_bits), special registers and symbol
  // addresses are accepted; a negated predicate (`!%p`) is inverted.
  void read(const DecodedInst& inst, unsigned i, ptx::DataType type, LaneValues& out) const;
  LaneValues read(const DecodedInst& inst, unsigned i, ptx::DataType type) const {
    LaneValues out;
    read(inst, i, type, out);
    return out;
  }
  // Writes `values` (as `type`) to operand `i` (a register or `_`) for the lanes in `mask`.
  void write(const DecodedInst& inst, unsigned i, ptx::DataType type, const LaneValues& values);
  void write_masked(const Operand& op, ptx::DataType type, const LaneValues& values,
                    LaneMask lanes);

  // The address operand `op` (kAddress, or kSymbol / kReg used as an address) for `lane`:
  // register base + symbol address + offset, in the operand's state space.
  Addr address(const Operand& op, unsigned lane) const;
  // Resolves a symbol's address (shared offset, frame offset or absolute).
  Addr symbol_address(const Operand& op) const;

  // Value of a special register for `lane`.
  std::uint64_t special(ptx::SpecialReg reg, std::uint8_t component, unsigned lane) const;

  // Throws ExecError: "<kernel>, <ptx position>, block (x,y,z), thread (x,y,z): <what>".
  [[noreturn]] void fail(const DecodedInst& inst, unsigned lane, const std::string& what) const;
  // The same prefix without the thread, for warp-wide errors.
  [[noreturn]] void fail_warp(const DecodedInst& inst, const std::string& what) const;
  std::string where(const DecodedInst& inst) const;
};

}  // namespace warpsim::func

#pragma once

// The code of a traced kernel as the timing model sees it: one func::DecodedInst per SASS pc,
// at index pc / instruction size (16 bytes from Volta on, 8 before), so that the I-cache and
// the instruction buffers see the code's real layout. Instructions are decoded from the first
// trace line that shows their pc (op class and timing class from the opcode, registers from the
// line; RZ is not a dependence) and every later line with that pc must agree. Indices never
// seen stay default-constructed: they are fetched, never issued. The table grows as blocks are
// read, so only indices, never references, are kept across reads.

#include <cstdint>
#include <string>
#include <vector>

#include "func/program.h"
#include "trace/sass_ops.h"
#include "trace/trace_inst.h"

namespace warpsim::trace {

class TraceCode {
 public:
  TraceCode(std::uint32_t binary_version, SassOpMap::Reporter report);

  std::uint32_t inst_bytes() const { return inst_bytes_; }
  const func::FunctionCode& code() const { return code_; }
  // Decodes `inst` (read from file `file`) if its pc is new, else checks it matches what that
  // pc was; returns its index. Throws TraceError at the line when the pc is misaligned or
  // disagrees.
  std::uint32_t add(const TraceInst& inst, const std::string& file);
  // The index of a pc add() has seen.
  std::uint32_t index_of(std::uint64_t pc) const {
    return static_cast<std::uint32_t>(pc / inst_bytes_);
  }
  const func::DecodedInst& inst(std::uint32_t index) const { return code_.insts[index]; }
  SassSpace space(std::uint32_t index) const { return infos_[index].space; }
  // BAR.ARV and the like: arrive at a barrier without waiting.
  bool arrive_only(std::uint32_t index) const { return infos_[index].arrive_only; }
  const SassOpMap& ops() const { return ops_; }

 private:
  struct Info {
    bool known = false;
    bool arrive_only = false;
    SassSpace space = SassSpace::kNone;
    std::string opcode;
    std::uint64_t line = 0;  // where it was first seen
  };
  void decode(const TraceInst& inst, std::uint32_t index);

  SassOpMap ops_;
  std::uint32_t inst_bytes_;
  func::FunctionCode code_;
  std::vector<Info> infos_;
};

}  // namespace warpsim::trace

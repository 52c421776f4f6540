#pragma once

// What a PTX instruction costs the scheduler's issue port once ptxas has turned it into SASS:
// 64-bit integer arithmetic becomes two or three SASS instructions, a division a dozen, while
// a cvta or a move is often folded into its user and costs none. A preset that gives a table
// (sm.issue_costs, a YAML file of KEY: slots) has each warp instruction take that many issue
// slots on average; without one every instruction takes one (docs/timing.md "Issue costs").
//
// Keys name an instruction by what decides its expansion: the opcode, for memory instructions
// the state space, for multiplies the mode, for divisions and special functions the precision,
// and the operand class (32, 64, 16, f16, f32, f64, pred): `add.64`, `mul.wide.32`,
// `ld.global`, `div.rn.f32`, `cvt.f32.32`, `mov.sreg`. A lookup falls back from the full key
// to the opcode alone, then to `*`, then to 1.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpsim {

namespace ptx {
struct Instruction;
}
namespace func {
struct FunctionCode;
}
class ConfigNode;

std::string issue_key(const ptx::Instruction& inst);
// The opcode part of a key (its first fallback).
std::string issue_key_opcode(const std::string& key);

// Issue slots in hundredths (100: one SASS instruction).
using IssueCost = std::uint16_t;
inline constexpr IssueCost kOneSlot = 100;

class IssueCostTable {
 public:
  IssueCostTable() = default;
  // `sm` is the resolved `sm` section; reads the file sm.issue_costs names ("": no table).
  // Throws ConfigError on a missing file, a value that is not a number from 0 to 64, or a file
  // that is not a non-empty map.
  explicit IssueCostTable(const ConfigNode& sm);
  // From key -> slots, for tests.
  explicit IssueCostTable(const std::map<std::string, double>& slots);

  bool empty() const { return costs_.empty(); }
  IssueCost cost(const ptx::Instruction& inst) const;
  // One cost per instruction of `code` (kOneSlot where an instruction has no PTX: traces).
  std::vector<IssueCost> costs_of(const func::FunctionCode& code) const;

 private:
  std::map<std::string, IssueCost> costs_;
};

}  // namespace warpsim

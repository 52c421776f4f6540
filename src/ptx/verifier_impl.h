#pragma once

// Internal to verifier.cc and verifier_instructions.cc.

#include <string>

#include "ptx/ir.h"

namespace warpsim::ptx::detail {

class Verifier {
 public:
  explicit Verifier(const Module& module) : module_(module) {}
  void run();

  // Structure (verifier.cc).
  [[noreturn]] void fail(const std::string& message) const;
  void check_header() const;
  void check_variable(const Variable& var, const Function* fn);
  void check_symbol(SymbolRef ref, const Function* fn) const;
  void check_function(const Function& fn);
  void check_body(const Function& fn);
  void check_debug(const DebugLoc& loc) const;

  // Instructions (verifier_instructions.cc).
  void check_instruction(const Instruction& inst);
  void check_operand_indices(const Instruction& inst) const;
  void check_operand_ref(const Operand& op) const;
  void check_slots(const Instruction& inst) const;
  void check_slot(const Instruction& inst, const Operand& op, char slot, unsigned index) const;
  void check_counts(const Instruction& inst) const;
  void check_call(const Instruction& inst) const;
  void check_branch(const Instruction& inst) const;
  void check_widths(const Instruction& inst) const;
  void check_vector_width(const Instruction& inst) const;
  void check_register_width(const Instruction& inst, const Operand& op, char rule) const;
  const Register& reg(std::uint32_t index) const { return fn_->regs[index]; }
  std::string reg_text(std::uint32_t index) const;
  bool is_pred_reg(const Operand& op) const;

  const Module& module_;
  const Function* fn_ = nullptr;
  const Instruction* inst_ = nullptr;
};

}  // namespace warpsim::ptx::detail

#pragma once

// Internal to printer.cc and printer_instructions.cc.

#include <string>
#include <vector>

#include "ptx/ir.h"

namespace warpsim::ptx::detail {

class Printer {
 public:
  explicit Printer(const Module& module, bool comment_extensions = false)
      : module_(module), comment_extensions_(comment_extensions) {}

  std::string module_text();
  std::string instruction_text(const Function& fn, const Instruction& inst);

 private:
  void header();
  void variable(const Variable& var, const Function* fn);
  void initializer(const std::vector<InitItem>& items, const Function* fn);
  void function(const Function& fn, bool definition, Linkage linkage);
  void param_list(const std::vector<Variable>& params, bool multiline);
  void perf(const PerfDirectives& perf);
  void body(const Function& fn);
  void reg_decls(const Function& fn, std::size_t& i);
  void debug_loc(const DebugLoc& loc);
  void instruction(const Function& fn, const Instruction& inst);
  void opcode(const Instruction& inst);
  void operands(const Function& fn, const Instruction& inst);
  void call_operands(const Function& fn, const Instruction& inst);
  void operand(const Function& fn, const Instruction& inst, const Operand& op);
  void list(const Function& fn, const Instruction& inst, const Operand& agg, char open, char close);
  void immediate(std::uint64_t bits, ImmKind kind);
  void symbol(const Function* fn, SymbolRef ref);
  void offset(std::int64_t value, bool in_address);
  void section(const DebugSection& section);
  void file(const SourceFile& file);

  const Module& module_;
  bool comment_extensions_ = false;
  std::string out_;
};

}  // namespace warpsim::ptx::detail

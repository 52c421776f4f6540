#include "passes/function_editor.h"

#include "ptx/cfg.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace warpsim::passes {

using ptx::BodyEntry;
using ptx::Instruction;
using ptx::Opcode;

FunctionEditor::FunctionEditor(ptx::Function& function)
    : function_(function), before_(function.insts.size()), after_(function.insts.size()) {}

void FunctionEditor::insert_before(std::uint32_t index, Instruction inst) {
  before_.at(index).push_back(std::move(inst));
  ++added_;
}

void FunctionEditor::insert_after(std::uint32_t index, Instruction inst) {
  after_.at(index).push_back(std::move(inst));
  ++added_;
}

std::uint32_t FunctionEditor::add_label(std::string_view hint) {
  const auto taken = [&](const std::string& name) {
    return std::any_of(function_.labels.begin(), function_.labels.end(),
                       [&](const ptx::Label& l) { return l.name == name; });
  };
  std::string name;
  for (std::size_t n = function_.labels.size();; ++n) {
    name = "$L__warpsim_" + std::string(hint) + "_" + std::to_string(n);
    if (!taken(name)) break;
  }
  function_.labels.push_back({name, ptx::kNoIndex});
  return static_cast<std::uint32_t>(function_.labels.size() - 1);
}

void FunctionEditor::append_block(std::uint32_t label, std::vector<Instruction> insts,
                                  bool fall_into) {
  // Only the first block can be fallen into.
  guard_end_ = guard_end_ || !fall_into || !blocks_.empty();
  added_ += insts.size();
  blocks_.emplace_back(label, std::move(insts));
}

bool FunctionEditor::may_fall_off_end() const {
  if (function_.insts.empty()) return true;
  const Instruction& last = function_.insts.back();
  if (!ptx::ends_block(last.op) || last.guard != ptx::kNoIndex) return true;
  // A label after the last instruction is a way to the end.
  return std::any_of(function_.labels.begin(), function_.labels.end(),
                     [&](const ptx::Label& l) { return l.inst == function_.insts.size(); });
}

void FunctionEditor::commit() {
  std::vector<Instruction> insts;
  std::vector<BodyEntry> body;
  insts.reserve(function_.insts.size() + added_ + 1);
  const auto emit = [&](Instruction&& inst) {
    body.push_back({BodyEntry::Kind::kInst, static_cast<std::uint32_t>(insts.size()), false});
    insts.push_back(std::move(inst));
  };
  const bool add_ret = guard_end_ && may_fall_off_end();
  for (const BodyEntry& entry : function_.body) {
    if (entry.kind == BodyEntry::Kind::kInst) {
      const std::uint32_t i = entry.index;
      for (Instruction& inst : before_[i]) emit(std::move(inst));
      emit(std::move(function_.insts[i]));
      for (Instruction& inst : after_[i]) emit(std::move(inst));
      continue;
    }
    if (entry.kind == BodyEntry::Kind::kLabel) {
      function_.labels[entry.index].inst = static_cast<std::uint32_t>(insts.size());
    }
    body.push_back(entry);
  }
  if (add_ret) {
    Instruction ret;
    ret.op = Opcode::kRet;
    emit(std::move(ret));
  }
  for (auto& [label, code] : blocks_) {
    body.push_back({BodyEntry::Kind::kLabel, label, false});
    function_.labels[label].inst = static_cast<std::uint32_t>(insts.size());
    for (Instruction& inst : code) emit(std::move(inst));
  }
  for (const ptx::Label& l : function_.labels) {
    if (l.inst == ptx::kNoIndex)
      throw std::logic_error("FunctionEditor: label " + l.name + " was never placed");
  }
  function_.insts = std::move(insts);
  function_.body = std::move(body);
  before_.assign(function_.insts.size(), {});
  after_.assign(function_.insts.size(), {});
  blocks_.clear();
  guard_end_ = false;
  added_ = 0;
}

Instruction make_plain(Opcode op, const Instruction& like) {
  Instruction inst;
  inst.op = op;
  inst.loc = like.loc;
  inst.debug = like.debug;
  return inst;
}

Instruction make_branch(std::uint32_t label, const Instruction& like) {
  Instruction inst = make_plain(Opcode::kBra, like);
  inst.guard = like.guard;
  inst.guard_negated = like.guard_negated;
  inst.add_operand(ptx::Operand::make_label(label));
  return inst;
}

}  // namespace warpsim::passes

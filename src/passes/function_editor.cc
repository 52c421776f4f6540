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
    : function_(function),
      before_(function.insts.size()),
      after_(function.insts.size()),
      removed_(function.insts.size(), false),
      removed_label_(function.labels.size(), false) {}

void FunctionEditor::insert_before(std::uint32_t index, Instruction inst) {
  before_.at(index).push_back(std::move(inst));
  ++added_;
}

void FunctionEditor::insert_after(std::uint32_t index, Instruction inst) {
  after_.at(index).push_back(std::move(inst));
  ++added_;
}

void FunctionEditor::remove(std::uint32_t index) { removed_.at(index) = true; }

void FunctionEditor::remove_label(std::uint32_t label) { removed_label_.at(label) = true; }

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
  removed_label_.push_back(false);
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
      if (!removed_[i]) emit(std::move(function_.insts[i]));
      for (Instruction& inst : after_[i]) emit(std::move(inst));
      continue;
    }
    if (entry.kind == BodyEntry::Kind::kLabel) {
      if (removed_label_[entry.index]) continue;
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
  for (std::size_t l = 0; l < function_.labels.size(); ++l) {
    if (function_.labels[l].inst == ptx::kNoIndex && !removed_label_[l])
      throw std::logic_error("FunctionEditor: label " + function_.labels[l].name +
                             " was never placed");
  }
  function_.insts = std::move(insts);
  function_.body = std::move(body);
  drop_labels();
  before_.assign(function_.insts.size(), {});
  after_.assign(function_.insts.size(), {});
  removed_.assign(function_.insts.size(), false);
  removed_label_.assign(function_.labels.size(), false);
  blocks_.clear();
  guard_end_ = false;
  added_ = 0;
}

// Erases the removed labels and renumbers the rest in the body and in label operands.
void FunctionEditor::drop_labels() {
  if (std::find(removed_label_.begin(), removed_label_.end(), true) == removed_label_.end()) return;
  std::vector<std::uint32_t> renumbered(function_.labels.size(), ptx::kNoIndex);
  std::vector<ptx::Label> kept;
  for (std::uint32_t l = 0; l < function_.labels.size(); ++l) {
    if (removed_label_[l]) continue;
    renumbered[l] = static_cast<std::uint32_t>(kept.size());
    kept.push_back(std::move(function_.labels[l]));
  }
  const auto renumber = [&](std::uint32_t& label) {
    if (renumbered.at(label) == ptx::kNoIndex) {
      throw std::logic_error("FunctionEditor: removed label " + function_.labels[label].name +
                             " is still used");
    }
    label = renumbered[label];
  };
  for (Instruction& inst : function_.insts) {
    for (ptx::Operand& op : inst.operands) {
      if (op.kind == ptx::OperandKind::kLabel) renumber(op.index);
    }
  }
  for (BodyEntry& entry : function_.body) {
    if (entry.kind == BodyEntry::Kind::kLabel) renumber(entry.index);
  }
  function_.labels = std::move(kept);
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

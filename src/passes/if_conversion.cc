#include "passes/if_conversion.h"

#include <algorithm>
#include <vector>

#include "passes/function_editor.h"
#include "passes/instruction_kinds.h"
#include "ptx/analysis/register_liveness.h"

namespace warpsim::passes {
namespace {

bool can_predicate(const ptx::Instruction& inst, std::uint32_t pred) {
  if (inst.guard != ptx::kNoIndex) return false;
  if (!is_pure_arithmetic(inst) && !is_plain_load(inst) && !is_plain_store(inst)) return false;
  const std::vector<std::uint32_t> defs = ptx::instruction_writes(inst);
  return std::find(defs.begin(), defs.end(), pred) == defs.end();
}

}  // namespace

std::uint64_t if_convert(ptx::Function& fn, std::uint32_t max_insts) {
  const std::uint32_t n = static_cast<std::uint32_t>(fn.insts.size());
  if (max_insts == 0 || n == 0) return 0;
  // Body position of each instruction, and which instructions a label names.
  std::vector<std::uint32_t> entry_of(n, ptx::kNoIndex);
  for (std::uint32_t e = 0; e < fn.body.size(); ++e) {
    if (fn.body[e].kind == ptx::BodyEntry::Kind::kInst) entry_of.at(fn.body[e].index) = e;
  }
  std::vector<bool> labelled(n + 1, false);
  for (const ptx::Label& label : fn.labels) {
    if (label.inst <= n) labelled[label.inst] = true;
  }
  std::vector<std::uint32_t> branches_to(fn.labels.size(), 0);
  for (const ptx::Instruction& inst : fn.insts) {
    for (const ptx::Operand& op : inst.operands) {
      if (op.kind == ptx::OperandKind::kLabel) ++branches_to.at(op.index);
    }
  }

  FunctionEditor editor(fn);
  std::uint64_t converted = 0;
  for (std::uint32_t b = 0; b < n; ++b) {
    const ptx::Instruction& bra = fn.insts[b];
    if (bra.op != ptx::Opcode::kBra || bra.guard == ptx::kNoIndex) continue;
    const std::uint32_t label = bra.num_operands > 0 && bra.arg(0).kind == ptx::OperandKind::kLabel
                                    ? bra.arg(0).index
                                    : ptx::kNoIndex;
    if (label == ptx::kNoIndex) continue;
    const std::uint32_t end = fn.labels[label].inst;
    if (end <= b + 1 || end - b - 1 > max_insts || end > n) continue;
    bool ok = true;
    for (std::uint32_t i = b + 1; i < end && ok; ++i) {
      ok = !labelled[i] && can_predicate(fn.insts[i], bra.guard);
    }
    // Between the branch and the label: instructions, `.loc`s and labels of `end` only.
    for (std::uint32_t e = entry_of[b] + 1; ok && e < fn.body.size(); ++e) {
      const ptx::BodyEntry& entry = fn.body[e];
      if (entry.kind == ptx::BodyEntry::Kind::kInst && entry.index == end) break;
      ok = entry.kind == ptx::BodyEntry::Kind::kInst || entry.kind == ptx::BodyEntry::Kind::kLoc ||
           (entry.kind == ptx::BodyEntry::Kind::kLabel && fn.labels[entry.index].inst == end);
    }
    if (!ok) continue;
    for (std::uint32_t i = b + 1; i < end; ++i) {
      ptx::Instruction& inst = editor.instruction(i);
      inst.guard = bra.guard;
      inst.guard_negated = !bra.guard_negated;
    }
    editor.remove(b);
    if (--branches_to[label] == 0) editor.remove_label(label);
    ++converted;
    b = end - 1;
  }
  if (converted > 0) editor.commit();
  return converted;
}

}  // namespace warpsim::passes

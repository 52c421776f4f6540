#pragma once

// Edits one function's body: instructions inserted before or after existing ones, code blocks
// appended at the end under new labels, existing instructions changed in place or removed,
// labels no branch names any more removed. Positions are
// the function's instruction indices before editing; commit() renumbers instructions, labels
// and body entries at once, so any number of edits can be planned from one CFG.

#include <cstdint>
#include <string_view>
#include <vector>

#include "ptx/ir.h"

namespace warpsim::passes {

class FunctionEditor {
 public:
  explicit FunctionEditor(ptx::Function& function);

  // Before instruction `index`, after the labels that name it (a branch to them runs the new
  // code), or after it (before the labels of the next one: only the fall-through path runs it).
  void insert_before(std::uint32_t index, ptx::Instruction inst);
  void insert_after(std::uint32_t index, ptx::Instruction inst);
  // A new label, unique in the function, placed by append_block().
  std::uint32_t add_label(std::string_view hint);
  // Code at the end of the function, reached only through `label`: if the function could fall
  // off its end, commit() first adds a `ret` so that it still returns there. With
  // `fall_into`, falling off the end runs the block (it must do what returning does).
  void append_block(std::uint32_t label, std::vector<ptx::Instruction> insts,
                    bool fall_into = false);
  ptx::Instruction& instruction(std::uint32_t index) { return function_.insts.at(index); }
  // Drops instruction `index` (what was inserted before or after it stays); the labels naming
  // it then name the next instruction.
  void remove(std::uint32_t index);
  // Drops a label; commit() throws std::logic_error if an instruction still names it.
  void remove_label(std::uint32_t label);

  std::size_t instructions_added() const { return added_; }
  void commit();

 private:
  bool may_fall_off_end() const;
  void drop_labels();

  ptx::Function& function_;
  std::vector<std::vector<ptx::Instruction>> before_;
  std::vector<std::vector<ptx::Instruction>> after_;
  std::vector<std::pair<std::uint32_t, std::vector<ptx::Instruction>>> blocks_;
  std::vector<bool> removed_;        // by instruction
  std::vector<bool> removed_label_;  // by label
  bool guard_end_ = false;           // a block falling off the end must not reach
  std::size_t added_ = 0;
};

// An instruction without operands (`ret`, `relssp`), with `like`'s source position.
ptx::Instruction make_plain(ptx::Opcode op, const ptx::Instruction& like);
// `@guard bra label` with `like`'s guard and source position.
ptx::Instruction make_branch(std::uint32_t label, const ptx::Instruction& like);

}  // namespace warpsim::passes

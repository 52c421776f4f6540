#pragma once

#include <cstdint>
#include <vector>

#include "ptx/graph.h"
#include "ptx/ir.h"

namespace warpsim::ptx {

// A basic block: the instructions [first, end) of its function. The entry and exit nodes and
// blocks made by split_critical_edges() hold no instructions (first == end).
struct BasicBlock {
  enum class Kind : std::uint8_t { kCode, kEntry, kExit, kSplit };
  Kind kind = Kind::kCode;
  std::uint32_t first = 0;
  std::uint32_t end = 0;

  bool empty() const { return first == end; }
  bool operator==(const BasicBlock&) const = default;
};

// The control-flow graph of one function: a plain Digraph (node id = index into `blocks`) plus
// the block table, so graph analyses need only `graph`, `entry` and `exit`.
//
// Node layout: 0 is the virtual entry (one edge, to the first code block, or to the exit when the
// function has no instructions); code blocks follow in program order; then the virtual exit;
// split blocks are appended after it. Every block ending in ret/exit/trap (or falling off the end
// of the function) has an edge to `exit`. A conditional branch's successors are
// [taken target, fall-through]. Unreachable blocks are kept (they have no predecessors).
struct Cfg {
  Digraph graph;
  NodeId entry = kNoNode;
  NodeId exit = kNoNode;
  std::vector<BasicBlock> blocks;
  std::vector<NodeId> block_of_inst;  // instruction index -> its code block

  NodeId block_of(std::uint32_t inst) const { return block_of_inst.at(inst); }
};

// Whether `op` ends a basic block (bra, ret, exit, trap; guarded or not).
bool ends_block(Opcode op);

// Builds the CFG of a function with a body. Leaders are the first instruction, every
// instruction a branch targets, and every instruction after a bra/ret/exit/trap (guarded or
// not).
//
// Contract: the function satisfies verify() (branch targets are valid labels).
Cfg build_cfg(const Function& function);

// Splits every critical edge (from a node with several successors to one with several
// predecessors) by inserting an empty kSplit block, using Digraph::redirect_through so
// successor and predecessor order is preserved. Returns the number of blocks inserted.
//
// Contract: afterwards no edge of `cfg.graph` is critical; existing node ids, `entry`, `exit`
// and `block_of_inst` are unchanged, and a split block's `first`/`end` are the `first` of the
// block its edge leads to (where code placed on that edge would go).
std::size_t split_critical_edges(Cfg& cfg);

}  // namespace warpsim::ptx

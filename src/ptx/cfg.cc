#include "ptx/cfg.h"

namespace warpsim::ptx {

bool ends_block(Opcode op) {
  return op == Opcode::kBra || op == Opcode::kRet || op == Opcode::kExit || op == Opcode::kTrap;
}

namespace {

// Whether a branch target starts a block: labels only split blocks when something jumps there.
std::vector<bool> find_leaders(const Function& fn) {
  std::size_t n = fn.insts.size();
  std::vector<bool> leader(n + 1, false);
  if (n > 0) leader[0] = true;
  for (std::size_t i = 0; i < n; ++i) {
    const Instruction& inst = fn.insts[i];
    if (!ends_block(inst.op)) continue;
    leader[i + 1] = true;
    if (inst.op == Opcode::kBra) {
      std::uint32_t target = fn.branch_target(inst);
      if (target < n) leader[target] = true;
    }
  }
  return leader;
}

void add_block_edges(const Function& fn, Cfg& cfg, NodeId node) {
  const BasicBlock& block = cfg.blocks[node];
  const Instruction& last = fn.insts[block.end - 1];
  bool conditional = last.guard != kNoIndex;
  NodeId fallthrough = block.end < fn.insts.size() ? cfg.block_of_inst[block.end] : cfg.exit;
  switch (last.op) {
    case Opcode::kBra: {
      std::uint32_t target = fn.branch_target(last);
      cfg.graph.add_edge(node, target < fn.insts.size() ? cfg.block_of_inst[target] : cfg.exit);
      break;
    }
    case Opcode::kRet:
    case Opcode::kExit:
    case Opcode::kTrap:
      cfg.graph.add_edge(node, cfg.exit);
      break;
    default:
      conditional = true;  // falls through
      break;
  }
  if (conditional) cfg.graph.add_edge(node, fallthrough);
}

}  // namespace

Cfg build_cfg(const Function& function) {
  Cfg cfg;
  std::vector<bool> leader = find_leaders(function);
  std::size_t n = function.insts.size();
  cfg.blocks.push_back({BasicBlock::Kind::kEntry, 0, 0});
  cfg.block_of_inst.resize(n, kNoNode);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (leader[i]) cfg.blocks.push_back({BasicBlock::Kind::kCode, i, i});
    cfg.blocks.back().end = i + 1;
    cfg.block_of_inst[i] = static_cast<NodeId>(cfg.blocks.size() - 1);
  }
  cfg.blocks.push_back(
      {BasicBlock::Kind::kExit, static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(n)});
  cfg.graph = Digraph(cfg.blocks.size());
  cfg.entry = 0;
  cfg.exit = static_cast<NodeId>(cfg.blocks.size() - 1);
  cfg.graph.add_edge(cfg.entry, n > 0 ? NodeId{1} : cfg.exit);
  for (NodeId node = 1; node < cfg.exit; ++node) add_block_edges(function, cfg, node);
  return cfg;
}

std::size_t split_critical_edges(Cfg& cfg) {
  std::size_t inserted = 0;
  std::size_t original = cfg.graph.size();
  for (NodeId from = 0; from < original; ++from) {
    if (cfg.graph.succs(from).size() < 2) continue;
    // Copy: redirect_through rewrites this successor list in place.
    std::vector<NodeId> succs = cfg.graph.succs(from);
    for (NodeId to : succs) {
      if (cfg.graph.preds(to).size() < 2) continue;
      NodeId via = cfg.graph.add_node();
      std::uint32_t at = cfg.blocks[to].first;
      cfg.blocks.push_back({BasicBlock::Kind::kSplit, at, at});
      cfg.graph.redirect_through(from, to, via);
      ++inserted;
    }
  }
  return inserted;
}

}  // namespace warpsim::ptx

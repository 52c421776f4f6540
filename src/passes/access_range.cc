#include "passes/access_range.h"

#include <cmath>
#include <stdexcept>

#include "ptx/analysis/dataflow.h"
#include "ptx/analysis/dominators.h"
#include "ptx/analysis/loops.h"

namespace warpsim::passes {

using ptx::BitSet;
using ptx::NodeId;

AccessFlow solve_access_flow(const ptx::Digraph& graph, NodeId entry, NodeId exit,
                             const std::vector<BitSet>& accesses) {
  if (accesses.size() != graph.size() || accesses.empty()) {
    throw std::invalid_argument("solve_access_flow: one access set per node expected");
  }
  const std::size_t vars = accesses[0].size();
  const std::vector<BitSet> kill(graph.size(), BitSet(vars));
  const BitSet none(vars);
  const auto pre = ptx::solve_gen_kill(graph, {ptx::FlowDirection::kForward, entry, exit},
                                       ptx::MeetKind::kUnion, none, accesses, kill);
  const auto post = ptx::solve_gen_kill(graph, {ptx::FlowDirection::kBackward, entry, exit},
                                        ptx::MeetKind::kUnion, none, accesses, kill);
  return {pre.in, pre.out, post.in, post.out};
}

namespace {

bool meets(const BitSet& values, const BitSet& set) {
  BitSet both = values;
  both.intersect_with(set);
  return both.any();
}

std::uint64_t mask_of(const BitSet& set) {
  std::uint64_t mask = 0;
  set.for_each([&](std::size_t i) { mask |= std::uint64_t{1} << i; });
  return mask;
}

}  // namespace

bool acc_in(const AccessFlow& flow, NodeId node, const BitSet& set) {
  return meets(flow.pre_in.at(node), set) && meets(flow.post_in.at(node), set);
}

bool acc_out(const AccessFlow& flow, NodeId node, const BitSet& set) {
  return meets(flow.pre_out.at(node), set) && meets(flow.post_out.at(node), set);
}

double InstructionRanges::range_size(std::uint64_t set) const {
  double size = 0;
  for (std::size_t i = 0; i < weight.size(); ++i) {
    if ((before[i] & set) != 0 && (after[i] & set) != 0) size += weight[i];
  }
  return size;
}

InstructionRanges instruction_ranges(const ptx::Cfg& cfg,
                                     const std::vector<std::uint64_t>& inst_access,
                                     std::size_t variables, double loop_weight) {
  if (variables > 64) throw std::invalid_argument("instruction_ranges: at most 64 variables");
  std::vector<BitSet> block_access(cfg.graph.size(), BitSet(variables));
  for (NodeId n = 0; n < cfg.graph.size(); ++n) {
    for (std::uint32_t i = cfg.blocks[n].first; i < cfg.blocks[n].end; ++i) {
      for (std::size_t v = 0; v < variables; ++v) {
        if ((inst_access[i] >> v) & 1U) block_access[n].set(v);
      }
    }
  }
  const AccessFlow flow = solve_access_flow(cfg.graph, cfg.entry, cfg.exit, block_access);
  const ptx::DominatorTree dom(cfg.graph, cfg.entry);
  const ptx::LoopForest loops(cfg.graph, dom);
  InstructionRanges out;
  out.before.assign(inst_access.size(), 0);
  out.after.assign(inst_access.size(), 0);
  out.weight.assign(inst_access.size(), 0);
  for (NodeId n = 0; n < cfg.graph.size(); ++n) {
    const ptx::BasicBlock& block = cfg.blocks[n];
    if (block.kind != ptx::BasicBlock::Kind::kCode || !dom.reachable(n)) continue;
    std::uint64_t seen = mask_of(flow.pre_in[n]);
    for (std::uint32_t i = block.first; i < block.end; ++i) {
      seen |= inst_access[i];
      out.before[i] = seen;
      out.weight[i] = std::pow(loop_weight, loops.loop_depth(n));
    }
    std::uint64_t ahead = mask_of(flow.post_out[n]);
    for (std::uint32_t i = block.end; i-- > block.first;) {
      ahead |= inst_access[i];
      out.after[i] = ahead;
    }
  }
  return out;
}

}  // namespace warpsim::passes

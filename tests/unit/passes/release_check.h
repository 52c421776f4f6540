#pragma once

// Checks a transformed function the way the hardware will run it: on no path is relssp executed
// twice, no path accesses the shared region after it, and (when the function has any relssp)
// no path reaches the exit having accessed the region without releasing it. A forward
// may-analysis over the function's CFG with two facts: "released" and "accessed, not yet
// released".

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "passes/shared_reorder.h"
#include "ptx/analysis/dataflow.h"
#include "ptx/cfg.h"

namespace warpsim::passes::testing {

// Returns "" when the function is fine, else what is wrong and where.
inline std::string check_releases(const ptx::Function& fn, const std::vector<bool>& access) {
  const ptx::Cfg cfg = ptx::build_cfg(fn);
  bool any_relssp = false;
  for (const ptx::Instruction& inst : fn.insts) any_relssp |= inst.op == ptx::Opcode::kRelssp;
  std::string problem;
  const auto walk = [&](ptx::NodeId node, ptx::BitSet state, bool report) {
    const ptx::BasicBlock& b = cfg.blocks[node];
    for (std::uint32_t i = b.first; i < b.end; ++i) {
      if (fn.insts[i].op == ptx::Opcode::kRelssp) {
        if (report && state.test(0) && problem.empty()) {
          problem = fn.name + ": relssp at " + std::to_string(i) + " may run twice";
        }
        state.set(0);
        state.reset(1);
      }
      if (access[i]) {
        if (report && state.test(0) && problem.empty()) {
          problem = fn.name + ": access at " + std::to_string(i) + " after a relssp";
        }
        state.set(1);
      }
    }
    return state;
  };
  const ptx::BitSetLattice lattice(2, ptx::MeetKind::kUnion);
  const auto flow = ptx::solve_dataflow(
      cfg.graph, {ptx::FlowDirection::kForward, cfg.entry, cfg.exit}, lattice, ptx::BitSet(2),
      [&](ptx::NodeId n, const ptx::BitSet& in, ptx::BitSet& out) { out = walk(n, in, false); });
  for (ptx::NodeId n = 0; n < cfg.graph.size(); ++n) walk(n, flow.in[n], true);
  if (problem.empty() && any_relssp && flow.in[cfg.exit].test(1)) {
    problem = fn.name + ": a path reaches the exit without releasing";
  }
  return problem;
}

}  // namespace warpsim::passes::testing

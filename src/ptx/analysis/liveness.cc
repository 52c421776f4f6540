#include "ptx/analysis/liveness.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "ptx/analysis/dataflow.h"

namespace warpsim::ptx {

LivenessInfo compute_liveness(const Digraph& graph, NodeId entry, NodeId exit,
                              const std::vector<BitSet>& use, const std::vector<BitSet>& def) {
  std::size_t registers = use.empty() ? 0 : use.front().size();
  return compute_liveness(graph, entry, exit, use, def, BitSet(registers));
}

LivenessInfo compute_liveness(const Digraph& graph, NodeId entry, NodeId exit,
                              const std::vector<BitSet>& use, const std::vector<BitSet>& def,
                              const BitSet& live_at_exit) {
  FlowSpec spec{FlowDirection::kBackward, entry, exit};
  DataflowResult<BitSet> result =
      solve_gen_kill(graph, spec, MeetKind::kUnion, live_at_exit, use, def);
  return {std::move(result.in), std::move(result.out), result.sweeps, result.visits};
}

BlockUseDef summarize_block(std::span<const InstructionRegs> insts, std::size_t register_count) {
  BlockUseDef block{BitSet(register_count), BitSet(register_count)};
  for (const InstructionRegs& inst : insts) {
    // Uses before defs: `add r1, r1, 1` reads the incoming r1.
    for (std::uint32_t r : inst.uses) {
      if (!block.def.test(r)) block.use.set(r);
    }
    for (std::uint32_t r : inst.defs) block.def.set(r);
  }
  return block;
}

std::vector<BitSet> instruction_live_out(std::span<const InstructionRegs> insts,
                                         const BitSet& block_live_out) {
  std::vector<BitSet> live_out(insts.size());
  BitSet live = block_live_out;
  for (std::size_t i = insts.size(); i-- > 0;) {
    live_out[i] = live;
    for (std::uint32_t r : insts[i].defs) live.reset(r);
    for (std::uint32_t r : insts[i].uses) live.set(r);
  }
  return live_out;
}

std::vector<BitSet> last_uses(std::span<const InstructionRegs> insts,
                              const std::vector<BitSet>& live_out) {
  if (live_out.size() != insts.size()) {
    throw std::invalid_argument("last_uses: " + std::to_string(insts.size()) +
                                " instructions but " + std::to_string(live_out.size()) +
                                " live-out sets");
  }
  std::vector<BitSet> dying(insts.size());
  for (std::size_t i = 0; i < insts.size(); ++i) {
    dying[i] = BitSet(live_out[i].size());
    for (std::uint32_t r : insts[i].uses) {
      if (!live_out[i].test(r)) dying[i].set(r);
    }
  }
  return dying;
}

}  // namespace warpsim::ptx

#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ptx/analysis/bit_set.h"
#include "ptx/graph.h"

namespace warpsim::ptx {

// Live registers per block: a register is live at a point if some path from there reads it
// before writing it.
struct LivenessInfo {
  std::vector<BitSet> live_in;   // at the start of each node
  std::vector<BitSet> live_out;  // at the end of each node
  std::size_t sweeps = 0;        // as DataflowResult
  std::size_t visits = 0;
};

// Contract:
//  - use[n]: registers node n reads before writing them (upward-exposed uses); def[n]:
//    registers n always writes. A write that may not happen (a predicated instruction)
//    must not be in def, or liveness would end too early. One set per node, every set
//    and live_at_exit of the same size (std::invalid_argument otherwise).
//  - live_out[n] = union of live_in over successors (plus live_at_exit at `exit`);
//    live_in[n] = use[n] | (live_out[n] - def[n]); the least such solution.
//  - Every node gets values, including nodes that cannot reach `exit` (registers used in an
//    infinite loop stay live around it) and nodes unreachable from `entry`.
LivenessInfo compute_liveness(const Digraph& graph, NodeId entry, NodeId exit,
                              const std::vector<BitSet>& use, const std::vector<BitSet>& def);
LivenessInfo compute_liveness(const Digraph& graph, NodeId entry, NodeId exit,
                              const std::vector<BitSet>& use, const std::vector<BitSet>& def,
                              const BitSet& live_at_exit);

// The registers one instruction reads and (always) writes, by register index.
struct InstructionRegs {
  std::vector<std::uint32_t> uses;
  std::vector<std::uint32_t> defs;
};

struct BlockUseDef {
  BitSet use;  // read before any write in the block
  BitSet def;  // written somewhere in the block
};

// Contract for the per-block helpers (instructions in program order; every register index
// must be < register_count or block_live_out.size(), else std::out_of_range):
//  - summarize_block: the use/def sets compute_liveness takes for a block.
//  - instruction_live_out: element i = registers live just after instruction i, given the
//    registers live at the end of the block; element i-1 is what is live before i.
//  - last_uses: element i = registers instruction i reads that are dead right after it,
//    i.e. the points where a register's value is read for the last time on this path and
//    its storage could be released. A register both read and written by i is listed only
//    if the new value is dead too.
BlockUseDef summarize_block(std::span<const InstructionRegs> insts, std::size_t register_count);
std::vector<BitSet> instruction_live_out(std::span<const InstructionRegs> insts,
                                         const BitSet& block_live_out);
std::vector<BitSet> last_uses(std::span<const InstructionRegs> insts,
                              const std::vector<BitSet>& live_out);

}  // namespace warpsim::ptx

// The `hoist_loads` pass: within each basic block, moves every plain load (ld from global,
// local, const, param or shared memory; not volatile, not with .acquire/.relaxed semantics,
// not .mmio) upward as far as it legally can, so that the loads of an unrolled loop body issue
// back to back before the arithmetic that uses them, as ptxas schedules them on real hardware.
// warpsim executes PTX in order, so nvcc's load/use/load/use order would otherwise cost one
// memory round trip per use.
//
// A load crosses an instruction only when that instruction is pure register arithmetic (see
// crossable()) that writes none of the registers the load reads (address, cache-policy operand,
// guard) and neither reads nor writes the registers the load writes. It never crosses another
// load (loads keep their order), a store, atom/red, cp.async, a texture or surface access, a
// barrier or fence, vote/shfl/match/redux, a branch, call, ret or exit, a clock read, a label,
// or a scope or declaration in the body. When the instruction in the way is pure arithmetic
// that computes the load's address, that instruction is hoisted first by the same rules (and
// counted as "address"), so that `add %rd22, ...; ld [%rd22]` moves up as a pair.
//
// The instructions keep their own `.loc` (DebugLoc); a block whose instructions moved has its
// `.loc` directives regenerated so that printed PTX still attributes each one correctly.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "passes/pass.h"
#include "ptx/analysis/register_liveness.h"
#include "sim/registry.h"

namespace warpsim::passes {
namespace {

using ptx::Opcode;

bool is_hoistable_load(const ptx::Instruction& inst) {
  if (inst.op != Opcode::kLd) return false;
  switch (inst.space) {
    case ptx::StateSpace::kGlobal:
    case ptx::StateSpace::kLocal:
    case ptx::StateSpace::kConst:
    case ptx::StateSpace::kParam:
    case ptx::StateSpace::kParamEntry:
    case ptx::StateSpace::kParamFunc:
    case ptx::StateSpace::kShared:
    case ptx::StateSpace::kSharedCta:
      break;
    default:
      return false;
  }
  if (inst.has(ptx::ModCat::kMmio)) return false;
  const ptx::Mod sem = inst.mod(ptx::ModCat::kSem);
  return sem == ptx::Mod::kNone || sem == ptx::Mod::kWeak;
}

bool reads_timer(const ptx::Instruction& inst) {
  for (const ptx::Operand& op : inst.operands) {
    if (op.kind != ptx::OperandKind::kSreg) continue;
    const auto r = static_cast<unsigned>(op.sreg);
    if (r >= static_cast<unsigned>(ptx::SpecialReg::kClock) &&
        r <= static_cast<unsigned>(ptx::SpecialReg::kGlobaltimerHi)) {
      return true;
    }
    if (r >= static_cast<unsigned>(ptx::SpecialReg::kEnvreg0)) return true;
  }
  return false;
}

// Pure register arithmetic: no memory access, no control flow, no synchronization, no
// cross-lane communication. Everything else is an obstacle no moved instruction crosses.
bool crossable(const ptx::Instruction& inst) {
  switch (inst.op) {
    case Opcode::kInvalid:
    case Opcode::kLd:
    case Opcode::kLdu:
    case Opcode::kSt:
    case Opcode::kPrefetch:
    case Opcode::kPrefetchu:
    case Opcode::kCpAsync:
    case Opcode::kCpAsyncCommitGroup:
    case Opcode::kCpAsyncWaitGroup:
    case Opcode::kCpAsyncWaitAll:
    case Opcode::kTex:
    case Opcode::kTld4:
    case Opcode::kTxq:
    case Opcode::kSuld:
    case Opcode::kSust:
    case Opcode::kSured:
    case Opcode::kSuq:
    case Opcode::kBra:
    case Opcode::kCall:
    case Opcode::kRet:
    case Opcode::kExit:
    case Opcode::kTrap:
    case Opcode::kBrkpt:
    case Opcode::kBar:
    case Opcode::kBarrier:
    case Opcode::kBarWarpSync:
    case Opcode::kBarrierCluster:
    case Opcode::kMembar:
    case Opcode::kFence:
    case Opcode::kFenceProxy:
    case Opcode::kAtom:
    case Opcode::kRed:
    case Opcode::kVote:
    case Opcode::kMatch:
    case Opcode::kShfl:
    case Opcode::kRedux:
    case Opcode::kActivemask:
    case Opcode::kElect:
    case Opcode::kNanosleep:
    case Opcode::kPmevent:
    case Opcode::kGetctarank:
    case Opcode::kMapa:
    case Opcode::kStacksave:
    case Opcode::kStackrestore:
    case Opcode::kAlloca:
    case Opcode::kGriddepcontrolLaunchDependents:
    case Opcode::kGriddepcontrolWait:
    case Opcode::kRelssp:
      return false;
    default:
      return !reads_timer(inst);
  }
}

// Registers an instruction reads, and may write (a guarded write counts).
struct Regs {
  std::vector<std::uint32_t> uses;
  std::vector<std::uint32_t> defs;
};

Regs registers_of(const ptx::Instruction& inst) {
  ptx::Instruction unguarded = inst;
  unguarded.guard = ptx::kNoIndex;
  return {ptx::instruction_registers(inst).uses, ptx::instruction_registers(unguarded).defs};
}

bool intersects(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  for (std::uint32_t x : a) {
    if (std::find(b.begin(), b.end(), x) != b.end()) return true;
  }
  return false;
}

// One block's instructions being reordered, with their register sets.
class BlockScheduler {
 public:
  BlockScheduler(std::vector<ptx::Instruction>& insts, std::uint32_t first, std::uint32_t end)
      : insts_(insts), first_(first), budget_(16 * std::uint64_t{end - first} * (end - first)) {
    for (std::uint32_t i = first; i < end; ++i) regs_.push_back(registers_of(insts[i]));
  }

  // Moves instruction `pos` up as far as allowed, first hoisting the arithmetic that feeds it
  // when that is what stops it (depth-limited). Returns its new position.
  std::uint32_t hoist(std::uint32_t pos, int depth,
                      const std::vector<std::uint32_t>* avoid = nullptr) {
    while (pos > first_) {
      const std::uint32_t above = pos - 1;
      if (!crossable(insts_[above])) break;
      const Regs& self = regs_[pos - first_];
      const Regs& other = regs_[above - first_];
      const bool raw = intersects(other.defs, self.uses);
      const bool war = intersects(other.uses, self.defs);
      const bool waw = intersects(other.defs, self.defs);
      // A producer hoisted for an instruction does not cross that instruction's other
      // producers (else two of them could keep trading places).
      const bool other_producer = avoid != nullptr && intersects(other.defs, *avoid);
      if (!raw && !war && !waw && !other_producer) {
        // Every swap is legal on its own; the budget only bounds the work, since two
        // independent producers of one load could otherwise keep trading places.
        if (budget_ == 0) break;
        --budget_;
        swap_adjacent(above);
        --pos;
        continue;
      }
      // Only a pure producer of this instruction's operands is worth moving out of the way.
      if (war || waw || other_producer || depth == 0) break;
      const std::vector<std::uint32_t> uses = self.uses;
      if (hoist(above, depth - 1, &uses) == above) break;
      ++moved_deps_;
    }
    return pos;
  }

  std::uint64_t moved_deps() const { return moved_deps_; }

 private:
  void swap_adjacent(std::uint32_t upper) {
    std::swap(insts_[upper], insts_[upper + 1]);
    std::swap(regs_[upper - first_], regs_[upper + 1 - first_]);
  }

  std::vector<ptx::Instruction>& insts_;
  std::uint32_t first_;
  std::vector<Regs> regs_;
  std::uint64_t moved_deps_ = 0;
  std::uint64_t budget_;
};

std::uint32_t loc_index(ptx::Function& fn, const ptx::DebugLoc& loc) {
  for (std::uint32_t i = 0; i < fn.locs.size(); ++i) {
    if (fn.locs[i] == loc) return i;
  }
  fn.locs.push_back(loc);
  return static_cast<std::uint32_t>(fn.locs.size() - 1);
}

class HoistLoadsPass final : public Pass {
 public:
  HoistLoadsPass(const ConfigNode& /*params*/, const Context& /*context*/) {}

  void run(ptx::Module& module, PassReport& report) override {
    for (ptx::Function& fn : module.functions) {
      if (!fn.has_body || fn.insts.empty()) continue;
      run_function(fn, report);
    }
  }

 private:
  static void run_function(ptx::Function& fn, PassReport& report) {
    const std::uint32_t n = static_cast<std::uint32_t>(fn.insts.size());
    // Body position of each instruction; instructions must appear in order.
    std::vector<std::uint32_t> entry_of(n, ptx::kNoIndex);
    std::uint32_t next = 0;
    for (std::uint32_t e = 0; e < fn.body.size(); ++e) {
      if (fn.body[e].kind != ptx::BodyEntry::Kind::kInst) continue;
      if (fn.body[e].index != next) {
        report.notes[fn.name] = "hoist_loads: body out of instruction order, left alone";
        return;
      }
      entry_of[next++] = e;
    }
    if (next != n) return;

    // A block starts at an instruction a label names, or after any body entry other than a
    // `.loc` (scopes, declarations, pragmas). Control flow and barriers end nothing here:
    // nothing crosses them anyway.
    std::vector<bool> starts(n, false);
    starts[0] = true;
    for (const ptx::Label& label : fn.labels) {
      if (label.inst < n) starts[label.inst] = true;
    }
    for (std::uint32_t i = 1; i < n; ++i) {
      for (std::uint32_t e = entry_of[i - 1] + 1; e < entry_of[i]; ++e) {
        if (fn.body[e].kind != ptx::BodyEntry::Kind::kLoc) starts[i] = true;
      }
    }

    std::uint64_t hoisted = 0;
    std::uint64_t deps = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> changed;  // blocks [first, end)
    for (std::uint32_t first = 0; first < n;) {
      std::uint32_t end = first + 1;
      while (end < n && !starts[end]) ++end;
      bool has_loc = false;
      bool all_valid = true;
      for (std::uint32_t e = entry_of[first]; e < entry_of[end - 1]; ++e) {
        has_loc |= fn.body[e].kind == ptx::BodyEntry::Kind::kLoc;
      }
      for (std::uint32_t i = first; i < end; ++i) all_valid &= fn.insts[i].debug.valid;
      if (!has_loc || all_valid) {
        BlockScheduler block(fn.insts, first, end);
        std::uint64_t block_moves = 0;
        for (std::uint32_t i = first; i < end; ++i) {
          if (!is_hoistable_load(fn.insts[i])) continue;
          const std::uint32_t before_deps = static_cast<std::uint32_t>(block.moved_deps());
          const std::uint32_t to = block.hoist(i, 8);
          if (to < i || block.moved_deps() != before_deps) ++block_moves;
          if (to < i) ++hoisted;
        }
        deps += block.moved_deps();
        if (block_moves > 0 && has_loc) changed.emplace_back(first, end);
      }
      first = end;
    }
    if (!changed.empty()) rewrite_locs(fn, entry_of, changed);
    if (hoisted > 0) report.add(fn.name, "hoisted", hoisted);
    if (deps > 0) report.add(fn.name, "address", deps);
  }

  // Regenerates the `.loc` entries inside each changed block so every instruction prints under
  // its own DebugLoc, and the state after the block is what it was.
  static void rewrite_locs(ptx::Function& fn, const std::vector<std::uint32_t>& entry_of,
                           const std::vector<std::pair<std::uint32_t, std::uint32_t>>& blocks) {
    std::vector<ptx::BodyEntry> body;
    std::size_t b = 0;
    for (std::uint32_t e = 0; e < fn.body.size();) {
      if (b == blocks.size() || e != entry_of[blocks[b].first]) {
        body.push_back(fn.body[e++]);
        continue;
      }
      const auto [first, end] = blocks[b++];
      // The `.loc` in effect at the block's first entry, and after its last.
      ptx::DebugLoc state = initial_state(fn, entry_of[first]);
      ptx::DebugLoc final_state = state;
      for (std::uint32_t x = entry_of[first]; x < entry_of[end - 1]; ++x) {
        if (fn.body[x].kind == ptx::BodyEntry::Kind::kLoc) final_state = fn.locs[fn.body[x].index];
      }
      for (std::uint32_t i = first; i < end; ++i) {
        if (!(fn.insts[i].debug == state)) {
          state = fn.insts[i].debug;
          body.push_back({ptx::BodyEntry::Kind::kLoc, loc_index(fn, state), false});
        }
        body.push_back({ptx::BodyEntry::Kind::kInst, i, false});
      }
      if (!(state == final_state)) {
        body.push_back({ptx::BodyEntry::Kind::kLoc, loc_index(fn, final_state), false});
      }
      e = entry_of[end - 1] + 1;
    }
    fn.body = std::move(body);
  }

  // The last `.loc` before body entry `entry` (an invalid DebugLoc when none).
  static ptx::DebugLoc initial_state(const ptx::Function& fn, std::uint32_t entry) {
    for (std::uint32_t x = entry; x-- > 0;) {
      if (fn.body[x].kind == ptx::BodyEntry::Kind::kLoc) return fn.locs[fn.body[x].index];
    }
    return {};
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(Pass, HoistLoadsPass, "hoist_loads",
                        "Moves each load up its basic block past the arithmetic that does not "
                        "feed or use it, as ptxas schedules loads early (opt-in)",
                        {});

}  // namespace warpsim::passes

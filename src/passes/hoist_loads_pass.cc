// The `hoist_loads` pass: reorders each basic block so that its plain loads (ld from global,
// local, const, param or shared memory; not volatile, not with .acquire/.relaxed semantics,
// not .mmio, not generic) issue as early as their dependences allow, each after the arithmetic
// it needs, so that the loads of an unrolled loop body issue back to back before the arithmetic
// that uses them, as ptxas schedules them on real hardware. warpsim executes PTX in order, so
// nvcc's load/use/load/use order would otherwise cost one memory round trip per use. First,
// short guarded blocks are predicated (if_conversion.h), so that the loads of `if (in range)
// tile[..] = a[..];` repeated four times share one block. The scheduler and the dependences it
// keeps are in load_schedule.h: loads keep their order, a load passes a store only to another
// state space, and nothing passes a barrier, atomic, branch, call, volatile access, clock read or
// any instruction that is not pure arithmetic or a plain load or store. Blocks end at labels and
// at scopes or declarations in the body. Loads that moved count as "hoisted", the instructions
// moved with them (addresses, guards) as "address".
//
// The instructions keep their own `.loc` (DebugLoc); a block whose instructions moved has its
// `.loc` directives regenerated so that printed PTX still attributes each one correctly.

#include <cstdint>
#include <utility>
#include <vector>

#include "passes/if_conversion.h"
#include "passes/load_schedule.h"
#include "passes/pass.h"
#include "sim/registry.h"

namespace warpsim::passes {
namespace {

std::uint32_t loc_index(ptx::Function& fn, const ptx::DebugLoc& loc) {
  for (std::uint32_t i = 0; i < fn.locs.size(); ++i) {
    if (fn.locs[i] == loc) return i;
  }
  fn.locs.push_back(loc);
  return static_cast<std::uint32_t>(fn.locs.size() - 1);
}

class HoistLoadsPass final : public Pass {
 public:
  HoistLoadsPass(const ConfigNode& params, const Context& /*context*/)
      : if_convert_(static_cast<std::uint32_t>(params.at("if_convert").as_uint())) {}

  void run(ptx::Module& module, PassReport& report) override {
    for (ptx::Function& fn : module.functions) {
      if (!fn.has_body || fn.insts.empty()) continue;
      if (const std::uint64_t n = if_convert(fn, if_convert_); n > 0) {
        report.add(fn.name, "predicated", n);
      }
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
        const BlockSchedule schedule = schedule_loads_first(fn.insts, first, end);
        hoisted += schedule.hoisted;
        deps += schedule.producers;
        if (schedule.changed && has_loc) changed.emplace_back(first, end);
      }
      first = end;
    }
    if (!changed.empty()) rewrite_locs(fn, entry_of, changed);
    if (hoisted > 0) report.add(fn.name, "hoisted", hoisted);
    if (deps > 0) report.add(fn.name, "address", deps);
  }

  std::uint32_t if_convert_;

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
                        {uint_param("if_convert",
                                    "Predicates guarded blocks of at most this many "
                                    "instructions first, so their loads join the block "
                                    "around them (0: off)",
                                    "8", 0, 64)});

}  // namespace warpsim::passes

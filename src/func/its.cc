#include "func/its.h"

#include <algorithm>
#include <cstddef>
#include <limits>

#include <fmt/format.h>

#include "func/exec_error.h"

namespace warpsim::func {

namespace {

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

// The parent of entry i within the current function (the nearest entry below with one less
// depth); kNone for a depth-0 entry, whose parent is the function itself.
std::size_t parent_of(const WarpState& warp, std::size_t i, std::size_t base) {
  const std::uint16_t depth = warp.simt[i].depth;
  if (depth == 0) return kNone;
  for (std::size_t j = i; j-- > base;) {
    if (warp.simt[j].depth == depth - 1) return j;
  }
  return kNone;
}

bool can_run(const SimtEntry& e) { return e.mask != 0 && e.parked == 0 && !e.spun; }

// The roots at `depth` of the subtrees from `first` to the top of the stack (the children of one
// parent, whose subtree reaches the top): their count and the last one's index.
std::pair<std::size_t, std::size_t> roots(const WarpState& warp, std::size_t first,
                                          std::uint16_t depth) {
  std::size_t count = 0;
  std::size_t last = first;
  for (std::size_t j = first; j < warp.simt.size(); ++j) {
    if (warp.simt[j].depth == depth) {
      ++count;
      last = j;
    }
  }
  return {count, last};
}

// Moves the top subtree below its siblings (those from `first`, at `depth`) until the path on
// top can run; restores the order when none can.
bool rotate_siblings(WarpState& warp, std::size_t first, std::uint16_t depth) {
  auto [count, last] = roots(warp, first, depth);
  for (std::size_t turn = 1; turn <= count; ++turn) {
    std::rotate(warp.simt.begin() + static_cast<std::ptrdiff_t>(first),
                warp.simt.begin() + static_cast<std::ptrdiff_t>(last), warp.simt.end());
    if (turn == count) break;  // back in the original order
    if (can_run(warp.simt.back())) return true;
    last = roots(warp, first, depth).second;
  }
  return false;
}

// Lets the lanes of entry `p` that already wait at its reconvergence point go on without the
// rest: they become a sibling of `p` on top of the stack. A function's lanes return together.
bool release_waiting(WarpState& warp, std::size_t p) {
  std::vector<SimtEntry>& simt = warp.simt;
  LaneMask elsewhere = 0;
  for (std::size_t j = p + 1; j < simt.size(); ++j) elsewhere |= simt[j].mask;
  const LaneMask arrived = simt[p].mask & ~elsewhere;
  if (arrived == 0 || (simt[p].depth == 0 && warp.calls.size() > 1)) return false;
  if (simt[p].pc == simt[p].rpc && simt[p].depth > 0) {
    // `p` only waits to pop: its arrived lanes wait, in effect, at its parent's point.
    simt[p].mask &= ~arrived;
    return false;
  }
  SimtEntry released = simt[p];
  released.mask = arrived;
  released.spun = false;
  simt[p].mask &= ~arrived;
  simt.push_back(released);
  return true;
}

// Puts a path other than the top one on top: a sibling, else lanes waiting at the innermost
// reconvergence point that has some, else the same one level out.
bool run_other(WarpState& warp) {
  const std::size_t base = warp.calls.back().simt_base;
  std::size_t current = warp.simt.size() - 1;
  for (;;) {
    const std::size_t parent = parent_of(warp, current, base);
    const std::size_t first = parent == kNone ? base : parent + 1;
    if (rotate_siblings(warp, first, warp.simt[current].depth)) return true;
    if (parent == kNone) return false;
    if (release_waiting(warp, parent)) return true;
    current = parent;
  }
}

void clear_spun(WarpState& warp) {
  for (SimtEntry& e : warp.simt) e.spun = false;
  warp.any_spun = false;
}

// The top path cannot go on: runs another, passing over paths that spun unless every path has.
bool switch_path(WarpState& warp) {
  if (run_other(warp)) return true;
  if (!warp.any_spun) return false;
  const bool top_spun = warp.simt.back().spun;
  clear_spun(warp);
  warp.simt.back().spun = top_spun;
  warp.any_spun = top_spun;
  return run_other(warp);
}

// Lets every path parked with `parked` (1 + a CTA barrier, or kParkedAtWarpSync) run again.
void unpark_code(WarpState& warp, std::uint8_t parked) {
  for (SimtEntry& e : warp.simt) {
    if (e.parked == parked) e.parked = 0;
  }
}

// A path waiting at a CTA barrier, if any.
const SimtEntry* cta_parked(const WarpState& warp) {
  for (const SimtEntry& e : warp.simt) {
    if (e.parked != 0 && e.parked != kParkedAtWarpSync) return &e;
  }
  return nullptr;
}

}  // namespace

bool note_back_edge(WarpState& warp, std::uint32_t target, bool independent) {
  SpinWatch& spin = warp.spin;
  const SimtEntry& top = warp.simt.back();
  const auto stack_size = static_cast<std::uint32_t>(warp.simt.size());
  if (spin.target != target || spin.mask != top.mask || spin.stack_size != stack_size) {
    spin.target = target;
    spin.mask = top.mask;
    spin.stack_size = stack_size;
    spin.count = 0;
    spin.spins = 0;
    spin.registers.clear();
    return false;
  }
  if (++spin.count < kSpinCheck) return false;
  const CallFrame& frame = warp.calls.back();
  std::vector<std::uint64_t> now;
  now.reserve(std::size_t{frame.code->num_slots} * kWarpSize);
  for (std::uint32_t slot = 0; slot < frame.code->num_slots; ++slot) {
    const LaneValues& r = warp.regs[frame.reg_base + slot];
    for_each_lane(top.mask, [&](unsigned lane) { now.push_back(r.v[lane]); });
  }
  if (spin.registers.empty()) {
    spin.registers = std::move(now);
    return false;
  }
  const bool same = now == spin.registers;
  spin.count = 0;
  spin.registers.clear();
  if (!same) {
    spin.spins = 0;
    return false;
  }
  if (!independent) return ++spin.spins >= kLivelockSpins / kSpinCheck;
  warp.simt.back().spun = true;
  warp.any_spun = true;
  if (!switch_path(warp)) clear_spun(warp);  // it waits for other warps
  return false;
}

void park_at_barrier(WarpState& warp, std::uint32_t id) {
  warp.simt.back().parked = static_cast<std::uint8_t>(id + 1);
  LaneMask waiting = 0;
  for (const SimtEntry& e : warp.simt) {
    if (e.parked == id + 1) waiting |= e.mask;
  }
  warp.barrier_lanes = waiting;
}

void run_unparked(const CtaState& cta, WarpState& warp) {
  if (warp.done() || warp.simt.empty() || warp.simt.back().parked == 0) return;
  if (switch_path(warp)) return;
  // Every path waits: at a CTA barrier, whose completion unparks its paths, or at a warp sync.
  if (const SimtEntry* e = cta_parked(warp)) {
    warp.wait = WarpWait::kBarrier;
    warp.barrier = e->parked - 1U;
    return;
  }
  const WarpSync& sync = warp.warp_sync;
  throw ExecError(fmt::format(
      "block {}, warp {}: lanes 0x{:08x} wait at bar.warp.sync in {} for lanes 0x{:08x}, which "
      "no path of the warp can bring there",
      cta.ctaid.str(), warp.warp_id, sync.arrived, warp.calls.back().code->name(),
      sync.members & warp.live & ~sync.arrived));
}

LaneMask warp_sync(WarpState& warp, LaneMask members, LaneMask lanes) {
  warp.warp_sync.members |= members;
  warp.warp_sync.arrived |= lanes;
  const LaneMask missing = recheck_warp_sync(warp);
  if (missing == 0) return 0;
  warp.simt.back().parked = kParkedAtWarpSync;
  if (switch_path(warp) || cta_parked(warp) != nullptr) return 0;
  return missing;
}

LaneMask recheck_warp_sync(WarpState& warp) {
  WarpSync& sync = warp.warp_sync;
  const LaneMask missing = sync.members & warp.live & ~sync.arrived;
  if (sync.members != 0 && missing == 0) {
    unpark_code(warp, kParkedAtWarpSync);
    sync = WarpSync{};
  }
  return missing;
}

void unpark(WarpState& warp, std::uint32_t id) {
  unpark_code(warp, static_cast<std::uint8_t>(id + 1));
}

void note_progress(WarpState& warp) {
  if (warp.any_spun) clear_spun(warp);
}

}  // namespace warpsim::func

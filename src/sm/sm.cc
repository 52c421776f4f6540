#include "sm/sm.h"

#include <algorithm>

#include <fmt/format.h>

#include "sim/registry.h"
#include "sim/simulation.h"

namespace warpsim {

Sm::Sm(Simulation& sim, std::string path, ClockDomainId clock, std::uint32_t id,
       const SmConfig& config, const ConfigNode& sm_node, SharedTlb& tlb)
    : Component(sim, std::move(path), clock),
      id_(id),
      config_(config),
      fetch_(config, sm_node.at("icache"), id, stats().child("icache")),
      units_(config),
      ldst_(config.ldst, sm_node, id, config.warp_size, config.max_warps, stats(), tlb),
      sharing_(stats().child("sharing"), config.max_ctas),
      active_cycles_(
          stats().counter("active_cycles", "cycles", "cycles with at least one resident CTA")),
      warp_insts_(stats().counter("warp_insts", "warp insts", "warp instructions issued")),
      issue_slots_(stats().counter("issue_slots", "slots",
                                   "scheduler issue slots the warp instructions took (SASS "
                                   "instructions under sm.issue_costs; warp_insts without)")),
      thread_insts_(stats().counter("thread_insts", "thread insts",
                                    "thread instructions executed (active, unpredicated lanes)")),
      ctas_started_(stats().counter("ctas", "CTAs", "CTAs started")) {
  warps_.resize(config.max_warps);
  ctas_.resize(config.max_ctas);
  held_.resize(config.max_warps);
  const std::uint32_t per_sched = (config.max_warps + config.schedulers - 1) / config.schedulers;
  schedulers_.resize(config.schedulers);
  for (std::uint32_t s = 0; s < config.schedulers; ++s) {
    SchedulerState& st = schedulers_[s];
    st.policy = PolicyRegistry::global().create<WarpScheduler>(
        sm_node.at("warp_scheduler"), WarpScheduler::Context{s, per_sched, &stats()});
    if (st.policy->watches_l1d()) ldst_.set_l1d_listener(this);
    st.views.resize(per_sched);
    st.status.resize(per_sched, Stall::kIdle);
    st.memo.resize(per_sched);
    st.order.reserve(per_sched);
  }
  ldst_.set_l1d_warp_window(this);
  tokens_ = PolicyRegistry::global().create<TokenPolicy>(sm_node.at("cache_tokens"),
                                                         TokenPolicy::Context{id, per_sched});
  reasons_.assign(config.schedulers, Stall::kIdle);
  StatGroup& stalls = stats().child("stalls");
  for (std::size_t i = 0; i < kStallNames.size(); ++i) {
    stall_counters_[i] = &stalls.counter(kStallNames[i], "scheduler cycles",
                                         "scheduler cycles with this outcome (one per cycle)");
  }
  StatGroup& ops = stats().child("ops");
  for (std::size_t i = 0; i < kOpTimingInfo.size(); ++i) {
    op_counters_[i] =
        &ops.counter(kOpTimingInfo[i].name, "warp insts", kOpTimingInfo[i].description);
  }
}

Sm::~Sm() = default;

void Sm::account(Cycle cycle) {
  if (cycle.value() <= accounted_) return;
  const std::uint64_t n = cycle.value() - accounted_;
  for (Stall r : reasons_) unflushed_stalls_[static_cast<std::size_t>(r)] += n;
  if (has_warps()) unflushed_active_ += n;
  accounted_ = cycle.value();
}

void Sm::account_until(Cycle cycle) {
  account(cycle);
  for (std::size_t i = 0; i < unflushed_stalls_.size(); ++i) {
    stall_counters_[i]->inc(unflushed_stalls_[i]);
    unflushed_stalls_[i] = 0;
  }
  active_cycles_.inc(unflushed_active_);
  unflushed_active_ = 0;
}

void Sm::join_gpc_icache(GpcIcache& shared) {
  fetch_.set_gpc_icache(&shared);
  shared.connect(id_, [this](Addr line, std::uint64_t ready) {
    fetch_.deliver(line, ready);
    sim().engine().request_wake(id(), clock().time_of(Cycle(ready)));
  });
}

void Sm::start_cta(const CtaAssignment& a, Cycle now) {
  KernelRun& k = *a.kernel;
  // GPGPU-Sim's -gpgpu_flush_l1_cache: an SM that takes up a new kernel with nothing of the
  // previous one left starts with empty L1 caches, sized by the kernel's carve-out when L1 and
  // shared memory share one array.
  if (resident_ctas_ == 0 && last_kernel_ != k.order) {
    if (config_.ldst.flush_l1_between_kernels || k.flush_caches) ldst_.invalidate_l1();
    if (k.flush_caches) fetch_.invalidate_icache();
    ldst_.clear_l1_tokens();
    ldst_.set_shared_carveout(k.occupancy.shared_carveout);
  }
  last_kernel_ = k.order;
  std::uint32_t slot = 0;
  while (ctas_[slot].used) ++slot;  // the dispatcher only assigns CTAs that fit
  CtaSlot& c = ctas_[slot];
  c.used = true;
  c.kernel = &k;
  c.booking = a.booking;
  c.cta = k.source->start_cta(a.cta);
  c.warps.clear();
  if (config_.sharing) sharing_.start(slot, k, a.booking.pair, now);
  const TokenPolicy::Split split = kernel_split(k);
  std::uint32_t w = 0;
  for (func::WarpState& fw : c.cta->warps) {
    while (warps_[w].valid) ++w;
    SmWarp& sw = warps_[w];
    sw = SmWarp{};
    sw.valid = true;
    sw.cta_slot = slot;
    sw.code_region = k.code_region;
    sw.source = k.source.get();
    sw.age = next_age_++;
    sw.warp_cap = split.issue;
    sw.token_cap = split.tokens;
    sw.state = &fw;
    sw.local = local_layout(k.occupancy, id_, config_, slot, fw.warp_id);
    sw.finished = fw.done();
    invalidate(w, WarpChange::kStarted);
    c.warps.push_back(w);
    schedulers_[w % config_.schedulers].policy->on_warp_start(w / config_.schedulers);
  }
  warp_caps_ |= split.issue != 0;
  ++resident_ctas_;
  ctas_started_.inc();
  retire_check_ = true;
}

void Sm::receive(Cycle now) {
  while (links_.ctas_in->ready()) start_cta(links_.ctas_in->pop(), now);
  while (links_.mem_in->ready()) {
    const MemReply reply = links_.mem_in->pop();
    if (reply.kind == MemKind::kInstFetch) {
      fetch_.on_fill(reply, warps_, now);
    } else {
      ldst_.on_reply(reply, now);
    }
  }
}

void Sm::complete_memory(Cycle now) {
  for (LdstCompletion& done : ldst_.completions()) {
    SmWarp& w = warps_[done.warp];
    for (std::uint32_t reg : done.regs) w.scoreboard.release_memory(reg, now);
    --w.outstanding_mem;
    invalidate(done.warp, WarpChange::kMemoryCompleted);
    if (w.finished && w.outstanding_mem == 0) retire_check_ = true;
  }
  ldst_.completions().clear();
}

Stall Sm::check(std::uint32_t slot, Cycle now) {
  WarpMemo& m = memo(slot);
  if (m.stale || now.value() >= m.recheck_at) check_local(slot, m, now);
  return verdict(m, now);
}

// The warp-local part of check() into `m` (WarpMemo says until when it holds).
void Sm::check_local(std::uint32_t slot, WarpMemo& m, Cycle now) {
  m.stale = false;
  m.recheck_at = kNever;
  m.local = local_verdict(slot, m, now);
}

Stall Sm::local_verdict(std::uint32_t slot, WarpMemo& m, Cycle now) {
  bool settled = false;
  const Stall local = derive_local(warps_[slot], m, now, settled);
  if (settled) fetch_.note(slot);
  return local;
}

Stall Sm::derive_local(SmWarp& w, WarpMemo& m, Cycle now, bool& settled) const {
  if (w.lock_wait) return Stall::kScratchpadLock;
  if (w.at_barrier) return Stall::kBarrier;
  // Arriving instructions are moved into the buffer in the first check at or after their cycle.
  if (w.ib_pending != 0 && w.ib_pending_ready <= now.value()) {
    w.settle_ibuffer(now);
    settled = true;
  }
  if (w.ib_pending != 0) m.recheck_at = w.ib_pending_ready;
  if (w.ib_count == 0) return Stall::kNoInstruction;
  if (w.ib_code != w.code || w.ib_pc != w.pc) return Stall::kNoInstruction;
  const func::DecodedInst& inst = w.code->insts[w.pc];
  m.global_load = loads_global_memory(inst);
  if (inst.op_class == func::OpClass::kFence && w.outstanding_mem != 0) {
    return Stall::kScoreboardMem;
  }
  switch (w.scoreboard.check(inst.reads, inst.writes, w.reg_base, now)) {
    case Hazard::kMemory:
      return Stall::kScoreboardMem;
    case Hazard::kAlu:
      m.recheck_at = std::min(m.recheck_at, w.scoreboard.next_ready(now));
      return Stall::kScoreboardAlu;
    case Hazard::kNone:
      break;
  }
  const OpTiming t = effective_timing(inst);
  m.unit = config_.op(t).unit;
  m.to_ldst = goes_to_ldst(inst, t);
  return Stall::kIssued;
}

void Sm::advance_ibuffer(SmWarp& w, const func::FunctionCode* code, std::uint32_t pc) {
  if (w.state->done()) {
    w.flush_ibuffer();
    return;
  }
  const bool sequential = w.code == code && w.pc == pc + 1;
  if (sequential && w.ib_count > 1) {
    ++w.ib_pc;
    --w.ib_count;
  } else if (sequential && w.ib_count == 1 && w.ib_pending != 0) {
    ++w.ib_pc;
    w.ib_count = 0;
  } else {
    w.flush_ibuffer();
  }
}

void Sm::invalidate(std::uint32_t slot, WarpChange change) {
  if ((dropped_changes_ >> static_cast<unsigned>(change) & 1u) != 0) return;
  switch (change) {
    case WarpChange::kStarted:
      touch(slot, true);
      publish(slot);
      break;
    case WarpChange::kIssued:
    case WarpChange::kBarrierReleased:
      touch(slot, true);
      break;
    case WarpChange::kMemoryCompleted:
    case WarpChange::kFetchStarted:
    case WarpChange::kLockGranted:
      touch(slot, false);
      break;
    case WarpChange::kFinished:  // touched when it issued
    case WarpChange::kEmptied:   // nothing left to touch
      publish(slot);
      break;
  }
}

void Sm::copy_functional(SmWarp& w) {
  const func::WarpState& fw = *w.state;
  w.at_barrier = fw.wait == func::WarpWait::kBarrier;
  if (!fw.done()) {
    w.code = fw.calls.back().code;
    w.pc = fw.simt.back().pc;
    w.reg_base = w.source->register_offset(*w.code);
  }
}

void Sm::touch(std::uint32_t slot, bool functional) {
  SmWarp& w = warps_[slot];
  memo(slot).stale = true;
  if (functional) copy_functional(w);
  fetch_.note(slot);
  schedulers_[slot % config_.schedulers].dirty = true;
}

void Sm::publish(std::uint32_t slot) {
  SchedulerState& st = schedulers_[slot % config_.schedulers];
  const std::uint32_t i = slot / config_.schedulers;
  const SmWarp& w = warps_[slot];
  st.memo[i] = WarpMemo{};
  st.memo[i].live = w.issuable();
  // What classify_warps() does not fill in: a live warp's identity; for any other slot, the
  // whole view (empty, or finished while its stores drain).
  WarpView& v = st.views[i];
  v = WarpView{};
  if (w.issuable()) {
    v.valid = true;
    v.age = w.age;
    v.cta_slot = w.cta_slot;
  } else {
    v.finished = w.valid;
  }
  st.dirty = true;
}

void Sm::retry_held(Cycle now) {
  for (std::uint32_t slot = 0; held_count_ != 0 && slot < held_.size(); ++slot) {
    std::optional<HeldAccess>& h = held_[slot];
    if (!h || ldst_.full()) continue;
    SmWarp& w = warps_[slot];
    if (!sharing_.try_lock(w.cta_slot, now)) continue;
    ldst_.accept(h->who, *h->inst, h->record, std::move(h->regs), now);
    sharing_.note_wait(now.value() - h->since);
    h.reset();
    --held_count_;
    w.lock_wait = false;
    invalidate(slot, WarpChange::kLockGranted);
    note_progress();
  }
}

void Sm::retire_ctas(Cycle now) {
  // A CTA can only become retirable when one of its warps finishes or completes a memory
  // instruction (or when it starts with nothing to run).
  for (std::uint32_t slot = 0; retire_check_ && slot < ctas_.size(); ++slot) {
    CtaSlot& c = ctas_[slot];
    if (!c.used) continue;
    const bool done = std::all_of(c.warps.begin(), c.warps.end(), [&](std::uint32_t w) {
      return warps_[w].finished && warps_[w].outstanding_mem == 0;
    });
    if (!done) continue;
    for (std::uint32_t w : c.warps) {
      warps_[w] = SmWarp{};
      invalidate(w, WarpChange::kEmptied);
      schedulers_[w % config_.schedulers].policy->on_warp_end(w / config_.schedulers);
    }
    if (config_.sharing) sharing_.end(slot, now);
    c.kernel->source->end_cta(*c.cta);
    to_retire_.push_back(CtaRetired{c.kernel, id_, c.booking});
    c = CtaSlot{};
    --resident_ctas_;
  }
  retire_check_ = false;
  while (!to_retire_.empty() && links_.retired_out->try_send(to_retire_.front())) {
    to_retire_.erase(to_retire_.begin());
  }
}

Wake Sm::next_wake(Cycle now, bool issued) const {
  // sm.check_memo checks every cycle, the ones the SM would sleep through included.
  if (config_.check_memo && has_work()) return Wake::next_cycle();
  if (issued || held_count_ != 0 || ldst_.needs_next_cycle() || fetch_.needs_next_cycle() ||
      !to_retire_.empty() || fetch_.has_work(warps_)) {
    return Wake::next_cycle();
  }
  std::uint64_t next = std::min(ldst_.next_event(now), units_.next_free(now));
  // Until then the warps' verdicts hold (results arriving for registers a warp does not wait
  // on, or for a warp held at a barrier, change nothing), so neither does the outcome.
  for (const SchedulerState& st : schedulers_) {
    if (st.dirty) return Wake::next_cycle();
    next = std::min(next, st.quiet_until);
  }
  return next == kNever ? Wake::on_input() : Wake::at(Cycle(next));
}

Wake Sm::tick(Cycle now) {
  account(now);
  receive(now);
  ldst_.cycle(now, *links_.mem_out);
  complete_memory(now);
  if (held_count_ != 0) retry_held(now);
  // The schedulers share the SM's units and the LD/ST unit's input; which of them asks first
  // rotates every cycle (sm.scheduler_turns), so that none of them keeps the shared units from
  // the others' warps (with scheduler 0 always first, its warps ran tens of loop iterations
  // ahead of the others' in a memory-bound copy; docs/timing.md "Issue").
  bool issued = false;
  const auto first = config_.rotate_scheduler_turns
                         ? static_cast<std::uint32_t>(now.value() % config_.schedulers)
                         : 0u;
  for (std::uint32_t i = 0; i < config_.schedulers; ++i) {
    issued |= issue_scheduler((first + i) % config_.schedulers, now);
  }
  account(now + 1);
  fetch_.cycle(now, warps_, *links_.mem_out);
  for (std::uint32_t slot : fetch_.started()) invalidate(slot, WarpChange::kFetchStarted);
  retire_ctas(now);
  return next_wake(now, issued);
}

bool Sm::has_work() const { return has_warps() || !to_retire_.empty() || !ldst_.idle(); }

std::string Sm::describe_state() const {
  std::string s = fmt::format("{} resident CTAs", resident_ctas_);
  for (std::uint32_t i = 0; i < warps_.size(); ++i) {
    const SmWarp& w = warps_[i];
    if (!w.valid) continue;
    s += fmt::format("; warp {}: {}{}{} outstanding mem {}", i, w.finished ? "finished" : "live",
                     w.state->wait == func::WarpWait::kBarrier ? " at barrier" : "",
                     w.lock_wait ? " waiting for the scratchpad lock" : "", w.outstanding_mem);
  }
  for (std::size_t i = 0; i < reasons_.size(); ++i) {
    s += fmt::format("; scheduler {}: {}", i, stall_name(reasons_[i]));
  }
  return s;
}

}  // namespace warpsim

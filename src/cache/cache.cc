// The generic cache's lookups and miss handling. Semantics follow GPGPU-Sim's cache model
// (gpgpu-sim/gpu-cache.{h,cc}, v4): sectored lines, allocate-on-miss reservations that fail
// when every way of a set is reserved, MSHRs with a merge limit, a miss queue.
//
// Writes: cache_write.cc. Line changes and fills: cache_fill.cc. Stats: cache_counters.cc.

#include "cache/cache.h"

#include <sstream>
#include <stdexcept>
#include <string>

#include "cache/cache_impl.h"
#include "sim/registry.h"

namespace warpsim {

Cache::Impl::Impl(const CacheConfig& cache_config, const ConfigNode& section,
                  CacheCounters& cache_counters, std::uint64_t seed)
    : config(cache_config),
      geometry(cache_config),
      lines(geometry),
      mshrs(cache_config.mshrs, cache_config.mshr_merge),
      outgoing(std::size_t{cache_config.miss_queue} + 2),
      mshr_info(cache_config.mshrs),
      counters(cache_counters) {
  if (config.miss_queue == 0) throw std::invalid_argument("cache miss_queue must be >= 1");
  const PolicyRegistry& registry = PolicyRegistry::global();
  const std::uint32_t sets = geometry.sets();
  const std::uint32_t ways = geometry.max_ways();
  set_index = registry.create<SetIndexFunction>(section.at("set_index"),
                                                SetIndexFunction::Context{sets, config.line});
  replacement = registry.create<ReplacementPolicy>(
      section.at("replacement"), ReplacementPolicy::Context{sets, ways, seed, config.line});
  insertion = registry.create<InsertionPolicy>(section.at("insertion"),
                                               InsertionPolicy::Context{sets, ways, seed});
  bypass = registry.create<BypassPolicy>(section.at("bypass"),
                                         BypassPolicy::Context{sets, ways, config.line, seed});
  admission = registry.create<AdmissionPolicy>(
      section.at("admission"),
      AdmissionPolicy::Context{sets, ways, config.line, seed, counters.admission.get()});
  if (config.tokens.honor) {
    lines.enable_tokens();
    next_clear = config.tokens.clear_period;
  }
}

Cache::Impl::Lookup Cache::Impl::lookup(const MemRequest& r) const {
  const Addr line = geometry.line_of(r.addr);
  if (r.size == 0 || r.size > geometry.line() || geometry.line_of(r.addr + r.size - 1) != line) {
    throw std::logic_error("cache access to block " + std::to_string(r.addr) + "+" +
                           std::to_string(r.size) + " does not lie within one " +
                           std::to_string(geometry.line()) + "-byte line");
  }
  const std::uint32_t set = set_index->set_of(line);
  if (set >= geometry.sets()) throw std::logic_error("set index function returned a bad set");
  const bool is_write = r.kind == MemKind::kWrite || r.kind == MemKind::kAtomic;
  // Tokens govern reads only: the thesis leaves writes and atomics alone (docs/timing.md).
  const bool token = r.token || !config.tokens.honor;
  return Lookup{
      .request = &r,
      .line = line,
      .set = set,
      .way = lines.find(set, line),
      .want = geometry.line_sectors(r.addr, r.size, r.sectors),
      .info = AccessInfo{.addr = r.addr,
                         .pc = r.pc,
                         .sm_id = r.sm,
                         .warp_id = r.warp,
                         .cta_id = r.cta,
                         .warp_age = r.warp_age,
                         .age_rank = r.age_rank,
                         .is_write = is_write,
                         .token = token,
                         .window = window_source != nullptr && replacement->wants_warp_window()
                                       ? window_source->warp_window()
                                       : WarpWindow{}},
      .places = token || is_write};
}

CacheResult Cache::Impl::access(const MemRequest& r) {
  if (config.write_policy == WritePolicy::kReadOnly && r.kind != MemKind::kRead &&
      r.kind != MemKind::kInstFetch) {
    throw std::logic_error("a write or atomic reached a read-only cache");
  }
  if (config.tokens.clear == TokenClear::kPeriodic && config.tokens.honor) clear_periodically();
  if (config.perfect_reads && r.kind == MemKind::kRead) return perfect_hit();
  const Lookup k = lookup(r);
  if (bypass->bypass(k.info, BypassPolicy::When::kBeforeLookup)) return forward(k, true);
  switch (r.kind) {
    case MemKind::kRead:
    case MemKind::kInstFetch:
      return serve_here(k, false);
    case MemKind::kWrite:
      return write(k);
    case MemKind::kAtomic:
      // Atomics execute where lines are written back (GPGPU-Sim runs them at the L2).
      return config.write_policy == WritePolicy::kWriteBack ? serve_here(k, true)
                                                            : forward_and_invalidate(k);
  }
  throw std::logic_error("unknown memory request kind");
}

// A read, or a write that needs the line's data (an atomic, a fetch-on-write miss).
CacheResult Cache::Impl::serve_here(const Lookup& k, bool write) {
  const SectorMask have = k.way == CacheLines::kNoWay ? 0 : lines.valid[lines.index(k.set, k.way)];
  const SectorMask missing = k.want & ~have;
  if (k.way != CacheLines::kNoWay && missing == 0) {
    touch(k.set, k.way, k.info);
    if (write) lines.dirty[lines.index(k.set, k.way)] |= k.want;
    return done(k, CacheOutcome::kHit);
  }
  return miss(k, missing, write ? k.want : 0);
}

CacheResult Cache::Impl::perfect_hit() {
  counters.accesses.inc();
  counters.reads.inc();
  counters.hits.inc();
  return CacheResult{.outcome = CacheOutcome::kHit, .cause = FailCause::kNone};
}

// Failure checks come in GPGPU-Sim's order (tag probe, miss queue, MSHR) and all precede any
// change, so a refused access leaves no trace but its counter.
bool Cache::Impl::policy_bypasses(const Lookup& k) const {
  return k.places && k.way == CacheLines::kNoWay && k.request->kind == MemKind::kRead &&
         config.allocate == AllocatePoint::kOnMiss && replacement->may_bypass() &&
         lines.first_invalid(k.set) == CacheLines::kNoWay && lines.can_place(k.set) &&
         replacement->bypass_instead(k.set, lines.evictable(k.set), k.info);
}

CacheResult Cache::Impl::miss(const Lookup& lookup, SectorMask missing, SectorMask written) {
  const std::uint32_t mshr = mshrs.find(lookup.line);
  if (mshr != MshrTable::kNone) return merge(lookup, mshr, missing, written);
  if (counters.admission && lookup.request->kind == MemKind::kRead &&
      lookup.way == CacheLines::kNoWay && lookup.places) {
    return admit_or_filter(lookup, missing);
  }
  return allocate(lookup, missing, written);
}

CacheResult Cache::Impl::admit_or_filter(const Lookup& k, SectorMask missing) {
  AdmissionCounters& a = *counters.admission;
  const bool on = admission->enabled();
  const CacheResult result =
      admission->admits(k.set, k.line, k.info) ? allocate(k, missing, 0) : forward(k, true);
  if (result.outcome == CacheOutcome::kFailed) return result;
  a.checks.inc();
  (result.outcome == CacheOutcome::kForwarded ? a.filtered : a.admitted).inc();
  if (!on) a.off_checks.inc();
  return result;
}

CacheResult Cache::Impl::allocate(const Lookup& lookup, SectorMask missing, SectorMask written) {
  // A read the replacement policy will not place goes on as a token-less read does.
  Lookup k = lookup;
  const bool declined = policy_bypasses(k);
  if (declined) k.places = false;
  const bool present = k.way != CacheLines::kNoWay;
  // A token-less read reserves no line: its fill places one only opportunistically.
  const bool reserve = config.allocate == AllocatePoint::kOnMiss && k.places;
  if (reserve && !present && !lines.can_place(k.set)) return refuse(k, FailCause::kNoLine);
  if (queue_full()) return failed(FailCause::kMissQueueFull);
  if (mshrs.full()) return refuse(k, FailCause::kNoMshr);
  if (declined) counters.policy_bypasses.inc();

  const SectorMask fetch = fetch_sectors(k, missing);
  std::uint32_t way = k.way;
  if (present) {
    touch(k.set, way, k.info);
  } else if (reserve) {
    way = place_line(k.set, k.line, k.info);
  }
  if (reserve) lines.pending[lines.index(k.set, way)] |= fetch;
  const std::uint32_t index = mshrs.allocate(k.line, next_sequence);
  mshrs.entry(index).requested = fetch;
  mshrs.entry(index).places = k.places;
  mshrs.add_waiter(index, MshrWaiter{k.request->tag, missing, written});
  mshr_info[index] = k.info;
  send_fetch(k, index, fetch);
  return done(k, CacheOutcome::kMiss, present);
}

CacheResult Cache::Impl::merge(const Lookup& k, std::uint32_t mshr, SectorMask missing,
                               SectorMask written) {
  MshrEntry& entry = mshrs.entry(mshr);
  const SectorMask fresh = fetch_sectors(k, missing) & ~entry.requested;
  if (fresh != 0 && queue_full()) return failed(FailCause::kMissQueueFull);
  if (!mshrs.can_merge(mshr)) return refuse(k, FailCause::kMshrMergeFull);
  entry.requested |= fresh;
  mshrs.add_waiter(mshr, MshrWaiter{k.request->tag, missing, written});
  std::uint32_t way = k.way;
  // A token holder joining a token-less read's miss takes the line now if it can have one,
  // as its own miss would have; otherwise it waits for the data without a line.
  if (k.places && !entry.places) {
    if (config.allocate != AllocatePoint::kOnMiss) {
      entry.places = true;  // its fill finds a line, as any allocate-on-fill miss does
    } else if (way != CacheLines::kNoWay || lines.can_place(k.set)) {
      if (way == CacheLines::kNoWay) way = place_line(k.set, k.line, k.info);
      lines.pending[lines.index(k.set, way)] |= entry.requested & ~entry.arrived;
      entry.places = true;
    }
    if (entry.places) mshr_info[mshr] = k.info;
  }
  const bool present = way != CacheLines::kNoWay;
  if (present) {
    touch(k.set, way, k.info);
    if (config.allocate == AllocatePoint::kOnMiss && entry.places) {
      lines.pending[lines.index(k.set, way)] |= fresh;
    }
  }
  if (fresh == 0) return done(k, CacheOutcome::kHitReserved);
  send_fetch(k, mshr, fresh);
  return done(k, CacheOutcome::kMiss, present);
}

CacheResult Cache::Impl::forward(const Lookup& k, bool bypassed) {
  if (queue_full()) return failed(FailCause::kMissQueueFull);
  outgoing.push(*k.request);
  if (bypassed) counters.bypassed.inc();
  return done(k, CacheOutcome::kForwarded);
}

// The bypass policy may turn a reservation failure into a forward; a full miss queue leaves
// nothing to forward through, so it is not asked then.
CacheResult Cache::Impl::refuse(const Lookup& k, FailCause cause) {
  const BypassPolicy::When when = cause == FailCause::kNoLine
                                      ? BypassPolicy::When::kOnLineStall
                                      : BypassPolicy::When::kOnResourceStall;
  if (!queue_full() && bypass->bypass(k.info, when)) {
    return forward(k, true);
  }
  return failed(cause);
}

CacheResult Cache::Impl::done(const Lookup& k, CacheOutcome outcome, bool sector_miss) {
  counters.accesses.inc();
  switch (k.request->kind) {
    case MemKind::kRead:
    case MemKind::kInstFetch:
      counters.reads.inc();
      break;
    case MemKind::kWrite:
      counters.writes.inc();
      break;
    case MemKind::kAtomic:
      counters.atomics.inc();
      break;
  }
  switch (outcome) {
    case CacheOutcome::kHit: {
      counters.hits.inc();
      // A write-validate hit may have just placed the line: then the hitter is its owner.
      const std::uint32_t way = k.way != CacheLines::kNoWay ? k.way : lines.find(k.set, k.line);
      const AccessInfo& owner = lines.owner[lines.index(k.set, way)];
      const bool same = owner.sm_id == k.info.sm_id && owner.warp_age == k.info.warp_age;
      (same ? counters.hits_intra_warp : counters.hits_inter_warp).inc();
      counters.hits_by_warp_age.sample(k.info.age_rank);
      break;
    }
    case CacheOutcome::kHitReserved:
      counters.hit_reserved.inc();
      break;
    case CacheOutcome::kMiss:
      counters.misses.inc();
      if (sector_miss) counters.sector_misses.inc();
      break;
    case CacheOutcome::kForwarded:
      counters.forwarded.inc();
      break;
    case CacheOutcome::kFailed:  // reported through failed()
      break;
  }
  const bool looked_up = outcome == CacheOutcome::kHit || outcome == CacheOutcome::kHitReserved ||
                         outcome == CacheOutcome::kMiss;
  if (counters.tokens && looked_up) {
    TokenCounters& t = *counters.tokens;
    const bool hit = outcome == CacheOutcome::kHit;
    if (k.info.token) {
      t.token_lookups.inc();
      if (hit) t.token_hits.inc();
    } else {
      t.tokenless_lookups.inc();
      if (hit) t.tokenless_hits.inc();
      if (outcome == CacheOutcome::kMiss) t.tokenless_misses.inc();
    }
  }
  if (looked_up) replacement->on_access(k.set, k.info);
  if (k.request->kind == MemKind::kRead) {
    if (counters.admission) admission->on_read(k.set, k.line, k.info);
    if (counters.blocks) counters.blocks->read(k.line);
  }
  if (counters.reuse && looked_up) counters.reuse->access(k.set, k.line, k.info);
  if (listener != nullptr && outcome != CacheOutcome::kFailed) {
    listener->on_access(k.line / geometry.line(), k.info, k.request->kind, outcome, Cycle(now));
  }
  return CacheResult{.outcome = outcome, .cause = FailCause::kNone, .sector_miss = sector_miss};
}

CacheResult Cache::Impl::failed(FailCause cause) {
  switch (cause) {
    case FailCause::kNoLine:
      counters.fail_no_line.inc();
      break;
    case FailCause::kNoMshr:
      counters.fail_no_mshr.inc();
      break;
    case FailCause::kMshrMergeFull:
      counters.fail_mshr_merge.inc();
      break;
    case FailCause::kMissQueueFull:
      counters.fail_miss_queue.inc();
      break;
    case FailCause::kNone:
      break;
  }
  return CacheResult{.outcome = CacheOutcome::kFailed, .cause = cause, .sector_miss = false};
}

void Cache::Impl::send_fetch(const Lookup& k, std::uint32_t mshr, SectorMask sectors) {
  const MemRequest& r = *k.request;
  outgoing.push(
      MemRequest{.addr = k.line,
                 .size = geometry.line(),
                 .sectors = sectors,
                 .kind = r.kind == MemKind::kInstFetch ? MemKind::kInstFetch : MemKind::kRead,
                 .writeback = false,
                 .sm = r.sm,
                 .tag = make_fetch_tag(next_sequence++, mshr),
                 .pc = r.pc,
                 .warp = r.warp,
                 .cta = r.cta,
                 .warp_age = r.warp_age,
                 .age_rank = r.age_rank,
                 .token = r.token,
                 .born = now});
}

// ---- Cache ----

Cache::Cache(const CacheConfig& config, const ConfigNode& section, StatGroup& stats,
             std::uint64_t seed)
    : config_(config),
      section_(section),
      seed_(seed),
      counters_(std::make_unique<CacheCounters>(
          stats, section.at("admission").at("impl").as_string() != "all")),
      impl_(std::make_unique<Impl>(config_, section_, *counters_, seed_)) {
  if (config_.tokens.honor)
    counters_->tokens = std::make_unique<TokenCounters>(stats.child("tokens"));
  if (section_.at("block_stats").as_bool()) {
    counters_->blocks = std::make_unique<BlockStats>(stats);
  }
  if (const std::uint64_t pcs = section_.at("reuse_distance_pcs").as_uint(); pcs != 0) {
    counters_->reuse = std::make_unique<ReuseDistance>(
        stats, static_cast<std::uint32_t>(pcs), impl_->geometry.sets(),
        section_.at("reuse_distance_by").as_string() == "signature");
  }
}

Cache::~Cache() = default;

void Cache::resize(std::uint64_t size) {
  if (!idle()) throw std::logic_error("Cache::resize() with misses pending or requests queued");
  if (!config_.set_ways.empty()) throw std::logic_error("Cache::resize() with per-set ways");
  config_.size = size;
  impl_ = std::make_unique<Impl>(config_, section_, *counters_, seed_);
  impl_->listener = listener_;
  impl_->window_source = window_source_;
  impl_->replacement->set_fallback(fallback_);
  impl_->admission->set_enabled(admission_on_);
  if (group_ != nullptr) {
    impl_->replacement->join(*group_, member_);
    impl_->admission->join(*group_, member_);
  }
  if (counters_->reuse) counters_->reuse->reset(impl_->geometry.sets());
}

void Cache::set_warp_window(const WarpWindowSource* source) {
  window_source_ = source;
  impl_->window_source = source;
}

bool Cache::set_replacement_fallback(bool on) {
  fallback_ = on;
  return impl_->replacement->set_fallback(on);
}

void Cache::join_replacement_group(ReplacementGroup* group, std::uint32_t member) {
  group_ = group;
  member_ = member;
  impl_->replacement->join(*group, member);
  impl_->admission->join(*group, member);
}

bool Cache::set_admission_enabled(bool on) {
  admission_on_ = on;
  return impl_->admission->set_enabled(on);
}

std::uint32_t Cache::hit_latency() const {
  return config_.hit_latency + impl_->admission->extra_hit_latency();
}

Cache::ReadTally Cache::read_tally() const {
  const CacheCounters& c = *counters_;
  const std::uint64_t misses = c.hit_reserved.value() + c.misses.value() + c.bypassed.value();
  return ReadTally{.reads = c.hits.value() + misses, .misses = misses};
}

void Cache::set_listener(CacheListener* listener) {
  listener_ = listener;
  impl_->listener = listener;
}

CacheResult Cache::access(const MemRequest& request, Cycle now) {
  impl_->now = now.value();
  return impl_->access(request);
}

bool Cache::has_outgoing() const { return !impl_->outgoing.empty(); }
const MemRequest& Cache::outgoing() const { return impl_->outgoing.front(); }
void Cache::pop_outgoing() {
  if (impl_->outgoing.empty()) throw std::logic_error("pop_outgoing() on an empty queue");
  impl_->outgoing.pop();
}

void Cache::fill(const MemReply& reply, Cycle now, std::vector<std::uint64_t>& completed) {
  impl_->now = now.value();
  impl_->fill(reply, completed);
}

void Cache::invalidate_all() { impl_->invalidate_all(); }

void Cache::clear_tokens() {
  if (config_.tokens.honor && config_.tokens.clear == TokenClear::kKernelEnd) {
    impl_->clear_tokens();
  }
}

void Cache::on_warp_end(std::uint32_t warp) {
  if (config_.tokens.honor) impl_->on_warp_end(warp);
}

bool Cache::idle() const { return impl_->mshrs.in_use() == 0 && impl_->outgoing.empty(); }

std::string Cache::describe_state() const { return impl_->describe_state(); }

}  // namespace warpsim

#include "sm/l1_path.h"

#include <algorithm>
#include <stdexcept>

#include "sim/registry.h"
#include "tlb/tlb.h"

namespace warpsim {

namespace {

constexpr int kTargetShift = 48;
constexpr std::uint64_t kTagMask = (std::uint64_t{1} << kTargetShift) - 1;
constexpr std::uint64_t kTargetBits = 3;
// Set only while a request waits for its L1 access (stripped with the target before it):
// it missed the L1 TLB (and an L1D hit pays tlb.l1_miss_round_trip), or it was not translated
// yet (tlb.skip_on_l1d_hit: only an L1D miss or forward needs its translation).
constexpr std::uint64_t kTlbMissBit = std::uint64_t{1} << 50;
constexpr std::uint64_t kUntranslatedBit = std::uint64_t{1} << 51;
constexpr int kCacheShift = 56;
constexpr std::uint64_t kCacheBits = std::uint64_t{3} << kCacheShift;
constexpr const char* kCacheNames[3] = {"l1d", "l1t", "l1c"};

L1Target target_of(const MemRequest& r) {
  return static_cast<L1Target>((r.tag >> kTargetShift) & kTargetBits);
}

}  // namespace

L1Path::L1Path(const ConfigNode& sm, std::uint32_t sm_id, std::uint32_t warps, StatGroup& stats,
               TlbUnit* tlb)
    : sm_(sm_id),
      unified_bytes_(sm.at("l1d").at("unified_bytes").as_size()),
      accesses_per_cycle_(
          static_cast<std::uint32_t>(sm.at("ldst").at("requests_per_cycle").as_uint())),
      capacity_(static_cast<std::uint32_t>(sm.at("ldst").at("prioritizer_entries").as_uint())),
      tlb_(tlb),
      refusals_(stats.child("ldst").counter(
          "l1_refusals", "cycles", "cycles the L1 refused the prioritizer's front request")),
      prioritizer_stalls_(stats.child("ldst").counter(
          "prioritizer_stalls", "cycles",
          "cycles a translated request waited because the request prioritizer refused it")),
      bypassed_(
          stats.child("ldst").counter("l1_skipped", "requests",
                                      "requests that skipped the L1 (ld.cg/.cv, volatile, uncached "
                                      "global loads)")) {
  for (std::size_t i = 0; i < 3; ++i) {
    const ConfigNode& section = sm.at(kCacheNames[i]);
    caches_[i] = std::make_unique<Cache>(read_cache_config(section), section,
                                         stats.child(kCacheNames[i]), std::uint64_t{sm_id} * 3 + i);
  }
  // CUDA caps a CTA at 1024 threads: 32 warps.
  constexpr std::uint32_t kMaxCtaWarps = 32;
  prioritizer_ = PolicyRegistry::global().create<RequestPrioritizer>(
      sm.at("ldst").at("prioritizer"),
      RequestPrioritizer::Context{.capacity = capacity_,
                                  .warps = warps,
                                  .ctas = static_cast<std::uint32_t>(sm.at("max_ctas").as_uint()),
                                  .cta_warps = std::min(warps, kMaxCtaWarps)});
  texture_miss_latency_ =
      static_cast<std::uint32_t>(sm.at("ldst").at("texture_miss_latency").as_uint());
  texture_latency_ = static_cast<std::uint32_t>(sm.at("ldst").at("texture_latency").as_uint());
  if (tlb_ != nullptr) {
    l1_miss_round_trip_ = tlb_->config().l1_miss_round_trip;
    skip_tlb_on_l1d_hit_ = tlb_->config().skip_on_l1d_hit;
  }
}

L1Path::~L1Path() = default;

std::uint32_t L1Path::line_of(L1Target target) const {
  if (target == L1Target::kBypass) return caches_[0]->config().line;
  return caches_[static_cast<std::size_t>(target)]->config().line;
}

bool L1Path::can_accept() const {
  return translating_.size() + (prioritizer_->empty() ? 0 : 1) < capacity_ &&
         prioritizer_->can_accept();
}

void L1Path::push(const MemRequest& request, L1Target target, Cycle now) {
  ++pending_;
  MemRequest r = request;
  r.tag =
      (request.tag & kTagMask) | (std::uint64_t{static_cast<std::uint8_t>(target)} << kTargetShift);
  if (tlb_ != nullptr && skip_tlb_on_l1d_hit_ && target == L1Target::kData) {
    r.tag |= kUntranslatedBit;
    translating_.push(Waiting{now.value(), seq_++, r});
    return;  // translated in access(), only if the L1D misses
  }
  const TlbLookup t =
      tlb_ == nullptr ? TlbLookup{.ready = now.value()} : tlb_->lookup(request.addr, now.value());
  if (target == L1Target::kBypass) {
    bypassed_.inc();
    // In order: a request behind one still being translated waits for it.
    const std::uint64_t after = bypass_.empty() ? t.ready : std::max(t.ready, bypass_.back().ready);
    bypass_.push_back(Waiting{after, seq_++, request});
    return;
  }
  if (!t.l1_hit && l1_miss_round_trip_ != 0 && target == L1Target::kData) r.tag |= kTlbMissBit;
  translating_.push(Waiting{t.ready, seq_++, r});
}

void L1Path::admit_translated(Cycle now) {
  while (!translating_.empty() && translating_.top().ready <= now.value()) {
    if (!prioritizer_->offer(translating_.top().request, now.value())) {
      prioritizer_stalls_.inc();
      return;
    }
    translating_.pop();
  }
}

void L1Path::access(Cycle now, std::vector<std::uint64_t>& done) {
  refused_ = false;
  for (std::uint32_t n = 0; n < accesses_per_cycle_; ++n) {
    const MemRequest* front = prioritizer_->front(now.value());
    if (front == nullptr) return;
    const L1Target target = target_of(*front);
    const std::uint64_t flags = front->tag;
    MemRequest r = *front;
    r.tag &= kTagMask;
    const CacheResult result = cache(target).access(r, now);
    if (result.outcome == CacheOutcome::kFailed) {
      prioritizer_->on_refused(now.value());
      refusals_.inc();
      refused_ = true;
      return;
    }
    prioritizer_->pop(now.value());
    const bool sends =
        result.outcome == CacheOutcome::kMiss || result.outcome == CacheOutcome::kForwarded;
    if ((flags & kUntranslatedBit) != 0 && sends) {
      // What this access sent leaves once translated; the L1D's queue stays in order.
      l1d_hold_ = std::max(l1d_hold_, tlb_->translate(r.addr, now.value()));
    }
    if (result.outcome == CacheOutcome::kHit) {
      const std::uint32_t latency = cache(target).hit_latency() +
                                    ((flags & kTlbMissBit) != 0 ? l1_miss_round_trip_ : 0) +
                                    ((r.tag & kTextureRequestBit) != 0 ? texture_latency_ : 0);
      if (latency == 0) {
        done.push_back(r.tag);
        --pending_;
      } else {
        hits_.push(Timed{now.value() + latency, seq_++, r.tag});
      }
    }
  }
}

void L1Path::send(Link<MemRequest>& out, Cycle now) {
  while (!bypass_.empty() && bypass_.front().ready <= now.value()) {
    if (!out.try_send(bypass_.front().request)) return;
    bypass_.pop_front();
  }
  for (std::uint32_t i = 0; i < 3; ++i) {
    const std::uint32_t c = (next_cache_ + i) % 3;
    if (c == 0 && l1d_hold_ > now.value()) continue;
    Cache& cache = *caches_[c];
    while (cache.has_outgoing()) {
      MemRequest r = cache.outgoing();
      if ((r.tag & kFetchTagBit) != 0) {
        if ((r.tag & kCacheBits) != 0) throw std::logic_error("cache fetch tag uses bits 56..57");
        r.tag |= std::uint64_t{c} << kCacheShift;
      }
      if (!out.try_send(r)) {
        next_cache_ = c;
        return;
      }
      cache.pop_outgoing();
    }
  }
}

void L1Path::finish_hits(Cycle now, std::vector<std::uint64_t>& done) {
  while (!hits_.empty() && hits_.top().due <= now.value()) {
    done.push_back(hits_.top().tag);
    hits_.pop();
    --pending_;
  }
}

void L1Path::cycle(Cycle now, Link<MemRequest>& out, std::vector<std::uint64_t>& done) {
  finish_hits(now, done);
  admit_translated(now);
  access(now, done);
  send(out, now);
}

void L1Path::on_reply(const MemReply& reply, Cycle now, std::vector<std::uint64_t>& done) {
  const std::size_t before = done.size();
  std::size_t cache = static_cast<std::size_t>(L1Target::kBypass);
  if ((reply.tag & kFetchTagBit) == 0) {
    done.push_back(reply.tag);
  } else {
    MemReply r = reply;
    cache = static_cast<std::size_t>((r.tag & kCacheBits) >> kCacheShift);
    r.tag &= ~kCacheBits;
    caches_[cache]->fill(r, now, done);
  }
  // The texture pipeline's own miss path: the texture fetches this reply answered finish later.
  const bool texture_cache = cache == static_cast<std::size_t>(L1Target::kTexture);
  std::size_t kept = before;
  for (std::size_t i = before; i < done.size(); ++i) {
    const bool texture_in_l1d = (done[i] & kTextureRequestBit) != 0;
    const std::uint32_t delay = texture_cache    ? texture_miss_latency_
                                : texture_in_l1d ? texture_latency_ + texture_miss_latency_
                                                 : 0;
    if (delay == 0) {
      done[kept++] = done[i];
    } else {
      hits_.push(Timed{now.value() + delay, seq_++, done[i]});
    }
  }
  done.resize(kept);
  pending_ -= kept - before;
}

void L1Path::invalidate() {
  for (auto& c : caches_) c->invalidate_all();
}

void L1Path::clear_tokens() {
  for (auto& c : caches_) c->clear_tokens();
}

void L1Path::on_warp_end(std::uint32_t warp) {
  for (auto& c : caches_) c->on_warp_end(warp);
}

void L1Path::set_shared_carveout(std::uint64_t shared_bytes) {
  Cache& l1d = *caches_[0];
  if (unified_bytes_ == 0 || !l1d.idle()) return;
  const std::uint64_t set_bytes = std::uint64_t{l1d.config().line} * l1d.config().ways;
  const std::uint64_t left = unified_bytes_ > shared_bytes ? unified_bytes_ - shared_bytes : 0;
  const std::uint64_t size = std::max(set_bytes, left / set_bytes * set_bytes);
  if (size != l1d.config().size) l1d.resize(size);
}

// Requests left in the caches' outgoing queues were refused by the Link this cycle, which wakes
// the SM when it has room. A refused L1 access is retried every cycle, so that the refusal
// counters are the same whether idle cycles are skipped or not.
bool L1Path::needs_next_cycle() const { return refused_ || !prioritizer_->empty(); }

std::uint64_t L1Path::next_event(Cycle now) const {
  std::uint64_t next = kNever;
  if (!hits_.empty()) next = std::max(hits_.top().due, now.value() + 1);
  if (!translating_.empty()) {
    next = std::min(next, std::max(translating_.top().ready, now.value() + 1));
  }
  // A request refused by the Link is retried when the Link wakes the SM.
  if (!bypass_.empty() && bypass_.front().ready > now.value()) {
    next = std::min(next, bypass_.front().ready);
  }
  if (l1d_hold_ > now.value() && caches_[0]->has_outgoing()) next = std::min(next, l1d_hold_);
  return next;
}

bool L1Path::idle() const {
  if (pending_ != 0 || !bypass_.empty()) return false;
  for (const auto& c : caches_) {
    if (!c->idle()) return false;
  }
  return true;
}

}  // namespace warpsim

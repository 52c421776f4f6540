#include "sm/fetch.h"

#include <algorithm>
#include <bit>

#include "func/program.h"
#include "sim/registry.h"
#include "sm/kernel_source.h"

namespace warpsim {

namespace {

// Code lives in its own part of the address space: 4 GiB per code region (one per kernel name,
// GpuModel), in which the kernel and the functions it calls lie as func/code_layout.h places
// them.
constexpr Addr kCodeBase = Addr{0x6000} << 32;

}  // namespace

FetchUnit::FetchUnit(const SmConfig& config, const ConfigNode& icache, std::uint32_t sm,
                     StatGroup& stats)
    : config_(config),
      sm_(sm),
      icache_(config.icache.size, config.icache.line, config.icache.ways, icache.at("replacement"),
              sm),
      prefetcher_(PolicyRegistry::global().create<IcachePrefetcher>(
          icache.at("prefetcher"), IcachePrefetcher::Context{config.icache.line, &stats})),
      accesses_(stats.counter("accesses", "accesses", "instruction fetches")),
      hits_(stats.counter("hits", "accesses", "fetches that hit")),
      misses_(stats.counter("misses", "accesses", "fetches that missed and sent a line read")),
      merged_(stats.counter("miss_merged", "accesses",
                            "misses to a line already being fetched (merged)")),
      mshr_full_(stats.counter("reservation_fail_mshr", "accesses",
                               "misses that found every MSHR busy (retried later)")),
      prefetches_(stats.counter("prefetches", "requests",
                                "line reads the prefetcher had placed in the I-cache")),
      prefetch_merged_(stats.counter("prefetch_merged", "accesses",
                                     "misses to a line a prefetch was already fetching (late)")),
      prefetch_dropped_(stats.counter("prefetch_dropped", "requests",
                                      "prefetches into the I-cache that found every MSHR busy")),
      gpc_hits_(stats.counter("gpc_hits", "requests",
                              "line requests the GPC I-cache held (no memory request)")),
      gpc_merged_(stats.counter("gpc_merged", "requests",
                                "line requests that waited for another SM's fetch of the line "
                                "through the GPC I-cache")) {
  candidates_.assign((config.max_warps + 63) / 64, 0);
  stats.formula("hit_rate", "ratio", "hits / accesses", [](const GroupValues& v) {
    const double a = v["accesses"];
    return a == 0 ? 0.0 : v["hits"] / a;
  });
}

Addr FetchUnit::code_address(std::uint32_t region, std::uint32_t index) const {
  return kCodeBase + (Addr{region} << 32) + Addr{index} * config_.inst_bytes;
}

bool FetchUnit::wants_fetch(const SmWarp& w) const {
  if (!w.issuable() || w.ib_pending != 0 || w.fetch_wait_line != kNoLine) return false;
  if (w.ib_count >= config_.ibuffer_entries) return false;
  if (w.ib_count == 0) return true;
  return w.ib_pc + w.ib_count < fetch_end(w);
}

std::uint32_t FetchUnit::fetch_end(const SmWarp& w) {
  return w.source->code_end() - w.source->code_offset(*w.ib_code);
}

// The request for one I-cache line, tagged by its address.
MemRequest FetchUnit::line_request(Addr line, Cycle now) const {
  return MemRequest{.addr = line,
                    .size = config_.icache.line,
                    .sectors = sectors_of(line, line, config_.icache.line),
                    .kind = MemKind::kInstFetch,
                    .sm = sm_,
                    .tag = line,
                    .born = now.value()};
}

bool FetchUnit::fetch_one(Cycle now, SmWarp& w, std::uint32_t slot, Link<MemRequest>& out) {
  if (w.ib_count == 0) {
    w.ib_code = w.code;
    w.ib_pc = w.pc;
  }
  const std::uint32_t pc = w.ib_pc + w.ib_count;
  const std::uint32_t size = fetch_end(w);
  if (pc >= size) return false;
  const Addr addr = code_address(w.code_region, w.source->code_offset(*w.ib_code) + pc);
  AccessInfo info{addr, pc, sm_, slot, 0, false};
  accesses_.inc();
  const std::uint64_t hit_ready = now.value() + config_.decode_latency + config_.icache.hit_latency;
  if (icache_.access(info)) {
    hits_.inc();
    start_decode(w, slot, pc, size, hit_ready);
    return true;
  }
  const Addr line = icache_.line_of(addr);
  if (const auto m = find_mshr(line); m != mshrs_.end()) {
    w.fetch_wait_line = line;
    (m->prefetch ? prefetch_merged_ : merged_).inc();
    m->prefetch = false;
    return true;
  }
  prefetch_requests_.clear();
  switch (prefetcher_->on_demand_miss(line, prefetch_requests_)) {
    case IcachePrefetcher::Verdict::kReady:
      // The prefetcher's line moves into the I-cache; the fetch proceeds a cycle later.
      icache_.fill(info);
      hits_.inc();
      start_decode(w, slot, pc, size, hit_ready + 1);
      return true;
    case IcachePrefetcher::Verdict::kPending:
      w.fetch_wait_line = line;
      issue_prefetches(now, out);
      return true;
    case IcachePrefetcher::Verdict::kMiss:
      break;
  }
  if (mshrs_.size() >= config_.icache.mshrs) {
    mshr_full_.inc();
    return false;
  }
  w.fetch_wait_line = line;
  misses_.inc();
  request_line(line, false, now, out);
  issue_prefetches(now, out);
  return true;
}

void FetchUnit::request_line(Addr line, bool prefetch, Cycle now, Link<MemRequest>& out) {
  Mshr m{line, false, prefetch};
  const GpcIcache::Result r =
      shared_ != nullptr ? shared_->request(line, sm_) : GpcIcache::Result::kMiss;
  if (r == GpcIcache::Result::kHit) {
    gpc_hits_.inc();
    m.sent = true;
    m.ready = now.value() + shared_->hit_latency();
  } else if (r == GpcIcache::Result::kPending) {
    gpc_merged_.inc();
    m.sent = true;
    m.shared_wait = true;
  } else {
    m.sent = out.try_send(line_request(line, now));
  }
  mshrs_.push_back(m);
}

void FetchUnit::deliver(Addr line, std::uint64_t ready) {
  for (Mshr& m : mshrs_) {
    if (m.line != line || !m.shared_wait) continue;
    m.shared_wait = false;
    m.ready = ready;
  }
}

void FetchUnit::place_delivered(Cycle now, std::vector<SmWarp>& warps) {
  for (std::size_t i = 0; i < mshrs_.size();) {
    if (mshrs_[i].ready > now.value()) {
      ++i;
      continue;
    }
    const Mshr m = mshrs_[i];
    mshrs_.erase(mshrs_.begin() + static_cast<std::ptrdiff_t>(i));
    place(m.line, m.prefetch, warps);
  }
}

void FetchUnit::start_decode(SmWarp& w, std::uint32_t slot, std::uint32_t pc, std::uint32_t end,
                             std::uint64_t ready) {
  w.ib_pending = std::min({config_.fetch_width, config_.ibuffer_entries - w.ib_count, end - pc});
  w.ib_pending_ready = ready;
  started_.push_back(slot);
}

std::vector<FetchUnit::Mshr>::iterator FetchUnit::find_mshr(Addr line) {
  return std::find_if(mshrs_.begin(), mshrs_.end(),
                      [line](const Mshr& m) { return m.line == line; });
}

void FetchUnit::issue_prefetches(Cycle now, Link<MemRequest>& out) {
  for (const PrefetchRequest& r : prefetch_requests_) {
    if (r.target == PrefetchRequest::Target::kForPolicy) {
      unsent_for_policy_.push_back(r.line);
      continue;
    }
    if (icache_.contains(r.line) || find_mshr(r.line) != mshrs_.end()) continue;
    if (mshrs_.size() >= config_.icache.mshrs) {
      prefetch_dropped_.inc();
      continue;
    }
    prefetches_.inc();
    request_line(r.line, true, now, out);
  }
  send_for_policy(now, out);
}

void FetchUnit::send_for_policy(Cycle now, Link<MemRequest>& out) {
  while (!unsent_for_policy_.empty() &&
         out.try_send(line_request(unsent_for_policy_.front(), now))) {
    unsent_for_policy_.erase(unsent_for_policy_.begin());
  }
}

void FetchUnit::cycle(Cycle now, std::vector<SmWarp>& warps, Link<MemRequest>& out) {
  started_.clear();
  place_delivered(now, warps);
  for (Mshr& m : mshrs_) {
    if (!m.sent) {
      m.sent = out.try_send(line_request(m.line, now));
    }
  }
  send_for_policy(now, out);
  const auto n = static_cast<std::uint32_t>(warps.size());
  std::uint32_t fetched = 0;
  // Slot (start + i) % n in step i: one pass over the slots from where the last cycle's fetches
  // left off, next_warp_ moving past each warp fetched (the pass keeps its start: with several
  // warps per cycle, measuring the steps from the moving next_warp_ skipped the slots between a
  // fetched warp and the step's distance past it, and some warps waited many cycles). The steps
  // at slots that are not candidates are skipped, not left out.
  const std::uint32_t start = next_warp_;
  for (std::uint32_t i = 0; i < n && fetched < config_.fetch_warps; ++i) {
    i += distance_to_candidate((start + i) % n, n);
    if (i >= n) break;
    const std::uint32_t slot = (start + i) % n;
    SmWarp& w = warps[slot];
    if (!wants_fetch(w)) {
      drop(slot);
      continue;
    }
    if (!fetch_one(now, w, slot, out)) continue;
    ++fetched;
    next_warp_ = (slot + 1) % n;
  }
}

void FetchUnit::on_fill(const MemReply& reply, std::vector<SmWarp>& warps, Cycle now) {
  const Addr line = reply.addr;
  if (shared_ != nullptr) shared_->fill(line, now.value());
  if (const auto m = find_mshr(line); m != mshrs_.end()) {
    const bool prefetch = m->prefetch;
    mshrs_.erase(m);
    place(line, prefetch, warps);
    return;
  }
  // A line the prefetcher asked for itself: it keeps it until a warp wants it.
  const bool kept = prefetcher_->on_fill(line);
  if (!warps_wait_on(line, warps)) return;
  if (kept) prefetcher_->take(line);
  place(line, false, warps);
}

void FetchUnit::place(Addr line, bool prefetch, std::vector<SmWarp>& warps) {
  AccessInfo info{line, 0, sm_, 0, 0, false};
  icache_.fill(info, prefetch);
  for (std::uint32_t slot = 0; slot < warps.size(); ++slot) {
    if (warps[slot].fetch_wait_line != line) continue;
    warps[slot].fetch_wait_line = kNoLine;
    note(slot);
  }
}

bool FetchUnit::warps_wait_on(Addr line, const std::vector<SmWarp>& warps) const {
  return std::any_of(warps.begin(), warps.end(),
                     [&](const SmWarp& w) { return w.fetch_wait_line == line; });
}

bool FetchUnit::has_work(const std::vector<SmWarp>& warps) const {
  for (std::size_t word = 0; word < candidates_.size(); ++word) {
    for (std::uint64_t bits = candidates_[word]; bits != 0; bits &= bits - 1) {
      if (wants_fetch(warps[word * 64 + std::countr_zero(bits)])) return true;
    }
  }
  return false;
}

std::uint32_t FetchUnit::distance_to_candidate(std::uint32_t from, std::uint32_t n) const {
  // The first candidate at or after `pos` (below n), or n.
  auto first_from = [&](std::uint32_t pos) -> std::uint32_t {
    for (std::size_t word = pos / 64; word < candidates_.size(); ++word) {
      std::uint64_t bits = candidates_[word];
      if (word == pos / 64) bits &= ~std::uint64_t{0} << (pos % 64);
      if (bits != 0) return std::min<std::uint32_t>(n, word * 64 + std::countr_zero(bits));
    }
    return n;
  };
  const std::uint32_t ahead = first_from(from);
  if (ahead < n) return ahead - from;
  const std::uint32_t wrapped = first_from(0);
  return wrapped < from ? n - from + wrapped : n;
}

bool FetchUnit::needs_next_cycle() const {
  return !unsent_for_policy_.empty() ||
         std::any_of(mshrs_.begin(), mshrs_.end(),
                     [](const Mshr& m) { return !m.sent || m.ready != kNotReady; });
}

}  // namespace warpsim

#include "sm/fetch.h"

#include <algorithm>

#include "func/program.h"

namespace warpsim {

namespace {

// Code lives in its own region of the address space: module, function and pc give the address.
constexpr Addr kCodeBase = Addr{0x6000} << 32;

}  // namespace

FetchUnit::FetchUnit(const SmConfig& config, const ConfigNode& replacement, std::uint32_t sm,
                     StatGroup& stats)
    : config_(config),
      sm_(sm),
      icache_(config.icache.size, config.icache.line, config.icache.ways, replacement, sm),
      accesses_(stats.counter("accesses", "accesses", "instruction fetches")),
      hits_(stats.counter("hits", "accesses", "fetches that hit")),
      misses_(stats.counter("misses", "accesses", "fetches that missed and sent a line read")),
      merged_(stats.counter("miss_merged", "accesses",
                            "misses to a line already being fetched (merged)")),
      mshr_full_(stats.counter("reservation_fail_mshr", "accesses",
                               "misses that found every MSHR busy (retried later)")) {
  stats.formula("hit_rate", "ratio", "hits / accesses", [](const GroupValues& v) {
    const double a = v["accesses"];
    return a == 0 ? 0.0 : v["hits"] / a;
  });
}

Addr FetchUnit::code_address(std::uint32_t module, std::uint32_t fn, std::uint32_t pc) const {
  return kCodeBase + (Addr{module} << 32) + (Addr{fn} << 24) + Addr{pc} * config_.inst_bytes;
}

bool FetchUnit::wants_fetch(const SmWarp& w) const {
  if (!w.issuable() || w.ib_pending != 0 || w.fetch_wait_line != kNoLine) return false;
  if (w.ib_count >= config_.ibuffer_entries) return false;
  if (w.ib_count == 0) return true;
  return w.ib_pc + w.ib_count < w.ib_code->insts.size();
}

bool FetchUnit::fetch_one(Cycle now, SmWarp& w, std::uint32_t slot, Link<MemRequest>& out) {
  if (w.ib_count == 0) {
    w.ib_code = w.state->calls.back().code;
    w.ib_pc = w.state->simt.back().pc;
  }
  const std::uint32_t pc = w.ib_pc + w.ib_count;
  const auto size = static_cast<std::uint32_t>(w.ib_code->insts.size());
  if (pc >= size) return false;
  const Addr addr = code_address(w.module, w.ib_code->index, pc);
  AccessInfo info{addr, pc, sm_, slot, 0, false};
  accesses_.inc();
  if (icache_.access(info)) {
    hits_.inc();
    w.ib_pending = std::min({config_.fetch_width, config_.ibuffer_entries - w.ib_count, size - pc});
    w.ib_pending_ready = now.value() + config_.decode_latency + config_.icache.hit_latency;
    return true;
  }
  const Addr line = icache_.line_of(addr);
  w.fetch_wait_line = line;
  for (const Mshr& m : mshrs_) {
    if (m.line == line) {
      merged_.inc();
      return true;
    }
  }
  if (mshrs_.size() >= config_.icache.mshrs) {
    mshr_full_.inc();
    w.fetch_wait_line = kNoLine;
    return false;
  }
  misses_.inc();
  Mshr m{line, false};
  MemRequest req{.addr = line,
                 .size = config_.icache.line,
                 .sectors = sectors_of(line, line, config_.icache.line),
                 .kind = MemKind::kInstFetch,
                 .sm = sm_,
                 .tag = line,
                 .born = now.value()};
  m.sent = out.try_send(req);
  mshrs_.push_back(m);
  return true;
}

void FetchUnit::cycle(Cycle now, std::vector<SmWarp>& warps, Link<MemRequest>& out) {
  for (Mshr& m : mshrs_) {
    if (!m.sent) {
      MemRequest req{.addr = m.line,
                     .size = config_.icache.line,
                     .sectors = sectors_of(m.line, m.line, config_.icache.line),
                     .kind = MemKind::kInstFetch,
                     .sm = sm_,
                     .tag = m.line,
                     .born = now.value()};
      m.sent = out.try_send(req);
    }
  }
  const auto n = static_cast<std::uint32_t>(warps.size());
  std::uint32_t fetched = 0;
  for (std::uint32_t i = 0; i < n && fetched < config_.fetch_warps; ++i) {
    const std::uint32_t slot = (next_warp_ + i) % n;
    SmWarp& w = warps[slot];
    if (!wants_fetch(w)) continue;
    if (!fetch_one(now, w, slot, out)) continue;
    ++fetched;
    next_warp_ = (slot + 1) % n;
  }
}

void FetchUnit::on_fill(const MemReply& reply, std::vector<SmWarp>& warps, Cycle /*now*/) {
  AccessInfo info{reply.addr, 0, sm_, 0, 0, false};
  icache_.fill(info);
  std::erase_if(mshrs_, [&](const Mshr& m) { return m.line == reply.addr; });
  for (SmWarp& w : warps) {
    if (w.fetch_wait_line == reply.addr) w.fetch_wait_line = kNoLine;
  }
}

bool FetchUnit::has_work(const std::vector<SmWarp>& warps) const {
  return std::any_of(warps.begin(), warps.end(), [&](const SmWarp& w) { return wants_fetch(w); });
}

bool FetchUnit::needs_next_cycle() const {
  return std::any_of(mshrs_.begin(), mshrs_.end(), [](const Mshr& m) { return !m.sent; });
}

}  // namespace warpsim

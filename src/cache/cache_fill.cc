// The generic cache's line changes: placing, evicting and invalidating lines, fills from the
// next level, lines installed from outside (host writes), the kernel-boundary flush and the
// deadlock report.

#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cache/cache_impl.h"

namespace warpsim {

// Requires lines.can_place(set). An allocate-on-miss cache calls it when the miss is sent, so
// (as in GPGPU-Sim, which stamps a line's allocation and last-access time then) replacement
// ages count from the miss; an allocate-on-fill cache calls it when the data arrives.
std::uint32_t Cache::Impl::place_line(std::uint32_t set, Addr line, const AccessInfo& info) {
  return place_line(set, line, info, lines.evictable(set));
}

std::uint32_t Cache::Impl::place_line(std::uint32_t set, Addr line, const AccessInfo& info,
                                      WayMask candidates) {
  std::uint32_t way = lines.first_invalid(set);
  std::optional<Addr> evicted;
  if (way == CacheLines::kNoWay) {
    way = replacement->select_victim(set, candidates, info);
    if (!candidates.test(way)) {
      throw std::logic_error("replacement policy chose way " + std::to_string(way) +
                             ", which is not a candidate");
    }
    evict(set, way);
    evicted = lines.tag[lines.index(set, way)];
  }
  if (counters.admission) admission->on_place(set, line, evicted);
  const std::size_t i = lines.index(set, way);
  lines.tag[i] = line;
  lines.valid[i] = 0;
  lines.dirty[i] = 0;
  lines.pending[i] = 0;
  lines.reused[i] = 0;
  lines.owner[i] = info;
  if (!lines.priority.empty()) {
    lines.priority[i] = 0;
    lines.owners[i] = 0;
    if (info.token) note_token_use(i, info);
  }
  replacement->on_fill(set, way, info);
  if (insertion->insert_as_victim(set, way, info)) replacement->demote(set, way);
  return way;
}

void Cache::Impl::evict(std::uint32_t set, std::uint32_t way) {
  const std::size_t i = lines.index(set, way);
  counters.evictions.inc();
  if (listener != nullptr)
    listener->on_evict(lines.tag[i] / geometry.line(), lines.owner[i], Cycle(now));
  write_back(i);
  bypass->on_eviction(lines.owner[i], lines.reused[i] != 0);
}

// A line with a pending fill keeps its tag and reservation (the fill still lands in it, as in
// GPGPU-Sim's allocate-on-miss fill) but loses its data.
void Cache::Impl::invalidate_line(std::uint32_t set, std::uint32_t way, bool flush) {
  const std::size_t i = lines.index(set, way);
  write_back(i);
  lines.valid[i] = 0;
  if (lines.pending[i] != 0) return;
  if (counters.admission) admission->on_remove(set, lines.tag[i], flush);
  lines.tag[i] = CacheLines::kInvalidTag;
  lines.reused[i] = 0;
  replacement->on_invalidate(set, way);
}

void Cache::Impl::touch(std::uint32_t set, std::uint32_t way, const AccessInfo& info) {
  replacement->on_hit(set, way, info);
  const std::size_t i = lines.index(set, way);
  lines.reused[i] = 1;
  if (!lines.priority.empty() && info.token) note_token_use(i, info);
}

// Write-backs enter the outgoing queue even when it is full (a fill or flush cannot be
// refused); they count towards its occupancy, so later misses wait for them to drain.
void Cache::Impl::write_back(std::size_t i) {
  if (lines.dirty[i] == 0) return;
  counters.writebacks.inc();
  const AccessInfo& owner = lines.owner[i];
  outgoing.push(MemRequest{.addr = lines.tag[i],
                           .size = geometry.line(),
                           .sectors = geometry.expand(lines.dirty[i]),
                           .kind = MemKind::kWrite,
                           .writeback = true,
                           .sm = owner.sm_id,
                           .tag = make_fetch_tag(next_writeback++, kWritebackIndex),
                           .pc = owner.pc,
                           .warp = owner.warp_id,
                           .cta = owner.cta_id,
                           .born = 0});
  lines.dirty[i] = 0;
}

void Cache::Impl::fill(const MemReply& reply, std::vector<std::uint64_t>& completed) {
  const std::uint64_t tag_index = reply.tag & kTagIndexMask;
  const std::uint64_t sequence = (reply.tag >> kTagIndexBits) & kTagSequenceMask;
  if ((reply.tag & kFetchTagBit) == 0 || tag_index >= mshrs.capacity() ||
      !mshrs.entry(tag_index).used ||
      sequence < (mshrs.entry(tag_index).sequence & kTagSequenceMask) ||
      geometry.line_of(reply.addr) != mshrs.entry(tag_index).line) {
    throw std::logic_error("cache fill with tag " + std::to_string(reply.tag) + " for address " +
                           std::to_string(reply.addr) + " answers no pending fetch");
  }
  const auto index = static_cast<std::uint32_t>(tag_index);
  MshrEntry& entry = mshrs.entry(index);
  const SectorMask arrived = geometry.line_sectors(reply.addr, reply.size, reply.sectors) &
                             entry.requested & ~entry.arrived;
  counters.fills.inc();
  // A fetch is born at its miss, in this cache's clock (send_fetch).
  const std::uint64_t latency = now > reply.born ? now - reply.born : 0;
  counters.fetch_latency.sample(latency);
  if (reply.from_dram) counters.fetch_latency_dram.sample(latency);
  const std::uint32_t set = set_index->set_of(entry.line);
  std::uint32_t way = lines.find(set, entry.line);
  // Only allocate-on-fill caches and token-less reads get here without a line; the former never
  // reserve ways, so a place is always found.
  if (way == CacheLines::kNoWay && arrived != 0) {
    if (entry.places) {
      if (lines.can_place(set)) way = place_line(set, entry.line, mshr_info[index]);
    } else if (counters.tokens) {
      // A token-less read's fill (or a policy bypass's, where tokens are honored too).
      way = place_opportunistic(set, entry.line, mshr_info[index]);
      TokenCounters& t = *counters.tokens;
      (way == CacheLines::kNoWay ? t.unplaced_fills : t.opportunistic_fills).inc();
    }
  }
  std::size_t line_index = 0;
  if (way != CacheLines::kNoWay) {
    line_index = lines.index(set, way);
    lines.valid[line_index] |= arrived;
    lines.pending[line_index] &= ~arrived;
  }
  entry.arrived |= arrived;
  mshrs.complete_arrived(index, [&](const MshrWaiter& waiter) {
    completed.push_back(waiter.tag);
    if (waiter.written != 0 && way != CacheLines::kNoWay) {
      lines.dirty[line_index] |= waiter.written & lines.valid[line_index];
    }
  });
  if (entry.arrived == entry.requested) {
    if (mshrs.waiters(index) != 0) throw std::logic_error("cache MSHR done with requests waiting");
    mshrs.release(index);
  }
}

bool Cache::Impl::install(Addr addr, bool dirty) {
  const Addr line = geometry.line_of(addr);
  const std::uint32_t set = set_index->set_of(line);
  const AccessInfo info{.addr = line, .is_write = true, .token = true};
  std::uint32_t way = lines.find(set, line);
  if (way == CacheLines::kNoWay) {
    if (!lines.can_place(set)) return false;
    way = place_line(set, line, info);
  } else if (lines.pending[lines.index(set, way)] != 0) {
    return false;  // a fetch is on its way: its fill decides the line's state
  } else {
    touch(set, way, info);
  }
  const std::size_t i = lines.index(set, way);
  lines.valid[i] = geometry.full();
  if (dirty) lines.dirty[i] = geometry.full();
  return true;
}

bool Cache::install(Addr addr, bool dirty) { return impl_->install(addr, dirty); }

void Cache::Impl::invalidate_all() {
  for (std::uint32_t set = 0; set < geometry.sets(); ++set) {
    for (std::uint32_t way = 0; way < geometry.ways(set); ++way) {
      if (lines.tag[lines.index(set, way)] != CacheLines::kInvalidTag) {
        invalidate_line(set, way, true);
      }
    }
  }
}

std::string Cache::Impl::describe_state() const {
  std::size_t present = 0;
  std::size_t dirty = 0;
  std::size_t reserved = 0;
  for (std::size_t i = 0; i < lines.tag.size(); ++i) {
    present += lines.tag[i] != CacheLines::kInvalidTag;
    dirty += lines.dirty[i] != 0;
    reserved += lines.pending[i] != 0;
  }
  std::ostringstream out;
  out << present << " lines present (" << dirty << " dirty, " << reserved << " reserved), "
      << mshrs.in_use() << "/" << mshrs.capacity() << " MSHRs busy, " << outgoing.size()
      << " requests queued (miss_queue " << config.miss_queue << ")";
  constexpr std::uint32_t kShown = 8;
  std::uint32_t shown = 0;
  for (std::uint32_t i = 0; i < mshrs.capacity() && shown < kShown; ++i) {
    const MshrEntry& e = mshrs.entry(i);
    if (!e.used) continue;
    out << (shown++ == 0 ? "; pending:" : ",") << " line 0x" << std::hex << e.line << " sectors 0x"
        << e.requested << " arrived 0x" << e.arrived << std::dec << " (" << mshrs.waiters(i)
        << " waiting)";
  }
  return out.str();
}

}  // namespace warpsim

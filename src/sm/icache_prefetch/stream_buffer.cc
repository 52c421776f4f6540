// Stream prefetch buffers between the I-cache and memory (seed 000, Chao Li's thesis, §6.4,
// after Jouppi's stream buffers): `buffers` buffers of `entries` line entries each, every entry
// a line address that is invalid, reserved (requested, not yet filled) or valid, and every
// buffer a least-recently-used stamp. The buffers are probed on each I-cache demand miss:
// - a valid entry holding the line is a hit: the line moves into the I-cache (the entry is
//   emptied) and the fetch proceeds;
// - a reserved entry is a pending hit: the warp waits for the line, which moves into the
//   I-cache when it arrives;
// - otherwise the least recently used buffer is refilled with the missing line and the
//   entries - 1 lines after it, `entries` consecutive line requests (lines another buffer
//   already holds are not requested again), and the warp waits for the first.
// A line enters the I-cache only when a demand fetch references it. The thesis leaves open
// whether the requests start at the missing line or the one after; starting at the missing
// line makes the buffer, not the I-cache's MSHRs, fetch the demand line, so a line is never
// requested twice. A hit or an allocation makes the buffer the most recently used. Fills of a
// buffer's old requests that arrive after it was refilled are dropped (unless a warp waits).

#include <cstdint>
#include <vector>

#include "sim/registry.h"
#include "sim/stats.h"
#include "sm/icache_prefetcher.h"

namespace warpsim {
namespace {

class StreamBufferPrefetch final : public IcachePrefetcher {
 public:
  StreamBufferPrefetch(const ConfigNode& params, const Context& context)
      : line_(context.line),
        entries_(static_cast<std::uint32_t>(params.at("entries").as_uint())),
        buffers_(static_cast<std::uint32_t>(params.at("buffers").as_uint())) {
    for (Buffer& b : buffers_) b.entries.resize(entries_);
    if (context.stats != nullptr) {
      StatGroup& g = context.stats->child("prefetch");
      hits_ = &g.counter("buffer_hits", "accesses", "I-cache misses a valid buffer entry served");
      pending_ = &g.counter("buffer_pending_hits", "accesses",
                            "I-cache misses that found their line requested by a buffer");
      allocations_ = &g.counter("buffer_allocations", "events",
                                "I-cache misses that refilled the least recently used buffer");
      requests_ = &g.counter("buffer_requests", "requests", "line requests the buffers sent");
    }
  }

  Verdict on_demand_miss(Addr line, std::vector<PrefetchRequest>& out) override {
    ++clock_;
    if (const Found f = find(line, State::kValid); f.entry != nullptr) {
      f.entry->state = State::kInvalid;
      f.buffer->last_use = clock_;
      bump(hits_);
      return Verdict::kReady;
    }
    if (const Found f = find(line, State::kReserved); f.entry != nullptr) {
      f.buffer->last_use = clock_;
      bump(pending_);
      return Verdict::kPending;
    }
    Buffer* victim = &buffers_.front();
    for (Buffer& b : buffers_) {
      if (b.last_use < victim->last_use) victim = &b;
    }
    for (Entry& e : victim->entries) e = Entry{};
    for (std::uint32_t k = 0; k < entries_; ++k) {
      const Addr want = line + Addr{k} * line_;
      if (find(want, State::kReserved).entry != nullptr ||
          find(want, State::kValid).entry != nullptr) {
        continue;
      }
      victim->entries[k] = Entry{want, State::kReserved};
      out.push_back({want, PrefetchRequest::Target::kForPolicy});
      bump(requests_);
    }
    victim->last_use = clock_;
    bump(allocations_);
    return Verdict::kPending;
  }

  bool on_fill(Addr line) override {
    Entry* e = find(line, State::kReserved).entry;
    if (e == nullptr) return false;
    e->state = State::kValid;
    return true;
  }

  void take(Addr line) override {
    if (Entry* e = find(line, State::kValid).entry) e->state = State::kInvalid;
  }

 private:
  enum class State : std::uint8_t { kInvalid, kReserved, kValid };
  struct Entry {
    Addr line = 0;
    State state = State::kInvalid;
  };
  struct Buffer {
    std::vector<Entry> entries;
    std::uint64_t last_use = 0;
  };

  struct Found {
    Buffer* buffer = nullptr;
    Entry* entry = nullptr;
  };

  // The first entry (buffer order, then entry order) holding `line` in `state`, and its buffer.
  Found find(Addr line, State state) {
    for (Buffer& b : buffers_) {
      for (Entry& e : b.entries) {
        if (e.state == state && e.line == line) return {&b, &e};
      }
    }
    return {};
  }
  static void bump(Counter* c) {
    if (c != nullptr) c->inc();
  }

  std::uint32_t line_;
  std::uint32_t entries_;
  std::vector<Buffer> buffers_;
  std::uint64_t clock_ = 0;
  Counter* hits_ = nullptr;
  Counter* pending_ = nullptr;
  Counter* allocations_ = nullptr;
  Counter* requests_ = nullptr;
};

}  // namespace

WARPSIM_REGISTER_POLICY(IcachePrefetcher, StreamBufferPrefetch, "stream_buffer",
                        "Stream prefetch buffers (Chao Li, ch. 6): N LRU buffers of M "
                        "consecutive lines between the I-cache and memory; a line moves into the "
                        "I-cache when referenced",
                        {{.name = "buffers",
                          .type = ParamType::kUint,
                          .description = "number of buffers (N)",
                          .default_value = "2",
                          .min = 1,
                          .max = 64},
                         {.name = "entries",
                          .type = ParamType::kUint,
                          .description = "line entries per buffer (M)",
                          .default_value = "4",
                          .min = 1,
                          .max = 64}});

}  // namespace warpsim

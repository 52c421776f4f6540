#pragma once

// Instruction fetch: fills warps' instruction buffers through the L1 instruction cache, in
// round-robin order over warp slots, `fetch_warps` warps per cycle. A hit brings up to
// fetch_width sequential instructions (not past the end of the function), decoded after
// decode_latency (+ hit_latency) cycles; a miss sends a line read to the memory system and the
// warp waits for the fill (misses to one line merge, up to icache.mshrs lines outstanding).
// An instruction prefetcher (icache.prefetcher, sm/icache_prefetcher.h) sees every demand miss
// and may serve it or add line requests of its own.

#include <cstdint>
#include <memory>
#include <vector>

#include "cache/tag_array.h"
#include "func/launch_state.h"
#include "mem/packet.h"
#include "sim/link.h"
#include "sim/stats.h"
#include "sm/gpc_icache.h"
#include "sm/icache_prefetcher.h"
#include "sm/sm_config.h"
#include "sm/sm_warp.h"

namespace warpsim {

class FetchUnit {
 public:
  // `icache` is the resolved `sm.icache` section (its replacement and prefetcher slots).
  FetchUnit(const SmConfig& config, const ConfigNode& icache, std::uint32_t sm, StatGroup& stats);

  void cycle(Cycle now, std::vector<SmWarp>& warps, Link<MemRequest>& out);
  void on_fill(const MemReply& reply, std::vector<SmWarp>& warps, Cycle now);
  // Whether a fetch could start next cycle (a warp with room and no fetch in flight).
  bool has_work(const std::vector<SmWarp>& warps) const;
  bool busy() const { return !mshrs_.empty(); }
  // Warp slots whose instruction buffer the last cycle() gave entries to (arriving later).
  const std::vector<std::uint32_t>& started() const { return started_; }
  // Warp slot `slot` changed in a way that may make it want a fetch (the SM calls this for
  // every change to a warp's buffer or life other than the fetch unit's own).
  void note(std::uint32_t slot) { candidates_[slot / 64] |= std::uint64_t{1} << (slot % 64); }
  bool needs_next_cycle() const;
  // Empties the I-cache (gpu.cache_control flush); misses in flight stay.
  void invalidate_icache() { icache_.invalidate_all(); }
  // The group's shared instruction cache (sm.gpc_icache); null: misses go to memory.
  void set_gpc_icache(GpcIcache* shared) { shared_ = shared; }
  // The GPC I-cache hands over `line`, which this unit waits for, to be placed at cycle `ready`.
  void deliver(Addr line, std::uint64_t ready);

  // One past the last pc of `w`'s buffered function that fetch may reach (KernelSource::code_end).
  static std::uint32_t fetch_end(const SmWarp& w);
  // Address of instruction `index` (code offset + pc) of code region `region` (fetch.cc).
  Addr code_address(std::uint32_t region, std::uint32_t index) const;

 private:
  struct Mshr {
    Addr line = 0;
    bool sent = false;
    bool prefetch = false;            // asked for by the prefetcher and no demand fetch since
    bool shared_wait = false;         // waiting for another SM's fetch through the GPC I-cache
    std::uint64_t ready = kNotReady;  // the GPC I-cache's line arrives at this cycle
  };
  static constexpr std::uint64_t kNotReady = ~std::uint64_t{0};
  // Allocates an MSHR for `line` and requests it: from the GPC I-cache where there is one, else
  // (or on its miss) from memory.
  void request_line(Addr line, bool prefetch, Cycle now, Link<MemRequest>& out);
  // Places the lines the GPC I-cache delivered by `now`.
  void place_delivered(Cycle now, std::vector<SmWarp>& warps);
  bool wants_fetch(const SmWarp& w) const;
  bool fetch_one(Cycle now, SmWarp& w, std::uint32_t slot, Link<MemRequest>& out);
  MemRequest line_request(Addr line, Cycle now) const;
  // A fetch at `pc` that found its line: up to fetch_width entries (not past `end`), in the
  // warp's buffer at cycle `ready`.
  void start_decode(SmWarp& w, std::uint32_t slot, std::uint32_t pc, std::uint32_t end,
                    std::uint64_t ready);
  // The MSHR tracking `line`, or mshrs_.end().
  std::vector<Mshr>::iterator find_mshr(Addr line);
  // Sends or queues the prefetcher's requests of one demand miss (prefetch_requests_).
  void issue_prefetches(Cycle now, Link<MemRequest>& out);
  // Sends the prefetcher's own requests that wait for room on the link, in order.
  void send_for_policy(Cycle now, Link<MemRequest>& out);
  // Places `line` in the I-cache (at the eviction end for a prefetch) and wakes its warps.
  void place(Addr line, bool prefetch, std::vector<SmWarp>& warps);
  bool warps_wait_on(Addr line, const std::vector<SmWarp>& warps) const;
  // Cyclic distance from slot `from` to the next candidate slot, or `n` if there is none.
  std::uint32_t distance_to_candidate(std::uint32_t from, std::uint32_t n) const;
  void drop(std::uint32_t slot) { candidates_[slot / 64] &= ~(std::uint64_t{1} << (slot % 64)); }

  const SmConfig& config_;
  std::uint32_t sm_;
  TagArray icache_;
  std::vector<Mshr> mshrs_;
  std::unique_ptr<IcachePrefetcher> prefetcher_;
  GpcIcache* shared_ = nullptr;
  std::vector<PrefetchRequest> prefetch_requests_;  // scratch for one demand miss
  std::vector<Addr> unsent_for_policy_;             // the prefetcher's own requests, not yet sent
  std::vector<std::uint32_t> started_;
  // One bit per warp slot: a superset of the slots wants_fetch() accepts, so that a cycle need
  // not look at every warp. note() adds slots; a scan drops those that turn out not to.
  std::vector<std::uint64_t> candidates_;
  std::uint32_t next_warp_ = 0;

  Counter& accesses_;
  Counter& hits_;
  Counter& misses_;
  Counter& merged_;
  Counter& mshr_full_;
  Counter& prefetches_;
  Counter& prefetch_merged_;
  Counter& prefetch_dropped_;
  Counter& gpc_hits_;
  Counter& gpc_merged_;
};

}  // namespace warpsim

#pragma once

// The SM's side of the memory hierarchy, between the coalescer and the crossbar: coalesced
// requests pass the L1 TLB (when enabled), wait in the request prioritizer (issue order by
// default; MRPB reorders them), and access the L1 data, texture or constant cache,
// `accesses_per_cycle` per cycle; a refused access (reservation failure) stays at the front and
// is retried. Hits complete after the cache's hit latency, misses when their fill arrives,
// forwarded requests (bypasses, write-throughs, atomics) when the next level answers. Requests
// that must skip the L1 altogether (`ld.cg`, `ld.cv`, volatile, or all global loads when
// sm.ldst.cache_global_loads is false) go out in order through their own queue.
//
// Translation (tlb.*, when a TlbUnit is given): a request waits for its translation before its
// L1 access. A load that missed the L1 TLB and hits in the L1D completes
// tlb.l1_miss_round_trip cycles later than other hits (Fermi: the TLBs sit near the L2). With
// tlb.skip_on_l1d_hit (Maxwell), L1D requests access the L1 untranslated: a hit needs no
// translation at all, and what a miss or forward sends leaves the L1D's outgoing queue (in
// order) no earlier than its translation is ready, which the TLB is asked for at the access.
//
// Tags: a request's tag is the LD/ST unit's entry id, and every completion hands it back. The
// caches' own fetches carry kFetchTagBit; this class adds the cache's id in bits 56..57 on the
// way out and strips it from the reply, so one Link serves all three caches.

#include <cstdint>
#include <deque>
#include <memory>
#include <queue>
#include <vector>

#include "cache/cache.h"
#include "cache/prioritization/request_prioritizer.h"
#include "mem/packet.h"
#include "sim/config_node.h"
#include "sim/link.h"
#include "sim/stats.h"

namespace warpsim {

class TlbUnit;

enum class L1Target : std::uint8_t { kData, kTexture, kConst, kBypass };

// In a request's tag: a texture fetch served by the L1D (L1Path::push).
inline constexpr std::uint64_t kTextureRequestBit = std::uint64_t{1} << 47;

class L1Path {
 public:
  // `sm` is the resolved `sm` section (its l1d, l1t, l1c sections and ldst's prioritizer slot
  // are read from it); the caches' counters go to `stats`.l1d, .l1t, .l1c and this path's to
  // `stats`.ldst. `tlb` may be null (no translation modeled).
  L1Path(const ConfigNode& sm, std::uint32_t sm_id, std::uint32_t warps, StatGroup& stats,
         TlbUnit* tlb);
  ~L1Path();

  bool can_accept() const;
  // `request.tag` carries kTextureRequestBit for a texture fetch pushed to the L1D
  // (sm.ldst.texture_in_l1d): it finishes sm.ldst.texture_latency cycles after the L1D's answer
  // (+ texture_miss_latency when it waited for a fill). The bit comes back with its completion.
  void push(const MemRequest& request, L1Target target, Cycle now);

  // One cycle: translations that are done enter the prioritizer, up to accesses_per_cycle
  // accesses, then requests leave on `out`. Appends the tags that completed.
  void cycle(Cycle now, Link<MemRequest>& out, std::vector<std::uint64_t>& done);
  void on_reply(const MemReply& reply, Cycle now, std::vector<std::uint64_t>& done);

  // Invalidates the L1 caches (GPGPU-Sim does it between kernels).
  void invalidate();
  // Cache tokens (cache.h): a kernel boundary; one of the SM's warps ended.
  void clear_tokens();
  void on_warp_end(std::uint32_t warp);
  // With a unified L1/shared array (sm.l1d.unified_bytes), the L1D gets what a shared-memory
  // carve-out of `shared_bytes` leaves; it is resized only when it holds nothing in flight.
  void set_shared_carveout(std::uint64_t shared_bytes);
  // The L1 data cache's listener (cache_listener.h).
  void set_l1d_listener(CacheListener* listener) { caches_[0]->set_listener(listener); }
  // The SM's active-warp window for the L1 data cache (warp_window.h).
  void set_l1d_warp_window(const WarpWindowSource* source) { caches_[0]->set_warp_window(source); }
  // The L1 data cache, for GPU-level controllers of its policies (Dynamic-AgeLRU, RPR's group).
  Cache& l1d() { return *caches_[0]; }

  bool needs_next_cycle() const;
  std::uint64_t next_event(Cycle now) const;
  bool idle() const;

  // The L1 line size of a target (coalescing granularity).
  std::uint32_t line_of(L1Target target) const;

 private:
  struct Timed {
    std::uint64_t due = 0;
    std::uint64_t seq = 0;
    std::uint64_t tag = 0;
    bool operator>(const Timed& o) const { return due != o.due ? due > o.due : seq > o.seq; }
  };
  struct Waiting {
    std::uint64_t ready = 0;
    std::uint64_t seq = 0;
    MemRequest request;
    bool operator>(const Waiting& o) const {
      return ready != o.ready ? ready > o.ready : seq > o.seq;
    }
  };

  Cache& cache(L1Target target) { return *caches_[static_cast<std::size_t>(target)]; }
  void admit_translated(Cycle now);
  void access(Cycle now, std::vector<std::uint64_t>& done);
  void send(Link<MemRequest>& out, Cycle now);
  void finish_hits(Cycle now, std::vector<std::uint64_t>& done);

  std::uint32_t sm_;
  std::uint64_t unified_bytes_ = 0;
  std::uint32_t accesses_per_cycle_;
  std::uint32_t capacity_;
  std::unique_ptr<Cache> caches_[3];
  std::unique_ptr<RequestPrioritizer> prioritizer_;
  TlbUnit* tlb_;
  std::priority_queue<Waiting, std::vector<Waiting>, std::greater<>> translating_;
  std::priority_queue<Timed, std::vector<Timed>, std::greater<>> hits_;
  std::deque<Waiting> bypass_;  // in order; each leaves once translated
  std::uint64_t seq_ = 0;
  std::uint64_t pending_ = 0;               // requests pushed and not yet completed
  bool refused_ = false;                    // the front access was refused this cycle
  std::uint32_t next_cache_ = 0;            // round robin over outgoing queues
  std::uint32_t l1_miss_round_trip_ = 0;    // tlb.l1_miss_round_trip
  std::uint32_t texture_miss_latency_ = 0;  // sm.ldst.texture_miss_latency
  std::uint32_t texture_latency_ = 0;       // sm.ldst.texture_latency
  bool skip_tlb_on_l1d_hit_ = false;        // tlb.skip_on_l1d_hit
  std::uint64_t l1d_hold_ = 0;  // the L1D's outgoing queue waits for a translation until then
  Counter& refusals_;
  Counter& prioritizer_stalls_;
  Counter& bypassed_;
};

}  // namespace warpsim

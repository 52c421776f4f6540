// The generic cache's counters (cache_impl.h's CacheCounters).
//
// Stats (the group given to the constructor; names are part of stats.json):
//   accesses       successful accesses = hits + hit_reserved + misses + forwarded
//   reads          successful reads and instruction fetches
//   writes         successful writes
//   atomics        successful atomics
//   hits           served here: the line held every requested sector (a write-back level
//                  also serves write hits, write-validate misses and atomic hits)
//   hit_reserved   merged into a pending miss that already requested every missing sector
//   misses         accesses that sent a fetch (each sends exactly one fetch request)
//   sector_misses  misses whose line was present but lacked some requested sectors
//   policy_bypasses  read misses the replacement policy placed no line for (bypass_instead)
//   forwarded      passed on unchanged: bypasses, write-through / write-evict writes,
//                  no-allocate write misses, atomics at a level that does not execute them
//   bypassed       forwarded because the bypass or admission policy said so (part of
//                  `forwarded`)
//   write_hits     writes that found their line present (write-evict drops it, write-through
//                  updates it, write-back writes it): hits that serve no read
//   admission.*    with an admission policy other than `all` (admission_policy.h)
//   blocks.*       the opt-in block statistics (block_stats.h)
//   reservation_fail_no_line     no way of the set could be reserved (allocate on miss)
//   reservation_fail_no_mshr     every MSHR was busy with another line
//   reservation_fail_mshr_merge  the line's MSHR already held mshr_merge requests
//   reservation_fail_miss_queue  the outgoing queue had no room for the fetch or forward
//   evictions      lines the replacement policy evicted to make room
//   writebacks     dirty lines written to the next level (evictions and invalidate_all)
//   fills          replies to this cache's fetches
//   hits_intra_warp  hits on a line that the hitting warp itself allocated (same SM, same
//                    warp_age: one warp of the run, not a reused slot)
//   hits_inter_warp  hits on a line another warp allocated (hits = intra + inter)
//   hits_by_warp_age histogram of hits by the requester's age_rank (live warps on its
//                    scheduler launched before it; 0 = the oldest)
//   fetch_latency       histogram: this cache's clock cycles from a miss to each fill reply
//   reuse.*        the opt-in reuse-distance collector (reuse_distance.h)
//   tokens.*       with tokens.honor: token holders' and token-less accesses (cache_tokens.cc)
//   fetch_latency_dram  the same for replies the L2 answered from DRAM (MemReply::from_dram):
//                       at an L1, the round trip of an access that missed in L1 and L2
//   hit_rate       hits / (hits + hit_reserved + misses): accesses that looked for a line
// A failed access counts only its reservation_fail_* counter.

#include <memory>

#include "cache/cache_impl.h"

namespace warpsim {

CacheCounters::CacheCounters(StatGroup& s, bool with_admission)
    : accesses(s.counter("accesses", "requests", "accesses accepted (failed attempts excluded)")),
      reads(s.counter("reads", "requests", "accepted reads and instruction fetches")),
      writes(s.counter("writes", "requests", "accepted writes")),
      atomics(s.counter("atomics", "requests", "accepted atomics")),
      hits(s.counter("hits", "requests", "accesses served by this cache")),
      hit_reserved(s.counter("hit_reserved", "requests",
                             "accesses merged into a pending miss for the sectors they need")),
      misses(s.counter("misses", "requests", "accesses that sent a fetch to the next level")),
      sector_misses(s.counter("sector_misses", "requests",
                              "misses whose line was present without every requested sector")),
      policy_bypasses(s.counter("policy_bypasses", "requests",
                                "read misses the replacement policy chose not to place")),
      forwarded(s.counter("forwarded", "requests",
                          "accesses passed to the next level unchanged (bypass, write-through, "
                          "write-evict, no-allocate write miss, atomic not executed here)")),
      bypassed(s.counter("bypassed", "requests",
                         "forwarded accesses the bypass or admission policy chose")),
      write_hits(s.counter("write_hits", "requests", "writes that found their line present")),
      fail_no_line(s.counter("reservation_fail_no_line", "attempts",
                             "refused: no way of the set could be reserved")),
      fail_no_mshr(s.counter("reservation_fail_no_mshr", "attempts", "refused: no free MSHR")),
      fail_mshr_merge(s.counter("reservation_fail_mshr_merge", "attempts",
                                "refused: the line's MSHR held mshr_merge requests")),
      fail_miss_queue(s.counter("reservation_fail_miss_queue", "attempts",
                                "refused: no room in the outgoing (miss) queue")),
      evictions(s.counter("evictions", "lines", "lines evicted to make room")),
      writebacks(s.counter("writebacks", "requests", "dirty lines written to the next level")),
      fills(s.counter("fills", "replies", "replies to this cache's fetches")),
      hits_intra_warp(
          s.counter("hits_intra_warp", "requests", "hits on a line the same warp allocated")),
      hits_inter_warp(
          s.counter("hits_inter_warp", "requests", "hits on a line another warp allocated")),
      hits_by_warp_age(s.histogram("hits_by_warp_age", "requests",
                                   "hits by the requester's age rank on its scheduler (live "
                                   "warps launched before it; 0 = oldest)",
                                   HistogramSpec{.bucket_width = 1, .buckets = 64})),
      fetch_latency(s.histogram(
          "fetch_latency", "cycles", "cycles of this cache's clock from a miss to each fill reply",
          HistogramSpec{.scale = HistogramSpec::Scale::kLog2, .buckets = 16})),
      fetch_latency_dram(
          s.histogram("fetch_latency_dram", "cycles",
                      "fetch_latency of the replies the L2 answered with data from DRAM",
                      HistogramSpec{.scale = HistogramSpec::Scale::kLog2, .buckets = 16})) {
  if (with_admission) admission = std::make_unique<AdmissionCounters>(s.child("admission"));
  s.formula("hit_rate", "ratio", "hits / (hits + hit_reserved + misses)", [](const GroupValues& v) {
    const double looked = v["hits"] + v["hit_reserved"] + v["misses"];
    return looked == 0 ? 0.0 : v["hits"] / looked;
  });
}

}  // namespace warpsim

#pragma once

// What the probe infers about a GPU's memory hierarchy: the contents of `warpsim probe`'s table
// and JSON (docs/validation.md). std::nullopt is "this GPU lacks it" or "could not be inferred"
// (`note` says which); JSON writes null.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpsim::probe {

// A cache as the fine-grained P-chase sees it (seed 003 §2.4).
struct CacheGeometry {
  std::uint64_t size_bytes = 0;  // C: the largest array whose every access hits
  // Where that array began (a device address): the size search chases one array, and where a
  // set or slice index hashes address bits above C, C depends on it.
  std::uint64_t array_address = 0;
  std::uint32_t line_bytes = 0;  // b
  std::uint32_t sets = 0;        // T
  // a per set, in set order; one entry when all sets are equal.
  std::vector<std::uint32_t> ways;
  std::string replacement;  // "lru", or "non-lru" (aperiodic misses), "unknown"
  std::string set_mapping;  // "bits 5-6", "bits 7-8", "hashed", ... (free text)
  double hit_latency = 0;   // cycles
  double miss_latency = 0;  // cycles, a miss served by the next level
  // Non-LRU: how often each way was the victim, from replaying the trace (sums to 1).
  std::vector<double> victim_share;
  std::string note;
};

struct TlbLevel {
  std::uint32_t level = 1;
  std::uint32_t entries = 0;
  std::uint64_t page_bytes = 0;
  std::uint32_t sets = 0;
  std::vector<std::uint32_t> ways;  // per set; one entry when equal
  std::string replacement;
  double miss_penalty = 0;  // extra cycles of a miss at this level over a hit
  std::string note;
};

struct SharedMemory {
  std::uint32_t banks = 0;
  std::uint32_t bank_bytes = 0;
  double latency = 0;  // one thread, no conflict
  // Average latency per access of one warp at conflict degree 1..32 (index 0 is degree 1).
  std::vector<double> conflict_latency;
  // The same in the GPU's 8-byte bank mode, where it has one (Kepler); else empty.
  std::vector<double> conflict_latency_8byte;
};

// Seed 003 §2.7, Fig. 14: load latency for each combination of data-cache / TLB hit and miss.
struct GlobalLatency {
  std::optional<double> p1, p2, p3, p4, p5, p6;  // cycles; nullopt where not observable
  std::string data_cache;                        // "l1" or "l2": which cache P1-P3 hit in
};

// One point of a throughput sweep (bandwidth.h).
struct ThroughputPoint {
  std::uint32_t ctas_per_sm = 0;
  std::uint32_t threads = 0;
  std::uint32_t ilp = 0;
  double bytes_per_cycle = 0;  // global: whole GPU; shared: per SM (mean over the SMs used)
};

struct Bandwidth {
  double global_bytes_per_cycle = 0;  // whole GPU, core cycles
  double global_gb_s = 0;
  double shared_bytes_per_cycle_per_sm = 0;
  double shared_gb_s_per_sm = 0;
  std::string global_config;  // the launch shape that reached the peak
  std::string shared_config;
  double core_mhz = 0;                         // the clock of the cycles above
  std::vector<ThroughputPoint> global_points;  // every point of the sweeps, in sweep order
  std::vector<ThroughputPoint> shared_points;
};

// A part of the probe that ran (probe_all.h's kProbeParts), with its wall-clock time.
struct ProbedPart {
  std::string name;
  double seconds = 0;
};

struct Hierarchy {
  std::string device;
  // What was measured; a structure of a part that did not run is nullopt (JSON null) too.
  std::vector<ProbedPart> parts;
  std::optional<CacheGeometry> l1d, l2, texture, readonly;
  std::vector<TlbLevel> tlb;
  std::optional<SharedMemory> shared;
  std::optional<GlobalLatency> global;
  std::optional<Bandwidth> bandwidth;
};

}  // namespace warpsim::probe

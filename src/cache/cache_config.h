#pragma once

// The geometry and policies of one generic cache (see cache.h), read from a config section that
// cache_section() declares. Every level's section (sm.l1d, sm.l1t, sm.l1c, l2, ...) is built
// by cache_section() with its own defaults, so all caches share one set of knobs.

#include <cstdint>
#include <string>
#include <vector>

#include "sim/config_node.h"
#include "sim/schema.h"

namespace warpsim {

enum class WritePolicy : std::uint8_t {
  kReadOnly,      // writes are an error in the owner (constant, texture caches)
  kWriteBack,     // dirty lines written back on eviction (L2)
  kWriteThrough,  // every write forwarded; a hit updates the line (Volta L1)
  kWriteEvict,    // every write forwarded; a hit invalidates the line (Fermi L1 global)
};
enum class WriteAllocate : std::uint8_t {
  kNone,            // a write miss allocates nothing
  kFetchOnWrite,    // a write miss allocates and fetches the line, then writes it
  kWriteValidate,   // a write miss allocates and marks only the written sectors valid
  kLazyFetchOnRead  // like kWriteValidate; a later read of an unwritten sector fetches it
};
enum class AllocatePoint : std::uint8_t {
  kOnMiss,    // the victim is chosen and reserved when the miss is sent (GPGPU-Sim 'm')
  kOnFill,    // the victim is chosen when the data arrives (GPGPU-Sim 'f')
  kStreaming  // on fill, and misses never fail for lack of a line (Volta's streaming L1)
};

// PCAL's cache tokens (seed 001 §4.3–4.6, docs/timing.md "Cache tokens"): when a line's
// priority (set by a token holder placing or hitting it) is cleared again.
enum class TokenClear : std::uint8_t {
  kKernelEnd,     // every line's priority at each kernel boundary (the thesis' choice)
  kAllOwnersEnd,  // a line's once every token holder that used it has ended (an L1 only)
  kLastOwnerEnd,  // a line's once the last token holder that used it has ended (an L1 only)
  kPeriodic       // every line's every `clear_period` cycles
};

struct CacheTokens {
  // Requests of warps without a token (MemRequest::token false) probe and may hit, reserve an
  // MSHR on a read miss, and never place or evict a line (but see `opportunistic`).
  bool honor = false;
  // A token-less read's fill takes an invalid line, or one no token holder has used since its
  // priority was last cleared, when the set has one.
  bool opportunistic = true;
  TokenClear clear = TokenClear::kKernelEnd;
  std::uint64_t clear_period = 0;  // cycles, for kPeriodic
};

struct CacheConfig {
  std::uint64_t size = 0;
  std::uint32_t line = 128;
  std::uint32_t sector = 128;  // == line: not sectored; else kSectorBytes
  std::uint32_t ways = 4;
  std::vector<std::uint32_t> set_ways;  // per-set associativity; empty = `ways` everywhere
  std::uint32_t hit_latency = 1;        // applied by the owner
  WritePolicy write_policy = WritePolicy::kWriteBack;
  // Writes to local memory (MemRequest::local): write_policy unless the section's
  // local_write_policy names another (GPGPU-Sim's 'L' L1: local write-back, global through).
  WritePolicy local_write_policy = WritePolicy::kWriteBack;
  WriteAllocate write_allocate = WriteAllocate::kNone;
  AllocatePoint allocate = AllocatePoint::kOnMiss;
  std::uint32_t mshrs = 32;      // lines with misses outstanding
  std::uint32_t mshr_merge = 8;  // requests one MSHR may hold
  std::uint32_t miss_queue = 8;  // requests waiting to leave for the next level
  // Bypass traffic optimization (seed 001 §4.5): a read miss that places no line here fetches
  // only the 32-byte sectors it needs instead of whole fetch units.
  bool bto = false;
  // Every read hits, with no line, no miss and no traffic (seed 000 ch. 2's perfect L1D);
  // writes and atomics follow the write policy as usual.
  bool perfect_reads = false;
  CacheTokens tokens;
  std::uint32_t sets() const;  // size / (line * ways), or set_ways.size() when given
  // Sectors (and lines of up to 32 sectors, i.e. 1 KiB) are what packets can describe;
  // `sector` is the fetch unit: the line (unsectored) or a multiple of 32 bytes.
};

// Defaults of one cache level's section; everything is overridable in the config.
struct CacheDefaults {
  std::string size = "16KiB";
  std::uint32_t line = 128;
  std::uint32_t sector = 128;
  std::uint32_t ways = 4;
  std::uint32_t hit_latency = 1;
  std::string write_policy = "write_back";
  std::string write_allocate = "none";
  std::string allocate = "on_miss";
  std::uint32_t mshrs = 32;
  std::uint32_t mshr_merge = 8;
  std::uint32_t miss_queue = 8;
  std::string replacement = "lru";
  std::string set_index = "linear";
};

// A section named `name` with the params above (set_ways defaults to [], the rest to
// `defaults`) and the policy slots replacement and set_index (defaults from `defaults`),
// insertion (default "none") and bypass (default "never").
SectionSpec cache_section(std::string name, std::string description, const CacheDefaults& defaults);
// Reads a resolved section made by cache_section(); throws ConfigError (naming the key) for a
// geometry that does not work: a line that is not a power of two of at most 1 KiB, a sector
// that is neither the line nor a power-of-two multiple of 32 bytes dividing it into at most
// 32 sectors, or a size other than sets x ways x line (sum of set_ways x line).
CacheConfig read_cache_config(const ConfigNode& section);

}  // namespace warpsim

#include "cache/cache_config.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cache/admission/admission_policy.h"
#include "cache/bypass/bypass_policy.h"
#include "cache/cache_geometry.h"
#include "cache/insertion/insertion_policy.h"
#include "cache/replacement/replacement_policy.h"
#include "cache/set_index/set_index.h"

namespace warpsim {

namespace {

template <typename Enum>
struct Choice {
  const char* name;
  Enum value;
};

constexpr Choice<WritePolicy> kWritePolicies[] = {{"write_back", WritePolicy::kWriteBack},
                                                  {"write_through", WritePolicy::kWriteThrough},
                                                  {"write_evict", WritePolicy::kWriteEvict},
                                                  {"read_only", WritePolicy::kReadOnly}};
constexpr Choice<WriteAllocate> kWriteAllocates[] = {
    {"none", WriteAllocate::kNone},
    {"fetch_on_write", WriteAllocate::kFetchOnWrite},
    {"write_validate", WriteAllocate::kWriteValidate},
    {"lazy_fetch_on_read", WriteAllocate::kLazyFetchOnRead}};
constexpr Choice<TokenClear> kTokenClears[] = {{"kernel_end", TokenClear::kKernelEnd},
                                               {"all_owners_end", TokenClear::kAllOwnersEnd},
                                               {"last_owner_end", TokenClear::kLastOwnerEnd},
                                               {"periodic", TokenClear::kPeriodic}};
constexpr Choice<AllocatePoint> kAllocatePoints[] = {{"on_miss", AllocatePoint::kOnMiss},
                                                     {"on_fill", AllocatePoint::kOnFill},
                                                     {"streaming", AllocatePoint::kStreaming}};

template <typename Enum, std::size_t N>
std::vector<std::string> names(const Choice<Enum> (&choices)[N]) {
  std::vector<std::string> out;
  for (const Choice<Enum>& c : choices) out.emplace_back(c.name);
  return out;
}

// local_write_policy's choices: `same`, or any write policy a cache that takes writes can have.
std::vector<std::string> local_write_policies() {
  std::vector<std::string> out{"same"};
  for (std::string& name : names(kWritePolicies)) {
    if (name != "read_only") out.push_back(std::move(name));
  }
  return out;
}

template <typename Enum, std::size_t N>
Enum read_choice(const ConfigNode& node, const Choice<Enum> (&choices)[N]) {
  const std::string text = node.as_string();
  for (const Choice<Enum>& c : choices) {
    if (text == c.name) return c.value;
  }
  throw node.error("unknown value '" + text + "'");
}

std::uint32_t read_u32(const ConfigNode& section, std::string_view key) {
  const ConfigNode& node = section.at(key);
  const std::uint64_t value = node.as_uint();
  if (value > 0xffffffffULL) throw node.error("value " + std::to_string(value) + " is too large");
  return static_cast<std::uint32_t>(value);
}

// MSHR indices travel in 24 bits of fetch tags.
constexpr double kMaxCount = (1 << 24) - 1;

std::vector<ParamSpec> geometry_params(const CacheDefaults& d) {
  return {
      ParamSpec{.name = "size",
                .type = ParamType::kSize,
                .description = "capacity in bytes (sets x ways x line, or the sum of set_ways x "
                               "line)",
                .default_value = d.size,
                .min = 1},
      uint_param("line", "line size in bytes, a power of two", std::to_string(d.line), 1,
                 kMaxCacheLine),
      uint_param("sector",
                 "bytes fetched and tracked as one unit: the line size (unsectored) or "
                 "32 (sectored, Volta and later)",
                 std::to_string(d.sector), 1, kMaxCacheLine),
      uint_param("ways", "associativity of every set (when set_ways is empty)",
                 std::to_string(d.ways), 1, kMaxWays),
      ParamSpec{.name = "set_ways",
                .type = ParamType::kIntList,
                .description = "per-set associativity, one entry per set (unequal sets, as Mei "
                               "& Chu measured); empty: `ways` in every set",
                .default_value = "[]",
                .min = 1,
                .max = kMaxWays},
      uint_param("hit_latency", "cycles from access to the answer of a hit",
                 std::to_string(d.hit_latency), 0, 1 << 20)};
}

std::vector<ParamSpec> behaviour_params(const CacheDefaults& d) {
  return {
      choice_param("write_policy",
                   "write_back (dirty lines written on eviction), write_through (writes go on; "
                   "hits update), write_evict (writes go on; hits invalidate), read_only",
                   d.write_policy, names(kWritePolicies)),
      choice_param("local_write_policy",
                   "the write policy of local-memory writes: same (write_policy's), "
                   "write_back, write_through or write_evict (GPGPU-Sim's 'L' Fermi L1 writes "
                   "local memory back and global memory through)",
                   "same", local_write_policies()),
      choice_param("write_allocate",
                   "what a write miss allocates: none, fetch_on_write, write_validate (written "
                   "units become valid), lazy_fetch_on_read (written sectors become valid)",
                   d.write_allocate, names(kWriteAllocates)),
      choice_param("allocate",
                   "when a miss takes a line: on_miss (reserved when the miss is sent; fails "
                   "when every way is reserved), on_fill (chosen when the data arrives), "
                   "streaming (Volta's L1: on fill too; GPGPU-Sim also gives it an MSHR per "
                   "line, which is up to `mshrs`)",
                   d.allocate, names(kAllocatePoints)),
      uint_param("mshrs", "lines with misses outstanding", std::to_string(d.mshrs), 1, kMaxCount),
      uint_param("mshr_merge", "requests one MSHR holds", std::to_string(d.mshr_merge), 1,
                 kMaxCount),
      uint_param("miss_queue",
                 "requests waiting to leave for the next level (write-backs may exceed it)",
                 std::to_string(d.miss_queue), 1, kMaxCount),
      ParamSpec{.name = "perfect_reads",
                .type = ParamType::kBool,
                .description = "every read hits, with no line, miss or traffic (a perfect "
                               "cache for reads, as seed 000 ch. 2's perfect L1D); writes and "
                               "atomics follow the write policy",
                .default_value = "false"},
      ParamSpec{.name = "bto",
                .type = ParamType::kBool,
                .description = "bypass traffic optimization: a read miss that places no line "
                               "here (a token-less PCAL read) fetches only the 32-byte sectors "
                               "it needs, not whole fetch units",
                .default_value = "false"},
      ParamSpec{.name = "block_stats",
                .type = ParamType::kBool,
                .description = "opt-in block statistics (stats blocks.*): how many blocks were "
                               "read how often, and each read's reuse distance in distinct "
                               "blocks over the whole cache",
                .default_value = "false"},
      uint_param("reuse_distance_pcs",
                 "opt-in reuse-distance collector (stats reuse.*): 0 off; N > 0 collects "
                 "histograms over all accesses and for PCs 0..N-1 each (the rest pooled)",
                 "0", 0, 4096),
      ParamSpec{.name = "reuse_distance_by",
                .type = ParamType::kString,
                .description = "what the collector's N histograms are per: pc, or signature "
                               "(RPR's 8-bit hash of PC and warp age rank, of the access that "
                               "opened the reuse)",
                .default_value = "pc",
                .choices = {"pc", "signature"}}};
}

std::vector<PolicySlot> policy_slots(const CacheDefaults& d) {
  return {PolicySlot{.name = "replacement",
                     .kind = ReplacementPolicy::kKind,
                     .default_impl = d.replacement,
                     .description = "which line to evict"},
          PolicySlot{.name = "set_index",
                     .kind = SetIndexFunction::kKind,
                     .default_impl = d.set_index,
                     .description = "which set an address maps to"},
          PolicySlot{.name = "insertion",
                     .kind = InsertionPolicy::kKind,
                     .default_impl = "none",
                     .description = "where a filled line enters the replacement order"},
          PolicySlot{.name = "bypass",
                     .kind = BypassPolicy::kKind,
                     .default_impl = "never",
                     .description = "which accesses skip this cache"},
          PolicySlot{.name = "admission",
                     .kind = AdmissionPolicy::kKind,
                     .default_impl = "all",
                     .description = "which read misses get a line (the others bypass)"}};
}

SectionSpec tokens_section() {
  return SectionSpec{
      .name = "tokens",
      .description =
          "PCAL's cache tokens (seed 001): what requests of warps without a token "
          "may do here (the SM's cache_tokens policy gives the tokens)",
      .params = {ParamSpec{.name = "honor",
                           .type = ParamType::kBool,
                           .description = "token-less reads probe and may hit, reserve an MSHR "
                                          "on a miss, and never place or evict a line; false: "
                                          "every request is treated as a token holder's",
                           .default_value = "false"},
                 ParamSpec{.name = "opportunistic",
                           .type = ParamType::kBool,
                           .description = "a token-less read's fill takes an invalid line, or "
                                          "one no token holder used since the last clear, when "
                                          "its set has one",
                           .default_value = "true"},
                 choice_param("clear",
                              "when token holders' line priorities are cleared: kernel_end, "
                              "all_owners_end or last_owner_end (L1 caches only: their SM "
                              "reports warp ends), periodic (every clear_period cycles)",
                              "kernel_end", names(kTokenClears)),
                 uint_param("clear_period", "cycles between clears with clear: periodic", "0", 0)}};
}

}  // namespace

std::uint32_t CacheConfig::sets() const {
  if (!set_ways.empty()) return static_cast<std::uint32_t>(set_ways.size());
  const std::uint64_t set_bytes = std::uint64_t{line} * ways;
  return set_bytes == 0 ? 0 : static_cast<std::uint32_t>(size / set_bytes);
}

SectionSpec cache_section(std::string name, std::string description, const CacheDefaults& d) {
  SectionSpec section{.name = std::move(name), .description = std::move(description)};
  section.params = geometry_params(d);
  for (ParamSpec& param : behaviour_params(d)) section.params.push_back(std::move(param));
  section.policies = policy_slots(d);
  section.sections = {tokens_section()};
  return section;
}

CacheConfig read_cache_config(const ConfigNode& section) {
  CacheConfig c;
  c.size = section.at("size").as_size();
  c.line = read_u32(section, "line");
  c.sector = read_u32(section, "sector");
  c.ways = read_u32(section, "ways");
  for (std::int64_t ways : section.at("set_ways").as_int_list()) {
    if (ways < 1 || ways > kMaxWays) {
      throw section.at("set_ways")
          .error("every set needs 1.." + std::to_string(kMaxWays) + " ways, got " +
                 std::to_string(ways));
    }
    c.set_ways.push_back(static_cast<std::uint32_t>(ways));
  }
  c.hit_latency = read_u32(section, "hit_latency");
  c.write_policy = read_choice(section.at("write_policy"), kWritePolicies);
  const ConfigNode& local = section.at("local_write_policy");
  c.local_write_policy =
      local.as_string() == "same" ? c.write_policy : read_choice(local, kWritePolicies);
  if (c.write_policy == WritePolicy::kReadOnly && c.local_write_policy != c.write_policy) {
    throw local.error("a read-only cache takes no writes, local or not");
  }
  c.write_allocate = read_choice(section.at("write_allocate"), kWriteAllocates);
  c.allocate = read_choice(section.at("allocate"), kAllocatePoints);
  c.mshrs = read_u32(section, "mshrs");
  c.mshr_merge = read_u32(section, "mshr_merge");
  c.miss_queue = read_u32(section, "miss_queue");
  c.bto = section.at("bto").as_bool();
  c.perfect_reads = section.at("perfect_reads").as_bool();
  const ConfigNode& tokens = section.at("tokens");
  c.tokens.honor = tokens.at("honor").as_bool();
  c.tokens.opportunistic = tokens.at("opportunistic").as_bool();
  c.tokens.clear = read_choice(tokens.at("clear"), kTokenClears);
  c.tokens.clear_period = tokens.at("clear_period").as_uint();
  if (c.tokens.honor && c.tokens.clear == TokenClear::kPeriodic && c.tokens.clear_period == 0) {
    throw tokens.at("clear_period").error("clear: periodic needs a clear_period of at least 1");
  }
  std::string key;
  const std::string problem = cache_geometry_problem(c, &key);
  if (!problem.empty()) throw section.at(key).error(problem);
  return c;
}

}  // namespace warpsim

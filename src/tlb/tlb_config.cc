#include "tlb/tlb_config.h"

#include <numeric>
#include <string>
#include <utility>

#include "cache/replacement/replacement_policy.h"

namespace warpsim {

// Defaults are seed 003's (Mei & Chu, GTX560Ti / GTX780 / GTX980) findings, with Fermi's
// latencies from its Fig. 14 global-latency patterns (GTX560Ti, core cycles):
//  - L1 TLB: 16 entries, fully associative, 2 MB pages (Table V). Its hit is part of every
//    pattern's base latency, so hit_latency is 0.
//  - L2 TLB: 65 entries in one set of 17 and six of 8 (Table V, Figs. 8/9). The page -> set
//    mapping is not given; set_map [0,0,1,2,3,4,5,6] (page mod 8: residues 0 and 1 to the
//    17-entry set) is the one inferred in shared/notes/seed-003.md that fits every number.
//  - latency 27 = P2 - P1 with L1 off (378 - 351): an L1-TLB miss that hits the L2 TLB, seen
//    by an access the L2 cache serves. The same miss costs 288 (384 - 96) when the data hits
//    in the Fermi L1, because the TLBs sit near the L2.
//  - walk_latency 84 = P3 - P2 (462 - 378, and 468 - 384 with L1 on).
//  - page window: Fermi shows no P6, so it is off; switch_latency 266 = GTX780 P6 - P5
//    (968 - 702) for Kepler presets, which set bytes to 512 MiB (GTX980: 289 L1 off).
// The keys that make P5 and Fermi's L1-hit penalty default to 0 (no walk cache, no round trip),
// which keeps the model as it was without them; the seed 003 presets set them.

namespace {

struct LevelDefaults {
  const char* name;
  const char* description;
  const char* entries;
  const char* set_ways;
  const char* set_map;
  const char* latency_key;  // nullptr: the level has no latency of its own (the walk cache)
  const char* latency_description;
  const char* latency;
  double min_entries = 1;
  const char* entries_description = "translations the TLB holds";
};

SectionSpec level_section(const LevelDefaults& d) {
  SectionSpec spec{
      .name = d.name,
      .description = d.description,
      .params = {uint_param("entries", d.entries_description, d.entries, d.min_entries),
                 list_param("set_ways",
                            "ways of each set (sets may differ; they must add up to entries); "
                            "[] = one fully associative set",
                            d.set_ways, 1, kMaxWays),
                 list_param("set_map",
                            "set of page p is set_map[p mod length]; [] = p mod (number of sets)",
                            d.set_map, 0, kMaxWays - 1)},
      .policies = {PolicySlot{.name = "replacement",
                              .kind = ReplacementPolicy::kKind,
                              .default_impl = "lru",
                              .description = "which entry to evict from a full set"}}};
  if (d.latency_key != nullptr) {
    spec.params.push_back(uint_param(d.latency_key, d.latency_description, d.latency));
  }
  return spec;
}

std::vector<std::uint32_t> u32_list(const ConfigNode& node) {
  std::vector<std::uint32_t> out;
  for (std::int64_t v : node.as_int_list()) out.push_back(static_cast<std::uint32_t>(v));
  return out;
}

TlbLevelConfig read_level(const ConfigNode& level, std::string_view latency_key) {
  TlbLevelConfig c;
  c.entries = static_cast<std::uint32_t>(level.at("entries").as_uint());
  c.set_ways = u32_list(level.at("set_ways"));
  c.set_map = u32_list(level.at("set_map"));
  if (!latency_key.empty()) {
    c.latency = static_cast<std::uint32_t>(level.at(latency_key).as_uint());
  }
  c.replacement = level.at("replacement");
  if (c.entries == 0) return c;  // a walk cache switched off: its geometry is never built
  if (c.set_ways.empty()) {
    if (c.entries > kMaxWays) {
      throw level.at("entries").error("a fully associative TLB holds at most " +
                                      std::to_string(kMaxWays) +
                                      " entries; give set_ways to split it into sets");
    }
  } else {
    const std::uint64_t sum = std::accumulate(c.set_ways.begin(), c.set_ways.end(), 0ull);
    if (sum != c.entries) {
      throw level.at("set_ways")
          .error("set_ways add up to " + std::to_string(sum) + " ways, but entries is " +
                 std::to_string(c.entries));
    }
  }
  const ConfigNode& map = level.at("set_map");
  for (std::size_t i = 0; i < c.set_map.size(); ++i) {
    if (c.set_map[i] >= c.sets()) {
      throw map.items()[i].error("set_map names set " + std::to_string(c.set_map[i]) +
                                 ", but the TLB has " + std::to_string(c.sets()) + " sets");
    }
  }
  return c;
}

}  // namespace

SectionSpec tlb_section() {
  return SectionSpec{
      .name = "tlb",
      .description =
          "Address translation: a per-SM L1 TLB in front of a GPU-wide L2 TLB, a page-table "
          "walk, and optionally the page-table window of Mei & Chu (seed 003). Latencies are "
          "core cycles added to a memory access before it reaches the L1 data cache.",
      .params = {ParamSpec{.name = "enabled",
                           .type = ParamType::kBool,
                           .description = "model translation (false: addresses need none)",
                           .default_value = "false"},
                 ParamSpec{.name = "page_size",
                           .type = ParamType::kSize,
                           .description = "bytes of one page (a power of two)",
                           .default_value = "2MiB",
                           .min = 1},
                 uint_param("walk_latency",
                            "extra cycles of a page-table walk (L2 TLB miss) whose page-table "
                            "entry is in the walk cache",
                            "84"),
                 uint_param("walk_miss_latency",
                            "extra cycles, on top of walk_latency, of a walk whose page-table "
                            "entry is not in the walk cache (fetched from memory)",
                            "0"),
                 ParamSpec{.name = "skip_on_l1d_hit",
                           .type = ParamType::kBool,
                           .description = "L1 data-cache hits need no translation (Maxwell)",
                           .default_value = "false"},
                 uint_param("l1_miss_round_trip",
                            "extra cycles of a load that missed the L1 TLB and hits in the L1 "
                            "data cache (Fermi: the TLBs sit near the L2)",
                            "0")},
      .sections = {
          level_section({"l1", "Per-SM L1 TLB.", "16", "[]", "[]", "hit_latency",
                         "extra cycles of every L1 TLB lookup", "0"}),
          level_section({"l2", "GPU-wide L2 TLB, looked up on L1 TLB misses.", "65",
                         "[17, 8, 8, 8, 8, 8, 8]", "[0, 0, 1, 2, 3, 4, 5, 6]", "latency",
                         "extra cycles an L1 TLB miss costs when the L2 TLB hits", "27"}),
          level_section({.name = "walk_cache",
                         .description = "Page-walk cache: the page-table entries of recent walks "
                                        "(one per page), filled and looked up by walks only.",
                         .entries = "0",
                         .set_ways = "[]",
                         .set_map = "[]",
                         .latency_key = nullptr,
                         .latency_description = nullptr,
                         .latency = nullptr,
                         .min_entries = 0,
                         .entries_description = "page-table entries it holds (0 = no walk cache: "
                                                "every walk pays walk_miss_latency)"}),
          SectionSpec{
              .name = "page_window",
              .description =
                  "Only `bytes` of page-table entries are active (the aligned window around "
                  "the last walk); a walk outside it switches windows.",
              .params = {ParamSpec{.name = "bytes",
                                   .type = ParamType::kSize,
                                   .description = "active page-table window (a multiple of "
                                                  "page_size; 0 = unlimited)",
                                   .default_value = "0"},
                         uint_param("switch_latency",
                                    "extra cycles of a walk outside the active window", "266")}}}};
}

TlbConfig read_tlb_config(const ConfigNode& tlb) {
  TlbConfig c;
  c.enabled = tlb.at("enabled").as_bool();
  c.page_size = tlb.at("page_size").as_size();
  c.walk_latency = static_cast<std::uint32_t>(tlb.at("walk_latency").as_uint());
  c.walk_miss_latency = static_cast<std::uint32_t>(tlb.at("walk_miss_latency").as_uint());
  c.skip_on_l1d_hit = tlb.at("skip_on_l1d_hit").as_bool();
  c.l1_miss_round_trip = static_cast<std::uint32_t>(tlb.at("l1_miss_round_trip").as_uint());
  if ((c.page_size & (c.page_size - 1)) != 0) {
    throw tlb.at("page_size").error("page_size must be a power of two");
  }
  c.l1 = read_level(tlb.at("l1"), "hit_latency");
  c.l2 = read_level(tlb.at("l2"), "latency");
  c.walk_cache = read_level(tlb.at("walk_cache"), "");
  const ConfigNode& window = tlb.at("page_window");
  c.window_bytes = window.at("bytes").as_size();
  c.window_switch_latency = static_cast<std::uint32_t>(window.at("switch_latency").as_uint());
  if (c.window_bytes % c.page_size != 0) {
    throw window.at("bytes").error("the page window must be a whole number of pages (page_size " +
                                   std::to_string(c.page_size) + ")");
  }
  return c;
}

}  // namespace warpsim

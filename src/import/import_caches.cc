// `config import`: the caches. Each GPGPU-Sim cache string becomes a warpsim cache section;
// letters map one to one where warpsim has the same policy, and the rest are listed as
// approximations.
#include <fmt/format.h>

#include "cache/replacement/replacement_policy.h"
#include "import/cache_string.h"
#include "import/translation.h"

namespace warpsim::import {

namespace {

const char* write_policy(char c) {
  switch (c) {
    case 'R':
      return "read_only";
    case 'B':
      return "write_back";
    case 'E':
      return "write_evict";
    default:
      return "write_through";  // T, and L's global writes (local_write_policy below)
  }
}

const char* write_allocate(char c) {
  switch (c) {
    case 'F':
    case 'W':
      return "fetch_on_write";  // W approximated
    case 'L':
      return "lazy_fetch_on_read";
    default:
      return "none";
  }
}

const char* allocate(char c) {
  switch (c) {
    case 'f':
      return "on_fill";
    case 's':
      return "streaming";
    default:
      return "on_miss";
  }
}

const char* set_index(char c) {
  switch (c) {
    case 'X':
      return "xor";
    case 'P':
      return "ipoly";
    case 'H':
      return "fermi_hash";
    default:
      return "linear";  // L, and C (approximated)
  }
}

// Writes cache `s` at `path` ("sm.l1d"). `icache` sections have only size, line, ways, mshrs
// and replacement. Returns the cache as read.
CacheString translate_cache(Translation& t, const OptionValue& o, const std::string& path,
                            bool icache) {
  const CacheString c = parse_cache_string(o);
  std::uint32_t sets = c.sets;
  std::uint32_t ways = c.ways;
  while (ways > kMaxWays && ways % 2 == 0) {
    ways /= 2;
    sets *= 2;
  }
  if (ways > kMaxWays) {
    o.fail(fmt::format("{} ways cannot be folded into sets of at most {}", c.ways, kMaxWays));
  }
  if (ways != c.ways) {
    t.approximate(o, fmt::format("{} sets x {} ways become {} sets x {} ways (warpsim's caches "
                                 "have at most {} ways; same size and line)",
                                 c.sets, c.ways, sets, ways, kMaxWays));
  }
  t.tree.note(path, cite(o));
  const std::string from;  // the section's note says where every key came from
  t.set(path + ".size", bytes_text(c.size_bytes()), from);
  t.set(path + ".line", fmt::format("{}", c.line), from);
  t.set(path + ".ways", fmt::format("{}", ways), from);
  t.set(path + ".replacement", c.replacement == 'F' ? "fifo" : "lru", from);
  t.set(path + ".mshrs", fmt::format("{}", c.mshr_entries), from);
  if (icache) {
    if (c.sectored) t.approximate(o, "the instruction cache is not sectored in warpsim");
    return c;
  }
  t.set(path + ".sector", fmt::format("{}", c.sectored ? 32 : c.line), from);
  t.set(path + ".write_policy", write_policy(c.write), from);
  t.set(path + ".write_allocate", write_allocate(c.write_allocate), from);
  t.set(path + ".allocate", allocate(c.allocate), from);
  t.set(path + ".mshr_merge", fmt::format("{}", c.mshr_merge), from);
  t.set(path + ".miss_queue", fmt::format("{}", c.miss_queue), from);
  t.set(path + ".set_index", set_index(c.set_index),
        c.set_index_given ? from : "no set-index letter: linear");
  if (c.write == 'L') t.set(path + ".local_write_policy", "write_back", from);
  if (c.write_allocate == 'W') {
    t.approximate(o, "write-allocate W (naive: fetch the line and write) taken as fetch-on-write");
  }
  if (c.set_index == 'C') t.approximate(o, "the custom set-index function taken as linear");
  if (c.mshr_type == 'F' || c.mshr_type == 'T') {
    t.approximate(o, "the texture cache's fill FIFO (MSHR type F or T) is modeled as MSHRs");
  }
  if (c.data_port_width != 0) {
    t.approximate(o, fmt::format("the {}-byte data port is not modeled", c.data_port_width));
  }
  return c;
}

}  // namespace

void translate_caches(Translation& t) {
  const OptionValue* l1_latency = t.take("gpgpu_l1_latency");
  if (const OptionValue* o = t.take("gpgpu_cache:dl1")) {
    translate_cache(t, *o, "sm.l1d", false);
  }
  if (l1_latency != nullptr) {
    t.set("sm.l1d.hit_latency", fmt::format("{}", option_uint(*l1_latency)), *l1_latency);
  }
  if (const OptionValue* o = t.take("gpgpu_tex_cache:l1")) {
    translate_cache(t, *o, "sm.l1t", false);
    if (l1_latency != nullptr) {
      t.set("sm.l1t.hit_latency", fmt::format("{}", option_uint(*l1_latency)),
            cite(*l1_latency) + " (GPGPU-Sim gives the texture cache no latency of its own)");
    }
  }
  if (const OptionValue* o = t.take("gpgpu_const_cache:l1")) {
    translate_cache(t, *o, "sm.l1c", false);
  }
  if (const OptionValue* o = t.take("gpgpu_cache:il1")) {
    translate_cache(t, *o, "sm.icache", true);
  }
  // GPGPU-Sim: every instruction fetch hits and constant loads complete without the cache.
  if (const OptionValue* o = t.take("gpgpu_perfect_inst_const_cache")) {
    const bool perfect = option_bool(*o);
    t.set("sm.l1c.perfect_reads", perfect ? "true" : "false", *o);
    if (perfect) {
      t.approximate(*o,
                    "only the constant cache is perfect (sm.l1c.perfect_reads): warpsim's "
                    "I-cache has no perfect mode and misses as -gpgpu_cache:il1 describes");
    }
  }
  if (const OptionValue* o = t.take("gpgpu_l1_banks")) {
    t.set("sm.ldst.requests_per_cycle", fmt::format("{}", option_uint(*o)), *o);
  }
  if (const OptionValue* o = t.take("gpgpu_gmem_skip_L1D")) {
    t.set("sm.ldst.cache_global_loads", option_bool(*o) ? "false" : "true", *o);
  }
  if (const OptionValue* o = t.take("gpgpu_flush_l1_cache")) {
    t.set("sm.ldst.flush_l1_between_kernels", option_bool(*o) ? "true" : "false", *o);
  }
  if (const OptionValue* o = t.take("gpgpu_cache:dl2")) {
    translate_cache(t, *o, "l2", false);
  }
  if (const OptionValue* o = t.take("gpgpu_l2_rop_latency")) {
    t.set("l2.latency", fmt::format("{}", option_uint(*o)), *o);
  }
  t.agree("gpgpu_cache:dl2_texture_only", "0", "the L2 caches every access, as in warpsim");
  // icnt-to-L2 : L2-to-DRAM : DRAM-to-L2 : L2-to-icnt queue entries. An L2 slice stops accessing
  // its cache while its L2-to-icnt queue is full, as warpsim's does with l2.response_queue.
  if (const OptionValue* o = t.take("gpgpu_dram_partition_queues")) {
    const std::vector<std::string> f = split(o->value, ':');
    if (f.size() != 4) {
      o->fail("expected icnt-to-L2:L2-to-DRAM:DRAM-to-L2:L2-to-icnt queue sizes");
    }
    const std::uint64_t n = field_uint(*o, f[3], "L2-to-icnt queue");
    t.set("l2.response_queue", fmt::format("{}", n == 0 ? 1024 : n),
          cite(*o) + " (the L2-to-icnt queue)");
    t.approximate(*o, fmt::format("only the L2-to-icnt queue is translated (l2.response_queue{}); "
                                  "the icnt-to-L2, L2-to-DRAM and DRAM-to-L2 queues have no "
                                  "warpsim counterpart",
                                  n == 0 ? ", 0 taken as 1024" : ""));
  }
  if (const OptionValue* o = t.take("dram_latency")) {
    t.set("l2.dram_latency", fmt::format("{}", option_uint(*o)), *o);
  }
}

}  // namespace warpsim::import

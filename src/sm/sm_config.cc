#include "sm/sm_config.h"

#include <string>

namespace warpsim {

namespace {

std::uint32_t u32(const ConfigNode& node, std::string_view key) {
  return static_cast<std::uint32_t>(node.at(key).as_uint());
}

Unit unit_named(const ConfigNode& node) {
  const std::string name = node.as_string();
  for (std::size_t i = 0; i < kUnitInfo.size(); ++i) {
    if (name == kUnitInfo[i].name) return static_cast<Unit>(i);
  }
  throw node.error("unknown functional unit '" + name + "'");
}

}  // namespace

SmConfig read_sm_config(const ConfigNode& sm) {
  SmConfig c;
  c.warp_size = u32(sm, "warp_size");
  c.max_warps = u32(sm, "max_threads") / c.warp_size;
  c.count = u32(sm, "count");
  c.max_ctas = u32(sm, "max_ctas");
  c.schedulers = u32(sm, "schedulers");
  c.issue_width = u32(sm, "issue_width");
  c.rotate_scheduler_turns = sm.at("scheduler_turns").as_string() == "rotate";
  c.check_memo = sm.at("check_memo").as_bool();
  c.issue_costs = IssueCostTable(sm);
  c.count_issue_keys = sm.at("count_issue_keys").as_bool();
  c.sharing = sm.at("scratchpad_sharing").at("enabled").as_bool();
  c.sharing_t = sm.at("scratchpad_sharing").at("t").as_double();
  const ConfigNode& fetch = sm.at("fetch");
  c.ibuffer_entries = u32(fetch, "ibuffer_entries");
  c.fetch_warps = u32(fetch, "warps_per_cycle");
  c.fetch_width = u32(fetch, "fetch_width");
  c.decode_latency = u32(fetch, "decode_latency");
  c.inst_bytes = u32(fetch, "inst_bytes");
  const ConfigNode& icache = sm.at("icache");
  c.icache.size = icache.at("size").as_size();
  c.icache.line = u32(icache, "line");
  c.icache.ways = u32(icache, "ways");
  c.icache.hit_latency = u32(icache, "hit_latency");
  c.icache.mshrs = u32(icache, "mshrs");
  if (c.icache.size % (std::uint64_t{c.icache.line} * c.icache.ways) != 0) {
    throw icache.at("size").error("icache size must be a multiple of line x ways");
  }
  const ConfigNode& units = sm.at("units");
  for (std::size_t i = 0; i < kUnitInfo.size(); ++i) c.units[i] = u32(units, kUnitInfo[i].name);
  const ConfigNode& ops = sm.at("ops");
  for (std::size_t i = 0; i < kOpTimingInfo.size(); ++i) {
    const ConfigNode& op = ops.at(kOpTimingInfo[i].name);
    OpTimingConfig& t = c.ops[i];
    t.unit = unit_named(op.at("unit"));
    t.latency = u32(op, "latency");
    t.interval = u32(op, "interval");
    if (c.unit_count(t.unit) == 0) {
      throw op.at("unit").error(std::string("op class ") + kOpTimingInfo[i].name +
                                " issues to unit '" +
                                kUnitInfo[static_cast<std::size_t>(t.unit)].name +
                                "', which this SM does not have (sm.units)");
    }
  }
  const ConfigNode& ldst = sm.at("ldst");
  c.ldst.queue = u32(ldst, "queue");
  c.ldst.prioritizer_entries = u32(ldst, "prioritizer_entries");
  c.ldst.cache_global_loads = ldst.at("cache_global_loads").as_bool();
  c.ldst.flush_l1_between_kernels = ldst.at("flush_l1_between_kernels").as_bool();
  c.ldst.readonly_in_l1d = ldst.at("readonly_in_l1d").as_bool();
  c.ldst.texture_in_l1d = ldst.at("texture_in_l1d").as_bool();
  c.ldst.requests_per_cycle = u32(ldst, "requests_per_cycle");
  c.ldst.shared_latency = u32(ldst, "shared_latency");
  c.ldst.shared_banks = u32(ldst, "shared_banks");
  c.ldst.bank_bytes = u32(ldst, "bank_bytes");
  c.ldst.bank_word_bytes = u32(ldst, "bank_word_bytes");
  if (c.ldst.bank_word_bytes == 0) c.ldst.bank_word_bytes = c.ldst.bank_bytes;
  if (c.ldst.bank_word_bytes % c.ldst.bank_bytes != 0) {
    throw ldst.at("bank_word_bytes")
        .error("bank_word_bytes must be 0 or a multiple of bank_bytes (" +
               std::to_string(c.ldst.bank_bytes) + ")");
  }
  c.ldst.bank_conflict_cycles = ldst.at("bank_conflict_cycles").as_double();
  c.ldst.bank_bytes_per_cycle = ldst.at("bank_bytes_per_cycle").as_double();
  return c;
}

}  // namespace warpsim

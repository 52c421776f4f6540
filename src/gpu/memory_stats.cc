#include "gpu/memory_stats.h"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

namespace warpsim {

namespace {

constexpr std::initializer_list<const char*> kCacheCounters = {"accesses",
                                                               "reads",
                                                               "writes",
                                                               "atomics",
                                                               "hits",
                                                               "hit_reserved",
                                                               "misses",
                                                               "sector_misses",
                                                               "forwarded",
                                                               "bypassed",
                                                               "reservation_fail_no_line",
                                                               "reservation_fail_no_mshr",
                                                               "reservation_fail_mshr_merge",
                                                               "reservation_fail_miss_queue",
                                                               "evictions",
                                                               "writebacks",
                                                               "fills"};

double ratio(double a, double b) { return b == 0 ? 0.0 : a / b; }

std::string indexed(const std::string& name, std::size_t i) {
  return name + "[" + std::to_string(i) + "]";
}

// Sum of `stat` over the groups `prefix`[0], [1], ... (as many as exist), each group's path
// being prefix[i] + "." + group.
std::uint64_t sum_indexed(const StatSnapshot& w, const std::string& prefix,
                          const std::string& path) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; w.contains(indexed(prefix, i) + "." + path); ++i) {
    total += w.counter(indexed(prefix, i) + "." + path);
  }
  return total;
}

nlohmann::ordered_json cache_level(const StatSnapshot& w, const std::string& prefix,
                                   const std::string& group, std::uint64_t warp_insts) {
  nlohmann::ordered_json out;
  const std::string at = group.empty() ? "" : group + ".";
  for (const char* name : kCacheCounters) out[name] = sum_indexed(w, prefix, at + name);
  const auto accesses = out["accesses"].get<std::uint64_t>();
  // Rates over the accesses this level served itself (forwarded ones never could hit), as
  // the cache's own hit_rate formula has it.
  const auto served = accesses - out["forwarded"].get<std::uint64_t>();
  out["hit_rate"] =
      ratio(static_cast<double>(out["hits"].get<std::uint64_t>()), static_cast<double>(served));
  out["miss_rate"] =
      ratio(static_cast<double>(out["misses"].get<std::uint64_t>()), static_cast<double>(served));
  out["mpki"] = ratio(1000.0 * static_cast<double>(out["misses"].get<std::uint64_t>()),
                      static_cast<double>(warp_insts));
  return out;
}

nlohmann::ordered_json counters(const StatSnapshot& w, const std::string& prefix,
                                const std::string& group,
                                std::initializer_list<const char*> names) {
  nlohmann::ordered_json out;
  const std::string at = group.empty() ? "" : group + ".";
  for (const char* name : names) out[name] = sum_indexed(w, prefix, at + name);
  return out;
}

nlohmann::ordered_json dram_stats(const StatSnapshot& w, Picos dram_period) {
  nlohmann::ordered_json out =
      counters(w, "dram", "",
               {"reads", "writes", "activates", "precharges", "refreshes", "row_hits", "row_misses",
                "row_conflicts", "bursts", "data_bus_busy_cycles"});
  std::uint64_t channels = 0;
  double latency_sum = 0;
  std::uint64_t latency_count = 0;
  for (; w.contains(indexed("dram", channels) + ".reads"); ++channels) {
    const HistogramData& h = w.histogram(indexed("dram", channels) + ".read_latency");
    latency_sum += static_cast<double>(h.sum);
    latency_count += h.count;
  }
  const auto hits = out["row_hits"].get<std::uint64_t>();
  const auto all =
      hits + out["row_misses"].get<std::uint64_t>() + out["row_conflicts"].get<std::uint64_t>();
  out["row_hit_rate"] = ratio(static_cast<double>(hits), static_cast<double>(all));
  out["avg_read_latency"] = ratio(latency_sum, static_cast<double>(latency_count));
  if (dram_period != 0 && channels != 0) {
    const double cycles = static_cast<double>(w.window() / dram_period);
    out["bandwidth_utilization"] =
        ratio(static_cast<double>(out["data_bus_busy_cycles"].get<std::uint64_t>()),
              cycles * static_cast<double>(channels));
  }
  return out;
}

// Over SMs: mean, and the log2 buckets (bucket i > 0 holds [2^(i-1), 2^i) cycles).
nlohmann::ordered_json load_latency(const StatSnapshot& w) {
  std::uint64_t count = 0;
  std::uint64_t sum = 0;
  std::vector<std::uint64_t> buckets;
  for (std::size_t i = 0; w.contains(indexed("sm", i) + ".ldst.load_latency"); ++i) {
    const HistogramData& h = w.histogram(indexed("sm", i) + ".ldst.load_latency");
    count += h.count;
    sum += h.sum;
    buckets.resize(std::max(buckets.size(), h.buckets.size()));
    for (std::size_t b = 0; b < h.buckets.size(); ++b) buckets[b] += h.buckets[b];
  }
  return {{"count", count},
          {"mean", ratio(static_cast<double>(sum), static_cast<double>(count))},
          {"log2_buckets", buckets}};
}

nlohmann::ordered_json icnt_stats(const StatSnapshot& w) {
  nlohmann::ordered_json out;
  for (const char* net : {"request", "reply"}) {
    nlohmann::ordered_json n;
    for (const char* name : {"packets", "bytes", "latency_sum"}) {
      n[name] = w.counter(std::string("icnt.") + net + "." + name);
    }
    n["avg_latency"] = ratio(static_cast<double>(n["latency_sum"].get<std::uint64_t>()),
                             static_cast<double>(n["packets"].get<std::uint64_t>()));
    out[net] = n;
  }
  return out;
}

}  // namespace

nlohmann::ordered_json memory_stats(const StatSnapshot& w, std::uint64_t warp_insts,
                                    Picos dram_period) {
  nlohmann::ordered_json out;
  for (const char* level : {"l1d", "l1t", "l1c"}) {
    if (w.contains(std::string("sm[0].") + level + ".accesses")) {
      out[level] = cache_level(w, "sm", level, warp_insts);
    }
  }
  if (w.contains("sm[0].ldst.load_latency")) out["load_latency"] = load_latency(w);
  if (w.contains("l2[0].accesses")) {
    nlohmann::ordered_json l2 = cache_level(w, "l2", "", warp_insts);
    for (const char* name : {"requests", "access_stall_cycles", "reply_stall_cycles", "prefetches",
                             "bytes_from_dram", "bytes_to_icnt"}) {
      l2[name] = sum_indexed(w, "l2", name);
    }
    out["l2"] = l2;
  }
  if (w.contains("dram[0].reads")) out["dram"] = dram_stats(w, dram_period);
  if (w.contains("icnt.request.packets")) out["icnt"] = icnt_stats(w);
  if (w.contains("l2_tlb.accesses")) {
    nlohmann::ordered_json tlb;
    tlb["l1"] = counters(w, "sm", "l1_tlb", {"accesses", "hits", "misses", "merged"});
    nlohmann::ordered_json l2;
    for (const char* name : {"accesses", "hits", "misses", "walks", "window_switches"}) {
      l2[name] = w.counter(std::string("l2_tlb.") + name);
    }
    tlb["l2"] = l2;
    out["tlb"] = tlb;
  }
  if (w.contains("memory.requests")) {
    nlohmann::ordered_json memory;
    for (const char* name : {"requests", "reads", "writes", "atomics", "inst_fetches", "bytes"}) {
      memory[name] = w.counter(std::string("memory.") + name);
    }
    out["memory"] = memory;
  }
  return out;
}

}  // namespace warpsim

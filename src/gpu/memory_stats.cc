#include "gpu/memory_stats.h"

#include <initializer_list>
#include <string>

#include "gpu/window_sums.h"

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
                                                               "policy_bypasses",
                                                               "write_hits",
                                                               "forwarded",
                                                               "bypassed",
                                                               "reservation_fail_no_line",
                                                               "reservation_fail_no_mshr",
                                                               "reservation_fail_mshr_merge",
                                                               "reservation_fail_miss_queue",
                                                               "evictions",
                                                               "writebacks",
                                                               "fills",
                                                               "hits_intra_warp",
                                                               "hits_inter_warp"};

// {count, mean} of a latency histogram summed over the groups.
nlohmann::ordered_json latency_summary(const StatSnapshot& w, const std::string& prefix,
                                       std::size_t n, const std::string& path) {
  const HistogramSum h = sum_histograms(w, prefix, n, path);
  return {{"count", h.count},
          {"mean", ratio(static_cast<double>(h.sum), static_cast<double>(h.count))}};
}

// The opt-in reuse-distance histograms (cache/reuse_distance.h) summed over the groups:
// {"all": buckets, "cold": n, "by_pc": {"<pc>": buckets, ..., "rest": buckets}}, or
// "by_signature" alike where the cache collects per signature, listing only the PCs or
// signatures that sampled a distance in the window.
nlohmann::ordered_json reuse_distance(const StatSnapshot& w, const std::string& prefix,
                                      std::size_t n, const std::string& at) {
  nlohmann::ordered_json out;
  out["all"] = sum_histograms(w, prefix, n, at + "reuse.all").buckets;
  out["cold"] = sum_indexed(w, prefix, n, at + "reuse.cold");
  const std::string first = indexed(prefix, 0) + "." + at + "reuse.";
  const std::string kind = w.contains(first + "sig_rest") ? "sig" : "pc";
  nlohmann::ordered_json by = nlohmann::ordered_json::object();
  const auto add = [&](const std::string& stat, const std::string& key) {
    const HistogramSum h = sum_histograms(w, prefix, n, at + "reuse." + stat);
    if (h.count != 0) by[key] = h.buckets;
  };
  for (std::size_t i = 0; w.contains(first + kind + "_" + std::to_string(i)); ++i) {
    add(kind + "_" + std::to_string(i), std::to_string(i));
  }
  add(kind + "_rest", "rest");
  out[kind == "sig" ? "by_signature" : "by_pc"] = by;
  return out;
}

// PCAL's token counters (cache/cache_tokens.cc) summed over the groups, with each class's hit
// and miss rates over the accesses it looked up.
nlohmann::ordered_json token_stats(const StatSnapshot& w, const std::string& prefix, std::size_t n,
                                   const std::string& at) {
  nlohmann::ordered_json out =
      sum_counters(w, prefix, n, at + "tokens.",
                   {"token_lookups", "token_hits", "tokenless_lookups", "tokenless_hits",
                    "tokenless_misses", "opportunistic_fills", "unplaced_fills", "clears"});
  const auto rate = [&](const char* part, const char* whole) {
    return ratio(static_cast<double>(out[part].get<std::uint64_t>()),
                 static_cast<double>(out[whole].get<std::uint64_t>()));
  };
  out["token_hit_rate"] = rate("token_hits", "token_lookups");
  out["tokenless_hit_rate"] = rate("tokenless_hits", "tokenless_lookups");
  out["tokenless_miss_rate"] = rate("tokenless_misses", "tokenless_lookups");
  return out;
}

// The opt-in block statistics (cache/block_stats.h) summed over the groups (each SM's L1D
// counts its own blocks), with what they give: the footprint (blocks read), the blocks read
// once, the share of reads that were a block's only read, and the share of reuses 128 or more
// distinct blocks apart.
nlohmann::ordered_json block_stats(const StatSnapshot& w, const std::string& prefix, std::size_t n,
                                   const std::string& at) {
  const HistogramSum at_least = sum_histograms(w, prefix, n, at + "blocks.reads_at_least");
  const HistogramSum distance = sum_histograms(w, prefix, n, at + "blocks.stack_distance");
  const std::uint64_t first = sum_indexed(w, prefix, n, at + "blocks.first_reads");
  const std::uint64_t footprint = at_least.buckets.at(1);
  const std::uint64_t once = footprint - at_least.buckets.at(2);
  const std::uint64_t reads = first + distance.count;
  nlohmann::ordered_json out;
  out["reads"] = reads;
  out["footprint_blocks"] = footprint;
  out["blocks_read_once"] = once;
  out["no_reuse_read_share"] = ratio(static_cast<double>(once), static_cast<double>(reads));
  // Log2 bucket 8 starts at 128: the reuses a 128-line fully associative LRU cache would miss.
  std::uint64_t far = 0;
  for (std::size_t i = 8; i < distance.buckets.size(); ++i) far += distance.buckets[i];
  out["far_reuse_share"] = ratio(static_cast<double>(far), static_cast<double>(distance.count));
  out["reads_at_least"] = at_least.buckets;
  out["stack_distance_log2"] = distance.buckets;
  return out;
}

// The counters and rates of one cache level summed over `n` groups prefix[i] (".<group>").
nlohmann::ordered_json cache_level(const StatSnapshot& w, const std::string& prefix, std::size_t n,
                                   const std::string& at, std::uint64_t warp_insts) {
  nlohmann::ordered_json out = sum_counters(w, prefix, n, at, kCacheCounters);
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
  // Bypassed reads looked for nothing here but are reads the level did not serve: the hit rate
  // of schemes that bypass (BALL, MRPB, the Decoupled L1D) counts them.
  out["hit_rate_with_bypassed"] =
      ratio(static_cast<double>(out["hits"].get<std::uint64_t>()),
            static_cast<double>(served + out["bypassed"].get<std::uint64_t>()));
  out["intra_warp_hit_share"] =
      ratio(static_cast<double>(out["hits_intra_warp"].get<std::uint64_t>()),
            static_cast<double>(out["hits"].get<std::uint64_t>()));
  out["fetch_latency"] = latency_summary(w, prefix, n, at + "fetch_latency");
  out["fetch_latency_dram"] = latency_summary(w, prefix, n, at + "fetch_latency_dram");
  if (n != 0 && w.contains(indexed(prefix, 0) + "." + at + "reuse.all")) {
    out["reuse_distance"] = reuse_distance(w, prefix, n, at);
  }
  if (n != 0 && w.contains(indexed(prefix, 0) + "." + at + "tokens.token_lookups")) {
    out["tokens"] = token_stats(w, prefix, n, at);
  }
  if (n != 0 && w.contains(indexed(prefix, 0) + "." + at + "blocks.first_reads")) {
    out["blocks"] = block_stats(w, prefix, n, at);
  }
  if (n != 0 && w.contains(indexed(prefix, 0) + "." + at + "admission.checks")) {
    out["admission"] = sum_counters(w, prefix, n, at + "admission.",
                                    {"checks", "admitted", "filtered", "off_checks", "tag_misses",
                                     "tag_evictions", "agings", "resets"});
  }
  return out;
}

nlohmann::ordered_json dram_stats(const StatSnapshot& w, std::size_t channels, Picos dram_period) {
  nlohmann::ordered_json out =
      sum_counters(w, "dram", channels, "",
                   {"reads", "writes", "activates", "precharges", "refreshes", "row_hits",
                    "row_misses", "row_conflicts", "bursts", "data_bus_busy_cycles"});
  const HistogramSum latency = sum_histograms(w, "dram", channels, "read_latency");
  const auto hits = out["row_hits"].get<std::uint64_t>();
  const auto all =
      hits + out["row_misses"].get<std::uint64_t>() + out["row_conflicts"].get<std::uint64_t>();
  out["row_hit_rate"] = ratio(static_cast<double>(hits), static_cast<double>(all));
  out["avg_read_latency"] =
      ratio(static_cast<double>(latency.sum), static_cast<double>(latency.count));
  if (dram_period != 0) {
    const double cycles = static_cast<double>(w.window() / dram_period);
    out["bandwidth_utilization"] =
        ratio(static_cast<double>(out["data_bus_busy_cycles"].get<std::uint64_t>()),
              cycles * static_cast<double>(channels));
  }
  return out;
}

// Over SMs: mean, and the log2 buckets (bucket i > 0 holds [2^(i-1), 2^i) cycles).
nlohmann::ordered_json load_latency(const StatSnapshot& w, std::size_t sms) {
  const HistogramSum h = sum_histograms(w, "sm", sms, "ldst.load_latency");
  return {{"count", h.count},
          {"mean", ratio(static_cast<double>(h.sum), static_cast<double>(h.count))},
          {"log2_buckets", h.buckets}};
}

nlohmann::ordered_json icnt_stats(const StatSnapshot& w) {
  nlohmann::ordered_json out;
  for (const char* net : {"request", "reply"}) {
    nlohmann::ordered_json n =
        counters_of(w, std::string("icnt.") + net + ".", {"packets", "bytes", "latency_sum"});
    n["avg_latency"] = ratio(static_cast<double>(n["latency_sum"].get<std::uint64_t>()),
                             static_cast<double>(n["packets"].get<std::uint64_t>()));
    out[net] = n;
  }
  return out;
}

}  // namespace

nlohmann::ordered_json memory_stats(const StatSnapshot& w, std::uint64_t warp_insts,
                                    WindowClocks clocks) {
  nlohmann::ordered_json out;
  const std::size_t sms = count_indexed(w, "sm", "warp_insts");
  for (const char* level : {"l1d", "l1t", "l1c"}) {
    if (w.contains(std::string("sm[0].") + level + ".accesses")) {
      out[level] = cache_level(w, "sm", sms, std::string(level) + ".", warp_insts);
    }
  }
  // Ranks are per scheduler: only the L1D's histogram is worth its 64 entries.
  if (out.contains("l1d")) {
    out["l1d"]["hits_by_warp_age"] = sum_histograms(w, "sm", sms, "l1d.hits_by_warp_age").buckets;
  }
  if (w.contains("sm[0].ldst.load_latency")) out["load_latency"] = load_latency(w, sms);
  if (const std::size_t slices = count_indexed(w, "l2", "accesses"); slices != 0) {
    nlohmann::ordered_json l2 = cache_level(w, "l2", slices, "", warp_insts);
    const nlohmann::ordered_json own =
        sum_counters(w, "l2", slices, "",
                     {"requests", "access_stall_cycles", "reply_stall_cycles", "prefetches",
                      "bytes_from_dram", "bytes_to_icnt", "host_write_lines"});
    for (const auto& [name, value] : own.items()) l2[name] = value;
    // The partition answers "busy" while its head request is refused or its replies back up.
    const std::uint64_t busy = own["access_stall_cycles"].get<std::uint64_t>() +
                               own["reply_stall_cycles"].get<std::uint64_t>();
    l2["busy_cycles"] = busy;
    if (clocks.l2 != 0) {
      const double l2_cycles = static_cast<double>(w.window() / clocks.l2);
      l2["congestion_ratio"] =
          ratio(static_cast<double>(busy), l2_cycles * static_cast<double>(slices));
    }
    out["l2"] = l2;
  }
  if (const std::size_t channels = count_indexed(w, "dram", "reads"); channels != 0) {
    out["dram"] = dram_stats(w, channels, clocks.dram);
  }
  if (w.contains("icnt.request.packets")) out["icnt"] = icnt_stats(w);
  if (w.contains("l2_tlb.accesses")) {
    out["tlb"] = {
        {"l1", sum_counters(w, "sm", sms, "l1_tlb.", {"accesses", "hits", "misses", "merged"})},
        {"l2", counters_of(w, "l2_tlb.",
                           {"accesses", "hits", "misses", "walks", "walk_cache_misses",
                            "window_switches"})}};
  }
  if (w.contains("memory.requests")) {
    out["memory"] = counters_of(
        w, "memory.", {"requests", "reads", "writes", "atomics", "inst_fetches", "bytes"});
  }
  return out;
}

}  // namespace warpsim

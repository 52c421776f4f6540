#include "gpu/bottleneck_stats.h"

#include "gpu/window_sums.h"

namespace warpsim {

namespace {

double number(const nlohmann::ordered_json& j) { return j.get<double>(); }

}  // namespace

nlohmann::ordered_json bottleneck_stats(const nlohmann::ordered_json& window, std::uint64_t cycles,
                                        std::size_t sms) {
  nlohmann::ordered_json out;
  const nlohmann::ordered_json& stalls = window.at("stalls");
  out["mem_stall_ratio"] =
      ratio(number(stalls.at("mem_back_pressure")), number(stalls.at("scheduler_cycles")));
  if (window.contains("l1d")) {
    const nlohmann::ordered_json& l1d = window.at("l1d");
    // The L1 retries a refused access every cycle and stops at the first refusal, so each
    // reservation failure is one SM cycle in which the LD/ST unit's request was held.
    const double sm_cycles = static_cast<double>(cycles) * static_cast<double>(sms);
    out["l1_line_stall_ratio"] = ratio(number(l1d.at("reservation_fail_no_line")), sm_cycles);
    out["l1_mshr_stall_ratio"] = ratio(
        number(l1d.at("reservation_fail_no_mshr")) + number(l1d.at("reservation_fail_mshr_merge")),
        sm_cycles);
    out["l1_miss_ratio"] = l1d.at("miss_rate");
    out["intra_warp_hit_share"] = l1d.at("intra_warp_hit_share");
    if (window.contains("l2")) {
      out["global_miss_ratio"] =
          number(l1d.at("miss_rate")) * number(window.at("l2").at("miss_rate"));
      out["round_trip_latency"] = l1d.at("fetch_latency_dram").at("mean");
    }
  }
  if (window.contains("icnt")) {
    const nlohmann::ordered_json& icnt = window.at("icnt");
    out["noc_latency"] =
        number(icnt.at("request").at("avg_latency")) + number(icnt.at("reply").at("avg_latency"));
  }
  if (window.contains("l2") && window.at("l2").contains("congestion_ratio")) {
    out["partition_congestion"] = window.at("l2").at("congestion_ratio");
  }
  if (window.contains("dram") && window.at("dram").contains("bandwidth_utilization")) {
    out["dram_utilization"] = window.at("dram").at("bandwidth_utilization");
  }
  return out;
}

}  // namespace warpsim

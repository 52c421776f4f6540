#pragma once

// Sums of a stat window's counters and histograms over indexed component groups (sm[0],
// sm[1], ..., l2[0], ...), from which stats.json's per-kernel and run-wide groups are built.

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/stat_snapshot.h"
#include "sim/time.h"

namespace warpsim {

// "name[i]".
std::string indexed(const std::string& name, std::size_t i);
// How many groups prefix[0], prefix[1], ... the window has, counting those that hold `stat`.
std::size_t count_indexed(const StatSnapshot& w, const std::string& prefix,
                          const std::string& stat);
// The counter prefix[i].path summed over i < n.
std::uint64_t sum_indexed(const StatSnapshot& w, const std::string& prefix, std::size_t n,
                          const std::string& path);
// {name: prefix[i].<at><name> summed over i < n} for each of `names`; `at` is "" or "group.".
nlohmann::ordered_json sum_counters(const StatSnapshot& w, const std::string& prefix, std::size_t n,
                                    const std::string& at,
                                    std::initializer_list<const char*> names);
// {name: <at><name>} for each of `names`, from one group.
nlohmann::ordered_json counters_of(const StatSnapshot& w, const std::string& at,
                                   std::initializer_list<const char*> names);

struct HistogramSum {
  std::uint64_t count = 0;
  std::uint64_t sum = 0;
  std::vector<std::uint64_t> buckets;
};
// The histogram prefix[i].path summed over i < n, bucket by bucket.
HistogramSum sum_histograms(const StatSnapshot& w, const std::string& prefix, std::size_t n,
                            const std::string& path);

// The clocks a window's rates need: picoseconds per L2 cycle and per DRAM command cycle (0
// leaves the rates that need them out).
struct WindowClocks {
  Picos l2 = 0;
  Picos dram = 0;
};

// a / b, 0 when b is 0.
inline double ratio(double a, double b) { return b == 0 ? 0.0 : a / b; }

}  // namespace warpsim

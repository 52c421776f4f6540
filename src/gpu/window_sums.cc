#include "gpu/window_sums.h"

#include <algorithm>

namespace warpsim {

std::string indexed(const std::string& name, std::size_t i) {
  return name + "[" + std::to_string(i) + "]";
}

std::size_t count_indexed(const StatSnapshot& w, const std::string& prefix,
                          const std::string& stat) {
  std::size_t n = 0;
  while (w.contains(indexed(prefix, n) + "." + stat)) ++n;
  return n;
}

std::uint64_t sum_indexed(const StatSnapshot& w, const std::string& prefix, std::size_t n,
                          const std::string& path) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) total += w.counter(indexed(prefix, i) + "." + path);
  return total;
}

nlohmann::ordered_json sum_counters(const StatSnapshot& w, const std::string& prefix, std::size_t n,
                                    const std::string& at,
                                    std::initializer_list<const char*> names) {
  nlohmann::ordered_json out;
  for (const char* name : names) out[name] = sum_indexed(w, prefix, n, at + name);
  return out;
}

nlohmann::ordered_json counters_of(const StatSnapshot& w, const std::string& at,
                                   std::initializer_list<const char*> names) {
  nlohmann::ordered_json out;
  for (const char* name : names) out[name] = w.counter(at + name);
  return out;
}

HistogramSum sum_histograms(const StatSnapshot& w, const std::string& prefix, std::size_t n,
                            const std::string& path) {
  HistogramSum total;
  for (std::size_t i = 0; i < n; ++i) {
    const HistogramData& h = w.histogram(indexed(prefix, i) + "." + path);
    total.count += h.count;
    total.sum += h.sum;
    total.buckets.resize(std::max(total.buckets.size(), h.buckets.size()));
    for (std::size_t b = 0; b < h.buckets.size(); ++b) total.buckets[b] += h.buckets[b];
  }
  return total;
}

}  // namespace warpsim

#include "probe/bandwidth.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace warpsim::probe {
namespace {

constexpr std::uint64_t kMinGlobalBytes = 8ull << 20;

void check_ilp(std::uint32_t ilp) {
  if (ilp != 1 && ilp != 2 && ilp != 4 && ilp != 6 && ilp != 8) {
    throw std::invalid_argument("no copy kernel for ILP " + std::to_string(ilp) +
                                " (1, 2, 4, 6 or 8)");
  }
}

bool shape_fits(const DeviceInfo& info, std::uint32_t ctas_per_sm, std::uint32_t threads) {
  return threads > 0 && ctas_per_sm > 0 && threads <= info.max_threads_per_block &&
         ctas_per_sm <= info.max_blocks_per_sm &&
         std::uint64_t{ctas_per_sm} * threads <= info.max_threads_per_sm;
}

double global_point(Device& device, std::uint64_t src, std::uint64_t dst, std::uint64_t bytes,
                    const ThroughputPoint& p) {
  const std::uint32_t ctas = p.ctas_per_sm * device.info().sm_count;
  const std::uint64_t step = std::uint64_t{ctas} * p.threads * p.ilp;
  const std::uint64_t words = bytes / 4 / step * step;
  if (words == 0) return 0;
  const double cycles = device.launch(Launch{.kernel = "global_copy_ilp" + std::to_string(p.ilp),
                                             .grid = {ctas, 1, 1},
                                             .block = {p.threads, 1, 1},
                                             .args = {src, dst, words}});
  return cycles > 0 ? 2.0 * 4.0 * static_cast<double>(words) / cycles : 0;
}

// The mean over SMs of each SM's span, from its first CTA's start to its last CTA's end.
double mean_sm_span(Device& device, const ThroughputPoint& p, std::uint64_t iterations,
                    std::uint64_t out) {
  const std::uint32_t ctas = p.ctas_per_sm * device.info().sm_count;
  device.launch(Launch{.kernel = "shared_copy_ilp" + std::to_string(p.ilp),
                       .grid = {ctas, 1, 1},
                       .block = {p.threads, 1, 1},
                       .dynamic_shared = 2 * p.ilp * p.threads * 4,
                       .args = {iterations, out}});
  std::vector<std::uint32_t> records(std::size_t{ctas} * 4);
  device.read(records.data(), out, records.size() * 4);
  std::map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> spans;  // smid -> start, end
  for (std::uint32_t c = 0; c < ctas; ++c) {
    const std::uint32_t sm = records[4 * c];
    const std::uint32_t start = records[4 * c + 1];
    const std::uint32_t end = records[4 * c + 2];
    auto [it, fresh] = spans.try_emplace(sm, start, end);
    if (!fresh) {  // clock differences are taken modulo 2^32, so compare relative to the first
      if (static_cast<std::int32_t>(start - it->second.first) < 0) it->second.first = start;
      if (static_cast<std::int32_t>(end - it->second.second) > 0) it->second.second = end;
    }
  }
  double total = 0;
  for (const auto& [sm, span] : spans)
    total += static_cast<std::uint32_t>(span.second - span.first);
  return spans.empty() ? 0 : total / static_cast<double>(spans.size());
}

}  // namespace

std::string describe(const ThroughputPoint& point) {
  return std::to_string(point.ctas_per_sm) + " CTAs/SM x " + std::to_string(point.threads) +
         " threads, ILP " + std::to_string(point.ilp);
}

std::vector<ThroughputPoint> sweep_global(Device& device, const GlobalSweep& sweep) {
  for (std::uint32_t ilp : sweep.ilp) check_ilp(ilp);
  const DeviceInfo info = device.info();
  const std::uint64_t bytes =
      sweep.bytes != 0 ? sweep.bytes : std::max(kMinGlobalBytes, 2 * info.l2_bytes);
  const std::uint64_t src = device.alloc(bytes);
  const std::uint64_t dst = device.alloc(bytes);
  std::vector<ThroughputPoint> points;
  for (std::uint32_t ctas_per_sm : sweep.ctas_per_sm) {
    for (std::uint32_t threads : sweep.threads) {
      if (!shape_fits(info, ctas_per_sm, threads)) continue;
      for (std::uint32_t ilp : sweep.ilp) {
        ThroughputPoint p{ctas_per_sm, threads, ilp, 0};
        p.bytes_per_cycle = global_point(device, src, dst, bytes, p);
        if (p.bytes_per_cycle > 0) points.push_back(p);
      }
    }
  }
  device.free(src);
  device.free(dst);
  return points;
}

std::vector<ThroughputPoint> sweep_shared(Device& device, const SharedSweep& sweep) {
  for (std::uint32_t ilp : sweep.ilp) check_ilp(ilp);
  const DeviceInfo info = device.info();
  const std::uint32_t most_ctas =
      *std::max_element(sweep.ctas_per_sm.begin(), sweep.ctas_per_sm.end()) * info.sm_count;
  const std::uint64_t out = device.alloc(std::uint64_t{most_ctas} * 16);
  std::vector<ThroughputPoint> points;
  for (std::uint32_t ctas_per_sm : sweep.ctas_per_sm) {
    for (std::uint32_t threads : sweep.threads) {
      if (!shape_fits(info, ctas_per_sm, threads)) continue;
      for (std::uint32_t ilp : sweep.ilp) {
        const std::uint64_t shared = std::uint64_t{2} * ilp * threads * 4;
        if (shared > info.shared_per_block || ctas_per_sm * shared > info.shared_per_sm) continue;
        ThroughputPoint p{ctas_per_sm, threads, ilp, 0};
        const double cycles =
            mean_sm_span(device, p, sweep.iterations, out) - mean_sm_span(device, p, 0, out);
        const double bytes = 2.0 * 4.0 * ctas_per_sm * threads * ilp * sweep.iterations;
        p.bytes_per_cycle = cycles > 0 ? bytes / cycles : 0;
        if (p.bytes_per_cycle > 0) points.push_back(p);
      }
    }
  }
  device.free(out);
  return points;
}

Bandwidth measure_bandwidth(Device& device, const GlobalSweep& global, const SharedSweep& shared) {
  Bandwidth bandwidth;
  const double mhz = device.info().core_mhz;
  bandwidth.core_mhz = mhz;
  auto by_rate = [](const ThroughputPoint& a, const ThroughputPoint& b) {
    return a.bytes_per_cycle < b.bytes_per_cycle;
  };
  const std::vector<ThroughputPoint> g = sweep_global(device, global);
  if (!g.empty()) {
    const ThroughputPoint& best = *std::max_element(g.begin(), g.end(), by_rate);
    bandwidth.global_bytes_per_cycle = best.bytes_per_cycle;
    bandwidth.global_gb_s = best.bytes_per_cycle * mhz / 1e3;
    bandwidth.global_config = describe(best);
  }
  bandwidth.global_points = g;
  const std::vector<ThroughputPoint> s = sweep_shared(device, shared);
  if (!s.empty()) {
    const ThroughputPoint& best = *std::max_element(s.begin(), s.end(), by_rate);
    bandwidth.shared_bytes_per_cycle_per_sm = best.bytes_per_cycle;
    bandwidth.shared_gb_s_per_sm = best.bytes_per_cycle * mhz / 1e3;
    bandwidth.shared_config = describe(best);
  }
  bandwidth.shared_points = s;
  return bandwidth;
}

}  // namespace warpsim::probe

#include "probe/probe_all.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <utility>

#include "probe/chase.h"
#include "probe/infer_cache.h"
#include "probe/infer_global.h"
#include "probe/infer_tlb.h"
#include "probe/shared_latency.h"

namespace warpsim::probe {
namespace {

constexpr std::uint64_t kMiB = 1ull << 20;
// Search bounds. The largest first-level cache of the GPUs seed 003 and the presets describe is
// 256 KB (H100's L1), so 1 MB bounds the L1-class searches, but never more than half the L2:
// an array the L2 holds whole must not pass for an L1.
constexpr std::uint64_t kL1SearchBytes = 1 * kMiB;
// Recorded loads per trace: several thousand, as one block's shared memory holds (chase.h).
constexpr std::uint32_t kMaxRecords = 8192;
// The L2's hit level is read over 64 KB, which spans enough slices for the spread of an L2 hit's
// latency with the address (CacheSearch::hit_bytes; the TLB search's hit level does the same).
constexpr std::uint64_t kL2HitBytes = 64 * 1024;
// TLBs: seed 003 found 2 MB pages and an L2 TLB reach of 130 MB; candidate pages up to 8 MB
// and arrays up to 1 GB (half of global memory at most) cover both with room, and reach past
// Kepler's and Maxwell's 512 MB page-table window (P6 needs about 0.8 GB).
constexpr std::uint64_t kMaxPageBytes = 8 * kMiB;
constexpr std::uint64_t kTlbSearchBytes = 1024 * kMiB;
// The hit latency of a path, from a chase that stays in one small, warm array.
constexpr std::uint64_t kSmallArrayBytes = 1024;
constexpr double kSameLatency = 0.1;  // relative difference below which two levels are one

bool wanted(const std::vector<std::string>& parts, const std::string& name) {
  return std::find(parts.begin(), parts.end(), name) != parts.end();
}

double small_array_latency(const Chaser& chase, LoadPath path) {
  const std::vector<std::uint64_t> order = uniform_order(kSmallArrayBytes, 4);
  const auto n = static_cast<std::uint32_t>(order.size());
  ChaseTrace trace = chase(ChaseSpec{
      .path = path, .array_bytes = kSmallArrayBytes, .order = order, .warmup = n, .records = n});
  std::sort(trace.latency.begin(), trace.latency.end());
  return trace.latency[trace.latency.size() / 2];
}

// An L1-class cache on `path`, or nullopt when the path's hits are no faster than the L2's
// (the loads are not cached before the L2, as Kepler's global loads).
std::optional<CacheGeometry> first_level(const Chaser& chase, const DeviceInfo& info, LoadPath path,
                                         const std::string& name) {
  const double l2_hit = small_array_latency(chase, LoadPath::kGlobalCg);
  const double hit = small_array_latency(chase, path);
  if (hit >= l2_hit * (1 - kSameLatency)) return std::nullopt;
  const std::uint64_t bound =
      std::min(kL1SearchBytes, std::max<std::uint64_t>(info.l2_bytes / 2, kSmallArrayBytes));
  return infer_cache(chase, CacheSearch{path, bound, kMaxRecords, name});
}

std::uint64_t tlb_bound(const DeviceInfo& info, std::uint64_t requested) {
  return std::min(requested != 0 ? requested : kTlbSearchBytes, info.global_bytes / 2);
}

class PartTimer {
 public:
  PartTimer(Hierarchy& out, const ProbeOptions& options, std::string name)
      : out_(out), options_(options), name_(std::move(name)) {}
  ~PartTimer() {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    out_.parts.push_back(ProbedPart{name_, seconds});
    if (options_.on_part) options_.on_part(name_, seconds);
  }
  PartTimer(const PartTimer&) = delete;
  PartTimer& operator=(const PartTimer&) = delete;

 private:
  Hierarchy& out_;
  const ProbeOptions& options_;
  std::string name_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

void probe_caches(Device& device, const Chaser& chase, const std::vector<std::string>& parts,
                  const ProbeOptions& options, Hierarchy& out) {
  const DeviceInfo info = device.info();
  const struct {
    const char* name;
    LoadPath path;
    std::optional<CacheGeometry>& slot;
  } first_levels[] = {{"l1d", LoadPath::kGlobalCa, out.l1d},
                      {"texture", LoadPath::kTexture, out.texture},
                      {"readonly", LoadPath::kReadOnly, out.readonly}};
  for (const auto& level : first_levels) {
    if (!wanted(parts, level.name)) continue;
    PartTimer timer(out, options, level.name);
    level.slot = first_level(chase, info, level.path, level.name);
  }
  if (wanted(parts, "l2")) {
    PartTimer timer(out, options, "l2");
    out.l2 = infer_cache(chase, CacheSearch{.path = LoadPath::kGlobalCg,
                                            .max_bytes = 2 * info.l2_bytes,
                                            .max_records = kMaxRecords,
                                            .name = "l2",
                                            .hit_bytes = kL2HitBytes});
  }
}

void probe_translation(Device& device, const Chaser& chase, const std::vector<std::string>& parts,
                       const ProbeOptions& options, Hierarchy& out) {
  const std::uint64_t bound = tlb_bound(device.info(), options.tlb_search_bytes);
  if (wanted(parts, "tlb") || wanted(parts, "global")) {
    PartTimer timer(out, options, "tlb");
    out.tlb = infer_tlbs(chase, TlbSearch{.path = LoadPath::kGlobalCg,
                                          .max_bytes = bound,
                                          .max_page_bytes = kMaxPageBytes,
                                          .min_slow_share = options.tlb_min_slow_share});
  }
  if (wanted(parts, "global")) {
    PartTimer timer(out, options, "global");
    out.global = infer_global_latency(chase, out.tlb, LoadPath::kGlobalCa, bound);
  }
}

}  // namespace

std::vector<std::string> parse_parts(const std::string& list) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  while (begin <= list.size()) {
    const std::size_t end = std::min(list.find(',', begin), list.size());
    const std::string name = list.substr(begin, end - begin);
    if (name == "all") {
      parts.assign(kProbeParts.begin(), kProbeParts.end());
    } else if (std::find(kProbeParts.begin(), kProbeParts.end(), name) != kProbeParts.end()) {
      if (!wanted(parts, name)) parts.push_back(name);
    } else {
      std::string known;
      for (const char* part : kProbeParts) known += std::string(known.empty() ? "" : ", ") + part;
      throw std::invalid_argument("unknown probe part '" + name + "' (parts: " + known + ", all)");
    }
    begin = end + 1;
  }
  return parts;
}

Hierarchy probe(Device& device, const ProbeOptions& options) {
  std::vector<std::string> parts = options.only;
  if (parts.empty()) parts.assign(kProbeParts.begin(), kProbeParts.end());
  for (const std::string& part : parts) parse_parts(part);  // throws for an unknown name
  Hierarchy out;
  out.device = device.info().name;
  Chaser chase = device_chaser(device);
  if (options.on_chase) {
    chase = [inner = std::move(chase), &options](const ChaseSpec& spec) {
      ChaseTrace trace = inner(spec);
      options.on_chase(spec, trace);
      return trace;
    };
  }
  probe_caches(device, chase, parts, options, out);
  probe_translation(device, chase, parts, options, out);
  if (wanted(parts, "shared")) {
    PartTimer timer(out, options, "shared");
    out.shared = measure_shared(device);
  }
  if (wanted(parts, "bandwidth")) {
    PartTimer timer(out, options, "bandwidth");
    out.bandwidth = measure_bandwidth(device, options.global_sweep, options.shared_sweep);
  }
  return out;
}

}  // namespace warpsim::probe

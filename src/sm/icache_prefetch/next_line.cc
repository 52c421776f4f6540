// Next-line instruction prefetch (seed 000, Chao Li's thesis, §6.3): a demand miss on line L
// also requests L + 1 into the I-cache. The prefetch is an ordinary line request through the
// I-cache's MSHRs, except that it leaves the replacement order alone: it does not promote L + 1
// when that line is already present, and the line it fills enters at the eviction end of its
// set, so an unused prefetch is the next line evicted there (the thesis: "on a cache hit or
// cache block eviction of the prefetching cache line, it will not update the LRU counter"; the
// fetch unit implements that for every kIntoCache request). A demand use then promotes it.
// `degree` lines ahead (L + 1 .. L + degree) generalise it; the thesis uses 1.

#include <cstdint>
#include <vector>

#include "sim/registry.h"
#include "sm/icache_prefetcher.h"

namespace warpsim {
namespace {

class NextLinePrefetch final : public IcachePrefetcher {
 public:
  NextLinePrefetch(const ConfigNode& params, const Context& context)
      : line_(context.line), degree_(static_cast<std::uint32_t>(params.at("degree").as_uint())) {}

  Verdict on_demand_miss(Addr line, std::vector<PrefetchRequest>& out) override {
    for (std::uint32_t k = 1; k <= degree_; ++k) {
      out.push_back({line + Addr{k} * line_, PrefetchRequest::Target::kIntoCache});
    }
    return Verdict::kMiss;
  }

 private:
  std::uint32_t line_;
  std::uint32_t degree_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(IcachePrefetcher, NextLinePrefetch, "next_line",
                        "Next-line prefetch (Chao Li, ch. 6): a demand miss on line L also "
                        "requests L+1 into the I-cache, at the eviction end of its set",
                        {{.name = "degree",
                          .type = ParamType::kUint,
                          .description = "lines requested after the missing one",
                          .default_value = "1",
                          .min = 1,
                          .max = 16}});

}  // namespace warpsim

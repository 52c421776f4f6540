// Weighted random: evicts a candidate drawn with probability proportional to its way's weight.
// Mei & Chu, "Dissecting GPU Memory Hierarchy through Microbenchmarking" (arXiv 1509.02308;
// ../shared/notes/seed-003.md §2.5 "Fermi L1"): the GTX560Ti's 4-way L1 is not LRU; "way 2" is
// evicted 3x as often as each other way, "once every two misses". The printed probabilities
// were lost; the notes reconstruct them as 1/6, 1/2, 1/6, 1/6, i.e. `weights: [1, 3, 1, 1]`.

#include <cstdint>
#include <string>
#include <vector>

#include "cache/replacement/random_draw.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

std::vector<std::uint64_t> read_weights(const ConfigNode& params, std::uint32_t ways) {
  const ConfigNode& node = params.at("weights");
  std::vector<std::int64_t> listed = node.as_int_list();
  if (listed.empty()) return std::vector<std::uint64_t>(ways, 1);
  if (listed.size() != ways) {
    throw node.error("weighted_random needs one weight per way: " + std::to_string(ways) +
                     " ways, " + std::to_string(listed.size()) + " weights");
  }
  std::vector<std::uint64_t> weights(listed.begin(), listed.end());  // >= 0 by the schema
  bool any = false;
  for (std::uint64_t w : weights) any = any || w > 0;
  if (!any) throw node.error("weighted_random needs at least one positive weight");
  return weights;
}

class WeightedRandomReplacement final : public RandomDrawReplacement {
 public:
  WeightedRandomReplacement(const ConfigNode& params, const Context& context)
      : RandomDrawReplacement(params, context, read_weights(params, context.ways)) {}
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    ReplacementPolicy, WeightedRandomReplacement, "weighted_random",
    "Random victim, each way drawn with probability proportional to its weight (Fermi L1)",
    {{.name = "weights",
      .type = ParamType::kIntList,
      .description = "One weight per way; a candidate is evicted with probability weight / "
                     "(sum of the candidates' weights). Empty: all ways equal. Fermi's L1 "
                     "(Mei & Chu): [1, 3, 1, 1]",
      .default_value = "[]",
      .min = 0,
      .max = 1'000'000},
     {.name = "seed",
      .type = ParamType::kUint,
      .description = "Mixed with the per-cache seed to pick a different (but still "
                     "reproducible) victim stream",
      .default_value = "0"}});

}  // namespace warpsim

// Signature-based Hit Predictor replacement (Wu et al., "SHiP: Signature-based Hit Predictor
// for High Performance Caching", MICRO 2011), SHiP-PC over SRRIP: a table of saturating
// counters indexed by a hash of the PC that placed a line learns whether lines placed by that
// PC are hit before they leave. A line is inserted with the distant re-reference prediction
// (2^M-1) when its PC's counter is 0, else with SRRIP's long one (2^M-2); a hit sets its RRPV
// to 0 and raises its PC's counter; an eviction of a line never hit lowers it. The RRPV
// machinery is in rrip.h. The table is per cache (one per SM at the L1).

#include <cstdint>
#include <vector>

#include "cache/replacement/rrip.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class ShipReplacement final : public RripReplacement {
 public:
  ShipReplacement(const ConfigNode& params, const Context& context)
      : RripReplacement(params, context),
        context_(context),
        mask_((std::uint64_t{1} << params.at("table_bits").as_uint()) - 1),
        counter_max_(static_cast<std::uint8_t>((1u << params.at("counter_bits").as_uint()) - 1)),
        table_(mask_ + 1, 1),
        signature_(std::size_t{context.sets} * context.ways, 0),
        reused_(std::size_t{context.sets} * context.ways, 0) {}

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& access) override {
    const std::size_t i = line_index(context_, set, way);
    signature_[i] = signature(access.pc);
    reused_[i] = 0;
    insert(set, way,
           static_cast<std::uint8_t>(table_[signature_[i]] == 0 ? distant() : distant() - 1));
  }
  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& access) override {
    RripReplacement::on_hit(set, way, access);
    const std::size_t i = line_index(context_, set, way);
    reused_[i] = 1;
    std::uint8_t& counter = table_[signature_[i]];
    if (counter < counter_max_) ++counter;
  }
  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& access) override {
    const std::uint32_t victim = RripReplacement::select_victim(set, candidates, access);
    const std::size_t i = line_index(context_, set, victim);
    std::uint8_t& counter = table_[signature_[i]];
    if (reused_[i] == 0 && counter > 0) --counter;
    return victim;
  }

 private:
  std::uint32_t signature(std::uint64_t pc) const {
    // Fold the PC (byte addresses of 8- or 16-byte instructions) onto the table.
    std::uint64_t h = pc >> 3;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15ull;
    return static_cast<std::uint32_t>((h >> 32) & mask_);
  }

  Context context_;
  std::uint64_t mask_;
  std::uint8_t counter_max_;
  std::vector<std::uint8_t> table_;       // the signature history counter table
  std::vector<std::uint32_t> signature_;  // per line
  std::vector<std::uint8_t> reused_;      // per line: hit since placed
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, ShipReplacement, "ship",
                        "SHiP-PC over SRRIP (Wu et al., MICRO 2011): a PC-indexed table of "
                        "counters predicts whether a line will be hit and inserts the "
                        "unlikely ones at the distant RRPV",
                        {RripReplacement::bits_param(),
                         {.name = "table_bits",
                          .type = ParamType::kUint,
                          .description = "log2 of the signature history counter table's entries",
                          .default_value = "14",
                          .min = 1,
                          .max = 20},
                         {.name = "counter_bits",
                          .type = ParamType::kUint,
                          .description = "width of each saturating counter",
                          .default_value = "3",
                          .min = 1,
                          .max = 8}});

}  // namespace warpsim

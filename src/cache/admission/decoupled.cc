// The Decoupled L1D's locality filter (seed 000 ch. 4; the tag store and its rules are in
// locality_tags.h): a read misses into a data line only once its block's reference count
// reaches the threshold; before that it bypasses. The enlarged tag probe adds `tag_latency`
// cycles to a hit. SM dueling (gpu/l1d_dueling.h, `dueling: true`) switches followers' filters
// off and on; switched off, every read is admitted and the tag store keeps counting.

#include <cstdint>
#include <optional>

#include "cache/admission/admission_policy.h"
#include "cache/admission/locality_tags.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

std::uint32_t u32(const ConfigNode& params, const char* key) {
  return static_cast<std::uint32_t>(params.at(key).as_uint());
}

class DecoupledAdmission final : public AdmissionPolicy {
 public:
  DecoupledAdmission(const ConfigNode& params, const Context& context)
      : tags_(LocalityTagsConfig{.sets = context.sets,
                                 .ways = u32(params, "tag_ways"),
                                 .data_ways = context.ways,
                                 .rc_bits = u32(params, "rc_bits"),
                                 .threshold = u32(params, "threshold")},
              context.counters),
        tag_latency_(u32(params, "tag_latency")) {}

  bool admits(std::uint32_t set, Addr line, const AccessInfo& /*access*/) const override {
    return !on_ || tags_.admits(set, line);
  }
  void on_read(std::uint32_t set, Addr line, const AccessInfo& /*access*/) override {
    tags_.on_read(set, line);
  }
  void on_place(std::uint32_t set, Addr line, std::optional<Addr> evicted) override {
    tags_.on_place(set, line, evicted);
  }
  void on_remove(std::uint32_t set, Addr line, bool flush) override {
    tags_.on_remove(set, line, flush);
  }
  std::uint32_t extra_hit_latency() const override { return tag_latency_; }
  bool set_enabled(bool on) override {
    on_ = on;
    return true;
  }
  bool enabled() const override { return on_; }

 private:
  LocalityTags tags_;
  std::uint32_t tag_latency_;
  bool on_ = true;
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    AdmissionPolicy, DecoupledAdmission, "decoupled",
    "The Decoupled L1D (Chao Li, seed 000 ch. 4): a tag store larger than the data store whose "
    "per-block reference counts keep blocks without locality out of the data store",
    {{.name = "tag_ways",
      .type = ParamType::kUint,
      .description = "tag entries per set (the data store's sets); more than its ways",
      .default_value = "8",
      .min = 2,
      .max = 64},
     {.name = "threshold",
      .type = ParamType::kUint,
      .description = "reads of a block, this one included, before it gets a data line; 0 or 1: "
                     "every read gets one (the filter off)",
      .default_value = "2",
      .max = 255},
     {.name = "rc_bits",
      .type = ParamType::kUint,
      .description = "width of each tag entry's saturating reference count",
      .default_value = "6",
      .min = 1,
      .max = 8},
     {.name = "tag_latency",
      .type = ParamType::kUint,
      .description = "cycles the enlarged tag probe adds to a hit",
      .default_value = "1"},
     {.name = "dueling",
      .type = ParamType::kBool,
      .description = "SM dueling (gpu.l1d_dueling): the leader SM always filters, the baseline "
                     "SM never does, the others follow the one with the lower miss rate",
      .default_value = "false"},
     {.name = "dueling_period",
      .type = ParamType::kUint,
      .description = "core cycles between dueling decisions",
      .default_value = "500",
      .min = 1},
     {.name = "dueling_margin",
      .type = ParamType::kFloat,
      .description = "the followers filter unless the leader's miss rate exceeds the baseline "
                     "SM's by more than this (absolute)",
      .default_value = "0.1",
      .min = 0,
      .max = 1},
     {.name = "dueling_leader",
      .type = ParamType::kUint,
      .description = "the SM that always filters",
      .default_value = "0"},
     {.name = "dueling_baseline",
      .type = ParamType::kUint,
      .description = "the SM that never filters",
      .default_value = "1"}});

}  // namespace warpsim

// RPR, reuse-prediction-based replacement (Dong Li's thesis ch. 6; docs/memory.md "RPR"): at a
// fill the line gets the predicted reuse distance (RD) and reuse count (RC) of its signature,
// a hash of the fetching PC and the relative age of the fetching warp (its age rank on its
// scheduler); RD counts down with every access to the set, RC with every hit on the line.
// Victims: dead lines first (placed by a warp outside the SM's active window, as AgeLRU's
// inactive lines, or with RC down to 0), the one of them with the lowest score (`dead_order:
// score`; the thesis does not say) or the least recently used (`lru`); otherwise the line with
// the lowest score; ties go to the LRU line. `score` is
//   age:     256 - AGE, AGE the placing warp's relative age (0 = the oldest active warp)
//   rd:      256 - RD (the line whose reuse is farthest goes)
//   counter: 256 + RC if RC > 0, else 0 (the line with the fewest reuses left goes).
// The predictor (reuse_predictor.h) is shared by the caches of a replacement group (every SM's
// L1D) and trained by the sampler (reuse_sampler.h) of one of them, member `sampler`, over the
// cache's own lines (`sampler_tags: mirror`) or shadow LRU tags (`shadow`). A line
// whose signature has no prediction yet gets RC `unknown_rc` and RD `unknown_rd` (the thesis's
// predictor returns 0, which would make every such line dead at once).

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cache/replacement/awid.h"
#include "cache/replacement/replacement_policy.h"
#include "cache/replacement/reuse_predictor.h"
#include "cache/replacement/reuse_sampler.h"
#include "cache/replacement/stamps.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

enum class Score : std::uint8_t { kAge, kRd, kCounter };

Score parse_score(const std::string& name) {
  if (name == "age") return Score::kAge;
  if (name == "rd") return Score::kRd;
  if (name == "counter") return Score::kCounter;
  throw std::invalid_argument("rpr score must be age, rd or counter, not '" + name + "'");
}

class Rpr final : public ReplacementPolicy {
 public:
  Rpr(const ConfigNode& params, const Context& context)
      : context_((check_context(context), context)),
        score_(parse_score(params.at("score").as_string())),
        sig_bits_(static_cast<std::uint32_t>(params.at("signature_bits").as_uint())),
        entries_(static_cast<std::uint32_t>(params.at("table_entries").as_uint())),
        every_(static_cast<std::uint32_t>(params.at("sample_every").as_uint())),
        sampler_member_(static_cast<std::uint32_t>(params.at("sampler").as_uint())),
        mask_(awid_mask(static_cast<std::uint32_t>(params.at("awid_bits").as_uint()))),
        unknown_{.rd = static_cast<std::uint32_t>(params.at("unknown_rd").as_uint()),
                 .rc = static_cast<std::uint32_t>(params.at("unknown_rc").as_uint())},
        dead_first_(params.at("dead_first").as_bool()),
        mirror_(params.at("sampler_tags").as_string() == "mirror"),
        dead_by_score_(params.at("dead_order").as_string() == "score"),
        lines_(std::size_t{context.sets} * context.ways),
        touched_(lines_.size()),
        set_count_(context.sets, 0) {
    if (context.line == 0) throw std::invalid_argument("rpr needs the cache's line size");
    own_ = std::make_unique<ReusePredictor>(entries_);
    predictor_ = own_.get();
    if (sampler_member_ == 0) sampler_.emplace(context.sets, context.ways, every_);
  }

  void join(ReplacementGroup& group, std::uint32_t member) override {
    predictor_ = &group.state<ReusePredictor>(
        "rpr", [&] { return std::make_unique<ReusePredictor>(entries_); });
    own_.reset();
    sampler_.reset();
    if (member == sampler_member_) sampler_.emplace(context_.sets, context_.ways, every_);
  }

  bool wants_warp_window() const override { return true; }

  void on_access(std::uint32_t set, const AccessInfo& access) override {
    ++set_count_[set];
    if (!mirror_ && sampler_ && sampler_->samples(set)) {  // shadow tags see every access
      sampler_->access(set, access.addr / context_.line, signature(access), *predictor_);
    }
  }

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& access) override {
    Line& l = lines_[line_index(context_, set, way)];
    const std::uint32_t sig = signature(access);
    const ReusePredictor::Prediction p = predictor_->predict(sig).value_or(unknown_);
    if (ReuseSampler* mirror = mirror_of(set)) {
      mirror->on_fill(set, way, sig, set_count_[set], *predictor_);
    }
    l.rd = p.rd;
    l.rc = p.rc;
    l.filled_at = set_count_[set] + 1;  // the fill's own access is not between it and a reuse
    l.awid = access.warp_age & mask_;
    touched_.use(line_index(context_, set, way));
  }
  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    Line& l = lines_[line_index(context_, set, way)];
    if (l.rc > 0) --l.rc;
    if (ReuseSampler* mirror = mirror_of(set))
      mirror->on_hit(set, way, set_count_[set], *predictor_);
    touched_.use(line_index(context_, set, way));
  }
  void on_invalidate(std::uint32_t set, std::uint32_t way) override {
    touched_.clear(line_index(context_, set, way));
    if (ReuseSampler* mirror = mirror_of(set)) mirror->on_invalidate(set, way);
  }
  void demote(std::uint32_t set, std::uint32_t way) override {
    touched_.demote(line_index(context_, set, way));
  }

  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& access) override {
    WayMask dead;
    if (dead_first_) {
      for (std::uint32_t way : candidates) {
        const Line& l = lines_[line_index(context_, set, way)];
        if (l.rc == 0 || !active(l.awid, access.window)) dead.set(way);
      }
    }
    if (!dead.empty()) {
      if (!dead_by_score_) return lru(set, dead);
      candidates = dead;
    }
    std::uint64_t lowest = 0;
    WayMask of_lowest;
    for (std::uint32_t way : candidates) {
      const std::uint64_t s = score(set, lines_[line_index(context_, set, way)], access.window);
      if (of_lowest.empty() || s < lowest) {
        lowest = s;
        of_lowest = WayMask();
      }
      if (s == lowest) of_lowest.set(way);
    }
    return lru(set, of_lowest);
  }

 private:
  struct Line {
    std::uint32_t rd = 0;         // predicted at the fill; counts down from filled_at
    std::uint32_t rc = 0;         // reuses left
    std::uint64_t filled_at = 0;  // the set's access count from which RD counts down
    std::uint64_t awid = 0;
  };

  // The sampler, where it mirrors this cache's lines and samples `set`; else null.
  ReuseSampler* mirror_of(std::uint32_t set) {
    return mirror_ && sampler_ && sampler_->samples(set) ? &*sampler_ : nullptr;
  }
  std::uint32_t signature(const AccessInfo& access) const {
    return reuse_signature(access.pc, access.age_rank, sig_bits_);
  }
  bool active(std::uint64_t awid, const WarpWindow& window) const {
    return awid_active(awid, window, mask_);
  }
  std::uint64_t score(std::uint32_t set, const Line& l, const WarpWindow& window) const {
    switch (score_) {
      case Score::kAge:
        return 256 - std::min<std::uint64_t>(255, awid_relative(l.awid, window, mask_));
      case Score::kRd: {
        const std::uint64_t elapsed = set_count_[set] - std::min(set_count_[set], l.filled_at);
        return 256 - (l.rd > elapsed ? l.rd - elapsed : 0);
      }
      case Score::kCounter:
        return l.rc > 0 ? 256 + l.rc : 0;
    }
    return 0;
  }
  std::uint32_t lru(std::uint32_t set, WayMask candidates) const {
    return smallest_stamp(context_, touched_.values(), set, candidates);
  }

  Context context_;
  Score score_;
  std::uint32_t sig_bits_;
  std::uint32_t entries_;
  std::uint32_t every_;
  std::uint32_t sampler_member_;
  std::uint64_t mask_;
  ReusePredictor::Prediction unknown_;
  bool dead_first_;
  bool mirror_;         // the sampler watches the cache's own lines
  bool dead_by_score_;  // several dead lines: the lowest score goes (else the LRU one)
  std::vector<Line> lines_;
  Stamps touched_;                        // LRU order
  std::vector<std::uint64_t> set_count_;  // accesses to each set
  std::unique_ptr<ReusePredictor> own_;   // without a group
  ReusePredictor* predictor_ = nullptr;
  std::optional<ReuseSampler> sampler_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    ReplacementPolicy, Rpr, "rpr",
    "RPR (Dong Li, ch. 6): lines get their signature's predicted reuse distance and count; dead "
    "lines first, then the lowest score (age, rd or counter), ties to the LRU line",
    {{.name = "score",
      .type = ParamType::kString,
      .description = "score function: age (256 - warp age), rd (256 - reuse distance left) or "
                     "counter (256 + reuses left, 0 without)",
      .default_value = "rd",
      .choices = {"age", "rd", "counter"}},
     {.name = "signature_bits",
      .type = ParamType::kUint,
      .description = "width of the signature hashed from PC and relative warp age",
      .default_value = "8",
      .min = 1,
      .max = 32},
     {.name = "table_entries",
      .type = ParamType::kUint,
      .description = "signatures the shared predictor holds",
      .default_value = "512",
      .min = 1},
     {.name = "sample_every",
      .type = ParamType::kUint,
      .description = "the sampler shadows one set in this many",
      .default_value = "4",
      .min = 1},
     {.name = "sampler_tags",
      .type = ParamType::kString,
      .description = "the sampler's tags: mirror (the cache's own lines, the thesis's duplicate "
                     "tag array) or shadow (LRU tags of its own)",
      .default_value = "mirror",
      .choices = {"mirror", "shadow"}},
     {.name = "sampler",
      .type = ParamType::kUint,
      .description = "the member of the cache group (the SM) whose L1D hosts the sampler",
      .default_value = "0"},
     {.name = "awid_bits",
      .type = ParamType::kUint,
      .description = "width of the warp-age (AWID) counters, as AgeLRU's; 0: exact ages",
      .default_value = "8",
      .max = 32},
     {.name = "unknown_rd",
      .type = ParamType::kUint,
      .description = "reuse distance of a line whose signature has no prediction",
      .default_value = "15",
      .max = 15},
     {.name = "unknown_rc",
      .type = ParamType::kUint,
      .description = "reuse count of a line whose signature has no prediction (0: dead)",
      .default_value = "15",
      .max = 15},
     {.name = "dead_first",
      .type = ParamType::kBool,
      .description = "evict dead lines (inactive warp's, or no reuses left) before scoring",
      .default_value = "true"},
     {.name = "dead_order",
      .type = ParamType::kString,
      .description = "which of several dead lines goes: score (the lowest score, ties to the "
                     "LRU line) or lru",
      .default_value = "score",
      .choices = {"score", "lru"}}});

}  // namespace warpsim

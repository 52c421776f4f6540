// Profiled-BYPASS (seed 000 §4.6.1): a profiling run counts every block's reads per SM with
// unlimited entries (mode: record); a later run (mode: replay) bypasses a block's read misses
// when its count in the profile is below `threshold`. The count is the reading SM's own
// (`local`), every SM's together (`global`), or (`both`) the SM's own where it read the block in
// the profile and otherwise the mean over the SMs that did. The thesis reports the best
// threshold of 1-16 per workload; the profiling run's time is not counted.
//
// The profile is shared by the group's caches (BlockProfile in the ReplacementGroup). `profile:
// PATH` names a file to write after recording (when the GPU model ends) or to read for replay;
// without one, `warpsim run --workload` records and replays in one command (app/workload_run.cc)
// and other inputs are refused.

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "cache/admission/admission_policy.h"
#include "cache/admission/block_profile.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class ProfiledAdmission final : public AdmissionPolicy {
 public:
  ProfiledAdmission(const ConfigNode& params, const Context& /*context*/)
      : record_(params.at("mode").as_string() == "record"),
        path_(params.at("profile").as_string()),
        filter_(params.at("filter").as_string()),
        threshold_(params.at("threshold").as_uint()) {}

  // A profile file is read (replay) or first written (record) now, so that a bad path is
  // reported before the simulation starts.
  void join(ReplacementGroup& group, std::uint32_t member) override {
    group_ = &group;
    member_ = member;
    if (path_.empty()) return;
    try {
      if (record_) {
        recorded();
      } else {
        profile();
      }
    } catch (const std::runtime_error& e) {
      throw ConfigError(std::string("sm.l1d.admission.profile: ") + e.what());
    }
  }

  bool admits(std::uint32_t /*set*/, Addr line, const AccessInfo& /*access*/) const override {
    if (record_) return true;
    return count(profile(), line) >= threshold_;
  }
  void on_read(std::uint32_t /*set*/, Addr line, const AccessInfo& /*access*/) override {
    if (record_) recorded().profile.add(member_, line);
  }

 private:
  std::uint64_t count(const BlockProfile& p, Addr line) const {
    if (filter_ == "global") return p.global(line);
    const std::uint64_t mine = p.local(member_, line);
    if (filter_ == "local" || mine != 0) return mine;
    const std::uint32_t readers = p.readers(line);
    return readers == 0 ? 0 : p.global(line) / readers;
  }
  ReplacementGroup& group() const {
    if (group_ == nullptr) {
      throw std::logic_error("profiled admission: the cache belongs to no group of caches");
    }
    return *group_;
  }
  RecordedProfile& recorded() {
    return group().state<RecordedProfile>(RecordedProfile::kKey,
                                          [&] { return std::make_unique<RecordedProfile>(path_); });
  }
  // The replay's profile: read from `profile` on first use, or handed to the group beforehand.
  const BlockProfile& profile() const {
    return group().state<BlockProfile>(BlockProfile::kKey, [&] {
      if (path_.empty()) {
        throw ConfigError(
            "sm.l1d.admission: profiled replay needs a profile: a file (profile: PATH, written "
            "by a run with mode: record) or a built-in workload, which records it first");
      }
      return std::make_unique<BlockProfile>(BlockProfile::read_file(path_));
    });
  }

  bool record_;
  std::string path_;
  std::string filter_;
  std::uint64_t threshold_;
  ReplacementGroup* group_ = nullptr;
  std::uint32_t member_ = 0;
};

}  // namespace

WARPSIM_REGISTER_POLICY(
    AdmissionPolicy, ProfiledAdmission, "profiled",
    "Profiled-BYPASS (seed 000 ch. 4): read misses of blocks read fewer than `threshold` times "
    "in a profiling run bypass",
    {{.name = "mode",
      .type = ParamType::kString,
      .description = "record: admit everything and count each block's reads per cache; replay: "
                     "filter by the recorded counts",
      .default_value = "replay",
      .choices = {"record", "replay"}},
     {.name = "profile",
      .type = ParamType::kString,
      .description = "the profile file: written after recording, read for replay; empty: "
                     "recorded and replayed within one workload run",
      .default_value = ""},
     {.name = "filter",
      .type = ParamType::kString,
      .description = "local: the SM's own count; global: all SMs' together; both: the SM's own "
                     "where it read the block when profiled, else the mean of those that did",
      .default_value = "both",
      .choices = {"local", "global", "both"}},
     {.name = "threshold",
      .type = ParamType::kUint,
      .description = "reads in the profile a block needs to be given a line",
      .default_value = "2",
      .min = 1}});

}  // namespace warpsim

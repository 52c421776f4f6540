#pragma once

// Profiled-BYPASS's profile (seed 000 §4.6.1): how many reads of each block (line address) each
// member cache (each SM's L1D) received in a profiling run, with no limit on the entries. The
// profiled admission policy (profiled.cc) fills it while recording and reads it when filtering;
// its policies share one per group of caches (ReplacementGroup state under kKey). Files hold one
// "member line count" line per entry (line in hex), sorted, after a header line.

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>

#include "cache/replacement/replacement_group.h"
#include "sim/time.h"

namespace warpsim {

class BlockProfile final : public ReplacementGroup::State {
 public:
  static constexpr const char* kKey = "admission.block_profile";

  void add(std::uint32_t member, Addr line, std::uint64_t count = 1);
  // Reads of `line` by `member`'s cache; by all caches; how many caches read it.
  std::uint64_t local(std::uint32_t member, Addr line) const;
  std::uint64_t global(Addr line) const;
  std::uint32_t readers(Addr line) const;
  std::size_t entries() const { return local_.size(); }

  // Throws std::runtime_error naming the file (and line) on a read or write failure or a
  // malformed line.
  static BlockProfile read_file(const std::string& path);
  void write_file(const std::string& path) const;

 private:
  struct Total {
    std::uint64_t count = 0;
    std::uint32_t readers = 0;
  };
  std::map<std::pair<std::uint32_t, Addr>, std::uint64_t> local_;
  std::unordered_map<Addr, Total> global_;
};

// The group's profile while recording (key kKey): written to `path`, if any, when the group
// ends (the constructor writes an empty one first, so an unwritable path fails at the start).
class RecordedProfile final : public ReplacementGroup::State {
 public:
  static constexpr const char* kKey = "admission.recorded_profile";

  explicit RecordedProfile(std::string path);
  ~RecordedProfile() override;
  RecordedProfile(const RecordedProfile&) = delete;
  RecordedProfile& operator=(const RecordedProfile&) = delete;

  BlockProfile profile;

 private:
  std::string path_;
};

}  // namespace warpsim

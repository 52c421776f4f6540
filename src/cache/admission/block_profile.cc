#include "cache/admission/block_profile.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace warpsim {

namespace {
constexpr const char* kHeader = "# warpsim L1D block profile v1: member line(hex) reads";
}

void BlockProfile::add(std::uint32_t member, Addr line, std::uint64_t count) {
  std::uint64_t& mine = local_[{member, line}];
  Total& total = global_[line];
  if (mine == 0) ++total.readers;
  mine += count;
  total.count += count;
}

std::uint64_t BlockProfile::local(std::uint32_t member, Addr line) const {
  const auto it = local_.find({member, line});
  return it == local_.end() ? 0 : it->second;
}

std::uint64_t BlockProfile::global(Addr line) const {
  const auto it = global_.find(line);
  return it == global_.end() ? 0 : it->second.count;
}

std::uint32_t BlockProfile::readers(Addr line) const {
  const auto it = global_.find(line);
  return it == global_.end() ? 0 : it->second.readers;
}

BlockProfile BlockProfile::read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot read the block profile");
  BlockProfile profile;
  std::string text;
  std::uint64_t number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (number == 1) {
      if (text != kHeader) {
        throw std::runtime_error(path + ":1: not a warpsim block profile (expected \"" + kHeader +
                                 "\")");
      }
      continue;
    }
    std::istringstream fields(text);
    std::uint32_t member = 0;
    Addr line = 0;
    std::uint64_t count = 0;
    std::string rest;
    if (!(fields >> member >> std::hex >> line >> std::dec >> count) || count == 0 ||
        (fields >> rest)) {
      throw std::runtime_error(path + ":" + std::to_string(number) +
                               ": expected \"MEMBER LINE_HEX COUNT\" with COUNT > 0");
    }
    profile.add(member, line, count);
  }
  if (number == 0) throw std::runtime_error(path + ": empty block profile");
  return profile;
}

void BlockProfile::write_file(const std::string& path) const {
  std::ofstream out(path);
  out << kHeader << "\n";
  for (const auto& [key, count] : local_) {
    out << key.first << " " << std::hex << key.second << std::dec << " " << count << "\n";
  }
  if (!out) throw std::runtime_error(path + ": cannot write the block profile");
}

RecordedProfile::RecordedProfile(std::string path) : path_(std::move(path)) {
  if (!path_.empty()) profile.write_file(path_);
}

RecordedProfile::~RecordedProfile() {
  if (path_.empty()) return;
  try {
    profile.write_file(path_);
  } catch (const std::exception&) {  // it was writable at the start; a destructor cannot throw
  }
}

}  // namespace warpsim

#include "sm/throttle.h"

#include <filesystem>

#include <fmt/format.h>

namespace warpsim {

namespace {

// A cap as written in the kernels file: a whole number from 0 (no cap) to kMaxThrottleCap.
std::uint32_t read_cap(const ConfigNode& node) {
  const std::uint64_t value = node.as_uint();
  if (value > kMaxThrottleCap) {
    throw node.error(fmt::format("a cap is 0 (none) to {}, got {}", kMaxThrottleCap, value));
  }
  return static_cast<std::uint32_t>(value);
}

}  // namespace

ThrottleTable::ThrottleTable(const ConfigNode& sm) {
  const ConfigNode& section = sm.at("throttle");
  defaults_.warps = static_cast<std::uint32_t>(section.at("warps").as_uint());
  defaults_.ctas = static_cast<std::uint32_t>(section.at("ctas").as_uint());
  const ConfigNode& kernels = section.at("kernels");
  // Made absolute by the schema (ParamSpec::file).
  const std::filesystem::path file = kernels.as_string();
  if (file.empty()) return;
  if (!std::filesystem::exists(file)) {
    throw kernels.error(fmt::format("no such file: {}", file.string()));
  }
  const ConfigNode doc = ConfigNode::parse_file(file.string());
  if (!doc.is_map()) {
    throw doc.error("expected a map of kernel names to their caps ({warps: N, ctas: M})");
  }
  for (const auto& [kernel, entry] : doc.entries()) {
    if (!entry.is_map()) {
      throw entry.error("expected the kernel's caps: {warps: N, ctas: M, ebt: E}");
    }
    ThrottleCaps caps = defaults_;
    for (const auto& [key, value] : entry.entries()) {
      if (key == "warps") {
        caps.warps = read_cap(value);
      } else if (key == "ctas") {
        caps.ctas = read_cap(value);
      } else if (key == "ebt") {
        const std::int64_t ebt = value.as_int();
        if (ebt < -kMaxEbt || ebt > kMaxEbt) {
          throw value.error(fmt::format("ebt is -{0} to {0}, got {1}", kMaxEbt, ebt));
        }
        caps.ebt = static_cast<std::int32_t>(ebt);
      } else {
        throw value.error(fmt::format("unknown key '{}' (known: warps, ctas, ebt)", key));
      }
    }
    kernels_[kernel] = caps;
  }
}

ThrottleCaps ThrottleTable::caps(const std::string& kernel) const {
  const auto it = kernels_.find(kernel);
  return it == kernels_.end() ? defaults_ : it->second;
}

}  // namespace warpsim

#include "sim/registry.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace warpsim {
namespace {

// Registration runs before main(), where an exception would only produce an opaque
// std::terminate; a message and abort() tells the developer exactly what to fix.
[[noreturn]] void abort_registration(const std::string& message) {
  fmt::print(stderr, "warpsim: policy registration error: {}\n", message);
  std::fflush(stderr);
  std::abort();
}

}  // namespace

PolicyRegistry& PolicyRegistry::global() {
  static PolicyRegistry registry;
  return registry;
}

void PolicyRegistry::add_entry(PolicyInfo info, const std::type_info& interface, Factory factory,
                               std::string source_file) {
  for (const auto& [key, entry] : entries_) {
    if (key.first == info.kind && *entry.interface != interface) {
      abort_registration(
          fmt::format("kind '{}' is used by two different interfaces ({} in {}, and another in {})",
                      info.kind, entry.info.name, entry.source_file, source_file));
    }
  }
  auto key = std::make_pair(info.kind, info.name);
  if (auto it = entries_.find(key); it != entries_.end()) {
    abort_registration(fmt::format("{} policy '{}' is registered twice (in {} and in {})",
                                   info.kind, info.name, it->second.source_file, source_file));
  }
  entries_.emplace(std::move(key),
                   Entry{std::move(info), &interface, factory, std::move(source_file)});
}

std::vector<PolicyInfo> PolicyRegistry::list() const {
  std::vector<PolicyInfo> infos;
  infos.reserve(entries_.size());
  for (const auto& [key, entry] : entries_) infos.push_back(entry.info);
  return infos;
}

std::vector<std::string> PolicyRegistry::names(std::string_view kind) const {
  std::vector<std::string> result;
  for (const auto& [key, entry] : entries_) {
    if (key.first == kind) result.push_back(key.second);
  }
  return result;
}

const PolicyInfo* PolicyRegistry::find(std::string_view kind, std::string_view name) const {
  auto it = entries_.find(std::make_pair(std::string(kind), std::string(name)));
  return it == entries_.end() ? nullptr : &it->second.info;
}

std::pair<PolicyRegistry::Factory, ConfigNode> PolicyRegistry::prepare(
    std::string_view kind, const std::type_info& interface, const ConfigNode& slot) const {
  PolicySlot spec{slot.path(), std::string(kind), "", ""};
  ConfigNode params = resolve_policy_slot(slot, spec, *this);
  std::string name = params.at("impl").text();
  auto it = entries_.find(std::make_pair(std::string(kind), name));
  if (it == entries_.end()) throw params.error(fmt::format("unknown {} policy '{}'", kind, name));
  if (*it->second.interface != interface) {
    throw std::logic_error(
        fmt::format("{} policy '{}' was registered for another interface", kind, name));
  }
  params.erase("impl");
  return {it->second.factory, std::move(params)};
}

}  // namespace warpsim

#include "workload/registry.h"

#include <stdexcept>

namespace warpsim::workload {

namespace {

bool valid_part(std::string_view part) {
  if (part.empty()) return false;
  for (char c : part) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

bool valid_workload_name(std::string_view name) {
  const std::size_t slash = name.find('/');
  if (slash == std::string_view::npos) return false;
  return valid_part(name.substr(0, slash)) && valid_part(name.substr(slash + 1));
}

WorkloadRegistry& WorkloadRegistry::global() {
  static WorkloadRegistry registry;
  return registry;
}

bool WorkloadRegistry::add(std::unique_ptr<Workload> workload, std::string source_file) {
  if (workload == nullptr) throw std::logic_error("a null workload was registered");
  std::string name(workload->name());
  if (!valid_workload_name(name)) {
    throw std::logic_error("workload name '" + name + "' (" + source_file +
                           ") is not suite/name in lower case, digits, '-' and '_'");
  }
  auto [it, inserted] = entries_.try_emplace(name);
  if (!inserted) {
    throw std::logic_error("workload '" + name + "' is registered twice: in " +
                           it->second.source_file + " and in " + source_file);
  }
  it->second = Entry{std::move(workload), std::move(source_file)};
  return true;
}

std::string WorkloadRegistry::source_file(std::string_view name) const {
  const auto it = entries_.find(name);
  return it == entries_.end() ? std::string() : it->second.source_file;
}

const Workload* WorkloadRegistry::find(std::string_view name) const {
  auto it = entries_.find(name);
  return it == entries_.end() ? nullptr : it->second.workload.get();
}

std::vector<const Workload*> WorkloadRegistry::list() const {
  std::vector<const Workload*> out;
  out.reserve(entries_.size());
  for (const auto& [name, entry] : entries_) out.push_back(entry.workload.get());
  return out;
}

}  // namespace warpsim::workload

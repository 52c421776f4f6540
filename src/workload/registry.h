#pragma once

// The built-in workloads by name. Each driver file registers its workload with
// WARPSIM_REGISTER_WORKLOAD from a static initializer, so adding a workload touches only its own
// folder (as policies register themselves, sim/registry.h). The process-wide instance is filled
// before main() and only read afterwards; tests may build private instances.

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "workload/workload.h"

namespace warpsim::workload {

class WorkloadRegistry {
 public:
  static WorkloadRegistry& global();

  // Takes `workload` under its name(). Throws std::logic_error for a name registered twice
  // (naming both source files) or one that is not "suite/name" in lower case, digits, '-' and
  // '_'. Returns true so it can initialize a static.
  bool add(std::unique_ptr<Workload> workload, std::string source_file = "");

  const Workload* find(std::string_view name) const;
  // The source file that registered workload `name` (empty if unknown or not given).
  std::string source_file(std::string_view name) const;
  // Every workload, sorted by name.
  std::vector<const Workload*> list() const;

 private:
  struct Entry {
    std::unique_ptr<Workload> workload;
    std::string source_file;
  };
  std::map<std::string, Entry, std::less<>> entries_;
};

// Whether `name` has the form "suite/name" (lower-case letters, digits, '-' and '_').
bool valid_workload_name(std::string_view name);

}  // namespace warpsim::workload

// Registers a workload class (default-constructible, derived from Workload) with the
// process-wide registry. Use once, at file scope, in the workload's driver.cc.
#define WARPSIM_REGISTER_WORKLOAD(Class)                       \
  [[maybe_unused]] static const bool kWarpsimWorkload##Class = \
      ::warpsim::workload::WorkloadRegistry::global().add(std::make_unique<Class>(), __FILE__)

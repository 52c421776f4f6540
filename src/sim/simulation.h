#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/component.h"
#include "sim/engine.h"
#include "sim/link.h"
#include "sim/stats.h"

namespace warpsim {

struct SimOptions {
  bool skip_idle = true;
  // Deadlock watchdog, in cycles of the first clock domain added (the core clock by
  // convention); 0 disables it.
  std::uint64_t watchdog_cycles = 1'000'000;
  // Name of the root stat group; every component path starts with it.
  std::string root = "gpu";
};

// Owns everything one simulated machine has: clocks, components, links, the engine and the
// stats tree. Nothing lives outside it, so several Simulations can run in one process.
class Simulation {
 public:
  explicit Simulation(SimOptions options = {});
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;
  ~Simulation();

  ClockDomainId add_clock(std::string name, Picos period);

  template <class T, class... Args>
  T& add(Args&&... args) {
    auto owned = std::make_unique<T>(*this, std::forward<Args>(args)...);
    T& ref = *owned;
    components_.push_back(std::move(owned));
    return ref;
  }

  // Wires a Link from `from` to `to`; its stats live at `<root>.links.<name>`.
  template <class Msg>
  Link<Msg>& connect(const std::string& name, const Component& from, const Component& to,
                     LinkParams params) {
    StatGroup& group = stats_.child("links").child(name);
    auto owned = std::make_unique<Link<Msg>>(engine_, group, name, from, to, params);
    Link<Msg>& ref = *owned;
    engine_.add_link(ref);
    links_.push_back(std::move(owned));
    return ref;
  }

  // The component at `path` ("gpu.sm[0]"), or null: for tests and tools that reach into a built
  // model. Linear in the number of components.
  Component* find(std::string_view path) const;

  Engine& engine() { return engine_; }
  const Engine& engine() const { return engine_; }
  StatGroup& stats() { return stats_; }
  const StatGroup& stats() const { return stats_; }
  const SimOptions& options() const { return options_; }
  Picos now() const { return engine_.now(); }

  // The stat group for a dotted path under the root ("gpu.sm[3].l1d"); created on demand.
  StatGroup& stat_group(const std::string& path);

  RunResult run(const std::function<bool()>& done) { return engine_.run(done); }
  RunResult run_until_quiescent() { return engine_.run_until_quiescent(); }

 private:
  SimOptions options_;
  Engine engine_;
  StatGroup stats_;
  std::vector<std::unique_ptr<Component>> components_;
  std::vector<std::unique_ptr<LinkBase>> links_;
};

}  // namespace warpsim

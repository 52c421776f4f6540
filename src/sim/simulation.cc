#include "sim/simulation.h"

#include <stdexcept>

#include <fmt/format.h>

namespace warpsim {

namespace {

EngineOptions engine_options(const SimOptions& options) {
  EngineOptions out;
  out.skip_idle = options.skip_idle;
  return out;  // the watchdog span is set once the reference clock exists
}

}  // namespace

Simulation::Simulation(SimOptions options)
    : options_(std::move(options)),
      engine_(engine_options(options_)),
      stats_(options_.root, &engine_.now_ref()) {}

Simulation::~Simulation() = default;

ClockDomainId Simulation::add_clock(std::string name, Picos period) {
  const ClockDomainId id = engine_.add_clock(std::move(name), period);
  if (id == 0 && options_.watchdog_cycles > 0) {
    engine_.set_watchdog_span(options_.watchdog_cycles * period);
  }
  return id;
}

StatGroup& Simulation::stat_group(const std::string& path) {
  const std::string& root = options_.root;
  if (path != root && path.rfind(root + ".", 0) != 0) {
    throw std::invalid_argument(
        fmt::format("component path '{}' does not start with the root '{}'", path, root));
  }
  StatGroup* group = &stats_;
  std::size_t start = root.size() + 1;
  while (start <= path.size() && path != root) {
    const std::size_t dot = path.find('.', start);
    const std::size_t end = dot == std::string::npos ? path.size() : dot;
    group = &group->child(path.substr(start, end - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return *group;
}

Component* Simulation::find(std::string_view path) const {
  for (const auto& c : components_) {
    if (c->path() == path) return c.get();
  }
  return nullptr;
}

}  // namespace warpsim

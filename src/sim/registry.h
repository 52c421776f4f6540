#pragma once

#include <concepts>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <typeinfo>
#include <utility>
#include <vector>

#include "sim/config_node.h"
#include "sim/schema.h"

namespace warpsim {

// What `warpsim list policies` prints about one plug-in.
struct PolicyInfo {
  std::string kind;
  std::string name;
  std::string description;
  std::vector<ParamSpec> params;
};

// The requirements on a policy class, checked at the registration site so that a mistake
// shows up as one readable compile error in the policy's own file.
template <typename Class, typename Interface>
concept PolicyImplementation = std::derived_from<Class, Interface> &&
    std::constructible_from<Class, const ConfigNode&, const typename Interface::Context&>;

// Plug-in implementations by kind ("replacement", "warp_scheduler", ...) and name ("lru").
// The process-wide instance holds types, not simulation state: it is filled by static
// initializers (WARPSIM_REGISTER_POLICY) before main() and only read afterwards, so two
// simulations in one process share it safely. Tests may build private instances.
class PolicyRegistry {
 public:
  // Builds an Interface-derived object and returns it as void*; `context` points to the
  // Interface::Context. Type-erased so the registry needs no template parameter per kind.
  using Factory = void* (*)(const ConfigNode& params, const void* context);

  static PolicyRegistry& global();

  // Registers Class under Interface::kKind. A kind/name registered twice, or one kind used by
  // two interfaces, is a programming error found at start-up: the process aborts with a
  // message naming both source files. Returns true so it can initialize a static.
  template <typename Interface, PolicyImplementation<Interface> Class>
  bool add(std::string name, std::string description, std::vector<ParamSpec> params,
           const char* source_file = "") {
    add_entry(
        PolicyInfo{Interface::kKind, std::move(name), std::move(description), std::move(params)},
        typeid(Interface), &construct<Interface, Class>, source_file);
    return true;
  }

  void add_entry(PolicyInfo info, const std::type_info& interface, Factory factory,
                 std::string source_file);

  // Every registered policy, sorted by kind then name.
  std::vector<PolicyInfo> list() const;
  // The names registered for `kind`, sorted.
  std::vector<std::string> names(std::string_view kind) const;
  const PolicyInfo* find(std::string_view kind, std::string_view name) const;

  // Builds the implementation a policy slot names. `slot` is a slot node from the resolved
  // config ({impl: lru, ...}); hand-written or shorthand nodes are resolved first, so the
  // policy's constructor always sees every one of its params (and never `impl`). Throws
  // ConfigError for an unknown name or bad params.
  template <typename Interface>
  std::unique_ptr<Interface> create(const ConfigNode& slot,
                                    const typename Interface::Context& context) const {
    auto [factory, params] = prepare(Interface::kKind, typeid(Interface), slot);
    return std::unique_ptr<Interface>(static_cast<Interface*>(factory(params, &context)));
  }

 private:
  struct Entry {
    PolicyInfo info;
    const std::type_info* interface = nullptr;
    Factory factory = nullptr;
    std::string source_file;
  };

  template <typename Interface, typename Class>
  static void* construct(const ConfigNode& params, const void* context) {
    Interface* object =
        new Class(params, *static_cast<const typename Interface::Context*>(context));
    return object;
  }

  std::pair<Factory, ConfigNode> prepare(std::string_view kind, const std::type_info& interface,
                                         const ConfigNode& slot) const;

  std::map<std::pair<std::string, std::string>, Entry> entries_;
};

}  // namespace warpsim

// Registers a policy with the process-wide registry. Use once, at file scope, in the policy's
// own .cc file; the trailing argument is the braced list of its ParamSpecs ({} for none):
//   WARPSIM_REGISTER_POLICY(ReplacementPolicy, LruReplacement, "lru", "Least recently used", {});
#define WARPSIM_REGISTER_POLICY(Interface, Class, name, description, ...) \
  [[maybe_unused]] static const bool kWarpsimRegistered##Class =          \
      ::warpsim::PolicyRegistry::global().add<Interface, Class>(          \
          name, description, std::vector<::warpsim::ParamSpec> __VA_ARGS__, __FILE__)

#pragma once

// State that the replacement policies of a group of like caches share: the L1 data caches of
// all SMs, where RPR (rpr.cc, seed 001 §6.2) keeps one reuse predictor for the GPU. Whoever
// builds the caches owns the group, keeps it alive as long as they are, and tells each cache
// its member number (Cache::join_replacement_group); the first policy to ask for a key
// creates its state.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

namespace warpsim {

class ReplacementGroup {
 public:
  struct State {
    virtual ~State() = default;
  };

  explicit ReplacementGroup(std::uint32_t members) : members_(members) {}

  std::uint32_t members() const { return members_; }

  // The state under `key`, made by `make()` (returning std::unique_ptr<T>) on first use.
  template <class T, class Make>
  T& state(const std::string& key, Make&& make) {
    std::unique_ptr<State>& slot = states_[key];
    if (!slot) slot = std::forward<Make>(make)();
    return static_cast<T&>(*slot);
  }

 private:
  std::uint32_t members_;
  std::map<std::string, std::unique_ptr<State>> states_;
};

}  // namespace warpsim

#pragma once

#include "sim/time.h"

namespace warpsim {

// What a component's tick() returns: when it next needs to run. The engine skips the
// component until then; input arriving on a Link (or space freeing on a Link it was blocked
// on) wakes it earlier. Returning a later wake than needed is a bug that the skip ≡ no-skip
// tests catch: with --no-skip every component ticks on every edge and must then do nothing.
class Wake {
 public:
  enum class Kind { kNextCycle, kAt, kOnInput };

  static constexpr Wake next_cycle() { return Wake(Kind::kNextCycle, Cycle()); }
  // Run again at cycle `c` of the component's own domain (a cycle not after the current one
  // means the next cycle).
  static constexpr Wake at(Cycle c) { return Wake(Kind::kAt, c); }
  // Sleep until a Link delivers input or frees space this component waits for.
  static constexpr Wake on_input() { return Wake(Kind::kOnInput, Cycle()); }

  constexpr Kind kind() const { return kind_; }
  constexpr Cycle cycle() const { return cycle_; }

 private:
  constexpr Wake(Kind kind, Cycle cycle) : kind_(kind), cycle_(cycle) {}
  Kind kind_;
  Cycle cycle_;
};

}  // namespace warpsim

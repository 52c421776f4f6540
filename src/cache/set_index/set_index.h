#pragma once

// Which set of a cache a line goes to. GPGPU-Sim offers linear, a Fermi hash and an
// irreducible-polynomial (ipoly) hash; Mei & Chu (seed 003) recover non-linear set mappings
// from measurements. One file per function under src/cache/set_index/.

#include <cstdint>

#include "sim/config_node.h"
#include "sim/time.h"

namespace warpsim {

class SetIndexFunction {
 public:
  static constexpr const char* kKind = "set_index";

  struct Context {
    std::uint32_t sets = 1;    // number of sets (not necessarily a power of two for `linear`)
    std::uint32_t line = 128;  // line size in bytes, a power of two
  };

  virtual ~SetIndexFunction() = default;
  // The set of the line holding `addr`, in 0..sets-1. Pure.
  virtual std::uint32_t set_of(Addr addr) const = 0;
};

}  // namespace warpsim

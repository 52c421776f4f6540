#pragma once

// Shared-region minimisation ("Reorder", seed 002, digest §2.8): choose which of a kernel's
// scratchpad variables go at the low offsets (the CTA's private part, below t * its bytes) so
// that the variables left in the pair's shared region have the smallest access range, and
// reorder the declarations to match (the functional model lays variables out in declaration
// order). Every split of the variables is tried (up to 16 of them); the declared order is kept
// unless another is strictly better.

#include <cstdint>
#include <string>
#include <vector>

#include "passes/shared_vars.h"
#include "ptx/ir.h"

namespace warpsim::passes {

struct ReorderResult {
  bool changed = false;
  std::string note;         // why nothing was tried, if so
  double range_before = 0;  // weighted instructions in the shared region's range
  double range_after = 0;
  std::vector<std::string> order;  // the variables in their new order
};

ReorderResult reorder_shared_vars(ptx::Module& module, std::uint32_t function, double t,
                                  double loop_weight);

// The shared region's variables for a layout: those reaching past floor(t * static bytes),
// and dynamic ones. A bit per variable of `vars`.
std::uint64_t shared_region_mask(const std::vector<SharedVar>& vars, double t);

// Per instruction of kernel `function`: whether it may access the shared region of the current
// layout at private fraction t (every variable, in a kernel that calls functions). What the
// relssp placement treats as an access.
std::vector<bool> shared_region_accesses(const ptx::Module& module, std::uint32_t function,
                                         double t);

}  // namespace warpsim::passes

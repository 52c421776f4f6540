#pragma once

// What the scheduling passes (hoist_loads, if-conversion) may move or predicate: pure register
// arithmetic, plain loads and stores, and which state spaces can never hold the same bytes.

#include "ptx/ir.h"

namespace warpsim::passes {

// No memory access, control flow, synchronization, cross-lane communication or timer read.
bool is_pure_arithmetic(const ptx::Instruction& inst);
// `ld` from global, local, const, param or shared memory; not volatile, .mmio, .relaxed or
// .acquire, not generic.
bool is_plain_load(const ptx::Instruction& inst);
// `st` (any state space), not volatile, .mmio, .relaxed or .release.
bool is_plain_store(const ptx::Instruction& inst);
// Whether an access to `a` and one to `b` may touch the same memory: true unless both name
// different non-generic spaces (shared::cluster may hold the CTA's shared memory).
bool spaces_may_alias(ptx::StateSpace a, ptx::StateSpace b);

}  // namespace warpsim::passes

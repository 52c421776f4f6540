#pragma once

#include "func/device.h"

namespace warpsim::func {

// Functional mode: runs every CTA of a launch to completion. Up to options.resident_ctas CTAs
// are interleaved, warps take turns of options.quantum instructions (so spin-waits on other
// warps make progress), and the order is fixed, so output is deterministic. Throws ExecError
// on a barrier deadlock.
LaunchResult run_functional(LaunchState& launch, const DeviceOptions& options);

}  // namespace warpsim::func

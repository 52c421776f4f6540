#pragma once

// The functional device's options a resolved GPU config decides, for every host of the
// functional model: the CUDA runtime and the built-in workloads' host (src/workload).

#include "func/device.h"
#include "gpu/gpu_description.h"
#include "sim/config_node.h"

namespace warpsim::runtime {

// Shared memory per block, the configured PTX passes, whether `relssp` may be used and
// independent thread scheduling. What only one host decides (unified addressing, the block
// size limit) its caller adds.
func::DeviceOptions device_options(const GpuDescription& gpu, const ConfigNode& resolved);

}  // namespace warpsim::runtime

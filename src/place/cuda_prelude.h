#pragma once

// What the placement compiler puts before a CUDA file instead of the CUDA headers: the
// execution-space attributes, the built-in variables (threadIdx, blockDim, ... from Clang's
// own header), vector types and the device functions our kernels call, declared. Clang compiles
// with it too (device_compiler.h), where a few functions get definitions from NVVM built-ins.

namespace warpsim::place {

// The prelude's text. With `definitions`, the functions Clang can lower without libdevice are
// defined (for compiling to PTX with Clang); without, only declared (for analysis).
const char* cuda_prelude(bool definitions);

}  // namespace warpsim::place

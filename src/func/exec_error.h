#pragma once

// The error the simulated program's misbehaviour raises (out-of-bounds or misaligned access,
// unsupported instruction, barrier deadlock, trap, stack overflow ...). what() is one line that
// names the kernel, the PTX position (with the CUDA line when .loc exists), the block, the
// thread and, for memory errors, the address.

#include <stdexcept>
#include <string>

namespace warpsim::func {

class ExecError : public std::runtime_error {
 public:
  explicit ExecError(const std::string& message) : std::runtime_error(message) {}
};

// Bad input found while loading a module or preparing a launch (missing kernel, wrong
// argument sizes, shared memory over the limit ...).
class LaunchError : public std::runtime_error {
 public:
  explicit LaunchError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace warpsim::func

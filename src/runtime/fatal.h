#pragma once

// How the runtime library ends a program whose simulation cannot go on: a fault in the simulated
// program, device code the simulator cannot load, a bad environment. As a sticky CUDA error
// poisons the context, nothing after it could be trusted.

#include <string_view>

namespace warpsim::runtime {

// Prints "warpsim: MESSAGE" and exits with `status` (2: the simulated program failed; 1: the
// simulator did).
[[noreturn]] void fatal(std::string_view message, int status = 2);

// While one is alive (the timing model's drain in an exit handler), fatal() ends the process
// with _Exit: calling exit() again from inside an exit handler is undefined.
class InExitHandler {
 public:
  InExitHandler();
  ~InExitHandler();
  InExitHandler(const InExitHandler&) = delete;
  InExitHandler& operator=(const InExitHandler&) = delete;
};

}  // namespace warpsim::runtime

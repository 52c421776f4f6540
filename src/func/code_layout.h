#pragma once

// Where a kernel's code and registers lie, the same for the timing model (instruction fetch,
// sm/fetch.h; register dependencies, sm/scoreboard.h) and for traces warpsim writes
// (trace/trace_writer.h), so that a written trace fetches from the addresses and depends through
// the registers its PTX run did.
//
// Code: the kernel at offset 0, then every .func of its module in module order, each from the
// first multiple of kCodeAlignInsts instructions after the one before ends (aligned, so that a
// function maps to the same cache sets wherever it sits). Instruction fetch runs on through a
// function's end into what follows, as hardware fetching a contiguous code segment does, up to
// the end of the last function.
// Registers: as SASS names them, one fixed set per function at every call depth (a recursive
// call reuses its caller's, as compiled code does after saving them): the kernel's slots first,
// then each .func's slots after the one before, in module order.
// Other kernels of the module, and functions without a body, are left out of both.

#include <cstdint>
#include <vector>

#include "func/loaded_module.h"

namespace warpsim::func {

inline constexpr std::uint32_t kCodeAlignInsts = 4096;  // 64 KiB of 16-byte instructions
inline constexpr std::uint32_t kNotLaidOut = 0xffffffffU;

struct CodeLayout {
  // By module function index (FunctionCode::index); kNotLaidOut for the module's other kernels.
  std::vector<std::uint32_t> code;       // first instruction
  std::vector<std::uint32_t> registers;  // first register slot
  std::uint32_t end = 0;                 // one past the last function's last instruction

  std::uint32_t code_offset(const FunctionCode& f) const { return at(code, f); }
  std::uint32_t register_offset(const FunctionCode& f) const { return at(registers, f); }

 private:
  static std::uint32_t at(const std::vector<std::uint32_t>& v, const FunctionCode& f) {
    return f.index < v.size() ? v[f.index] : kNotLaidOut;
  }
};

CodeLayout code_layout(const LoadedModule& module, const FunctionCode& kernel);

}  // namespace warpsim::func

#include "func/code_layout.h"

#include "ptx/ir.h"

namespace warpsim::func {

CodeLayout code_layout(const LoadedModule& module, const FunctionCode& kernel) {
  CodeLayout layout;
  layout.code.assign(module.functions.size(), kNotLaidOut);
  layout.registers.assign(module.functions.size(), kNotLaidOut);
  if (kernel.index < module.functions.size()) {
    layout.code[kernel.index] = 0;
    layout.registers[kernel.index] = 0;
  }
  auto code_end = static_cast<std::uint32_t>(kernel.insts.size());
  std::uint32_t registers_end = kernel.num_slots;
  for (const FunctionCode& f : module.functions) {
    // Other kernels, and declarations without a body (vprintf and the like), take no room.
    if (&f == &kernel || f.ir == nullptr || f.ir->is_entry || f.insts.empty()) continue;
    const std::uint32_t start = (code_end / kCodeAlignInsts + 1) * kCodeAlignInsts;
    layout.code[f.index] = start;
    code_end = start + static_cast<std::uint32_t>(f.insts.size());
    layout.registers[f.index] = registers_end;
    registers_end += f.num_slots;
  }
  layout.end = code_end;
  return layout;
}

}  // namespace warpsim::func

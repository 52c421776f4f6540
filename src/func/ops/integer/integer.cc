// The integer family's entry point: each file of this folder selects the opcodes it implements.

#include "func/handlers.h"
#include "func/ops/integer/integer_ops.h"

namespace warpsim::func {

ExecFn select_integer(const ptx::Instruction& inst) {
  using Selector = ExecFn (*)(const ptx::Instruction&);
  static constexpr Selector kSelectors[] = {
      &integer::select_arithmetic, &integer::select_multiply, &integer::select_carry,
      &integer::select_bits,       &integer::select_logic,    &integer::select_compare,
      &integer::select_video,
  };
  for (Selector select : kSelectors) {
    if (ExecFn fn = select(inst)) return fn;
  }
  return nullptr;
}

}  // namespace warpsim::func

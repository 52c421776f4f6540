// The `unique_exit` pass: every function with a body gets one exit block. Each `ret` (and, in a
// kernel, where it means the same, each `exit`), guarded or not, becomes a branch with the same
// guard to a block `$L__warpsim_exit_N: ret;` appended at the end, so the CFG's exit has a
// single real predecessor, as analyses that want one real exit node (and passes that place code
// before a function returns) expect. A function that can fall off its end keeps falling into the
// same block. `trap` ends a thread abnormally and is left alone.

#include <cstdint>

#include "passes/function_editor.h"
#include "passes/pass.h"
#include "sim/registry.h"

namespace warpsim::passes {
namespace {

class UniqueExitPass final : public Pass {
 public:
  UniqueExitPass(const ConfigNode& /*params*/, const Context& /*context*/) {}

  void run(ptx::Module& module, PassReport& report) override {
    for (ptx::Function& fn : module.functions) {
      if (!fn.has_body) continue;
      const auto leaves = [&fn](const ptx::Instruction& inst) {
        return inst.op == ptx::Opcode::kRet || (fn.is_entry && inst.op == ptx::Opcode::kExit);
      };
      std::uint64_t rewritten = 0;
      for (const ptx::Instruction& inst : fn.insts) rewritten += leaves(inst) ? 1 : 0;
      if (rewritten == 0) continue;
      FunctionEditor editor(fn);
      const std::uint32_t label = editor.add_label("exit");
      for (std::uint32_t i = 0; i < fn.insts.size(); ++i) {
        ptx::Instruction& inst = editor.instruction(i);
        if (!leaves(inst)) continue;
        inst = make_branch(label, inst);
      }
      editor.append_block(label, {make_plain(ptx::Opcode::kRet, fn.insts.back())}, true);
      editor.commit();
      report.add(fn.name, "returns", rewritten);
    }
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(Pass, UniqueExitPass, "unique_exit",
                        "Gives every function one exit block: each ret (and a kernel's exit) "
                        "becomes a branch to it",
                        {});

}  // namespace warpsim::passes

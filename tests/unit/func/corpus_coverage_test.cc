// Every instruction in the PTX nvcc made of our CUDA programs (ptx/, sm_75 and sm_90)
// decodes to a real handler: loading each module must not leave any instruction with the
// "unsupported instruction" handler. Counted per op class, so a family that silently loses
// its forms shows up.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "func/device.h"
#include "func/handlers.h"
#include "ptx/printer.h"

namespace warpsim::func {
namespace {

TEST(CorpusCoverage, EveryInstructionNvccEmitsHasAHandler) {
  std::map<OpClass, std::size_t> per_class;
  std::size_t files = 0;
  for (const char* arch : {"sm_90", "sm_75"}) {
    std::filesystem::path dir = std::filesystem::path(WARPSIM_SOURCE_DIR) / "ptx" / arch;
    ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".ptx") continue;
      ++files;
      Device device;
      const LoadedModule& module = device.load_module_file(entry.path().string());
      for (const FunctionCode& code : module.functions) {
        for (const DecodedInst& inst : code.insts) {
          ++per_class[inst.op_class];
          if (inst.fn == unsupported_handler()) {
            ADD_FAILURE() << entry.path().filename().string() << ": no handler for "
                          << ptx::print_instruction(*module.ir, *code.ir, *inst.ir);
          }
        }
      }
    }
  }
  EXPECT_GE(files, 50U);
  for (OpClass c : {OpClass::kInt, OpClass::kFp32, OpClass::kFp64, OpClass::kFp16, OpClass::kSfu,
                    OpClass::kConvert, OpClass::kMove, OpClass::kLoad, OpClass::kStore,
                    OpClass::kAtomic, OpClass::kBranch, OpClass::kCall, OpClass::kReturn,
                    OpClass::kBarrier, OpClass::kFence, OpClass::kWarpOp, OpClass::kTexture}) {
    EXPECT_GT(per_class[c], 0U) << op_class_name(c);
  }
}

}  // namespace
}  // namespace warpsim::func

// CUDA source to PTX for the placement compiler's versions (src/place/device_compiler.h), with
// Clang so that the test needs no CUDA toolkit.
#include "place/device_compiler.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <unistd.h>

#include "place/cuda_source.h"
#include "ptx/parser.h"

namespace warpsim::place {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& tag) {
  const fs::path dir =
      fs::temp_directory_path() / ("warpsim-place-" + tag + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(DeviceCompiler, ClangMakesPtxThatWarpsimParses) {
  const fs::path dir = fresh_dir("clang");
  std::ofstream(dir / "k.cu") << R"(
extern "C" __global__ void scale(float* p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = sqrtf(p[i]) * 2.0f;
}
)";
  compile_to_ptx((dir / "k.cu").string(), (dir / "k.ptx").string(), Compiler::kClang);
  std::ifstream in(dir / "k.ptx");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find(".entry scale"), std::string::npos) << text.str();
  EXPECT_NO_THROW(ptx::parse_ptx(text.str(), "k.ptx"));
  fs::remove_all(dir);
}

TEST(DeviceCompiler, ACompileErrorNamesTheFileAndTheCompilersFirstLines) {
  const fs::path dir = fresh_dir("bad");
  std::ofstream(dir / "bad.cu") << "extern \"C\" __global__ void k() { undeclared = 1; }\n";
  try {
    compile_to_ptx((dir / "bad.cu").string(), (dir / "bad.ptx").string(), Compiler::kClang);
    FAIL() << "compiled a broken source";
  } catch (const PlaceError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("clang failed on"), std::string::npos) << what;
    EXPECT_NE(what.find("bad.cu"), std::string::npos) << what;
    EXPECT_NE(what.find("undeclared"), std::string::npos) << what;
  }
  fs::remove_all(dir);
}

TEST(DeviceCompiler, CompilerNames) {
  EXPECT_EQ(parse_compiler("nvcc"), Compiler::kNvcc);
  EXPECT_EQ(parse_compiler("clang"), Compiler::kClang);
  EXPECT_EQ(parse_compiler("auto"), Compiler::kAuto);
  EXPECT_THROW(parse_compiler("gcc"), PlaceError);
  EXPECT_NE(resolve_compiler(Compiler::kAuto), Compiler::kAuto);
  EXPECT_STREQ(compiler_name(Compiler::kClang), "clang");
}

}  // namespace
}  // namespace warpsim::place

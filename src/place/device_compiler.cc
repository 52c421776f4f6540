#include "place/device_compiler.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "place/cuda_prelude.h"
#include "place/cuda_source.h"

namespace warpsim::place {

namespace fs = std::filesystem;

Compiler parse_compiler(const std::string& name) {
  if (name == "auto") return Compiler::kAuto;
  if (name == "nvcc") return Compiler::kNvcc;
  if (name == "clang") return Compiler::kClang;
  throw PlaceError(fmt::format("unknown compiler '{}' (auto, nvcc, clang)", name));
}

namespace {

std::string find_nvcc() {
  if (const char* env = std::getenv("NVCC"); env != nullptr && fs::exists(env)) return env;
  if (const char* path = std::getenv("PATH")) {
    std::stringstream dirs(path);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
      if (!dir.empty() && fs::exists(fs::path(dir) / "nvcc"))
        return (fs::path(dir) / "nvcc").string();
    }
  }
  return fs::exists("/usr/local/cuda/bin/nvcc") ? "/usr/local/cuda/bin/nvcc" : "";
}

std::string find_clang() {
  for (const char* name : {"clang++-14", "clang++"}) {
    for (const char* dir : {"/usr/bin", "/usr/lib/llvm-14/bin"}) {
      if (fs::exists(fs::path(dir) / name)) return (fs::path(dir) / name).string();
    }
  }
  return "";
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

Compiler resolve_compiler(Compiler compiler) {
  if (compiler != Compiler::kAuto) return compiler;
  return find_nvcc().empty() ? Compiler::kClang : Compiler::kNvcc;
}

const char* compiler_name(Compiler compiler) {
  switch (compiler) {
    case Compiler::kAuto:
      return "auto";
    case Compiler::kNvcc:
      return "nvcc";
    case Compiler::kClang:
      return "clang";
  }
  return "?";
}

void compile_to_ptx(const std::string& cu_path, const std::string& ptx_path, Compiler compiler,
                    const std::string& include_dir) {
  const std::string include = include_dir.empty() ? "" : "-I" + quote(include_dir) + " ";
  compiler = resolve_compiler(compiler);
  const fs::path log = fs::path(ptx_path).replace_extension(".log");
  std::string command;
  if (compiler == Compiler::kNvcc) {
    const std::string nvcc = find_nvcc();
    if (nvcc.empty()) throw PlaceError("nvcc not found (set NVCC, or use --compiler clang)");
    // As scripts/gen-ptx makes the workloads' committed PTX.
    command = fmt::format("{} -ptx -O3 -lineinfo -arch=sm_75 {}-o {} {}", quote(nvcc), include,
                          quote(ptx_path), quote(cu_path));
  } else {
    const std::string clang = find_clang();
    if (clang.empty()) throw PlaceError("clang++ not found (Debian package clang)");
    const fs::path prelude = fs::path(ptx_path).replace_extension(".prelude.h");
    std::ofstream(prelude) << cuda_prelude(true);
    command = fmt::format(
        "{} -x cuda --cuda-device-only --cuda-gpu-arch=sm_75 -nocudainc -nocudalib -O3 "
        "-Wno-unknown-cuda-version -std=c++17 -include {} {}-S -o {} {}",
        quote(clang), quote(prelude.string()), include, quote(ptx_path), quote(cu_path));
  }
  const int status = std::system((command + " > " + quote(log.string()) + " 2>&1").c_str());
  if (status != 0) {
    std::ifstream in(log);
    std::string first, line;
    for (int i = 0; i < 6 && std::getline(in, line); ++i) first += "\n  " + line;
    throw PlaceError(fmt::format("{} failed on {} (exit status {}):{}", compiler_name(compiler),
                                 cu_path, status, first));
  }
}

}  // namespace warpsim::place

#pragma once

// Helpers for functional-model tests: load a PTX module on a fresh Device, put host arrays in
// device memory, launch a kernel and read results back.
//
//   FuncRunner r(kPtx);                      // PTX text (see kernel_ptx() for boilerplate)
//   Addr in = r.upload(std::vector<int>{1, 2, 3});
//   Addr out = r.alloc<int>(3);
//   r.launch("k", {1, 1, 1}, {32, 1, 1}, in, out, 3);
//   std::vector<int> got = r.download<int>(out, 3);

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "func/device.h"
#include "func/exec_error.h"

namespace warpsim::func::testing {

// A complete module around one kernel: `params` is the parameter list text
// (".param .u64 out, .param .u32 n"), `body` the declarations and instructions.
inline std::string kernel_ptx(const std::string& name, const std::string& params,
                              const std::string& body, const std::string& target = "sm_90") {
  return ".version 8.0\n.target " + target + "\n.address_size 64\n\n.visible .entry " + name + "(" +
         params + ")\n{\n" + body + "\n}\n";
}

// Expects `fn` to throw ExecError whose message contains every string of `parts`.
template <typename Fn>
void expect_exec_error(Fn&& fn, const std::vector<std::string>& parts) {
  try {
    fn();
    ADD_FAILURE() << "no error";
  } catch (const ExecError& e) {
    std::string msg = e.what();
    for (const std::string& p : parts) EXPECT_NE(msg.find(p), std::string::npos) << msg;
  }
}

class FuncRunner {
 public:
  explicit FuncRunner(const std::string& ptx, DeviceOptions options = {})
      : device_(with_output(options, &printed_)) {
    module_ = &device_.load_module(ptx, "test.ptx");
  }

  Device& device() { return device_; }
  const LoadedModule& module() const { return *module_; }
  std::string printed() const { return printed_.str(); }

  template <typename T>
  Addr alloc(std::size_t count) {
    return device_.malloc(count * sizeof(T));
  }
  template <typename T>
  Addr upload(const std::vector<T>& data) {
    Addr a = device_.malloc(data.size() * sizeof(T));
    device_.memory().write(a, data.data(), data.size() * sizeof(T));
    return a;
  }
  template <typename T>
  std::vector<T> download(Addr a, std::size_t count) const {
    std::vector<T> out(count);
    device_.memory().read(a, out.data(), count * sizeof(T));
    return out;
  }

  // Arguments are passed by value; each must have the size of the kernel's parameter.
  template <typename... Args>
  LaunchResult launch(const std::string& kernel, Dim3 grid, Dim3 block, const Args&... args) {
    return launch_shared(kernel, grid, block, 0, args...);
  }
  template <typename... Args>
  LaunchResult launch_shared(const std::string& kernel, Dim3 grid, Dim3 block,
                             std::uint32_t dynamic_shared, const Args&... args) {
    const FunctionCode* code = module_->find_kernel(kernel);
    if (code == nullptr) throw std::runtime_error("no kernel " + kernel);
    std::vector<const void*> ptrs{static_cast<const void*>(&args)...};
    return device_.launch(*code, {grid, block, dynamic_shared}, ptrs);
  }

 private:
  static DeviceOptions with_output(DeviceOptions options, std::ostringstream* out) {
    if (options.printf_out == nullptr) options.printf_out = out;
    return options;
  }

  std::ostringstream printed_;
  Device device_;
  const LoadedModule* module_ = nullptr;
};

}  // namespace warpsim::func::testing

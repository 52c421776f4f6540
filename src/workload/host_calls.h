#pragma once

// The typed calls a workload driver makes on a Host, written once for both hosts that run the
// drivers: the simulator's (workload/host.h) and the native one on the CUDA driver API
// (microbench/native/host/workload/host.h). `Derived` provides alloc, copy_in, copy_out and
// launch_dims(kernel, grid, block, shared, args, stream).

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include "func/dim3.h"
#include "sim/time.h"

namespace warpsim::workload {

// One kernel argument: its bytes, as cuLaunchKernel takes them, and their size.
struct KernelArg {
  const void* value = nullptr;
  std::size_t size = 0;
};

template <class Derived>
class HostCalls {
 public:
  template <typename T>
  Addr alloc_copy(const std::vector<T>& values) {
    const Addr addr = self().alloc(values.size() * sizeof(T));
    self().copy_in(addr, values.data(), values.size() * sizeof(T));
    return addr;
  }
  template <typename T>
  std::vector<T> read(Addr src, std::size_t count) {
    std::vector<T> values(count);
    self().copy_out(values.data(), src, count * sizeof(T));
    return values;
  }

  // Launches kernel `kernel` (its PTX name) with `shared` bytes of dynamic shared memory. Each
  // argument must have exactly its parameter's size (std::int32_t for an int, Addr for a
  // pointer, float, ...); a mismatch throws std::invalid_argument.
  template <typename... Args>
  void launch(std::string_view kernel, func::Dim3 grid, func::Dim3 block, std::uint32_t shared,
              const Args&... args) {
    launch_on(0, kernel, grid, block, shared, args...);
  }
  // The same on stream `stream` (0: the legacy default stream, which waits for every earlier
  // launch and holds back every later one).
  template <typename... Args>
  void launch_on(std::uint64_t stream, std::string_view kernel, func::Dim3 grid, func::Dim3 block,
                 std::uint32_t shared, const Args&... args) {
    static_assert((std::is_trivially_copyable_v<Args> && ...));
    const std::array<KernelArg, sizeof...(Args)> list = {KernelArg{&args, sizeof(Args)}...};
    self().launch_dims(kernel, grid, block, shared, list, stream);
  }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace warpsim::workload

#pragma once

// Running a CUDA program's host code, compiled by a plain C++ compiler, against the kernels nvcc
// compiled to PTX. Without nvcc there is no `kernel<<<...>>>` syntax and no host shadow of a
// __device__ variable, so the program names them by their C++ text instead:
//
//   warpsim::runtime::Launch("matmul_tiled<float, 16>", grid, block)(a, b, c, n);
//   cudaMemcpyToSymbol(warpsim::runtime::symbol("c_table"), table, sizeof table);
//
// (tests/cuda/test_util.h wraps both in the LAUNCH and SYMBOL macros.) A kernel is found by
// comparing that text with the demangled names of the module's kernels; each argument is then
// converted to its PTX parameter as the kernel's C++ prototype would have converted it:
// arithmetic values to the parameter's type and size, pointers and trivially copyable objects
// byte for byte when the sizes agree. Anything else is reported and ends the program.
//
// The PTX comes from the file named by the WARPSIM_PTX macro at compile time, or at run time
// from the WARPSIM_PTX environment variable, which takes precedence.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "cuda_runtime.h"

namespace warpsim::runtime {

// How an argument is converted for a kernel parameter, from the parameter's PTX type.
enum class ParamKind : std::uint8_t {
  kInteger,    // .u/.s types
  kFloat,      // .f16/.f32/.f64
  kBits,       // .b types: raw bytes
  kAggregate,  // arrays and vectors (structs passed by value): raw bytes of the same size
};

struct ParamSlot {
  std::uint32_t size = 0;
  ParamKind kind = ParamKind::kBits;
};

struct KernelHandle {
  const void* code = nullptr;  // the runtime's kernel
  const ParamSlot* params = nullptr;
  std::size_t param_count = 0;
  const char* name = nullptr;  // as written by the program, for messages
};

// The kernel whose C++ name (template arguments spelled as the demangler prints them, spaces
// ignored) is `text`; a unique kernel of that name may omit its template arguments. Ends the
// program with the list of kernels when there is none.
KernelHandle find_kernel_by_name(const char* text);
// A stable handle for the module variable `name`, for the cuda*Symbol functions.
const void* symbol(const char* name);
// Adds a PTX file to load when the runtime first needs the device.
bool register_ptx_file(const char* path);
// Runs the kernel (synchronously) with the packed arguments; a failure becomes the last error.
void launch(const KernelHandle& kernel, dim3 grid, dim3 block, std::size_t shared_bytes,
            cudaStream_t stream, const void* const* args);
[[noreturn]] void bad_argument(const KernelHandle& kernel, std::size_t index, const char* what);
[[noreturn]] void bad_argument_count(const KernelHandle& kernel, std::size_t given);

namespace detail {

template <class T>
void pack_arithmetic(const KernelHandle& kernel, std::size_t index, T value, unsigned char* out) {
  const ParamSlot& slot = kernel.params[index];
  if (slot.kind == ParamKind::kFloat) {
    if (slot.size == 4) {
      const float f = static_cast<float>(value);
      std::memcpy(out, &f, 4);
    } else if (slot.size == 8) {
      const double d = static_cast<double>(value);
      std::memcpy(out, &d, 8);
    } else {
      bad_argument(kernel, index, "an arithmetic value for a half-precision parameter");
    }
    return;
  }
  if (slot.kind != ParamKind::kInteger && sizeof(T) == slot.size) {
    std::memcpy(out, &value, sizeof(T));
    return;
  }
  if (slot.kind == ParamKind::kAggregate || slot.size > 8) {
    bad_argument(kernel, index, "an arithmetic value for an aggregate parameter of another size");
  }
  // As C++ converts to an integer of the parameter's size: sign- or zero-extend, or truncate.
  std::uint64_t bits = 0;
  if constexpr (std::is_floating_point_v<T> || std::is_signed_v<T>) {
    bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
  } else {
    bits = static_cast<std::uint64_t>(value);
  }
  std::memcpy(out, &bits, slot.size);  // little-endian: the low bytes
}

template <class A>
void pack(const KernelHandle& kernel, std::size_t index, const A& arg, unsigned char* out) {
  using T = std::remove_cv_t<A>;
  const ParamSlot& slot = kernel.params[index];
  if constexpr (std::is_enum_v<T>) {
    pack_arithmetic(kernel, index, static_cast<std::underlying_type_t<T>>(arg), out);
  } else if constexpr (std::is_arithmetic_v<T>) {
    pack_arithmetic(kernel, index, arg, out);
  } else if constexpr (std::is_array_v<T>) {  // decays, as in a call
    pack(kernel, index, static_cast<const std::remove_extent_t<T>*>(arg), out);
  } else if constexpr (std::is_null_pointer_v<T>) {
    if (slot.size != sizeof(void*)) bad_argument(kernel, index, "nullptr for a non-pointer");
    std::memset(out, 0, sizeof(void*));
  } else {
    static_assert(std::is_trivially_copyable_v<T>, "kernel arguments must be trivially copyable");
    if (sizeof(T) != slot.size) {
      bad_argument(kernel, index,
                   std::is_pointer_v<T> ? "a pointer for a parameter of another size"
                                        : "an object of another size");
    }
    std::memcpy(out, &arg, sizeof(T));
  }
}

}  // namespace detail

// LAUNCH(kernel, grid, block[, shared[, stream]])(args...) without nvcc.
class Launch {
 public:
  // [[nodiscard]]: LAUNCH(...) without its argument list would launch nothing.
  [[nodiscard]] Launch(const char* kernel, dim3 grid, dim3 block, std::size_t shared_bytes = 0,
                       cudaStream_t stream = nullptr)
      : kernel_(find_kernel_by_name(kernel)),
        grid_(grid),
        block_(block),
        shared_bytes_(shared_bytes),
        stream_(stream) {}

  template <class... Args>
  void operator()(const Args&... args) const {
    if (sizeof...(Args) != kernel_.param_count) {
      bad_argument_count(kernel_, sizeof...(Args));
    }
    constexpr std::size_t kSlot = 16;  // the largest parameter alignment
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < kernel_.param_count; ++i) {
      bytes += (kernel_.params[i].size + kSlot - 1) / kSlot * kSlot;
    }
    std::vector<unsigned char> buffer(bytes);
    std::array<const void*, sizeof...(Args)> pointers{};
    std::size_t index = 0;
    std::size_t offset = 0;
    auto pack_one = [&](const auto& arg) {
      detail::pack(kernel_, index, arg, buffer.data() + offset);
      pointers[index] = buffer.data() + offset;
      offset += (kernel_.params[index].size + kSlot - 1) / kSlot * kSlot;
      ++index;
    };
    (pack_one(args), ...);
    launch(kernel_, grid_, block_, shared_bytes_, stream_, pointers.data());
  }

 private:
  KernelHandle kernel_;
  dim3 grid_;
  dim3 block_;
  std::size_t shared_bytes_;
  cudaStream_t stream_;
};

}  // namespace warpsim::runtime

#ifdef WARPSIM_PTX
inline const bool warpsim_ptx_registered = ::warpsim::runtime::register_ptx_file(WARPSIM_PTX);
#endif

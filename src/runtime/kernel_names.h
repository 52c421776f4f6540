#pragma once

// Matching the C++ text a program uses for a kernel ("matmul_tiled<float, 16>") with the mangled
// names of the module's kernels (_Z12matmul_tiledIfLi16EEvPKT_S2_PS0_iii).

#include <string>
#include <string_view>

namespace warpsim::runtime {

// The kernel's name as C++ source writes it: demangled, without the parameter list and without
// the return type that the demangling of a template function starts with, whitespace removed
// ("matmul_tiled<float,16>"). A name that is not mangled (extern "C") comes back unchanged.
std::string kernel_cpp_name(std::string_view mangled);

// What a program wrote, normalized the same way: whitespace removed, enclosing parentheses (as
// in LAUNCH((k<float, 16>), ...)) and a leading "::" dropped.
std::string normalize_kernel_text(std::string_view text);

// The name without its trailing template arguments: "ns::f<int,4>" -> "ns::f".
std::string_view without_template_args(std::string_view name);

}  // namespace warpsim::runtime

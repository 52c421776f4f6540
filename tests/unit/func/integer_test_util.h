#pragma once

// Helpers for the integer family's tests: run a few PTX instructions once per input tuple, one
// tuple per thread, so every lane of a warp holds different values.
//
//   std::vector<std::uint32_t> d = run_lanes<std::uint32_t>("add.u32 %d, %a, %b;", a, b);
//
// The body sees %a, %b, %c, %e (sources, of the C++ types of the input vectors), %d (the result,
// stored to out[i]), the thread index %ix, scratch predicates %p, %q, %r and scratch registers
// %t<8> (.b32) and %w<8> (.b64).

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "func_test_util.h"

namespace warpsim::func::testing {

template <typename T>
std::string ptx_type() {
  if constexpr (std::is_same_v<T, bool>) {
    return "pred";
  } else if constexpr (std::is_same_v<T, float>) {
    return "f32";
  } else if constexpr (std::is_same_v<T, double>) {
    return "f64";
  } else {
    return fmt::format("{}{}", std::is_signed_v<T> ? "s" : "u", 8 * sizeof(T));
  }
}

template <typename T>
std::string reg_type() {
  return fmt::format("b{}", 8 * sizeof(T));
}

// Loads operand `name` of thread %ix from the array at parameter `param`.
template <typename T>
std::string load_operand(const std::string& name, const std::string& param) {
  return fmt::format(
      "ld.param.u64 %base, [{1}];\n"
      "mul.wide.u32 %off, %ix, {2};\n"
      "add.s64 %base, %base, %off;\n"
      "ld.global.{3} %{0}, [%base];\n",
      name, param, sizeof(T), ptx_type<T>());
}

// Runs `body` once per element of `a` (one thread each) and returns each thread's %d. Unused
// sources default to zeros of the type of `a`.
template <typename D, typename A, typename B = A, typename C = A, typename E = A>
std::vector<D> run_lanes(const std::string& body, const std::vector<A>& a,
                         const std::vector<B>& b = {}, const std::vector<C>& c = {},
                         const std::vector<E>& e = {}) {
  std::size_t n = a.size();
  std::string decls = fmt::format(
      ".reg .b32 %ix;\n.reg .b64 %base, %off;\n.reg .pred %p, %q, %r;\n"
      ".reg .b32 %t<8>;\n.reg .b64 %w<8>;\n"
      ".reg .{} %a;\n.reg .{} %b;\n.reg .{} %c;\n.reg .{} %e;\n.reg .{} %d;\n",
      reg_type<A>(), reg_type<B>(), reg_type<C>(), reg_type<E>(), reg_type<D>());
  std::string code = "mov.u32 %ix, %tid.x;\n" + load_operand<A>("a", "pa") +
                     load_operand<B>("b", "pb") + load_operand<C>("c", "pc") +
                     load_operand<E>("e", "pe") + body + "\n" +
                     fmt::format(
                         "ld.param.u64 %base, [out];\n"
                         "mul.wide.u32 %off, %ix, {0};\n"
                         "add.s64 %base, %base, %off;\n"
                         "st.global.{1} [%base], %d;\n",
                         sizeof(D), ptx_type<D>());
  FuncRunner r(kernel_ptx("k",
                          ".param .u64 out, .param .u64 pa, .param .u64 pb, .param .u64 pc, "
                          ".param .u64 pe",
                          decls + code));
  auto filled = [n](auto v) {
    v.resize(n);
    return v;
  };
  Addr pa = r.upload(a);
  Addr pb = r.upload(filled(b));
  Addr pc = r.upload(filled(c));
  Addr pe = r.upload(filled(e));
  Addr out = r.upload(std::vector<D>(n));
  r.launch("k", {1, 1, 1}, {static_cast<std::uint32_t>(n), 1, 1}, out, pa, pb, pc, pe);
  return r.download<D>(out, n);
}

// Deterministic pseudo-random 64-bit values (splitmix64).
class Lcg {
 public:
  explicit Lcg(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// Boundary values of T (0, 1, -1, extremes and their neighbours, single bits) and a few
// pseudo-random ones.
template <typename T>
std::vector<T> edge_values(std::size_t random_count = 6) {
  using L = std::numeric_limits<T>;
  std::vector<T> v{T(0),
                   T(1),
                   T(2),
                   T(3),
                   T(-1),
                   T(-2),
                   L::max(),
                   T(L::max() - 1),
                   L::min(),
                   T(L::min() + 1),
                   T(T(1) << (8 * sizeof(T) - 2)),
                   T(0x55),
                   T(100)};
  Lcg rng(sizeof(T) * 7 + (std::is_signed_v<T> ? 1 : 0));
  for (std::size_t i = 0; i < random_count; ++i) v.push_back(static_cast<T>(rng.next()));
  return v;
}

// Every ordered pair of `values`, as two parallel vectors.
template <typename T>
std::pair<std::vector<T>, std::vector<T>> all_pairs(const std::vector<T>& values) {
  std::pair<std::vector<T>, std::vector<T>> out;
  for (T x : values) {
    for (T y : values) {
      out.first.push_back(x);
      out.second.push_back(y);
    }
  }
  return out;
}

}  // namespace warpsim::func::testing

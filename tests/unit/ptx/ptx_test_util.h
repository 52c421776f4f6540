#pragma once

// Helpers shared by the PTX front-end tests.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "ptx/error.h"
#include "ptx/parser.h"
#include "ptx/verifier.h"

namespace warpsim::ptx::testing {

inline constexpr std::string_view kHeader = ".version 8.0\n.target sm_90\n.address_size 64\n";

inline Module parse(std::string_view body) {
  return parse_ptx(std::string(kHeader) + std::string(body), "t.ptx");
}

// A kernel `k` whose body is `body`; the header takes 3 lines, so the body starts on line 5.
inline std::string kernel(std::string_view body) {
  return ".visible .entry k(\n)\n{\n" + std::string(body) + "\n}\n";
}

inline Module parse_kernel(std::string_view body) { return parse(kernel(body)); }

inline const Function& fn(const Module& m, std::string_view name = "k") {
  const Function* f = m.find_function(name);
  EXPECT_NE(f, nullptr) << name;
  return *f;
}

// The ParseError message that parsing (and verifying) `text` raises; "" when it succeeds.
inline std::string error_of(std::string_view text) {
  try {
    Module m = parse_ptx(text, "t.ptx");
    verify(m);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

inline std::string error_of_kernel(std::string_view body) {
  return error_of(std::string(kHeader) + kernel(body));
}

}  // namespace warpsim::ptx::testing

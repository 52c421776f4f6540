#pragma once

// A PTX compiler pass: a plug-in (kind "ptx_pass") that transforms a parsed module in place.
// The runner (pass_runner.h) verifies the module after each pass, so a pass may leave it in any
// state the verifier accepts; printing it gives PTX that ptxas accepts (with warpsim's
// extension instructions commented out, ptx::ExtensionForm::kPtxasCompatible).

#include <cstdint>
#include <map>
#include <string>

#include "ptx/ir.h"

namespace warpsim::passes {

// What a pass did, for `warpsim ptx transform` and the tests: counts by name ("relssp",
// "branches", ...), per kernel and in total, and notes (why a kernel was left alone).
struct PassReport {
  std::map<std::string, std::map<std::string, std::uint64_t>> counts;  // kernel -> name -> n
  std::map<std::string, std::string> notes;                            // kernel -> note

  void add(const std::string& kernel, const std::string& name, std::uint64_t n = 1) {
    counts[kernel][name] += n;
  }
  std::uint64_t total(const std::string& name) const;
};

class Pass {
 public:
  static constexpr const char* kKind = "ptx_pass";

  struct Context {
    // sm.scratchpad_sharing.t: the fraction of a shared CTA's scratchpad that stays private;
    // offsets at or above t * (the CTA's bytes) are the pair's shared region.
    double sharing_t = 0.1;
  };

  virtual ~Pass() = default;
  virtual void run(ptx::Module& module, PassReport& report) = 0;
};

}  // namespace warpsim::passes

#pragma once

// SASS opcodes → warpsim's op classes. A trace line's opcode is looked up by its first token
// ("LDG" of "LDG.E.64.SYS"), in the table of the traced code's SM family (the header's
// `-binary version`): the functional class (func::OpClass: what the instruction does), the
// timing class the SM issues it as (sm/op_timing.h) and, for memory instructions, the space
// the opcode implies. Uniform-datapath ops (Turing and later) are integer/move work. Tensor-core
// ops (HMMA, IMMA, DMMA, HGMMA ...) have no timing class of their own yet: they are booked as
// fp16 (fp64 for DMMA). An opcode missing from the table gets the fallback class and is
// recorded, so that a caller can report each one once.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "func/program.h"
#include "sm/op_timing.h"

namespace warpsim::trace {

enum class SassSpace : std::uint8_t {
  kNone,
  kGlobal,
  kShared,
  kLocal,
  kConstant,
  kGeneric,  // LD/ST/ATOM on a generic address: the header's shared/local windows decide
  kTexture,
  kSurface,
};
const char* sass_space_name(SassSpace space);

// Maxwell and Pascal (and, approximately, Kepler) share one table; Ada (8.9) is Ampere's.
enum class SassFamily : std::uint8_t { kMaxwellPascal, kVolta, kTuring, kAmpere, kHopper };
SassFamily sass_family(std::uint32_t binary_version);
const char* sass_family_name(SassFamily family);

struct SassOp {
  func::OpClass op_class = func::OpClass::kInt;
  OpTiming timing = OpTiming::kInt;
  SassSpace space = SassSpace::kNone;

  friend bool operator==(const SassOp&, const SassOp&) = default;
};

inline constexpr SassOp kFallbackSassOp{func::OpClass::kInt, OpTiming::kInt, SassSpace::kNone};

// warpsim's own opcode modifier, in traces warpsim writes (trace_writer.h): a PTX division or
// remainder, which SASS spells as a sequence of instructions, is one line "IMAD.WARPSIM_DIV"
// (integer), "FFMA.WARPSIM_DIV" (fp32) or "DFMA.WARPSIM_DIV" (fp64), timed as that division.
// Other readers, which look opcodes up by their first token, see an IMAD, FFMA or DFMA.
inline constexpr std::string_view kDivisionModifier = "WARPSIM_DIV";
// The division timing class of an arithmetic class (kInt/kIntMul, kFp32, kFp64); others as
// they are.
OpTiming division_timing(OpTiming timing);

// The mnemonic before the first '.'.
std::string_view sass_opcode_base(std::string_view opcode);

class SassOpMap {
 public:
  using Reporter = std::function<void(const std::string& opcode_base)>;

  // `report` (optional) is called once per unknown opcode, the first time it is looked up.
  explicit SassOpMap(std::uint32_t binary_version, Reporter report = {});

  SassFamily family() const { return family_; }
  // The opcode's classes, or the fallback (recorded, and reported the first time).
  SassOp lookup(std::string_view opcode);
  // The opcode's classes if the family's table has it; records nothing.
  std::optional<SassOp> find(std::string_view opcode) const;
  // Unknown opcode bases in the order first seen.
  const std::vector<std::string>& unknown_opcodes() const { return unknown_; }

 private:
  SassFamily family_;
  Reporter report_;
  std::unordered_map<std::string_view, SassOp> table_;
  std::vector<std::string> unknown_;
};

}  // namespace warpsim::trace

#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ptx/types.h"

namespace warpsim::ptx {

// Read-only special registers (`%tid`, `%clock64` ...). The numbered families (%envreg0..31,
// %pm0..7, %pm0_64..%pm7_64) occupy consecutive values starting at their first member.
enum class SpecialReg : std::uint8_t {
  kTid,
  kNtid,
  kCtaid,
  kNctaid,
  kLaneid,
  kWarpid,
  kNwarpid,
  kSmid,
  kNsmid,
  kGridid,
  kClock,
  kClockHi,
  kClock64,
  kGlobaltimer,
  kGlobaltimerLo,
  kGlobaltimerHi,
  kLanemaskEq,
  kLanemaskLe,
  kLanemaskLt,
  kLanemaskGe,
  kLanemaskGt,
  kDynamicSmemSize,
  kTotalSmemSize,
  kAggrSmemSize,
  kReservedSmemOffsetBegin,
  kReservedSmemOffsetEnd,
  kReservedSmemOffsetCap,
  kClusterCtaid,
  kClusterNctaid,
  kClusterCtarank,
  kClusterNctarank,
  kClusterid,
  kNclusterid,
  kIsExplicitCluster,
  kCurrentGraphExec,
  kEnvreg0,
  kPm0 = kEnvreg0 + 32,
  kPm64First = kPm0 + 8,
  kLast = kPm64First + 7,
};

// `name` includes the '%'. nullopt when it is not a special register.
std::optional<SpecialReg> parse_special_reg(std::string_view name);
// "%tid", "%envreg3" ...
std::string special_reg_name(SpecialReg reg);
// Whether the register has .x/.y/.z (/.w) components.
bool special_reg_is_vector(SpecialReg reg);
// The value type of one component (u32 for %tid.x, u64 for %clock64 ...).
DataType special_reg_type(SpecialReg reg);

}  // namespace warpsim::ptx

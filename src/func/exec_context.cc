#include "func/exec_context.h"

#include <bit>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/device.h"
#include "func/exec_error.h"

namespace warpsim::func {

using ptx::OperandKind;

void ExecContext::read(const DecodedInst& inst, unsigned i, ptx::DataType type,
                       LaneValues& out) const {
  const Operand& op = inst.ops[i];
  switch (op.kind) {
    case OperandKind::kReg: {
      const LaneValues& r = regs[op.slot];
      if (type == ptx::DataType::kPred) {
        std::uint64_t flip = op.negated ? 1 : 0;
        for (unsigned l = 0; l < kWarpSize; ++l) out.v[l] = (r.v[l] & 1) ^ flip;
        return;
      }
      unsigned bits = type_bits(type);
      if (ptx::is_signed_type(type)) {
        for (unsigned l = 0; l < kWarpSize; ++l) out.v[l] = sign_extend(r.v[l], bits);
      } else {
        std::uint64_t m = width_mask(bits);
        for (unsigned l = 0; l < kWarpSize; ++l) out.v[l] = r.v[l] & m;
      }
      return;
    }
    case OperandKind::kImm: {
      std::uint64_t v = canonical(ptx::immediate_bits(*op.ir, type), type);
      if (type == ptx::DataType::kPred) v = (v != 0) ? 1 : 0;
      out.v.fill(v);
      return;
    }
    case OperandKind::kSreg:
      for_each_lane(mask | active, [&](unsigned lane) {
        out.v[lane] = canonical(special(op.sreg, op.component, lane), type);
      });
      return;
    case OperandKind::kSymbol:
      out.v.fill(canonical(symbol_address(op), type));
      return;
    case OperandKind::kAddress:
      for_each_lane(mask, [&](unsigned lane) { out.v[lane] = address(op, lane); });
      return;
    default:
      fail_warp(inst, fmt::format("operand {} cannot be read as a value", i));
  }
}

void ExecContext::write(const DecodedInst& inst, unsigned i, ptx::DataType type,
                        const LaneValues& values) {
  write_masked(inst.ops[i], type, values, mask);
}

void ExecContext::write_masked(const Operand& op, ptx::DataType type, const LaneValues& values,
                               LaneMask lanes) {
  if (op.kind != OperandKind::kReg) return;  // `_` sinks and absent optional destinations
  LaneValues& r = regs[op.slot];
  if (lanes == kFullMask) {
    if (type == ptx::DataType::kPred) {
      for (unsigned l = 0; l < kWarpSize; ++l) r.v[l] = values.v[l] & 1;
    } else {
      r.v = values.v;
    }
    return;
  }
  std::uint64_t keep = type == ptx::DataType::kPred ? 1 : ~std::uint64_t{0};
  for (unsigned l = 0; l < kWarpSize; ++l) {
    std::uint64_t on = ((lanes >> l) & 1U) != 0 ? ~std::uint64_t{0} : 0;
    r.v[l] = (values.v[l] & keep & on) | (r.v[l] & ~on);
  }
}

Addr ExecContext::symbol_address(const Operand& op) const {
  switch (op.base) {
    case SymbolBase::kAbsolute:
      return op.value;
    case SymbolBase::kShared:
      return launch.shared_offsets[op.index];
    case SymbolBase::kFrame:
      return frame_base + op.value;
    case SymbolBase::kNone:
      break;
  }
  return 0;
}

Addr ExecContext::address(const Operand& op, unsigned lane) const {
  Addr a = op.slot != kNoSlot ? regs[op.slot].v[lane] : 0;
  return a + symbol_address(op) + static_cast<Addr>(op.offset);
}

std::uint64_t ExecContext::special(ptx::SpecialReg reg, std::uint8_t component,
                                   unsigned lane) const {
  using ptx::SpecialReg;
  auto pick = [component](const Dim3& d) -> std::uint64_t {
    switch (component) {
      case 2:
        return d.y;
      case 3:
        return d.z;
      case 4:
        return 0;
      default:
        return d.x;
    }
  };
  const LaunchConfig& cfg = launch.config;
  switch (reg) {
    case SpecialReg::kTid:
      return pick(warp.tid[lane]);
    case SpecialReg::kNtid:
      return pick(cfg.block);
    case SpecialReg::kCtaid:
      return pick(cta.ctaid);
    case SpecialReg::kNctaid:
      return pick(cfg.grid);
    case SpecialReg::kLaneid:
      return lane;
    case SpecialReg::kWarpid:
      return warp.warp_id;
    case SpecialReg::kNwarpid:
      return launch.warps_per_cta;
    case SpecialReg::kSmid:
      return launch.smid;
    case SpecialReg::kNsmid:
      return 1;
    case SpecialReg::kGridid:
      return launch.launch_id;
    case SpecialReg::kClock:
      return launch.clock & 0xffffffffU;
    case SpecialReg::kClockHi:
      return launch.clock >> 32;
    case SpecialReg::kClock64:
      return launch.clock;
    case SpecialReg::kGlobaltimer:
      return launch.clock;
    case SpecialReg::kGlobaltimerLo:
      return launch.clock & 0xffffffffU;
    case SpecialReg::kGlobaltimerHi:
      return launch.clock >> 32;
    case SpecialReg::kLanemaskEq:
      return std::uint64_t{1} << lane;
    case SpecialReg::kLanemaskLe:
      return width_mask(lane + 1);
    case SpecialReg::kLanemaskLt:
      return width_mask(lane);
    case SpecialReg::kLanemaskGe:
      return ~width_mask(lane) & 0xffffffffU;
    case SpecialReg::kLanemaskGt:
      return ~width_mask(lane + 1) & 0xffffffffU;
    case SpecialReg::kDynamicSmemSize:
      return cfg.dynamic_shared;
    case SpecialReg::kTotalSmemSize:
    case SpecialReg::kAggrSmemSize:
      return launch.shared_size;
    case SpecialReg::kClusterCtaid:
      return pick(Dim3{0, 0, 0});
    case SpecialReg::kClusterNctaid:
      return pick(Dim3{1, 1, 1});
    case SpecialReg::kClusterCtarank:
      return 0;
    case SpecialReg::kClusterNctarank:
      return 1;
    case SpecialReg::kClusterid:
      return pick(cta.ctaid);
    case SpecialReg::kNclusterid:
      return pick(cfg.grid);
    case SpecialReg::kIsExplicitCluster:
      return 0;
    default:
      return 0;  // %envregN, %pmN, reserved-smem offsets and the graph handle read as 0
  }
}

std::string ExecContext::where(const DecodedInst& inst) const {
  return fmt::format("kernel {}, {}, block {}", launch.kernel->name(),
                     ptx::source_position(*launch.module->ir, *inst.ir), cta.ctaid.str());
}

void ExecContext::fail(const DecodedInst& inst, unsigned lane, const std::string& what) const {
  throw ExecError(fmt::format("{}, thread {}: {}", where(inst), warp.tid[lane].str(), what));
}

void ExecContext::fail_warp(const DecodedInst& inst, const std::string& what) const {
  throw ExecError(fmt::format("{}, warp {}: {}", where(inst), warp.warp_id, what));
}

}  // namespace warpsim::func

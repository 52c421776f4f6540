// SIMD video instructions on two 16-bit or four 8-bit elements: vadd, vsub, vavrg, vabsdiff,
// vmin, vmax and vset (vNx.dtype.atype.btype; vset is vsetN.atype.btype.cmp). Without lane
// selectors and masks (the parser accepts only the plain form) every element takes part:
// results are packed into d, or with `.add` summed into c.

#include <algorithm>

#include "func/ops/integer/integer_ops.h"

namespace warpsim::func::integer {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::Opcode;

enum class VideoOp : std::uint8_t { kAdd, kSub, kAvrg, kAbsdiff, kMin, kMax, kSet };

bool video_compare(Mod cmp, std::int64_t a, std::int64_t b) {
  switch (cmp) {
    case Mod::kEq:
      return a == b;
    case Mod::kNe:
      return a != b;
    case Mod::kLt:
      return a < b;
    case Mod::kLe:
      return a <= b;
    case Mod::kGt:
      return a > b;
    default:
      return a >= b;
  }
}

template <VideoOp kOp>
std::int64_t video_element(std::int64_t a, std::int64_t b, Mod cmp) {
  switch (kOp) {
    case VideoOp::kAdd:
      return a + b;
    case VideoOp::kSub:
      return a - b;
    case VideoOp::kAvrg:
      // Rounds halves away from zero for positive sums only, as the ISA defines it.
      return a + b >= 0 ? (a + b + 1) >> 1 : (a + b) >> 1;
    case VideoOp::kAbsdiff:
      return a > b ? a - b : b - a;
    case VideoOp::kMin:
      return std::min(a, b);
    case VideoOp::kMax:
      return std::max(a, b);
    case VideoOp::kSet:
      return video_compare(cmp, a, b) ? 1 : 0;
  }
  return 0;
}

struct VideoShape {
  bool signed_a = false;
  bool signed_b = false;
  bool saturate = false;
  bool accumulate = false;
  std::int64_t low = 0;  // saturation range of the destination's element type
  std::int64_t high = 0;
};

template <VideoOp kOp, unsigned kElems>
VideoShape video_shape(const ptx::Instruction& ir) {
  constexpr unsigned kBits = 32 / kElems;
  bool set = kOp == VideoOp::kSet;
  VideoShape s;
  s.signed_a = (set ? ir.type : ir.type2) == DataType::kS32;
  s.signed_b = (set ? ir.type2 : ir.type3) == DataType::kS32;
  s.saturate = !set && ir.has(ModCat::kSat);
  s.accumulate = ir.mod(ModCat::kVideoAcc) == Mod::kAdd;
  bool signed_d = !set && ir.type == DataType::kS32;
  s.low = signed_d ? -(std::int64_t{1} << (kBits - 1)) : 0;
  s.high = signed_d ? (std::int64_t{1} << (kBits - 1)) - 1 : (std::int64_t{1} << kBits) - 1;
  return s;
}

template <VideoOp kOp, unsigned kElems>
void exec_video(ExecContext& ctx, const DecodedInst& inst) {
  constexpr unsigned kBits = 32 / kElems;
  const ptx::Instruction& ir = *inst.ir;
  VideoShape s = video_shape<kOp, kElems>(ir);
  Mod cmp = ir.mod(ModCat::kCmp);
  DataType dst = kOp == VideoOp::kSet ? DataType::kU32 : ir.type;
  LaneValues a;
  LaneValues b;
  LaneValues c;
  LaneValues d;
  ctx.read(inst, 1, DataType::kB32, a);
  ctx.read(inst, 2, DataType::kB32, b);
  ctx.read(inst, 3, DataType::kB32, c);
  for (unsigned l = 0; l < kWarpSize; ++l) {
    std::uint64_t packed = 0;
    auto sum = static_cast<std::int64_t>(c.v[l]);
    for (unsigned i = 0; i < kElems; ++i) {
      std::int64_t x = packed_element(a.v[l], kBits, i, s.signed_a);
      std::int64_t y = packed_element(b.v[l], kBits, i, s.signed_b);
      std::int64_t t = video_element<kOp>(x, y, cmp);
      if (s.saturate) t = std::clamp(t, s.low, s.high);
      sum += t;
      packed |= (static_cast<std::uint64_t>(t) & width_mask(kBits)) << (kBits * i);
    }
    d.v[l] = canonical(s.accumulate ? static_cast<std::uint64_t>(sum) : packed, dst);
  }
  ctx.write(inst, 0, dst, d);
}

bool is_32(DataType t) { return t == DataType::kU32 || t == DataType::kS32; }

template <VideoOp kOp>
ExecFn pick(const ptx::Instruction& inst, bool four) {
  bool types_ok = kOp == VideoOp::kSet ? is_32(inst.type) && is_32(inst.type2)
                                       : is_32(inst.type) && is_32(inst.type2) && is_32(inst.type3);
  if (!types_ok) return nullptr;
  return four ? &exec_video<kOp, 4> : &exec_video<kOp, 2>;
}

}  // namespace

ExecFn select_video(const ptx::Instruction& inst) {
  switch (inst.op) {
    case Opcode::kVadd2:
    case Opcode::kVadd4:
      return pick<VideoOp::kAdd>(inst, inst.op == Opcode::kVadd4);
    case Opcode::kVsub2:
    case Opcode::kVsub4:
      return pick<VideoOp::kSub>(inst, inst.op == Opcode::kVsub4);
    case Opcode::kVavrg2:
    case Opcode::kVavrg4:
      return pick<VideoOp::kAvrg>(inst, inst.op == Opcode::kVavrg4);
    case Opcode::kVabsdiff2:
    case Opcode::kVabsdiff4:
      return pick<VideoOp::kAbsdiff>(inst, inst.op == Opcode::kVabsdiff4);
    case Opcode::kVmin2:
    case Opcode::kVmin4:
      return pick<VideoOp::kMin>(inst, inst.op == Opcode::kVmin4);
    case Opcode::kVmax2:
    case Opcode::kVmax4:
      return pick<VideoOp::kMax>(inst, inst.op == Opcode::kVmax4);
    case Opcode::kVset2:
    case Opcode::kVset4:
      return pick<VideoOp::kSet>(inst, inst.op == Opcode::kVset4);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func::integer

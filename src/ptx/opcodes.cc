#include "ptx/opcodes.h"

#include <cstddef>

namespace warpsim::ptx {
namespace {

using C = ModCat;
using O = Opcode;

template <typename... Cats>
constexpr CatList cl(Cats... cats) {
  static_assert(sizeof...(Cats) <= 14, "raise CatList capacity");
  CatList list;
  for (ModCat cat : {cats...}) list.cats[list.size++] = cat;
  return list;
}
constexpr CatList cl() { return {}; }

template <typename... Cats>
constexpr std::uint64_t req(Cats... cats) {
  std::uint64_t mask = 0;
  for (ModCat cat : {cats...}) mask |= std::uint64_t{1} << static_cast<unsigned>(cat);
  return mask;
}

constexpr OpcodeInfo row(O op, std::string_view name, CatList cats, std::uint8_t min_types,
                         std::uint8_t max_types, std::string_view shape, std::uint64_t required = 0,
                         std::uint8_t flags = kFlagNone) {
  return OpcodeInfo{op, name, cats, min_types, max_types, shape, required, flags};
}

constexpr OpcodeInfo unsupported(std::string_view name) {
  return OpcodeInfo{O::kInvalid, name, {}, 0, 0, "", 0, kFlagUnsupported};
}

constexpr CatList kLdCats =
    cl(C::kMmio, C::kSem, C::kScope, C::kSpace, C::kCache, C::kNc, C::kEvictL1, C::kEvictL2,
       C::kCacheHint, C::kPrefetchSize, C::kVec, C::kType);
constexpr CatList kStCats = cl(C::kMmio, C::kSem, C::kScope, C::kSpace, C::kCache, C::kEvictL1,
                               C::kEvictL2, C::kCacheHint, C::kVec, C::kType);
constexpr CatList kAtomCats =
    cl(C::kSem, C::kScope, C::kSpace, C::kAtomOp, C::kNoftz, C::kCacheHint, C::kVec, C::kType);
constexpr CatList kSurfCats =
    cl(C::kSurfKind, C::kGeometry, C::kCache, C::kVec, C::kType, C::kClampMode);
constexpr CatList kVideoCats = cl(C::kType, C::kSat, C::kVideoAcc);
constexpr CatList kVsetCats = cl(C::kType, C::kCmp, C::kVideoAcc);
constexpr CatList kMathCats = cl(C::kPrecision, C::kFtz, C::kType);
constexpr CatList kRoundedMathCats = cl(C::kPrecision, C::kRounding, C::kFtz, C::kType);

// Row order is irrelevant except that it is the order of the Opcode enum for supported rows
// (checked below), so that opcode_info() is an index.
constexpr OpcodeInfo kTable[] = {
    row(O::kInvalid, "", cl(), 0, 0, ""),
    row(O::kAdd, "add", cl(C::kRounding, C::kFtz, C::kSat, C::kCarry, C::kRelu, C::kType), 1, 1,
        "dss"),
    row(O::kSub, "sub", cl(C::kRounding, C::kFtz, C::kSat, C::kCarry, C::kRelu, C::kType), 1, 1,
        "dss"),
    row(O::kMul, "mul", cl(C::kMulMode, C::kRounding, C::kFtz, C::kSat, C::kRelu, C::kType), 1, 1,
        "dss"),
    row(O::kMad, "mad", cl(C::kMulMode, C::kRounding, C::kFtz, C::kSat, C::kCarry, C::kType), 1, 1,
        "dsss"),
    row(O::kFma, "fma", cl(C::kRounding, C::kFtz, C::kSat, C::kRelu, C::kType), 1, 1, "dsss"),
    row(O::kMul24, "mul24", cl(C::kMulMode, C::kType), 1, 1, "dss"),
    row(O::kMad24, "mad24", cl(C::kMulMode, C::kSat, C::kType), 1, 1, "dsss"),
    row(O::kSad, "sad", cl(C::kType), 1, 1, "dsss"),
    row(O::kDiv, "div", kRoundedMathCats, 1, 1, "dss"),
    row(O::kRem, "rem", cl(C::kType), 1, 1, "dss"),
    row(O::kAbs, "abs", cl(C::kFtz, C::kType), 1, 1, "ds"),
    row(O::kNeg, "neg", cl(C::kFtz, C::kType), 1, 1, "ds"),
    row(O::kMin, "min", cl(C::kFtz, C::kNaN, C::kXorsign, C::kAbs, C::kRelu, C::kType), 1, 1,
        "dsss?"),
    row(O::kMax, "max", cl(C::kFtz, C::kNaN, C::kXorsign, C::kAbs, C::kRelu, C::kType), 1, 1,
        "dsss?"),
    row(O::kAddc, "addc", cl(C::kCarry, C::kType), 1, 1, "dss"),
    row(O::kSubc, "subc", cl(C::kCarry, C::kType), 1, 1, "dss"),
    row(O::kMadc, "madc", cl(C::kMulMode, C::kCarry, C::kType), 1, 1, "dsss"),
    row(O::kPopc, "popc", cl(C::kType), 1, 1, "ds"),
    row(O::kClz, "clz", cl(C::kType), 1, 1, "ds"),
    row(O::kBfind, "bfind", cl(C::kShiftamt, C::kType), 1, 1, "ds"),
    row(O::kBrev, "brev", cl(C::kType), 1, 1, "ds"),
    row(O::kBfe, "bfe", cl(C::kType), 1, 1, "dsss"),
    row(O::kBfi, "bfi", cl(C::kType), 1, 1, "dssss"),
    row(O::kBmsk, "bmsk", cl(C::kWrapMode, C::kType), 1, 1, "dss", req(C::kWrapMode)),
    row(O::kSzext, "szext", cl(C::kWrapMode, C::kType), 1, 1, "dss", req(C::kWrapMode)),
    row(O::kDp4a, "dp4a", cl(C::kType), 2, 2, "dsss"),
    row(O::kDp2a, "dp2a", cl(C::kMulMode, C::kType), 2, 2, "dsss", req(C::kMulMode)),
    row(O::kRcp, "rcp", kRoundedMathCats, 1, 1, "ds"),
    row(O::kSqrt, "sqrt", kRoundedMathCats, 1, 1, "ds"),
    row(O::kRsqrt, "rsqrt", kMathCats, 1, 1, "ds"),
    row(O::kSin, "sin", kMathCats, 1, 1, "ds"),
    row(O::kCos, "cos", kMathCats, 1, 1, "ds"),
    row(O::kLg2, "lg2", kMathCats, 1, 1, "ds"),
    row(O::kEx2, "ex2", kMathCats, 1, 1, "ds"),
    row(O::kTanh, "tanh", kMathCats, 1, 1, "ds"),
    row(O::kCopysign, "copysign", cl(C::kType), 1, 1, "dss"),
    row(O::kTestp, "testp", cl(C::kTestpClass, C::kType), 1, 1, "ds", req(C::kTestpClass)),
    row(O::kSetp, "setp", cl(C::kCmp, C::kBoolOp, C::kFtz, C::kType), 1, 1, "d|ssp?", req(C::kCmp),
        kFlagPairDest),
    row(O::kSet, "set", cl(C::kCmp, C::kBoolOp, C::kFtz, C::kType), 2, 2, "dssp?", req(C::kCmp)),
    row(O::kSelp, "selp", cl(C::kType), 1, 1, "dssp"),
    row(O::kSlct, "slct", cl(C::kFtz, C::kType), 2, 2, "dsss"),
    row(O::kAnd, "and", cl(C::kType), 1, 1, "dss"),
    row(O::kOr, "or", cl(C::kType), 1, 1, "dss"),
    row(O::kXor, "xor", cl(C::kType), 1, 1, "dss"),
    row(O::kNot, "not", cl(C::kType), 1, 1, "ds"),
    row(O::kCnot, "cnot", cl(C::kType), 1, 1, "ds"),
    row(O::kLop3, "lop3", cl(C::kBoolOp, C::kType), 1, 1, "d|ssssp?", 0, kFlagPairDest),
    row(O::kShl, "shl", cl(C::kType), 1, 1, "dss"),
    row(O::kShr, "shr", cl(C::kType), 1, 1, "dss"),
    row(O::kShf, "shf", cl(C::kShfDir, C::kWrapMode, C::kType), 1, 1, "dsss",
        req(C::kShfDir, C::kWrapMode)),
    row(O::kPrmt, "prmt", cl(C::kType, C::kPrmtMode), 1, 1, "dsss"),
    row(O::kMov, "mov", cl(C::kType), 1, 1, "ds"),
    row(O::kLd, "ld", kLdCats, 1, 1, "das?"),
    row(O::kLdu, "ldu", cl(C::kSpace, C::kVec, C::kType), 1, 1, "da"),
    row(O::kSt, "st", kStCats, 1, 1, "ass?"),
    row(O::kPrefetch, "prefetch", cl(C::kSpace, C::kLevel, C::kEvictL2), 0, 0, "a"),
    row(O::kPrefetchu, "prefetchu", cl(C::kLevel), 0, 0, "a", req(C::kLevel)),
    row(O::kIsspacep, "isspacep", cl(C::kSpace), 0, 0, "ds", req(C::kSpace)),
    row(O::kCvta, "cvta", cl(C::kTo, C::kSpace, C::kType), 1, 1, "ds", req(C::kSpace)),
    row(O::kCvt, "cvt", cl(C::kRounding, C::kFtz, C::kSat, C::kRelu, C::kSatfinite, C::kType), 2, 2,
        "dss?"),
    row(O::kCvtPack, "cvt.pack", cl(C::kSat, C::kType), 3, 3, "dsss"),
    row(O::kCpAsync, "cp.async",
        cl(C::kCache, C::kSpace, C::kSpace2, C::kCacheHint, C::kPrefetchSize), 0, 0, "aass?s?",
        req(C::kCache, C::kSpace, C::kSpace2)),
    row(O::kCpAsyncCommitGroup, "cp.async.commit_group", cl(), 0, 0, ""),
    row(O::kCpAsyncWaitGroup, "cp.async.wait_group", cl(), 0, 0, "s"),
    row(O::kCpAsyncWaitAll, "cp.async.wait_all", cl(), 0, 0, ""),
    row(O::kTex, "tex", cl(C::kTexMode, C::kGeometry, C::kVec, C::kType), 2, 2, "d|tx?x?x?",
        req(C::kGeometry), kFlagPairDest),
    row(O::kTld4, "tld4", cl(C::kTld4Comp, C::kGeometry, C::kVec, C::kType), 2, 2, "d|tx?x?",
        req(C::kTld4Comp, C::kGeometry), kFlagPairDest),
    row(O::kTxq, "txq", cl(C::kTexMode, C::kTxqQuery, C::kType), 1, 1, "dax?", req(C::kTxqQuery)),
    row(O::kSuld, "suld", kSurfCats, 1, 1, "dt", req(C::kSurfKind, C::kGeometry)),
    row(O::kSust, "sust", kSurfCats, 1, 1, "ts", req(C::kSurfKind, C::kGeometry)),
    row(O::kSured, "sured", cl(C::kSurfKind, C::kAtomOp, C::kGeometry, C::kType, C::kClampMode), 1,
        1, "ts", req(C::kSurfKind, C::kAtomOp, C::kGeometry)),
    row(O::kSuq, "suq", cl(C::kTxqQuery, C::kType), 1, 1, "da", req(C::kTxqQuery)),
    row(O::kBra, "bra", cl(C::kUni), 0, 0, "l"),
    row(O::kCall, "call", cl(C::kUni), 0, 0, ""),
    row(O::kRet, "ret", cl(C::kUni), 0, 0, ""),
    row(O::kExit, "exit", cl(), 0, 0, ""),
    row(O::kTrap, "trap", cl(), 0, 0, ""),
    row(O::kBrkpt, "brkpt", cl(), 0, 0, ""),
    row(O::kBar, "bar", cl(C::kScope, C::kBarMode, C::kBarRedOp, C::kAligned, C::kType), 0, 1,
        "xx?x?x?", req(C::kBarMode)),
    row(O::kBarrier, "barrier", cl(C::kScope, C::kBarMode, C::kBarRedOp, C::kAligned, C::kType), 0,
        1, "xx?x?x?", req(C::kBarMode)),
    row(O::kBarWarpSync, "bar.warp.sync", cl(), 0, 0, "s"),
    row(O::kBarrierCluster, "barrier.cluster", cl(C::kClusterBarMode, C::kSem, C::kAligned), 0, 0,
        "", req(C::kClusterBarMode)),
    row(O::kMembar, "membar", cl(C::kScope), 0, 0, "", req(C::kScope)),
    row(O::kFence, "fence", cl(C::kSem, C::kScope), 0, 0, "", req(C::kScope)),
    row(O::kFenceProxy, "fence.proxy", cl(C::kProxyKind, C::kSem, C::kScope, C::kSpace), 0, 0,
        "a?s?", req(C::kProxyKind)),
    row(O::kAtom, "atom", kAtomCats, 1, 1, "dass?s?", req(C::kAtomOp)),
    row(O::kRed, "red", kAtomCats, 1, 1, "ass?", req(C::kAtomOp)),
    row(O::kVote, "vote", cl(C::kSync, C::kVoteMode, C::kType), 1, 1, "dps?", req(C::kVoteMode)),
    row(O::kMatch, "match", cl(C::kMatchMode, C::kSync, C::kType), 1, 1, "d|ss", req(C::kMatchMode),
        kFlagPairDest),
    row(O::kShfl, "shfl", cl(C::kSync, C::kShflMode, C::kType), 1, 1, "d|ssss?", req(C::kShflMode),
        kFlagPairDest),
    row(O::kRedux, "redux", cl(C::kSync, C::kReduxOp, C::kAbs, C::kNaN, C::kType), 1, 1, "dss",
        req(C::kSync, C::kReduxOp)),
    row(O::kActivemask, "activemask", cl(C::kType), 1, 1, "d"),
    row(O::kElect, "elect", cl(C::kSync), 0, 0, "d|s", req(C::kSync), kFlagPairDest),
    row(O::kNanosleep, "nanosleep", cl(C::kType), 1, 1, "s"),
    row(O::kPmevent, "pmevent", cl(), 0, 0, "s"),
    row(O::kGetctarank, "getctarank", cl(C::kSpace, C::kType), 1, 1, "ds"),
    row(O::kMapa, "mapa", cl(C::kSpace, C::kType), 1, 1, "dss"),
    row(O::kStacksave, "stacksave", cl(C::kType), 1, 1, "d"),
    row(O::kStackrestore, "stackrestore", cl(C::kType), 1, 1, "s"),
    row(O::kAlloca, "alloca", cl(C::kSpace, C::kType), 1, 1, "dss?"),
    row(O::kGriddepcontrolLaunchDependents, "griddepcontrol.launch_dependents", cl(), 0, 0, ""),
    row(O::kGriddepcontrolWait, "griddepcontrol.wait", cl(), 0, 0, ""),
    // SIMD video instructions, without per-operand lane selectors (nvcc's inline asm for
    // __vabsdiffu4 and friends writes the plain form).
    row(O::kVadd2, "vadd2", kVideoCats, 3, 3, "dsss"),
    row(O::kVsub2, "vsub2", kVideoCats, 3, 3, "dsss"),
    row(O::kVavrg2, "vavrg2", kVideoCats, 3, 3, "dsss"),
    row(O::kVabsdiff2, "vabsdiff2", kVideoCats, 3, 3, "dsss"),
    row(O::kVmin2, "vmin2", kVideoCats, 3, 3, "dsss"),
    row(O::kVmax2, "vmax2", kVideoCats, 3, 3, "dsss"),
    row(O::kVset2, "vset2", kVsetCats, 2, 2, "dsss", req(C::kCmp)),
    row(O::kVadd4, "vadd4", kVideoCats, 3, 3, "dsss"),
    row(O::kVsub4, "vsub4", kVideoCats, 3, 3, "dsss"),
    row(O::kVavrg4, "vavrg4", kVideoCats, 3, 3, "dsss"),
    row(O::kVabsdiff4, "vabsdiff4", kVideoCats, 3, 3, "dsss"),
    row(O::kVmin4, "vmin4", kVideoCats, 3, 3, "dsss"),
    row(O::kVmax4, "vmax4", kVideoCats, 3, 3, "dsss"),
    row(O::kVset4, "vset4", kVsetCats, 2, 2, "dsss", req(C::kCmp)),
    // warpsim extension (seed 002): release the CTA's shared scratchpad region.
    row(O::kRelssp, "relssp", cl(), 0, 0, ""),
    // Known instructions the simulator does not model.
    unsupported("mma"),
    unsupported("wmma"),
    unsupported("wgmma"),
    unsupported("ldmatrix"),
    unsupported("stmatrix"),
    unsupported("movmatrix"),
    unsupported("mbarrier"),
    unsupported("cp.async.bulk"),
    unsupported("cp.async.mbarrier"),
    unsupported("cp.reduce.async"),
    unsupported("tensormap"),
    unsupported("multimem"),
    unsupported("setmaxnreg"),
    unsupported("st.async"),
    unsupported("red.async"),
    unsupported("st.bulk"),
    unsupported("brx"),
    unsupported("createpolicy"),
    unsupported("applypriority"),
    unsupported("discard"),
    unsupported("istypep"),
    unsupported("clusterlaunchcontrol"),
    unsupported("tcgen05"),
    unsupported("vadd"),
    unsupported("vsub"),
    unsupported("vabsdiff"),
    unsupported("vmin"),
    unsupported("vmax"),
    unsupported("vshl"),
    unsupported("vshr"),
    unsupported("vmad"),
    unsupported("vset"),
    unsupported("fns"),
};

constexpr bool supported_rows_in_enum_order() {
  for (std::size_t i = 0; i < static_cast<std::size_t>(O::kCount); ++i) {
    if (static_cast<std::size_t>(kTable[i].op) != i) return false;
  }
  return true;
}
static_assert(supported_rows_in_enum_order(), "kTable rows must follow the Opcode enum");

struct SlotCounts {
  unsigned min = 0;
  unsigned max = 0;
};

SlotCounts count_slots(std::string_view shape) {
  SlotCounts counts;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    char c = shape[i];
    if (c == '?' || c == '|') continue;
    ++counts.max;
    bool optional = i + 1 < shape.size() && shape[i + 1] == '?';
    if (!optional) ++counts.min;
  }
  return counts;
}

}  // namespace

unsigned OpcodeInfo::min_operands() const { return count_slots(shape).min; }
unsigned OpcodeInfo::max_operands() const { return count_slots(shape).max; }

char OpcodeInfo::slot(unsigned i) const {
  unsigned n = 0;
  for (char c : shape) {
    if (c == '?' || c == '|') continue;
    if (n++ == i) return c;
  }
  return 0;
}

const OpcodeInfo& opcode_info(Opcode op) {
  auto index = static_cast<std::size_t>(op);
  return kTable[index < static_cast<std::size_t>(O::kCount) ? index : 0];
}

std::string_view opcode_name(Opcode op) { return opcode_info(op).name; }

std::span<const OpcodeInfo> opcode_table() { return {kTable, std::size(kTable)}; }

}  // namespace warpsim::ptx

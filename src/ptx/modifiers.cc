#include "ptx/modifiers.h"

#include <array>
#include <cstdint>

namespace warpsim::ptx {
namespace {

using CatMask = std::uint64_t;
static_assert(kNumModCats <= 64, "categories must fit a 64-bit mask");

constexpr CatMask bit(ModCat cat) { return CatMask{1} << static_cast<unsigned>(cat); }

struct ModEntry {
  Mod mod;
  std::string_view name;
  CatMask cats;
};

using C = ModCat;
constexpr CatMask kReduceAll = bit(C::kAtomOp) | bit(C::kReduxOp);

// One row per token; a token that means different things on different opcodes lists every
// category it can fill.
constexpr std::array kMods{
    ModEntry{Mod::kRn, "rn", bit(C::kRounding)},
    ModEntry{Mod::kRz, "rz", bit(C::kRounding)},
    ModEntry{Mod::kRm, "rm", bit(C::kRounding)},
    ModEntry{Mod::kRp, "rp", bit(C::kRounding)},
    ModEntry{Mod::kRni, "rni", bit(C::kRounding)},
    ModEntry{Mod::kRzi, "rzi", bit(C::kRounding)},
    ModEntry{Mod::kRmi, "rmi", bit(C::kRounding)},
    ModEntry{Mod::kRpi, "rpi", bit(C::kRounding)},
    ModEntry{Mod::kRna, "rna", bit(C::kRounding)},
    ModEntry{Mod::kRs, "rs", bit(C::kRounding)},
    ModEntry{Mod::kEq, "eq", bit(C::kCmp)},
    ModEntry{Mod::kNe, "ne", bit(C::kCmp)},
    ModEntry{Mod::kLt, "lt", bit(C::kCmp)},
    ModEntry{Mod::kLe, "le", bit(C::kCmp)},
    ModEntry{Mod::kGt, "gt", bit(C::kCmp)},
    ModEntry{Mod::kGe, "ge", bit(C::kCmp)},
    ModEntry{Mod::kLo, "lo", bit(C::kCmp) | bit(C::kMulMode)},
    ModEntry{Mod::kLs, "ls", bit(C::kCmp)},
    ModEntry{Mod::kHi, "hi", bit(C::kCmp) | bit(C::kMulMode)},
    ModEntry{Mod::kHs, "hs", bit(C::kCmp)},
    ModEntry{Mod::kEqu, "equ", bit(C::kCmp)},
    ModEntry{Mod::kNeu, "neu", bit(C::kCmp)},
    ModEntry{Mod::kLtu, "ltu", bit(C::kCmp)},
    ModEntry{Mod::kLeu, "leu", bit(C::kCmp)},
    ModEntry{Mod::kGtu, "gtu", bit(C::kCmp)},
    ModEntry{Mod::kGeu, "geu", bit(C::kCmp)},
    ModEntry{Mod::kNum, "num", bit(C::kCmp)},
    ModEntry{Mod::kNan, "nan", bit(C::kCmp)},
    ModEntry{Mod::kAnd, "and", bit(C::kBoolOp) | kReduceAll | bit(C::kBarRedOp)},
    ModEntry{Mod::kOr, "or", bit(C::kBoolOp) | kReduceAll | bit(C::kBarRedOp)},
    ModEntry{Mod::kXor, "xor", bit(C::kBoolOp) | kReduceAll},
    ModEntry{Mod::kAdd, "add", kReduceAll | bit(C::kVideoAcc)},
    ModEntry{Mod::kMin, "min", kReduceAll},
    ModEntry{Mod::kMax, "max", kReduceAll},
    ModEntry{Mod::kInc, "inc", bit(C::kAtomOp)},
    ModEntry{Mod::kDec, "dec", bit(C::kAtomOp)},
    ModEntry{Mod::kExch, "exch", bit(C::kAtomOp)},
    ModEntry{Mod::kCas, "cas", bit(C::kAtomOp)},
    ModEntry{Mod::kPopc, "popc", bit(C::kBarRedOp)},
    ModEntry{Mod::kWide, "wide", bit(C::kMulMode)},
    ModEntry{Mod::kCc, "cc", bit(C::kCarry)},
    ModEntry{Mod::kFtz, "ftz", bit(C::kFtz)},
    ModEntry{Mod::kSat, "sat", bit(C::kSat)},
    ModEntry{Mod::kApprox, "approx", bit(C::kPrecision)},
    ModEntry{Mod::kFull, "full", bit(C::kPrecision)},
    ModEntry{Mod::kRelu, "relu", bit(C::kRelu)},
    ModEntry{Mod::kSatfinite, "satfinite", bit(C::kSatfinite)},
    ModEntry{Mod::kNaN, "NaN", bit(C::kNaN)},
    ModEntry{Mod::kXorsign, "xorsign", bit(C::kXorsign)},
    ModEntry{Mod::kAbs, "abs", bit(C::kAbs)},
    ModEntry{Mod::kNoftz, "noftz", bit(C::kNoftz)},
    ModEntry{Mod::kWeak, "weak", bit(C::kSem)},
    ModEntry{Mod::kVolatile, "volatile", bit(C::kSem)},
    ModEntry{Mod::kRelaxed, "relaxed", bit(C::kSem)},
    ModEntry{Mod::kAcquire, "acquire", bit(C::kSem)},
    ModEntry{Mod::kRelease, "release", bit(C::kSem)},
    ModEntry{Mod::kAcqRel, "acq_rel", bit(C::kSem)},
    ModEntry{Mod::kSc, "sc", bit(C::kSem)},
    ModEntry{Mod::kMmio, "mmio", bit(C::kMmio)},
    ModEntry{Mod::kCta, "cta", bit(C::kScope)},
    ModEntry{Mod::kCluster, "cluster", bit(C::kScope)},
    ModEntry{Mod::kGpu, "gpu", bit(C::kScope)},
    ModEntry{Mod::kSys, "sys", bit(C::kScope)},
    ModEntry{Mod::kGl, "gl", bit(C::kScope)},
    ModEntry{Mod::kCa, "ca", bit(C::kCache)},
    ModEntry{Mod::kCg, "cg", bit(C::kCache)},
    ModEntry{Mod::kCs, "cs", bit(C::kCache)},
    ModEntry{Mod::kLu, "lu", bit(C::kCache)},
    ModEntry{Mod::kCv, "cv", bit(C::kCache)},
    ModEntry{Mod::kWb, "wb", bit(C::kCache)},
    ModEntry{Mod::kWt, "wt", bit(C::kCache)},
    ModEntry{Mod::kNc, "nc", bit(C::kNc)},
    ModEntry{Mod::kL1EvictNormal, "L1::evict_normal", bit(C::kEvictL1)},
    ModEntry{Mod::kL1EvictUnchanged, "L1::evict_unchanged", bit(C::kEvictL1)},
    ModEntry{Mod::kL1EvictFirst, "L1::evict_first", bit(C::kEvictL1)},
    ModEntry{Mod::kL1EvictLast, "L1::evict_last", bit(C::kEvictL1)},
    ModEntry{Mod::kL1NoAllocate, "L1::no_allocate", bit(C::kEvictL1)},
    ModEntry{Mod::kL2EvictNormal, "L2::evict_normal", bit(C::kEvictL2)},
    ModEntry{Mod::kL2EvictFirst, "L2::evict_first", bit(C::kEvictL2)},
    ModEntry{Mod::kL2EvictLast, "L2::evict_last", bit(C::kEvictL2)},
    ModEntry{Mod::kL2CacheHint, "L2::cache_hint", bit(C::kCacheHint)},
    ModEntry{Mod::kL2Prefetch64B, "L2::64B", bit(C::kPrefetchSize)},
    ModEntry{Mod::kL2Prefetch128B, "L2::128B", bit(C::kPrefetchSize)},
    ModEntry{Mod::kL2Prefetch256B, "L2::256B", bit(C::kPrefetchSize)},
    ModEntry{Mod::kL1, "L1", bit(C::kLevel)},
    ModEntry{Mod::kL2, "L2", bit(C::kLevel)},
    ModEntry{Mod::kUni, "uni", bit(C::kUni) | bit(C::kVoteMode)},
    ModEntry{Mod::kSync, "sync", bit(C::kSync) | bit(C::kBarMode)},
    ModEntry{Mod::kAligned, "aligned", bit(C::kAligned)},
    ModEntry{Mod::kTo, "to", bit(C::kTo)},
    ModEntry{Mod::kShiftamt, "shiftamt", bit(C::kShiftamt)},
    ModEntry{Mod::kArrive, "arrive", bit(C::kBarMode) | bit(C::kClusterBarMode)},
    ModEntry{Mod::kRed, "red", bit(C::kBarMode)},
    ModEntry{Mod::kWait, "wait", bit(C::kClusterBarMode)},
    ModEntry{Mod::kUp, "up", bit(C::kShflMode)},
    ModEntry{Mod::kDown, "down", bit(C::kShflMode)},
    ModEntry{Mod::kBfly, "bfly", bit(C::kShflMode)},
    ModEntry{Mod::kIdx, "idx", bit(C::kShflMode)},
    ModEntry{Mod::kAll, "all", bit(C::kVoteMode) | bit(C::kMatchMode)},
    ModEntry{Mod::kAny, "any", bit(C::kVoteMode) | bit(C::kMatchMode)},
    ModEntry{Mod::kBallot, "ballot", bit(C::kVoteMode)},
    ModEntry{Mod::kL, "l", bit(C::kShfDir)},
    ModEntry{Mod::kR, "r", bit(C::kShfDir) | bit(C::kTld4Comp)},
    ModEntry{Mod::kWrap, "wrap", bit(C::kWrapMode)},
    ModEntry{Mod::kClamp, "clamp", bit(C::kWrapMode) | bit(C::kClampMode)},
    ModEntry{Mod::kF4e, "f4e", bit(C::kPrmtMode)},
    ModEntry{Mod::kB4e, "b4e", bit(C::kPrmtMode)},
    ModEntry{Mod::kRc8, "rc8", bit(C::kPrmtMode)},
    ModEntry{Mod::kEcl, "ecl", bit(C::kPrmtMode)},
    ModEntry{Mod::kEcr, "ecr", bit(C::kPrmtMode)},
    ModEntry{Mod::kRc16, "rc16", bit(C::kPrmtMode)},
    ModEntry{Mod::kFinite, "finite", bit(C::kTestpClass)},
    ModEntry{Mod::kInfinite, "infinite", bit(C::kTestpClass)},
    ModEntry{Mod::kNumber, "number", bit(C::kTestpClass)},
    ModEntry{Mod::kNotanumber, "notanumber", bit(C::kTestpClass)},
    ModEntry{Mod::kNormal, "normal", bit(C::kTestpClass)},
    ModEntry{Mod::kSubnormal, "subnormal", bit(C::kTestpClass)},
    ModEntry{Mod::kG, "g", bit(C::kTld4Comp)},
    ModEntry{Mod::kB, "b", bit(C::kTld4Comp) | bit(C::kSurfKind)},
    ModEntry{Mod::kA, "a", bit(C::kTld4Comp)},
    ModEntry{Mod::kP, "p", bit(C::kSurfKind)},
    ModEntry{Mod::kTrap, "trap", bit(C::kClampMode)},
    ModEntry{Mod::kZero, "zero", bit(C::kClampMode)},
    ModEntry{Mod::k1d, "1d", bit(C::kGeometry)},
    ModEntry{Mod::k2d, "2d", bit(C::kGeometry)},
    ModEntry{Mod::k3d, "3d", bit(C::kGeometry)},
    ModEntry{Mod::kA1d, "a1d", bit(C::kGeometry)},
    ModEntry{Mod::kA2d, "a2d", bit(C::kGeometry)},
    ModEntry{Mod::kCube, "cube", bit(C::kGeometry)},
    ModEntry{Mod::kAcube, "acube", bit(C::kGeometry)},
    ModEntry{Mod::k2dms, "2dms", bit(C::kGeometry)},
    ModEntry{Mod::kA2dms, "a2dms", bit(C::kGeometry)},
    ModEntry{Mod::kLevel, "level", bit(C::kTexMode)},
    ModEntry{Mod::kGrad, "grad", bit(C::kTexMode)},
    ModEntry{Mod::kBase, "base", bit(C::kTexMode)},
    ModEntry{Mod::kWidth, "width", bit(C::kTxqQuery)},
    ModEntry{Mod::kHeight, "height", bit(C::kTxqQuery)},
    ModEntry{Mod::kDepth, "depth", bit(C::kTxqQuery)},
    ModEntry{Mod::kChannelDataType, "channel_data_type", bit(C::kTxqQuery)},
    ModEntry{Mod::kChannelOrder, "channel_order", bit(C::kTxqQuery)},
    ModEntry{Mod::kNormalizedCoords, "normalized_coords", bit(C::kTxqQuery)},
    ModEntry{Mod::kFilterMode, "filter_mode", bit(C::kTxqQuery)},
    ModEntry{Mod::kAddrMode0, "addr_mode_0", bit(C::kTxqQuery)},
    ModEntry{Mod::kAddrMode1, "addr_mode_1", bit(C::kTxqQuery)},
    ModEntry{Mod::kAddrMode2, "addr_mode_2", bit(C::kTxqQuery)},
    ModEntry{Mod::kSamples, "samples", bit(C::kTxqQuery)},
    ModEntry{Mod::kArraySize, "array_size", bit(C::kTxqQuery)},
    ModEntry{Mod::kNumMipmapLevels, "num_mipmap_levels", bit(C::kTxqQuery)},
    ModEntry{Mod::kNumSamples, "num_samples", bit(C::kTxqQuery)},
    ModEntry{Mod::kForceUnnormalizedCoords, "force_unnormalized_coords", bit(C::kTxqQuery)},
    ModEntry{Mod::kMemoryLayout, "memory_layout", bit(C::kTxqQuery)},
    ModEntry{Mod::kAlias, "alias", bit(C::kProxyKind)},
    ModEntry{Mod::kAsync, "async", bit(C::kProxyKind)},
    ModEntry{Mod::kTensormapGeneric, "tensormap::generic", bit(C::kProxyKind)},
};

static_assert(kMods.size() + 1 == static_cast<std::size_t>(Mod::kCount),
              "every Mod needs exactly one table row");

constexpr std::array<const ModEntry*, static_cast<std::size_t>(Mod::kCount)> index_mods() {
  std::array<const ModEntry*, static_cast<std::size_t>(Mod::kCount)> index{};
  for (const ModEntry& entry : kMods) index[static_cast<std::size_t>(entry.mod)] = &entry;
  return index;
}

constexpr auto kModIndex = index_mods();

constexpr std::array<std::string_view, kNumModCats> kCategoryNames{
    "",
    "type",
    "state space",
    "source state space",
    "vector width",
    "rounding mode",
    "comparison",
    "boolean operation",
    "atomic operation",
    "reduction",
    "barrier reduction",
    "multiply mode",
    "carry",
    ".ftz",
    ".sat",
    "precision",
    ".relu",
    ".satfinite",
    ".NaN",
    ".xorsign",
    ".abs",
    ".noftz",
    "memory semantics",
    ".mmio",
    "scope",
    "cache operator",
    ".nc",
    "L1 eviction priority",
    "L2 eviction priority",
    "cache hint",
    "prefetch size",
    "cache level",
    ".uni",
    ".sync",
    ".aligned",
    ".to",
    ".shiftamt",
    "barrier mode",
    "cluster barrier mode",
    "shuffle mode",
    "vote mode",
    "match mode",
    "shift direction",
    "wrap mode",
    "permute mode",
    "class",
    "texture mode",
    "component",
    "geometry",
    "query",
    "surface access",
    "clamp mode",
    "proxy kind",
    "accumulation",
};

}  // namespace

std::string_view mod_name(Mod mod) {
  const ModEntry* entry = mod < Mod::kCount ? kModIndex[static_cast<std::size_t>(mod)] : nullptr;
  return entry ? entry->name : std::string_view();
}

Mod parse_mod(std::string_view name) {
  for (const ModEntry& entry : kMods) {
    if (entry.name == name) return entry.mod;
  }
  return Mod::kNone;
}

bool mod_in_category(Mod mod, ModCat cat) {
  const ModEntry* entry = mod < Mod::kCount ? kModIndex[static_cast<std::size_t>(mod)] : nullptr;
  return entry != nullptr && (entry->cats & bit(cat)) != 0;
}

std::string_view category_name(ModCat cat) {
  return cat < ModCat::kCount ? kCategoryNames[static_cast<std::size_t>(cat)] : "";
}

}  // namespace warpsim::ptx

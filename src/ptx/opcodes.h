#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "ptx/modifiers.h"

namespace warpsim::ptx {

enum class Opcode : std::uint8_t {
  kInvalid,
  kAdd,
  kSub,
  kMul,
  kMad,
  kFma,
  kMul24,
  kMad24,
  kSad,
  kDiv,
  kRem,
  kAbs,
  kNeg,
  kMin,
  kMax,
  kAddc,
  kSubc,
  kMadc,
  kPopc,
  kClz,
  kBfind,
  kBrev,
  kBfe,
  kBfi,
  kBmsk,
  kSzext,
  kDp4a,
  kDp2a,
  kRcp,
  kSqrt,
  kRsqrt,
  kSin,
  kCos,
  kLg2,
  kEx2,
  kTanh,
  kCopysign,
  kTestp,
  kSetp,
  kSet,
  kSelp,
  kSlct,
  kAnd,
  kOr,
  kXor,
  kNot,
  kCnot,
  kLop3,
  kShl,
  kShr,
  kShf,
  kPrmt,
  kMov,
  kLd,
  kLdu,
  kSt,
  kPrefetch,
  kPrefetchu,
  kIsspacep,
  kCvta,
  kCvt,
  kCvtPack,
  kCpAsync,
  kCpAsyncCommitGroup,
  kCpAsyncWaitGroup,
  kCpAsyncWaitAll,
  kTex,
  kTld4,
  kTxq,
  kSuld,
  kSust,
  kSured,
  kSuq,
  kBra,
  kCall,
  kRet,
  kExit,
  kTrap,
  kBrkpt,
  kBar,
  kBarrier,
  kBarWarpSync,
  kBarrierCluster,
  kMembar,
  kFence,
  kFenceProxy,
  kAtom,
  kRed,
  kVote,
  kMatch,
  kShfl,
  kRedux,
  kActivemask,
  kElect,
  kNanosleep,
  kPmevent,
  kGetctarank,
  kMapa,
  kStacksave,
  kStackrestore,
  kAlloca,
  kGriddepcontrolLaunchDependents,
  kGriddepcontrolWait,
  kVadd2,
  kVsub2,
  kVavrg2,
  kVabsdiff2,
  kVmin2,
  kVmax2,
  kVset2,
  kVadd4,
  kVsub4,
  kVavrg4,
  kVabsdiff4,
  kVmin4,
  kVmax4,
  kVset4,
  // warpsim's extension for seed 002's scratchpad sharing: release the CTA's shared region
  // (docs/passes.md). Not PTX: ptxas never sees it (print_ptx's kPtxasCompatible form).
  kRelssp,
  kCount,
};

// The categories an opcode accepts, in the order the printer writes them.
struct CatList {
  std::array<ModCat, 14> cats{};
  std::uint8_t size = 0;

  std::span<const ModCat> list() const { return {cats.data(), size}; }
  bool contains(ModCat cat) const {
    for (std::uint8_t i = 0; i < size; ++i) {
      if (cats[i] == cat) return true;
    }
    return false;
  }
};

enum OpcodeFlag : std::uint8_t {
  kFlagNone = 0,
  // The first operand may be written `d|p`; operand 1 then holds p (kNone when absent).
  kFlagPairDest = 1,
  // Known PTX that warpsim does not model: parsing it is an error naming the instruction.
  kFlagUnsupported = 2,
};

// One row of the opcode table.
//
// `shape` lists operand slots: d destination (register, vector, `_`), s source, p predicate
// source (may be negated with `!`), a address `[...]`, t address or texture/surface tuple,
// l label, x anything. A '?' after a slot makes it optional (optional slots come last); a '|'
// after the first slot marks a pair destination (see kFlagPairDest).
struct OpcodeInfo {
  Opcode op = Opcode::kInvalid;
  std::string_view name;  // "cp.async.wait_group"
  CatList cats;
  std::uint8_t min_types = 0;
  std::uint8_t max_types = 0;
  std::string_view shape;
  std::uint64_t required = 0;  // bit per ModCat that must be present
  std::uint8_t flags = kFlagNone;

  bool allows(ModCat cat) const { return cats.contains(cat); }
  bool requires_cat(ModCat cat) const { return (required >> static_cast<unsigned>(cat)) & 1U; }
  bool pair_dest() const { return (flags & kFlagPairDest) != 0; }
  bool unsupported() const { return (flags & kFlagUnsupported) != 0; }
  // Operand slot counts implied by `shape` (a pair destination counts as one).
  unsigned min_operands() const;
  unsigned max_operands() const;
  // Slot kind character for written operand `i` (0 when out of range).
  char slot(unsigned i) const;
};

const OpcodeInfo& opcode_info(Opcode op);
std::string_view opcode_name(Opcode op);

// Every table row, including unsupported ones (op == kInvalid), for the parser's lookup.
std::span<const OpcodeInfo> opcode_table();

}  // namespace warpsim::ptx

#include "trace/sass_ops.h"

#include <algorithm>
#include <vector>

namespace warpsim::trace {
namespace {

using func::OpClass;
using F = SassFamily;
using S = SassSpace;
using T = OpTiming;

// One row per group of opcodes with the same classes, present from family `first` to `last`.
struct OpGroup {
  F first;
  F last;
  SassOp op;
  std::vector<std::string_view> names;
};

constexpr F kP = F::kMaxwellPascal;
constexpr F kV = F::kVolta;
constexpr F kTu = F::kTuring;
constexpr F kA = F::kAmpere;
constexpr F kH = F::kHopper;

constexpr SassOp op(OpClass c, T t, S s = S::kNone) { return {c, t, s}; }

// Opcode names as NVIDIA's CUDA Binary Utilities documentation lists them per generation.
const std::vector<OpGroup>& op_groups() {
  static const std::vector<OpGroup> groups = {
      // Arithmetic.
      {kP,
       kH,
       op(OpClass::kFp32, T::kFp32),
       {"FADD", "FADD32I", "FMUL", "FMUL32I", "FFMA", "FFMA32I", "FMNMX", "FSET", "FSETP", "FSEL",
        "FCHK", "FSWZADD", "FCMP"}},
      {kP, kH, op(OpClass::kFp64, T::kFp64), {"DADD", "DMUL", "DFMA", "DSETP", "DSET", "DMNMX"}},
      {kP,
       kH,
       op(OpClass::kFp16, T::kFp16),
       {"HADD2", "HADD2_32I", "HMUL2", "HMUL2_32I", "HFMA2", "HFMA2_32I", "HSETP2", "HSET2"}},
      {kA, kH, op(OpClass::kFp16, T::kFp16), {"HMNMX2"}},
      // Tensor cores: no timing class of their own yet (sass_ops.h).
      {kV, kH, op(OpClass::kFp16, T::kFp16), {"HMMA"}},
      {kTu, kH, op(OpClass::kFp16, T::kFp16), {"IMMA", "BMMA"}},
      {kA, kH, op(OpClass::kFp64, T::kFp64), {"DMMA"}},
      {kH, kH, op(OpClass::kFp16, T::kFp16), {"HGMMA", "IGMMA", "BGMMA", "QGMMA"}},
      {kP, kH, op(OpClass::kSfu, T::kSfu), {"MUFU"}},
      {kP, kP, op(OpClass::kSfu, T::kSfu), {"RRO"}},
      {kP,
       kH,
       op(OpClass::kInt, T::kInt),
       {"IADD3", "LOP3", "SHF", "ISETP", "IMNMX", "LEA", "SEL", "PRMT", "POPC", "FLO", "BREV",
        "PSETP", "P2R", "R2P", "VABSDIFF", "VABSDIFF4", "ICMP", "ISET"}},
      {kV, kH, op(OpClass::kInt, T::kInt), {"IABS", "PLOP3"}},
      {kTu, kH, op(OpClass::kInt, T::kInt), {"BMSK", "SGXT"}},
      {kP,
       kP,
       op(OpClass::kInt, T::kInt),
       {"IADD", "IADD32I", "ISCADD", "ISCADD32I", "LOP", "LOP32I", "SHL", "SHR", "BFE", "BFI",
        "PSET", "CSET", "CSETP", "ISAD"}},
      {kP, kH, op(OpClass::kInt, T::kIntMul), {"IMAD", "IDP"}},
      {kP, kP, op(OpClass::kInt, T::kIntMul), {"XMAD", "IMADSP", "IMUL", "IMUL32I", "IMAD32I"}},
      {kP, kH, op(OpClass::kConvert, T::kConvert), {"F2F", "F2I", "I2F", "I2I", "FRND"}},
      {kA, kH, op(OpClass::kConvert, T::kConvert), {"F2FP", "I2FP", "F2IP", "I2IP"}},
      {kP, kH, op(OpClass::kMove, T::kMove), {"MOV", "MOV32I", "S2R", "CS2R"}},
      {kTu, kH, op(OpClass::kMove, T::kMove), {"MOVM", "R2UR", "S2UR"}},
      // The uniform datapath (one value per warp), including constant loads into uniform
      // registers, which Accel-Sim also books on its uniform unit rather than as memory.
      {kTu,
       kH,
       op(OpClass::kInt, T::kInt),
       {"UIADD3", "ULOP", "ULOP3", "ULOP32I", "USHF", "UISETP", "USEL", "ULEA", "UPRMT", "UFLO",
        "UPOPC", "UBREV", "UPLOP3", "UP2UR", "UR2UP", "USGXT", "UBMSK", "UCLEA", "UIMNMX"}},
      {kTu, kH, op(OpClass::kInt, T::kIntMul), {"UIMAD"}},
      {kTu, kH, op(OpClass::kMove, T::kMove), {"UMOV", "ULDC"}},
      {kA, kH, op(OpClass::kConvert, T::kConvert), {"UF2FP"}},
      // Warp-wide operations.
      {kP, kH, op(OpClass::kWarpOp, T::kWarp), {"SHFL", "VOTE"}},
      {kV, kH, op(OpClass::kWarpOp, T::kWarp), {"MATCH"}},
      {kTu, kH, op(OpClass::kWarpOp, T::kWarp), {"VOTEU"}},
      {kA, kH, op(OpClass::kWarpOp, T::kWarp), {"REDUX"}},
      // Control.
      {kP, kH, op(OpClass::kBranch, T::kControl), {"BRA", "BRX", "JMP", "JMX", "KILL"}},
      {kP, kP, op(OpClass::kBranch, T::kControl), {"SSY", "SYNC", "PBK", "BRK", "PCNT", "CONT"}},
      {kV,
       kH,
       op(OpClass::kBranch, T::kControl),
       {"BSSY", "BSYNC", "BREAK", "WARPSYNC", "BMOV", "BPT", "RPCMOV"}},
      {kTu, kH, op(OpClass::kBranch, T::kControl), {"BRXU", "JMXU"}},
      {kP, kH, op(OpClass::kCall, T::kControl), {"CALL", "CAL", "JCAL"}},
      {kP, kH, op(OpClass::kReturn, T::kControl), {"RET"}},
      {kP, kP, op(OpClass::kReturn, T::kControl), {"PRET"}},
      {kP, kH, op(OpClass::kExit, T::kControl), {"EXIT"}},
      {kP, kH, op(OpClass::kBarrier, T::kControl), {"BAR"}},
      {kA, kH, op(OpClass::kBarrier, T::kControl), {"ARRIVES"}},
      {kH,
       kH,
       op(OpClass::kBarrier, T::kControl),
       {"SYNCS", "UCGABAR_ARV", "UCGABAR_WAIT", "WARPGROUP", "WARPGROUPSET"}},
      {kP, kH, op(OpClass::kFence, T::kControl), {"MEMBAR", "DEPBAR", "ERRBAR"}},
      {kA, kH, op(OpClass::kFence, T::kControl), {"LDGDEPBAR"}},
      {kH, kH, op(OpClass::kFence, T::kControl), {"FENCE", "ACQBULK", "CGAERRBAR"}},
      {kP, kH, op(OpClass::kNop, T::kControl), {"NOP", "PMTRIG", "CCTL", "CCTLL", "SETCTAID"}},
      {kV, kH, op(OpClass::kNop, T::kControl), {"YIELD", "NANOSLEEP", "B2R", "R2B"}},
      {kH, kH, op(OpClass::kNop, T::kControl), {"ELECT", "ENDCOLLECTIVE", "UTMACCTL"}},
      // Memory.
      {kP, kH, op(OpClass::kLoad, T::kMemory, S::kGlobal), {"LDG"}},
      {kA, kH, op(OpClass::kLoad, T::kMemory, S::kGlobal), {"LDGSTS"}},
      {kH,
       kH,
       op(OpClass::kLoad, T::kMemory, S::kGlobal),
       {"UTMALDG", "UTMAPF", "UBLKCP", "UBLKPF"}},
      {kP, kH, op(OpClass::kStore, T::kMemory, S::kGlobal), {"STG"}},
      {kH, kH, op(OpClass::kStore, T::kMemory, S::kGlobal), {"UTMASTG"}},
      {kP, kH, op(OpClass::kAtomic, T::kMemory, S::kGlobal), {"RED"}},
      {kV, kH, op(OpClass::kAtomic, T::kMemory, S::kGlobal), {"ATOMG"}},
      {kH, kH, op(OpClass::kAtomic, T::kMemory, S::kGlobal), {"REDG", "UTMAREDG", "UBLKRED"}},
      // ATOM takes a global address up to Pascal and a generic one from Volta on (ATOMG is the
      // global form there).
      {kP, kP, op(OpClass::kAtomic, T::kMemory, S::kGlobal), {"ATOM"}},
      {kV, kH, op(OpClass::kAtomic, T::kMemory, S::kGeneric), {"ATOM"}},
      {kP, kH, op(OpClass::kLoad, T::kMemory, S::kShared), {"LDS"}},
      {kTu, kH, op(OpClass::kLoad, T::kMemory, S::kShared), {"LDSM"}},
      {kP, kH, op(OpClass::kStore, T::kMemory, S::kShared), {"STS"}},
      {kH, kH, op(OpClass::kStore, T::kMemory, S::kShared), {"STSM"}},
      {kP, kH, op(OpClass::kAtomic, T::kMemory, S::kShared), {"ATOMS"}},
      {kP, kH, op(OpClass::kLoad, T::kMemory, S::kLocal), {"LDL"}},
      {kP, kH, op(OpClass::kStore, T::kMemory, S::kLocal), {"STL"}},
      {kP, kH, op(OpClass::kLoad, T::kMemory, S::kConstant), {"LDC"}},
      {kP, kH, op(OpClass::kLoad, T::kMemory, S::kGeneric), {"LD"}},
      {kP, kH, op(OpClass::kStore, T::kMemory, S::kGeneric), {"ST"}},
      {kP,
       kH,
       op(OpClass::kTexture, T::kMemory, S::kTexture),
       {"TEX", "TLD", "TLD4", "TXD", "TXQ", "TMML", "TEXS", "TLDS", "TLD4S"}},
      {kP,
       kH,
       op(OpClass::kSurface, T::kMemory, S::kSurface),
       {"SULD", "SUST", "SUATOM", "SURED", "SUQUERY"}},
  };
  return groups;
}

}  // namespace

const char* sass_space_name(SassSpace space) {
  switch (space) {
    case S::kNone:
      return "none";
    case S::kGlobal:
      return "global";
    case S::kShared:
      return "shared";
    case S::kLocal:
      return "local";
    case S::kConstant:
      return "constant";
    case S::kGeneric:
      return "generic";
    case S::kTexture:
      return "texture";
    case S::kSurface:
      return "surface";
  }
  return "?";
}

SassFamily sass_family(std::uint32_t binary_version) {
  if (binary_version >= 90) return kH;
  if (binary_version >= 80) return kA;
  if (binary_version >= 75) return kTu;
  if (binary_version >= 70) return kV;
  return kP;
}

const char* sass_family_name(SassFamily family) {
  switch (family) {
    case kP:
      return "maxwell_pascal";
    case kV:
      return "volta";
    case kTu:
      return "turing";
    case kA:
      return "ampere";
    case kH:
      return "hopper";
  }
  return "?";
}

OpTiming division_timing(OpTiming timing) {
  switch (timing) {
    case T::kInt:
    case T::kIntMul:
      return T::kIntDiv;
    case T::kFp32:
      return T::kFp32Div;
    case T::kFp64:
      return T::kFp64Div;
    default:
      return timing;
  }
}

std::string_view sass_opcode_base(std::string_view opcode) {
  return opcode.substr(0, opcode.find('.'));
}

SassOpMap::SassOpMap(std::uint32_t binary_version, Reporter report)
    : family_(sass_family(binary_version)), report_(std::move(report)) {
  for (const OpGroup& group : op_groups()) {
    if (family_ < group.first || family_ > group.last) continue;
    for (std::string_view name : group.names) table_.emplace(name, group.op);
  }
}

std::optional<SassOp> SassOpMap::find(std::string_view opcode) const {
  const auto it = table_.find(sass_opcode_base(opcode));
  if (it == table_.end()) return std::nullopt;
  return it->second;
}

SassOp SassOpMap::lookup(std::string_view opcode) {
  if (const auto found = find(opcode)) return *found;
  const std::string base(sass_opcode_base(opcode));
  if (std::find(unknown_.begin(), unknown_.end(), base) == unknown_.end()) {
    unknown_.push_back(base);
    if (report_) report_(base);
  }
  return kFallbackSassOp;
}

}  // namespace warpsim::trace

#include "ptx/special_regs.h"

#include <array>
#include <charconv>
#include <string>

namespace warpsim::ptx {
namespace {

struct SregEntry {
  SpecialReg reg;
  std::string_view name;
  DataType type;
  bool vector;
};

constexpr std::array kSregs{
    SregEntry{SpecialReg::kTid, "%tid", DataType::kU32, true},
    SregEntry{SpecialReg::kNtid, "%ntid", DataType::kU32, true},
    SregEntry{SpecialReg::kCtaid, "%ctaid", DataType::kU32, true},
    SregEntry{SpecialReg::kNctaid, "%nctaid", DataType::kU32, true},
    SregEntry{SpecialReg::kLaneid, "%laneid", DataType::kU32, false},
    SregEntry{SpecialReg::kWarpid, "%warpid", DataType::kU32, false},
    SregEntry{SpecialReg::kNwarpid, "%nwarpid", DataType::kU32, false},
    SregEntry{SpecialReg::kSmid, "%smid", DataType::kU32, false},
    SregEntry{SpecialReg::kNsmid, "%nsmid", DataType::kU32, false},
    SregEntry{SpecialReg::kGridid, "%gridid", DataType::kU64, false},
    SregEntry{SpecialReg::kClock, "%clock", DataType::kU32, false},
    SregEntry{SpecialReg::kClockHi, "%clock_hi", DataType::kU32, false},
    SregEntry{SpecialReg::kClock64, "%clock64", DataType::kU64, false},
    SregEntry{SpecialReg::kGlobaltimer, "%globaltimer", DataType::kU64, false},
    SregEntry{SpecialReg::kGlobaltimerLo, "%globaltimer_lo", DataType::kU32, false},
    SregEntry{SpecialReg::kGlobaltimerHi, "%globaltimer_hi", DataType::kU32, false},
    SregEntry{SpecialReg::kLanemaskEq, "%lanemask_eq", DataType::kU32, false},
    SregEntry{SpecialReg::kLanemaskLe, "%lanemask_le", DataType::kU32, false},
    SregEntry{SpecialReg::kLanemaskLt, "%lanemask_lt", DataType::kU32, false},
    SregEntry{SpecialReg::kLanemaskGe, "%lanemask_ge", DataType::kU32, false},
    SregEntry{SpecialReg::kLanemaskGt, "%lanemask_gt", DataType::kU32, false},
    SregEntry{SpecialReg::kDynamicSmemSize, "%dynamic_smem_size", DataType::kU32, false},
    SregEntry{SpecialReg::kTotalSmemSize, "%total_smem_size", DataType::kU32, false},
    SregEntry{SpecialReg::kAggrSmemSize, "%aggr_smem_size", DataType::kU32, false},
    SregEntry{SpecialReg::kReservedSmemOffsetBegin, "%reserved_smem_offset_begin", DataType::kB32,
              false},
    SregEntry{SpecialReg::kReservedSmemOffsetEnd, "%reserved_smem_offset_end", DataType::kB32,
              false},
    SregEntry{SpecialReg::kReservedSmemOffsetCap, "%reserved_smem_offset_cap", DataType::kB32,
              false},
    SregEntry{SpecialReg::kClusterCtaid, "%cluster_ctaid", DataType::kU32, true},
    SregEntry{SpecialReg::kClusterNctaid, "%cluster_nctaid", DataType::kU32, true},
    SregEntry{SpecialReg::kClusterCtarank, "%cluster_ctarank", DataType::kU32, false},
    SregEntry{SpecialReg::kClusterNctarank, "%cluster_nctarank", DataType::kU32, false},
    SregEntry{SpecialReg::kClusterid, "%clusterid", DataType::kU32, true},
    SregEntry{SpecialReg::kNclusterid, "%nclusterid", DataType::kU32, true},
    SregEntry{SpecialReg::kIsExplicitCluster, "%is_explicit_cluster", DataType::kPred, false},
    SregEntry{SpecialReg::kCurrentGraphExec, "%current_graph_exec", DataType::kU64, false},
};

struct Family {
  std::string_view prefix;
  std::string_view suffix;
  SpecialReg first;
  unsigned count;
  DataType type;
};

constexpr std::array kFamilies{
    Family{"%envreg", "", SpecialReg::kEnvreg0, 32, DataType::kB32},
    Family{"%pm", "_64", SpecialReg::kPm64First, 8, DataType::kU64},
    Family{"%pm", "", SpecialReg::kPm0, 8, DataType::kU32},
};

unsigned index_of(SpecialReg reg) { return static_cast<unsigned>(reg); }

std::optional<SpecialReg> parse_family(std::string_view name) {
  for (const Family& family : kFamilies) {
    if (!name.starts_with(family.prefix) || !name.ends_with(family.suffix)) continue;
    std::string_view digits = name.substr(family.prefix.size());
    digits.remove_suffix(family.suffix.size());
    if (digits.empty() || (digits.size() > 1 && digits[0] == '0')) continue;
    unsigned n = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || end != digits.data() + digits.size() || n >= family.count) continue;
    return static_cast<SpecialReg>(index_of(family.first) + n);
  }
  return std::nullopt;
}

const Family* family_of(SpecialReg reg) {
  for (const Family& family : kFamilies) {
    unsigned first = index_of(family.first);
    if (index_of(reg) >= first && index_of(reg) < first + family.count) return &family;
  }
  return nullptr;
}

}  // namespace

std::optional<SpecialReg> parse_special_reg(std::string_view name) {
  for (const SregEntry& entry : kSregs) {
    if (entry.name == name) return entry.reg;
  }
  return parse_family(name);
}

std::string special_reg_name(SpecialReg reg) {
  for (const SregEntry& entry : kSregs) {
    if (entry.reg == reg) return std::string(entry.name);
  }
  if (const Family* family = family_of(reg)) {
    return std::string(family->prefix) + std::to_string(index_of(reg) - index_of(family->first)) +
           std::string(family->suffix);
  }
  return "%<invalid>";
}

bool special_reg_is_vector(SpecialReg reg) {
  for (const SregEntry& entry : kSregs) {
    if (entry.reg == reg) return entry.vector;
  }
  return false;
}

DataType special_reg_type(SpecialReg reg) {
  for (const SregEntry& entry : kSregs) {
    if (entry.reg == reg) return entry.type;
  }
  const Family* family = family_of(reg);
  return family ? family->type : DataType::kNone;
}

}  // namespace warpsim::ptx

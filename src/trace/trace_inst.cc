#include "trace/trace_inst.h"

#include <bit>
#include <limits>
#include <optional>

namespace warpsim::trace {

std::string_view TraceInst::opcode_base() const {
  const std::string_view op = opcode;
  return op.substr(0, op.find('.'));
}

int TraceInst::active_lanes() const { return std::popcount(mask); }

bool TraceInst::is_marker() const { return opcode == "REPLAY_START" || opcode == "REPLAY_END"; }

namespace {

// Walks the tokens of one instruction line; every failure names the field it expected.
class Fields {
 public:
  Fields(const LineSource& src, const std::vector<std::string_view>& tokens)
      : src_(src), tokens_(tokens) {}

  bool done() const { return next_ == tokens_.size(); }

  std::string_view take(const char* what) {
    if (done()) src_.fail("instruction line: expected " + std::string(what) + ", got end of line");
    return tokens_[next_++];
  }

  [[noreturn]] void bad(const char* what, std::string_view token) const {
    src_.fail("instruction line: expected " + std::string(what) + ", got '" + std::string(token) +
              "'");
  }

  std::uint64_t dec(const char* what, std::uint64_t max) {
    const std::string_view t = take(what);
    std::uint64_t v = 0;
    if (!parse_dec(t, v) || v > max) bad(what, t);
    return v;
  }

  std::int64_t signed_dec(const char* what) {
    const std::string_view t = take(what);
    std::int64_t v = 0;
    if (!parse_signed_dec(t, v)) bad(what, t);
    return v;
  }

  std::uint64_t hex(const char* what, std::uint64_t max) {
    const std::string_view t = take(what);
    std::uint64_t v = 0;
    if (!parse_hex(t, v) || v > max) bad(what, t);
    return v;
  }

  std::uint8_t regs(const char* count_what, const char* reg_what,
                    std::array<std::uint16_t, kMaxInstRegs>& out, bool v6) {
    const auto n = static_cast<std::uint8_t>(dec(count_what, kMaxInstRegs));
    for (std::uint8_t i = 0; i < n; ++i) {
      const std::string_view t = take(reg_what);
      const std::optional<std::uint16_t> r = v6 ? v6_register(t) : plain_register(t);
      if (!r) bad(reg_what, t);
      out[i] = *r;
    }
    return n;
  }

  static std::optional<std::uint16_t> plain_register(std::string_view t) {
    std::uint64_t v = 0;
    if (t.size() < 2 || t[0] != 'R' || !parse_dec(t.substr(1), v) || v > kMaxRegister) {
      return std::nullopt;
    }
    return static_cast<std::uint16_t>(v);
  }

  // R<n> (n < 256), UR<n> (URZ is UR255), P<n> and UP<n> (PT and UPT are P7 and UP7); the
  // names RZ, URZ, PT and UPT too.
  static std::optional<std::uint16_t> v6_register(std::string_view t) {
    if (t == "RZ" || t == "URZ" || t == "PT" || t == "UPT") return kZeroRegister;
    struct File {
      std::string_view prefix;
      std::uint16_t base;
      std::uint64_t zero;  // the number that reads as zero / true
    };
    constexpr File kFiles[] = {{"UR", kUniformBase, 255},
                               {"UP", kUniformPredicateBase, 7},
                               {"R", 0, 255},
                               {"P", kPredicateBase, 7}};
    for (const File& file : kFiles) {
      if (t.substr(0, file.prefix.size()) != file.prefix) continue;
      std::uint64_t v = 0;
      if (!parse_dec(t.substr(file.prefix.size()), v) || v > file.zero) return std::nullopt;
      if (v == file.zero) return kZeroRegister;
      return static_cast<std::uint16_t>(file.base + v);
    }
    return std::nullopt;
  }

  // Takes the next token into `out` when it is a signed decimal; false (nothing taken) if not.
  bool take_signed_if(std::int64_t& out) {
    std::int64_t v = 0;
    if (done() || !parse_signed_dec(tokens_[next_], v)) return false;
    out = v;
    ++next_;
    return true;
  }

 private:
  const LineSource& src_;
  const std::vector<std::string_view>& tokens_;
  std::size_t next_ = 0;
};

constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

void read_addresses(Fields& f, TraceInst& inst) {
  const auto mode = f.dec("an address mode (0 list_all, 1 base_stride, 2 base_delta)", 2);
  inst.address_mode = static_cast<AddressMode>(mode);
  inst.addrs.fill(0);
  if (inst.address_mode == AddressMode::kListAll) {
    for (int lane = 0; lane < kWarpSize; ++lane) {
      if ((inst.mask >> lane) & 1U)
        inst.addrs[lane] = f.hex("a hex address per active lane", kU64Max);
    }
    return;
  }
  // Strides and deltas are signed; addresses wrap as the simulator's unsigned arithmetic does.
  std::uint64_t address = f.hex("a hex base address", kU64Max);
  const std::int64_t stride =
      inst.address_mode == AddressMode::kBaseStride ? f.signed_dec("a decimal stride") : 0;
  bool first = true;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    if (((inst.mask >> lane) & 1U) == 0) continue;
    if (!first) {
      const std::int64_t step =
          inst.address_mode == AddressMode::kBaseStride
              ? stride
              : f.signed_dec("a decimal delta per active lane after the first");
      address += static_cast<std::uint64_t>(step);
    }
    inst.addrs[lane] = address;
    first = false;
  }
}

bool is_tma(std::string_view opcode) {
  for (std::string_view name :
       {"UTMALDG", "UTMASTG", "UTMAPF", "UTMAREDG", "UBLKCP", "UBLKPF", "UBLKRED"}) {
    if (opcode.find(name) != std::string_view::npos) return true;
  }
  return false;
}

// A version-6 TMA payload: read, its byte count kept, its addresses dropped.
void read_tma(Fields& f, TraceInst& inst) {
  f.hex("a hex mbarrier address", kU64Max);
  if (f.dec("a multicast flag (0 or 1)", 1) == 1) f.hex("a hex multicast CTA mask", kU64Max);
  inst.tma_bytes = f.dec("a decimal TMA byte count", kU64Max);
  f.dec("a decimal out-of-bounds byte count", kU64Max);
  const std::uint64_t mode = f.dec("a TMA address mode (3 list, 4 base and deltas)", 4);
  if (mode == 3) {
    const std::uint64_t n = f.dec("a TMA transfer count", 1u << 20);
    for (std::uint64_t i = 0; i < n; ++i) f.hex("a hex TMA address", kU64Max);
  } else if (mode == 4) {
    f.hex("a hex TMA base address", kU64Max);
    const std::uint64_t n = f.dec("a TMA transfer count", 1u << 20);
    for (std::uint64_t i = 1; i < n; ++i) f.signed_dec("a decimal TMA address delta");
  } else {
    f.bad("a TMA address mode (3 list, 4 base and deltas)", std::to_string(mode));
  }
}

// A version-6 register value section: Val or NoVal; after Val, for the destination (when there
// is one) and then each source, a count (1 or 32) and that many hex values.
void read_values(Fields& f, const TraceInst& inst) {
  const std::string_view tag = f.take("Val or NoVal");
  if (tag == "NoVal") return;
  if (tag != "Val") f.bad("Val or NoVal", tag);
  for (int group = 0; group < inst.dst_count + inst.src_count; ++group) {
    const std::string_view t = f.take("a register value count (1 or 32)");
    std::uint64_t n = 0;
    if (!parse_dec(t, n) || (n != 1 && n != 32)) f.bad("a register value count (1 or 32)", t);
    for (std::uint64_t i = 0; i < n; ++i) f.hex("a hex register value", kU64Max);
  }
}

}  // namespace

void parse_inst_line(const LineSource& src, std::string_view line, const InstLineLayout& layout,
                     std::vector<std::string_view>& tokens, TraceInst& out) {
  split_tokens(line, tokens);
  Fields f(src, tokens);
  out.line = src.line_number();
  if (layout.leading_ids) {
    for (const char* what : {"the block x id", "the block y id", "the block z id", "the warp id"}) {
      f.dec(what, kU64Max);
    }
  }
  out.source_line = layout.source_line
                        ? static_cast<std::uint32_t>(f.dec("a source line number", 0xffffffffU))
                        : 0;
  out.pc = f.hex("a hex pc", kU64Max);
  out.mask = static_cast<std::uint32_t>(f.hex("a hex active mask (32 bits)", 0xffffffffU));
  const char* reg_what = layout.v6 ? "a register R<n>, UR<n>, P<n> or UP<n>" : "a register R<n>";
  out.dst_count = f.regs("a destination register count (0-8)", reg_what, out.dst, layout.v6);
  const std::string_view opcode = f.take("an opcode");
  if (!(opcode[0] >= 'A' && opcode[0] <= 'Z')) f.bad("an opcode (e.g. FFMA, LDG.E)", opcode);
  out.opcode.assign(opcode);
  out.src_count = f.regs("a source register count (0-8)", reg_what, out.src, layout.v6);
  if (layout.v6 && opcode.find("GMMA") != std::string_view::npos) {
    f.dec("a GMMA commit-group flag (0 or 1)", 1);
  }
  out.mem_width = static_cast<std::uint32_t>(f.dec("a decimal memory width", 0xffffffffU));
  out.address_mode = AddressMode::kNone;
  out.tma_bytes = 0;
  out.addrs.fill(0);
  if (layout.v6 && is_tma(opcode)) {
    read_tma(f, out);
    out.mem_width = 0;  // TMA traffic is not modeled: the line times as its op class
  } else if (out.mem_width > 0) {
    read_addresses(f, out);
  }
  out.imm = 0;
  if (layout.v6) {  // both immediates optional, then the register values
    f.take_signed_if(out.imm);
    std::int64_t second = 0;
    f.take_signed_if(second);
    if (!f.done() && !out.is_marker()) read_values(f, out);
  } else if (!f.done()) {
    out.imm = f.signed_dec("a decimal immediate or end of line");
  }
  if (!f.done()) f.bad("end of line", f.take("end of line"));
}

}  // namespace warpsim::trace

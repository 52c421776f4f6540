#include "trace/trace_inst.h"

#include <bit>
#include <limits>

namespace warpsim::trace {

std::string_view TraceInst::opcode_base() const {
  const std::string_view op = opcode;
  return op.substr(0, op.find('.'));
}

int TraceInst::active_lanes() const { return std::popcount(mask); }

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
                    std::array<std::uint16_t, kMaxInstRegs>& out) {
    const auto n = static_cast<std::uint8_t>(dec(count_what, kMaxInstRegs));
    for (std::uint8_t i = 0; i < n; ++i) {
      const std::string_view t = take(reg_what);
      std::uint64_t v = 0;
      if (t.size() < 2 || t[0] != 'R' || !parse_dec(t.substr(1), v) || v > kMaxRegister) {
        bad(reg_what, t);
      }
      out[i] = static_cast<std::uint16_t>(v);
    }
    return n;
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
  out.dst_count = f.regs("a destination register count (0-8)", "a register R<n>", out.dst);
  const std::string_view opcode = f.take("an opcode");
  if (!(opcode[0] >= 'A' && opcode[0] <= 'Z')) f.bad("an opcode (e.g. FFMA, LDG.E)", opcode);
  out.opcode.assign(opcode);
  out.src_count = f.regs("a source register count (0-8)", "a register R<n>", out.src);
  out.mem_width = static_cast<std::uint32_t>(f.dec("a decimal memory width", 0xffffffffU));
  out.address_mode = AddressMode::kNone;
  if (out.mem_width > 0) {
    read_addresses(f, out);
  } else {
    out.addrs.fill(0);
  }
  out.imm = f.done() ? 0 : f.signed_dec("a decimal immediate or end of line");
  if (!f.done()) f.bad("end of line", f.take("end of line"));
}

}  // namespace warpsim::trace

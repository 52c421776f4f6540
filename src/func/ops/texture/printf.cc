// vprintf(format, args), the device library function CUDA's printf compiles to. Lanes print
// in ascending lane order, each lane's whole output in one write; the return value is the
// number of arguments read (-1 for a null format), as the CUDA C Programming Guide specifies.

#include <cstring>
#include <ostream>

#include <fmt/format.h>

#include "func/device.h"
#include "func/handlers.h"
#include "func/memory_access.h"
#include "func/ops/texture/printf_format.h"

namespace warpsim::func {

namespace {

constexpr std::size_t kMaxDeviceString = std::size_t{1} << 20;

// A NUL-terminated string anywhere in the generic space (formats and %s arguments usually sit in
// global memory; a kernel may also build them on its stack or in shared memory).
std::string read_string(ExecContext& ctx, const DecodedInst& call, unsigned lane, Addr addr) {
  if (const char* s = global_string(ctx, addr)) return s;
  std::string out;
  while (true) {
    Resolved r = access_memory(ctx, call, ptx::StateSpace::kGeneric, lane, addr + out.size(), 1,
                               AccessKind::kRead);
    if (*r.ptr == 0) return out;
    out += static_cast<char>(*r.ptr);
    if (out.size() > kMaxDeviceString) {
      ctx.fail(call, lane,
               fmt::format("printf: the string at 0x{:x} has no terminating NUL within {} bytes",
                           addr, kMaxDeviceString));
    }
  }
}

// The format as a short C-like literal for messages.
std::string quoted(std::string_view format) {
  std::string out = "\"";
  for (char c : format.substr(0, 60)) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else {
      out += c;
    }
  }
  return out + (format.size() > 60 ? "...\"" : "\"");
}

class LanePrintfSource final : public PrintfSource {
 public:
  LanePrintfSource(ExecContext& ctx, const DecodedInst& call, unsigned lane, Addr buffer,
                   std::string_view format)
      : ctx_(ctx), call_(call), lane_(lane), buffer_(buffer), format_(format) {}

  std::uint64_t argument(std::uint64_t offset, unsigned size) override {
    if (buffer_ == 0) malformed("the format reads an argument, but no argument buffer was passed");
    Resolved r = access_memory(ctx_, call_, ptx::StateSpace::kGeneric, lane_, buffer_ + offset,
                               size, AccessKind::kRead);
    std::uint64_t v = 0;
    std::memcpy(&v, r.ptr, size);
    return v;
  }
  std::string string_at(std::uint64_t address) override {
    return read_string(ctx_, call_, lane_, address);
  }
  [[noreturn]] void malformed(const std::string& why) override {
    ctx_.fail(call_, lane_, fmt::format("printf({}): {}", quoted(format_), why));
  }

 private:
  ExecContext& ctx_;
  const DecodedInst& call_;
  unsigned lane_;
  Addr buffer_;
  std::string_view format_;
};

}  // namespace

void builtin_vprintf(ExecContext& ctx, const DecodedInst& call, std::span<const LaneValues> args,
                     LaneValues& ret) {
  if (args.size() != 2) {
    ctx.fail_warp(call, fmt::format("vprintf takes 2 arguments (format, argument buffer), got {}",
                                    args.size()));
  }
  std::ostream& out = ctx.device().printf_out();
  for_each_lane(ctx.mask, [&](unsigned lane) {
    Addr format_address = args[0][lane];
    if (format_address == 0) {
      ret[lane] = static_cast<std::uint64_t>(std::int64_t{-1});
      return;
    }
    std::string format = read_string(ctx, call, lane, format_address);
    LanePrintfSource source(ctx, call, lane, args[1][lane], format);
    PrintfOutput printed = format_device_printf(format, source);
    out.write(printed.text.data(), static_cast<std::streamsize>(printed.text.size()));
    ret[lane] = static_cast<std::uint64_t>(printed.arguments);
  });
  out.flush();
}

}  // namespace warpsim::func

#pragma once

// Device printf formatting (CUDA C Programming Guide, "Formatted Output"): the kernel passes a
// format string and a buffer holding the arguments, each at its natural alignment after the
// previous one: 4 bytes for %d %i %u %o %x %X %c and `*` (8 with l, ll, z, j, t), 8 for the
// floating conversions (float arguments are promoted to double), %s and %p. Each conversion is
// formatted on its own through snprintf with a specification rebuilt from parsed fields; the
// user's format string is never handed to the C library.

#include <cstdint>
#include <string>
#include <string_view>

namespace warpsim::func {

// What the formatter needs from the executor; implementations fail (throw) on bad accesses.
class PrintfSource {
 public:
  virtual ~PrintfSource() = default;
  // `size` (4 or 8) bytes at `offset` in the argument buffer, zero-extended.
  virtual std::uint64_t argument(std::uint64_t offset, unsigned size) = 0;
  // The NUL-terminated string at generic address `address` (not null).
  virtual std::string string_at(std::uint64_t address) = 0;
  // Reports a malformed format; does not return.
  [[noreturn]] virtual void malformed(const std::string& why) = 0;
};

struct PrintfOutput {
  std::string text;
  int arguments = 0;  // arguments consumed: what CUDA's printf returns
};

// CUDA reads at most this many arguments; later conversions are printed as written.
inline constexpr int kMaxPrintfArguments = 32;

PrintfOutput format_device_printf(std::string_view format, PrintfSource& source);

}  // namespace warpsim::func

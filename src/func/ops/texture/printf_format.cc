#include "func/ops/texture/printf_format.h"

#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

namespace warpsim::func {

namespace {

// Wider fields than this are treated as a broken format rather than allocated.
constexpr long kMaxField = 1 << 20;

enum class Length : std::uint8_t {
  kNone,
  kChar,
  kShort,
  kLong,
  kLongLong,
  kSize,
  kMax,
  kPtrDiff,
  kLongDouble
};

struct Spec {
  std::string flags;
  std::optional<long> width;
  bool width_star = false;
  std::optional<long> precision;
  bool precision_star = false;
  Length length = Length::kNone;
  char conv = 0;
  std::string_view text;  // as written, from '%' to the conversion character
};

bool one_of(char c, const char* set) { return c != '\0' && std::strchr(set, c) != nullptr; }
bool is_integer_conv(char c) { return one_of(c, "diouxXc"); }
bool is_float_conv(char c) { return one_of(c, "fFeEgGaA"); }

unsigned integer_size(Length length) {
  switch (length) {
    case Length::kLong:
    case Length::kLongLong:
    case Length::kSize:
    case Length::kMax:
    case Length::kPtrDiff:
      return 8;
    default:
      return 4;
  }
}

class Formatter {
 public:
  Formatter(std::string_view format, PrintfSource& source) : format_(format), source_(source) {}

  PrintfOutput run() {
    std::size_t pos = 0;
    while (pos < format_.size()) {
      std::size_t next = format_.find('%', pos);
      if (next == std::string_view::npos) next = format_.size();
      out_.text.append(format_.substr(pos, next - pos));
      pos = next;
      if (pos == format_.size()) break;
      Spec spec = parse(pos);
      convert(spec);
    }
    return std::move(out_);
  }

 private:
  long parse_number(std::size_t& pos) {
    long v = 0;
    while (pos < format_.size() && format_[pos] >= '0' && format_[pos] <= '9') {
      v = v * 10 + (format_[pos++] - '0');
      if (v > kMaxField) source_.malformed("a field width or precision is too large");
    }
    return v;
  }

  Length parse_length(std::size_t& pos) {
    char c = pos < format_.size() ? format_[pos] : '\0';
    bool doubled = pos + 1 < format_.size() && format_[pos + 1] == c;
    switch (c) {
      case 'h':
        pos += doubled ? 2 : 1;
        return doubled ? Length::kChar : Length::kShort;
      case 'l':
        pos += doubled ? 2 : 1;
        return doubled ? Length::kLongLong : Length::kLong;
      case 'z':
        ++pos;
        return Length::kSize;
      case 'j':
        ++pos;
        return Length::kMax;
      case 't':
        ++pos;
        return Length::kPtrDiff;
      case 'L':
        ++pos;
        return Length::kLongDouble;
      default:
        return Length::kNone;
    }
  }

  // `pos` is at a '%'; leaves it after the conversion character.
  Spec parse(std::size_t& pos) {
    std::size_t start = pos++;
    Spec spec;
    while (pos < format_.size() && one_of(format_[pos], "-+ #0")) {
      spec.flags += format_[pos++];
    }
    if (pos < format_.size() && format_[pos] == '*') {
      spec.width_star = true;
      ++pos;
    } else if (pos < format_.size() && format_[pos] >= '0' && format_[pos] <= '9') {
      spec.width = parse_number(pos);
    }
    if (pos < format_.size() && format_[pos] == '.') {
      ++pos;
      if (pos < format_.size() && format_[pos] == '*') {
        spec.precision_star = true;
        ++pos;
      } else {
        spec.precision = parse_number(pos);
      }
    }
    spec.length = parse_length(pos);
    if (pos >= format_.size()) {
      source_.malformed("the format ends inside the conversion '" +
                        std::string(format_.substr(start)) + "'");
    }
    spec.conv = format_[pos++];
    spec.text = format_.substr(start, pos - start);
    if (spec.conv == 'n') source_.malformed("%n is not supported by device printf");
    if (spec.conv != '%' && spec.conv != 's' && spec.conv != 'p' && !is_integer_conv(spec.conv) &&
        !is_float_conv(spec.conv)) {
      source_.malformed("unknown conversion '" + std::string(spec.text) + "'");
    }
    return spec;
  }

  std::uint64_t next_argument(unsigned size) {
    offset_ = (offset_ + size - 1) / size * size;
    std::uint64_t v = source_.argument(offset_, size);
    offset_ += size;
    ++out_.arguments;
    return v;
  }

  void resolve_stars(Spec& spec) {
    if (spec.width_star) {
      auto w = static_cast<std::int32_t>(next_argument(4));
      if (w < 0) spec.flags += '-';
      spec.width = w < 0 ? -static_cast<long>(w) : w;
      if (*spec.width > kMaxField) source_.malformed("a `*` field width is too large");
    }
    if (spec.precision_star) {
      auto p = static_cast<std::int32_t>(next_argument(4));
      spec.precision = p < 0 ? std::nullopt : std::optional<long>(p);
      if (p > kMaxField) source_.malformed("a `*` precision is too large");
    }
  }

  // "%<flags><width>.<precision>" for the C library; the caller appends length and conversion.
  // %p gets only the '-' flag: C leaves the others undefined for it.
  static std::string c_spec(const Spec& spec, bool with_precision, bool only_minus = false) {
    std::string s = "%";
    if (!only_minus) {
      s += spec.flags;
    } else if (spec.flags.find('-') != std::string::npos) {
      s += '-';
    }
    if (spec.width) s += std::to_string(*spec.width);
    if (with_precision && spec.precision) {
      s += '.';
      s += std::to_string(*spec.precision);
    }
    return s;
  }

  template <typename T>
  void append(const std::string& c_format, T value) {
    int n = std::snprintf(nullptr, 0, c_format.c_str(), value);
    if (n < 0) source_.malformed("cannot format '" + c_format + "'");
    std::size_t old = out_.text.size();
    out_.text.resize(old + static_cast<std::size_t>(n) + 1);
    std::snprintf(out_.text.data() + old, static_cast<std::size_t>(n) + 1, c_format.c_str(), value);
    out_.text.resize(old + static_cast<std::size_t>(n));
  }

  void convert_integer(const Spec& spec) {
    unsigned size = spec.conv == 'c' ? 4 : integer_size(spec.length);
    std::uint64_t raw = next_argument(size);
    if (spec.conv == 'c') {
      append(c_spec(spec, false) + "c", static_cast<int>(static_cast<unsigned char>(raw)));
      return;
    }
    if (spec.conv == 'd' || spec.conv == 'i') {
      auto v =
          size == 8 ? static_cast<std::int64_t>(raw) : std::int64_t{static_cast<std::int32_t>(raw)};
      // %hd and %hhd print the value converted to short or signed char: sign-extend its low bits.
      if (spec.length == Length::kShort) v = ((v & 0xffff) ^ 0x8000) - 0x8000;
      if (spec.length == Length::kChar) v = ((v & 0xff) ^ 0x80) - 0x80;
      append(c_spec(spec, true) + "lld", static_cast<long long>(v));
      return;
    }
    std::uint64_t v = size == 8 ? raw : static_cast<std::uint32_t>(raw);
    if (spec.length == Length::kShort) v = static_cast<std::uint16_t>(v);
    if (spec.length == Length::kChar) v = static_cast<std::uint8_t>(v);
    append(c_spec(spec, true) + "ll" + spec.conv, static_cast<unsigned long long>(v));
  }

  void convert(Spec& spec) {
    if (spec.conv == '%') {
      out_.text += '%';
      return;
    }
    int needed = (spec.width_star ? 1 : 0) + (spec.precision_star ? 1 : 0) + 1;
    if (out_.arguments + needed > kMaxPrintfArguments) {
      out_.text.append(spec.text);
      return;
    }
    resolve_stars(spec);
    if (is_integer_conv(spec.conv)) {
      convert_integer(spec);
    } else if (is_float_conv(spec.conv)) {
      append(c_spec(spec, true) + spec.conv, std::bit_cast<double>(next_argument(8)));
    } else if (spec.conv == 's') {
      std::uint64_t address = next_argument(8);
      std::string s = address == 0 ? "(null)" : source_.string_at(address);
      append(c_spec(spec, true) + "s", s.c_str());
    } else {
      std::uint64_t address = next_argument(8);
      // The C library prints %p only from a pointer; it is never dereferenced.
      auto* pointer = reinterpret_cast<const void*>(  // NOLINT(performance-no-int-to-ptr)
          static_cast<std::uintptr_t>(address));
      append(c_spec(spec, false, true) + "p", pointer);
    }
  }

  std::string_view format_;
  PrintfSource& source_;
  PrintfOutput out_;
  std::uint64_t offset_ = 0;
};

}  // namespace

PrintfOutput format_device_printf(std::string_view format, PrintfSource& source) {
  return Formatter(format, source).run();
}

}  // namespace warpsim::func

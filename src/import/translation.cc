#include "import/translation.h"

#include <fmt/format.h>

namespace warpsim::import {

std::string cite(const OptionValue& option) {
  if (option.bare) return fmt::format("-{}", option.name);
  return fmt::format("-{} {}", option.name, option.value);
}

void Translation::set(std::string_view path, std::string value, const OptionValue& from) {
  tree.set(path, std::move(value), cite(from));
}

void Translation::approximate(const OptionValue& from, std::string_view how) {
  approximations.push_back(fmt::format("{}: {}: {}", from.where(), cite(from), how));
}

bool Translation::agree(std::string_view name, std::string_view value, std::string_view why) {
  const OptionValue* o = options.find(name);
  if (o == nullptr || o->bare || o->value != value) return false;
  options.take(name);
  agreements.push_back(fmt::format("{}: {}: {}", o->where(), cite(*o), why));
  return true;
}

std::string bytes_text(std::uint64_t bytes) {
  if (bytes != 0 && bytes % (1ULL << 20) == 0) return fmt::format("{}MiB", bytes >> 20);
  if (bytes != 0 && bytes % 1024 == 0) return fmt::format("{}KiB", bytes >> 10);
  return fmt::format("{}", bytes);
}

std::string number_text(double value) { return fmt::format("{}", value); }

}  // namespace warpsim::import

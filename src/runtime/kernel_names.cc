#include "runtime/kernel_names.h"

#include <cxxabi.h>

#include <cctype>
#include <cstdlib>
#include <memory>

namespace warpsim::runtime {
namespace {

std::string without_spaces(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) == 0) out.push_back(c);
  }
  return out;
}

// Index of the bracket matching the `close` at text[end], scanning backwards; npos if none.
std::size_t matching_open(std::string_view text, std::size_t end, char open, char close) {
  int depth = 0;
  for (std::size_t i = end + 1; i-- > 0;) {
    if (text[i] == close) ++depth;
    if (text[i] == open && --depth == 0) return i;
  }
  return std::string_view::npos;
}

}  // namespace

std::string kernel_cpp_name(std::string_view mangled) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> demangled(
      abi::__cxa_demangle(std::string(mangled).c_str(), nullptr, nullptr, &status), &std::free);
  if (status != 0 || demangled == nullptr) return std::string(mangled);
  std::string_view text(demangled.get());
  if (!text.empty() && text.back() == ')') {
    std::size_t open = matching_open(text, text.size() - 1, '(', ')');
    if (open != std::string_view::npos) text = text.substr(0, open);
  }
  // Template functions demangle with their return type first; kernels return void.
  if (text.starts_with("void ") && text.find('<') != std::string_view::npos) text.remove_prefix(5);
  return without_spaces(text);
}

std::string normalize_kernel_text(std::string_view text) {
  std::string name = without_spaces(text);
  while (name.size() >= 2 && name.front() == '(' &&
         matching_open(name, name.size() - 1, '(', ')') == 0) {
    name = name.substr(1, name.size() - 2);
  }
  if (name.starts_with("::")) name.erase(0, 2);
  return name;
}

std::string_view without_template_args(std::string_view name) {
  if (name.empty() || name.back() != '>') return name;
  std::size_t open = matching_open(name, name.size() - 1, '<', '>');
  return open == std::string_view::npos ? name : name.substr(0, open);
}

}  // namespace warpsim::runtime

// Feeds arbitrary bytes to the PTX front end. A ParseError is the expected answer to bad
// input; anything else — a crash, a sanitizer report, another exception type, a hang or
// runaway memory — is a bug. Inputs that parse are also verified and round-tripped through
// the printer, which must reproduce the same module.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ptx/error.h"
#include "ptx/parser.h"
#include "ptx/printer.h"
#include "ptx/verifier.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  warpsim::ptx::Module module;
  try {
    module = warpsim::ptx::parse_ptx(text, "fuzz.ptx");
    warpsim::ptx::verify(module);
  } catch (const warpsim::ptx::ParseError&) {
    return 0;
  }
  const std::string printed = warpsim::ptx::print_ptx(module);
  const warpsim::ptx::Module again = warpsim::ptx::parse_ptx(printed, "printed.ptx");
  if (!(again == module)) std::abort();  // the printer lost or changed something
  return 0;
}

#include "workload/embedded_ptx.h"

#include <string>

namespace warpsim::workload {

std::optional<std::string_view> find_workload_ptx(std::string_view workload_name) {
  const std::size_t slash = workload_name.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const std::string_view base = workload_name.substr(slash + 1);
  const std::string key = std::string(workload_name.substr(0, slash)) + "__" + std::string(base) +
                          "__" + std::string(base);
  for (const EmbeddedFile& ptx : embedded_ptx()) {
    if (ptx.key == key) return ptx.text;
  }
  return std::nullopt;
}

}  // namespace warpsim::workload

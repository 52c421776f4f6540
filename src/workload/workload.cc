#include "workload/workload.h"

namespace warpsim::workload {

std::string_view size_name(Size size) {
  switch (size) {
    case Size::kTiny:
      return "tiny";
    case Size::kSmall:
      return "small";
    case Size::kPaper:
      return "paper";
  }
  return "?";
}

std::optional<Size> parse_size(std::string_view name) {
  for (Size size : kAllSizes) {
    if (size_name(size) == name) return size;
  }
  return std::nullopt;
}

}  // namespace warpsim::workload

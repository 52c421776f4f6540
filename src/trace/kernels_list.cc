#include "trace/kernels_list.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "trace/line_source.h"

namespace warpsim::trace {
namespace {

KernelsListEntry parse_memcpy(const LineSource& src, std::string_view line) {
  constexpr std::string_view kExpected = "expected MemcpyHtoD,0x<destination>,<bytes>";
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    fields.push_back(trim(line.substr(start, comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  KernelsListEntry entry;
  entry.kind = KernelsListEntry::Kind::kMemcpyHtoD;
  entry.line = src.line_number();
  if (fields.size() != 3 || fields[0] != "MemcpyHtoD") {
    src.fail(std::string(kExpected) + ", got '" + std::string(line) + "'");
  }
  if (!fields[1].starts_with("0x") || !parse_hex(fields[1], entry.dst)) {
    src.fail("bad destination address '" + std::string(fields[1]) + "' (" + std::string(kExpected) +
             ")");
  }
  if (!parse_dec(fields[2], entry.bytes)) {
    src.fail("bad byte count '" + std::string(fields[2]) + "' (" + std::string(kExpected) + ")");
  }
  return entry;
}

KernelsListEntry parse_kernel(const LineSource& src, std::string_view name,
                              const std::string& folder) {
  if (name.find_first_of(" \t") != std::string_view::npos) {
    src.fail("expected one kernel trace file name, got '" + std::string(name) + "'");
  }
  if (!name.ends_with(".traceg") && !name.ends_with(".xz") && !name.ends_with(".tracez")) {
    src.fail("'" + std::string(name) +
             "': a kernel trace file name ends in .traceg, .xz or .tracez");
  }
  KernelsListEntry entry;
  entry.kind = KernelsListEntry::Kind::kKernel;
  entry.line = src.line_number();
  entry.file_name = std::string(name);
  entry.path =
      folder.empty() || name.front() == '/' ? entry.file_name : folder + "/" + entry.file_name;
  return entry;
}

}  // namespace

std::size_t KernelsList::kernel_count() const {
  return static_cast<std::size_t>(std::count_if(entries.begin(), entries.end(), [](const auto& e) {
    return e.kind == KernelsListEntry::Kind::kKernel;
  }));
}

KernelsList parse_kernels_list(std::istream& in, const std::string& file_name,
                               const std::string& folder) {
  LineSource src(in, file_name);
  KernelsList list;
  list.file_name = file_name;
  std::string raw;
  while (src.next(raw)) {
    const std::string_view line = trim(raw);
    if (line.empty()) continue;
    if (line.starts_with("Memcpy")) {
      list.entries.push_back(parse_memcpy(src, line));
    } else if (line.starts_with("kernel")) {
      list.entries.push_back(parse_kernel(src, line, folder));
    } else {
      src.fail(
          "expected a kernel trace file name (kernel-N.traceg) or "
          "MemcpyHtoD,0x<destination>,<bytes>, got '" +
          std::string(line) + "'");
    }
  }
  return list;
}

KernelsList read_kernels_list(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw TraceError(path + ": cannot open");
  const std::size_t slash = path.rfind('/');
  const std::string folder =
      slash == std::string::npos ? "" : path.substr(0, std::max<std::size_t>(slash, 1));
  return parse_kernels_list(in, path, folder);
}

}  // namespace warpsim::trace

#include "sweep/run_identity.h"

#include <xxhash.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "warpsim/version.h"

namespace warpsim::sweep {

namespace {

namespace fs = std::filesystem;

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(fmt::format("{}: cannot read this run's input", path));
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The files a kernelslist names (its lines that are not MemcpyHtoD), with their sizes.
nlohmann::ordered_json trace_files(const std::string& kernelslist, const std::string& text) {
  nlohmann::ordered_json files = nlohmann::ordered_json::object();
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || line.starts_with("MemcpyHtoD")) continue;
    const fs::path file = fs::path(kernelslist).parent_path() / line;
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec) throw ConfigError(fmt::format("{}: cannot read trace file {}", kernelslist, line));
    files[line] = size;
  }
  return files;
}

nlohmann::ordered_json describe_input(const Input& input) {
  switch (input.kind) {
    case Input::Kind::kWorkload:
      return {{"workload", input.spec}};
    case Input::Kind::kProgram:
      return {{"program", input.spec},
              {"args", input.args},
              {"bytes", hash_hex(read_bytes(input.spec))}};
    case Input::Kind::kTrace: {
      const std::string text = read_bytes(input.spec);
      return {{"trace", input.spec},
              {"kernelslist", hash_hex(text)},
              {"files", trace_files(input.spec, text)}};
    }
  }
  return {};
}

}  // namespace

std::string hash_hex(std::string_view bytes) {
  const XXH128_hash_t hash = XXH3_128bits(bytes.data(), bytes.size());
  return fmt::format("{:016x}{:016x}", hash.high64, hash.low64);
}

RunIdentity identify(const Point& point, const ConfigNode& resolved) {
  RunIdentity identity;
  identity.what = {{"warpsim", kVersion},
                   {"mode", point.mode},
                   {"config", resolved.to_json()},
                   {"input", describe_input(point.input)}};
  identity.key = hash_hex(identity.what.dump());
  return identity;
}

}  // namespace warpsim::sweep

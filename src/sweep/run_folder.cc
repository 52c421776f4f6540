#include "sweep/run_folder.h"

#include <fstream>

namespace warpsim::sweep {

namespace fs = std::filesystem;

namespace {

std::optional<nlohmann::json> read_json(const fs::path& file) {
  std::ifstream in(file);
  if (!in) return std::nullopt;
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace

fs::path run_folder(const fs::path& out, const std::string& key) { return out / "runs" / key; }

std::optional<RunRecord> read_run_record(const fs::path& folder) {
  const std::optional<nlohmann::json> json = read_json(folder / "run.json");
  if (!json) return std::nullopt;
  try {
    RunRecord r;
    r.key = json->at("key").get<std::string>();
    r.status = json->at("status").get<std::string>();
    r.exit_code = json->at("exit_code").get<int>();
    r.wall_s = json->at("wall_s").get<double>();
    r.warpsim_git = json->at("warpsim_git").get<std::string>();
    r.identity = json->at("identity");
    return r;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

void write_run_record(const fs::path& folder, const RunRecord& r) {
  const nlohmann::ordered_json json = {
      {"key", r.key},       {"status", r.status},           {"exit_code", r.exit_code},
      {"wall_s", r.wall_s}, {"warpsim_git", r.warpsim_git}, {"identity", r.identity}};
  const fs::path temporary = folder / "run.json.tmp";
  {
    std::ofstream out(temporary);
    out << json.dump(1) << "\n";
    if (!out) throw std::runtime_error("cannot write " + temporary.string());
  }
  fs::rename(temporary, folder / "run.json");
}

std::optional<nlohmann::json> read_stats(const fs::path& folder) {
  return read_json(folder / "stats.json");
}

}  // namespace warpsim::sweep

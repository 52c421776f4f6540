#include "sweep/results_db.h"

#include <fmt/format.h>

namespace warpsim::sweep {

namespace {

// kernel is -1 for the whole run (`total`), else the kernel's launch number. `stats` is stored in
// its key's order (WITHOUT ROWID): half the size of a table beside its index.
constexpr const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS runs (
  key TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  exit_code INTEGER NOT NULL,
  wall_s REAL NOT NULL,
  warpsim_git TEXT NOT NULL,
  identity TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stats (
  key TEXT NOT NULL REFERENCES runs(key) ON DELETE CASCADE,
  kernel INTEGER NOT NULL,
  path TEXT NOT NULL,
  value REAL NOT NULL,
  PRIMARY KEY (key, kernel, path)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS kernel_names (
  key TEXT NOT NULL REFERENCES runs(key) ON DELETE CASCADE,
  kernel INTEGER NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (key, kernel)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS points (
  idx INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  label TEXT NOT NULL,
  baseline INTEGER);
CREATE TABLE IF NOT EXISTS levels (
  idx INTEGER NOT NULL,
  axis TEXT NOT NULL,
  level TEXT NOT NULL,
  PRIMARY KEY (idx, axis));
)";

void flatten_into(const nlohmann::json& node, const std::string& path,
                  std::vector<std::pair<std::string, double>>& out) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      flatten_into(value, path.empty() ? key : path + "." + key, out);
    }
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      flatten_into(node[i], fmt::format("{}[{}]", path, i), out);
    }
  } else if (node.is_boolean()) {
    out.emplace_back(path, node.get<bool>() ? 1.0 : 0.0);
  } else if (node.is_number()) {
    out.emplace_back(path, node.get<double>());
  }
}

}  // namespace

std::vector<std::pair<std::string, double>> flatten(const nlohmann::json& section) {
  std::vector<std::pair<std::string, double>> out;
  flatten_into(section, "", out);
  return out;
}

ResultsDb::ResultsDb(const std::filesystem::path& file) : db_(file) { db_.exec(kSchema); }

void ResultsDb::record_plan(const Experiment& experiment, const std::vector<PlannedRun>& runs) {
  db_.transaction([&] {
    db_.exec("DELETE FROM points; DELETE FROM levels;");
    for (const PlannedRun& run : runs) {
      const auto index = static_cast<std::int64_t>(run.point.index);
      const std::optional<std::size_t> base = baseline_of(experiment, run.point);
      db_.query("INSERT INTO points VALUES (?, ?, ?, ?)",
                {index, run.identity.key, run.label,
                 base ? SqlValue(static_cast<std::int64_t>(*base)) : SqlValue(nullptr)});
      for (std::size_t a = 0; a < experiment.axes.size(); ++a) {
        const Axis& axis = experiment.axes[a];
        db_.query("INSERT INTO levels VALUES (?, ?, ?)",
                  {index, axis.name, axis.levels[run.point.levels[a]].name});
      }
    }
  });
}

void ResultsDb::record_run(const RunRecord& run, const nlohmann::json* stats) {
  db_.transaction([&] {
    db_.query("DELETE FROM runs WHERE key = ?", {run.key});
    db_.query("INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?)",
              {run.key, run.status, static_cast<std::int64_t>(run.exit_code), run.wall_s,
               run.warpsim_git, run.identity.dump()});
    if (stats == nullptr) return;
    auto insert = [&](std::int64_t kernel, const nlohmann::json& section) {
      for (const auto& [path, value] : flatten(section)) {
        db_.query("INSERT INTO stats VALUES (?, ?, ?, ?)", {run.key, kernel, path, value});
      }
    };
    if (stats->contains("total")) insert(-1, stats->at("total"));
    for (const nlohmann::json& kernel : stats->value("kernels", nlohmann::json::array())) {
      const std::int64_t launch = kernel.value("launch", std::int64_t{0});
      insert(launch, kernel);
      db_.query("INSERT OR REPLACE INTO kernel_names VALUES (?, ?, ?)",
                {run.key, launch, kernel.value("name", std::string())});
    }
  });
}

std::map<std::string, std::string> ResultsDb::statuses() {
  std::map<std::string, std::string> out;
  db_.query("SELECT key, status FROM runs", {}, [&](const std::vector<SqlValue>& row) {
    out[std::get<std::string>(row[0])] = std::get<std::string>(row[1]);
  });
  return out;
}

}  // namespace warpsim::sweep

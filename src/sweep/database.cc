#include "sweep/database.h"

#include <stdexcept>

#include <fmt/format.h>

namespace warpsim::sweep {

namespace {

// Finalizes a prepared statement however its use ends.
struct Statement {
  sqlite3_stmt* stmt = nullptr;
  ~Statement() { sqlite3_finalize(stmt); }
};

SqlValue column(sqlite3_stmt* stmt, int i) {
  switch (sqlite3_column_type(stmt, i)) {
    case SQLITE_INTEGER:
      return static_cast<std::int64_t>(sqlite3_column_int64(stmt, i));
    case SQLITE_FLOAT:
      return sqlite3_column_double(stmt, i);
    case SQLITE_NULL:
      return nullptr;
    default:
      return std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, i)),
                         static_cast<std::size_t>(sqlite3_column_bytes(stmt, i)));
  }
}

}  // namespace

Database::Database(const std::filesystem::path& path) : path_(path) {
  if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) fail("cannot open");
  // A sweep writes from one process at a time; WAL lets readers (sqlite3, reports) in meanwhile.
  exec("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON;");
}

Database::~Database() { sqlite3_close(db_); }

void Database::fail(const std::string& what) const {
  throw std::runtime_error(
      fmt::format("{}: {}: {}", path_.string(), what, db_ ? sqlite3_errmsg(db_) : "no memory"));
}

void Database::exec(const std::string& sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string text = message != nullptr ? message : "";
    sqlite3_free(message);
    throw std::runtime_error(fmt::format("{}: {}", path_.string(), text));
  }
}

void Database::query(const std::string& sql, const std::vector<SqlValue>& params,
                     const std::function<void(const std::vector<SqlValue>&)>& row) {
  Statement s;
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &s.stmt, nullptr) != SQLITE_OK) {
    fail("cannot prepare '" + sql + "'");
  }
  for (int i = 0; i < static_cast<int>(params.size()); ++i) {
    const SqlValue& v = params[static_cast<std::size_t>(i)];
    int rc = SQLITE_OK;
    if (std::holds_alternative<std::nullptr_t>(v)) {
      rc = sqlite3_bind_null(s.stmt, i + 1);
    } else if (const auto* n = std::get_if<std::int64_t>(&v)) {
      rc = sqlite3_bind_int64(s.stmt, i + 1, *n);
    } else if (const auto* d = std::get_if<double>(&v)) {
      rc = sqlite3_bind_double(s.stmt, i + 1, *d);
    } else {
      const std::string& t = std::get<std::string>(v);
      rc = sqlite3_bind_text(s.stmt, i + 1, t.data(), static_cast<int>(t.size()), SQLITE_TRANSIENT);
    }
    if (rc != SQLITE_OK) fail("cannot bind a value");
  }
  for (;;) {
    const int rc = sqlite3_step(s.stmt);
    if (rc == SQLITE_DONE) return;
    if (rc != SQLITE_ROW) fail("'" + sql + "' failed");
    if (!row) continue;
    std::vector<SqlValue> values;
    for (int i = 0; i < sqlite3_column_count(s.stmt); ++i) values.push_back(column(s.stmt, i));
    row(values);
  }
}

void Database::transaction(const std::function<void()>& body) {
  exec("BEGIN");
  try {
    body();
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
  exec("COMMIT");
}

}  // namespace warpsim::sweep

#pragma once

// A thin owner of one SQLite connection: statements with bound values, transactions, and every
// failure a std::runtime_error naming the database file and SQLite's message.

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace warpsim::sweep {

using SqlValue = std::variant<std::nullptr_t, std::int64_t, double, std::string>;

class Database {
 public:
  // Opens (creating if needed) the database at `path`.
  explicit Database(const std::filesystem::path& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one or more statements without parameters.
  void exec(const std::string& sql);
  // Runs one statement with `params` bound to its ?s, calling `row` for each result row.
  void query(const std::string& sql, const std::vector<SqlValue>& params,
             const std::function<void(const std::vector<SqlValue>&)>& row = nullptr);
  // Runs `body` inside one transaction: all of it is written, or (when it throws) none.
  void transaction(const std::function<void()>& body);

 private:
  [[noreturn]] void fail(const std::string& what) const;

  std::filesystem::path path_;
  sqlite3* db_ = nullptr;
};

}  // namespace warpsim::sweep

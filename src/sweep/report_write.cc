#include "sweep/report_write.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

namespace warpsim::sweep {

namespace {

// CSV: the shortest text that reads back exactly. Markdown (`readable`): integers whole, other
// values to 4 significant digits.
std::string number(const std::optional<double>& value, bool readable = false) {
  if (!value) return "";
  if (readable && std::abs(*value) < 1e15 && *value == std::floor(*value)) {
    return fmt::format("{:.0f}", *value);
  }
  return readable ? fmt::format("{:.4g}", *value) : fmt::format("{}", *value);
}

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string join(const std::vector<std::string>& fields, const std::string& separator) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) line += (i ? separator : "") + fields[i];
  return line;
}

std::string csv_line(std::vector<std::string> fields) {
  for (std::string& f : fields) f = field(f);
  return join(fields, ",") + "\n";
}

std::string markdown_table(const std::vector<std::string>& header,
                           const std::vector<std::vector<std::string>>& rows) {
  std::string text = "| " + join(header, " | ") + " |\n|";
  for (std::size_t i = 0; i < header.size(); ++i) text += " --- |";
  text += "\n";
  for (const auto& row : rows) text += "| " + join(row, " | ") + " |\n";
  return text;
}

std::vector<std::string> run_fields(const Report& report, const ReportRow& row,
                                    bool readable = false) {
  std::vector<std::string> fields = {std::to_string(row.index)};
  fields.insert(fields.end(), row.levels.begin(), row.levels.end());
  fields.push_back(row.status);
  for (const std::string& column : report.columns) {
    fields.push_back(number(row.values.at(column), readable));
  }
  return fields;
}

std::vector<std::string> summary_fields(const SummaryRow& row,
                                        const std::vector<std::string>& columns,
                                        bool readable = false) {
  std::vector<std::string> fields = row.levels;
  fields.push_back(std::to_string(row.runs));
  for (const std::string& column : columns) {
    fields.push_back(number(row.values.at(column), readable));
  }
  return fields;
}

}  // namespace

std::string runs_csv(const Report& report) {
  std::vector<std::string> header = {"index"};
  header.insert(header.end(), report.axes.begin(), report.axes.end());
  header.push_back("status");
  header.insert(header.end(), report.columns.begin(), report.columns.end());
  std::string text = csv_line(header);
  for (const ReportRow& row : report.rows) text += csv_line(run_fields(report, row));
  return text;
}

std::string kernels_csv(const Report& report) {
  std::vector<std::string> header = {"index"};
  header.insert(header.end(), report.axes.begin(), report.axes.end());
  header.push_back("kernel");
  header.push_back("name");
  header.insert(header.end(), report.kernel_columns.begin(), report.kernel_columns.end());
  std::string text = csv_line(header);
  for (const KernelRow& k : report.kernel_rows) {
    std::vector<std::string> fields = {std::to_string(k.index)};
    const std::vector<std::string>& levels = report.rows.at(k.index).levels;
    fields.insert(fields.end(), levels.begin(), levels.end());
    fields.push_back(std::to_string(k.kernel));
    fields.push_back(k.name);
    for (const std::string& column : report.kernel_columns) {
      const auto it = k.values.find(column);
      fields.push_back(it == k.values.end() ? "" : number(it->second));
    }
    text += csv_line(fields);
  }
  return text;
}

std::string summary_csv(const Report& report) {
  std::vector<std::string> header = report.summary_axes;
  header.push_back("runs");
  header.insert(header.end(), report.summary_columns.begin(), report.summary_columns.end());
  std::string text = csv_line(header);
  for (const SummaryRow& row : report.summary) {
    text += csv_line(summary_fields(row, report.summary_columns));
  }
  return text;
}

std::string markdown(const Experiment& e, const Report& report) {
  std::string text = fmt::format("# {}\n\n", e.name);
  if (!e.description.empty()) text += e.description + "\n\n";
  if (!report.summary.empty()) {
    std::vector<std::string> header = report.summary_axes;
    header.push_back("runs");
    header.insert(header.end(), report.summary_columns.begin(), report.summary_columns.end());
    std::vector<std::vector<std::string>> rows;
    for (const SummaryRow& row : report.summary) {
      rows.push_back(summary_fields(row, report.summary_columns, true));
    }
    text += "## Summary\n\n" + markdown_table(header, rows) + "\n";
  }
  std::vector<std::string> header = {"run"};
  header.insert(header.end(), report.axes.begin(), report.axes.end());
  header.push_back("status");
  header.insert(header.end(), report.columns.begin(), report.columns.end());
  std::vector<std::vector<std::string>> rows;
  for (const ReportRow& row : report.rows) rows.push_back(run_fields(report, row, true));
  return text + "## Runs\n\n" + markdown_table(header, rows);
}

}  // namespace warpsim::sweep

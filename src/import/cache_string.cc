#include "import/cache_string.h"

#include <fmt/format.h>

namespace warpsim::import {

namespace {

char letter(const OptionValue& option, const std::string& field, std::string_view what,
            std::string_view allowed) {
  if (field.size() != 1 || allowed.find(field[0]) == std::string_view::npos) {
    option.fail(fmt::format("{} must be one of {}, got '{}'", what, allowed, field));
  }
  return field[0];
}

std::uint32_t count(const OptionValue& option, const std::string& field, std::string_view what,
                    std::uint64_t min) {
  const std::uint64_t value = field_uint(option, field, what);
  if (value < min || value > 0xffffffffULL) {
    option.fail(fmt::format("{} must be at least {}, got {}", what, min, value));
  }
  return static_cast<std::uint32_t>(value);
}

}  // namespace

CacheString parse_cache_string(const OptionValue& option) {
  const std::vector<std::string> groups = split(option.value, ',');
  if (groups.size() < 4 || groups.size() > 5) {
    option.fail(
        "expected [N|S:]sets:line:ways,repl:write:alloc:write_alloc[:index],mshr:entries:merge,"
        "miss_queue[:fifo][,port]");
  }
  CacheString c;
  std::vector<std::string> geometry = split(groups[0], ':');
  if (geometry.size() == 4) {
    c.sectored = letter(option, geometry[0], "the cache type", "NS") == 'S';
    geometry.erase(geometry.begin());
  }
  if (geometry.size() != 3) option.fail("expected [N|S:]sets:line:ways before the first ','");
  c.sets = count(option, geometry[0], "sets", 1);
  c.line = count(option, geometry[1], "line size", 1);
  c.ways = count(option, geometry[2], "ways", 1);
  if ((c.line & (c.line - 1)) != 0) option.fail("the line size must be a power of two");
  if (c.sectored && (c.line % 32 != 0 || c.line < 64)) {
    option.fail("a sectored cache needs lines of a multiple of the 32-byte sector");
  }

  const std::vector<std::string> policy = split(groups[1], ':');
  if (policy.size() != 4 && policy.size() != 5) {
    option.fail("expected repl:write:alloc:write_alloc[:set_index] after the first ','");
  }
  c.replacement = letter(option, policy[0], "the replacement policy", "LF");
  c.write = letter(option, policy[1], "the write policy", "RBTEL");
  c.allocate = letter(option, policy[2], "the allocation policy", "mfs");
  c.write_allocate = letter(option, policy[3], "the write-allocate policy", "NWFL");
  if (policy.size() == 5) {
    c.set_index = letter(option, policy[4], "the set-index function", "LXPHC");
    c.set_index_given = true;
  }
  // The combinations GPGPU-Sim refuses.
  if (c.allocate == 'f' && c.write == 'B') {
    option.fail("write-back with allocation on fill is not a valid GPGPU-Sim cache");
  }
  if (c.allocate == 'f' && c.write_allocate == 'F') {
    option.fail("fetch-on-write with allocation on fill is not a valid GPGPU-Sim cache");
  }

  const std::vector<std::string> mshr = split(groups[2], ':');
  if (mshr.size() != 3) option.fail("expected mshr_type:entries:merge after the second ','");
  c.mshr_type = letter(option, mshr[0], "the MSHR type", "ASFT");
  c.mshr_entries = count(option, mshr[1], "MSHR entries", 1);
  c.mshr_merge = count(option, mshr[2], "MSHR merge", 1);

  const std::vector<std::string> queue = split(groups[3], ':');
  if (queue.size() > 2) option.fail("expected miss_queue[:fill_fifo] after the third ','");
  c.miss_queue = count(option, queue[0], "the miss queue", 1);
  if (queue.size() == 2) c.fill_fifo = count(option, queue[1], "the fill FIFO", 0);
  if ((c.mshr_type == 'F' || c.mshr_type == 'T') && c.fill_fifo == 0) {
    option.fail("a FIFO MSHR type (F, T) needs the fill FIFO size after the miss queue");
  }
  if (groups.size() == 5) c.data_port_width = count(option, groups[4], "the data port width", 0);
  return c;
}

}  // namespace warpsim::import

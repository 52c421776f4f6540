#include "trace/trace_header.h"

#include <algorithm>
#include <limits>

namespace warpsim::trace {
namespace {

std::uint32_t parse_u32(const LineSource& src, std::string_view key, std::string_view value) {
  std::uint64_t v = 0;
  if (!parse_dec(value, v) || v > std::numeric_limits<std::uint32_t>::max()) {
    src.fail("-" + std::string(key) + ": expected a decimal number, got '" + std::string(value) +
             "'");
  }
  return static_cast<std::uint32_t>(v);
}

std::uint64_t parse_address(const LineSource& src, std::string_view key, std::string_view value) {
  std::uint64_t v = 0;
  if (value.substr(0, 2) != "0x" || !parse_hex(value, v)) {
    std::string what = "-";
    what += key;
    what += ": expected a hex address 0x..., got '";
    what += value;
    what += '\'';
    src.fail(what);
  }
  return v;
}

// "(x,y,z)"
Dim3 parse_dim(const LineSource& src, std::string_view key, std::string_view value) {
  const auto fail = [&] {
    src.fail("-" + std::string(key) + ": expected (x,y,z), got '" + std::string(value) + "'");
  };
  if (value.size() < 2 || value.front() != '(' || value.back() != ')') fail();
  std::uint32_t parts[3] = {};
  if (!parse_triple(value.substr(1, value.size() - 2), parts) || parts[0] == 0 || parts[1] == 0 ||
      parts[2] == 0) {
    fail();
  }
  return {parts[0], parts[1], parts[2]};
}

// Accel-Sim reads the version with %d, so "1.2" is version 1.
std::uint32_t parse_tracer_version(const LineSource& src, std::string_view value) {
  const std::size_t dot = value.find('.');
  std::uint64_t fraction = 0;
  if (dot != std::string_view::npos && !parse_dec(value.substr(dot + 1), fraction)) {
    src.fail("-accelsim tracer version: expected a number, got '" + std::string(value) + "'");
  }
  return parse_u32(src, "accelsim tracer version", value.substr(0, dot));
}

void set_field(KernelHeader& h, const LineSource& src, std::string_view key,
               std::string_view value) {
  if (key == "kernel name") {
    h.kernel_name = std::string(value);
  } else if (key == "kernel id") {
    h.kernel_id = parse_u32(src, key, value);
  } else if (key == "grid dim") {
    h.grid = parse_dim(src, key, value);
  } else if (key == "block dim") {
    h.block = parse_dim(src, key, value);
  } else if (key == "shmem") {
    h.shmem = parse_u32(src, key, value);
  } else if (key == "nregs") {
    h.nregs = parse_u32(src, key, value);
  } else if (key == "binary version") {
    h.binary_version = parse_u32(src, key, value);
  } else if (key == "cuda stream id") {
    if (!parse_dec(value, h.cuda_stream_id)) {
      src.fail("-cuda stream id: expected a decimal number, got '" + std::string(value) + "'");
    }
  } else if (key == "shmem base_addr") {
    h.shmem_base_addr = parse_address(src, key, value);
  } else if (key == "local mem base_addr") {
    h.local_mem_base_addr = parse_address(src, key, value);
  } else if (key == "nvbit version") {
    h.nvbit_version = std::string(value);
  } else if (key == "accelsim tracer version") {
    h.tracer_version = parse_tracer_version(src, value);
  } else if (key == "enable lineinfo") {
    const std::uint32_t v = parse_u32(src, key, value);
    if (v > 1) src.fail("-enable lineinfo: expected 0 or 1, got '" + std::string(value) + "'");
    h.enable_lineinfo = v == 1;
  } else if (key == "warpsim code end") {
    h.code_end = parse_u32(src, key, value);
  } else {
    h.extra.emplace_back(std::string(key), std::string(value));
  }
}

}  // namespace

KernelHeader read_kernel_header(LineSource& src) {
  KernelHeader h;
  std::vector<std::string> seen;
  std::string line;
  bool ended = false;
  while (src.next(line)) {
    const std::string_view text = trim(line);
    if (text.empty()) continue;
    if (text.front() == '#') {
      src.push_back();
      ended = true;
      break;
    }
    const std::size_t eq = text.find('=');
    if (text.front() != '-' || eq == std::string_view::npos) {
      src.fail("expected a header line '-key = value', got '" + std::string(text) + "'");
    }
    const std::string key(trim(text.substr(1, eq - 1)));
    if (key.empty()) src.fail("header line without a key: '" + std::string(text) + "'");
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      src.fail("'-" + key + "' given twice");
    }
    seen.push_back(key);
    set_field(h, src, key, trim(text.substr(eq + 1)));
  }
  h.first_body_line = src.line_number() + (ended ? 1 : 0);
  for (const char* required : {"kernel name", "grid dim", "block dim", "accelsim tracer version"}) {
    if (std::find(seen.begin(), seen.end(), required) == seen.end()) {
      src.fail_at(h.first_body_line,
                  std::string("the header has no '-") + required + " = ...' line");
    }
  }
  return h;
}

}  // namespace warpsim::trace

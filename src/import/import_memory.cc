// `config import`: memory partitions, DRAM and the crossbar. GPGPU-Sim's DRAM timing string
// (-gpgpu_dram_timing_opt) and address mapping string (-gpgpu_mem_addr_mapping) are read
// field by field; what GPGPU-Sim does not model (tFAW, refresh) is left out of the preset.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "import/cache_string.h"
#include "import/translation.h"

namespace warpsim::import {

namespace {

// "nbk=16:CCD=2:..." as a name -> value map. GPGPU-Sim parses the string with its option parser
// after turning '=', ':' and ';' into spaces, so white space (a value continued on the next line
// of the file) separates fields too, and empty fields are skipped.
std::map<std::string, std::uint64_t, std::less<>> timing_fields(const OptionValue& o) {
  std::map<std::string, std::uint64_t, std::less<>> fields;
  std::string field;
  const auto flush = [&] {
    if (field.empty()) return;
    const std::size_t eq = field.find('=');
    if (eq == std::string::npos) o.fail(fmt::format("'{}' is not NAME=VALUE", field));
    fields[field.substr(0, eq)] = field_uint(o, field.substr(eq + 1), field.substr(0, eq));
    field.clear();
  };
  for (const char c : o.value) {
    if (c == ':' || c == ';' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      flush();
    } else {
      field.push_back(c);
    }
  }
  flush();
  return fields;
}

std::uint64_t need(const OptionValue& o, const std::map<std::string, std::uint64_t, std::less<>>& f,
                   std::string_view name) {
  const auto it = f.find(name);
  if (it == f.end()) o.fail(fmt::format("the timing has no {}=", name));
  return it->second;
}

void translate_timing(Translation& t) {
  const OptionValue* o = t.take("gpgpu_dram_timing_opt");
  if (o == nullptr) return;
  const auto f = timing_fields(*o);
  static constexpr std::pair<const char*, const char*> kDirect[] = {
      {"cl", "CL"},     {"cwl", "WL"}, {"rcd", "RCD"},   {"rp", "RP"},
      {"ras", "RAS"},   {"rc", "RC"},  {"ccd_s", "CCD"}, {"rrd_s", "RRD"},
      {"rrd_l", "RRD"}, {"wr", "WR"},  {"wtr", "CDLR"}};
  for (const auto& [key, name] : kDirect) {
    t.set(fmt::format("dram.timing.{}", key), fmt::format("{}", need(*o, f, name)),
          fmt::format("{}=", name));
  }
  const std::uint64_t ccd = need(*o, f, "CCD");
  const auto ccdl = f.find("CCDL");
  t.set("dram.timing.ccd_l", fmt::format("{}", ccdl == f.end() ? ccd : ccdl->second),
        ccdl == f.end() ? "no CCDL=: CCD" : "CCDL=");
  const auto rtpl = f.find("RTPL");
  t.set("dram.timing.rtp",
        fmt::format("{}", rtpl == f.end() ? 1 : std::max<std::uint64_t>(1, rtpl->second)),
        rtpl == f.end() ? "no RTPL=: GPGPU-Sim's 0, warpsim's least 1" : "RTPL=");
  const std::uint64_t rcd = need(*o, f, "RCD");
  const std::uint64_t wl = need(*o, f, "WL");
  t.set("dram.timing.rcd_wr", fmt::format("{}", rcd > wl + 1 ? rcd - (wl + 1) : 1),
        "GPGPU-Sim derives tRCDWR = RCD - (WL + 1)");
  t.set("dram.timing.rw_turnaround", "2", "GPGPU-Sim's tRTW = CL + BL/ratio + 2 - WL");
  t.set("dram.timing.faw", "0", "GPGPU-Sim has no tFAW");
  t.set("dram.timing.refi", "0", "GPGPU-Sim does not model refresh");
  t.tree.note("dram.timing", cite(*o));
  t.set("dram.banks", fmt::format("{}", need(*o, f, "nbk")), "nbk=");
  const auto groups = f.find("nbkgrp");
  t.set("dram.bank_groups", fmt::format("{}", groups == f.end() ? 1 : groups->second),
        groups == f.end() ? "no nbkgrp=: one bank group" : "nbkgrp=");
  for (const auto& [name, value] : f) {
    static constexpr std::string_view kKnown[] = {"nbk", "CCD",    "RRD",  "RCD", "RAS",
                                                  "RP",  "RC",     "CL",   "WL",  "CDLR",
                                                  "WR",  "nbkgrp", "CCDL", "RTPL"};
    if (std::find(std::begin(kKnown), std::end(kKnown), name) == std::end(kKnown)) {
      t.approximate(*o, fmt::format("timing field {}={} is not modeled", name, value));
    }
  }
}

// Bits of each letter in GPGPU-Sim's mapping string, and the channel's lowest bit.
struct MappingString {
  std::map<char, unsigned> bits;
  int dramid_bit = -1;
};

MappingString parse_mapping(const OptionValue& o) {
  MappingString m;
  std::string_view text = o.value;
  if (text.starts_with("dramid@")) {
    const std::size_t semi = text.find(';');
    if (semi == std::string_view::npos) o.fail("expected dramid@<bit>;<bits>");
    m.dramid_bit = static_cast<int>(field_uint(o, text.substr(7, semi - 7), "dramid bit"));
    text.remove_prefix(semi + 1);
  }
  unsigned count = 0;
  for (const char c : text) {
    if (c == '.') continue;
    if (std::string_view("RBCSD0").find(c) == std::string_view::npos) {
      o.fail(fmt::format("'{}' is not one of R B C S D 0", c));
    }
    ++count;
    ++m.bits[c];
  }
  if (count != 64) o.fail(fmt::format("expected 64 bit letters, got {}", count));
  return m;
}

void translate_mapping(Translation& t) {
  const OptionValue* mapping = t.take("gpgpu_mem_addr_mapping");
  const OptionValue* indexing = t.take("gpgpu_memory_partition_indexing");
  const std::uint64_t scheme = indexing == nullptr ? 0 : option_uint(*indexing);
  if (mapping != nullptr) {
    const MappingString m = parse_mapping(*mapping);
    const unsigned row_bits = m.bits.count('C') ? m.bits.at('C') : 0;
    const unsigned byte_bits = m.bits.count('S') ? m.bits.at('S') : 0;
    t.set("dram.row_bytes", bytes_text(1ULL << (row_bits + byte_bits)),
          fmt::format("{} column + {} byte bits of -gpgpu_mem_addr_mapping", row_bits, byte_bits));
    if (scheme == 1 || scheme == 2) {
      t.set("memory.address_mapping.impl", "ipoly", *indexing);
      t.set("memory.address_mapping.hash", scheme == 1 ? "xor" : "ipoly", *indexing);
      const std::uint64_t chunk = m.dramid_bit >= 0 ? 1ULL << m.dramid_bit : 256;
      t.set("memory.address_mapping.interleave_bytes", bytes_text(chunk),
            m.dramid_bit >= 0 ? fmt::format("dramid@{} of -gpgpu_mem_addr_mapping", m.dramid_bit)
                              : std::string("no dramid@: 256 bytes"));
      return;
    }
    t.set("memory.address_mapping.impl", "bit_string", *mapping);
    t.set("memory.address_mapping.mapping", yaml_quote(mapping->value), *mapping);
    if (scheme > 2) {
      t.approximate(*indexing,
                    "only linear (0), XOR (1) and IPOLY (2) partition indexing are "
                    "modeled: the mapping string's channel bits are used as they are");
    }
  } else if (indexing != nullptr) {
    t.approximate(*indexing, "ignored without -gpgpu_mem_addr_mapping");
  }
}

void translate_channels(Translation& t) {
  const OptionValue* channels = t.take("gpgpu_n_mem");
  if (channels != nullptr)
    t.set("dram.channels", fmt::format("{}", option_uint(*channels)), *channels);
  if (const OptionValue* o = t.take("gpgpu_n_sub_partition_per_mchannel")) {
    t.set("memory.slices_per_channel", fmt::format("{}", option_uint(*o)), *o);
  }
  const OptionValue* width = t.take("gpgpu_dram_buswidth");
  const OptionValue* chips = t.take("gpgpu_n_mem_per_ctrlr");
  const OptionValue* ratio = t.take("dram_data_command_freq_ratio");
  const OptionValue* burst = t.take("gpgpu_dram_burst_length");
  const std::uint64_t chip_count = chips == nullptr ? 1 : option_uint(*chips);
  if (width != nullptr) {
    const std::uint64_t bytes = option_uint(*width) * chip_count;
    const std::uint64_t transfers = ratio == nullptr ? 2 : option_uint(*ratio);
    t.set("dram.bus_bytes", fmt::format("{}", bytes * transfers),
          fmt::format("{} bytes x {} chips x {} transfers per command clock", option_uint(*width),
                      chip_count, transfers));
    if (burst != nullptr) {
      t.set("dram.burst_bytes", fmt::format("{}", bytes * option_uint(*burst)),
            fmt::format("{} bytes x {} chips x burst length {}", option_uint(*width), chip_count,
                        option_uint(*burst)));
    }
    if (channels != nullptr) {
      t.set("device.memory_bus_bits", fmt::format("{}", option_uint(*channels) * bytes * 8),
            "channels x channel width");
    }
  }
  if (const OptionValue* o = t.take("gpgpu_frfcfs_dram_sched_queue_size")) {
    const std::uint64_t n = option_uint(*o);
    t.set("dram.queue", fmt::format("{}", n == 0 ? 1024 : n), *o);
    if (n == 0) t.approximate(*o, "an unbounded queue taken as 1024 entries");
  }
  if (const OptionValue* o = t.take("gpgpu_dram_return_queue_size")) {
    const std::uint64_t n = option_uint(*o);
    t.set("dram.return_queue", fmt::format("{}", n == 0 ? 1024 : n), *o);
    if (n == 0) t.approximate(*o, "an unbounded queue taken as 1024 entries");
  }
  if (const OptionValue* o = t.take("gpgpu_dram_scheduler")) {
    const std::uint64_t n = option_uint(*o);
    if (n > 1) o->fail("expected 0 (FIFO) or 1 (FR-FCFS)");
    t.set("dram.scheduler", n == 0 ? "fcfs" : "fr_fcfs", *o);
  }
  if (const OptionValue* o = t.take("dram_dual_bus_interface")) {
    t.set("dram.dual_command_bus", option_bool(*o) ? "true" : "false", *o);
  }
  t.set("dram.row_policy", "open", "GPGPU-Sim keeps rows open");
  if (!t.agree("gpgpu_simple_dram_model", "0",
               "GPGPU-Sim's command-level DRAM model, as warpsim's")) {
    if (const OptionValue* o = t.options.find("gpgpu_simple_dram_model");
        o != nullptr && option_bool(*o)) {
      t.take("gpgpu_simple_dram_model");
      t.approximate(*o,
                    "Accel-Sim's simple DRAM model (a fixed latency and bandwidth) is not "
                    "modeled: warpsim's command-level DRAM with the timing and queues above");
    }
  }
}

// The crossbar. GPGPU-Sim's buffer limits count flits; warpsim's count packets, here packets
// of a full 128-byte line and an 8-byte header.
void translate_icnt(Translation& t) {
  const OptionValue* flit = t.take("icnt_flit_size");
  const std::uint64_t flit_bytes = flit == nullptr ? 32 : option_uint(*flit);
  if (flit_bytes == 0) flit->fail("the flit size must be positive");
  if (flit != nullptr) t.set("icnt.flit_bytes", fmt::format("{}", flit_bytes), *flit);
  const std::uint64_t packet_flits = (128 + 8 + flit_bytes - 1) / flit_bytes;
  for (const auto& [option, key] : {std::pair{"icnt_in_buffer_limit", "input_buffer"},
                                    std::pair{"icnt_out_buffer_limit", "output_buffer"}}) {
    const OptionValue* o = t.take(option);
    if (o == nullptr) continue;
    const std::uint64_t packets = std::max<std::uint64_t>(1, option_uint(*o) / packet_flits);
    t.set(fmt::format("icnt.{}", key), fmt::format("{}", packets),
          fmt::format("{} flits / {} flits per line-sized packet", option_uint(*o), packet_flits));
  }
  if (const OptionValue* o = t.take("network_mode")) {
    if (option_uint(*o) != 2) {
      const OptionValue* file = t.take("inter_config_file");
      t.approximate(*o, fmt::format("BookSim networks{} are not read: warpsim's crossbar with the "
                                    "flit size and buffers above",
                                    file == nullptr ? "" : " (" + cite(*file) + ")"));
    }
  }
  t.agree("icnt_subnets", "2", "separate request and reply networks, as warpsim's crossbar has");
}

void translate_device(Translation& t) {
  const std::string* channels = t.tree.find("dram.channels");
  const std::string* slices = t.tree.find("memory.slices_per_channel");
  const std::string* l2 = t.tree.find("l2.size");
  if (channels != nullptr && l2 != nullptr) {
    const OptionValue* dl2 = t.options.take("gpgpu_cache:dl2");
    const std::uint64_t slice_bytes = parse_cache_string(*dl2).size_bytes();
    const std::uint64_t total =
        std::stoull(*channels) * (slices == nullptr ? 1 : std::stoull(*slices)) * slice_bytes;
    t.set("device.l2_size", bytes_text(total), "channels x slices per channel x slice size");
  }
  if (t.inheriting) return;
  // Stand-ins where the files do not say: cudaDeviceProp needs both numbers.
  if (t.tree.find("device.l2_size") == nullptr) {
    t.set("device.l2_size", "0", "no -gpgpu_cache:dl2 and -gpgpu_n_mem: not known");
  }
  if (t.tree.find("device.memory_bus_bits") == nullptr) {
    const std::uint64_t n = channels == nullptr ? 6 : std::stoull(*channels);
    t.set("device.memory_bus_bits", fmt::format("{}", n * 64),
          channels == nullptr ? "no -gpgpu_n_mem or -gpgpu_dram_buswidth: 6 channels of 64 bits "
                                "(warpsim's default channels)"
                              : "no -gpgpu_dram_buswidth: 64 bits per channel");
  }
  {
    t.set("device.global_memory", "4GiB",
          "not in a GPGPU-Sim configuration: what cudaGetDeviceProperties reports");
  }
}

}  // namespace

void translate_memory(Translation& t) {
  translate_channels(t);
  translate_timing(t);
  translate_mapping(t);
  translate_icnt(t);
  translate_device(t);
}

}  // namespace warpsim::import

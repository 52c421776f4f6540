#include "probe/report.h"

#include <cstdio>
#include <sstream>
#include <vector>

namespace warpsim::probe {
namespace {

using Json = nlohmann::ordered_json;

bool ran(const Hierarchy& h, const std::string& part) {
  for (const ProbedPart& p : h.parts) {
    if (p.name == part) return true;
  }
  return false;
}

Json ways_json(const std::vector<std::uint32_t>& ways) {
  if (ways.size() == 1) return ways.front();
  return ways;
}

Json optional_number(const std::optional<double>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json cache_json(const std::optional<CacheGeometry>& cache) {
  if (!cache) return nullptr;
  return Json{{"size_bytes", cache->size_bytes},
              {"array_address", cache->array_address},
              {"line_bytes", cache->line_bytes},
              {"sets", cache->sets},
              {"ways", ways_json(cache->ways)},
              {"replacement", cache->replacement},
              {"set_mapping", cache->set_mapping},
              {"hit_latency", cache->hit_latency},
              {"miss_latency", cache->miss_latency},
              {"victim_share", cache->victim_share},
              {"note", cache->note}};
}

Json tlb_json(const Hierarchy& h) {
  if (!ran(h, "tlb")) return nullptr;
  Json levels = Json::array();
  for (const TlbLevel& t : h.tlb) {
    levels.push_back(Json{{"level", t.level},
                          {"entries", t.entries},
                          {"page_bytes", t.page_bytes},
                          {"sets", t.sets},
                          {"ways", ways_json(t.ways)},
                          {"replacement", t.replacement},
                          {"miss_penalty", t.miss_penalty},
                          {"note", t.note}});
  }
  return levels;
}

Json shared_json(const std::optional<SharedMemory>& s) {
  if (!s) return nullptr;
  return Json{
      {"banks", s->banks},
      {"bank_bytes", s->bank_bytes},
      {"latency", s->latency},
      {"conflict_latency", s->conflict_latency},
      {"conflict_latency_8byte",
       s->conflict_latency_8byte.empty() ? Json(nullptr) : Json(s->conflict_latency_8byte)}};
}

Json global_json(const std::optional<GlobalLatency>& g) {
  if (!g) return nullptr;
  return Json{{"p1", optional_number(g->p1)}, {"p2", optional_number(g->p2)},
              {"p3", optional_number(g->p3)}, {"p4", optional_number(g->p4)},
              {"p5", optional_number(g->p5)}, {"p6", optional_number(g->p6)},
              {"data_cache", g->data_cache}};
}

Json points_json(const std::vector<ThroughputPoint>& points, double core_mhz) {
  Json list = Json::array();
  for (const ThroughputPoint& p : points) {
    list.push_back(Json{{"ctas_per_sm", p.ctas_per_sm},
                        {"threads", p.threads},
                        {"ilp", p.ilp},
                        {"bytes_per_cycle", p.bytes_per_cycle},
                        {"gb_s", p.bytes_per_cycle * core_mhz / 1e3}});
  }
  return list;
}

Json bandwidth_json(const std::optional<Bandwidth>& b) {
  if (!b) return nullptr;
  return Json{{"global_bytes_per_cycle", b->global_bytes_per_cycle},
              {"global_gb_s", b->global_gb_s},
              {"global_config", b->global_config},
              {"shared_bytes_per_cycle_per_sm", b->shared_bytes_per_cycle_per_sm},
              {"shared_gb_s_per_sm", b->shared_gb_s_per_sm},
              {"shared_config", b->shared_config},
              {"global_points", points_json(b->global_points, b->core_mhz)},
              {"shared_points", points_json(b->shared_points, b->core_mhz)}};
}

std::string number(double value, int decimals = 1) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string bytes(std::uint64_t value) {
  if (value >= (1ull << 20) && value % (1ull << 20) == 0)
    return std::to_string(value >> 20) + " MiB";
  if (value >= 1024 && value % 1024 == 0) return std::to_string(value >> 10) + " KiB";
  return std::to_string(value) + " B";
}

std::string ways_text(const std::vector<std::uint32_t>& ways) {
  std::string text;
  for (std::uint32_t w : ways) text += (text.empty() ? "" : "+") + std::to_string(w);
  return text.empty() ? "-" : text;
}

void pad(std::ostringstream& out, const std::string& text, std::size_t width) {
  out << text;
  for (std::size_t i = text.size(); i < width; ++i) out << ' ';
}

void cache_rows(std::ostringstream& out, const Hierarchy& h) {
  const struct {
    const char* name;
    const std::optional<CacheGeometry>& cache;
  } rows[] = {{"l1d", h.l1d}, {"texture", h.texture}, {"readonly", h.readonly}, {"l2", h.l2}};
  bool header = false;
  for (const auto& row : rows) {
    if (!ran(h, row.name)) continue;
    if (!header) {
      out << "cache     size       line   sets   ways     replacement  hit    miss   set mapping\n";
      header = true;
    }
    pad(out, row.name, 10);
    if (!row.cache) {
      out << "-\n";
      continue;
    }
    const CacheGeometry& c = *row.cache;
    pad(out, bytes(c.size_bytes), 11);
    pad(out, std::to_string(c.line_bytes), 7);
    pad(out, std::to_string(c.sets), 7);
    pad(out, ways_text(c.ways), 9);
    pad(out, c.replacement, 13);
    pad(out, number(c.hit_latency), 7);
    pad(out, number(c.miss_latency), 7);
    out << c.set_mapping << (c.note.empty() ? "" : "  (" + c.note + ")") << "\n";
  }
}

void tlb_rows(std::ostringstream& out, const Hierarchy& h) {
  for (const TlbLevel& t : h.tlb) {
    out << "tlb L" << t.level << ": " << t.entries << " entries, " << bytes(t.page_bytes)
        << " pages, " << t.sets << " set(s) of " << ways_text(t.ways) << ", " << t.replacement
        << ", miss +" << number(t.miss_penalty) << " cycles"
        << (t.note.empty() ? "" : " (" + t.note + ")") << "\n";
  }
}

void other_rows(std::ostringstream& out, const Hierarchy& h) {
  if (h.shared) {
    const SharedMemory& s = *h.shared;
    out << "shared: " << s.banks << " banks x " << s.bank_bytes << " B, latency "
        << number(s.latency) << "; by conflict degree:";
    for (std::size_t d = 1; d <= s.conflict_latency.size(); d *= 2) {
      out << " " << d << ":" << number(s.conflict_latency[d - 1]);
    }
    out << "\n";
  }
  if (h.global) {
    const GlobalLatency& g = *h.global;
    const std::optional<double>* p[] = {&g.p1, &g.p2, &g.p3, &g.p4, &g.p5, &g.p6};
    out << "global latency (data cache " << g.data_cache << "):";
    for (int i = 0; i < 6; ++i) {
      out << " P" << i + 1 << " " << (*p[i] ? number(**p[i]) : std::string("-"));
    }
    out << "\n";
  }
  if (h.bandwidth) {
    const Bandwidth& b = *h.bandwidth;
    out << "bandwidth: global " << number(b.global_bytes_per_cycle) << " B/cycle ("
        << number(b.global_gb_s) << " GB/s) at " << b.global_config << "; shared "
        << number(b.shared_bytes_per_cycle_per_sm) << " B/cycle per SM ("
        << number(b.shared_gb_s_per_sm) << " GB/s) at " << b.shared_config << "\n";
  }
}

}  // namespace

nlohmann::ordered_json to_json(const Hierarchy& h) {
  Json parts = Json::object();
  for (const ProbedPart& part : h.parts) parts[part.name] = part.seconds;
  return Json{{"device", h.device},
              {"parts", parts},
              {"l1d", cache_json(h.l1d)},
              {"l2", cache_json(h.l2)},
              {"texture", cache_json(h.texture)},
              {"readonly", cache_json(h.readonly)},
              {"tlb", tlb_json(h)},
              {"shared", shared_json(h.shared)},
              {"global", global_json(h.global)},
              {"bandwidth", bandwidth_json(h.bandwidth)}};
}

std::string to_table(const Hierarchy& h) {
  std::ostringstream out;
  out << "memory hierarchy of " << h.device << " (latencies in core cycles)\n";
  cache_rows(out, h);
  tlb_rows(out, h);
  other_rows(out, h);
  std::string timing;
  for (const ProbedPart& part : h.parts) {
    timing += (timing.empty() ? "" : ", ") + part.name + " " + number(part.seconds, 2) + " s";
  }
  out << "probed: " << timing << "\n";
  return out.str();
}

}  // namespace warpsim::probe

#include "probe/sim/l2_fit.h"

#include <unordered_set>
#include <vector>

#include "cache/cache_config.h"
#include "cache/cache_geometry.h"
#include "cache/set_index/set_index.h"
#include "gpu/memory_builder.h"
#include "mem/packet.h"
#include "sim/registry.h"

namespace warpsim {

std::optional<L2Fit> l2_fit(const ConfigNode& resolved, Addr array) {
  if (resolved.at("memory").at("model").as_string() == "fixed") return std::nullopt;
  const AddressMapping::Context context = address_mapping_context(resolved);
  const std::unique_ptr<AddressMapping> mapping = make_address_mapping(resolved, context);
  const ConfigNode& section = resolved.at("l2");
  const CacheConfig config = read_cache_config(section);
  const CacheGeometry geometry(config);
  const std::unique_ptr<SetIndexFunction> set_index =
      PolicyRegistry::global().create<SetIndexFunction>(
          section.at("set_index"), SetIndexFunction::Context{geometry.sets(), config.line});
  const std::uint64_t slices = std::uint64_t{context.channels} * context.slices_per_channel;

  L2Fit fit;
  fit.capacity_bytes = slices * geometry.lines() * geometry.line();
  std::vector<std::uint32_t> held(slices * geometry.sets(), 0);
  std::unordered_set<Addr> lines;  // slice-local line addresses, tagged with their slice
  const std::uint64_t slice_shift = 48;
  // Sector by sector, so that an address mapping interleaving below the line size still counts
  // every slice-local line the array touches. Some set overflows before the whole capacity plus
  // one line has been read.
  for (Addr offset = 0;; offset += kSectorBytes) {
    const DramCoord c = mapping->decode(array + offset);
    const std::uint64_t slice = AddressMapping::global_slice(c, context);
    if (!lines.insert(slice << slice_shift | geometry.line_of(c.local)).second) continue;
    const std::uint32_t set = set_index->set_of(c.local);
    if (++held[slice * geometry.sets() + set] > geometry.ways(set)) {
      fit.array_bytes = offset;
      return fit;
    }
  }
}

}  // namespace warpsim

// rodinia/btree: B+ tree search, after Rodinia 3.x's b+tree (kernels findK and findRangeK, as in
// its CUDA version): one block per query (grid = number of queries), 256 threads per block (the
// tree's ORDER, DEFAULT_ORDER = 256: threads = min(ORDER, 1024)); the tree is built on the host
// and copied as one array of 2068-byte nodes in level order.
// Sizes: paper = 1,000,000 keys (seed 004 Table 3 "1M nodes", Rodinia's mil.txt) with 6000
// queries per kernel (seed 000 Table 3.3 "qrSize=6000", Table 6.2 grid 6000), range queries
// 3000 wide (Rodinia's command.txt "j 6000 3000"; its default key-query count is 10000).
// Input: keys 2i + (0 or 1) for i < N (distinct, increasing, half the integers in [0, 2N + 2)),
// record i's value a hash of i; leaves hold 128 to 255 keys and inner nodes 128 to 256 children
// (drawn from a fixed LCG; the last node of a level takes what remains), about the fill a tree
// built by random insertions has (Rodinia inserts mil.txt's keys one by one). Three of four query
// keys (and range starts) are present keys, the rest uniform in [0, 2N + 2); a range ends at
// start + width, present or not.
// Check (exact): findK's value (or -1 where the key is absent), findRangeK's start record (or
// -1) and length (end record - start record + 1, from whatever the start holds; -1 where the
// end key is absent), as the kernels define them.

#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t keys;
  std::int32_t queries;  // per kernel
  std::int32_t range;    // findRangeK's end - start
};
constexpr Dims kDims[] = {{50000, 128, 3000}, {250000, 1500, 3000}, {1000000, 6000, 3000}};
constexpr int kOrder = 256;

// The kernels' node (btree.cu), 2068 bytes.
struct Knode {
  std::int32_t location;
  std::int32_t indices[kOrder + 1];
  std::int32_t keys[kOrder + 1];
  std::uint8_t is_leaf;  // bool
  std::int32_t num_keys;
};
static_assert(sizeof(Knode) == 2068);

class Btree final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/btree"; }
  std::string_view description() const override {
    return "Rodinia b+tree: B+ tree key and range queries, one 256-thread block per query walking "
           "the tree level by level (irregular, pointer chasing)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("keys={}, queries={} per kernel, range={}", d.keys, d.queries, d.range);
  }
  void run(Host& host, Size size) const override;
};

struct Tree {
  std::vector<Knode> nodes;  // level order, root first
  std::int64_t height = 0;   // levels above the leaves
};

// One node while building: its first key, and its keys and indices (records in a leaf, the
// children's positions in the level below otherwise).
struct Building {
  std::int32_t low = 0;
  std::vector<std::int32_t> keys;
  std::vector<std::int32_t> indices;
};

Tree build_tree(const std::vector<std::int32_t>& keys, Lcg& rng) {
  std::vector<std::vector<Building>> levels(1);
  for (std::size_t i = 0; i < keys.size();) {
    const std::size_t take = std::min<std::size_t>(128 + rng.below(128), keys.size() - i);
    Building leaf;
    leaf.low = keys[i];
    for (std::size_t k = 0; k < take; ++k, ++i) {
      leaf.keys.push_back(keys[i]);
      leaf.indices.push_back(static_cast<std::int32_t>(i));
    }
    levels[0].push_back(std::move(leaf));
  }
  while (levels.back().size() > 1) {
    const std::vector<Building>& below = levels.back();
    std::vector<Building> level;
    for (std::size_t i = 0; i < below.size();) {
      const std::size_t take = std::min<std::size_t>(128 + rng.below(129), below.size() - i);
      Building inner;
      inner.low = below[i].low;
      for (std::size_t k = 0; k < take; ++k, ++i) {
        // Child k covers keys from its first key on; the level's first node covers everything
        // below too.
        inner.keys.push_back(k == 0 && level.empty() ? INT_MIN : below[i].low);
        inner.indices.push_back(static_cast<std::int32_t>(i));
      }
      level.push_back(std::move(inner));
    }
    levels.push_back(std::move(level));
  }
  // Locations in level order from the root.
  std::vector<std::int32_t> base(levels.size());
  std::int32_t next = 0;
  for (std::size_t l = levels.size(); l-- > 0;) {
    base[l] = next;
    next += static_cast<std::int32_t>(levels[l].size());
  }
  Tree tree;
  tree.height = static_cast<std::int64_t>(levels.size()) - 1;
  tree.nodes.resize(static_cast<std::size_t>(next));
  for (std::size_t l = 0; l < levels.size(); ++l) {
    for (std::size_t p = 0; p < levels[l].size(); ++p) {
      const Building& b = levels[l][p];
      Knode& node = tree.nodes[static_cast<std::size_t>(base[l]) + p];
      node = Knode{};
      node.location = base[l] + static_cast<std::int32_t>(p);
      node.is_leaf = l == 0;
      node.num_keys = static_cast<std::int32_t>(b.keys.size());
      for (int k = 0; k <= kOrder; ++k) {
        const auto uk = static_cast<std::size_t>(k);
        const bool used = uk < b.keys.size();
        node.keys[k] = used ? b.keys[uk] : INT_MAX;
        node.indices[k] = !used ? 0 : l == 0 ? b.indices[uk] : base[l - 1] + b.indices[uk];
      }
    }
  }
  return tree;
}

void Btree::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const auto n = static_cast<std::size_t>(d.keys);
  const auto q = static_cast<std::size_t>(d.queries);
  Lcg rng(0xB7EE5EEDull);
  std::vector<std::int32_t> keys(n);
  std::vector<std::int32_t> records(n);
  for (std::size_t i = 0; i < n; ++i) {
    keys[i] = static_cast<std::int32_t>(2 * i + (rng.next() & 1));
    records[i] = static_cast<std::int32_t>(rng.next() & 0x7fffffff);
  }
  const Tree tree = build_tree(keys, rng);
  const auto key_space = static_cast<std::uint32_t>(2 * n + 2);
  auto query_key = [&] {
    return rng.below(4) != 0 ? keys[rng.below(static_cast<std::uint32_t>(n))]
                             : static_cast<std::int32_t>(rng.below(key_space));
  };
  std::vector<std::int32_t> find_keys(q);
  std::vector<std::int32_t> starts(q);
  std::vector<std::int32_t> ends(q);
  for (std::size_t i = 0; i < q; ++i) find_keys[i] = query_key();
  for (std::size_t i = 0; i < q; ++i) {
    starts[i] = query_key();
    ends[i] = starts[i] + d.range;
  }

  host.load_workload_ptx(name());
  const auto elems = static_cast<std::int64_t>(tree.nodes.size());
  const Addr nodes_dev = host.alloc_copy(tree.nodes);
  const Addr records_dev = host.alloc_copy(records);
  const std::vector<std::int64_t> zeros(q, 0);  // every walk starts at the root, node 0
  const std::vector<std::int32_t> unset(q, -1);
  const func::Dim3 grid{static_cast<std::uint32_t>(q)};
  const func::Dim3 block{kOrder};

  const Addr curr_dev = host.alloc_copy(zeros);
  const Addr offset_dev = host.alloc_copy(zeros);
  const Addr keys_dev = host.alloc_copy(find_keys);
  const Addr ans_dev = host.alloc_copy(unset);
  host.launch("findK", grid, block, 0, tree.height, nodes_dev, elems, records_dev, curr_dev,
              offset_dev, keys_dev, ans_dev);

  const Addr curr2_dev = host.alloc_copy(zeros);
  const Addr offset2_dev = host.alloc_copy(zeros);
  const Addr last_dev = host.alloc_copy(zeros);
  const Addr offset_last_dev = host.alloc_copy(zeros);
  const Addr starts_dev = host.alloc_copy(starts);
  const Addr ends_dev = host.alloc_copy(ends);
  const Addr rec_start_dev = host.alloc_copy(unset);
  const Addr rec_len_dev = host.alloc_copy(unset);
  host.launch("findRangeK", grid, block, 0, tree.height, nodes_dev, elems, curr2_dev, offset2_dev,
              last_dev, offset_last_dev, starts_dev, ends_dev, rec_start_dev, rec_len_dev);

  const std::vector<std::int32_t> ans = host.read<std::int32_t>(ans_dev, q);
  const std::vector<std::int32_t> rec_start = host.read<std::int32_t>(rec_start_dev, q);
  const std::vector<std::int32_t> rec_len = host.read<std::int32_t>(rec_len_dev, q);

  // The record number of `key`, or -1.
  auto find = [&](std::int32_t key) -> std::int32_t {
    const auto it = std::lower_bound(keys.begin(), keys.end(), key);
    return it != keys.end() && *it == key ? static_cast<std::int32_t>(it - keys.begin()) : -1;
  };
  for (std::size_t i = 0; i < q; ++i) {
    const std::int32_t r = find(find_keys[i]);
    const std::int32_t want = r < 0 ? -1 : records[static_cast<std::size_t>(r)];
    if (ans[i] != want) {
      throw CheckFailed(fmt::format("findK: query {} (key {}) gave {}, expected {}", i,
                                    find_keys[i], ans[i], want));
    }
  }
  for (std::size_t i = 0; i < q; ++i) {
    const std::int32_t want_start = find(starts[i]);
    const std::int32_t end = find(ends[i]);
    const std::int32_t want_len = end < 0 ? -1 : end - want_start + 1;
    if (rec_start[i] != want_start || rec_len[i] != want_len) {
      throw CheckFailed(
          fmt::format("findRangeK: query {} ({}..{}) gave start {} length {}, expected {} and {}",
                      i, starts[i], ends[i], rec_start[i], rec_len[i], want_start, want_len));
    }
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Btree);

}  // namespace warpsim::workload

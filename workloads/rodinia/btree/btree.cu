// rodinia/btree: B+ tree queries, after Rodinia 3.x's b+tree (J. Fix, A. Wilkes and K. Skadron,
// "Accelerating braided B+ tree searches on a GPU with CUDA", 2011). The tree, built on the host,
// lies in one array of nodes in level order (the root first); a node holds up to ORDER = 256
// children or records: keys[ORDER + 1] and indices[ORDER + 1] (children's node numbers in inner
// nodes, record numbers in leaves). In an inner node child j covers keys[j] <= key < keys[j + 1];
// unused keys hold INT_MAX. One block per query and one thread per key slot (256 threads).
//   findK:      each level, the thread whose slot brackets the query key moves the block's
//               node number (offset) to its child, thread 0 copies it to the current node after a
//               barrier; at the leaf the thread holding the key writes the record's value.
//   findRangeK: the same walk twice at once, for the range's start and end keys; at the leaves
//               the start key's record number, then (after a barrier) the range's length.
// The current and next node numbers live in global per-query arrays, as in the original.

constexpr int kOrder = 256;  // DEFAULT_ORDER in the original

struct Knode {
  int location;
  int indices[kOrder + 1];
  int keys[kOrder + 1];
  bool is_leaf;
  int num_keys;
};

struct Record {
  int value;
};

extern "C" __global__ void findK(long height, const Knode* knodes, long knodes_elem,
                                 const Record* records, long* curr_knode, long* offset,
                                 const int* keys, Record* ans) {
  const int thid = threadIdx.x;
  const int bid = blockIdx.x;
  const int key = keys[bid];
  for (long level = 0; level < height; ++level) {
    const Knode& node = knodes[curr_knode[bid]];
    if (node.keys[thid] <= key && node.keys[thid + 1] > key) {
      const int child = node.indices[thid];
      if (child < knodes_elem) offset[bid] = child;  // a guard the original has too
    }
    __syncthreads();
    if (thid == 0) curr_knode[bid] = offset[bid];
    __syncthreads();
  }
  const Knode& leaf = knodes[curr_knode[bid]];
  if (leaf.keys[thid] == key) ans[bid].value = records[leaf.indices[thid]].value;
}

extern "C" __global__ void findRangeK(long height, const Knode* knodes, long knodes_elem,
                                      long* curr_knode, long* offset, long* last_knode,
                                      long* offset_2, const int* start, const int* end,
                                      int* rec_start, int* rec_len) {
  const int thid = threadIdx.x;
  const int bid = blockIdx.x;
  for (long level = 0; level < height; ++level) {
    const Knode& node = knodes[curr_knode[bid]];
    if (node.keys[thid] <= start[bid] && node.keys[thid + 1] > start[bid]) {
      if (node.indices[thid] < knodes_elem) offset[bid] = node.indices[thid];
    }
    const Knode& last = knodes[last_knode[bid]];
    if (last.keys[thid] <= end[bid] && last.keys[thid + 1] > end[bid]) {
      if (last.indices[thid] < knodes_elem) offset_2[bid] = last.indices[thid];
    }
    __syncthreads();
    if (thid == 0) {
      curr_knode[bid] = offset[bid];
      last_knode[bid] = offset_2[bid];
    }
    __syncthreads();
  }
  const Knode& first_leaf = knodes[curr_knode[bid]];
  if (first_leaf.keys[thid] == start[bid]) rec_start[bid] = first_leaf.indices[thid];
  __syncthreads();
  const Knode& last_leaf = knodes[last_knode[bid]];
  if (last_leaf.keys[thid] == end[bid]) {
    rec_len[bid] = last_leaf.indices[thid] - rec_start[bid] + 1;
  }
}

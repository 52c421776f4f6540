#include "trace/tracez_file.h"

#include <zstd.h>

#include <algorithm>
#include <array>
#include <cstring>

#include <fmt/format.h>

#include "trace/line_source.h"

namespace warpsim::trace {
namespace {

// A header longer than this is not a kernel header (the tracer's is well under 1 KiB).
constexpr std::uint64_t kMaxHeaderBytes = 1 << 20;
// One warp's sub-chunk never holds more than this much text (2048 instructions by default).
constexpr std::uint64_t kMaxChunkText = std::uint64_t{1} << 30;
constexpr std::uint32_t kMaxWarpsPerBlock = 32;  // 1024 threads

template <class T>
T from_little_endian(const unsigned char* bytes) {
  T value = 0;
  for (std::size_t i = sizeof(T); i-- > 0;) value = static_cast<T>((value << 8) | bytes[i]);
  return value;
}

constexpr std::uint64_t kBlockEntryBytes = 11 * 4;    // block, cluster, cluster cta, rank, warps
constexpr std::uint64_t kWarpEntryBytes = 4 + 4 + 8;  // insts, sub-chunks, offset

}  // namespace

struct TracezFile::Zstd {
  ZSTD_DCtx* context = ZSTD_createDCtx();
  ZSTD_DDict* dictionary = nullptr;
  ~Zstd() {
    ZSTD_freeDDict(dictionary);
    ZSTD_freeDCtx(context);
  }
};

TracezFile::TracezFile(std::string path)
    : path_(std::move(path)), in_(path_, std::ios::binary), zstd_(std::make_unique<Zstd>()) {
  if (!in_) throw TraceError(path_ + ": cannot open");
  in_.seekg(0, std::ios::end);
  size_ = static_cast<std::uint64_t>(in_.tellg());
  if (size_ < 8 + 8) fail("too short for a .tracez file");
  // The header: text up to the first NUL.
  std::uint64_t at = 0;
  std::array<char, 4096> chunk{};
  while (true) {
    const std::uint64_t n = std::min<std::uint64_t>(chunk.size(), size_ - at);
    if (n == 0 || at > kMaxHeaderBytes) fail("no NUL byte ends the kernel header");
    read_at(at, chunk.data(), n, "the kernel header");
    const void* nul = std::memchr(chunk.data(), 0, n);
    if (nul != nullptr) {
      header_.append(chunk.data(), static_cast<const char*>(nul) - chunk.data());
      break;
    }
    header_.append(chunk.data(), n);
    at += n;
  }
  at = header_.size() + 1;
  const std::uint32_t dict_size = u32_at(at, "the dictionary size");
  u32_at(at + 4, "the sub-chunk size");  // how the writer cut warps; the index has the counts
  at += 8;
  if (dict_size > 0) {
    if (dict_size > size_ - at)
      fail(fmt::format("the {}-byte dictionary runs past the end", dict_size));
    std::string dictionary(dict_size, '\0');
    read_at(at, dictionary.data(), dict_size, "the dictionary");
    zstd_->dictionary = ZSTD_createDDict(dictionary.data(), dictionary.size());
    if (zstd_->dictionary == nullptr) fail("the zstd dictionary is not valid");
  }
  const std::uint64_t index = u64_at(size_ - 8, "the index offset");
  if (index < at + dict_size || index + 4 > size_ - 8) {
    fail(fmt::format("the index offset {} lies outside the file's {} bytes", index, size_));
  }
  blocks_ = u32_at(index, "the block count");
  index_next_ = index + 4;
  index_end_ = size_ - 8;
}

TracezFile::~TracezFile() = default;

void TracezFile::fail(const std::string& what) const { throw TraceError(path_ + ": " + what); }

void TracezFile::read_at(std::uint64_t offset, void* data, std::uint64_t bytes, const char* what) {
  if (offset > size_ || bytes > size_ - offset) {
    fail(fmt::format("{} ({} bytes at offset {}) runs past the end of the file", what, bytes,
                     offset));
  }
  in_.clear();
  in_.seekg(static_cast<std::streamoff>(offset));
  in_.read(static_cast<char*>(data), static_cast<std::streamsize>(bytes));
  if (!in_) fail(fmt::format("cannot read {} at offset {}", what, offset));
}

std::uint32_t TracezFile::u32_at(std::uint64_t offset, const char* what) {
  unsigned char bytes[4];
  read_at(offset, bytes, sizeof bytes, what);
  return from_little_endian<std::uint32_t>(bytes);
}

std::uint64_t TracezFile::u64_at(std::uint64_t offset, const char* what) {
  unsigned char bytes[8];
  read_at(offset, bytes, sizeof bytes, what);
  return from_little_endian<std::uint64_t>(bytes);
}

bool TracezFile::next_block(Block& out) {
  if (blocks_read_ == blocks_) return false;
  const std::string where = fmt::format("index entry of block {}", blocks_read_);
  if (index_next_ + kBlockEntryBytes > index_end_) {
    fail(where + " runs into the file's last 8 bytes");
  }
  unsigned char entry[kBlockEntryBytes];
  read_at(index_next_, entry, sizeof entry, where.c_str());
  index_next_ += kBlockEntryBytes;
  std::uint32_t v[11];
  for (int i = 0; i < 11; ++i) v[i] = from_little_endian<std::uint32_t>(entry + 4 * i);
  out.id = {v[0], v[1], v[2]};
  out.cluster_id = {v[3], v[4], v[5]};
  out.cluster_cta = {v[6], v[7], v[8]};
  out.cluster_rank = v[9];
  if (v[10] > kMaxWarpsPerBlock) {
    fail(fmt::format("block {} has {} warps; a block has at most {}", out.id.str(), v[10],
                     kMaxWarpsPerBlock));
  }
  out.warps.resize(v[10]);
  for (Warp& w : out.warps) {
    if (index_next_ + kWarpEntryBytes > index_end_) {
      fail(where + " runs into the file's last 8 bytes");
    }
    unsigned char warp[kWarpEntryBytes];
    read_at(index_next_, warp, sizeof warp, where.c_str());
    w.insts = from_little_endian<std::uint32_t>(warp);
    w.subchunks = from_little_endian<std::uint32_t>(warp + 4);
    w.offset = from_little_endian<std::uint64_t>(warp + 8);
    // The per-sub-chunk instruction counts that follow are not needed.
    index_next_ += kWarpEntryBytes + std::uint64_t{w.subchunks} * 4;
    if (index_next_ > index_end_) fail(where + " runs into the file's last 8 bytes");
  }
  ++blocks_read_;
  return true;
}

std::string TracezFile::warp_text(const Block& block, std::uint32_t warp) {
  const Warp& w = block.warps.at(warp);
  const std::string where = fmt::format("block {} warp {}", block.id.str(), warp);
  unsigned char counts[8];
  read_at(w.offset, counts, sizeof counts, where.c_str());
  const auto insts = from_little_endian<std::uint32_t>(counts);
  const auto subchunks = from_little_endian<std::uint32_t>(counts + 4);
  if (insts != w.insts || subchunks != w.subchunks) {
    fail(fmt::format("{}: the data says {} instructions in {} sub-chunks, the index {} in {}",
                     where, insts, subchunks, w.insts, w.subchunks));
  }
  std::string text;
  std::string frame;
  std::uint64_t at = w.offset + 8;
  for (std::uint32_t c = 0; c < subchunks; ++c) {
    const std::uint32_t size = u32_at(at, where.c_str());
    frame.resize(size);
    read_at(at + 4, frame.data(), size, where.c_str());
    at += 4 + std::uint64_t{size};
    const unsigned long long content = ZSTD_getFrameContentSize(frame.data(), frame.size());
    if (content == ZSTD_CONTENTSIZE_ERROR || content == ZSTD_CONTENTSIZE_UNKNOWN ||
        content > kMaxChunkText) {
      fail(fmt::format("{}: sub-chunk {} is not a zstd frame that states its size", where, c));
    }
    if (!text.empty()) text += '\n';
    const std::size_t start = text.size();
    text.resize(start + content);
    const std::size_t got =
        zstd_->dictionary != nullptr
            ? ZSTD_decompress_usingDDict(zstd_->context, text.data() + start, content, frame.data(),
                                         frame.size(), zstd_->dictionary)
            : ZSTD_decompressDCtx(zstd_->context, text.data() + start, content, frame.data(),
                                  frame.size());
    if (ZSTD_isError(got) || got != content) {
      fail(fmt::format("{}: sub-chunk {} does not decompress: {}", where, c,
                       ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short"));
    }
  }
  return text;
}

}  // namespace warpsim::trace

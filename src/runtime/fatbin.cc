#include "runtime/fatbin.h"

#include <cstring>

#include <fmt/format.h>
#include <lz4.h>
#include <zstd.h>

namespace warpsim::runtime {

namespace {

constexpr std::uint32_t kWrapperMagic = 0x466243b1;
constexpr std::uint32_t kFatbinMagic = 0xba55ed50;
constexpr std::uint16_t kKindPtx = 1;
constexpr std::uint64_t kFlagLz4 = 0x2000;
constexpr std::uint64_t kFlagZstd = 0x8000;
constexpr std::size_t kFatbinHeaderBytes = 16;
constexpr std::size_t kEntryHeaderBytes = 64;  // the fields read below; entries declare more
constexpr std::uint64_t kMaxPtxBytes = std::uint64_t{1} << 30;

template <class T>
T load(const std::uint8_t* at) {
  T value;
  std::memcpy(&value, at, sizeof value);
  return value;
}

FatbinEntry read_entry(const std::uint8_t* at, std::uint32_t header_bytes) {
  FatbinEntry entry;
  entry.is_ptx = load<std::uint16_t>(at) == kKindPtx;
  const auto payload_bytes = load<std::uint64_t>(at + 8);
  const auto compressed_bytes = load<std::uint32_t>(at + 16);
  entry.ptx_minor = load<std::uint16_t>(at + 24);
  entry.ptx_major = load<std::uint16_t>(at + 26);
  entry.arch = static_cast<int>(load<std::uint32_t>(at + 28));
  const auto flags = load<std::uint64_t>(at + 40);
  entry.uncompressed_size = load<std::uint64_t>(at + 56);
  std::uint64_t stored = payload_bytes;
  if ((flags & kFlagZstd) != 0) {
    entry.compression = FatbinCompression::kZstd;
  } else if ((flags & kFlagLz4) != 0) {
    entry.compression = FatbinCompression::kLz4;
  }
  if (entry.compression != FatbinCompression::kNone) {
    if (compressed_bytes > payload_bytes) {
      throw FatbinError("a compressed fatbin entry is larger than its payload");
    }
    stored = compressed_bytes;
  }
  entry.payload = {at + header_bytes, static_cast<std::size_t>(stored)};
  return entry;
}

}  // namespace

const std::uint8_t* fatbin_of_wrapper(const void* wrapper) {
  const auto* bytes = static_cast<const std::uint8_t*>(wrapper);
  if (bytes == nullptr || load<std::uint32_t>(bytes) != kWrapperMagic) {
    throw FatbinError("the registered device code is not an nvcc fatbin wrapper");
  }
  const auto* fatbin = load<const std::uint8_t*>(bytes + 8);
  if (fatbin == nullptr) throw FatbinError("the fatbin wrapper has no fatbin");
  return fatbin;
}

std::vector<FatbinEntry> parse_fatbin(const std::uint8_t* fatbin, std::size_t limit) {
  if (limit < kFatbinHeaderBytes || load<std::uint32_t>(fatbin) != kFatbinMagic) {
    throw FatbinError("bad fatbin header (magic number)");
  }
  const auto header_bytes = load<std::uint16_t>(fatbin + 6);
  const auto entry_bytes = load<std::uint64_t>(fatbin + 8);
  if (header_bytes < kFatbinHeaderBytes || entry_bytes > limit - header_bytes) {
    throw FatbinError("bad fatbin header (sizes)");
  }
  std::vector<FatbinEntry> entries;
  std::size_t offset = header_bytes;
  const std::size_t end = header_bytes + entry_bytes;
  while (offset < end) {
    if (end - offset < kEntryHeaderBytes) throw FatbinError("truncated fatbin entry header");
    const std::uint8_t* at = fatbin + offset;
    const auto entry_header = load<std::uint32_t>(at + 4);
    const auto payload_bytes = load<std::uint64_t>(at + 8);
    if (entry_header < kEntryHeaderBytes || entry_header > end - offset ||
        payload_bytes > end - offset - entry_header) {
      throw FatbinError(fmt::format("bad fatbin entry at offset {} (sizes)", offset));
    }
    entries.push_back(read_entry(at, entry_header));
    offset += entry_header + payload_bytes;
  }
  return entries;
}

namespace {

std::string decompress(const FatbinEntry& entry) {
  if (entry.uncompressed_size == 0 || entry.uncompressed_size > kMaxPtxBytes) {
    throw FatbinError(
        fmt::format("compressed PTX for compute_{} has a bad size ({} bytes when decompressed)",
                    entry.arch, entry.uncompressed_size));
  }
  std::string text(entry.uncompressed_size, '\0');
  const auto* src = entry.payload.data();
  bool ok = false;
  if (entry.compression == FatbinCompression::kZstd) {
    const std::size_t n = ZSTD_decompress(text.data(), text.size(), src, entry.payload.size());
    ok = ZSTD_isError(n) == 0 && n == text.size();
  } else {
    const int n =
        LZ4_decompress_safe(reinterpret_cast<const char*>(src), text.data(),
                            static_cast<int>(entry.payload.size()), static_cast<int>(text.size()));
    ok = n >= 0 && static_cast<std::size_t>(n) == text.size();
  }
  if (!ok) {
    throw FatbinError(fmt::format("cannot decompress the PTX for compute_{} ({})", entry.arch,
                                  entry.compression == FatbinCompression::kZstd ? "zstd" : "LZ4"));
  }
  return text;
}

}  // namespace

std::string ptx_text(const FatbinEntry& entry) {
  std::string text = entry.compression == FatbinCompression::kNone
                         ? std::string(entry.payload.begin(), entry.payload.end())
                         : decompress(entry);
  const std::size_t nul = text.find('\0');
  if (nul != std::string::npos) text.resize(nul);
  return text;
}

const FatbinEntry* choose_ptx(const std::vector<FatbinEntry>& entries, int cc) {
  const FatbinEntry* best = nullptr;    // newest arch <= cc
  const FatbinEntry* oldest = nullptr;  // fallback when all are newer
  for (const FatbinEntry& entry : entries) {
    if (!entry.is_ptx) continue;
    if (entry.arch <= cc && (best == nullptr || entry.arch > best->arch)) best = &entry;
    if (oldest == nullptr || entry.arch < oldest->arch) oldest = &entry;
  }
  return best != nullptr ? best : oldest;
}

std::string describe_entries(const std::vector<FatbinEntry>& entries) {
  std::string text;
  for (const FatbinEntry& entry : entries) {
    if (!text.empty()) text += ", ";
    text += entry.is_ptx ? fmt::format("compute_{} (PTX)", entry.arch)
                         : fmt::format("sm_{} (machine code)", entry.arch);
  }
  return text.empty() ? "nothing" : text;
}

}  // namespace warpsim::runtime

// Fatbin parsing on hand-built fatbins: the entry layout nvcc writes, each compression, the
// choice of PTX for a GPU, and damaged input rejected with a FatbinError rather than read.
#include <gtest/gtest.h>
#include <lz4.h>
#include <zstd.h>

#include <cstring>
#include <string>
#include <vector>

#include "runtime/fatbin.h"

namespace warpsim::runtime {
namespace {

constexpr std::uint64_t kLz4 = 0x2000;
constexpr std::uint64_t kZstd = 0x8000;

template <class T>
void put(std::vector<std::uint8_t>& out, std::size_t at, T value) {
  std::memcpy(out.data() + at, &value, sizeof value);
}

// One entry: an 80-byte header as nvcc writes it, then the payload padded to 16 bytes.
std::vector<std::uint8_t> entry(std::uint16_t kind, std::uint32_t arch, const std::string& stored,
                                std::uint64_t flags = 0, std::uint64_t uncompressed = 0) {
  const std::size_t padded = (stored.size() + 15) / 16 * 16;
  std::vector<std::uint8_t> out(80 + padded, 0);
  put<std::uint16_t>(out, 0, kind);
  put<std::uint16_t>(out, 2, 0x0101);
  put<std::uint32_t>(out, 4, 80);
  put<std::uint64_t>(out, 8, padded);
  put<std::uint32_t>(out, 16, flags != 0 ? static_cast<std::uint32_t>(stored.size()) : 0);
  put<std::uint16_t>(out, 24, 7);  // PTX ISA 8.7
  put<std::uint16_t>(out, 26, 8);
  put<std::uint32_t>(out, 28, arch);
  put<std::uint64_t>(out, 40, 0x11 | flags);
  put<std::uint64_t>(out, 56, uncompressed);
  std::memcpy(out.data() + 80, stored.data(), stored.size());
  return out;
}

std::vector<std::uint8_t> fatbin(const std::vector<std::vector<std::uint8_t>>& entries) {
  std::vector<std::uint8_t> out(16, 0);
  put<std::uint32_t>(out, 0, 0xba55ed50);
  put<std::uint16_t>(out, 4, 1);
  put<std::uint16_t>(out, 6, 16);
  std::uint64_t size = 0;
  for (const auto& e : entries) size += e.size();
  put<std::uint64_t>(out, 8, size);
  for (const auto& e : entries) out.insert(out.end(), e.begin(), e.end());
  return out;
}

std::vector<FatbinEntry> parse(const std::vector<std::uint8_t>& bytes) {
  return parse_fatbin(bytes.data(), bytes.size());
}

const std::string kPtx =
    ".version 8.7\n.target sm_90\n.address_size 64\n// " + std::string(300, 'x') + "\n";

TEST(Fatbin, UncompressedPtxIsReadUpToItsNulPadding) {
  const auto bytes = fatbin({entry(1, 90, kPtx + std::string(5, '\0'))});
  const auto entries = parse(bytes);
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_TRUE(entries[0].is_ptx);
  EXPECT_EQ(entries[0].arch, 90);
  EXPECT_EQ(entries[0].ptx_major, 8);
  EXPECT_EQ(entries[0].ptx_minor, 7);
  EXPECT_EQ(entries[0].compression, FatbinCompression::kNone);
  EXPECT_EQ(ptx_text(entries[0]), kPtx);
}

TEST(Fatbin, ZstdAndLz4CompressedPtxDecompress) {
  std::string zstd(ZSTD_compressBound(kPtx.size()), '\0');
  zstd.resize(ZSTD_compress(zstd.data(), zstd.size(), kPtx.data(), kPtx.size(), 3));
  std::string lz4(LZ4_compressBound(static_cast<int>(kPtx.size())), '\0');
  lz4.resize(LZ4_compress_default(kPtx.data(), lz4.data(), static_cast<int>(kPtx.size()),
                                  static_cast<int>(lz4.size())));
  ASSERT_LT(zstd.size(), kPtx.size());
  ASSERT_LT(lz4.size(), kPtx.size());
  const auto bytes =
      fatbin({entry(1, 75, zstd, kZstd, kPtx.size()), entry(1, 90, lz4, kLz4, kPtx.size())});
  const auto entries = parse(bytes);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].compression, FatbinCompression::kZstd);
  EXPECT_EQ(entries[1].compression, FatbinCompression::kLz4);
  EXPECT_EQ(ptx_text(entries[0]), kPtx);
  EXPECT_EQ(ptx_text(entries[1]), kPtx);
}

TEST(Fatbin, CorruptCompressedPtxIsAnError) {
  const std::string garbage(64, '\x7f');
  const auto bytes =
      fatbin({entry(1, 75, garbage, kZstd, kPtx.size()), entry(1, 90, garbage, kLz4, 1000)});
  const auto entries = parse(bytes);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_THROW(ptx_text(entries[0]), FatbinError);
  EXPECT_THROW(ptx_text(entries[1]), FatbinError);
}

// The driver's rule: the newest PTX not newer than the GPU; else (simulator) the oldest.
TEST(Fatbin, ChoosesTheNewestPtxTheGpuCanRun) {
  const auto bytes =
      fatbin({entry(1, 75, kPtx), entry(2, 90, "ELF"), entry(1, 86, kPtx), entry(1, 90, kPtx)});
  const auto entries = parse(bytes);
  ASSERT_EQ(entries.size(), 4u);
  EXPECT_FALSE(entries[1].is_ptx);
  EXPECT_EQ(choose_ptx(entries, 90)->arch, 90);
  EXPECT_EQ(choose_ptx(entries, 89)->arch, 86);
  EXPECT_EQ(choose_ptx(entries, 80)->arch, 75);
  EXPECT_EQ(choose_ptx(entries, 70)->arch, 75);  // every PTX is newer: the oldest
  EXPECT_EQ(describe_entries(entries),
            "compute_75 (PTX), sm_90 (machine code), compute_86 (PTX), compute_90 (PTX)");
}

TEST(Fatbin, MachineCodeOnlyHasNoPtxToChoose) {
  const auto entries = parse(fatbin({entry(2, 90, "ELF"), entry(2, 75, "ELF")}));
  EXPECT_EQ(choose_ptx(entries, 90), nullptr);
}

TEST(Fatbin, DamagedHeadersAreErrors) {
  auto bytes = fatbin({entry(1, 90, kPtx)});
  auto bad_magic = bytes;
  bad_magic[0] ^= 1;
  EXPECT_THROW(parse(bad_magic), FatbinError);
  auto too_long = bytes;
  put<std::uint64_t>(too_long, 8, bytes.size());  // entries claim more than there is
  EXPECT_THROW(parse(too_long), FatbinError);
  auto bad_payload = bytes;
  put<std::uint64_t>(bad_payload, 16 + 8, 1 << 20);  // one entry's payload past the end
  EXPECT_THROW(parse(bad_payload), FatbinError);
  auto bad_compressed = fatbin({entry(1, 90, kPtx, kZstd, kPtx.size())});
  put<std::uint32_t>(bad_compressed, 16 + 16, 1 << 20);  // compressed size > payload
  EXPECT_THROW(parse(bad_compressed), FatbinError);
  EXPECT_THROW(parse(std::vector<std::uint8_t>(8, 0)), FatbinError);
}

TEST(Fatbin, WrapperMagicIsChecked) {
  const auto bytes = fatbin({entry(1, 90, kPtx)});
  struct Wrapper {
    std::uint32_t magic;
    std::uint32_t version;
    const std::uint8_t* data;
    const void* unused;
  };
  const Wrapper good{0x466243b1, 1, bytes.data(), nullptr};
  EXPECT_EQ(fatbin_of_wrapper(&good), bytes.data());
  const Wrapper bad{0x12345678, 1, bytes.data(), nullptr};
  EXPECT_THROW(fatbin_of_wrapper(&bad), FatbinError);
  EXPECT_THROW(fatbin_of_wrapper(nullptr), FatbinError);
}

}  // namespace
}  // namespace warpsim::runtime

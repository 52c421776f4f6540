#pragma once

// Host code shared by placement/sto-shared and placement/sto-dcache: StoreGPU's sliding-window
// MD5 (Al-Kiswany et al., HPDC 2008) as seed 000 (Chao Li's thesis, Ch. 2, Table 2.2) runs it:
// 128-thread blocks, 384 blocks, an input of 196656 bytes. That is StoreGPU's overlap test
// (md5_overlap, the kernel of its GPGPU-Sim benchmark build): one thread per window, windows of
// CHUNK_SIZE = 52 bytes every OFFSET = 4 bytes, and TOTAL_NUM_OF_THREADS x OFFSET + CHUNK_SIZE -
// OFFSET = 49152 x 4 + 48 = 196656 bytes of input, so every thread hashes exactly one 64-byte
// MD5 block (52 data bytes, the pad byte, zeros, the 8-byte length). Each thread writes the
// first 4 bytes of its window's digest (the original's FEATURE_REDUCED_HASH_SIZE).
// Inputs: pseudo-random bytes (the original fills buffer[i] = i, whose windows repeat every 64
// threads, so a thread reading another's window would go unnoticed). The check: every thread's
// word against an RFC 1321 MD5 on the CPU, exactly; the CPU MD5 is itself checked against RFC
// 1321's test suite (A.5) first, so a wrong reference cannot pass as a wrong kernel.

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/staged.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_sto {

inline constexpr std::uint32_t kBlock = 128;     // THREADS_PER_BLOCK
inline constexpr std::int32_t kChunkBytes = 52;  // CHUNK_SIZE: 64 - 12, one MD5 block
inline constexpr std::int32_t kOffsetBytes = 4;  // OFFSET: the window's stride
// Blocks: tiny 16 (2048 windows), small 192 (half the paper's), paper 384 (seed 000 Table 2.2).
inline constexpr std::uint32_t kBlocks[] = {16, 192, 384};

inline std::uint32_t windows(Size size) { return for_size(kBlocks, size) * kBlock; }
inline std::size_t input_bytes(Size size) {
  return std::size_t{windows(size)} * kOffsetBytes + kChunkBytes - kOffsetBytes;
}

inline std::string dimensions(Size size) {
  return fmt::format("{} windows of {} B every {} B, {} B of input", windows(size), kChunkBytes,
                     kOffsetBytes, input_bytes(size));
}

// MD5 (RFC 1321) of `bytes`: the 16-byte digest. Written from the RFC's description: the sine
// table T[i] = floor(2^32 |sin(i)|) is computed here (the kernels have it as constants), the
// message word order and shifts are the RFC's per-round rules.
inline std::array<std::uint8_t, 16> md5(const std::uint8_t* bytes, std::size_t length) {
  std::array<std::uint32_t, 64> table{};
  for (std::size_t i = 0; i < 64; ++i) {
    table[i] = static_cast<std::uint32_t>(
        std::floor(4294967296.0 * std::fabs(std::sin(static_cast<double>(i + 1)))));
  }
  static constexpr std::uint32_t kShift[4][4] = {
      {7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
  // Padded message: the bytes, 0x80, zeros to 56 mod 64, the length in bits (64-bit LE).
  std::vector<std::uint8_t> message(bytes, bytes + length);
  message.push_back(0x80);
  while (message.size() % 64 != 56) message.push_back(0);
  const std::uint64_t bits = std::uint64_t{length} * 8;
  for (int i = 0; i < 8; ++i) message.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));

  std::uint32_t h[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
  const auto rotl = [](std::uint32_t v, std::uint32_t s) { return (v << s) | (v >> (32 - s)); };
  for (std::size_t block = 0; block < message.size(); block += 64) {
    std::uint32_t x[16];
    for (std::size_t k = 0; k < 16; ++k) {
      const std::uint8_t* b = &message[block + 4 * k];
      x[k] = std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 |
             std::uint32_t{b[3]} << 24;
    }
    std::uint32_t a = h[0];
    std::uint32_t b = h[1];
    std::uint32_t c = h[2];
    std::uint32_t d = h[3];
    for (std::uint32_t i = 0; i < 64; ++i) {
      const std::uint32_t round = i / 16;
      const std::uint32_t step = i % 16;
      std::uint32_t f = 0;
      std::uint32_t k = 0;
      switch (round) {
        case 0:
          f = (b & c) | (~b & d);
          k = step;
          break;
        case 1:
          f = (b & d) | (c & ~d);
          k = (1 + 5 * step) % 16;
          break;
        case 2:
          f = b ^ c ^ d;
          k = (5 + 3 * step) % 16;
          break;
        default:
          f = c ^ (b | ~d);
          k = (7 * step) % 16;
          break;
      }
      // a = b + ((a + f + X[k] + T[i]) <<< s), then the registers rotate (a, b, c, d) ->
      // (d, a, b, c) for the next step.
      const std::uint32_t next = b + rotl(a + f + x[k] + table[i], kShift[round][step % 4]);
      a = d;
      d = c;
      c = b;
      b = next;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
  }
  std::array<std::uint8_t, 16> digest{};
  for (std::size_t i = 0; i < 16; ++i)
    digest[i] = static_cast<std::uint8_t>(h[i / 4] >> (8 * (i % 4)));
  return digest;
}

// RFC 1321 A.5's test suite; throws CheckFailed (the reference's failure) on a mismatch.
inline void check_md5_reference() {
  static constexpr std::string_view kSuite[][2] = {
      {"", "d41d8cd98f00b204e9800998ecf8427e"},
      {"a", "0cc175b9c0f1b6a831c399e269772661"},
      {"abc", "900150983cd24fb0d6963f7d28e17f72"},
      {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
      {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
      {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
       "d174ab98d277d9f5a5611c2c9f419d9f"},
      {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
       "57edf4a22be3c955ac49da2e2107b67a"},
  };
  for (const auto& [message, want] : kSuite) {
    const auto digest = md5(reinterpret_cast<const std::uint8_t*>(message.data()), message.size());
    std::string got;
    for (std::uint8_t byte : digest) got += fmt::format("{:02x}", byte);
    if (got != want) {
      throw CheckFailed(
          fmt::format("the CPU reference MD5(\"{}\") = {}, RFC 1321 says {}", message, got, want));
    }
  }
}

// Stages `kernel` of `workload` over the windows of size `size`; the check compares the first
// digest word of every window with the CPU's MD5.
inline Staged stage(Host& host, Size size, std::string_view workload, std::string_view kernel) {
  static_assert(kChunkBytes % 4 == 0 && kOffsetBytes % 4 == 0 && kChunkBytes % 64 <= 52,
                "StoreGPU's kernel needs word-sized chunks and offsets, and room for the padding "
                "in the chunk's last block");
  check_md5_reference();
  const std::uint32_t threads = windows(size);
  const std::size_t bytes = input_bytes(size);
  // Pseudo-random bytes, a whole number of words (the kernel reads words).
  std::vector<std::uint32_t> words((bytes + 3) / 4);
  Lcg rng(0x5702e6a1);
  for (std::uint32_t& w : words) w = rng.next() ^ (rng.next() << 16);

  host.load_workload_ptx(workload);
  const Addr input_dev = host.alloc_copy(words);
  const Addr output_dev = host.alloc_copy(std::vector<std::uint32_t>(threads, 0));
  Staged staged;
  staged.launch = [&host, kernel = std::string(kernel), size, threads, input_dev,
                   output_dev](std::uint64_t stream) {
    host.launch_on(stream, kernel, {for_size(kBlocks, size)}, {kBlock}, 0, input_dev, kChunkBytes,
                   kOffsetBytes, static_cast<std::int32_t>(threads), output_dev);
  };
  staged.check = [&host, threads, output_dev, words = std::move(words)] {
    const std::vector<std::uint32_t> got = host.read<std::uint32_t>(output_dev, threads);
    const auto* input = reinterpret_cast<const std::uint8_t*>(words.data());
    std::vector<std::uint32_t> want(threads);
    for (std::uint32_t t = 0; t < threads; ++t) {
      const auto digest = md5(input + std::size_t{t} * kOffsetBytes, kChunkBytes);
      want[t] = std::uint32_t{digest[0]} | std::uint32_t{digest[1]} << 8 |
                std::uint32_t{digest[2]} << 16 | std::uint32_t{digest[3]} << 24;
    }
    check_equal("digest word 0", got, want);
  };
  return staged;
}

inline void run(Host& host, Size size, std::string_view workload, std::string_view kernel) {
  stage(host, size, workload, kernel).run();
}

}  // namespace warpsim::workload::placement_sto

#pragma once

// Kernels for whole-model memory tests (random_traffic_test.cc, conservation_test.cc), with
// CPU references for their results.
//
// Random traffic: every thread t of T runs a seeded LCG and, per iteration, does pseudo-random
// global loads of a read-only buffer R (through L1D, through the texture path with
// ld.global.nc, and skipping L1 with ld.global.cg, plus one predicated on a random bit), a
// store and a load of its own words of W (W[k * T + t], k < kOwnWords), an atomicAdd of 1 to
// a random counter of C, a local-memory store and load, and a constant-memory load. After a
// barrier it loads words of W that its CTA neighbours wrote before the barrier. Every loaded
// value (and every atomic's old value) is written to out[slot * T + t], so the kernel is
// race-free: its results are the same in any interleaving of warps, except the atomics' old
// values, whose order varies but whose set per counter is {0, ..., n - 1}.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "func/device.h"
#include "gpu/gpu_model.h"

namespace warpsim::test {

// Sizes of the random-traffic kernel (the masks in its PTX follow them).
inline constexpr std::uint32_t kReadWords = 16384;  // R: 64 KiB
// ld.global.nc reads two lines of R's first kNcWords per iteration, the same two for all
// threads, so that warps meet on pending texture misses.
inline constexpr std::uint32_t kNcWords = 1024;
inline constexpr std::uint32_t kOwnWords = 8;   // words of W per thread
inline constexpr std::uint32_t kCounters = 64;  // C: two 128-byte lines
inline constexpr std::uint32_t kLocalWords = 16;
inline constexpr std::uint32_t kConstWords = 64;
inline constexpr std::uint32_t kSlotsPerIter = 8;
inline constexpr std::uint32_t kAtomicSlot = 4;  // the slot of each iteration with atom's value
inline constexpr std::uint32_t kNeighbourLoads = 4;
inline constexpr std::uint32_t kSentinel = 0xDEADBEEF;  // a predicated-off load's output

inline std::uint32_t lcg(std::uint32_t x) { return x * 1664525u + 1013904223u; }
inline std::uint32_t const_value(std::uint32_t q) { return 1000003u * (q + 1); }
inline std::uint32_t read_value(std::uint32_t i) { return i * 2654435761u + 12345u; }
inline std::uint32_t own_initial(std::uint32_t i) { return ~i; }

namespace traffic_ptx {

// x = lcg(x); %r20 = (x >> 8) & mask; %rd11 = base + 4 * %r20.
inline std::string next_word(const char* mask, const char* base) {
  return std::string("  mad.lo.u32 %r7, %r7, 1664525, 1013904223;\n  shr.u32 %r20, %r7, 8;\n") +
         "  and.b32 %r20, %r20, " + mask + ";\n  mul.wide.u32 %rd10, %r20, 4;\n" +
         "  add.u64 %rd11, " + base + ", %rd10;\n";
}
// x = lcg(x); %rd11 = &W[((x >> 8) & 7) * T + thread], thread in `thread`.
inline std::string next_own(const char* thread) {
  return std::string("  mad.lo.u32 %r7, %r7, 1664525, 1013904223;\n  shr.u32 %r20, %r7, 8;\n") +
         "  and.b32 %r20, %r20, 7;\n  mad.lo.u32 %r22, %r20, %r6, " + thread + ";\n" +
         "  mul.wide.u32 %rd10, %r22, 4;\n  add.u64 %rd11, %rd2, %rd10;\n";
}
// out[%r11] = %r21; next slot.
inline constexpr const char* kPut =
    "  mul.wide.u32 %rd12, %r11, 4;\n  add.u64 %rd13, %rd4, %rd12;\n"
    "  st.global.u32 [%rd13], %r21;\n  add.u32 %r11, %r11, %r6;\n";

}  // namespace traffic_ptx

inline std::string random_traffic_ptx() {
  using traffic_ptx::kPut;
  using traffic_ptx::next_own;
  using traffic_ptx::next_word;
  std::string table;
  for (std::uint32_t q = 0; q < kConstWords; ++q) {
    table += (q == 0 ? "" : ", ") + std::to_string(const_value(q));
  }
  // %r5 t, %r6 T, %r7 x, %r8 iteration, %r9 iterations, %r11 out index (slot * T + t),
  // %rd1..4 R, W, C, out, %rd20 local array, %rd30 constant table.
  return R"(.version 7.0
.target sm_70
.address_size 64
.const .align 4 .b32 ctab[64] = {)" +
         table + R"(};
.visible .entry k(.param .u64 rbuf, .param .u64 wbuf, .param .u64 cbuf, .param .u64 obuf,
                  .param .u32 seed, .param .u32 iters)
{
  .reg .pred %p<4>;
  .reg .b32 %r<32>;
  .reg .b64 %rd<40>;
  .local .align 4 .b8 loc[64];
  ld.param.u64 %rd1, [rbuf];
  ld.param.u64 %rd2, [wbuf];
  ld.param.u64 %rd3, [cbuf];
  ld.param.u64 %rd4, [obuf];
  ld.param.u32 %r10, [seed];
  ld.param.u32 %r9, [iters];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %nctaid.x;
  mad.lo.u32 %r5, %r2, %r3, %r1;
  mul.lo.u32 %r6, %r3, %r4;
  mul.lo.u32 %r7, %r5, 0x9E3779B9;
  xor.b32 %r7, %r7, %r10;
  mov.u32 %r11, %r5;
  mov.u64 %rd20, loc;
  mov.u64 %rd30, ctab;
  mov.u32 %r20, 0;
LINIT:
  shl.b32 %r21, %r5, 4;
  add.u32 %r21, %r21, %r20;
  mul.wide.u32 %rd10, %r20, 4;
  add.u64 %rd11, %rd20, %rd10;
  st.local.u32 [%rd11], %r21;
  add.u32 %r20, %r20, 1;
  setp.lt.u32 %p1, %r20, 16;
  @%p1 bra LINIT;
  mov.u32 %r8, 0;
LOOP:
)" + next_word("16383", "%rd1") +
         "  ld.global.u32 %r21, [%rd11];\n" + kPut +
         // ld.global.nc: word (iteration * 64 + (x >> 8) % 64) % 1024.
         "  mad.lo.u32 %r7, %r7, 1664525, 1013904223;\n  shr.u32 %r20, %r7, 8;\n"
         "  and.b32 %r20, %r20, 63;\n  shl.b32 %r24, %r8, 6;\n  add.u32 %r20, %r20, %r24;\n"
         "  and.b32 %r20, %r20, 1023;\n  mul.wide.u32 %rd10, %r20, 4;\n"
         "  add.u64 %rd11, %rd1, %rd10;\n  ld.global.nc.u32 %r21, [%rd11];\n" +
         kPut + next_word("16383", "%rd1") + "  ld.global.cg.u32 %r21, [%rd11];\n" + kPut +
         next_own("%r5") + "  st.global.u32 [%rd11], %r7;\n" + next_own("%r5") +
         "  ld.global.u32 %r21, [%rd11];\n" + kPut + next_word("63", "%rd3") +
         "  atom.global.add.u32 %r21, [%rd11], 1;\n" + kPut + next_word("15", "%rd20") +
         "  st.local.u32 [%rd11], %r7;\n" + next_word("15", "%rd20") +
         "  ld.local.u32 %r21, [%rd11];\n" + kPut + next_word("63", "%rd30") +
         "  ld.const.u32 %r21, [%rd11];\n" + kPut + next_word("16383", "%rd1") +
         R"(  setp.lt.s32 %p2, %r7, 0;
  mov.u32 %r21, 0xDEADBEEF;
  @%p2 ld.global.u32 %r21, [%rd11];
)" + kPut +
         R"(  add.u32 %r8, %r8, 1;
  setp.lt.u32 %p1, %r8, %r9;
  @%p1 bra LOOP;
  bar.sync 0;
  mov.u32 %r8, 0;
NEIGHBOURS:
  add.u32 %r23, %r1, %r8;
  add.u32 %r23, %r23, 1;
  rem.u32 %r23, %r23, %r3;
  mad.lo.u32 %r23, %r2, %r3, %r23;
)" + next_own("%r23") +
         "  ld.global.u32 %r21, [%rd11];\n" + kPut + R"(  add.u32 %r8, %r8, 1;
  setp.lt.u32 %p1, %r8, 4;
  @%p1 bra NEIGHBOURS;
  exit;
}
)";
}

// copy: out[i] = in[i] for i < n, one element per thread. reduce: thread t of T adds in[i] for
// i = t, t + T, ... < n and red.global.adds the sum to sums[t % 8].
inline constexpr const char* kStreamKernelsPtx = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry copy(.param .u64 in, .param .u64 out, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mad.lo.u32 %r5, %r3, %r4, %r2;
  setp.ge.u32 %p1, %r5, %r1;
  @%p1 bra DONE;
  mul.wide.u32 %rd3, %r5, 4;
  add.u64 %rd4, %rd1, %rd3;
  ld.global.u32 %r6, [%rd4];
  add.u64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r6;
DONE:
  exit;
}
.visible .entry reduce(.param .u64 in, .param .u64 sums, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [sums];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mov.u32 %r7, %nctaid.x;
  mad.lo.u32 %r5, %r3, %r4, %r2;
  mul.lo.u32 %r8, %r4, %r7;
  mov.u32 %r9, 0;
  mov.u32 %r6, %r5;
  setp.ge.u32 %p1, %r6, %r1;
  @%p1 bra ADD;
LOOP:
  mul.wide.u32 %rd3, %r6, 4;
  add.u64 %rd4, %rd1, %rd3;
  ld.global.u32 %r10, [%rd4];
  add.u32 %r9, %r9, %r10;
  add.u32 %r6, %r6, %r8;
  setp.lt.u32 %p1, %r6, %r1;
  @%p1 bra LOOP;
ADD:
  and.b32 %r11, %r5, 7;
  mul.wide.u32 %rd5, %r11, 4;
  add.u64 %rd6, %rd2, %rd5;
  red.global.add.u32 [%rd6], %r9;
  exit;
}
)";

// One launch's buffers and arguments, and what the kernel must produce.
struct RandomTraffic {
  std::uint32_t ctas = 16;
  std::uint32_t threads = 128;  // per CTA
  std::uint32_t iters = 6;
  std::uint32_t seed = 20240607;
  Addr r = 0, w = 0, c = 0, out = 0;

  std::uint32_t total_threads() const { return ctas * threads; }
  std::uint32_t slots() const { return iters * kSlotsPerIter + kNeighbourLoads; }
  std::uint32_t out_words() const { return slots() * total_threads(); }
  std::uint32_t own_words() const { return kOwnWords * total_threads(); }
  bool is_atomic_slot(std::uint32_t slot) const {
    return slot < iters * kSlotsPerIter && slot % kSlotsPerIter == kAtomicSlot;
  }

  // Allocates and initializes the buffers (out is zeroed).
  void setup(func::Device& device) {
    std::vector<std::uint32_t> rv(kReadWords);
    for (std::uint32_t i = 0; i < kReadWords; ++i) rv[i] = read_value(i);
    std::vector<std::uint32_t> wv(own_words());
    for (std::uint32_t i = 0; i < own_words(); ++i) wv[i] = own_initial(i);
    const std::vector<std::uint32_t> cv(kCounters, 0);
    const std::vector<std::uint32_t> ov(out_words(), 0);
    r = device.malloc(rv.size() * 4);
    w = device.malloc(wv.size() * 4);
    c = device.malloc(cv.size() * 4);
    out = device.malloc(ov.size() * 4);
    device.memory().write(r, rv.data(), rv.size() * 4);
    device.memory().write(w, wv.data(), wv.size() * 4);
    device.memory().write(c, cv.data(), cv.size() * 4);
    device.memory().write(out, ov.data(), ov.size() * 4);
  }

  func::LaunchState prepare(func::Device& device, const func::LoadedModule& module) const {
    const void* args[] = {&r, &w, &c, &out, &seed, &iters};
    return device.prepare(*module.find_kernel("k"),
                          func::LaunchConfig{{ctas, 1, 1}, {threads, 1, 1}, 0}, args);
  }

  // What the buffers hold after the kernel.
  struct Result {
    std::vector<std::uint32_t> out, w, c;
    // reference() only: per warp, the iterations whose predicated load had an active lane.
    std::uint64_t predicated_warp_loads = 0;
  };

  Result read(const func::Device& device) const {
    Result res{std::vector<std::uint32_t>(out_words()), std::vector<std::uint32_t>(own_words()),
               std::vector<std::uint32_t>(kCounters)};
    device.memory().read(out, res.out.data(), res.out.size() * 4);
    device.memory().read(w, res.w.data(), res.w.size() * 4);
    device.memory().read(c, res.c.data(), res.c.size() * 4);
    return res;
  }

  // The CPU's run of every thread; atomic slots hold the counter index each atomic hit.
  Result reference() const {
    const std::uint32_t nt = total_threads();
    Result res{std::vector<std::uint32_t>(out_words()), std::vector<std::uint32_t>(own_words()),
               std::vector<std::uint32_t>(kCounters, 0)};
    for (std::uint32_t i = 0; i < own_words(); ++i) res.w[i] = own_initial(i);
    std::vector<std::uint32_t> x_after(nt);
    std::vector<std::uint8_t> predicated(std::size_t{nt / 32} * iters, 0);
    for (std::uint32_t t = 0; t < nt; ++t) {
      std::uint32_t x = (t * 0x9E3779B9u) ^ seed;
      std::uint32_t loc[kLocalWords];
      for (std::uint32_t i = 0; i < kLocalWords; ++i) loc[i] = t * 16 + i;
      std::uint32_t slot = 0;
      auto put = [&](std::uint32_t v) { res.out[slot++ * nt + t] = v; };
      auto next = [&](std::uint32_t mask) {
        x = lcg(x);
        return (x >> 8) & mask;
      };
      for (std::uint32_t it = 0; it < iters; ++it) {
        put(read_value(next(kReadWords - 1)));                   // ld.global
        put(read_value((next(63) + it * 64) & (kNcWords - 1)));  // ld.global.nc
        put(read_value(next(kReadWords - 1)));                   // ld.global.cg
        const std::uint32_t k = next(kOwnWords - 1);
        res.w[k * nt + t] = x;
        put(res.w[next(kOwnWords - 1) * nt + t]);
        const std::uint32_t counter = next(kCounters - 1);
        ++res.c[counter];
        put(counter);
        const std::uint32_t l = next(kLocalWords - 1);
        loc[l] = x;
        put(loc[next(kLocalWords - 1)]);
        put(const_value(next(kConstWords - 1)));
        const std::uint32_t a = next(kReadWords - 1);
        put(static_cast<std::int32_t>(x) < 0 ? read_value(a) : kSentinel);
        if (static_cast<std::int32_t>(x) < 0) predicated[std::size_t{t / 32} * iters + it] = 1;
      }
      x_after[t] = x;
    }
    for (std::uint8_t p : predicated) res.predicated_warp_loads += p;
    for (std::uint32_t t = 0; t < nt; ++t) {
      std::uint32_t x = x_after[t];
      const std::uint32_t cta = t / threads;
      const std::uint32_t tid = t % threads;
      for (std::uint32_t n = 0; n < kNeighbourLoads; ++n) {
        x = lcg(x);
        const std::uint32_t u = cta * threads + (tid + n + 1) % threads;
        const std::uint32_t slot = iters * kSlotsPerIter + n;
        res.out[slot * nt + t] = res.w[((x >> 8) & (kOwnWords - 1)) * nt + u];
      }
    }
    return res;
  }

  // Checks `got` against the reference: every non-atomic output, W and C exactly; the old
  // values the atomics returned on each counter are 0, 1, ..., n - 1 in some order.
  void expect_matches(const Result& got, const Result& want) const {
    const std::uint32_t nt = total_threads();
    EXPECT_EQ(got.w, want.w);
    EXPECT_EQ(got.c, want.c);
    std::vector<std::vector<bool>> seen(kCounters);
    for (std::uint32_t counter = 0; counter < kCounters; ++counter) {
      seen[counter].assign(want.c[counter], false);
    }
    std::uint64_t mismatches = 0;
    for (std::uint32_t slot = 0; slot < slots(); ++slot) {
      for (std::uint32_t t = 0; t < nt; ++t) {
        const std::uint32_t i = slot * nt + t;
        if (!is_atomic_slot(slot)) {
          if (got.out[i] != want.out[i] && mismatches++ < 5) {
            ADD_FAILURE() << "slot " << slot << " thread " << t << ": got " << got.out[i]
                          << ", want " << want.out[i];
          }
          continue;
        }
        const std::uint32_t counter = want.out[i];
        const std::uint32_t old = got.out[i];
        if (old >= seen[counter].size() || seen[counter][old]) {
          if (mismatches++ < 5) {
            ADD_FAILURE() << "atomic of thread " << t << " on counter " << counter << " returned "
                          << old << " (out of range or twice)";
          }
          continue;
        }
        seen[counter][old] = true;
      }
    }
    EXPECT_EQ(mismatches, 0u);
  }
};

// Caches a few lines big, few MSHRs merging two requests each, short miss queues, on 4 SMs:
// the caches run out of lines, MSHRs, merge slots and queue room often.
inline std::vector<std::string> small_caches(const std::string& preset) {
  std::vector<std::string> sets = {
      "sm.count=4",          "sm.l1d.size=4KiB",
      "sm.l1d.mshrs=8",      "sm.l1d.mshr_merge=2",
      "sm.l1d.miss_queue=4", "sm.l1t.size=2KiB",
      "sm.l1t.ways=4",       "sm.l1t.mshrs=4",
      "sm.l1t.mshr_merge=2", "sm.l1t.miss_queue=4",
      "sm.l1c.size=512B",    "sm.l1c.mshr_merge=4",
      "l2.size=4KiB",        "l2.ways=8",
      "l2.mshrs=8",          "l2.mshr_merge=2",
      "l2.miss_queue=4",     "sm.l1d.unified_bytes=0"};  // the L1 keeps its 4 KiB
  // gtx480's Fermi set hash needs 32 sets: 4 KiB of 128-byte lines is one way each.
  sets.push_back(preset == "gtx480" ? "sm.l1d.ways=1" : "sm.l1d.ways=8");
  return sets;
}

// Random traffic, a copy of n words and a reduction of them, on one Device, with their
// results checked against the CPU.
struct Workload {
  func::Device device;
  RandomTraffic rt;
  std::uint32_t n;
  Addr in = 0, copied = 0, copied_again = 0, sums = 0;
  std::vector<std::uint32_t> input;
  const func::LoadedModule* rt_module = nullptr;
  const func::LoadedModule* module = nullptr;
  KernelResourceInfo resources{32, 64, "config"};

  // `words`: a multiple of 256 (the copy's block).
  explicit Workload(std::uint32_t words = 65536, const RandomTraffic& traffic = {})
      : rt(traffic), n(words) {
    rt.setup(device);
    input.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) input[i] = i * 7 + 3;
    in = device.malloc(n * 4);
    copied = device.malloc(n * 4);
    copied_again = device.malloc(n * 4);
    sums = device.malloc(8 * 4);
    device.memory().write(in, input.data(), n * 4);
    rt_module = &device.load_module(random_traffic_ptx(), "rt.ptx");
    module = &device.load_module(kStreamKernelsPtx, "stream.ptx");
  }

  // Random traffic, copy (in -> copied) and reduce, on `streams`[0], [1] and [2].
  void launch(GpuModel& model, const std::uint64_t streams[3]) {
    model.launch(rt.prepare(device, *rt_module), streams[0], resources);
    launch_copy(model, in, copied, streams[1]);
    const void* reduce_args[] = {&in, &sums, &n};
    model.launch(
        device.prepare(*module->find_kernel("reduce"), {{32, 1, 1}, {256, 1, 1}, 0}, reduce_args),
        streams[2], resources);
  }
  void launch_copy(GpuModel& model, const Addr& from, const Addr& to, std::uint64_t stream) {
    const void* args[] = {&from, &to, &n};
    model.launch(
        device.prepare(*module->find_kernel("copy"), {{n / 256, 1, 1}, {256, 1, 1}, 0}, args),
        stream, resources);
  }

  std::vector<std::uint32_t> words(Addr a, std::uint32_t count) const {
    std::vector<std::uint32_t> v(count);
    device.memory().read(a, v.data(), std::size_t{count} * 4);
    return v;
  }

  void expect_results() const {
    rt.expect_matches(rt.read(device), rt.reference());
    EXPECT_EQ(words(copied, n), input);
    // Element i is summed by thread i % 8192 into sums[i % 8].
    std::vector<std::uint32_t> want(8, 0);
    for (std::uint32_t i = 0; i < n; ++i) want[i % 8] += input[i];
    EXPECT_EQ(words(sums, 8), want);
  }
};

}  // namespace warpsim::test

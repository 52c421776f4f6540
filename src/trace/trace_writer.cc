#include "trace/trace_writer.h"

#include <algorithm>
#include <bit>
#include <span>
#include <stdexcept>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/code_layout.h"
#include "func/cta_state.h"
#include "func/launch_state.h"
#include "func/loaded_module.h"
#include "func/warp_inst.h"
#include "func/warp_state.h"
#include "ptx/ir.h"
#include "ptx/opcodes.h"
#include "sm/op_timing.h"
#include "trace/sass_ops.h"
#include "trace/trace_inst.h"

namespace warpsim::trace {

namespace {

constexpr std::uint32_t kTracerVersion = 4;
// What one line of Accel-Sim's trace parser holds (its MAX_DST and MAX_SRC).
constexpr std::size_t kAccelSimDsts = 1;
constexpr std::size_t kAccelSimSrcs = 4;

// A register's number in the trace: its absolute slot, stepping over R255 (RZ).
std::uint32_t register_number(std::uint32_t slot) { return slot < 255 ? slot : slot + 1; }

void check(const std::ofstream& out, const std::filesystem::path& path) {
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

std::optional<TraceWriter::Registers> TraceWriter::registers_named(std::string_view name) {
  if (name == "warpsim") return Registers::kAll;
  if (name == "accelsim") return Registers::kAccelSim;
  return std::nullopt;
}

TraceWriter::TraceWriter(std::filesystem::path dir, std::uint32_t binary_version,
                         Registers registers)
    : dir_(std::move(dir)),
      binary_version_(binary_version),
      inst_bytes_(binary_version >= 70 ? 16 : 8),
      registers_mode_(registers) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec)
    throw std::runtime_error(fmt::format("cannot create {}: {}", dir_.string(), ec.message()));
  list_.open(dir_ / "kernelslist.g");
  check(list_, dir_ / "kernelslist.g");
}

TraceWriter::~TraceWriter() = default;

void TraceWriter::on_memcpy_h2d(std::uint64_t device_address, std::uint64_t bytes) {
  list_ << fmt::format("MemcpyHtoD,0x{:016x},{}\n", device_address, bytes);
  check(list_, dir_ / "kernelslist.g");
  listed_since_sync_ = false;  // the reader waits for the kernels before a copy anyway
  sync_pending_ = false;
}

void TraceWriter::on_sync_point() {
  if (listed_since_sync_) sync_pending_ = true;
}

void TraceWriter::on_launch_begin(const func::LaunchState& launch) {
  if (sync_pending_) on_memcpy_h2d(0, 0);
  listed_since_sync_ = true;
  ++kernels_;
  const std::string file = fmt::format("kernel-{}.traceg", kernels_);
  kernel_path_ = dir_ / file;
  kernel_.open(kernel_path_);
  check(kernel_, kernel_path_);
  layout_ = func::code_layout(*launch.module, *launch.kernel);
  const func::LaunchConfig& c = launch.config;
  kernel_ << fmt::format(
      "-kernel name = {}\n-kernel id = {}\n-grid dim = ({},{},{})\n-block dim = ({},{},{})\n"
      "-shmem = {}\n-nregs = {}\n-binary version = {}\n-cuda stream id = {}\n"
      "-shmem base_addr = 0x{:016x}\n-local mem base_addr = 0x{:016x}\n-nvbit version = 1.5.5\n"
      "-accelsim tracer version = {}\n-enable lineinfo = 0\n-warpsim code end = {}\n\n"
      "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width "
      "[adrrescompress?] [mem_addresses]\n\n",
      launch.kernel->ir->name, kernels_, c.grid.x, c.grid.y, c.grid.z, c.block.x, c.block.y,
      c.block.z, launch.shared_size, registers_, binary_version_, stream_, func::kSharedWindow,
      func::kLocalWindow, kTracerVersion, layout_.end);
  list_ << file << '\n';
  check(list_, dir_ / "kernelslist.g");
}

std::uint64_t TraceWriter::pc_of(const func::FunctionCode* function, std::uint32_t index) const {
  const std::uint32_t offset = layout_.code_offset(*function);
  if (offset == func::kNotLaidOut) {
    throw std::runtime_error(fmt::format(
        "--write-trace: function {} has no place in the kernel's code layout", function->name()));
  }
  return (std::uint64_t{offset} + index) * inst_bytes_;
}

std::string TraceWriter::opcode_of(const func::LaunchState& launch, const func::WarpInst& inst) {
  const func::DecodedInst& d = *inst.inst;
  const bool volta = binary_version_ >= 70;
  const OpTiming timing = op_timing_of(d);
  auto unmatched = [&](const char* name) {
    ++unmatched_;
    const std::string op = d.ir != nullptr ? std::string(ptx::opcode_name(d.ir->op)) : name;
    if (std::find(unmatched_ops_.begin(), unmatched_ops_.end(), op) == unmatched_ops_.end()) {
      unmatched_ops_.push_back(op);
    }
    return std::string(name);
  };
  switch (d.op_class) {
    case func::OpClass::kLoad:
    case func::OpClass::kStore:
    case func::OpClass::kAtomic: {
      if (d.ir != nullptr && d.ir->space == ptx::StateSpace::kParam) return "MOV";
      const bool load = d.op_class == func::OpClass::kLoad;
      const bool store = d.op_class == func::OpClass::kStore;
      switch (inst.space) {
        case ptx::StateSpace::kShared:
          return load ? "LDS" : (store ? "STS" : "ATOMS");
        case ptx::StateSpace::kLocal:
          return load ? "LDL" : (store ? "STL" : unmatched("ATOML.WARPSIM"));
        case ptx::StateSpace::kConst:
          return load ? "LDC" : unmatched("STC.WARPSIM");
        default:
          if (store) return "STG.E";
          if (!load) return volta ? "ATOMG.E.ADD" : "ATOM.E.ADD";
          if (reads_only_path(d)) return volta ? "LDG.E.CONSTANT" : "LDG.E.CI";
          if (skips_l1(d)) return "LDG.E.STRONG.GPU";
          return "LDG.E";
      }
    }
    case func::OpClass::kTexture:
      return "TEX";
    case func::OpClass::kSurface:
      return inst.is_store ? "SUST" : "SULD";
    case func::OpClass::kBranch:
      return "BRA";
    case func::OpClass::kCall:
      return "CALL";
    case func::OpClass::kReturn:
      return inst.function == launch.kernel ? "EXIT" : "RET";
    case func::OpClass::kExit:
      return "EXIT";
    case func::OpClass::kBarrier:
      return "BAR.SYNC";
    case func::OpClass::kFence:
      return "MEMBAR";
    case func::OpClass::kNop:
      return "NOP";
    case func::OpClass::kWarpOp:
      return "SHFL";
    default:
      break;
  }
  switch (timing) {
    case OpTiming::kInt:
      return volta ? "IADD3" : "IADD";
    case OpTiming::kIntMul:
      return "IMAD";
    case OpTiming::kIntDiv:
      return std::string("IMAD.") + std::string(kDivisionModifier);
    case OpTiming::kFp32:
      return d.op_class == func::OpClass::kInt ? "FSETP" : "FFMA";  // compares, selects
    case OpTiming::kFp32Div:
      return std::string("FFMA.") + std::string(kDivisionModifier);
    case OpTiming::kFp64:
      return d.op_class == func::OpClass::kInt ? "DSETP" : "DFMA";
    case OpTiming::kFp64Div:
      return std::string("DFMA.") + std::string(kDivisionModifier);
    case OpTiming::kFp16:
      return "HFMA2";
    case OpTiming::kSfu:
      return "MUFU";
    case OpTiming::kConvert:
      return "F2F";
    case OpTiming::kMove:
      return "MOV";
    case OpTiming::kWarp:
      return "SHFL";
    default:
      return "NOP";
  }
}

void TraceWriter::on_inst(const func::LaunchState& launch, const func::CtaState& cta,
                          const func::WarpState& warp, const func::WarpInst& inst) {
  Cta& buffer = ctas_[cta.linear_id];
  if (buffer.warps.size() < cta.warps.size()) buffer.warps.resize(cta.warps.size());
  const func::DecodedInst& d = *inst.inst;
  const std::uint32_t window = layout_.register_offset(*inst.function);
  bool cut = false;
  auto regs = [&](const std::vector<std::uint32_t>& all, std::size_t accelsim_max) {
    std::span<const std::uint32_t> slots = all;
    if (registers_mode_ == Registers::kAccelSim && slots.size() > accelsim_max) {
      slots = slots.first(accelsim_max);
      cut = true;
    }
    auto fail = [&](const std::string& what) {
      throw std::runtime_error(fmt::format("--write-trace: kernel {}, function {}, pc {}: {}",
                                           launch.kernel->ir->name, inst.function->ir->name,
                                           inst.pc, what));
    };
    if (slots.size() > kMaxInstRegs) {
      fail(fmt::format("{} registers in one operand list; the trace format holds at most {}",
                       slots.size(), kMaxInstRegs));
    }
    std::string out = fmt::format("{}", slots.size());
    for (const std::uint32_t slot : slots) {
      const std::uint64_t number = register_number(window + slot);
      if (number > kMaxRegister) {
        fail(fmt::format("register R{} is beyond R{}, the last a trace can name", number,
                         kMaxRegister));
      }
      out += fmt::format(" R{}", number);
    }
    return out;
  };
  std::string line = fmt::format("{:04x} {:08x} {} {} {}", pc_of(inst.function, inst.pc), inst.exec,
                                 regs(d.writes, kAccelSimDsts), opcode_of(launch, inst),
                                 regs(d.reads, kAccelSimSrcs));
  if (cut) ++cut_lines_;
  const bool memory = inst.size != 0 && inst.exec != 0 &&
                      (inst.is_load || inst.is_store || inst.is_atomic) &&
                      !(d.ir != nullptr && d.ir->space == ptx::StateSpace::kParam);
  if (memory) {
    const Addr base = inst.space == ptx::StateSpace::kShared  ? func::kSharedWindow
                      : inst.space == ptx::StateSpace::kLocal ? func::kLocalWindow
                                                              : 0;
    line += fmt::format(" {} 0", inst.size);  // address mode 0: one address per lane
    for (std::uint32_t m = inst.exec; m != 0; m &= m - 1) {
      line += fmt::format(" 0x{:016x}", base + inst.addr[std::countr_zero(m)]);
    }
  } else {
    line += " 0";
  }
  buffer.warps[warp.warp_id].push_back(std::move(line));
}

void TraceWriter::write_cta(const func::CtaState& cta, Cta& buffer) {
  kernel_ << fmt::format("#BEGIN_TB\n\nthread block = {},{},{}\n\n", cta.ctaid.x, cta.ctaid.y,
                         cta.ctaid.z);
  buffer.warps.resize(cta.warps.size());
  for (std::size_t w = 0; w < buffer.warps.size(); ++w) {
    kernel_ << fmt::format("warp = {}\ninsts = {}\n", w, buffer.warps[w].size());
    for (const std::string& line : buffer.warps[w]) kernel_ << line << '\n';
    kernel_ << '\n';
  }
  kernel_ << "#END_TB\n\n";
  check(kernel_, kernel_path_);
}

void TraceWriter::on_cta_end(const func::LaunchState& /*launch*/, const func::CtaState& cta) {
  auto it = ctas_.find(cta.linear_id);
  Cta empty;
  write_cta(cta, it == ctas_.end() ? empty : it->second);
  if (it != ctas_.end()) ctas_.erase(it);
}

void TraceWriter::on_launch_end(const func::LaunchState& /*launch*/) {
  kernel_.close();
  check(kernel_, kernel_path_);
  list_.flush();
  check(list_, dir_ / "kernelslist.g");
}

}  // namespace warpsim::trace

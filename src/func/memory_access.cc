#include "func/memory_access.h"

#include <cstring>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/device.h"

namespace warpsim::func {

namespace {

const char* kind_name(AccessKind kind) {
  switch (kind) {
    case AccessKind::kRead:
      return "read";
    case AccessKind::kWrite:
      return "write";
    case AccessKind::kAtomic:
      return "atomic";
  }
  return "access";
}

ptx::StateSpace normalize(ptx::StateSpace space) {
  switch (space) {
    case ptx::StateSpace::kSharedCta:
    case ptx::StateSpace::kSharedCluster:
      return ptx::StateSpace::kShared;
    case ptx::StateSpace::kParamEntry:
    case ptx::StateSpace::kParamFunc:
      return ptx::StateSpace::kParam;
    default:
      return space;
  }
}

std::uint8_t* local_pointer(ExecContext& ctx, unsigned lane, Addr addr, std::uint32_t size) {
  auto& bytes = ctx.warp.local[lane];
  if (addr > ctx.warp.stack_top || size > ctx.warp.stack_top - addr) return nullptr;
  if (addr + size > bytes.size()) bytes.resize(ctx.warp.stack_top);
  return bytes.data() + addr;
}

std::uint8_t* space_pointer(ExecContext& ctx, ptx::StateSpace space, unsigned lane, Addr addr,
                            std::uint32_t size, AccessKind kind, const char** why) {
  switch (space) {
    case ptx::StateSpace::kShared: {
      auto& shared = ctx.cta.shared;
      if (addr > shared.size() || size > shared.size() - addr) {
        *why = "outside the CTA's shared memory";
        return nullptr;
      }
      return shared.data() + addr;
    }
    case ptx::StateSpace::kLocal: {
      std::uint8_t* p = local_pointer(ctx, lane, addr, size);
      if (p == nullptr) *why = "outside the thread's local memory (stack)";
      return p;
    }
    case ptx::StateSpace::kParam: {
      if (addr >= kKernelParamTag) {
        Addr off = addr - kKernelParamTag;
        auto& params = ctx.launch.params;
        if (kind != AccessKind::kRead) {
          *why = "a write to kernel parameters";
          return nullptr;
        }
        if (off > params.size() || size > params.size() - off) {
          *why = "outside the kernel parameters";
          return nullptr;
        }
        return params.data() + off;
      }
      std::uint8_t* p = local_pointer(ctx, lane, addr, size);
      if (p == nullptr) *why = "outside the function's parameters";
      return p;
    }
    default: {
      std::uint8_t* p = ctx.device().memory().resolve(addr, size);
      if (p == nullptr) *why = "not inside any allocation";
      return p;
    }
  }
}

}  // namespace

Resolved access_memory(ExecContext& ctx, const DecodedInst& inst, ptx::StateSpace space,
                       unsigned lane, Addr addr, std::uint32_t size, AccessKind kind,
                       std::uint32_t align) {
  Resolved r;
  r.space = normalize(space);
  r.address = addr;
  if (r.space == ptx::StateSpace::kGeneric) {
    SpaceAddress split = from_generic(addr);
    r.space = split.space;
    r.address = split.offset;
  }
  if (align == 0) align = size;
  if (align > 1 && addr % align != 0) {
    ctx.fail(inst, lane,
             fmt::format("misaligned {} of {} bytes at {} address 0x{:x} (needs {}-byte alignment)",
                         kind_name(kind), size, ptx::space_name(r.space), addr, align));
  }
  if (kind != AccessKind::kRead && r.space == ptx::StateSpace::kConst) {
    ctx.fail(inst, lane, fmt::format("{} to constant memory at 0x{:x}", kind_name(kind), addr));
  }
  const char* why = "out of bounds";
  r.ptr = space_pointer(ctx, r.space, lane, r.address, size, kind, &why);
  if (r.ptr == nullptr) {
    ctx.fail(inst, lane,
             fmt::format("out-of-bounds {} of {} bytes at {} address 0x{:x}: {}", kind_name(kind),
                         size, ptx::space_name(r.space), addr, why));
  }
  return r;
}

const char* global_string(ExecContext& ctx, Addr generic_addr) {
  const Allocation* a = ctx.device().memory().find(generic_addr, 1);
  if (a == nullptr) return nullptr;
  const auto* start = a->bytes.get() + (generic_addr - a->base);
  std::size_t room = a->size - (generic_addr - a->base);
  if (std::memchr(start, 0, room) == nullptr) return nullptr;
  return reinterpret_cast<const char*>(start);
}

}  // namespace warpsim::func

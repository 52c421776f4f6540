// The timing primitives the microbenchmark kernels share. Everything inside a timed region is
// inline PTX with `asm volatile` and a memory clobber, so neither nvcc nor a compile flag can
// reorder it, drop it or change its cache operator: what runs is what the listing says.
#pragma once

// %clock, the SM's cycle counter that clock() reads.
__device__ __forceinline__ unsigned read_clock() {
  unsigned t;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(t)::"memory");
  return t;
}

// A 32-bit shared-memory address (the .shared window offset) of a generic pointer into it.
__device__ __forceinline__ unsigned shared_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// The store that follows each timed load: it needs the loaded value, so the clock read after it
// cannot issue before the load completes.
__device__ __forceinline__ void store_shared(unsigned address, unsigned value) {
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(address), "r"(value) : "memory");
}

__device__ __forceinline__ unsigned load_shared(unsigned address) {
  unsigned v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(address) : "memory");
  return v;
}

// `value`, computed here: the address arithmetic a timed region needs is done before its first
// clock read rather than wherever the compiler would schedule it (possibly inside the region).
__device__ __forceinline__ unsigned pinned(unsigned value) {
  unsigned v;
  asm volatile("mov.u32 %0, %1;" : "=r"(v) : "r"(value));
  return v;
}

__device__ __forceinline__ const unsigned* pinned(const unsigned* pointer) {
  const unsigned* p;
  asm volatile("mov.b64 %0, %1;" : "=l"(p) : "l"(pointer));
  return p;
}

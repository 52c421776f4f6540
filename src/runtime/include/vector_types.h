#pragma once

// CUDA's built-in vector types (char1 ... double4, dim3) with the sizes and alignments that
// nvcc gives them, so host and device agree on the layout of every buffer.

#include "host_defines.h"

// NOLINTBEGIN(bugprone-macro-parentheses): T is a type
#define WARPSIM_VECTOR1(name, T, align) \
  struct __align__(align) name {        \
    T x;                                \
  };
#define WARPSIM_VECTOR2(name, T, align) \
  struct __align__(align) name {        \
    T x, y;                             \
  };
#define WARPSIM_VECTOR3(name, T, align) \
  struct __align__(align) name {        \
    T x, y, z;                          \
  };
#define WARPSIM_VECTOR4(name, T, align) \
  struct __align__(align) name {        \
    T x, y, z, w;                       \
  };

// NOLINTEND(bugprone-macro-parentheses)

// Three-element vectors are never padded: their alignment is the element's.
#define WARPSIM_VECTORS(prefix, T, align2, align4) \
  WARPSIM_VECTOR1(prefix##1, T, sizeof(T))         \
  WARPSIM_VECTOR2(prefix##2, T, align2)            \
  WARPSIM_VECTOR3(prefix##3, T, sizeof(T))         \
  WARPSIM_VECTOR4(prefix##4, T, align4)

WARPSIM_VECTORS(char, signed char, 2, 4)
WARPSIM_VECTORS(uchar, unsigned char, 2, 4)
WARPSIM_VECTORS(short, short, 4, 8)
WARPSIM_VECTORS(ushort, unsigned short, 4, 8)
WARPSIM_VECTORS(int, int, 8, 16)
WARPSIM_VECTORS(uint, unsigned int, 8, 16)
WARPSIM_VECTORS(long, long, 2 * sizeof(long), 16)
WARPSIM_VECTORS(ulong, unsigned long, 2 * sizeof(long), 16)
WARPSIM_VECTORS(float, float, 8, 16)
WARPSIM_VECTORS(longlong, long long, 16, 16)
WARPSIM_VECTORS(ulonglong, unsigned long long, 16, 16)
WARPSIM_VECTORS(double, double, 16, 16)

#undef WARPSIM_VECTORS
#undef WARPSIM_VECTOR1
#undef WARPSIM_VECTOR2
#undef WARPSIM_VECTOR3
#undef WARPSIM_VECTOR4

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}  // NOLINT: implicit, as in CUDA
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

static_assert(sizeof(char3) == 3 && alignof(uchar4) == 4 && alignof(short4) == 8);
static_assert(sizeof(int3) == 12 && alignof(int2) == 8 && alignof(float4) == 16);
static_assert(sizeof(double3) == 24 && alignof(double2) == 16 && sizeof(dim3) == 12);

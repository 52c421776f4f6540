#pragma once

// make_char1 ... make_double4: build a vector value from its components.

#include "vector_types.h"

#define WARPSIM_MAKE_VECTORS(prefix, T)                                            \
  inline prefix##1 make_##prefix##1(T x) { return prefix##1 {x}; }                 \
  inline prefix##2 make_##prefix##2(T x, T y) { return prefix##2 {x, y}; }         \
  inline prefix##3 make_##prefix##3(T x, T y, T z) { return prefix##3 {x, y, z}; } \
  inline prefix##4 make_##prefix##4(T x, T y, T z, T w) { return prefix##4 {x, y, z, w}; }

WARPSIM_MAKE_VECTORS(char, signed char)
WARPSIM_MAKE_VECTORS(uchar, unsigned char)
WARPSIM_MAKE_VECTORS(short, short)
WARPSIM_MAKE_VECTORS(ushort, unsigned short)
WARPSIM_MAKE_VECTORS(int, int)
WARPSIM_MAKE_VECTORS(uint, unsigned int)
WARPSIM_MAKE_VECTORS(long, long)
WARPSIM_MAKE_VECTORS(ulong, unsigned long)
WARPSIM_MAKE_VECTORS(float, float)
WARPSIM_MAKE_VECTORS(longlong, long long)
WARPSIM_MAKE_VECTORS(ulonglong, unsigned long long)
WARPSIM_MAKE_VECTORS(double, double)

#undef WARPSIM_MAKE_VECTORS

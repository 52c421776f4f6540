// Compiled by the Layering.* tests (tests/CMakeLists.txt) against one subsystem's include root
// (cmake/subsystems.cmake): sm/ and the layers above it see this header; cache/, below it, must
// not.
#include "sm/sm.h"

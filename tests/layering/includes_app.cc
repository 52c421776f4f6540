// Compiled by the Layering.* tests (tests/CMakeLists.txt) against one subsystem's include root
// (cmake/subsystems.cmake): only app/ sees the command line's headers; the CUDA runtime must not.
#include "app/config_options.h"

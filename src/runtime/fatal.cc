#include "runtime/fatal.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace warpsim::runtime {

namespace {
int g_exit_handlers = 0;  // InExitHandler objects alive
}  // namespace

void fatal(std::string_view message, int status) {
  std::cout.flush();
  std::fflush(stdout);
  std::fprintf(stderr, "warpsim: %.*s\n", static_cast<int>(message.size()), message.data());
  if (g_exit_handlers > 0) {
    std::fflush(stderr);
    std::_Exit(status);
  }
  std::exit(status);
}

InExitHandler::InExitHandler() { ++g_exit_handlers; }
InExitHandler::~InExitHandler() { --g_exit_handlers; }

}  // namespace warpsim::runtime

# Stamps the build with the project version and the git revision it was built from.
find_package(Git QUIET)
set(WARPSIM_GIT "unknown")
if(GIT_FOUND AND EXISTS "${CMAKE_SOURCE_DIR}/.git")
  execute_process(
    COMMAND "${GIT_EXECUTABLE}" describe --always --dirty --abbrev=12
    WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
    OUTPUT_VARIABLE WARPSIM_GIT
    OUTPUT_STRIP_TRAILING_WHITESPACE
    ERROR_QUIET)
  if(NOT WARPSIM_GIT)
    set(WARPSIM_GIT "unknown")
  endif()
endif()
configure_file("${CMAKE_SOURCE_DIR}/cmake/version.h.in" "${CMAKE_BINARY_DIR}/generated/version/warpsim/version.h" @ONLY)

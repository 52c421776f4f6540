# Runs a program and checks how it ends: its exit status and, optionally, a line its stderr or
# stdout must contain. Used by the ABI tests (tests/CMakeLists.txt) as
#   cmake -DPROGRAM=path [-DARGS=a;b] -DEXPECT_STATUS=N [-DEXPECT_STDERR=line]
#         [-DEXPECT_STDOUT=line] [-DLIBRARY_PATH=dir] -P expect_run.cmake
cmake_minimum_required(VERSION 3.25)

set(command "${PROGRAM}" ${ARGS})
if(LIBRARY_PATH)
  set(command "${CMAKE_COMMAND}" -E env "LD_LIBRARY_PATH=${LIBRARY_PATH}" ${command})
endif()
execute_process(COMMAND ${command} RESULT_VARIABLE status OUTPUT_VARIABLE out
                ERROR_VARIABLE err TIMEOUT 120)

set(failures "")
if(NOT status STREQUAL "${EXPECT_STATUS}")
  string(APPEND failures "exit status ${status}, expected ${EXPECT_STATUS}\n")
endif()
foreach(stream stderr stdout)
  string(TOUPPER "${stream}" upper)
  set(wanted "${EXPECT_${upper}}")
  if(stream STREQUAL "stderr")
    set(text "${err}")
  else()
    set(text "${out}")
  endif()
  if(wanted)
    string(FIND "${text}" "${wanted}\n" found)
    if(found EQUAL -1)
      string(APPEND failures "${stream} lacks the line: ${wanted}\n")
    endif()
  endif()
endforeach()

if(failures)
  message(FATAL_ERROR "${PROGRAM} ${ARGS}\n${failures}--- stdout:\n${out}--- stderr:\n${err}")
endif()
message(STATUS "${PROGRAM}: exit status ${status} as expected")

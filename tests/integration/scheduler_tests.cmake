# Writes the CTest file that runs the programs with barriers and divergence on gtx480 under every
# warp scheduler the built `warpsim` registers (`warpsim list policies --kind warp_scheduler
# --names`): a new scheduler is covered without editing the test list. Run after `warpsim` is
# linked; tests/CMakeLists.txt includes the file it writes (TEST_INCLUDE_FILES).
#
#   cmake -DWARPSIM=... -DPYTHON=... -DCHECKER=... -DPTX_DIR=... -DOUT_DIR=... -DPROGRAMS=NAME=PATH=ARGS,...
#         -DTEST_FILE=... -P scheduler_tests.cmake
execute_process(
  COMMAND "${WARPSIM}" list policies --kind warp_scheduler --names
  OUTPUT_VARIABLE names RESULT_VARIABLE status ERROR_VARIABLE error)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "warpsim list policies failed (${status}): ${error}")
endif()
string(REGEX REPLACE "\n$" "" names "${names}")
string(REPLACE "\n" ";" names "${names}")
if(NOT names)
  message(FATAL_ERROR "warpsim lists no warp schedulers")
endif()

set(text "# Written by tests/integration/scheduler_tests.cmake from the built warpsim.\n")
string(REPLACE "," ";" programs "${PROGRAMS}")
foreach(program ${programs})
  string(REGEX MATCH "^([^=]*)=([^=]*)=(.*)$" unused "${program}")
  set(name "${CMAKE_MATCH_1}")
  set(path "${CMAKE_MATCH_2}")
  set(args "${CMAKE_MATCH_3}")
  foreach(policy ${names})
    set(test "timing_gtx480_${policy}.${name}")
    set(out "${OUT_DIR}/gtx480-${policy}-${name}")
    string(APPEND text
      "add_test([=[${test}]=] [=[${PYTHON}]=] [=[${CHECKER}]=] [=[${out}]=] -- [=[${WARPSIM}]=] "
      "run --mode timing --gpu gtx480 --set sm.warp_scheduler=${policy} --out [=[${out}]=] "
      "-- [=[${path}]=] ${args})\n"
      "set_tests_properties([=[${test}]=] PROPERTIES LABELS timing TIMEOUT 1200 "
      "ENVIRONMENT [=[WARPSIM_PTX=${PTX_DIR}/tests__cuda__${name}.ptx]=])\n")
  endforeach()
endforeach()
file(WRITE "${TEST_FILE}" "${text}")

#!/usr/bin/env bash
# The native workload runner and collect.sh, where there is no GPU (tests/CMakeLists.txt,
# Microbench.*; microbench/native/README.md).
#
#   check_native_workloads.sh no-device RUNNER STUB_LIBCUDA
#     --list names the PolyBench and Rodinia workloads; a run exits 2 with a clear message where
#     no driver loads (libcuda.so.1 absent, or a path that does not exist) and where the driver
#     finds no device (CUDA's stub libcuda.so: cuInit returns CUDA_ERROR_STUB_LIBRARY).
#   check_native_workloads.sh simulator RUNNER SIM_LIBCUDA PTX_DIR
#     every listed workload at size small through the native Host on a driver built on the
#     functional model (tests/support/sim_libcuda.cc), from the committed PTX: all PASS.
#   check_native_workloads.sh dry-run COLLECT NATIVE_BUILD OUTDIR
#     DRY_RUN=1 collect.sh builds everything and prints the GPU commands: exit 0, a command per
#     step in commands.txt, one ncu line per workload; without DRY_RUN it stops with exit 3.
set -u
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

case "${1:-}" in
  no-device)
    runner=$2 stub=$3
    listed=$("$runner" --list) || fail "--list exited $?"
    count=$(grep -c -E '^(polybench|rodinia)/' <<< "$listed")
    [ "$count" -ge 40 ] || fail "--list names $count PolyBench and Rodinia workloads, expected 44"
    grep -q '^polybench/atax ' <<< "$listed" || fail "--list lacks polybench/atax"
    grep -q '^rodinia/bfs ' <<< "$listed" || fail "--list lacks rodinia/bfs"

    message=$(WARPSIM_LIBCUDA=/nonexistent/libcuda.so.1 "$runner" polybench/atax:small 2>&1)
    status=$?
    [ $status -eq 2 ] || fail "without a driver: exit $status, expected 2 ($message)"
    grep -q 'no CUDA driver: cannot load /nonexistent/libcuda.so.1' <<< "$message" ||
      fail "without a driver: '$message'"

    if [ -e "$stub" ]; then
      message=$(WARPSIM_LIBCUDA=$stub "$runner" polybench/atax:small 2>&1)
      status=$?
      [ $status -eq 2 ] || fail "with the stub driver: exit $status, expected 2 ($message)"
      grep -q 'no CUDA device: cuInit returned 34 (CUDA_ERROR_STUB_LIBRARY' <<< "$message" ||
        fail "with the stub driver: '$message'"
      echo "stub driver: $message"
    fi

    message=$("$runner" no/such 2>&1)
    [ $? -eq 64 ] || fail "an unknown workload should exit 64 ($message)"
    echo "PASS"
    ;;

  simulator)
    runner=$2 sim=$3 ptx=$4
    names=$("$runner" --list | awk '{print $1}')
    specs=()
    for w in $names; do specs+=("$w:small"); done
    output=$(WARPSIM_LIBCUDA=$sim "$runner" --device-info --ptx "$ptx" "${specs[@]}" 2>&1)
    status=$?
    echo "$output"
    [ $status -eq 0 ] || fail "exit $status"
    passed=$(grep -c ': PASS' <<< "$output")
    [ "$passed" -eq "${#specs[@]}" ] || fail "$passed of ${#specs[@]} workloads passed"
    grep -q '^polybench/gramschmidt: PASS (small, 384 kernel launches' <<< "$output" ||
      fail "polybench/gramschmidt: not the 384 launches warpsim counts (collect.sh's table)"
    ;;

  dry-run)
    collect=$2 build=$3 out=$4
    rm -rf "$out"
    DRY_RUN=1 NATIVE_BUILD=$build "$collect" "$out/dry" > "$out.log" 2>&1
    status=$?
    cat "$out.log"
    [ $status -eq 0 ] || fail "DRY_RUN=1 collect.sh exited $status"
    [ -x "$build/warpsim-workloads-native" ] || fail "the runner was not built"
    [ -x "$build/warpsim-probe-native" ] || fail "the probe suite was not built"
    [ -s "$build/workloads/polybench/atax.fatbin" ] || fail "no fatbin for polybench/atax"
    [ -x "$build/programs/matmul" ] || fail "tests/cuda/matmul was not built"
    commands=$out/dry/commands.txt
    for what in 'nvidia-smi -q' 'warpsim-probe-native --only l1d,texture,readonly' \
      'warpsim-probe-native --only bandwidth' "programs/matmul > ncu-matmul.csv" \
      'warpsim-workloads-native --kernels .* polybench/atax:small > ncu-polybench_atax.csv' \
      'rodinia/streamcluster:small > ncu-rodinia_streamcluster.csv' 'clocks-after.csv'; do
      grep -q -E -- "$what" "$commands" || fail "commands.txt lacks '$what'"
      grep -q -E -- "would run: .*$what" "$out.log" || fail "the dry run did not print '$what'"
    done
    workloads=$(grep -c 'warpsim-workloads-native --kernels' "$commands")
    [ "$workloads" -ge 40 ] || fail "$workloads workloads profiled, expected 44"
    [ ! -e "$out/dry/ncu-polybench_atax.csv" ] || fail "the dry run ran ncu"

    # Without DRY_RUN, here: the build, then a clear stop before the first GPU command.
    if nvidia-smi -L > /dev/null 2>&1; then
      echo "PASS (a GPU is here: collect.sh without DRY_RUN not tried)"
      exit 0
    fi
    STEPS=workloads NATIVE_BUILD=$build "$collect" "$out/real" > "$out-real.log" 2>&1
    status=$?
    cat "$out-real.log"
    [ $status -eq 3 ] || fail "collect.sh without a GPU exited $status, expected 3"
    grep -q 'no GPU here: ' "$out-real.log" || fail "collect.sh did not say why it stopped"
    echo "PASS"
    ;;

  *)
    echo "usage: $0 no-device|simulator|dry-run ARGS..." >&2
    exit 64
    ;;
esac

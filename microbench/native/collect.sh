#!/usr/bin/env bash
# Measures a real GPU for validation/hw/<gpu>/<date>/ in one short run (about 5 minutes on an
# H100 or H200; at most TOTAL_S, default 450 s, build included): the native microbenchmark suite
# part by part (each under its own time limit, so one slow or failing part costs only itself)
# with its raw chase records; the GPU's identity, driver and clocks (before and after); and
# under Nsight Compute the kernels of the tests/cuda programs and of warpsim's built-in PolyBench
# and Rodinia workloads at size small (warpsim-workloads-native: the simulator's own drivers,
# inputs and reference checks), for comparison with the simulator's presets.
#
#   microbench/native/collect.sh OUTDIR [ARCHIVE]
#
# OUTDIR receives everything (by convention validation/hw/<gpu>/<date>/, e.g.
# validation/hw/h200/2026-11-30/: microbench/native/README.md); ARCHIVE (a .tar.gz path), when
# given, is rewritten after every step so that what was measured survives a command cut short.
# It first builds what it runs (`make` in microbench/native: nvcc, g++, the nlohmann-json and fmt
# headers, see its Makefile; the tests/cuda programs with nvcc) for the GPU's architecture, then
# checks that there is a GPU: without one it stops there, exit 3, saying why. Every command that
# touches the GPU is written to OUTDIR/commands.txt as it runs.
#
# DRY_RUN=1: build everything, then print (and write to commands.txt) the commands that would
# run, without touching the GPU; exit 0. NATIVE_BUILD: the build folder (default
# microbench/native/build). STEPS picks steps (default: caches caches-driver shared l2 tlb
# bandwidth kernels workloads); time limits per step, in seconds: CACHES_S L2_S TLB_S SHARED_S
# BANDWIDTH_S KERNELS_S WORKLOADS_S (default 240); TOTAL_S caps the whole run (each step gets at
# most what is left). TLB_MIB: the largest TLB chase array (default 16384: a real GPU's TLB
# reach can pass the simulator's 1 GB); PROGRAMS: the tests/cuda programs timed; WORKLOADS: the
# workloads profiled (default: every one warpsim-workloads-native lists), WORKLOAD_SIZE (default
# small), WORKLOAD_LAUNCHES (default 64: Nsight Compute profiles the first that many kernel
# launches of each workload, `--launch-count`, and the rest run unprofiled; 0: all), WORKLOAD_S (one
# workload's limit, default 60); NCU_ARGS: more Nsight Compute options (for instance
# --cache-control none, to keep the caches warm between kernels as warpsim does).
set -u
if [ $# -lt 1 ]; then
  echo "usage: $0 OUTDIR [ARCHIVE]" >&2
  exit 64
fi
start=$SECONDS
deadline=$((start + ${TOTAL_S:-450}))
out=$1
archive=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dry=${DRY_RUN:-0}
[ "$dry" = 0 ] && dry=""
mkdir -p "$out" "${NATIVE_BUILD:-$here/build}"
out=$(cd "$out" && pwd)
build=$(cd "${NATIVE_BUILD:-$here/build}" && pwd)
probe=$build/warpsim-probe-native
runner=$build/warpsim-workloads-native
commands=$out/commands.txt
exec 3>&1  # the terminal, for what a dry run prints

log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$out/collect.log"; }
save() {
  [ -n "$archive" ] || return 0
  tar czf "$archive.tmp" -C "$(dirname "$out")" "$(basename "$out")" && mv "$archive.tmp" "$archive"
}
left() { echo $((deadline - SECONDS)); }
# At most $1 seconds, and no more than the run has left.
limit() {
  local l
  l=$(left)
  if [ "$1" -lt "$l" ]; then echo "$1"; else echo "$l"; fi
}
# gpu STDOUT STDERR COMMAND...: runs one command that uses the GPU, its output to the two files
# (relative to OUTDIR), after writing it to commands.txt; a dry run prints it instead.
quote() {  # the words, each quoted only where the shell needs it
  local word words=()
  for word in "$@"; do
    if [[ "$word" =~ ^[A-Za-z0-9_./:=,+@%-]+$ ]]; then words+=("$word"); else words+=("$(printf '%q' "$word")"); fi
  done
  echo "${words[*]}"
}
gpu() {
  local stdout=$1 stderr=$2 line
  shift 2
  line="$(quote "$@") > $stdout 2> $stderr"
  echo "(cd $out && $line)" >> "$commands"
  if [ -n "$dry" ]; then
    echo "would run: $line" >&3
    return 0
  fi
  "$@" > "$out/$stdout" 2> "$out/$stderr"
}

nvcc=$(command -v nvcc || echo "${CUDA:-/usr/local/cuda}/bin/nvcc")
# shellcheck disable=SC2012 # the first of the installed versions
ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
has_smi=$(command -v nvidia-smi || true)
cap=""
[ -n "$has_smi" ] && cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '. ')
arch=${ARCH:-sm_${cap:-90}}
steps=${STEPS:-caches caches-driver shared l2 tlb bandwidth kernels workloads}
want() { [[ " $steps " == *" $1 "* ]]; }
programs=${PROGRAMS:-"vector_ops matmul reduction transpose stencil_scan histogram nbody
  bitonic_sort pointer_chase grid3d intops memspaces"}
{
  echo "# microbench/native/collect.sh $*: $(date -u '+%F %T') UTC on $(hostname)"
  echo "# git $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (modified)'), arch $arch, steps: $steps"
  echo "# environment: STEPS='$steps' TOTAL_S=${TOTAL_S:-450} WORKLOAD_SIZE=${WORKLOAD_SIZE:-small} WORKLOAD_LAUNCHES=${WORKLOAD_LAUNCHES:-64} NCU_ARGS='${NCU_ARGS:-}'"
} > "$commands"

# ---- build (no GPU needed) ----
log "building for $arch in $build${dry:+ (dry run)}"
targets=()
{ want caches || want caches-driver || want shared || want l2 || want tlb || want bandwidth; } &&
  targets+=(probe)
want workloads && targets+=(workloads)
if want kernels; then
  mkdir -p "$build/programs"
  for p in $programs; do
    echo "$nvcc -O3 -arch=$arch -o $build/programs/$p $root/tests/cuda/$p.cu" >> "$commands"
    "$nvcc" -O3 -arch="$arch" -o "$build/programs/$p" "$root/tests/cuda/$p.cu" \
      > "$out/kernels-build-$p.log" 2>&1 &
  done
fi
if [ ${#targets[@]} -gt 0 ]; then
  echo "make -C $here -j$(nproc) ARCH=$arch OUT=$build ${targets[*]}" >> "$commands"
  make -C "$here" -j"$(nproc)" ARCH="$arch" OUT="$build" "${targets[@]}" > "$out/build.log" 2>&1 ||
    log "build failed (build.log); going on with what was built"
fi
wait
for f in "$out"/kernels-build-*.log; do
  [ -e "$f" ] || continue
  cat "$f" >> "$out/kernels-build.log"
  rm -f "$f"
done
log "built in $((SECONDS - start)) s"

# ---- is there a GPU? ----
if [ -z "$dry" ]; then
  why=""
  if [ -z "$has_smi" ]; then
    why="nvidia-smi is not installed"
  elif ! nvidia-smi -L > /dev/null 2>&1; then
    why="nvidia-smi -L: $(nvidia-smi -L 2>&1 | head -1)"
  fi
  # The driver API's own word (cuInit), where the runner was built.
  if [ -x "$runner" ] && ! "$runner" --device-info > "$out/device.txt" 2> "$out/device.err"; then
    why="${why:+$why; }$(head -1 "$out/device.err")"
  fi
  if [ -n "$why" ]; then
    log "no GPU here: $why; stopping before the measurements (DRY_RUN=1 prints them)"
    save
    exit 3
  fi
fi

log "gpu identity, driver and clocks"
clock_query=name,pci.bus_id,driver_version,compute_cap,clocks.sm,clocks.max.sm,clocks.mem,\
clocks.max.mem,clocks.applications.graphics,clocks.applications.memory,power.draw,power.limit,\
temperature.gpu,persistence_mode
gpu nvidia-smi.txt nvidia-smi.err nvidia-smi
gpu nvidia-smi-q.txt nvidia-smi-q.err nvidia-smi -q
gpu clocks-before.csv clocks-before.err nvidia-smi --query-gpu="$clock_query" --format=csv
[ -x "$runner" ] && gpu device.txt device.err "$runner" --device-info
{
  "$nvcc" --version
  [ -n "$ncu" ] && "$ncu" --version
  g++ --version | head -1
  uname -a
} > "$out/versions.txt" 2>&1
save

part() {  # NAME PARTS SECONDS [ARGS...]
  local name=$1 parts=$2 seconds
  seconds=$(limit "$3")
  shift 3
  want "$name" || return 0
  if [ "$seconds" -lt 5 ]; then
    log "probe $name: out of time (TOTAL_S)"
    return 0
  fi
  log "probe $name ($parts $*), at most $seconds s"
  gpu "probe-$name.txt" "probe-$name.err" timeout "$seconds" "$probe" --only "$parts" \
    --json "$out/probe-$name.json" --raw "$out/raw-$name.jsonl" "$@"
  log "probe $name exit $?${dry:+ (dry run)}"
  save
}
# The first-level caches twice: with the smallest carve-out (the most L1, as the presets choose)
# and with the driver's own choice.
part caches l1d,texture,readonly "${CACHES_S:-75}"
part caches-driver l1d,texture,readonly "${CACHES_S:-75}" --carveout driver
part shared shared "${SHARED_S:-30}"
part l2 l2 "${L2_S:-100}"
part tlb tlb,global "${TLB_S:-240}" --tlb-mib "${TLB_MIB:-16384}"
part bandwidth bandwidth "${BANDWIDTH_S:-75}"

metrics=gpu__time_duration.sum,gpc__cycles_elapsed.max,sm__cycles_elapsed.max,\
sm__cycles_active.max,sm__cycles_active.avg,smsp__inst_executed.sum,\
smsp__thread_inst_executed.sum,sm__cycles_elapsed.avg.per_second,\
l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum
if { want kernels || want workloads; } && [ -z "$ncu" ]; then
  log "no ncu here: kernel cycles not measured"
  ncu=ncu  # a dry run still shows the commands
  if [ -z "$dry" ]; then
    steps=${steps//kernels/}
    steps=${steps//workloads/}
  fi
fi
# shellcheck disable=SC2206 # NCU_ARGS is a list of options
ncu_cmd=("$ncu" --clock-control none ${NCU_ARGS:-} --csv --metrics "$metrics")

# Kernel cycles of the self-checking CUDA programs, for the preset comparison.
if want kernels; then
  step_end=$((SECONDS + $(limit "${KERNELS_S:-100}")))
  for p in $programs; do
    remaining=$((step_end - SECONDS))
    [ -x "$build/programs/$p" ] || { log "kernels: $p did not build (kernels-build.log)"; continue; }
    [ $remaining -gt 5 ] || { log "kernels: out of time before $p"; break; }
    log "kernels: $p"
    gpu "ncu-$p.csv" "ncu-$p.err" timeout "$remaining" "${ncu_cmd[@]}" "$build/programs/$p"
    log "kernels: $p exit $?${dry:+ (dry run)}"
  done
  save
fi

# Kernel launches of each workload at size small, counted by warpsim in functional mode
# (`warpsim run --mode functional --workload NAME:small`, 2026-11-29; the native runner launches
# as many): Nsight Compute profiles at most WORKLOAD_LAUNCHES of them, at about an eighth of a
# second each after about two seconds to start (the tests/cuda programs on the H100 and H200,
# 2026-11-27: 2-4 s for 2-15 kernels); a workload whose estimate passes the time left is
# skipped.
declare -A small_launches=(
  [polybench/2dconv]=1 [polybench/2mm]=2 [polybench/3dconv]=62 [polybench/3mm]=3
  [polybench/atax]=2 [polybench/bicg]=2 [polybench/corr]=4 [polybench/covar]=3
  [polybench/fdtd-2d]=60 [polybench/gemm]=1 [polybench/gesummv]=1 [polybench/gramschmidt]=384
  [polybench/mvt]=2 [polybench/syr2k]=1 [polybench/syrk]=1
  [rodinia/backprop]=2 [rodinia/backprop-u]=2 [rodinia/backprop-w48]=2 [rodinia/bfs]=16
  [rodinia/btree]=2 [rodinia/cfd]=14 [rodinia/gaussian]=190 [rodinia/heartwall]=1
  [rodinia/hotspot]=4 [rodinia/hotspot-u]=4 [rodinia/kmeans]=7 [rodinia/kmeans-b576]=5
  [rodinia/leukocyte]=3 [rodinia/lud]=46 [rodinia/lud-b22]=34 [rodinia/lud-u]=46
  [rodinia/myocyte]=650 [rodinia/nn]=1 [rodinia/nw]=127 [rodinia/nw-b32]=63 [rodinia/nw-u]=127
  [rodinia/particlefilter]=16 [rodinia/pathfinder]=5 [rodinia/pathfinder-u]=5 [rodinia/srad]=4
  [rodinia/srad-b24]=4 [rodinia/srad-u]=4 [rodinia/srad-v1]=12 [rodinia/streamcluster]=8
)
if want workloads && [ ! -x "$runner" ]; then
  log "workloads: $runner was not built (build.log; without fmt's headers on this machine," \
    "run 'make -C microbench/native headers' where they are and bring build/include along)"
elif want workloads; then
  size=${WORKLOAD_SIZE:-small}
  cap=${WORKLOAD_LAUNCHES:-64}
  workloads=${WORKLOADS:-$("$runner" --list 2> /dev/null | awk '{print $1}')}
  [ -n "$workloads" ] || log "workloads: $runner lists none"
  step_end=$((SECONDS + $(limit "${WORKLOADS_S:-240}")))
  : > "$out/workloads.txt"
  for w in $workloads; do
    file=ncu-${w//\//_}
    remaining=$((step_end - SECONDS))
    launches=${small_launches[$w]:-64}
    [ "$cap" -gt 0 ] && [ "$launches" -gt "$cap" ] && launches=$cap
    estimate=$((2 + (launches + 7) / 8))
    if [ "$remaining" -lt "$estimate" ]; then
      log "workloads: $w skipped (about $estimate s for $launches profiled launches, $remaining s left)"
      echo "$w: SKIPPED (time)" >> "$out/workloads.txt"
      continue
    fi
    seconds=$remaining
    [ "$seconds" -gt "${WORKLOAD_S:-60}" ] && seconds=${WORKLOAD_S:-60}
    count=()
    [ "$cap" -gt 0 ] && count=(--launch-count "$cap")
    log "workloads: $w ($size, ${count[*]:-every launch profiled})"
    t0=$SECONDS
    gpu "$file.csv" "$file.err" timeout "$seconds" "${ncu_cmd[@]}" "${count[@]}" \
      "$runner" --kernels "$build/workloads" "$w:$size"
    status=$?
    log "workloads: $w exit $status in $((SECONDS - t0)) s${dry:+ (dry run)}"
    if [ -z "$dry" ]; then
      verdict=$(grep -h -E "^$w: (PASS|FAIL)" "$out/$file.csv" "$out/$file.err" | head -1)
      echo "${verdict:-$w: exit $status} [$((SECONDS - t0)) s]" >> "$out/workloads.txt"
    fi
  done
  save
fi

gpu clocks-after.csv clocks-after.err nvidia-smi --query-gpu="$clock_query" --format=csv
save
log "done in $((SECONDS - start)) s"

#!/usr/bin/env bash
# Measures a real GPU for validation/hw/<gpu>/: the native microbenchmark suite part by part
# (each under its own time limit, so one slow or failing part costs only itself) with its raw
# chase records, the GPU's identity and clocks, and the cycles and instructions of the
# tests/cuda programs' kernels under Nsight Compute, for comparison with the simulator's preset.
#
#   microbench/native/collect.sh OUTDIR [ARCHIVE]
#
# OUTDIR receives everything; ARCHIVE (a .tar.gz path), when given, is rewritten after every
# step so that what was measured survives a command cut short. Builds the suite first when
# microbench/native/build/ lacks it (nvcc, g++, nlohmann-json; JSON_INCLUDE as in the Makefile).
# STEPS picks steps (default: caches caches-driver shared l2 tlb bandwidth kernels); time limits
# per step, in seconds: CACHES_S L2_S TLB_S SHARED_S BANDWIDTH_S KERNELS_S; TLB_MIB: the largest
# TLB chase array (default 16384: a real GPU's TLB reach can pass the simulator's 1 GB);
# PROGRAMS: the tests/cuda programs timed; NCU_ARGS: more Nsight Compute options (for instance
# --cache-control none, to keep the caches warm between kernels as warpsim does).
set -u
if [ $# -lt 1 ]; then
  echo "usage: $0 OUTDIR [ARCHIVE]" >&2
  exit 64
fi
out=$1
archive=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$here/build/warpsim-probe-native
mkdir -p "$out"
out=$(cd "$out" && pwd)

log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$out/collect.log"; }
save() {
  [ -n "$archive" ] || return 0
  tar czf "$archive.tmp" -C "$(dirname "$out")" "$(basename "$out")" && mv "$archive.tmp" "$archive"
}

log "gpu identity and clocks"
nvidia-smi > "$out/nvidia-smi.txt" 2>&1
nvidia-smi -q >> "$out/nvidia-smi.txt" 2>&1
nvcc=$(command -v nvcc || echo "${CUDA:-/usr/local/cuda}/bin/nvcc")
"$nvcc" --version > "$out/nvcc.txt" 2>&1
uname -a >> "$out/nvcc.txt"
cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '. ')
arch=sm_${cap:-90}
save

# A suite that starts exits 1 for the unknown part; 126/127: not executable, or libraries missing.
"$bin" --only nothing > /dev/null 2>&1
if [ $? -ge 126 ]; then
  log "the prebuilt suite does not start here; building it for $arch"
  json=()
  [ -d "$here/build/include/nlohmann" ] && json=(JSON_INCLUDE="$here/build/include")
  make -B -C "$here" ARCH="$arch" "${json[@]}" > "$out/build.log" 2>&1 || log "build failed"
fi

steps=${STEPS:-caches caches-driver shared l2 tlb bandwidth kernels}
want() { [[ " $steps " == *" $1 "* ]]; }
part() {  # NAME PARTS SECONDS [ARGS...]
  local name=$1 parts=$2 seconds=$3
  shift 3
  want "$name" || return 0
  log "probe $name ($parts $*), at most $seconds s"
  timeout "$seconds" "$bin" --only "$parts" --json "$out/probe-$name.json" \
    --raw "$out/raw-$name.jsonl" "$@" > "$out/probe-$name.txt" 2> "$out/probe-$name.err"
  log "probe $name exit $?"
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
want kernels || { log "done"; exit 0; }

# Kernel cycles of the self-checking CUDA programs, for the preset comparison.
programs=${PROGRAMS:-"vector_ops matmul reduction transpose stencil_scan histogram nbody
  bitonic_sort pointer_chase grid3d intops memspaces"}
ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -z "$ncu" ]; then
  log "no ncu here: kernel cycles not measured"
  exit 0
fi
log "kernels: building $programs for $arch"
mkdir -p /tmp/warpsim-native-programs
for p in $programs; do
  "$nvcc" -O3 -arch="$arch" -o "/tmp/warpsim-native-programs/$p" "$root/tests/cuda/$p.cu" \
    >> "$out/kernels-build.log" 2>&1 &
done
wait
metrics=gpu__time_duration.sum,gpc__cycles_elapsed.max,sm__cycles_elapsed.max,\
sm__cycles_active.max,sm__cycles_active.avg,smsp__inst_executed.sum,\
smsp__thread_inst_executed.sum,sm__cycles_elapsed.avg.per_second,\
l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum
deadline=$((SECONDS + ${KERNELS_S:-100}))
for p in $programs; do
  left=$((deadline - SECONDS))
  [ -x "/tmp/warpsim-native-programs/$p" ] || { log "kernels: $p did not build"; continue; }
  [ $left -gt 5 ] || { log "kernels: out of time before $p"; break; }
  log "kernels: $p"
  # shellcheck disable=SC2086 # NCU_ARGS is a list of options
  timeout "$left" "$ncu" --clock-control none ${NCU_ARGS:-} --csv --metrics "$metrics" \
    "/tmp/warpsim-native-programs/$p" > "$out/ncu-$p.csv" 2> "$out/ncu-$p.err"
  log "kernels: $p exit $?"
done
save
log "done"

# warpsim — top-level entry points. `make run` and `make test` work on a fresh Debian 12
# machine: both install what the build needs first (scripts/install-deps).
#
#   make run            build warpsim and its CUDA runtime libraries (no test program), then
#                       simulate RUN_WORKLOAD (default polybench/atax:small) on RUN_GPU
#                       (default gtx480) and print a summary; stats in BUILD_DIR/run-out
#   make test           build and run the test suite (CTest + GoogleTest), all but the tests
#                       labelled `slow` (the L2 probes of the presets with big L2s)
#   make test-slow      build and run those (about 40 minutes on 2 cores)
#   make test SANITIZE=1  the unit tests (label unit) under AddressSanitizer +
#                       UndefinedBehaviorSanitizer, building only their programs
#   make bench          speed benchmarks (bench/)
#   make format / lint  clang-format in place / clang-format check + clang-tidy
#   make fuzz           libFuzzer on the PTX parser for FUZZ_SECONDS (default 600)
#   make experiment-mrpb  seed 004's (MRPB) experiments with `warpsim sweep`, EXPERIMENT_JOBS
#                       runs at a time (default 2), at EXPERIMENT_SIZE (default: the files',
#                       small), then their reports and figures; results in experiments/mrpb/out/
#                       (experiments/mrpb/README.md)
#   make experiment-seed001  seed 001's experiments the same way: the cache screen, the
#                       scheduler preference, the throttling sweep with its bottleneck
#                       classifier, static and dynamic PCAL, CCWS, AgeLRU and RPR
#                       (experiments/cache-screen, schedulers, throttle, pcal, agelru, rpr)
#   make experiment-seed000  seed 000's Decoupled L1D against BL, BALL, MRPB, PDP and
#                       Profiled-BYPASS, with SM dueling (experiments/decoupled-l1d), and its
#                       shared memory vs L1D study (experiments/smem-vs-dcache), its I-cache
#                       prefetching study (experiments/icache), CNN layouts (experiments/cnn)
#                       and the data-placement compiler (experiments/placement)
#   make experiment-placement  seed 000 ch. 3 alone: `warpsim place` on Table 3.3's benchmarks
#   make experiment-seed002  seed 002's scratchpad sharing: the 16 KB comparison of schemes, the
#                       48/64 KB configurations and the t sweep (experiments/scratchpad)
#   make correlate      warpsim beside the real GPUs' Nsight Compute data (validation/hw) for
#                       every data set of validation/correlate/datasets.yaml, CORRELATE_JOBS runs
#                       at a time (default 2): validation/report/ and validation/correlation.json
#                       (validation/correlate/README.md)
#   make issue-costs    refit the h100 preset's sm.issue_costs table (SASS instructions per PTX
#                       instruction) on the H100's instruction counts (validation/issue_costs)

SHELL := /bin/bash
JOBS ?= $(shell nproc)
BUILD_TYPE ?= RelWithDebInfo
WERROR := $(if $(CI),ON,OFF)
# Line tables only (-g1) in CI and in the sanitized tree: faster builds (CMakeLists.txt).
DEBUG_LINES := $(if $(CI)$(filter 1,$(SANITIZE)),ON,OFF)

ifeq ($(SANITIZE),1)
BUILD_DIR ?= build-asan
CMAKE_FLAGS += -DWARPSIM_SANITIZE=ON -DWARPSIM_BENCH=OFF
TEST_LABEL ?= unit
else
BUILD_DIR ?= build
endif

TEST_LABEL ?=
CTEST_FLAGS := --output-on-failure -j $(JOBS) $(if $(TEST_LABEL),-L $(TEST_LABEL),) -LE slow
SOURCES = $(shell git ls-files '*.cc' '*.h' 2>/dev/null)

FUZZ_SECONDS ?= 600
FUZZ_DIR := build-fuzz

# The Debian interpreter: scripts/install-deps installs matplotlib as python3-matplotlib.
PYTHON ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,python3)
EXPERIMENT_SIZE ?=
EXPERIMENT_JOBS ?= 2
MRPB_EXPERIMENTS := experiments/mrpb/mrpb.yaml experiments/mrpb/unshared.yaml

.PHONY: deps configure build run test test-slow bench format lint fuzz clean experiment-mrpb \
        experiment-seed000 experiment-seed001 experiment-seed002 experiment-placement correlate \
        issue-costs

deps:
	@scripts/install-deps

$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DWARPSIM_WERROR=$(WERROR) -DWARPSIM_DEBUG_LINES=$(DEBUG_LINES) $(CMAKE_FLAGS)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) $(if $(BUILD_TARGET),--target $(BUILD_TARGET),)

RUN_WORKLOAD ?= polybench/atax:small
RUN_GPU ?= gtx480

run: BUILD_TARGET = warpsim
run: build
	$(BUILD_DIR)/warpsim run --workload $(RUN_WORKLOAD) --gpu $(RUN_GPU) --summary --out $(BUILD_DIR)/run-out

# The sanitized tests build only their own programs (tests/CMakeLists.txt's unit_tests target;
# a target-specific value also holds for `build` when `test` asks for it).
ifeq ($(SANITIZE),1)
test: BUILD_TARGET = unit_tests
endif
test: build
	ctest --test-dir $(BUILD_DIR) $(CTEST_FLAGS)

test-slow: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -L slow

bench: build
	bench/run $(BUILD_DIR)

format: deps
	clang-format -i $(SOURCES)

lint: configure
	clang-format --dry-run --Werror $(SOURCES)
	clang-tidy -p $(BUILD_DIR) --quiet $(filter %.cc,$(SOURCES))

fuzz: deps
	cmake -S . -B $(FUZZ_DIR) -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DWARPSIM_FUZZ=ON -DWARPSIM_BENCH=OFF
	cmake --build $(FUZZ_DIR) -j $(JOBS) --target ptx_parser_fuzz
	mkdir -p $(FUZZ_DIR)/corpus
	$(FUZZ_DIR)/ptx_parser_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
	  -rss_limit_mb=2048 -print_final_stats=1 $(FUZZ_DIR)/corpus ptx/sm_75 ptx/sm_90

# Reports what finished even when a run failed, then exits with the first failed sweep's status.
# Runs and reports each experiment file of $(1); a failed sweep's status is kept in `status`.
sweep_each = status=0; size="$(if $(EXPERIMENT_SIZE),--size $(EXPERIMENT_SIZE),)"; \
	for exp in $(1); do \
	  $(BUILD_DIR)/warpsim sweep run $$exp --jobs $(EXPERIMENT_JOBS) $$size || \
	    { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	  $(BUILD_DIR)/warpsim sweep report $$exp $$size > /dev/null || exit; \
	done

experiment-mrpb: build
	$(call sweep_each,$(MRPB_EXPERIMENTS)); exit $$status

SEED001_EXPERIMENTS := experiments/cache-screen/cache-screen.yaml \
  experiments/schedulers/schedulers.yaml experiments/throttle/throttle.yaml \
  experiments/pcal/pcal.yaml experiments/pcal/dynamic.yaml experiments/pcal/ccws.yaml \
  experiments/agelru/agelru.yaml experiments/rpr/cta.yaml experiments/rpr/rpr.yaml
RPR_CAPS := mars/ii=0,mars/ss=3,ccws/kmn=1,comd/comd=3,lonestar/bfs=2,lonestar/sssp=2,rodinia/streamcluster=0,mars/sm=0
experiment-seed001: build
	$(call sweep_each,$(SEED001_EXPERIMENTS)); \
	experiments/throttle/classify experiments/throttle/out/throttle$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)/report/runs.csv || \
	  { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	experiments/pcal/best experiments/pcal/out/pcal$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)/report/runs.csv \
	  experiments/throttle/out/throttle$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)/report/runs.csv \
	  experiments/pcal/out/pcal-ccws$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)/report/runs.csv || \
	  { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	experiments/agelru/summary experiments/agelru/out/agelru$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)/report/runs.csv || \
	  { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	experiments/rpr/summary experiments/rpr/out/rpr-cta$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)/report/runs.csv \
	  experiments/rpr/out/rpr$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)/report/runs.csv --caps=$(RPR_CAPS) || \
	  { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	exit $$status

SEED000_EXPERIMENTS := experiments/decoupled-l1d/decoupled-l1d.yaml \
  experiments/decoupled-l1d/characterize.yaml experiments/decoupled-l1d/tags.yaml \
  experiments/decoupled-l1d/l1size.yaml experiments/decoupled-l1d/schedulers.yaml \
  experiments/decoupled-l1d/replacement.yaml experiments/decoupled-l1d/dueling.yaml \
  experiments/smem-vs-dcache/smem-vs-dcache.yaml \
  experiments/smem-vs-dcache/tlp.yaml experiments/smem-vs-dcache/l1d.yaml \
  experiments/smem-vs-dcache/split.yaml experiments/smem-vs-dcache/case-studies.yaml \
  experiments/icache/icache.yaml \
  experiments/icache/icache-2k.yaml experiments/cnn/conv-layout.yaml \
  experiments/cnn/transform.yaml experiments/cnn/pool.yaml experiments/cnn/softmax.yaml
PLACEMENT_SIZE := $(if $(EXPERIMENT_SIZE),$(EXPERIMENT_SIZE),small)
SVD_OUT := experiments/smem-vs-dcache/out/smem-vs-dcache

experiment-seed000: build
	$(call sweep_each,$(SEED000_EXPERIMENTS)); \
	experiments/decoupled-l1d/summary experiments/decoupled-l1d/out/decoupled-l1d$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)/report/runs.csv || \
	  { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	sfx="$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)"; experiments/smem-vs-dcache/summary \
	  $(SVD_OUT)$$sfx/report/runs.csv $(SVD_OUT)-tlp$$sfx/report/runs.csv \
	  $(SVD_OUT)-l1d$$sfx/report/runs.csv $(SVD_OUT)-split$$sfx/report/runs.csv \
	  $(SVD_OUT)-cases$$sfx/report/runs.csv || \
	  { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	for e in conv-layout transform pool softmax; do \
	  experiments/cnn/summary experiments/cnn/out/cnn-$$e$$sfx/report/runs.csv || \
	    { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	done; \
	experiments/placement/run --size $(PLACEMENT_SIZE) gtx480 gtx780 || \
	  { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	exit $$status

# Seed 000 ch. 3 alone: the data-placement compiler on Table 3.3's benchmarks.
experiment-placement: build
	experiments/placement/run --size $(PLACEMENT_SIZE) gtx480 gtx780

SEED002_EXPERIMENTS := experiments/scratchpad/scratchpad.yaml experiments/scratchpad/larger.yaml \
  experiments/scratchpad/t.yaml

experiment-seed002: build
	$(call sweep_each,$(SEED002_EXPERIMENTS)); \
	experiments/scratchpad/summary experiments/scratchpad/out/scratchpad$(if $(EXPERIMENT_SIZE),-$(EXPERIMENT_SIZE),)/report || \
	  { s=$$?; [[ $$status -ne 0 ]] || status=$$s; }; \
	exit $$status

# The hardware correlator needs warpsim and the tests/cuda programs the data sets profile.
CORRELATE_PROGRAMS := vector_ops matmul reduction transpose stencil_scan histogram nbody \
  bitonic_sort pointer_chase grid3d intops memspaces
CORRELATE_JOBS ?= 2

correlate: BUILD_TARGET = warpsim $(addprefix cuda_,$(CORRELATE_PROGRAMS))
correlate: build
	$(PYTHON) validation/correlate/correlate --warpsim $(BUILD_DIR)/warpsim \
	  --programs-root . --out validation/report --json validation/correlation.json \
	  --jobs $(CORRELATE_JOBS)

# The h100 preset's sm.issue_costs table, fitted on the H100's instruction counts
# (validation/issue_costs/fit.py; docs/timing.md "Issue costs").
issue-costs: BUILD_TARGET = warpsim $(addprefix cuda_,$(CORRELATE_PROGRAMS))
issue-costs: build
	$(PYTHON) validation/issue_costs/fit.py --warpsim $(BUILD_DIR)/warpsim --dataset h100-flushed \
	  --jobs $(CORRELATE_JOBS) --out configs/issue_costs/h100.yaml

clean:
	rm -rf build build-asan build-fuzz

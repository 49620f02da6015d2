# bloomcalc - build, test, install.
#
#   make              build/bloomcalc, build/bloomsim, build/libbloomcalc.a, build/libbloomsim.a
#   make check        the whole test suite: CUnit suites and CLI tests, then again under ASan+UBSan
#   make check-peers  the real libraries (Guava, libbloom, bits-and-blooms, RocksDB, npm bloom-filters)
#   make check-slurm  README's Slurm recipe on a one-node Slurm cluster started on the loopback (root)
#   make check-kubernetes  the Kubernetes manifests (sim/deploy/kubernetes) read by the client's models,
#                     their shell lines run locally for every index and merged
#   make bench        benchmarks (ratios against a baseline measured in the same run)
#   make bench-full   the simulator benchmark plus the whole "plan 1e9 1%" run and sharding (minutes)
#   make data         regenerate the tables in data/
#   make report       regenerate report/
#   make install      programs, shared and static library, headers, pkg-config file, man pages,
#                     bash completion (PREFIX, default /usr/local, and DESTDIR honoured; calc/install.mk)
#   make uninstall    removes what install installed
#   make cppcheck     static analysis
#   make fuzz         libFuzzer targets (tests/fuzz, clang), each for FUZZ_SECONDS (default 60)
#   make memcheck     valgrind memcheck of the calculator's tests and of bloomcalc commands

CC        ?= cc
OPTIMIZE  ?= -O2 -g
WARNINGS   = -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS    ?=
CPPFLAGS  += -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
LDFLAGS   ?=
BUILD     ?= build
PREFIX    ?= /usr/local
DESTDIR   ?=

CALC_LIBS  = -lmpfi -lmpfr -lgmp -lm
SIM_LIBS   = -lxxhash -lpthread

ALL_CFLAGS = $(WARNINGS) $(OPTIMIZE) $(CFLAGS)

# Layers (see README "Layout"): each folder sees only its own headers and
# those of the layers below it, so an include against the direction does not
# compile (and tests/check_layers.sh says which one).
#   calc/src <- calc/cli <- calc/bloomcalc
#   calc/src <- sim/filter <- sim/engine <- sim/judge <- sim/shard <- sim/bloomsim (which also uses calc/cli)
INCLUDE_calc_src       = -Icalc/include/bloomcalc -Icalc/src
INCLUDE_calc_cli       = -Icalc/include/bloomcalc -Icalc/cli
INCLUDE_calc_bloomcalc = $(INCLUDE_calc_cli) -Icalc/bloomcalc
INCLUDE_sim_filter     = -Icalc/include/bloomcalc -Isim/filter
INCLUDE_sim_engine     = $(INCLUDE_sim_filter) -Isim/engine
INCLUDE_sim_judge      = $(INCLUDE_sim_engine) -Isim/judge
INCLUDE_sim_shard      = $(INCLUDE_sim_judge) -Isim/shard
INCLUDE_sim_bloomsim   = $(INCLUDE_sim_shard) -Icalc/cli -Isim/bloomsim
INCLUDE_tests          = $(INCLUDE_sim_bloomsim) -Icalc/bloomcalc -Icalc/src -Itests
INCLUDE_tests_bench    = $(INCLUDE_tests)
INCLUDE_tests_fuzz     = $(INCLUDE_tests)
INCLUDE_tests_peers    = $(INCLUDE_tests)
INCLUDE_fuzz           = $(INCLUDE_tests)
layer_of = $(subst /,_,$(patsubst %/,%,$(dir $(1))))

CALC_LIB_SOURCES = $(wildcard calc/src/*.c)
CLI_SOURCES      = $(wildcard calc/cli/*.c)
CALC_CLI_SOURCES = $(wildcard calc/bloomcalc/*.c)
SIM_SOURCES      = $(wildcard sim/filter/*.c sim/engine/*.c sim/judge/*.c sim/shard/*.c)
SIM_CLI_SOURCES  = $(wildcard sim/bloomsim/*.c)
CALC_SOURCES     = $(CALC_LIB_SOURCES)
TEST_RUNNER      = tests/runner.c
CALC_TESTS       = $(wildcard tests/calc_*.c)
SIM_TESTS        = $(wildcard tests/sim_*.c)

objects = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

CALC_LIB = $(BUILD)/libbloomcalc.a
CLI_LIB  = $(BUILD)/libbloomcli.a
SIM_LIB  = $(BUILD)/libbloomsim.a
PROGRAMS = $(BUILD)/bloomcalc $(if $(SIM_CLI_SOURCES),$(BUILD)/bloomsim)
TEST_PROGRAMS = $(BUILD)/tests/calc_tests $(if $(SIM_TESTS),$(BUILD)/tests/sim_tests)

.DEFAULT_GOAL := all
include calc/install.mk

.PHONY: all check test-programs bench bench-full data report install uninstall cppcheck clean fuzz fuzz-programs memcheck
all: $(CALC_LIB) $(CALC_SHARED_LIB) $(CLI_LIB) $(SIM_LIB) $(PROGRAMS) $(MAN_PAGES) $(COMPLETIONS)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(INCLUDE_$(call layer_of,$<)) $(ALL_CFLAGS) $(PIC_$(call layer_of,$<)) -MMD -MP -c $< -o $@

$(CALC_LIB): $(call objects,$(CALC_SOURCES))
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(CLI_LIB): $(call objects,$(CLI_SOURCES))
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(SIM_LIB): $(call objects,$(SIM_SOURCES))
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/bloomcalc: $(call objects,$(CALC_CLI_SOURCES)) $(CLI_LIB) $(CALC_LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(CALC_LIBS) -o $@

$(BUILD)/bloomsim: $(call objects,$(SIM_CLI_SOURCES)) $(CLI_LIB) $(SIM_LIB) $(CALC_LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(SIM_LIBS) $(CALC_LIBS) -o $@

$(BUILD)/tests/calc_tests: $(call objects,$(TEST_RUNNER) $(CALC_TESTS)) $(CLI_LIB) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ -lcunit $(CALC_LIBS) -o $@

$(BUILD)/tests/sim_tests: $(call objects,$(TEST_RUNNER) $(SIM_TESTS)) $(CLI_LIB) $(SIM_LIB) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ -lcunit $(SIM_LIBS) $(CALC_LIBS) -o $@

test-programs: all $(TEST_PROGRAMS)

# The whole suite: the plain build, then the same tests built with ASan + UBSan.
SANITIZE_BUILD = build/sanitize
SANITIZE_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

check: test-programs
	@$(MAKE) --no-print-directory BUILD=$(SANITIZE_BUILD) OPTIMIZE="$(SANITIZE_FLAGS)" \
	  LDFLAGS="-fsanitize=address,undefined" test-programs
	@tests/run_all.sh $(BUILD):plain $(SANITIZE_BUILD):sanitizer

# libFuzzer targets (tests/fuzz/fuzz_*.c) built by clang with ASan + UBSan,
# then run for FUZZ_SECONDS each from the seed corpus (tests/fuzz/run.sh).
# The command-line targets run bloomcalc's and bloomsim's own main
# in-process, compiled under another name (tests/fuzz/entry_points.h).
FUZZ_BUILD    = build/fuzz
FUZZ_CC       = clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS    = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_TARGETS  = $(filter-out fuzz_support,$(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_SUPPORT  = $(call objects,tests/fuzz/fuzz_support.c)
FUZZ_CALC_CLI = $(call objects,$(filter-out calc/bloomcalc/main.c,$(CALC_CLI_SOURCES))) $(BUILD)/obj/fuzz/bloomcalc_main.o
FUZZ_SIM_CLI  = $(call objects,$(filter-out sim/bloomsim/main.c,$(SIM_CLI_SOURCES))) $(BUILD)/obj/fuzz/bloomsim_main.o

fuzz:
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) \
	  OPTIMIZE="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" LDFLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer" \
	  fuzz-programs
	@tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-programs: $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS))

$(BUILD)/obj/fuzz/%_main.o: tests/fuzz/entry_points.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(INCLUDE_$(if $(filter bloomcalc,$*),calc_bloomcalc,sim_bloomsim)) $(ALL_CFLAGS) \
	  -D main=$*_main -include tests/fuzz/entry_points.h \
	  -MMD -MP -c $(if $(filter bloomcalc,$*),calc/bloomcalc,sim/bloomsim)/main.c -o $@

$(BUILD)/fuzz/fuzz_numbers $(BUILD)/fuzz/fuzz_options: $(BUILD)/fuzz/%: $(call objects,tests/fuzz/%.c) \
  $(FUZZ_SUPPORT) $(CLI_LIB) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(CALC_LIBS) -o $@

$(BUILD)/fuzz/fuzz_bloomcalc: $(call objects,tests/fuzz/fuzz_bloomcalc.c) $(FUZZ_SUPPORT) $(FUZZ_CALC_CLI) \
  $(CLI_LIB) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(CALC_LIBS) -o $@

$(BUILD)/fuzz/fuzz_bloomsim: $(call objects,tests/fuzz/fuzz_bloomsim.c) $(FUZZ_SUPPORT) $(FUZZ_SIM_CLI) \
  $(CLI_LIB) $(SIM_LIB) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(SIM_LIBS) $(CALC_LIBS) -o $@

# valgrind memcheck: definite and indirect leaks and every memory error fail.
memcheck: test-programs
	@tests/memcheck.sh $(BUILD)

BENCH_SOURCES = $(wildcard tests/bench/bench_*.c)
BENCH_PROGRAMS = $(patsubst tests/bench/%.c,$(BUILD)/bench/%,$(BENCH_SOURCES))

$(BUILD)/bench/bench_calc: $(call objects,tests/bench/bench_calc.c) $(CLI_LIB) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(CALC_LIBS) -o $@

# The simulator benchmark also times libbloom (Debian libbloom-dev), the C library a user would pick instead.
$(BUILD)/bench/bench_sim%: $(BUILD)/obj/tests/bench/bench_sim%.o $(CLI_LIB) $(SIM_LIB) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(SIM_LIBS) -lbloom $(CALC_LIBS) -o $@

bench: all $(BENCH_PROGRAMS)
	@tests/bench.sh $(BUILD)

# The simulator benchmark with the whole "bloomsim plan 1e9 1% --queries 1e9" run added,
# then what sharding costs (tests/bench/scaling.sh: shards with and without
# --filter-file, both cores, a merge of 1000 shards).
bench-full: all $(BUILD)/bench/bench_sim_filters
	BLOOMSIM_BENCH_FULL=1 $(BUILD)/bench/bench_sim_filters
	@tests/bench/scaling.sh $(BUILD)

data: all
	@sh data/generate.sh $(BUILD)

report: data
	@sh report/generate.sh $(BUILD)

cppcheck:
	cppcheck --quiet --error-exitcode=1 --enable=warning,style,performance,portability \
	  --std=c11 --inline-suppr --suppress=missingIncludeSystem $(INCLUDE_tests) calc sim tests

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

# The real libraries (tests/peers/run.sh): installs Guava, libbloom,
# bits-and-blooms, RocksDB and the npm bloom-filters, and checks that
# bloomcalc's sizes and rates for them, and bloomsim's bit arrays, are the
# libraries' own (about 5 minutes on an idle machine, installs included).
.PHONY: check-peers
check-peers: all $(BUILD)/peers/peer_interval $(BUILD)/peers/peer_bits
	@tests/peers/run.sh $(BUILD)

# README.md's Slurm recipe as it stands, on a Slurm cluster of one node
# started on 127.0.0.1 (tests/slurm/check.sh: installs slurm-wlm and munge
# when missing; runs as root).
.PHONY: check-slurm check-kubernetes
check-slurm: all
	@tests/slurm/check.sh $(BUILD)

# The Kubernetes set, offline: the manifests through python3-kubernetes's
# models, the pods' shell lines run here for every index, then merged
# (tests/kubernetes/check.sh).
check-kubernetes: all
	@tests/kubernetes/check.sh $(BUILD)

$(BUILD)/peers/%: $(call objects,tests/peers/%.c) $(SIM_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(SIM_LIBS) -lm -o $@

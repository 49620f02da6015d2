# bloomcalc - build, test, install.
#
#   make              build/bloomcalc, build/bloomsim, build/libbloomcalc.a, build/libbloomsim.a
#   make check        the whole test suite: CUnit suites and CLI tests, then again under ASan+UBSan
#   make bench        benchmarks (ratios against a baseline measured in the same run)
#   make bench-full   the simulator benchmark plus the whole "plan 1e9 1%" run (minutes)
#   make data         regenerate the tables in data/
#   make report       regenerate report/
#   make install      PREFIX (default /usr/local) and DESTDIR honoured
#   make cppcheck     static analysis
#   make fuzz         libFuzzer targets (tests/fuzz, clang), each for FUZZ_SECONDS (default 60)
#   make memcheck     valgrind memcheck of the calculator's tests and of bloomcalc commands

CC        ?= cc
OPTIMIZE  ?= -O2 -g
WARNINGS   = -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS    ?=
CPPFLAGS  += -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Icalc -Isim
LDFLAGS   ?=
BUILD     ?= build
PREFIX    ?= /usr/local
DESTDIR   ?=

CALC_LIBS  = -lmpfi -lmpfr -lgmp -lm
SIM_LIBS   = -lxxhash -lpthread

ALL_CFLAGS = $(WARNINGS) $(OPTIMIZE) $(CFLAGS)

CALC_CLI_SOURCES = calc/main.c $(wildcard calc/command_*.c)
CALC_SOURCES     = $(filter-out $(CALC_CLI_SOURCES), $(wildcard calc/*.c))
SIM_CLI_SOURCES  = $(wildcard sim/main.c sim/command_*.c)
SIM_SOURCES      = $(filter-out $(SIM_CLI_SOURCES), $(wildcard sim/*.c))
TEST_RUNNER      = tests/runner.c
CALC_TESTS       = $(wildcard tests/calc_*.c)
SIM_TESTS        = $(wildcard tests/sim_*.c)

objects = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

CALC_LIB = $(BUILD)/libbloomcalc.a
SIM_LIB  = $(BUILD)/libbloomsim.a
PROGRAMS = $(BUILD)/bloomcalc $(if $(SIM_CLI_SOURCES),$(BUILD)/bloomsim)
TEST_PROGRAMS = $(BUILD)/tests/calc_tests $(if $(SIM_TESTS),$(BUILD)/tests/sim_tests)

.PHONY: all check test-programs bench bench-full data report install cppcheck clean fuzz fuzz-programs memcheck
all: $(CALC_LIB) $(if $(SIM_SOURCES),$(SIM_LIB)) $(PROGRAMS)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(CALC_LIB): $(call objects,$(CALC_SOURCES))
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(SIM_LIB): $(call objects,$(SIM_SOURCES))
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/bloomcalc: $(call objects,$(CALC_CLI_SOURCES)) $(CALC_LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(CALC_LIBS) -o $@

$(BUILD)/bloomsim: $(call objects,$(SIM_CLI_SOURCES)) $(SIM_LIB) $(CALC_LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(SIM_LIBS) $(CALC_LIBS) -o $@

$(BUILD)/tests/calc_tests: $(call objects,$(TEST_RUNNER) $(CALC_TESTS)) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ -lcunit $(CALC_LIBS) -o $@

$(BUILD)/tests/sim_tests: $(call objects,$(TEST_RUNNER) $(SIM_TESTS)) $(SIM_LIB) $(CALC_LIB)
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
FUZZ_FLAGS    = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
                -DBLOOM_MAX_HASHES=100UL
FUZZ_TARGETS  = $(filter-out fuzz_support,$(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_SUPPORT  = $(call objects,tests/fuzz/fuzz_support.c)
FUZZ_CALC_CLI = $(call objects,$(filter-out calc/main.c,$(CALC_CLI_SOURCES))) $(BUILD)/obj/fuzz/bloomcalc_main.o
FUZZ_SIM_CLI  = $(call objects,$(filter-out sim/main.c,$(SIM_CLI_SOURCES))) $(BUILD)/obj/fuzz/bloomsim_main.o

fuzz:
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) \
	  OPTIMIZE="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" LDFLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer" \
	  fuzz-programs
	@tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-programs: $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS))

$(BUILD)/obj/fuzz/%_main.o: tests/fuzz/entry_points.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -D main=$*_main -include tests/fuzz/entry_points.h \
	  -MMD -MP -c $(if $(filter bloomcalc,$*),calc,sim)/main.c -o $@

$(BUILD)/fuzz/fuzz_numbers $(BUILD)/fuzz/fuzz_options: $(BUILD)/fuzz/%: $(call objects,tests/fuzz/%.c) \
  $(FUZZ_SUPPORT) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(CALC_LIBS) -o $@

$(BUILD)/fuzz/fuzz_bloomcalc: $(call objects,tests/fuzz/fuzz_bloomcalc.c) $(FUZZ_SUPPORT) $(FUZZ_CALC_CLI) \
  $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(CALC_LIBS) -o $@

$(BUILD)/fuzz/fuzz_bloomsim: $(call objects,tests/fuzz/fuzz_bloomsim.c) $(FUZZ_SUPPORT) $(FUZZ_SIM_CLI) \
  $(SIM_LIB) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(SIM_LIBS) $(CALC_LIBS) -o $@

# valgrind memcheck: definite and indirect leaks and every memory error fail.
memcheck: test-programs
	@tests/memcheck.sh $(BUILD)

BENCH_SOURCES = $(wildcard tests/bench/bench_*.c)
BENCH_PROGRAMS = $(patsubst tests/bench/%.c,$(BUILD)/bench/%,$(BENCH_SOURCES))

$(BUILD)/bench/bench_calc: $(call objects,tests/bench/bench_calc.c) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(CALC_LIBS) -o $@

$(BUILD)/bench/bench_sim%: $(BUILD)/obj/tests/bench/bench_sim%.o $(SIM_LIB) $(CALC_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(SIM_LIBS) $(CALC_LIBS) -o $@

bench: all $(BENCH_PROGRAMS)
	@tests/bench.sh $(BUILD)

# The simulator benchmark with the whole "bloomsim plan 1e9 1% --queries 1e9" run added.
bench-full: all $(BUILD)/bench/bench_sim_filters
	BLOOMSIM_BENCH_FULL=1 $(BUILD)/bench/bench_sim_filters

data: all
	@sh data/generate.sh $(BUILD)

report: data
	@sh report/generate.sh $(BUILD)

cppcheck:
	cppcheck --quiet --error-exitcode=1 --enable=warning,style,performance,portability \
	  --std=c11 --inline-suppr --suppress=missingIncludeSystem -Icalc -Isim calc sim tests

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/bloomcalc
	install -m 755 $(PROGRAMS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(CALC_LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(filter-out calc/commands.h,$(wildcard calc/*.h)) $(DESTDIR)$(PREFIX)/include/bloomcalc/

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

/*
 * fuzz_bloomsim.c - libFuzzer target for the whole bloomsim command line
 * (https://llvm.org/docs/LibFuzzer.html).
 *
 * An input is one argument a line (fuzz_support.h); the first names the
 * command (fpr, plan, lsm, delete, verify, or any other word, which must
 * be refused).  bloomsim's own main runs in-process with its output
 * captured.  Checked for every input: exit status 0, 1, 2 or 130; status 2
 * (bad input, or a run too large for memory) prints nothing on stdout and
 * one line on stderr; status 130 (stopped) prints the partial measurement,
 * marked "partial" (or, when nothing at all was measured, says so in one
 * line on stderr); no crash, no sanitizer report, no leak, no hang.
 *
 * Work is bounded without changing what is parsed or prepared:
 *   - the stop flag (interrupt.h) is raised before each run, as if SIGINT
 *     had arrived at once, so a valid run parses its arguments, computes
 *     its predictions and its memory, allocates, stops at the first poll
 *     and reports partial results: the path a Ctrl-C takes;
 *   - the memory budget is BLOOMSIM_MEMORY_LIMIT = FUZZ_MEMORY_LIMIT
 *     bytes (memory.h), so larger runs are refused before allocating;
 *   - certified refinements stop at FUZZ_PRECISION_LIMIT bits;
 *   - the value of --key-file is replaced by a small key file written at start
 *     (any other path could name a device or a pipe that never ends; how
 *     bloomsim treats those is tested in tests/cli_hardening.sh);
 *   - --output FILE is dropped: it would create files where the input names
 *     them and take standard output (descriptor 1) away from the capture
 *     (tests/cli_reruns.sh tests it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "certified.h"
#include "entry_points.h"
#include "fuzz_support.h"
#include "interrupt.h"
#include "memory.h"

#define TARGET "fuzz_bloomsim"
#define FUZZ_PRECISION_LIMIT 2048
#define FUZZ_MEMORY_LIMIT "268435456"
#define FUZZ_KEY_COUNT 300

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char key_path[] = "/tmp/fuzz_bloomsim_keys_XXXXXX";
static char key_option[sizeof key_path + 8];

static void remove_key_file(void)
{
    unlink(key_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    bloom_set_precision_limit(FUZZ_PRECISION_LIMIT);
    setenv(SIM_MEMORY_LIMIT_VARIABLE, FUZZ_MEMORY_LIMIT, 1);
    int descriptor = mkstemp(key_path);
    FILE *keys = descriptor < 0 ? NULL : fdopen(descriptor, "w");
    if (keys == NULL)
        abort();
    for (int i = 0; i < FUZZ_KEY_COUNT; i++)
        fprintf(keys, "key-%d\n", i);
    fclose(keys);
    atexit(remove_key_file);
    snprintf(key_option, sizeof key_option, "--key-file=%s", key_path);
    return 0;
}

/* Removes every --output FILE and --output=FILE. */
static void drop_output_file(fuzz_arguments *arguments)
{
    int kept = 1;
    for (int i = 1; i < arguments->argc; i++) {
        if (strcmp(arguments->argv[i], "--output") == 0)
            i++;
        else if (strncmp(arguments->argv[i], "--output=", 9) != 0)
            arguments->argv[kept++] = arguments->argv[i];
    }
    arguments->argc = kept;
    arguments->argv[kept] = NULL;
}

/* Points every --key-file at the harness's key file; drops --output. */
static int prepare_arguments(fuzz_arguments *arguments)
{
    drop_output_file(arguments);
    for (int i = 1; i < arguments->argc; i++) {
        if (strcmp(arguments->argv[i], "--key-file") == 0 && i + 1 < arguments->argc)
            arguments->argv[++i] = key_path;
        else if (strncmp(arguments->argv[i], "--key-file=", 11) == 0)
            arguments->argv[i] = key_option;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_arguments arguments;
    fuzz_output output;
    sim_interrupt_request();
    int status = fuzz_run_program(TARGET, "bloomsim", bloomsim_main, prepare_arguments, data, size,
                                  &arguments, &output);
    if (status == -1)
        return 0;
    if (status != 0 && status != 1 && status != 2 && status != 130)
        fuzz_fail(TARGET, &arguments, "exit status other than 0, 1, 2 or 130");
    if (status == 0 && output.stdout_bytes == 0)
        fuzz_fail(TARGET, &arguments, "a run ended without printing its result");
    if (status == 130 && !output.stdout_has_partial && output.stderr_lines != 1)
        fuzz_fail(TARGET, &arguments, "a stopped run neither marked its result partial nor said "
                  "in one line why it had nothing to report");
    fuzz_arguments_free(&arguments);
    return 0;
}

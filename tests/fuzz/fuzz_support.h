/*
 * fuzz_support.h - what the libFuzzer targets of tests/fuzz share: turning
 * a fuzz input into an argument vector, capturing what a command prints,
 * and the contract every command must keep whatever its input.
 *
 * libFuzzer calls LLVMFuzzerTestOneInput(data, size) once per input, in
 * one process, and reports a crash, a sanitizer error, a leak or a slow
 * input (https://llvm.org/docs/LibFuzzer.html).  The targets therefore
 * run the commands in-process: an input is split into arguments at every
 * newline or NUL byte (so a seed file is readable: one argument a line),
 * and the command's stdout and stderr are captured in temporary files
 * rather than written to the terminal.
 *
 * The contract (bloomcalc --help, Exit status): exit status 2 means bad input, and then
 * nothing was printed on stdout and exactly one line on stderr.  A target
 * that sees it broken calls abort(), which libFuzzer reports with the input.
 */
#ifndef BLOOMCALC_TESTS_FUZZ_SUPPORT_H
#define BLOOMCALC_TESTS_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

/* Most arguments an input may hold; longer inputs are skipped. */
#define FUZZ_MAX_ARGUMENTS 24

/* An argument vector built from an input: argv[0] is the program name. */
typedef struct fuzz_arguments {
    int argc;
    char *argv[FUZZ_MAX_ARGUMENTS + 2];
    char *storage;
} fuzz_arguments;

/* Splits data into arguments after `program`.  Returns 0, or -1 (nothing
 * to free) when the input holds more than FUZZ_MAX_ARGUMENTS. */
int fuzz_arguments_split(fuzz_arguments *arguments, const char *program, const uint8_t *data,
                         size_t size);
void fuzz_arguments_free(fuzz_arguments *arguments);

/* What a command printed. */
typedef struct fuzz_output {
    long stdout_bytes;
    long stderr_lines;        /* newline characters */
    int stderr_ends_line;     /* the last byte on stderr is a newline (or nothing was written) */
    int stdout_has_partial;   /* stdout contains "partial" (bloomsim's marker) */
} fuzz_output;

/* From here until fuzz_capture_end, stdout and stderr (the C streams, not
 * file descriptors 1 and 2, which libFuzzer and the sanitizers keep for
 * their reports) go to temporary files. */
void fuzz_capture_begin(void);
fuzz_output fuzz_capture_end(void);

/* Aborts, naming the input's arguments and the broken rule, unless the
 * output keeps the exit-2 contract above. */
void fuzz_check_refusal(const char *target, const fuzz_arguments *arguments, int status,
                        const fuzz_output *output);

/* A program's main function, renamed for the fuzz build (entry_points.h). */
typedef int (*fuzz_main_function)(int argc, char **argv);

/*
 * Runs `program_main` on the arguments of an input (argv[0] = `program`)
 * with its output captured, checks the exit-2 contract, and returns the
 * exit status with the output in *output.  `prepare` (NULL for none) may
 * rewrite the arguments first, or return nonzero to skip the input.
 * Returns -1 without running (and nothing to free) for an input with too
 * many arguments or one that `prepare` skips.
 */
int fuzz_run_program(const char *target, const char *program, fuzz_main_function program_main,
                     int (*prepare)(fuzz_arguments *arguments), const uint8_t *data, size_t size,
                     fuzz_arguments *arguments, fuzz_output *output);


/* Prints "target: message: arg1 | arg2 ..." on the real stderr and aborts. */
void fuzz_fail(const char *target, const fuzz_arguments *arguments, const char *message)
    __attribute__((noreturn));

#endif

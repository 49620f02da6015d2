/*
 * fuzz_support.c - argument vectors from fuzz inputs, output capture and
 * the exit-2 contract (see fuzz_support.h).
 *
 * Capturing works by pointing glibc's stdout and stderr variables at two
 * temporary files for the duration of a command: the commands print
 * through those streams, while libFuzzer keeps its own copy of the stderr
 * stream and the sanitizers write to file descriptor 2, so their reports
 * still reach the terminal.  Each capture rewinds the files, so their size
 * stays that of the largest single output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_support.h"

static FILE *real_stdout, *real_stderr, *captured_stdout, *captured_stderr;

int fuzz_arguments_split(fuzz_arguments *arguments, const char *program, const uint8_t *data,
                         size_t size)
{
    arguments->storage = malloc(size + 1);
    if (arguments->storage == NULL)
        abort();
    memcpy(arguments->storage, data, size);
    arguments->storage[size] = '\0';
    arguments->argc = 0;
    arguments->argv[arguments->argc++] = (char *)program;
    char *start = arguments->storage;
    for (size_t i = 0; i <= size; i++) {
        if (i < size && arguments->storage[i] != '\n' && arguments->storage[i] != '\0')
            continue;
        if (i == size && start == arguments->storage + size && size > 0)
            break;   /* a final newline ends the last argument, it does not add an empty one */
        if (arguments->argc > FUZZ_MAX_ARGUMENTS) {
            fuzz_arguments_free(arguments);
            return -1;
        }
        arguments->storage[i] = '\0';
        arguments->argv[arguments->argc++] = start;
        start = arguments->storage + i + 1;
    }
    arguments->argv[arguments->argc] = NULL;
    return 0;
}

void fuzz_arguments_free(fuzz_arguments *arguments)
{
    free(arguments->storage);
    arguments->storage = NULL;
    arguments->argc = 0;
}

void fuzz_capture_begin(void)
{
    if (captured_stdout == NULL) {
        captured_stdout = tmpfile();
        captured_stderr = tmpfile();
        if (captured_stdout == NULL || captured_stderr == NULL)
            abort();
    }
    rewind(captured_stdout);
    rewind(captured_stderr);
    real_stdout = stdout;
    real_stderr = stderr;
    stdout = captured_stdout;
    stderr = captured_stderr;
}

/* Reads back what went to `stream` since the last rewind. */
static char *captured_text(FILE *stream, long *length)
{
    fflush(stream);
    *length = ftell(stream);
    char *text = malloc((size_t)*length + 1);
    if (text == NULL)
        abort();
    rewind(stream);
    *length = (long)fread(text, 1, (size_t)*length, stream);
    text[*length] = '\0';
    return text;
}

fuzz_output fuzz_capture_end(void)
{
    fuzz_output output = { 0, 0, 1, 0 };
    stdout = real_stdout;
    stderr = real_stderr;
    long length = 0;
    char *text = captured_text(captured_stdout, &length);
    output.stdout_bytes = length;
    output.stdout_has_partial = strstr(text, "partial") != NULL;
    free(text);
    text = captured_text(captured_stderr, &length);
    for (long i = 0; i < length; i++)
        output.stderr_lines += text[i] == '\n';
    output.stderr_ends_line = length == 0 || text[length - 1] == '\n';
    free(text);
    return output;
}

void fuzz_fail(const char *target, const fuzz_arguments *arguments, const char *message)
{
    FILE *report = real_stderr != NULL ? real_stderr : stderr;
    fprintf(report, "%s: %s:", target, message);
    for (int i = 1; arguments != NULL && i < arguments->argc; i++)
        fprintf(report, " %s'%s'", i > 1 ? "| " : "", arguments->argv[i]);
    fputc('\n', report);
    abort();
}

void fuzz_check_refusal(const char *target, const fuzz_arguments *arguments, int status,
                        const fuzz_output *output)
{
    if (status != 2)
        return;
    if (output->stdout_bytes != 0)
        fuzz_fail(target, arguments, "exit status 2 but something was printed on stdout");
    if (output->stderr_lines != 1 || !output->stderr_ends_line)
        fuzz_fail(target, arguments, "exit status 2 without exactly one line on stderr");
}

int fuzz_run_program(const char *target, const char *program, fuzz_main_function program_main,
                     int (*prepare)(fuzz_arguments *arguments), const uint8_t *data, size_t size,
                     fuzz_arguments *arguments, fuzz_output *output)
{
    if (fuzz_arguments_split(arguments, program, data, size) != 0)
        return -1;
    if (prepare != NULL && prepare(arguments) != 0) {
        fuzz_arguments_free(arguments);
        return -1;
    }
    fuzz_capture_begin();
    int status = program_main(arguments->argc, arguments->argv);
    *output = fuzz_capture_end();
    fuzz_check_refusal(target, arguments, status, output);
    return status;
}

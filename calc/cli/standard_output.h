/*
 * standard_output.h - what both programs do when standard output cannot
 * take what they write.  A failed write (full disk, closed descriptor, an
 * I/O error) is an error: exit status 1 and one line on stderr.  A broken
 * pipe (the reader left, as in `| head -c1`) ends the program quietly, the
 * way every Unix filter ends: by SIGPIPE, with no message (the shell
 * reports status 141).
 */
#ifndef BLOOMCALC_STANDARD_OUTPUT_H
#define BLOOMCALC_STANDARD_OUTPUT_H

#include <stdio.h>

/*
 * Run first: if descriptor 1 or 2 is closed, occupies it with /dev/null
 * opened read-only, so that no file the program opens later takes its
 * place (output meant for stdout would land in that file) and every write
 * to it still fails (EBADF), to be reported by bloom_standard_output_close.
 */
void bloom_standard_streams_reserve(void);

/*
 * --output FILE: points standard output at a new temporary file in FILE's
 * folder (".NAME.tmp-XXXXXX", hidden from the globs that collect results),
 * so that bloom_standard_output_close renames it to FILE only when the
 * command succeeded and every write reached it.  A failed, stopped or
 * interrupted command removes it; FILE is never truncated and never holds
 * a partial result.  Only the first call of a process redirects (a command
 * run again inside another, as bloomsim merge does, keeps the file).
 * Returns 0, or -1 with the reason in `error` (the command refuses the
 * argument).
 */
int bloom_standard_output_to_file(const char *path, char *error, size_t size);

/*
 * Creates ".NAME.tmp-XXXXXX" beside `path` (in its folder, so that a rename
 * onto it is atomic), mode 0666 less the umask as a new file would have;
 * *temporary is its name (malloc'd, freed by the caller, set even on
 * failure or NULL).  Returns its descriptor, or -1 with errno.
 */
int bloom_temporary_beside(char **temporary, const char *path);

/* Where the parser stores --output's value (the option of every command's
 * output table, options.h); it opens the file itself. */
extern const char *bloom_output_file_name;

/* Called by the output layer after writing to `out`: flushes it and, when
 * that fails, remembers the first error (errno) for the closing check. */
void bloom_standard_output_note(FILE *out);

/*
 * Run last, with the status the command returned: flushes stdout.  If any
 * write to it failed, a broken pipe raises SIGPIPE (with its default
 * action, so the program ends there, quietly); any other error prints
 * "PROGRAM: cannot write standard output: REASON" on stderr and returns 1
 * (unless the command already failed, whose status and message stand).
 * Otherwise returns `status`.  With --output, the file is renamed into
 * place here, or removed when the status is not 0 (a failed rename:
 * "PROGRAM: cannot write FILE: REASON", status 1).
 */
int bloom_standard_output_close(const char *program, int status);

#endif

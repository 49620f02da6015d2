/*
 * standard_output.c - write errors on standard output, checked once for
 * every command of both programs (bloom_program_run calls the two ends).
 *
 * stdio buffers: a write to a full disk or a closed descriptor fails when
 * the buffer is flushed, possibly long after the printf that filled it,
 * and only the stream's error flag remembers it.  So the output layer
 * flushes after each record and keeps the first errno, and the closing
 * check flushes once more and looks at the flag (as coreutils' close_stdout
 * does).  EPIPE can reach us only when SIGPIPE is ignored (inherited from
 * the parent); the default action is restored and the signal raised so a
 * broken pipe ends the program the same way in both cases.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "exit_status.h"
#include "standard_output.h"

static int first_error;   /* errno of the first failed flush of stdout, 0 if none */

void bloom_standard_streams_reserve(void)
{
    for (int descriptor = 1; descriptor <= 2; descriptor++) {
        if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF)
            continue;
        int placeholder = open("/dev/null", O_RDONLY);
        if (placeholder >= 0 && placeholder != descriptor) {
            dup2(placeholder, descriptor);
            close(placeholder);
        }
    }
}

void bloom_standard_output_note(FILE *out)
{
    if (out == stdout && fflush(out) != 0 && first_error == 0)
        first_error = errno != 0 ? errno : EIO;
}

int bloom_standard_output_close(const char *program, int status)
{
    bloom_standard_output_note(stdout);
    if (first_error == 0 && !ferror(stdout))
        return status;
    int error = first_error != 0 ? first_error : EIO;
    first_error = 0;   /* a program run in-process again (the fuzz targets) starts clean */
    clearerr(stdout);
    if (error == EPIPE) {
        signal(SIGPIPE, SIG_DFL);
        raise(SIGPIPE);
        return status != BLOOM_EXIT_SUCCESS ? status : BLOOM_EXIT_FAILURE;   /* only if SIGPIPE is blocked: still quiet */
    }
    if (status != BLOOM_EXIT_SUCCESS)
        return status;
    fprintf(stderr, "%s: cannot write standard output: %s\n", program, strerror(error));
    return BLOOM_EXIT_FAILURE;
}

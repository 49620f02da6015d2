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
 *
 * --output FILE exists for batch systems: a task killed or failed midway
 * must not leave FILE cut short, and a rerun must not empty a good FILE
 * before it has a better one.  So the output goes to a temporary file in
 * FILE's folder (a rename is atomic only within one file system) and is
 * renamed onto FILE after the last byte is flushed and synced.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exit_status.h"
#include "standard_output.h"

static int first_error;   /* errno of the first failed flush of stdout, 0 if none */
const char *bloom_output_file_name;
static char *output_file;         /* --output FILE, or NULL */
static char *temporary_file;      /* where stdout writes until the rename */

static void forget_output_file(void)
{
    free(output_file);
    free(temporary_file);
    output_file = temporary_file = NULL;
}

int bloom_temporary_beside(char **temporary, const char *path)
{
    const char *slash = strrchr(path, '/');
    int folder = slash != NULL ? (int)(slash - path + 1) : 0;
    size_t size = strlen(path) + 16;
    *temporary = malloc(size);
    if (*temporary == NULL) {
        errno = ENOMEM;
        return -1;
    }
    snprintf(*temporary, size, "%.*s.%s.tmp-XXXXXX", folder, path, path + folder);
    int descriptor = mkstemp(*temporary);
    if (descriptor < 0)
        return -1;
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(descriptor, 0666 & ~mask) != 0) {
        int error = errno;
        close(descriptor);
        unlink(*temporary);
        errno = error;
        return -1;
    }
    return descriptor;
}

/* Opens ".NAME.tmp-XXXXXX" beside `path` (bloom_temporary_beside) as standard
 * output.  Returns its descriptor or -1 with errno. */
static int open_temporary(const char *path)
{
    output_file = strdup(path);
    if (output_file == NULL) {
        errno = ENOMEM;
        return -1;
    }
    int descriptor = bloom_temporary_beside(&temporary_file, path);
    if (descriptor < 0)
        return -1;
    if (fflush(stdout) != 0 || dup2(descriptor, STDOUT_FILENO) < 0) {
        int error = errno;
        close(descriptor);
        unlink(temporary_file);
        errno = error;
        return -1;
    }
    return descriptor;
}

int bloom_standard_output_to_file(const char *path, char *error, size_t size)
{
    struct stat existing;
    if (temporary_file != NULL)
        return 0;
    if (stat(path, &existing) == 0 && S_ISDIR(existing.st_mode)) {
        snprintf(error, size, "'%s' is a folder; accepted: a file name, in a folder that exists", path);
        return -1;
    }
    int descriptor = open_temporary(path);
    if (descriptor < 0) {
        snprintf(error, size, "cannot create a file beside '%s': %s", path, strerror(errno));
        forget_output_file();
        return -1;
    }
    close(descriptor);
    return 0;
}

/* The end of --output: renames the temporary onto FILE when the command
 * succeeded and every write reached the disk, else removes it. */
static int settle_output_file(const char *program, int status, int error)
{
    if (status == BLOOM_EXIT_SUCCESS && error == 0 && fsync(STDOUT_FILENO) != 0 && errno != EINVAL)
        error = errno;
    if (status == BLOOM_EXIT_SUCCESS && error == 0 && rename(temporary_file, output_file) != 0)
        error = errno;
    if (status != BLOOM_EXIT_SUCCESS || error != 0)
        unlink(temporary_file);
    if (status == BLOOM_EXIT_SUCCESS && error != 0) {
        fprintf(stderr, "%s: cannot write %s: %s\n", program, output_file, strerror(error));
        status = BLOOM_EXIT_FAILURE;
    }
    forget_output_file();
    return status;
}

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
    int error = first_error != 0 ? first_error : ferror(stdout) ? EIO : 0;
    first_error = 0;   /* a program run in-process again (the fuzz targets) starts clean */
    clearerr(stdout);
    if (temporary_file != NULL)
        return settle_output_file(program, status, error);
    if (error == 0)
        return status;
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

/*
 * gnuplot.c - gnuplot as a child process (gnuplot.h): posix_spawnp with
 * its three descriptors set by file actions, so that no shell reads a file
 * name and no descriptor of ours but those three reaches it.  A failure is
 * told in one line: gnuplot prints the command it stopped at, a caret and
 * then the reason, so the reason is its last line that is not blank.
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gnuplot.h"

extern char **environ;

/* Marks a descriptor close-on-exec: only the file actions' copies reach gnuplot. */
static void close_on_exec(int descriptor)
{
    fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC);
}

/* Spawns gnuplot reading `input`, writing `output`, its messages to `messages`; 0 or an errno. */
static int spawn(pid_t *pid, int input, int output, int messages)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, messages, STDERR_FILENO);
    char *const arguments[] = { "gnuplot", "-d", NULL };
    int error = posix_spawnp(pid, "gnuplot", &actions, NULL, arguments, environ);
    posix_spawn_file_actions_destroy(&actions);
    return error;
}

int bloom_gnuplot_start(bloom_gnuplot *run, int output, char *error, size_t size)
{
    int ends[2];
    run->script = NULL;
    run->messages = tmpfile();
    if (run->messages == NULL || pipe(ends) != 0) {
        snprintf(error, size, "cannot start gnuplot: %s", strerror(errno));
        if (run->messages != NULL)
            fclose(run->messages);
        return -1;
    }
    close_on_exec(ends[0]);
    close_on_exec(ends[1]);
    close_on_exec(fileno(run->messages));
    close_on_exec(output);
    fflush(stdout);
    int problem = spawn(&run->pid, ends[0], output, fileno(run->messages));
    close(ends[0]);
    if (problem == 0)
        run->script = fdopen(ends[1], "w");
    if (run->script == NULL) {
        snprintf(error, size, "cannot run gnuplot: %s (it draws the plot: install gnuplot-nox)",
                 strerror(problem != 0 ? problem : errno));
        close(ends[1]);
        fclose(run->messages);
        if (problem == 0)
            waitpid(run->pid, NULL, 0);
        return -1;
    }
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, &run->pipe_action);
    return 0;
}

/* The last line of gnuplot's messages that is not blank, into line (empty when none). */
static void last_message(FILE *messages, char *line, size_t size)
{
    char read[512];
    line[0] = '\0';
    rewind(messages);
    while (fgets(read, sizeof read, messages) != NULL) {
        read[strcspn(read, "\r\n")] = '\0';
        const char *text = read + strspn(read, " \t");
        if (*text != '\0')
            snprintf(line, size, "%s", text);
    }
}

int bloom_gnuplot_finish(bloom_gnuplot *run, char *error, size_t size)
{
    int written = ferror(run->script) == 0;
    if (fclose(run->script) != 0)
        written = 0;
    int status = 0;
    pid_t waited;
    do
        waited = waitpid(run->pid, &status, 0);
    while (waited < 0 && errno == EINTR);
    sigaction(SIGPIPE, &run->pipe_action, NULL);
    char message[400];
    last_message(run->messages, message, sizeof message);
    fclose(run->messages);
    int exited = waited == run->pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (exited && written)
        return 0;
    if (message[0] != '\0')
        snprintf(error, size, "gnuplot failed: %s", message);
    else if (WIFSIGNALED(status))
        snprintf(error, size, "gnuplot ended by signal %d", WTERMSIG(status));
    else if (!exited)
        snprintf(error, size, "gnuplot exited with status %d", WEXITSTATUS(status));
    else
        snprintf(error, size, "gnuplot stopped reading its script");
    return -1;
}

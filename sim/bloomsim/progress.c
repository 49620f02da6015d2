/*
 * progress.c - the progress line (progress.h).  One line per process, so
 * its state is global: when it started, the stage the current run
 * occupies, whether the line is on the screen and when it was drawn.  The
 * time left is elapsed (1 - f) / f: the rate so far, extrapolated.  The
 * line is erased with "\r\033[K" (ECMA-48 EL, erase to the end of the
 * line), which every terminal emulator in use understands.  Callbacks come
 * from the thread that started the run (parallel.h, bulk.h), never from a
 * worker, so no locking is needed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "interrupt.h"
#include "progress.h"

#define FIRST_DRAW_SECONDS 1.0
#define REDRAW_SECONDS 0.25
#define LOG_SECONDS 10.0           /* forced lines on a stream that is not a terminal (a log) */
#define ANNOUNCED_SECONDS 3.0      /* a terminal sees the estimate of runs from this long */

static int forced;                 /* --progress */

static struct {
    const char *label;
    struct timespec start;
    int started;
    int terminal;
    int logged;                    /* forced on a stream that is not a terminal: whole lines */
    int shown;                     /* a terminal's line is on the screen (to erase) */
    int drawn;                     /* a line was written since the start (last_draw is its time) */
    double last_draw;
    double before, weight, total;
} line = { .label = "bloomsim", .weight = 1, .total = 1 };

static double seconds_since_start(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - line.start.tv_sec) + (double)(now.tv_nsec - line.start.tv_nsec) * 1e-9;
}

void bloomsim_progress_begin(const char *label)
{
    line.label = label;
    clock_gettime(CLOCK_MONOTONIC, &line.start);
    if (!line.started)
        atexit(bloomsim_progress_end);   /* whatever path ends the process */
    line.started = 1;
    line.terminal = isatty(STDERR_FILENO);
    line.logged = forced && !line.terminal;
    line.shown = 0;
    line.drawn = 0;
    line.last_draw = 0;
    bloomsim_progress_stage(0, 1, 1);
}

void bloomsim_progress_stage(double before, double weight, double total)
{
    line.before = before;
    line.weight = weight;
    line.total = total > 0 ? total : 1;
}

/* "12 s", "4 min 05 s", "2 h 03 min". */
static void duration_text(char *text, size_t size, double seconds)
{
    unsigned long whole = seconds < 0 ? 0 : (unsigned long)(seconds + 0.5);
    if (whole < 60)
        snprintf(text, size, "%lu s", whole);
    else if (whole < 3600)
        snprintf(text, size, "%lu min %02lu s", whole / 60, whole % 60);
    else
        snprintf(text, size, "%lu h %02lu min", whole / 3600, whole / 60 % 60);
}

void bloomsim_progress_text(char *text, unsigned long size, const char *label, double fraction,
                            double elapsed)
{
    char spent[32], left[32];
    duration_text(spent, sizeof spent, elapsed);
    if (fraction <= 0) {
        snprintf(text, size, "%s: 0 %%, %s, time left not known yet", label, spent);
        return;
    }
    fraction = fraction > 1 ? 1 : fraction;
    duration_text(left, sizeof left, elapsed * (1 - fraction) / fraction);
    snprintf(text, size, "%s: %d %%, %s, about %s left", label, (int)(100 * fraction), spent, left);
}

void bloomsim_progress_force(void)
{
    forced = 1;
}

void bloomsim_progress_estimate(const char *label, uint64_t bytes, double seconds)
{
    int terminal = isatty(STDERR_FILENO);
    if (!forced && (!terminal || seconds < ANNOUNCED_SECONDS))
        return;
    char time_text[48] = "time not known";
    if (seconds > 0) {
        snprintf(time_text, sizeof time_text, "about ");
        duration_text(time_text + 6, sizeof time_text - 6, seconds);
    }
    fprintf(stderr, "%s: about %.2f GB of memory (%llu bytes), %s\n", label, (double)bytes / 1e9,
            (unsigned long long)bytes, time_text);
    fflush(stderr);
}

void bloomsim_progress_end(void)
{
    if (line.shown)
        fputs("\r\033[K", stderr);
    line.shown = 0;
}

void bloomsim_progress(void *context, uint64_t done, uint64_t total, double seconds)
{
    (void)seconds;
    if (!line.started) {
        static char label[64];
        snprintf(label, sizeof label, "bloomsim %s", context != NULL ? (const char *)context : "run");
        bloomsim_progress_begin(label);
    }
    if (!line.terminal && !line.logged)
        return;
    if (sim_interrupt_requested()) {
        bloomsim_progress_end();
        return;
    }
    double elapsed = seconds_since_start();
    double between = line.logged ? LOG_SECONDS : REDRAW_SECONDS;
    if (elapsed < FIRST_DRAW_SECONDS || (line.drawn && elapsed - line.last_draw < between))
        return;
    double part = total > 0 ? (double)done / (double)total : 0;
    char text[160];
    bloomsim_progress_text(text, sizeof text, line.label, (line.before + line.weight * part) / line.total,
                           elapsed);
    if (line.logged)
        fprintf(stderr, "%s\n", text);
    else
        fprintf(stderr, "\r\033[K%s", text);
    fflush(stderr);
    line.shown = !line.logged;
    line.last_draw = elapsed;
    line.drawn = 1;
}

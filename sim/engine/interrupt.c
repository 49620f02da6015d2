/*
 * interrupt.c - the stop flag (see interrupt.h).  It is a lock-free C11
 * atomic, which is both safe to store from a signal handler (C11 7.14.1.1)
 * and free of data races when worker threads read it.  The handlers are
 * installed with SA_RESETHAND (POSIX sigaction(2)): the first SIGINT or
 * SIGTERM asks for a graceful stop with a partial report, a second one
 * ends the process at once, as a user pressing Ctrl-C twice expects.
 */
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#include "interrupt.h"

static atomic_int stop_requested;

static void handle_stop_signal(int signal_number)
{
    (void)signal_number;
    atomic_store(&stop_requested, 1);
}

void sim_interrupt_install(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handle_stop_signal;
    action.sa_flags = SA_RESETHAND;   /* a second signal takes the default action */
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

int sim_interrupt_requested(void)
{
    return atomic_load_explicit(&stop_requested, memory_order_relaxed);
}

void sim_interrupt_request(void)
{
    atomic_store(&stop_requested, 1);
}

void sim_interrupt_clear(void)
{
    atomic_store(&stop_requested, 0);
}

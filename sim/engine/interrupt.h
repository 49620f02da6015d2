/*
 * interrupt.h - stopping a run early on SIGINT or SIGTERM.  The handlers
 * only set a flag; long loops poll it often enough (every trial and every
 * few thousand keys) to stop within a second, and the run then reports
 * what it measured, marked partial.
 */
#ifndef BLOOMSIM_INTERRUPT_H
#define BLOOMSIM_INTERRUPT_H

/* Installs the SIGINT and SIGTERM handlers that set the stop flag (once:
 * a second signal ends the process). */
void sim_interrupt_install(void);

/* Nonzero once a stop has been requested. */
int sim_interrupt_requested(void);

/* Requests a stop (what the handlers do; also for tests). */
void sim_interrupt_request(void);

/* Clears the stop flag. */
void sim_interrupt_clear(void);

/* How many keys or queries a loop may process between two polls of the flag. */
#define SIM_INTERRUPT_POLL_INTERVAL 4096U

#endif

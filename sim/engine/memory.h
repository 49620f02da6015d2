/*
 * memory.h - refusing a run that would not fit in memory, before anything
 * is allocated.  Each command adds up what it will allocate (filters,
 * counters, per-thread buffers, result slots, key files) and compares it
 * with the memory budget: the smallest of
 *   - MemAvailable from /proc/meminfo (the kernel's estimate of memory
 *     available without swapping, Linux 3.14+; proc(5)),
 *   - the room left under the address-space limit (ulimit -v,
 *     RLIMIT_AS; getrlimit(2)) after what the process already maps,
 * or, when the environment variable BLOOMSIM_MEMORY_LIMIT holds a byte
 * count, that count instead of both (for a container whose cgroup limit
 * /proc/meminfo does not show, and for tests).
 */
#ifndef BLOOMSIM_MEMORY_H
#define BLOOMSIM_MEMORY_H

#include <stdint.h>

/* The environment variable that replaces the measured budget. */
#define SIM_MEMORY_LIMIT_VARIABLE "BLOOMSIM_MEMORY_LIMIT"

/* The budget in bytes and where it comes from. */
typedef struct sim_memory_budget {
    uint64_t bytes;        /* 0: unknown (no limit could be read) */
    const char *source;    /* "MemAvailable", "ulimit -v", SIM_MEMORY_LIMIT_VARIABLE or "unknown" */
} sim_memory_budget;

/*
 * The text of BLOOMSIM_MEMORY_LIMIT when it is set, not empty, and not a
 * byte count (a plain decimal number from 1 to 2^64 - 1), else NULL.  Such a value is
 * left out of the budget; commands refuse to run with it.
 */
const char *sim_memory_override_invalid(void);

/* The budget as described above. */
sim_memory_budget sim_memory_budget_get(void);

/* The budget's bytes (0 when unknown). */
uint64_t sim_memory_available(void);

/*
 * Returns 1 when `needed` bytes fit the budget (always 1 when it is
 * unknown).  *budget receives the budget.
 */
int sim_memory_fits(uint64_t needed, sim_memory_budget *budget);

/* a + b, or UINT64_MAX if the sum overflows (estimates saturate). */
uint64_t sim_memory_add(uint64_t a, uint64_t b);

/* a * b, or UINT64_MAX if the product overflows. */
uint64_t sim_memory_multiply(uint64_t a, uint64_t b);

#endif

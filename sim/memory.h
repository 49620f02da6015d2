/*
 * memory.h - refusing a run that would not fit in memory, before anything
 * is allocated.  Each command adds up what it will allocate (filters,
 * counters, per-thread buffers, result slots, key files) and compares it
 * with MemAvailable from /proc/meminfo (the kernel's estimate of memory
 * available without swapping, Linux 3.14+).
 */
#ifndef BLOOMSIM_MEMORY_H
#define BLOOMSIM_MEMORY_H

#include <stdint.h>

/* MemAvailable in bytes, or 0 when /proc/meminfo cannot be read. */
uint64_t sim_memory_available(void);

/*
 * Returns 1 when `needed` bytes fit: needed <= MemAvailable (always 1 when
 * MemAvailable is unknown).  *available receives MemAvailable (0 unknown).
 */
int sim_memory_fits(uint64_t needed, uint64_t *available);

/* a + b, or UINT64_MAX if the sum overflows (estimates saturate). */
uint64_t sim_memory_add(uint64_t a, uint64_t b);

/* a * b, or UINT64_MAX if the product overflows. */
uint64_t sim_memory_multiply(uint64_t a, uint64_t b);

#endif

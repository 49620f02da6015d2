/*
 * memory.c - MemAvailable and saturating size arithmetic (see memory.h).
 * /proc/meminfo reports "MemAvailable:   <kibibytes> kB".
 */
#include <stdio.h>

#include "memory.h"

uint64_t sim_memory_available(void)
{
    FILE *meminfo = fopen("/proc/meminfo", "r");
    if (meminfo == NULL)
        return 0;
    char line[256];
    unsigned long long kibibytes = 0;
    while (fgets(line, sizeof line, meminfo) != NULL)
        if (sscanf(line, "MemAvailable: %llu kB", &kibibytes) == 1)
            break;
    fclose(meminfo);
    return (uint64_t)kibibytes * 1024;
}

int sim_memory_fits(uint64_t needed, uint64_t *available)
{
    *available = sim_memory_available();
    return *available == 0 || needed <= *available;
}

uint64_t sim_memory_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t sim_memory_multiply(uint64_t a, uint64_t b)
{
    return (b != 0 && a > UINT64_MAX / b) ? UINT64_MAX : a * b;
}

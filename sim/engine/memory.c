/*
 * memory.c - the memory budget and saturating size arithmetic (see
 * memory.h).  /proc/meminfo reports "MemAvailable:   <kibibytes> kB";
 * /proc/self/statm starts with the process's mapped size in pages, which is
 * what RLIMIT_AS counts (proc(5), getrlimit(2)).  The environment override
 * must be a plain decimal byte count from 1 to 2^64 - 1 (empty: unset);
 * anything else is reported by sim_memory_override_invalid (the commands
 * refuse it), never silently replaced by the measured budget.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "memory.h"

/* MemAvailable in bytes, or 0 when /proc/meminfo cannot be read. */
static uint64_t meminfo_available(void)
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
    return sim_memory_multiply(kibibytes, 1024);
}

/* Room under RLIMIT_AS in bytes, or UINT64_MAX when there is no limit. */
static uint64_t address_space_room(void)
{
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return UINT64_MAX;
    unsigned long long pages = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm != NULL) {
        if (fscanf(statm, "%llu", &pages) != 1)
            pages = 0;
        fclose(statm);
    }
    long page_size = sysconf(_SC_PAGESIZE);
    uint64_t mapped = sim_memory_multiply(pages, page_size > 0 ? (uint64_t)page_size : 4096);
    return (uint64_t)limit.rlim_cur > mapped ? (uint64_t)limit.rlim_cur - mapped : 0;
}

/* The byte count `text` holds (a plain decimal number), or 0 when it holds none. */
static uint64_t byte_count(const char *text)
{
    if (text == NULL || *text < '0' || *text > '9')
        return 0;
    char *end = NULL;
    errno = 0;
    unsigned long long bytes = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' ? bytes : 0;
}

/* The override's byte count; 0 when it is absent or not a byte count. */
static uint64_t override_bytes(void)
{
    return byte_count(getenv(SIM_MEMORY_LIMIT_VARIABLE));
}

const char *sim_memory_override_invalid(void)
{
    const char *text = getenv(SIM_MEMORY_LIMIT_VARIABLE);
    return text != NULL && *text != '\0' && byte_count(text) == 0 ? text : NULL;
}

sim_memory_budget sim_memory_budget_get(void)
{
    sim_memory_budget budget = { override_bytes(), SIM_MEMORY_LIMIT_VARIABLE };
    if (budget.bytes != 0)
        return budget;
    budget.bytes = meminfo_available();
    budget.source = budget.bytes != 0 ? "MemAvailable" : "unknown";
    uint64_t room = address_space_room();
    if (room != UINT64_MAX && (budget.bytes == 0 || room < budget.bytes)) {
        budget.bytes = room;
        budget.source = "ulimit -v";
    }
    return budget;
}

uint64_t sim_memory_available(void)
{
    return sim_memory_budget_get().bytes;
}

int sim_memory_fits(uint64_t needed, sim_memory_budget *budget)
{
    *budget = sim_memory_budget_get();
    return budget->bytes == 0 || needed <= budget->bytes;
}

uint64_t sim_memory_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t sim_memory_multiply(uint64_t a, uint64_t b)
{
    return (b != 0 && a > UINT64_MAX / b) ? UINT64_MAX : a * b;
}

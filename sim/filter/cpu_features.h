/*
 * cpu_features.h - whether this processor runs the simulator's eight-lane
 * paths (AVX-512 F and DQ: 64-bit lane multiplies and conversions), asked
 * where a path is chosen at run time; every such path has a
 * one-by-one fallback that gives the same values (sim/PERFORMANCE.md §l.2).
 */
#ifndef BLOOMSIM_CPU_FEATURES_H
#define BLOOMSIM_CPU_FEATURES_H

/* Nonzero when the processor has AVX-512 F and DQ. */
static inline int sim_cpu_has_avx512dq(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
}

#endif

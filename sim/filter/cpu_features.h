/*
 * cpu_features.h - whether this processor runs the simulator's eight-lane
 * paths (AVX-512 F and DQ: 64-bit lane multiplies and conversions), asked
 * where a path is chosen at run time; every such path has a
 * one-by-one fallback that gives the same values (sim/PERFORMANCE.md §l.2).
 *
 * Two guards keep the simulator portable (PERFORMANCE.md §p):
 *   - at compile time, SIM_X86_64 is 1 only when compiling for x86-64 with
 *     GCC or Clang, the compilers whose target("...") attribute,
 *     <immintrin.h> and __builtin_cpu_supports the x86 paths use.  Every
 *     x86 include, intrinsic, target attribute and processor test, with the
 *     calls that reach them, sits inside #if SIM_X86_64; elsewhere (arm64,
 *     for one) only the portable C paths are compiled;
 *   - at run time, SIM_CPU_SUPPORTS asks the processor on x86-64 and is 0
 *     elsewhere, so the flags chosen from it (sim_key_probes.vector_draws)
 *     are 0 off x86-64 and the portable path runs.
 * The x86-64 build chooses exactly the paths it chose without the guards.
 */
#ifndef BLOOMSIM_CPU_FEATURES_H
#define BLOOMSIM_CPU_FEATURES_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SIM_X86_64 1
#define SIM_CPU_SUPPORTS(feature) __builtin_cpu_supports(feature)
#else
#define SIM_X86_64 0
#define SIM_CPU_SUPPORTS(feature) 0
#endif

/* Nonzero when the processor has AVX-512 F and DQ. */
static inline int sim_cpu_has_avx512dq(void)
{
    return SIM_CPU_SUPPORTS("avx512f") && SIM_CPU_SUPPORTS("avx512dq");
}

#endif

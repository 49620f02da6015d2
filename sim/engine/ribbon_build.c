/*
 * ribbon_build.c - building a Ribbon from a key stream with RocksDB's
 * retry on a failed banding (ribbon_build.h).  A retried filter's rate is
 * the same as a first try's: an absent key's result bits are independent
 * of which seed banded (FORMULAS.md §m.2).
 */
#include "interrupt.h"
#include "ribbon_build.h"

/* The step between the seeds of successive attempts (the golden ratio's 64-bit gamma). */
#define SEED_STEP 0x9e3779b97f4a7c15ULL

static void key_of(sim_ribbon_key *banded, const sim_ribbon *ribbon, const sim_prober *prober,
                   const sim_key *key)
{
    sim_ribbon_key_of(banded, ribbon, prober->function, &prober->seeds, key->bytes, key->length);
}

int sim_ribbon_has_key(const sim_ribbon *ribbon, const sim_prober *prober, const sim_key *key)
{
    sim_ribbon_key banded;
    key_of(&banded, ribbon, prober, key);
    return sim_ribbon_contains(ribbon, &banded);
}

int sim_ribbon_build(sim_ribbon *ribbon, sim_prober *prober, const sim_key_stream *keys, uint64_t first,
                     uint64_t count, uint64_t *retries)
{
    uint64_t base = prober->seed;
    for (uint64_t attempt = 0; attempt < SIM_RIBBON_MOST_SEEDS; attempt++) {
        sim_prober_set_seed(prober, base + attempt * SEED_STEP);
        sim_ribbon_reset(ribbon);
        int failed = 0;
        for (uint64_t i = 0; i < count && !failed; i++) {
            if (i % SIM_INTERRUPT_POLL_INTERVAL == 0 && sim_interrupt_requested())
                return -1;
            sim_key key;
            sim_key_at(keys, first + i, &key);
            sim_ribbon_key banded;
            key_of(&banded, ribbon, prober, &key);
            failed = sim_ribbon_add(ribbon, &banded) != 0;
        }
        if (!failed) {
            sim_ribbon_solve(ribbon);
            return 0;
        }
        ++*retries;
    }
    return -2;
}

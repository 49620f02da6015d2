/*
 * libbloom_peer.c - drives the real libbloom (Debian's libbloom-dev, Jyri
 * Virkki's C library) for "make check-peers" (tests/peers/run.sh).  Same
 * commands and output as GuavaPeer.java:
 *
 *   sizes             "n p" lines in; "n p m k" out (m = bloom.bits, the
 *                     modulus of its probes; k = bloom.hashes), or "n p refused"
 *                     when bloom_init fails (or n is not an int, its type)
 *   rate N P F Q      F filters of N keys, Q absent keys queried in each;
 *                     "m k F Q sum sumsq" of the per-filter false positives
 *   bits N P          keys 0..N-1; "m k", then the set bit positions
 *
 * A key is the 8 bytes of a 64-bit integer, least significant first.  Bit x
 * of the filter is bit x mod 8 of byte x / 8 of bloom.bf.
 */
#include <bloom.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void key_bytes(unsigned char bytes[8], uint64_t key)
{
    for (int i = 0; i < 8; i++)
        bytes[i] = (unsigned char)(key >> (8 * i));
}

static int sizes(void)
{
    char n_text[64], p_text[64];
    while (scanf("%63s %63s", n_text, p_text) == 2) {
        double n = strtod(n_text, NULL), p = strtod(p_text, NULL);
        struct bloom filter;
        memset(&filter, 0, sizeof filter);
        if (n > INT_MAX || bloom_init(&filter, (int)n, p) != 0)
            printf("%s %s refused\n", n_text, p_text);
        else {
            printf("%s %s %d %d\n", n_text, p_text, filter.bits, filter.hashes);
            bloom_free(&filter);
        }
    }
    return 0;
}

static int rate(int n, double p, long trials, long queries)
{
    unsigned long long sum = 0, sumsq = 0;
    struct bloom filter;
    memset(&filter, 0, sizeof filter);
    unsigned char key[8];
    for (long t = 0; t < trials; t++) {
        if (bloom_init(&filter, n, p) != 0)
            return 1;
        for (long i = 0; i < n; i++) {
            key_bytes(key, ((uint64_t)t << 32) + (uint64_t)i);
            bloom_add(&filter, key, 8);
        }
        unsigned long long fp = 0;
        for (long j = 0; j < queries; j++) {
            key_bytes(key, ((uint64_t)t << 32) + (1ULL << 31) + (uint64_t)j);
            fp += bloom_check(&filter, key, 8) == 1;
        }
        sum += fp;
        sumsq += fp * fp;
        if (t + 1 < trials)
            bloom_free(&filter);
    }
    printf("%d %d %ld %ld %llu %llu\n", filter.bits, filter.hashes, trials, queries, sum, sumsq);
    bloom_free(&filter);
    return 0;
}

static int bits(int n, double p)
{
    struct bloom filter;
    memset(&filter, 0, sizeof filter);
    if (bloom_init(&filter, n, p) != 0)
        return 1;
    unsigned char key[8];
    for (int i = 0; i < n; i++) {
        key_bytes(key, (uint64_t)i);
        bloom_add(&filter, key, 8);
    }
    printf("%d %d\n", filter.bits, filter.hashes);
    for (long x = 0; x < filter.bits; x++)
        if (filter.bf[x >> 3] & (1u << (x & 7)))
            printf("%ld\n", x);
    bloom_free(&filter);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "sizes") == 0)
        return sizes();
    if (argc == 6 && strcmp(argv[1], "rate") == 0)
        return rate(atoi(argv[2]), strtod(argv[3], NULL), atol(argv[4]), atol(argv[5]));
    if (argc == 4 && strcmp(argv[1], "bits") == 0)
        return bits(atoi(argv[2]), strtod(argv[3], NULL));
    fprintf(stderr, "usage: libbloom_peer sizes | rate N P F Q | bits N P\n");
    return 2;
}

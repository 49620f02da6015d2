/*
 * redisbloom_peer.c - a second, independent implementation of RedisBloom's
 * BF.RESERVE sizing for "make check-peers" (tests/peers/run.sh), transcribed
 * from RedisBloom's source (src/rebloom.c, src/sb.c and deps/bloom/bloom.c
 * of RedisBloom 03077b4, 0aeb4b2 and v2.8.20; no Redis is installed here) in
 * the same C doubles: the error rate, halved for a scaling filter
 * (ERROR_TIGHTENING_RATIO); bits per entry -(log(e) / 0.480453013918201);
 * bits (uint64_t)(n bpe), at least 1 (BLOOM_OPT_NOROUND), rounded up to
 * whole 64-bit words; hashes (int)ceil(0.693147180559945 bpe).
 *
 *   sizes scaling|nonscaling   "n p" lines in; "n p m k" out, m the bits of
 *                              the filter
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 3 || strcmp(argv[1], "sizes") != 0
        || (strcmp(argv[2], "scaling") != 0 && strcmp(argv[2], "nonscaling") != 0)) {
        fprintf(stderr, "usage: redisbloom_peer sizes scaling|nonscaling\n");
        return 2;
    }
    double tightening = strcmp(argv[2], "scaling") == 0 ? 0.5 : 1;
    char n_text[64], p_text[64];
    while (scanf("%63s %63s", n_text, p_text) == 2) {
        uint64_t entries = (uint64_t)strtod(n_text, NULL);
        double error = strtod(p_text, NULL) * tightening;
        double bpe = -(log(error) / 0.480453013918201);
        uint64_t bits = (uint64_t)((double)entries * bpe);
        if (bits == 0)
            bits = 1;
        uint64_t words = bits / 64 + (bits % 64 != 0);
        int hashes = (int)ceil(0.693147180559945 * bpe);
        printf("%s %s %llu %d\n", n_text, p_text, (unsigned long long)(words * 64), hashes);
    }
    return 0;
}

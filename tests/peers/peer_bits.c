/*
 * peer_bits.c - the bit array bloomsim's filter code builds with a
 * library's own hash and index arithmetic (sim/filter/library_probes.h),
 * for check (b) of "make check-peers" (tests/peers/run.sh):
 *
 *   peer_bits FAMILY M K N
 *
 * inserts keys 0..N-1 (8 little-endian bytes each, as the harnesses do)
 * into a filter of M bits with K probes and prints "M K" and the set bit
 * positions, one a line: the output of the harnesses' "bits" command.
 *
 *   peer_bits FAMILY hashes
 *
 * reads lines "HEX ..." (a key's bytes in hex, "-" for the empty key) and
 * prints "HEX H1 H2", the family's first two hash words in unsigned decimal:
 * the output of cassandra_peer.py's and GuavaPeer's "hashes" command.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "library_probes.h"

/* "HEX H1 H2" for every line "HEX ..." of standard input. */
static int print_hashes(sim_library_family family)
{
    char line[1024];
    while (fgets(line, sizeof line, stdin) != NULL) {
        char hex[512];
        unsigned char bytes[256];
        size_t length = 0;
        if (sscanf(line, "%511s", hex) != 1)
            return 1;
        for (; strcmp(hex, "-") != 0 && hex[2 * length] != '\0' && length < sizeof bytes; length++) {
            unsigned value = 0;
            if (sscanf(hex + 2 * length, "%2x", &value) != 1)
                return 1;
            bytes[length] = (unsigned char)value;
        }
        sim_library_hashes hashes;
        sim_library_hash(&hashes, family, bytes, length);
        printf("%s %llu %llu\n", hex, (unsigned long long)hashes.words[0],
               (unsigned long long)hashes.words[1]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int family = 0;
    while (sim_library_family_names[family] && (argc < 2 || strcmp(argv[1], sim_library_family_names[family])))
        family++;
    if ((argc != 5 && (argc != 3 || strcmp(argv[2], "hashes"))) || !sim_library_family_names[family]) {
        fputs("usage: peer_bits FAMILY M K N | peer_bits FAMILY hashes (FAMILY: guava, "
              "bits-and-blooms, libbloom, bloom-filters, rocksdb, parquet, cassandra, leveldb)\n", stderr);
        return 2;
    }
    if (argc == 3)
        return print_hashes((sim_library_family)family);
    uint64_t m = strtoull(argv[2], NULL, 10), n = strtoull(argv[4], NULL, 10);
    unsigned k = (unsigned)strtoul(argv[3], NULL, 10);
    unsigned char *bits = calloc(m / 8 + 1, 1);
    uint64_t *positions = malloc(k * sizeof *positions);
    if (!bits || !positions || m == 0 || k == 0)
        return 1;
    for (uint64_t key = 0; key < n; key++) {
        unsigned char bytes[8];
        for (int i = 0; i < 8; i++)
            bytes[i] = (unsigned char)(key >> (8 * i));
        sim_library_positions(positions, (sim_library_family)family, bytes, 8, m, k);
        for (unsigned i = 0; i < k; i++)
            bits[positions[i] / 8] |= (unsigned char)(1u << (positions[i] % 8));
    }
    printf("%llu %u\n", (unsigned long long)m, k);
    for (uint64_t x = 0; x < m; x++)
        if (bits[x / 8] & (1u << (x % 8)))
            printf("%llu\n", (unsigned long long)x);
    free(bits);
    free(positions);
    return 0;
}

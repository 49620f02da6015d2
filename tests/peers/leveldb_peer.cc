/*
 * leveldb_peer.cc - drives the real LevelDB Bloom filter (Debian's
 * libleveldb-dev 1.23, leveldb::NewBloomFilterPolicy) for "make check-peers"
 * (tests/peers/run.sh), filter by filter through CreateFilter and
 * KeyMayMatch, with no database: the filter of one data range is exactly
 * this string.
 *
 *   sizes             "n c" lines in; "n c m bytes k" out: m the bits the
 *                     probes address ((size - 1) x 8), bytes the whole
 *                     string (with its k byte), k its last byte
 *   rate N C F Q      F filters of N keys, Q absent keys queried in each
 *                     (scrambled, below);
 *                     "m k F Q sum sumsq" of the per-filter false positives
 *   bits N C          keys 0..N-1; "m k", then the set bit positions
 *
 * A key is the 8 bytes of a 64-bit integer, least significant first, as in
 * the other harnesses and bloomsim's peer_bits.  Bit x of the filter is bit
 * x mod 8 of byte x / 8, as LevelDB's own probes read it.  The rate's keys
 * are those integers passed through SplitMix64's finaliser (a bijection, so
 * still distinct): LevelDB's 32-bit hash of consecutive integers is not
 * that of unrelated keys, and at 20 keys the difference shows (1.159 %
 * against 1.194 % for scrambled keys, like bloomsim's), where at 1e5 keys
 * it does not.
 */
#include <leveldb/filter_policy.h>
#include <leveldb/slice.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

std::string key_bytes(uint64_t key)
{
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; i++)
        bytes[i] = static_cast<char>(key >> (8 * i));
    return bytes;
}

// SplitMix64's finaliser: a bijection of 64-bit integers that scatters consecutive ones.
uint64_t scrambled(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// The filter of keys first..first+n-1 (scrambled, with `scramble`) under NewBloomFilterPolicy(c).
std::string build(const leveldb::FilterPolicy &policy, uint64_t first, long n, bool scramble)
{
    std::vector<std::string> owned;
    owned.reserve(n);
    for (long i = 0; i < n; i++) {
        uint64_t key = first + static_cast<uint64_t>(i);
        owned.push_back(key_bytes(scramble ? scrambled(key) : key));
    }
    std::vector<leveldb::Slice> keys(owned.begin(), owned.end());
    std::string filter;
    policy.CreateFilter(keys.data(), static_cast<int>(n), &filter);
    return filter;
}

unsigned long bits_of(const std::string &filter) { return filter.empty() ? 0 : (filter.size() - 1) * 8; }
unsigned probes_of(const std::string &filter) { return filter.empty() ? 0 : static_cast<unsigned char>(filter.back()); }

int sizes()
{
    long n;
    int c;
    while (std::scanf("%ld %d", &n, &c) == 2) {
        std::unique_ptr<const leveldb::FilterPolicy> policy(leveldb::NewBloomFilterPolicy(c));
        std::string filter = build(*policy, 0, n, false);
        std::printf("%ld %d %lu %zu %u\n", n, c, bits_of(filter), filter.size(), probes_of(filter));
    }
    return 0;
}

int rate(long n, int c, long trials, long queries)
{
    std::unique_ptr<const leveldb::FilterPolicy> policy(leveldb::NewBloomFilterPolicy(c));
    unsigned long long sum = 0, sumsq = 0;
    std::string filter;
    for (long t = 0; t < trials; t++) {
        filter = build(*policy, static_cast<uint64_t>(t) << 32, n, true);
        unsigned long long fp = 0;
        for (long j = 0; j < queries; j++) {
            std::string key = key_bytes(scrambled((static_cast<uint64_t>(t) << 32) + (1ULL << 31) + j));
            fp += policy->KeyMayMatch(key, filter);
        }
        sum += fp;
        sumsq += fp * fp;
    }
    std::printf("%lu %u %ld %ld %llu %llu\n", bits_of(filter), probes_of(filter), trials, queries, sum,
                sumsq);
    return 0;
}

int bits(long n, int c)
{
    std::unique_ptr<const leveldb::FilterPolicy> policy(leveldb::NewBloomFilterPolicy(c));
    std::string filter = build(*policy, 0, n, false);
    std::printf("%lu %u\n", bits_of(filter), probes_of(filter));
    for (unsigned long x = 0; x < bits_of(filter); x++)
        if (static_cast<unsigned char>(filter[x / 8]) & (1u << (x % 8)))
            std::printf("%lu\n", x);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    std::string command = argc > 1 ? argv[1] : "";
    if (command == "sizes" && argc == 2)
        return sizes();
    if (command == "rate" && argc == 6)
        return rate(std::atol(argv[2]), std::atoi(argv[3]), std::atol(argv[4]), std::atol(argv[5]));
    if (command == "bits" && argc == 4)
        return bits(std::atol(argv[2]), std::atoi(argv[3]));
    std::fputs("usage: leveldb_peer sizes | rate N C F Q | bits N C\n", stderr);
    return 2;
}

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
 *   database DIR N Q [FILTERS]
 *                     a LevelDB database in DIR (destroyed first) of N keys
 *                     (8-byte keys, 92-byte values: 100-byte entries, in
 *                     the default 4 KiB blocks, uncompressed so that a
 *                     block holds what its bytes say), opened with a
 *                     policy that delegates to NewBloomFilterPolicy(10)
 *                     under the built-in's name (so the tables are those
 *                     the built-in writes) and records every CreateFilter;
 *                     then Q absent keys looked up with Get, the policy
 *                     counting every KeyMayMatch they cause.  Prints
 *                     "built N BYTES FILTERS" per key count and filter size
 *                     of the filters built (flushes and compactions), and
 *                     per key count of the filters the lookups consulted
 *                     "consulted N FILTERS CONSULTS MATCHES SQ SM SQM", the
 *                     sums over those filters of consults^2, matches^2 and
 *                     consults x matches (a filter's answers are correlated
 *                     through its bits: the interval of the rate treats
 *                     filters as clusters), then "gets Q".  With FILTERS,
 *                     every filter string built is written there as
 *                     "KEYS HEX" lines (tests/peers/leveldb_audit.py).
 *   table DIR N       a LevelDB database in DIR (destroyed first) of N keys
 *                     (those of "database") under NewBloomFilterPolicy(10)
 *                     itself, uncompressed, compacted into one table: the
 *                     fixture of "bloomcalc audit" (tests/cli_audit.sh);
 *                     prints "table N".
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
#include <leveldb/db.h>
#include <leveldb/filter_policy.h>
#include <leveldb/options.h>
#include <leveldb/slice.h>
#include <leveldb/write_batch.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
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

// NewBloomFilterPolicy(10) under the built-in's name, recording the filters it builds (key
// count by filter string: compactions call it from LevelDB's background thread) and, while
// counting, every answer it gives (by filter string: the same filter, rebuilt by a compaction
// from the same keys, is the same string and answers alike).
class RecordingPolicy : public leveldb::FilterPolicy {
  public:
    struct Answers {
        unsigned long long consults = 0, matches = 0;
    };

    const char *Name() const override { return "leveldb.BuiltinBloomFilter2"; }

    void CreateFilter(const leveldb::Slice *keys, int n, std::string *dst) const override
    {
        size_t before = dst->size();
        inner_->CreateFilter(keys, n, dst);
        std::lock_guard<std::mutex> hold(lock_);
        std::string filter = dst->substr(before);
        size_t bytes = filter.size();
        built_[{n, bytes}]++;
        keys_of_[filter] = n;
    }

    bool KeyMayMatch(const leveldb::Slice &key, const leveldb::Slice &filter) const override
    {
        bool match = inner_->KeyMayMatch(key, filter);
        std::lock_guard<std::mutex> hold(lock_);
        if (counting_) {
            Answers &answers = answers_[filter.ToString()];
            answers.consults++;
            answers.matches += match;
        }
        return match;
    }

    void count() { counting_ = true; }

    // Every filter string built, "KEYS HEX" a line, into `path`: what the tables on disk must hold.
    void write_filters(const std::string &path) const
    {
        std::lock_guard<std::mutex> hold(lock_);
        FILE *file = std::fopen(path.c_str(), "w");
        if (file == nullptr) {
            std::perror(path.c_str());
            std::exit(1);
        }
        for (const auto &filter : keys_of_) {
            std::fprintf(file, "%d ", filter.second);
            for (unsigned char byte : filter.first)
                std::fprintf(file, "%02x", byte);
            std::fputc('\n', file);
        }
        if (std::fclose(file) != 0) {
            std::perror(path.c_str());
            std::exit(1);
        }
    }

    void print() const
    {
        std::lock_guard<std::mutex> hold(lock_);
        for (const auto &group : built_)
            std::printf("built %d %zu %lu\n", group.first.first, group.first.second, group.second);
        struct Stratum {
            unsigned long long filters = 0, consults = 0, matches = 0, sq = 0, sm = 0, sqm = 0;
        };
        std::map<int, Stratum> strata;
        for (const auto &filter : answers_) {
            auto known = keys_of_.find(filter.first);
            Stratum &stratum = strata[known == keys_of_.end() ? -1 : known->second];
            const Answers &a = filter.second;
            stratum.filters++;
            stratum.consults += a.consults;
            stratum.matches += a.matches;
            stratum.sq += a.consults * a.consults;
            stratum.sm += a.matches * a.matches;
            stratum.sqm += a.consults * a.matches;
        }
        for (const auto &s : strata)
            std::printf("consulted %d %llu %llu %llu %llu %llu %llu\n", s.first, s.second.filters,
                        s.second.consults, s.second.matches, s.second.sq, s.second.sm, s.second.sqm);
    }

  private:
    std::unique_ptr<const leveldb::FilterPolicy> inner_{leveldb::NewBloomFilterPolicy(10)};
    mutable std::mutex lock_;
    mutable std::map<std::pair<int, size_t>, unsigned long> built_;
    mutable std::unordered_map<std::string, int> keys_of_;
    mutable std::unordered_map<std::string, Answers> answers_;
    bool counting_ = false;
};

void die(const leveldb::Status &status, const char *what)
{
    if (!status.ok()) {
        std::fprintf(stderr, "%s: %s\n", what, status.ToString().c_str());
        std::exit(1);
    }
}

// Keys scrambled(0..n-1), big-endian so that the bytewise order is the integers' (absent keys
// scrambled(n..n+q-1) fall between them, over the same key space).
std::string database_key(uint64_t ordinal)
{
    uint64_t value = scrambled(ordinal);
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; i++)
        bytes[i] = static_cast<char>(value >> (56 - 8 * i));
    return bytes;
}

int database(const std::string &dir, uint64_t n, uint64_t queries, const char *filters)
{
    RecordingPolicy policy;
    leveldb::Options options;
    options.create_if_missing = true;
    options.error_if_exists = true;
    options.compression = leveldb::kNoCompression;
    options.filter_policy = &policy;
    leveldb::DestroyDB(dir, options);
    leveldb::DB *opened = nullptr;
    die(leveldb::DB::Open(options, dir, &opened), "open");
    std::unique_ptr<leveldb::DB> db(opened);
    const std::string value(92, 'v');
    for (uint64_t i = 0; i < n;) {
        leveldb::WriteBatch batch;
        for (uint64_t end = i + 1000; i < n && i < end; i++)
            batch.Put(database_key(i), value);
        die(db->Write(leveldb::WriteOptions(), &batch), "write");
    }
    policy.count();
    std::string found;
    for (uint64_t j = 0; j < queries; j++) {
        leveldb::Status status = db->Get(leveldb::ReadOptions(), database_key(n + j), &found);
        if (!status.IsNotFound())
            die(status, "get of an absent key");
    }
    db.reset();
    policy.print();
    if (filters != nullptr)
        policy.write_filters(filters);
    std::printf("gets %llu\n", static_cast<unsigned long long>(queries));
    return 0;
}

int table(const std::string &dir, uint64_t n)
{
    std::unique_ptr<const leveldb::FilterPolicy> policy(leveldb::NewBloomFilterPolicy(10));
    leveldb::Options options;
    options.create_if_missing = true;
    options.error_if_exists = true;
    options.compression = leveldb::kNoCompression;
    options.filter_policy = policy.get();
    leveldb::DestroyDB(dir, options);
    leveldb::DB *opened = nullptr;
    die(leveldb::DB::Open(options, dir, &opened), "open");
    std::unique_ptr<leveldb::DB> db(opened);
    const std::string value(92, 'v');
    leveldb::WriteBatch batch;
    for (uint64_t i = 0; i < n; i++)
        batch.Put(database_key(i), value);
    die(db->Write(leveldb::WriteOptions(), &batch), "write");
    db->CompactRange(nullptr, nullptr);
    std::printf("table %llu\n", static_cast<unsigned long long>(n));
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
    if (command == "database" && (argc == 5 || argc == 6))
        return database(argv[2], std::strtoull(argv[3], nullptr, 10), std::strtoull(argv[4], nullptr, 10),
                        argc == 6 ? argv[5] : nullptr);
    if (command == "table" && argc == 4)
        return table(argv[2], std::strtoull(argv[3], nullptr, 10));
    std::fputs("usage: leveldb_peer sizes | rate N C F Q | bits N C | database DIR N Q [FILTERS] | table DIR N\n", stderr);
    return 2;
}

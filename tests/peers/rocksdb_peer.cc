// rocksdb_peer.cc - drives a real RocksDB (Debian's librocksdb-dev 7.8) for
// "make check-peers" (tests/peers/run.sh).  Each filter is the full filter
// of one SST file that a fresh database flushes, built by
// NewBloomFilterPolicy(c) (FastLocalBloom, format_version 5) or, with
// POLICY "ribbon", NewRibbonFilterPolicy(c, -1) (bloom_before_level -1: a
// Ribbon in every file; the default 0 gives flushes a Bloom filter), or,
// with POLICY "legacy", NewBloomFilterPolicy(c) with format_version 4 (the
// legacy Bloom filter, LegacyBloomBitsBuilder), where c = -ln(p)/ln^2 2 is
// the bits per key "bloomcalc compare" derives from p.  Commands (output as
// in GuavaPeer.java):
//
//   sizes POLICY        "n p" lines in; "n p m k" out: m = 8 (filter_size - 5)
//                       from the table properties (filter_size counts the 5
//                       metadata bytes), k = the probe count the filter's
//                       metadata stores (low 5 bits of its third byte; the
//                       legacy filter's first byte, before its 32-bit count
//                       of lines), read from the SST file through its footer
//                       and metaindex block; a Ribbon filter (metadata marker -2: FE, seed,
//                       24-bit block count) has no probes, its line is "n p m"
//                       (POLICY ribbon may also give a Bloom filter: RocksDB
//                       falls back to one for small or huge n)
//   rate POLICY N P F Q F filters of N keys, Q absent keys looked up with Get
//                       in each; a lookup the filter answers "no" counts as
//                       BLOOM_FILTER_USEFUL, so the false positives are Q
//                       minus its increase; "m k F Q sum sumsq"
//   bits POLICY N P     one filter of keys 0..N-1 as 8 little-endian bytes
//                       (tests/peers/peer_bits.c's keys): "m k", then the
//                       positions of its set bits, bit x being bit x mod 8 of
//                       byte x / 8 of the filter block, as both builders set it
//   hashes legacy       "HEX ..." lines in (a key's bytes, "-" for none);
//                       "HEX H 0" out, H = the 32-bit Hash(key, 0xbc9f1d34)
//                       the legacy filter probes with (rocksdb::Hash,
//                       util/hash.h, exported by librocksdb but not in its
//                       public headers: declared below)
//
// Keys are 8 bytes, most significant first: key i is i * 2^24, absent query
// j is (j mod (N - 1)) * 2^24 + 1 + j / (N - 1), inside the file's key range
// (a lookup outside it would not reach the filter).  The legacy filter's
// 32-bit hash of such related keys is not that of unrelated ones (1.153 %
// at 1e6 keys and 5.05 % at 300, against 1.172 % and 0.617 % for unrelated
// keys, like bloomsim's), so its
// rate's keys are (trial 2^32 + i) and its queries (trial 2^32 + 2^31 + j)
// passed through SplitMix64's finaliser (a bijection: distinct, and never a
// key), a query outside the file's smallest..largest key skipped and replaced.
#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/options.h>
#include <rocksdb/statistics.h>
#include <rocksdb/table.h>
#include <rocksdb/table_properties.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace rocksdb {
uint32_t Hash(const char *data, size_t n, uint32_t seed);
}

namespace {

std::string key_of(uint64_t value) {
  std::string key(8, '\0');
  for (int i = 0; i < 8; i++) key[i] = static_cast<char>(value >> (56 - 8 * i));
  return key;
}

// SplitMix64's finaliser: unrelated keys from consecutive integers.
uint64_t scrambled(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::string little_endian_key_of(uint64_t value) {
  std::string key(8, '\0');
  for (int i = 0; i < 8; i++) key[i] = static_cast<char>(value >> (8 * i));
  return key;
}

struct Filter {
  std::unique_ptr<rocksdb::DB> db;
  std::shared_ptr<rocksdb::Statistics> statistics;
  uint64_t m = 0;
  unsigned k = 0;
  std::vector<unsigned char> block;  // the filter block, metadata last
};

void die(const rocksdb::Status &status, const char *what) {
  if (!status.ok()) {
    std::cerr << what << ": " << status.ToString() << "\n";
    std::exit(1);
  }
}

// A varint64 of the SST format at bytes[*at], advancing *at.
uint64_t varint(const std::vector<unsigned char> &bytes, size_t *at) {
  uint64_t value = 0;
  for (int shift = 0; *at < bytes.size() && shift < 64; shift += 7) {
    unsigned char byte = bytes[(*at)++];
    value |= static_cast<uint64_t>(byte & 127) << shift;
    if (!(byte & 128)) break;
  }
  return value;
}

// The full filter block of SST `file`, or nothing: the 53-byte footer's first handle locates the
// metaindex block, whose "fullfilter." entry locates the filter block.  Each block entry: varint
// shared, non-shared, value length, the key's new bytes, the value; the block ends with its
// restart offsets and their count (4 bytes each).
std::vector<unsigned char> filter_block(const std::string &file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<unsigned char> none;
  if (bytes.size() < 53) return none;
  size_t at = bytes.size() - 53 + 1;
  uint64_t meta_offset = varint(bytes, &at), meta_size = varint(bytes, &at);
  if (meta_size < 4 || meta_offset + meta_size > bytes.size()) return none;
  const unsigned char *tail = &bytes[meta_offset + meta_size - 4];
  uint64_t restarts = tail[0] | tail[1] << 8 | tail[2] << 16 | static_cast<uint64_t>(tail[3]) << 24;
  if (4 * (restarts + 1) > meta_size) return none;
  size_t end = meta_offset + meta_size - 4 * (restarts + 1);
  std::string key;
  for (at = meta_offset; at < end;) {
    uint64_t shared = varint(bytes, &at), fresh = varint(bytes, &at), length = varint(bytes, &at);
    if (shared > key.size() || at + fresh + length > end) return none;
    key.resize(shared);
    key.append(bytes.begin() + at, bytes.begin() + at + fresh);
    size_t value = at + fresh;
    at = value + length;
    if (key.rfind("fullfilter.", 0) == 0) {
      uint64_t offset = varint(bytes, &value), size = varint(bytes, &value);
      if (size < 5 || offset + size > bytes.size()) return none;
      return std::vector<unsigned char>(bytes.begin() + offset, bytes.begin() + offset + size);
    }
  }
  return none;
}

// The probe count in the metadata, the block's last 5 bytes, 0 for a Ribbon filter, or -1:
// FastLocalBloom's are FF 00 kk 00 00 (kk: probes in the low 5 bits, 0 in the upper 3 for
// 64-byte lines), the legacy filter's kk and its count of 64-byte lines (32 bits, little-endian),
// a Ribbon's begin with FE.
int probes_in_block(const std::vector<unsigned char> &block, const std::string &policy) {
  if (block.size() < 5) return -1;
  const unsigned char *meta = &block[block.size() - 5];
  if (policy == "legacy") {
    uint64_t lines = meta[1] | meta[2] << 8 | meta[3] << 16 | static_cast<uint64_t>(meta[4]) << 24;
    return meta[0] >= 1 && meta[0] <= 30 && 64 * lines == block.size() - 5 ? meta[0] : -1;
  }
  if (meta[0] == 0xfe) return 0;  // Standard128Ribbon
  bool bloom = meta[0] == 0xff && meta[1] == 0 && (meta[2] >> 5) == 0 && meta[3] == 0 && meta[4] == 0;
  return bloom ? meta[2] & 31 : -1;
}

// The filter of n keys: key_of(((trial << 32) + i) << 24) (the legacy policy's scrambled), or
// with `little_endian` key i as little_endian_key_of(i) (trial 0).
Filter build(const std::string &policy, uint64_t n, double p, uint64_t trial, const std::string &dir,
             bool little_endian = false) {
  double bits_per_key = -std::log(p) / (std::log(2.0) * std::log(2.0));
  rocksdb::BlockBasedTableOptions table;
  if (policy == "legacy") table.format_version = 4;
  table.filter_policy.reset(policy == "ribbon" ? rocksdb::NewRibbonFilterPolicy(bits_per_key, -1)
                                               : rocksdb::NewBloomFilterPolicy(bits_per_key));
  table.whole_key_filtering = true;
  table.cache_index_and_filter_blocks = false;
  rocksdb::Options options;
  options.create_if_missing = true;
  options.error_if_exists = true;
  options.disable_auto_compactions = true;
  options.compression = rocksdb::kNoCompression;
  options.write_buffer_size = 1024UL << 20;
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  Filter filter;
  filter.statistics = rocksdb::CreateDBStatistics();
  options.statistics = filter.statistics;
  rocksdb::DestroyDB(dir, options);
  rocksdb::DB *db = nullptr;
  die(rocksdb::DB::Open(options, dir, &db), "open");
  filter.db.reset(db);
  rocksdb::WriteOptions write;
  write.disableWAL = true;
  for (uint64_t i = 0; i < n;) {
    rocksdb::WriteBatch batch;
    for (uint64_t end = i + 10000; i < n && i < end; i++)
      batch.Put(little_endian            ? little_endian_key_of(i)
                : policy == "legacy" ? key_of(scrambled((trial << 32) + i))
                                     : key_of(((trial << 32) + i) << 24),
                "");
    die(db->Write(write, &batch), "write");
  }
  die(db->Flush(rocksdb::FlushOptions()), "flush");
  rocksdb::TablePropertiesCollection tables;
  die(db->GetPropertiesOfAllTables(&tables), "properties");
  if (tables.size() != 1) {
    std::cerr << "expected one table, got " << tables.size() << "\n";
    std::exit(1);
  }
  uint64_t filter_size = tables.begin()->second->filter_size;
  filter.m = 8 * (filter_size - 5);
  filter.block = filter_block(tables.begin()->first);
  int k = probes_in_block(filter.block, policy);
  if (k < 0 || (k == 0 && policy != "ribbon")) {
    std::cerr << "filter metadata not found in " << tables.begin()->first << "\n";
    std::exit(1);
  }
  filter.k = static_cast<unsigned>(k);
  return filter;
}

// The false positives of `queries` absent lookups (the legacy policy's: scrambled, inside the
// file's key range, smallest..largest of its scrambled keys).
uint64_t false_positives(Filter &filter, const std::string &policy, uint64_t n, uint64_t trial,
                         uint64_t queries) {
  uint64_t before = filter.statistics->getTickerCount(rocksdb::BLOOM_FILTER_USEFUL);
  std::string value;
  rocksdb::ReadOptions read;
  uint64_t spread = n - 1, low = UINT64_MAX, high = 0;
  for (uint64_t i = 0; policy == "legacy" && i < n; i++) {
    uint64_t key = scrambled((trial << 32) + i);
    low = key < low ? key : low;
    high = key > high ? key : high;
  }
  for (uint64_t j = 0, asked = 0; asked < queries; j++) {
    uint64_t query = ((((trial << 32) + j % spread) << 24)) + 1 + j / spread;
    if (policy == "legacy") {
      query = scrambled((trial << 32) + (1ULL << 31) + j);
      if (query < low || query > high) continue;
    }
    asked++;
    rocksdb::Status status = filter.db->Get(read, key_of(query), &value);
    if (!status.IsNotFound()) die(status, "get of an absent key");
  }
  return queries - (filter.statistics->getTickerCount(rocksdb::BLOOM_FILTER_USEFUL) - before);
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::cerr << "usage: rocksdb_peer sizes POLICY | rate POLICY N P F Q | bits POLICY N P | hashes legacy "
                 "(POLICY: bloom, ribbon or legacy)\n";
    return 2;
  }
  std::string command = argv[1], policy = argv[2];
  const char *scratch = std::getenv("PEER_SCRATCH");
  std::string dir = std::string(scratch ? scratch : "/tmp") + "/rocksdb_peer_db";
  if (command == "sizes") {
    std::string n_text, p_text;
    while (std::cin >> n_text >> p_text) {
      uint64_t n = static_cast<uint64_t>(std::strtod(n_text.c_str(), nullptr));
      Filter filter = build(policy, n, std::strtod(p_text.c_str(), nullptr), 0, dir);
      std::printf("%s %s %llu", n_text.c_str(), p_text.c_str(), static_cast<unsigned long long>(filter.m));
      if (filter.k != 0) std::printf(" %u", filter.k);
      std::printf("\n");
    }
  } else if (command == "bits" && argc == 5) {
    Filter filter = build(policy, std::strtoull(argv[3], nullptr, 10), std::strtod(argv[4], nullptr), 0, dir, true);
    std::printf("%llu %u\n", static_cast<unsigned long long>(filter.m), filter.k);
    for (uint64_t x = 0; x < filter.m; x++)
      if (filter.block[x / 8] >> (x % 8) & 1) std::printf("%llu\n", static_cast<unsigned long long>(x));
  } else if (command == "hashes") {
    std::string line;
    while (std::getline(std::cin, line)) {
      std::string hex = line.substr(0, line.find(' ')), bytes;
      for (size_t i = 0; hex != "-" && i + 1 < hex.size(); i += 2)
        bytes.push_back(static_cast<char>(std::stoul(hex.substr(i, 2), nullptr, 16)));
      std::printf("%s %u 0\n", hex.c_str(), rocksdb::Hash(bytes.data(), bytes.size(), 0xbc9f1d34));
    }
  } else if (command == "rate" && argc == 7) {
    uint64_t n = std::strtoull(argv[3], nullptr, 10), trials = std::strtoull(argv[5], nullptr, 10);
    uint64_t queries = std::strtoull(argv[6], nullptr, 10);
    double p = std::strtod(argv[4], nullptr);
    unsigned long long sum = 0, squares = 0, m = 0;
    unsigned k = 0;
    for (uint64_t t = 0; t < trials; t++) {
      Filter filter = build(policy, n, p, t, dir);
      unsigned long long fp = false_positives(filter, policy, n, t, queries);
      sum += fp;
      squares += fp * fp;
      m = filter.m;
      k = filter.k;
    }
    std::printf("%llu %u %llu %llu %llu %llu\n", m, k, static_cast<unsigned long long>(trials),
                static_cast<unsigned long long>(queries), sum, squares);
  } else {
    return 2;
  }
  rocksdb::Options options;
  rocksdb::DestroyDB(dir, options);
  return 0;
}

// rocksdb_tree_peer.cc - a real RocksDB database (Debian's librocksdb-dev
// 7.8), many SST files on several levels, for "make check-peers"
// (tests/peers/database_checks.sh): the filters a deployment really builds
// and the filters an absent lookup really consults, where rocksdb_peer.cc
// flushes one file per point.
//
//   rocksdb_tree_peer POLICY DIR KEYS QUERIES
//   rocksdb_tree_peer fixture DIR KEYS
//
// builds in DIR (destroyed first) a database of KEYS keys under POLICY:
// "bloom" (NewBloomFilterPolicy(10), format_version 5: FastLocalBloom),
// "ribbon" (NewRibbonFilterPolicy(10, -1): a Ribbon in every file) or
// "legacy" (NewBloomFilterPolicy(10) under format_version 4: RocksDB's
// legacy Bloom), "memory" ("bloom" with optimize_filters_for_memory on),
// "partitioned" ("bloom" with partition_filters and kTwoLevelIndexSearch:
// each file's filter in partitions of metadata_block_size 4096) or
// "partitioned256" (the same with metadata_block_size 256, 153 keys a
// partition, so that a small table file holds several),
// with small memtables, files and level targets so that
// flushes and compactions spread the keys over tens of files on several
// levels; waits until no flush or compaction is running or pending; flushes
// the last keys to three files left on L0; then looks up QUERIES absent keys
// with Get.  Prints one line per live SST file,
//
//   file NAME LEVEL ENTRIES FILTER_SIZE POLICY_NAME CONSULTS FALSE_POSITIVES
//
// (ENTRIES, FILTER_SIZE and POLICY_NAME from GetPropertiesOfAllTables, the
// level from GetLiveFilesMetaData, CONSULTS the absent lookups whose key
// falls in the file's [smallest, largest]: on L0 every such file, deeper
// the one file of the level whose range holds it, the files Get consults;
// FALSE_POSITIVES the lookups whose filter answer from that file was a
// false positive, from RocksDB's per-level perf context read around each
// Get: on a level >= 1 a Get consults one file, whose answer the level's
// count is; on level 0 it consults them all, so "-" there and the level's
// total on a line "level0 FALSE_POSITIVES"), and a closing line of
// RocksDB's own statistics over the lookups,
//
//   gets QUERIES CONSULTS USEFUL FULL_POSITIVE FULL_TRUE_POSITIVE
//
// (CONSULTS the sum of the files' consults, which USEFUL + FULL_POSITIVE
// must equal if the routing above is RocksDB's).  The database is reopened
// (compactions off) before the lookups: a table reader keeps the level its
// file had when it was opened, which a trivial move changes, and the
// per-level counts are by that level.
//
// Keys are the 8 big-endian bytes of SplitMix64's finaliser of 0..KEYS-1
// (written in that order, which scatters them over the key space, so every
// flush covers nearly all of it and the levels form as under random
// writes); the absent keys are the finaliser of KEYS..KEYS+QUERIES-1,
// distinct from every present key (the finaliser is a bijection) and
// spread over the same key space.
//
// optimize_filters_for_memory is set false explicitly but under "memory":
// when true, RocksDB sizes each filter to the allocator's
// malloc_usable_size, so the filter of a file depends on the allocator and
// not only on its keys, and no rule of keys and bits per key can give it;
// only its bits on disk can ("bloomcalc audit").
#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/metadata.h>
#include <rocksdb/options.h>
#include <rocksdb/perf_context.h>
#include <rocksdb/perf_level.h>
#include <rocksdb/statistics.h>
#include <rocksdb/table.h>
#include <rocksdb/table_properties.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

const double kBitsPerKey = 10;

void die(const rocksdb::Status &status, const char *what) {
  if (!status.ok()) {
    std::cerr << what << ": " << status.ToString() << "\n";
    std::exit(1);
  }
}

// SplitMix64's finaliser: a bijection of 64-bit integers that scatters consecutive ones.
uint64_t scrambled(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::string key_of(uint64_t ordinal) {
  uint64_t value = scrambled(ordinal);
  std::string key(8, '\0');
  for (int i = 0; i < 8; i++) key[i] = static_cast<char>(value >> (56 - 8 * i));
  return key;
}

// The table options of POLICY, or false for a name that is none of them.
bool table_options(const std::string &policy, rocksdb::BlockBasedTableOptions *table) {
  if (policy == "bloom" || policy == "legacy" || policy == "memory") {
    table->filter_policy.reset(rocksdb::NewBloomFilterPolicy(kBitsPerKey));
    table->format_version = policy == "legacy" ? 4 : 5;
  } else if (policy == "ribbon") {
    table->filter_policy.reset(rocksdb::NewRibbonFilterPolicy(kBitsPerKey, -1));
    table->format_version = 5;
  } else if (policy == "partitioned" || policy == "partitioned256") {
    table->filter_policy.reset(rocksdb::NewBloomFilterPolicy(kBitsPerKey));
    table->format_version = 5;
    table->partition_filters = true;
    table->index_type = rocksdb::BlockBasedTableOptions::kTwoLevelIndexSearch;
    if (policy == "partitioned256") table->metadata_block_size = 256;
  } else {
    return false;
  }
  table->whole_key_filtering = true;
  table->optimize_filters_for_memory = policy == "memory";
  return true;
}

// Small memtables, files and level targets: 1 MiB memtables, 512 KiB files (about 15 000 keys
// of 8 bytes with 16-byte values), level 1 of 1 MiB and ten times more a level, so that 2e6
// keys reach level 3.
rocksdb::Options tree_options(const rocksdb::BlockBasedTableOptions &table) {
  rocksdb::Options options;
  options.create_if_missing = true;
  options.error_if_exists = true;
  options.compression = rocksdb::kNoCompression;
  options.write_buffer_size = 1 << 20;
  options.target_file_size_base = 512 << 10;
  options.max_bytes_for_level_base = 1 << 20;
  options.max_bytes_for_level_multiplier = 10;
  options.level_compaction_dynamic_level_bytes = false;
  options.max_background_jobs = 2;
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  options.statistics = rocksdb::CreateDBStatistics();
  return options;
}

uint64_t property(rocksdb::DB *db, const char *name) {
  uint64_t value = 0;
  if (!db->GetIntProperty(name, &value)) {
    std::cerr << "no property " << name << "\n";
    std::exit(1);
  }
  return value;
}

// Until no flush or compaction runs or waits, so that the files listed are the files queried.
void wait_for_compactions(rocksdb::DB *db) {
  const char *busy[] = {"rocksdb.num-running-compactions", "rocksdb.num-running-flushes",
                        "rocksdb.compaction-pending", "rocksdb.mem-table-flush-pending"};
  for (int quiet = 0; quiet < 3;) {
    bool idle = true;
    for (const char *name : busy) idle = idle && property(db, name) == 0;
    quiet = idle ? quiet + 1 : 0;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

void write(rocksdb::DB *db, uint64_t first, uint64_t end) {
  rocksdb::WriteOptions options;
  options.disableWAL = true;
  const std::string value(16, 'v');
  for (uint64_t i = first; i < end;) {
    rocksdb::WriteBatch batch;
    for (uint64_t stop = i + 1000; i < end && i < stop; i++) batch.Put(key_of(i), value);
    die(db->Write(options, &batch), "write");
  }
  die(db->Flush(rocksdb::FlushOptions()), "flush");
}

// All but the last keys under automatic compactions; then, compactions off, the last
// kLevel0Files x kLevel0Keys keys in flushes of kLevel0Keys, which stay on L0 as a few files
// do in a live database between compactions, each covering nearly the whole key space.
const uint64_t kLevel0Files = 3, kLevel0Keys = 10000;

void load(rocksdb::DB *db, uint64_t keys) {
  uint64_t compacted = keys > kLevel0Files * kLevel0Keys ? keys - kLevel0Files * kLevel0Keys : 0;
  write(db, 0, compacted);
  wait_for_compactions(db);
  die(db->SetOptions({{"disable_auto_compactions", "true"}}), "disable compactions");
  for (uint64_t first = compacted; first < keys; first += kLevel0Keys)
    write(db, first, std::min(keys, first + kLevel0Keys));
}

struct File {
  std::string name;
  int level = 0;
  std::string smallest, largest;
  uint64_t entries = 0, filter_size = 0, consults = 0, false_positives = 0;
  std::string policy_name;
};

bool holds(const File &file, const std::string &key) { return file.smallest <= key && key <= file.largest; }

// The files Get consults for an absent key: every L0 file whose range holds it, and on each
// deeper level (files ordered, disjoint) the first file whose largest key is at least the key,
// if its smallest key is at most the key (into consulted[level], that level's one file).
void count_consults(std::map<int, std::vector<File *>> &levels, const std::string &key,
                    std::map<int, File *> *consulted) {
  consulted->clear();
  for (auto &level : levels) {
    std::vector<File *> &files = level.second;
    if (level.first == 0) {
      for (File *file : files) file->consults += holds(*file, key);
      continue;
    }
    auto at = std::lower_bound(files.begin(), files.end(), key,
                               [](const File *file, const std::string &k) { return file->largest < k; });
    if (at != files.end() && holds(**at, key)) {
      (*at)->consults++;
      (*consulted)[level.first] = *at;
    }
  }
}

// The false positives RocksDB's perf context has counted on each level so far.
std::map<int, uint64_t> level_false_positives() {
  std::map<int, uint64_t> counts;
  const auto *levels = rocksdb::get_perf_context()->level_to_perf_context;
  if (levels == nullptr) return counts;
  for (const auto &level : *levels)
    counts[static_cast<int>(level.first)] =
        level.second.bloom_filter_full_positive - level.second.bloom_filter_full_true_positive;
  return counts;
}

std::vector<File> files_of(rocksdb::DB *db) {
  rocksdb::TablePropertiesCollection tables;
  die(db->GetPropertiesOfAllTables(&tables), "properties");
  std::vector<rocksdb::LiveFileMetaData> live;
  db->GetLiveFilesMetaData(&live);
  std::vector<File> files;
  for (const rocksdb::LiveFileMetaData &meta : live) {
    auto table = tables.find(meta.db_path + meta.name);
    if (table == tables.end()) {
      std::cerr << "no table properties for " << meta.db_path + meta.name << "\n";
      std::exit(1);
    }
    File file;
    file.name = meta.name;
    file.level = meta.level;
    file.smallest = meta.smallestkey;
    file.largest = meta.largestkey;
    file.entries = table->second->num_entries;
    file.filter_size = table->second->filter_size;
    file.policy_name = table->second->filter_policy_name.empty() ? "-" : table->second->filter_policy_name;
    files.push_back(file);
  }
  if (files.size() != tables.size()) {
    std::cerr << files.size() << " live files but " << tables.size() << " tables\n";
    std::exit(1);
  }
  return files;
}

int run(const std::string &policy, const std::string &dir, uint64_t keys, uint64_t queries) {
  rocksdb::BlockBasedTableOptions table;
  if (!table_options(policy, &table)) return 2;
  rocksdb::Options options = tree_options(table);
  rocksdb::DestroyDB(dir, options);
  rocksdb::DB *opened = nullptr;
  die(rocksdb::DB::Open(options, dir, &opened), "open");
  std::unique_ptr<rocksdb::DB> db(opened);
  load(db.get(), keys);
  db.reset();
  options.create_if_missing = false;
  options.error_if_exists = false;
  options.disable_auto_compactions = true;
  die(rocksdb::DB::Open(options, dir, &opened), "reopen");
  db.reset(opened);

  std::vector<File> files = files_of(db.get());
  std::map<int, std::vector<File *>> levels;
  for (File &file : files) levels[file.level].push_back(&file);
  for (auto &level : levels)
    std::sort(level.second.begin(), level.second.end(),
              [](const File *a, const File *b) { return a->smallest < b->smallest; });

  rocksdb::Statistics &statistics = *options.statistics;
  die(statistics.Reset(), "statistics reset");
  rocksdb::SetPerfLevel(rocksdb::PerfLevel::kEnableCount);
  rocksdb::get_perf_context()->Reset();
  rocksdb::get_perf_context()->EnablePerLevelPerfContext();
  rocksdb::ReadOptions read;
  std::string value;
  std::map<int, File *> consulted;
  for (uint64_t j = 0; j < queries; j++) {
    std::string key = key_of(keys + j);
    count_consults(levels, key, &consulted);
    std::map<int, uint64_t> before = level_false_positives();
    rocksdb::Status status = db->Get(read, key, &value);
    if (!status.IsNotFound()) die(status, "get of an absent key");
    for (const auto &level : level_false_positives()) {
      uint64_t added = level.second - before[level.first];
      if (added == 0 || level.first == 0) continue;
      if (consulted.count(level.first) == 0) {
        std::cerr << "a false positive on level " << level.first << ", where no file was consulted\n";
        std::exit(1);
      }
      consulted[level.first]->false_positives += added;
    }
  }
  uint64_t level0 = level_false_positives()[0];
  uint64_t consults = 0;
  for (const File &file : files) {
    std::string false_positives = file.level == 0 ? "-" : std::to_string(file.false_positives);
    std::printf("file %s %d %llu %llu %s %llu %s\n", file.name.c_str(), file.level,
                static_cast<unsigned long long>(file.entries), static_cast<unsigned long long>(file.filter_size),
                file.policy_name.c_str(), static_cast<unsigned long long>(file.consults), false_positives.c_str());
    consults += file.consults;
  }
  std::printf("level0 %llu\n", static_cast<unsigned long long>(level0));
  std::printf("gets %llu %llu %llu %llu %llu\n", static_cast<unsigned long long>(queries),
              static_cast<unsigned long long>(consults),
              static_cast<unsigned long long>(statistics.getTickerCount(rocksdb::BLOOM_FILTER_USEFUL)),
              static_cast<unsigned long long>(statistics.getTickerCount(rocksdb::BLOOM_FILTER_FULL_POSITIVE)),
              static_cast<unsigned long long>(statistics.getTickerCount(rocksdb::BLOOM_FILTER_FULL_TRUE_POSITIVE)));
  return 0;
}

// The small database whose MANIFEST and CURRENT tests/fixtures/manifest_rocksdb holds: 64 KiB
// memtables, files and level 1, so that a few thousand keys give a MANIFEST of many edits (files
// added by flushes and compactions, deleted by compactions) on three levels: KEYS keys, compacted,
// KEYS/8 more, compacted (to level 1), and KEYS/8 flushed with compactions off (to level 0).  Not reopened:
// a reopen writes a new MANIFEST holding one snapshot, and the edits are what a reader replays.
int fixture(const std::string &dir, uint64_t keys) {
  rocksdb::BlockBasedTableOptions table;
  table_options("bloom", &table);
  rocksdb::Options options = tree_options(table);
  options.write_buffer_size = 64 << 10;
  options.target_file_size_base = 64 << 10;
  options.max_bytes_for_level_base = 64 << 10;
  rocksdb::DestroyDB(dir, options);
  rocksdb::DB *opened = nullptr;
  die(rocksdb::DB::Open(options, dir, &opened), "open");
  std::unique_ptr<rocksdb::DB> db(opened);
  write(db.get(), 0, keys);
  wait_for_compactions(db.get());
  write(db.get(), keys, keys + keys / 8);
  wait_for_compactions(db.get());
  die(db->SetOptions({{"disable_auto_compactions", "true"}}), "disable compactions");
  write(db.get(), keys + keys / 8, keys + keys / 4);
  for (const File &file : files_of(db.get()))
    std::printf("file %s %d %llu\n", file.name.c_str(), file.level, static_cast<unsigned long long>(file.entries));
  return 0;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc == 4 && std::string(argv[1]) == "fixture") return fixture(argv[2], std::strtoull(argv[3], nullptr, 10));
  if (argc != 5) {
    std::cerr << "usage: rocksdb_tree_peer bloom|ribbon|legacy|memory DIR KEYS QUERIES | fixture DIR KEYS\n";
    return 2;
  }
  int status = run(argv[1], argv[2], std::strtoull(argv[3], nullptr, 10), std::strtoull(argv[4], nullptr, 10));
  if (status == 2) std::cerr << "rocksdb_tree_peer: unknown policy '" << argv[1] << "'\n";
  return status;
}

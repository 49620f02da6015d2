"""deployment_reference.py BUILD - bloomcalc's deployments of filters (one per
RocksDB SST file, Cassandra SSTable, Parquet row group) against values
computed here independently of the program:

  - the read amplification of a levelled tree of the files (FORMULAS.md §e.6,
    §n): every L0 file's filter and one filter per deeper level weighted by
    its coverage, F0 fpr(N) + (c1 + ... + cL) fpr_deployment for an absent
    key, with the blocked rates and RocksDB's sizes of rocksdb_reference.py
    and the coverages summed in exact fractions;
  - under rocksdb-ribbon, an L0 file's filter is RocksDB's Bloom filter of a
    file's keys (RibbonFilterPolicy treats a flush as level -1, below its
    bloom_before_level 0), and a file of few keys falls back to Bloom too;
  - plan, compare and table print the same bytes_total and fpr_deployment
    for the same description, and compare's RocksDB row is RocksDB's sizing
    at the one setting every filter meets p with; LevelDB's filters carry
    their byte holding k.

Prints FAIL lines and "deployment-reference: N passed, N failed"; exits 1 on a failure.
"""
import json
import subprocess
import sys
from fractions import Fraction

from reference_checks import check, close, finish
from rocksdb_reference import blocked, rocksdb_bits

BUILD = sys.argv[1]


def run(*args):
    result = subprocess.run([BUILD + "/bloomcalc"] + list(args) + ["--format", "json", "--digits", "12"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        check(" ".join(args), False, "exit %d: %s" % (result.returncode, result.stderr.strip()))
        return [{}]
    rows = json.loads(result.stdout)
    return rows if isinstance(rows, list) else [rows]


def rocksdb_bytes(keys, millibits):
    return rocksdb_bits(keys, millibits) // 8 + 5


def split(n, per_filter):
    filters = -(-n // per_filter)
    return filters, n - (filters - 1) * per_filter


# 1. 5e9 keys in 64 MiB files of 100-byte entries at 10 bits a key, 6 levels past L0.
n, N = 5 * 10 ** 9, (64 << 20) // 100
F, r = split(n, N)
full = blocked(rocksdb_bits(N, 10000), N, 6)
last = blocked(rocksdb_bits(r, 10000), r, 6)
mean = ((F - 1) * N * full + r * last) / n
unit = ["--library", "rocksdb", "-c", "10", "--file-size", "64MiB", "--entry-size", "100", "-L", "6"]
row = run("plan", "-n", "5e9", *unit)[0]
check("plan rocksdb: 4 L0 files by default", row.get("l0_files") == 4, str(row.get("l0_files")))
close("plan rocksdb: fpr_deployment", row.get("fpr_deployment"), mean)
close("plan rocksdb: read_amp_miss = 4 fpr(N) + 6 fpr_deployment", row.get("read_amp_miss"),
      4 * full + 6 * mean)
close("plan rocksdb: read_amp_hit = 1 + 4 fpr(N) + 5 fpr_deployment", row.get("read_amp_hit"),
      1 + 4 * full + 5 * mean)
check("plan rocksdb: read_amp_without_filters 4 + 6", row.get("read_amp_without_filters") == 10,
      str(row.get("read_amp_without_filters")))

coverage = [Fraction(1, 100), Fraction(1, 10), Fraction(1, 5), Fraction(1, 2), Fraction(1), Fraction(1)]
row = run("plan", "-n", "5e9", *unit, "--l0-files", "2", "--coverage", "0.01,0.1,0.2,0.5,1,1")[0]
close("plan rocksdb --coverage: read_amp_miss = 2 fpr(N) + 2.81 fpr_deployment", row.get("read_amp_miss"),
      2 * full + float(sum(coverage)) * mean)
close("plan rocksdb --coverage: read_amp_hit = 1 + 2 fpr(N) + 1.81 fpr_deployment", row.get("read_amp_hit"),
      1 + 2 * full + float(sum(coverage[:-1])) * mean)
close("plan rocksdb --coverage: 2 + 2.81 files without filters", row.get("read_amp_without_filters"),
      float(2 + sum(coverage)))
row = run("plan", "-n", "5e9", *unit, "--l0-files", "0")[0]
close("plan rocksdb --l0-files 0: 6 fpr_deployment", row.get("read_amp_miss"), 6 * mean)

# 2. rocksdb-ribbon: L0 files are Bloom filters of a file's keys; the deeper files Ribbons.
row = run("plan", "-n", "1e6", "-c", "10", "--library", "rocksdb-ribbon", "--keys-per-filter", "5000",
          "-L", "3")[0]
bloom_5000 = blocked(rocksdb_bits(5000, 10000), 5000, 6)
check("plan rocksdb-ribbon: the files' filters are Ribbons", row.get("layout") == "ribbon", str(row.get("layout")))
close("plan rocksdb-ribbon: read_amp_miss - 3 fpr_deployment = 4 x the Bloom filter of 5000 keys",
      row.get("read_amp_miss") - 3 * row.get("fpr_deployment", 0), 4 * bloom_5000, 1e-8)
check("plan rocksdb-ribbon: the note names the L0 files' Bloom filters",
      "L0 files' filters" in (row.get("note") or "") and "bloom_before_level" in (row.get("note") or ""),
      str(row.get("note")))
row = run("plan", "-n", "1000100", "-c", "10", "--library", "rocksdb-ribbon", "--keys-per-filter", "5000")[0]
check("plan rocksdb-ribbon: a last file of 100 keys is RocksDB's Bloom filter, %d bytes" % rocksdb_bytes(100, 10000),
      row.get("bytes_last_filter") == rocksdb_bytes(100, 10000), str(row.get("bytes_last_filter")))
check("plan rocksdb-ribbon: the note says the last filter is Bloom",
      "the last filter is RocksDB's Bloom filter" in (row.get("note") or ""), str(row.get("note")))

# 3. compare with a unit: RocksDB at the one setting both filters meet 1 % with (9.918: 9918
# millibits, k = 6), 1e9 keys in filters of 3e5 (3334 filters, the last of 1e5 keys).
F, r = split(10 ** 9, 300000)
row = run("compare", "1e9", "1%", "--library", "rocksdb", "--keys-per-filter", "300000")[0]
expected = (F - 1) * rocksdb_bytes(300000, 9918) + rocksdb_bytes(r, 9918)
check("compare rocksdb --keys-per-filter 3e5: setting 9.918", row.get("bits_per_key_setting") == 9.918,
      str(row.get("bits_per_key_setting")))
check("compare rocksdb --keys-per-filter 3e5: bytes_total %d" % expected, row.get("bytes_total") == expected,
      str(row.get("bytes_total")))
rate = ((F - 1) * 300000 * blocked(rocksdb_bits(300000, 9918), 300000, 6)
        + r * blocked(rocksdb_bits(r, 9918), r, 6)) / 10 ** 9
close("compare rocksdb --keys-per-filter 3e5: fpr_deployment", row.get("fpr_deployment"), rate)
# LevelDB at 1 %: ceil(ln(100)/ln^2 2) = 10 bits a key, n bits rounded to bytes, one byte for k.
row = run("plan", "-n", "1e9", "-p", "1%", "--library", "leveldb", "--keys-per-filter", "300000")[0]
expected = (F - 1) * (300000 * 10 // 8 + 1) + (r * 10 // 8 + 1)
check("plan leveldb --keys-per-filter 3e5: bytes_total %d (the byte holding k in each)" % expected,
      row.get("bytes_total") == expected, str(row.get("bytes_total")))
rows = run("compare", "1e9", "1%", "--keys-per-filter", "1e6")
ribbon = [x for x in rows if x.get("rule") == "rocksdb-ribbon"]
check("compare --keys-per-filter 1e6: rocksdb-ribbon's filters of 1e6 keys are Ribbons (no fallback)",
      len(ribbon) == 1 and ribbon[0].get("layout") == "ribbon" and ribbon[0].get("filters") == 1000,
      str(ribbon))
row = run("compare", "1e9", "1%", "--library", "guava", "--keys-per-filter", "2e9")[0]
alone = run("compare", "1e9", "1%", "--library", "guava")[0]
check("compare --keys-per-filter above n: one filter of the n keys, as without a unit",
      row.get("n") == 10 ** 9 and row.get("filters") == 1 and row.get("bytes_total") == alone.get("bytes_library"),
      str((row.get("n"), row.get("filters"), row.get("bytes_total"), alone.get("bytes_library"))))
rows = run("compare", "1e9", "1%", "--file-size", "64MiB", "--entry-size", "100")
check("compare --file-size: RocksDB's rows only", [x.get("rule") for x in rows] == ["rocksdb", "rocksdb-ribbon", "rocksdb@legacy"],
      str([x.get("rule") for x in rows]))

# 3b. lsm with a unit: level i of round(N T^(i-1) (T-1)/(T^L-1)) keys is ceil(n_i/N) files, each
# with RocksDB's filter of its keys at 10 bits a key; the level's rate their keys-weighted mean.
rows = run("lsm", "-n", "1e9", "-L", "5", "--library", "rocksdb", "--file-size", "64MiB", "--entry-size", "100",
           "--per-level")
N, total_bits, level_rates = (64 << 20) // 100, 0, []
for i, level in enumerate(rows, 1):
    keys = round(Fraction(10 ** 9 * 10 ** (i - 1) * 9, 10 ** 5 - 1))
    F, r = split(keys, min(N, keys))
    full = blocked(rocksdb_bits(min(N, keys), 10000), min(N, keys), 6)
    last = blocked(rocksdb_bits(r, 10000), r, 6)
    check("lsm --file-size: level %d holds %d keys" % (i, keys), level.get("keys") == keys, str(level.get("keys")))
    level_rates.append(((F - 1) * min(N, keys) * full + r * last) / keys)
    close("lsm --file-size: level %d, %d files, p_uniform" % (i, F), level.get("p_uniform"), level_rates[-1])
    total_bits += (F - 1) * rocksdb_bits(min(N, keys), 10000) + rocksdb_bits(r, 10000)
check("lsm --file-size: five levels", len(rows) == 5, str(len(rows)))
row = run("lsm", "-n", "1e9", "-L", "5", "--library", "rocksdb", "--file-size", "64MiB", "--entry-size", "100")[0]
check("lsm --file-size: m_allocated_uniform sums every file's filter, %d bits" % total_bits,
      row.get("m_allocated_uniform") == total_bits, str(row.get("m_allocated_uniform")))
# and 4 L0 files of N keys above the 5 levels, each consulted by every lookup
l0 = blocked(rocksdb_bits(N, 10000), N, 6)
check("lsm --file-size: 4 L0 files, 9 filters consulted",
      row.get("l0_files") == 4 and row.get("filters_checked_absent") == 9,
      str((row.get("l0_files"), row.get("filters_checked_absent"))))
close("lsm --file-size: read_amp_miss_uniform = 4 p0 + sum p_i", row.get("read_amp_miss_uniform"),
      4 * l0 + sum(level_rates))
close("lsm --file-size: read_amp_hit_worst_uniform = 1 + 4 p0 + p_1 + ... + p_4",
      row.get("read_amp_hit_worst_uniform"), 1 + 4 * l0 + sum(level_rates[:-1]))
row = run("lsm", "-n", "1e9", "-L", "5", "--library", "rocksdb", "--file-size", "64MiB", "--entry-size", "100",
          "--l0-files", "0")[0]
close("lsm --file-size --l0-files 0: read_amp_miss_uniform = sum p_i", row.get("read_amp_miss_uniform"),
      sum(level_rates))

# 3c. lsm -p 1 %: every file of a level at the one setting its full files and its last file meet
# 1 % with, as plan sizes a deployment: levels of 1e5 and 1e6 keys in files of 99990, the last
# ones of 10 and 100 keys, at 9.914 (9914 millibits, k = 6; 10 keys alone would take 2.081).
rows = run("lsm", "-n", "1100000", "-L", "2", "-p", "1%", "--library", "rocksdb", "--keys-per-filter", "99990",
           "--per-level")
for level, keys in zip(rows, (100000, 1000000)):
    F, r = split(keys, 99990)
    rate = ((F - 1) * 99990 * blocked(rocksdb_bits(99990, 9914), 99990, 6)
            + r * blocked(rocksdb_bits(r, 9914), r, 6)) / keys
    close("lsm -p 1%%: a level of %d keys, its files at 9.914" % keys, level.get("p_uniform"), rate)
    planned = run("plan", "-n", str(keys), "-p", "1%", "--library", "rocksdb", "--keys-per-filter", "99990")[0]
    check("lsm -p 1%%: a level of %d keys has plan's fpr_deployment" % keys,
          planned.get("fpr_deployment") == level.get("p_uniform"),
          str((planned.get("fpr_deployment"), level.get("p_uniform"))))

# 4. One answer per question: plan, compare and table agree on the deployment.
for library, unit in (("rocksdb", ["--keys-per-filter", "300000"]), ("cassandra", ["--keys-per-filter", "250000"]),
                      ("leveldb", ["--keys-per-filter", "300000"]), ("parquet-mr", ["--keys-per-filter", "1000000"]),
                      ("rocksdb-ribbon", ["--keys-per-filter", "300000"]),
                      ("rocksdb", ["--file-size", "64MiB", "--entry-size", "100"])):
    described = ["--library", library] + unit
    planned = run("plan", "-n", "1e9", "-p", "1%", *described)[0]
    compared = run("compare", "1e9", "1%", *described)[0]
    tabled = run("table", "-n", "1e9", "-p", "1%", *described)[0]
    for key in ("filters", "bytes_per_filter", "bytes_total", "fpr_deployment", "fpr_worst"):
        values = (planned.get(key), compared.get(key), tabled.get(key))
        check("%s %s: plan, compare and table agree on %s" % (library, " ".join(unit), key),
              values[0] is not None and values[0] == values[1] == values[2], str(values))

finish("deployment-reference")

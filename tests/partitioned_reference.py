"""partitioned_reference.py BLOOMCALC - bloomcalc plan --partitioned against
RocksDB 7.8's partitioned filters recomputed here from its source, in integer
arithmetic: the partition's bytes ceil(4096 x 90 / 100) = 3687
(block_based_table_builder.cc), the keys a partition takes (filter_policy.cc:
FastLocalBloom's ApproximateNumEntries, 8000 x (3687 - 5 rounded down to
64-byte lines) / millibits; the legacy builder's, the most keys whose odd
number of lines fits), each partition sized as RocksDB sizes a filter of its
keys, and the files' rate as the keys-weighted mean of their partitions'
rates, each partition's rate taken from `bloomcalc plan` of one filter of
that many keys (the single-filter rule, checked against RocksDB elsewhere).
Ends with "partitioned: N passed, N failed".
"""
import json
import subprocess
import sys
from fractions import Fraction

calc = sys.argv[1]
from reference_checks import check, finish


def plan(*args):
    run = subprocess.run([calc, "plan", *args, "--format", "json", "--digits", "18"], capture_output=True, text=True)
    if run.returncode != 0:
        return None
    record = json.loads(run.stdout)
    return record[0] if isinstance(record, list) else record


PARTITION_BYTES = (4096 * 90 + 99) // 100


def fast_keys(millibits):
    usable = (PARTITION_BYTES - 5) // 64 * 64
    return 8000 * usable // millibits


def fast_bytes(n, millibits):
    return ((n * millibits + 7999) // 8000 + 63) // 64 * 64 + 5


def legacy_lines(n, whole):
    lines = (n * whole + 511) // 512
    return lines + 1 if lines % 2 == 0 else lines


def legacy_keys(millibits):
    whole = (millibits + 500) // 1000
    n = PARTITION_BYTES * 8 // whole + 1
    while n >= 1 and legacy_lines(n, whole) * 64 + 5 > PARTITION_BYTES:
        n -= 1
    return n


def legacy_bytes(n, millibits):
    return legacy_lines(n, (millibits + 500) // 1000) * 64 + 5


RULES = {"rocksdb": (fast_keys, fast_bytes), "rocksdb@legacy": (legacy_keys, legacy_bytes)}


def file_partitions(keys, per_partition):
    """The partitions' keys of a file of `keys` keys: full ones, then the rest."""
    full, rest = divmod(keys, per_partition)
    return [per_partition] * full + ([rest] if rest else [])


def case(library, c, millibits, n, unit):
    name = "%s -c %s -n %d %s" % (library, c, n, " ".join(unit))
    record = plan("-n", str(n), "-c", c, "--library", library, "--partitioned", *unit)
    check(name + ": planned", record is not None)
    if record is None:
        return
    keys_rule, bytes_rule = RULES[library]
    per_file = int(unit[1]) if unit[0] == "--keys-per-filter" else (int(unit[1][:-3]) << 20) // int(unit[3])
    files = -(-n // per_file)
    last_file = n - (files - 1) * per_file
    per_partition = keys_rule(millibits)
    full_parts = file_partitions(min(per_file, n), per_partition)
    last_parts = file_partitions(last_file, per_partition)
    check(name + ": keys_per_partition %d (printed %s)" % (min(per_partition, per_file, n),
                                                         record["keys_per_partition"]),
          record["keys_per_partition"] == min(per_partition, per_file, n))
    check(name + ": partitions_per_file %d" % len(full_parts), record["partitions_per_file"] == len(full_parts))
    check(name + ": keys_last_partition %d" % full_parts[-1], record["keys_last_partition"] == full_parts[-1])
    check(name + ": partitions", record["partitions"] == (files - 1) * len(full_parts) + len(last_parts))
    file_bytes = sum(bytes_rule(k, millibits) for k in full_parts)
    last_bytes = sum(bytes_rule(k, millibits) for k in last_parts)
    check(name + ": bytes_per_partition", record["bytes_per_partition"] == bytes_rule(full_parts[0], millibits))
    check(name + ": bytes_per_filter %d (printed %s)" % (file_bytes, record["bytes_per_filter"]),
          record["bytes_per_filter"] == file_bytes)
    check(name + ": bytes_total", record["bytes_total"] == (files - 1) * file_bytes + last_bytes)
    rates = {}
    for k in set(full_parts + last_parts):
        one = plan("-n", str(k), "-c", c, "--library", library)
        rates[k] = Fraction(repr(one["fpr_layout"]))
    parts = full_parts * (files - 1) + last_parts
    mean = sum(k * rates[k] for k in parts) / n
    printed = Fraction(repr(record["fpr_deployment"]))
    check(name + ": fpr_deployment %s, the partitions' mean %.9g" % (record["fpr_deployment"], float(mean)),
          abs(printed - mean) <= mean * Fraction(1, 10 ** 15))
    check(name + ": fpr_partition", Fraction(repr(record["fpr_partition"])) == rates[full_parts[0]])


case("rocksdb", "10", 10000, 2000000, ["--file-size", "64MiB", "--entry-size", "100"])
case("rocksdb", "7.5", 7500, 250000, ["--keys-per-filter", "100000"])
case("rocksdb", "9.5", 9500, 3000000, ["--file-size", "32MiB", "--entry-size", "64"])
case("rocksdb@legacy", "10", 10000, 2000000, ["--file-size", "64MiB", "--entry-size", "100"])
case("rocksdb@legacy", "9.5", 9500, 3000000, ["--file-size", "32MiB", "--entry-size", "64"])
case("rocksdb", "10", 10000, 5000, ["--keys-per-filter", "1000"])

# the partitions' mean is not the unpartitioned file's rate: the check above can tell them apart
whole = plan("-n", "2000000", "-c", "10", "--library", "rocksdb", "--file-size", "64MiB", "--entry-size", "100")
split = plan("-n", "2000000", "-c", "10", "--library", "rocksdb", "--file-size", "64MiB", "--entry-size", "100",
             "--partitioned")
check("partitioned and unpartitioned rates differ at 9 digits",
      whole is not None and split is not None and whole["fpr_deployment"] != split["fpr_deployment"])
finish("partitioned")

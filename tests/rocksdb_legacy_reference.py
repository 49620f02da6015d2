"""rocksdb_legacy_reference.py CALC - a second implementation of RocksDB's
legacy Bloom filter (format_version <= 4), written from RocksDB v7.8.3's
table/block_based/filter_policy.cc (LegacyBloomBitsBuilder) and
util/bloom_impl.h (LegacyLocalityBloomImpl<false>), against what
"bloomcalc compare -c" and "bloomcalc plan --library rocksdb@legacy" print.

Sizes: whole bits w = (millibits + 500) // 1000, k = int(w * 0.69) in [1, 30],
bits = min(n w, 0xffff0000) in 512-bit lines, the count made odd, plus 5
bytes.  Rate (calc/FORMULAS.md §e.8): a key's probes in its line are the
progression (a + i d) mod 512; here each key progression's set of bits is a
512-bit integer, its meeting with the query's distinct bits is counted
directly for every (a, d), and hits(T) is summed over the meetings that touch
T (no subset transform), for the query steps 0 and 2^j (each standing for the
steps of its power of two, 1, 256, 128, ..., 1 of them).  Decimal arithmetic
at 50 digits; the 32-bit hash's collisions are united as r1 + r2 - r1 r2.
Prints "rocksdb-legacy: N passed, N failed".
"""
import csv
import io
import subprocess
import sys
from collections import Counter
from decimal import Decimal, getcontext

getcontext().prec = 50
LINE = 512
FULL = (1 << LINE) - 1
calc = sys.argv[1]
from reference_checks import check as count, finish


def check(ok, text):
    """A check, in the order this script's calls give it (tests/reference_checks.py counts it)."""
    count(text, ok)


def sizes(n, millibits):
    whole = (millibits + 500) // 1000
    k = max(1, min(30, whole * 69 // 100))
    lines = -(-min(n * whole, 0xFFFF0000) // LINE)
    if lines % 2 == 0:
        lines += 1
    return lines, k


def rotate(bits, by):
    return ((bits << by) | (bits >> (LINE - by))) & FULL if by else bits


def class_terms(step, k):
    """{hits: coefficient} for one query step: sum over T of (-1)^|T|."""
    query = 0
    for i in range(k):
        query |= 1 << (i * step % LINE)
    meetings = Counter()
    for key_step in range(LINE):
        base = 0
        for i in range(k):
            base |= 1 << (i * key_step % LINE)
        for start in range(LINE):
            meetings[rotate(base, start) & query] += 1
    positions = [p for p in range(LINE) if query >> p & 1]
    terms = Counter()
    for subset in range(1 << len(positions)):
        empty = sum(1 << positions[j] for j in range(len(positions)) if subset >> j & 1)
        hits = sum(count for meeting, count in meetings.items() if meeting & empty)
        terms[hits] += -1 if bin(subset).count("1") % 2 else 1
    return terms


mixtures = {}


def rate(n, lines, k):
    if k not in mixtures:
        classes = [(0, 1)] + [(1 << j, 1 << (8 - j)) for j in range(9)]
        total = Counter()
        for step, weight in classes:
            for hits, coefficient in class_terms(step, k).items():
                total[hits] += weight * coefficient
        mixtures[k] = total
    denominator = Decimal(LINE * LINE * lines)
    layout = sum(Decimal(c) * (n * (1 - Decimal(h) / denominator).ln()).exp()
                 for h, c in mixtures[k].items()) / LINE
    collisions = 1 - (n * (1 - Decimal(2) ** -32).ln()).exp()
    return layout + collisions - layout * collisions


def row(arguments, key, value=None):
    text = subprocess.run([calc] + arguments + ["--format", "csv"], capture_output=True, text=True).stdout
    for record in csv.DictReader(io.StringIO(text)):
        if value is None or record[key] == value:
            return record
    return None


def close(printed, exact):
    return printed not in (None, "") and abs(Decimal(printed) - exact) <= Decimal("1e-8") * exact


for n, c in [(300, 10), (1000, 10), (1000000, 10), (100000, 14), (50, 4), (1000000000, 10)]:
    lines, k = sizes(n, 1000 * c)
    record = row(["compare", str(n), "-c", str(c)], "rule", "rocksdb@legacy")
    got = record and (record["m_bits"], record["bytes_library"], record["k"])
    want = (str(512 * lines), str(64 * lines + 5), str(k))
    check(got == want, "compare %d -c %d: m_bits, bytes_library, k %s, expected %s" % (n, c, got, want))
    if n > 100000000:
        continue
    exact = rate(n, lines, k)
    check(record is not None and close(record["fpr_layout"], exact),
          "compare %d -c %d: fpr_layout %s, expected %.10e" % (n, c, record and record["fpr_layout"], exact))

# Inverse planning: the smallest whole bits_per_key whose filter meets 1 % at 1e6 keys is 11.
record = row(["plan", "-n", "1e6", "-p", "0.01", "--library", "rocksdb@legacy"], "bits_per_key_setting")
at = {w: rate(1000000, *sizes(1000000, 1000 * w)) for w in (10, 11)}
check(at[10] > Decimal("0.01") >= at[11], "rates at 10 and 11 bits a key: %s" % at)
check(record is not None and record["bits_per_key_setting"] == "11" and close(record["fpr_layout"], at[11]),
      "plan -n 1e6 -p 0.01 --library rocksdb@legacy: setting %s, rate %s, expected 11, %.10e"
      % (record and record["bits_per_key_setting"], record and record["fpr_layout"], at[11]))
finish("rocksdb-legacy")

"""lsm_reference.py BUILD - bloomcalc's LSM and read-amplification figures
for filters as deployed, against values computed here (and in
rocksdb_reference.py) independently of the program:

  - the blocked filter's rate E[r(I)], I ~ Binomial(n, 1/b) keys in the
    query's block, b = floor(m/B), r(i) the exact rate of a standard filter
    of B bits holding i keys, here by dynamic programming on the number of
    occupied bits after i k uniform throws (not the program's alternating
    sums, FORMULAS.md §e.1), in doubles;
  - RocksDB's sizing from bits per key, from its source's arithmetic
    (bytes = ceil(n millibits / 8000) rounded up to 64-byte lines; k = 6 at
    10 bits a key, ChooseNumProbes), in integers;
  - the LSM costs by linearity (FORMULAS.md §c), the memory saved by
    dropping the last level's filters in exact fractions, Monkey's rates
    from the Lagrange condition p_i = mu n_i, and the coverage-weighted sums
    of FORMULAS.md §n;
  - under Monkey and no_last_level with --library rocksdb, each level's
    filter as NewBloomFilterPolicy(c_i) builds it for the level's real share
    c_i (clamped to [1, 100], millibits (int)(1000 c_i + 0.500001), its k
    and lines), and "plan --library rocksdb -n n_i -c millibits/1000" run
    beside it.

Prints FAIL lines and "lsm-deployed: N passed, N failed"; exits 1 on a failure.
"""
import csv
import io
import math
import subprocess
import sys
from fractions import Fraction

from reference_checks import check, close, finish
from rocksdb_reference import blocked, choose_num_probes, rocksdb_bits, rocksdb_millibits

BUILD = sys.argv[1]


def run(*args):
    result = subprocess.run([BUILD + "/bloomcalc"] + list(args) + ["--format", "csv"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        check(" ".join(args), False, "exit %d: %s" % (result.returncode, result.stderr.strip()))
        return []
    return list(csv.DictReader(io.StringIO(result.stdout)))


LN2_SQUARED = math.log(2) ** 2

# 1. plan: read amplification at the layout's rate.
rows = run("plan", "-n", "1e6", "-m", "10000384", "-k", "6", "-L", "5", "--layout", "blocked",
           "--digits", "12")
if rows:
    rate = blocked(10000384, 1000000, 6)
    close("plan blocked: fpr_layout", rows[0]["fpr_layout"], rate)
    close("plan blocked: read_amp_miss = 5 fpr_layout", rows[0]["read_amp_miss"], 5 * rate)
    close("plan blocked: read_amp_hit = 1 + 4 fpr_layout", rows[0]["read_amp_hit"], 1 + 4 * rate)
    check("plan blocked: not the standard filter's 5 fpr_exact",
          abs(float(rows[0]["read_amp_miss"]) - 5 * float(rows[0]["fpr_exact"])) > 1e-3)

# 2. plan -c with RocksDB: its own sizing for bits per key.
rows = run("plan", "-n", "1e6", "-c", "10", "--library", "rocksdb", "--digits", "12")
if rows:
    check("plan rocksdb -c 10: k = 6", rows[0]["k"] == "6", rows[0]["k"])
    check("plan rocksdb -c 10: m_allocated", rows[0]["m_allocated"] == str(rocksdb_bits(10**6, 10000)),
          rows[0]["m_allocated"])
    close("plan rocksdb -c 10: read_amp_miss", rows[0]["read_amp_miss"], 5 * blocked(10000384, 10**6, 6))

# 3, 4. lsm --library rocksdb: every level RocksDB's filter at 10 bits a key.
level_rows = run("lsm", "--library", "rocksdb", "-n", "1111100", "-L", "5", "-T", "10", "--per-level",
                 "--digits", "12")
summary = run("lsm", "--library", "rocksdb", "-n", "1111100", "-L", "5", "-T", "10", "--digits", "12")
rates = []
for i, row in enumerate(level_rows):
    n = 10 ** (i + 2)
    m = rocksdb_bits(n, 10000)
    rate = blocked(m, n, 6)
    rates.append(rate)
    check("lsm rocksdb level %d: keys" % (i + 1), row["keys"] == str(n), row["keys"])
    check("lsm rocksdb level %d: bits per key m_i/n_i" % (i + 1),
          Fraction(row["bits_per_key_uniform"]) == Fraction(m, n), row["bits_per_key_uniform"])
    close("lsm rocksdb level %d: p_uniform" % (i + 1), row["p_uniform"], rate)
    dropped = 1.0 if i == 4 else rate
    close("lsm rocksdb level %d: p_last_level_dropped" % (i + 1), row["p_last_level_dropped"], dropped)
    same = run("plan", "-n", str(n), "-c", "10", "--library", "rocksdb", "--digits", "12")
    if same:
        check("lsm rocksdb level %d: the rate plan -n n_i -c 10 gives" % (i + 1),
              same[0]["fpr_layout"] == row["p_uniform"], "%s against %s" % (same[0]["fpr_layout"], row["p_uniform"]))
if level_rows:
    close("lsm rocksdb: level 5 at 0.966 %", level_rows[4]["p_uniform"], 0.00966315258)
if summary and len(rates) == 5:
    s = summary[0]
    close("lsm rocksdb: read_amp_miss_uniform = sum p_i", s["read_amp_miss_uniform"], sum(rates))
    close("lsm rocksdb: read_amp_miss_last_level_dropped", s["read_amp_miss_last_level_dropped"],
          1 + sum(rates[:4]))
    close("lsm rocksdb: read_amp_hit_worst_uniform", s["read_amp_hit_worst_uniform"], 1 + sum(rates[:4]))
    check("lsm rocksdb: memory saved = the last level's filter",
          s["m_bits_saved_last_level_dropped"] == str(rocksdb_bits(10**6, 10000)),
          s["m_bits_saved_last_level_dropped"])
    check("lsm rocksdb: library and layout", s["library"] == "rocksdb" and s["layout"] == "blocked")

# 5. The model's last-level-dropped allocation, exactly.
rows = run("lsm", "-n", "1e9", "-L", "5", "-T", "10", "--digits", "18")
if rows:
    s = rows[0]
    p_u = math.exp(-10 * LN2_SQUARED)
    close("lsm model: read_amp_miss_last_level_dropped = 1 + 4 p_u", s["read_amp_miss_last_level_dropped"],
          1 + 4 * p_u, 1e-14)
    close("lsm model: read_amp_hit_mean_last_level_dropped = the uniform one",
          s["read_amp_hit_mean_last_level_dropped"], float(s["read_amp_hit_mean_uniform"]), 1e-17)
    share = Fraction(10**4 - 1, 10**5 - 1)
    close("lsm model: memory share N_4/N", s["memory_share_last_level_dropped"], float(share), 1e-15)
    kept = -(-(10**10 * share).numerator // (10**10 * share).denominator)
    check("lsm model: bits saved = ceil(N c) - ceil(N_4 c)",
          s["m_bits_saved_last_level_dropped"] == str(10**10 - kept), s["m_bits_saved_last_level_dropped"])
    close("lsm model: filters_checked_absent = L", s["filters_checked_absent"], 5.0, 1e-17)

# 6. Coverage in the model: uniform and Monkey weighed by c_i.
rows = run("lsm", "-n", "111000", "-L", "3", "-T", "10", "--coverage", "0.1,0.5,1", "--digits", "15")
if rows:
    s = rows[0]
    coverage = [0.1, 0.5, 1.0]
    p_u = math.exp(-10 * LN2_SQUARED)
    close("lsm coverage: filters_checked_absent", s["filters_checked_absent"], 1.6, 1e-14)
    close("lsm coverage: read_amp_miss_uniform = 1.6 p_u", s["read_amp_miss_uniform"], 1.6 * p_u, 1e-12)
    close("lsm coverage: read_amp_hit_worst_uniform = 1 + 0.6 p_u", s["read_amp_hit_worst_uniform"],
          1 + 0.6 * p_u, 1e-14)
    keys = [1000, 10000, 100000]
    N = sum(keys)
    log_mu = (-10 * N * LN2_SQUARED - sum(n * math.log(n) for n in keys)) / N
    monkey = [math.exp(log_mu) * n for n in keys]
    close("lsm coverage: read_amp_miss_monkey = sum c_i mu n_i", s["read_amp_miss_monkey"],
          sum(c * p for c, p in zip(coverage, monkey)), 1e-11)
    close("lsm coverage: read_amp_miss_last_level_dropped = 0.6 p_u + 1",
          s["read_amp_miss_last_level_dropped"], 0.6 * p_u + 1, 1e-14)

# 7. Coverage with a described layout: sum c_i times each level's blocked rate.
rows = run("lsm", "--layout", "blocked", "-n", "1111100", "-L", "5", "--coverage", "0.01,0.1,0.3,1,1",
           "--digits", "12")
levels = run("lsm", "--layout", "blocked", "-n", "1111100", "-L", "5", "--per-level", "--digits", "12")
if rows and levels:
    coverage = [0.01, 0.1, 0.3, 1, 1]
    expected = 0.0
    for i, row in enumerate(levels):
        n = 10 ** (i + 2)
        rate = blocked(10 * n, n, 7)
        close("lsm blocked level %d: p_uniform (m = 10 n_i, k = 7)" % (i + 1), row["p_uniform"], rate)
        expected += coverage[i] * rate
    close("lsm blocked coverage: read_amp_miss_uniform", rows[0]["read_amp_miss_uniform"], expected)
    close("lsm blocked coverage: filters_checked_absent", rows[0]["filters_checked_absent"], 2.41, 1e-12)


# 8. lsm --library rocksdb under Monkey and no_last_level: each level's filter is what
# NewBloomFilterPolicy(c_i) builds for n_i keys, c_i the level's real share of the budget
# (Monkey: p_i = mu n_i, sum n_i ln(1/p_i) = N c ln^2 2), passed to RocksDB as a double:
# BloomLikeFilterPolicy clamps it to [1, 100] and takes millibits = (int)(1000 c_i + 0.500001),
# ChooseNumProbes gives k (RocksDB's table), the lines follow; the rate is the blocked rate of
# that m and k.  And "plan --library rocksdb -n n_i -c millibits/1000" gives the same filter.
levels = run("lsm", "--library", "rocksdb", "-n", "1111100", "-L", "5", "-T", "10", "--per-level",
             "--digits", "12")
summary = run("lsm", "--library", "rocksdb", "-n", "1111100", "-L", "5", "-T", "10", "--digits", "12")
keys = [10 ** (i + 2) for i in range(5)]
N = sum(keys)
log_mu = (-10 * N * LN2_SQUARED - sum(n * math.log(n) for n in keys)) / N
monkey_shares = [-(log_mu + math.log(n)) / LN2_SQUARED for n in keys]
totals = {"monkey": 0, "no_last_level": 0}
textbook_k_differs = False
for i, row in enumerate(levels):
    n = keys[i]
    for allocation in ("monkey", "no_last_level"):
        if allocation == "monkey":
            share = monkey_shares[i]
            close("lsm rocksdb monkey level %d: budget c_i" % (i + 1), row["budget_bits_per_key_monkey"], share)
        else:
            share = float(row["budget_bits_per_key_no_last_level"])
            if i == 4:
                check("lsm rocksdb no_last_level level 5: no filter",
                      row["k_layout_no_last_level"] == "0" and float(row["p_no_last_level"]) == 1.0)
                continue
        millibits = rocksdb_millibits(share)
        k, m = choose_num_probes(millibits), rocksdb_bits(n, millibits)
        totals[allocation] += m
        name = "lsm rocksdb %s level %d (c_i %.6f, millibits %d)" % (allocation, i + 1, share, millibits)
        check(name + ": k", row["k_layout_" + allocation] == str(k), row["k_layout_" + allocation])
        check(name + ": m_i/n_i", Fraction(row["bits_per_key_" + allocation]) == Fraction(m, n),
              row["bits_per_key_" + allocation])
        # with the 64-bit hash's collision floor, n 2^-64 (FORMULAS.md §e.3), which shows at 1e-10
        rate = blocked(m, n, k)
        close(name + ": the blocked rate of m_i, k", row["p_" + allocation], rate + (1 - rate) * n / 2.0**64)
        if allocation == "monkey" and k != max(1, round(m / n * math.log(2))):
            textbook_k_differs = True
        same = run("plan", "-n", str(n), "-c", "%d/1000" % millibits, "--library", "rocksdb",
                   "--digits", "12")
        if same:
            check(name + ": plan -n n_i -c millibits/1000 gives the same k, m and rate",
                  (same[0]["k_layout"], same[0]["m_allocated"], same[0]["fpr_layout"])
                  == (str(k), str(m), row["p_" + allocation]),
                  "plan: %s %s %s" % (same[0]["k_layout"], same[0]["m_allocated"], same[0]["fpr_layout"]))
check("lsm rocksdb: five levels", len(levels) == 5, str(len(levels)))
check("lsm rocksdb: no_last_level's shares above 100 bits a key are clamped (k = 24)",
      bool(levels) and levels[0]["k_layout_no_last_level"] == "24"
      and float(levels[0]["budget_bits_per_key_no_last_level"]) > 100)
check("lsm rocksdb monkey: RocksDB's k differs from the textbook k of m_i somewhere", textbook_k_differs)
if summary:
    for allocation in ("monkey", "no_last_level"):
        check("lsm rocksdb: m_allocated_%s = sum of the levels' m_i" % allocation,
              summary[0]["m_allocated_" + allocation] == str(totals[allocation]),
              summary[0]["m_allocated_" + allocation])

finish("lsm-deployed")

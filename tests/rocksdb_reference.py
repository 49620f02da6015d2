"""rocksdb_reference.py - RocksDB's filter figures computed independently of
bloomcalc, for the test scripts: the blocked filter's rate E[r(I)],
I ~ Binomial(n, 1/b) keys in the query's block of B bits, r(i) the exact
rate of a standard filter of B bits holding i keys by dynamic programming on
the number of occupied bits after i k uniform throws (not the program's
alternating sums, FORMULAS.md §e.1), in doubles; and RocksDB's sizing from
its source's arithmetic (filter_policy.cc: bytes = ceil(n millibits / 8000)
rounded up to 64-byte lines, millibits = (int)(1000 c + 0.500001) of c
clamped to [1, 100], ChooseNumProbes), in integers.
"""
import math

_inner_cache = {}


def inner_rates(B, k, jmax):
    """r(j) for j = 0..jmax: E[(X/B)^k], X the occupied bits after j k throws."""
    key = (B, k)
    if key in _inner_cache and len(_inner_cache[key]) > jmax:
        return _inner_cache[key]
    dist = [1.0] + [0.0] * B
    out = []
    for j in range(jmax + 1):
        out.append(sum(d * (x / B) ** k for x, d in enumerate(dist) if d))
        for _ in range(k):
            new = [0.0] * (B + 1)
            for x, d in enumerate(dist):
                if d:
                    new[x] += d * x / B
                    if x < B:
                        new[x + 1] += d * (B - x) / B
            dist = new
    _inner_cache[key] = out
    return out


def blocked(m, n, k, B=512):
    b = m // B
    mean = n / b
    jmax = min(n, int(mean + 40 * math.sqrt(mean) + 40))
    f = inner_rates(B, k, jmax)
    if b == 1:
        return f[n] if n < len(f) else inner_rates(B, k, n)[n]
    total = 0.0
    for j in range(jmax + 1):
        log_weight = (math.lgamma(n + 1) - math.lgamma(j + 1) - math.lgamma(n - j + 1)
                      + j * math.log(1 / b) + (n - j) * math.log1p(-1 / b))
        total += math.exp(log_weight) * f[j]
    return total


def rocksdb_bits(n, millibits):
    lines = -(-(-(-n * millibits // 8000)) // 64)
    return lines * 64 * 8


def choose_num_probes(millibits):
    for limit, probes in ((2080, 1), (3580, 2), (5100, 3), (6640, 4), (8300, 5), (10070, 6),
                          (11720, 7), (14001, 8), (16050, 9), (18300, 10), (22001, 11), (25501, 12)):
        if millibits <= limit:
            return probes
    return 24 if millibits > 50000 else (millibits - 1) // 2000 - 1


def rocksdb_millibits(c):
    c = 1.0 if c < 1.0 else 100.0 if c >= 100.0 else c
    return int(c * 1000.0 + 0.500001)

"""reference_checks.py - the counting of the reference test scripts
(lsm_reference.py, deployment_reference.py, partitioned_reference.py,
rocksdb_legacy_reference.py, table_reader.py, manifest_reader.py) and of
tests/kubernetes/check.py:
a check passes or prints one
FAIL line, a printed figure is compared with an independent value within a
relative tolerance, and the summary line is "NAME: N passed, N failed".
"""
import sys

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: %s %s" % (name, detail))


def close(name, printed, expected, tolerance=2e-9):
    ok = printed not in (None, "") and abs(float(printed) - expected) <= tolerance * abs(expected)
    check(name, ok, "printed %s, expected %.12g" % (printed, expected))


def finish(name):
    print("%s: %d passed, %d failed" % (name, passed, failed))
    sys.exit(1 if failed else 0)

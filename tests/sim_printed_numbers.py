#!/usr/bin/env python3
"""sim_printed_numbers.py CSV... - checks bloomsim's printed numbers in its
CSV records against values derived here from the record's own counts:
measured_fpr must be false_positives / queries exactly, or correctly
rounded to the digits given as the first argument (exact rationals
computed here with Python's fractions); every count is a plain integer;
every interval lies in [0, 1].
Prints one line per failure and exits 1 if any."""
import csv
import re
import sys
from fractions import Fraction

digits = int(sys.argv[1])
failures = 0


def fail(text):
    global failures
    failures += 1
    print("FAIL:", text)


def correctly_rounded(value, places):
    """value (a Fraction) rounded to `places` significant digits, exactly."""
    if value == 0:
        return Fraction(0)
    exponent = 0
    while abs(value) >= Fraction(10) ** exponent:
        exponent += 1
    while abs(value) < Fraction(10) ** (exponent - 1):
        exponent -= 1
    scale = Fraction(10) ** (places - exponent)
    scaled = value * scale
    whole = scaled.numerator // scaled.denominator
    rest = scaled - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1):
        whole += 1
    return Fraction(whole) / scale


for path in sys.argv[2:]:
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            for key in ("trials", "queries", "false_positives", "queries_per_trial"):
                if key in row and not re.fullmatch(r"[0-9]+", row[key]):
                    fail(f"{path}: {key} {row[key]!r} is not a whole number")
            if "measured_fpr" in row and "false_positives" in row and "queries" in row:
                exact = Fraction(int(row["false_positives"]), int(row["queries"]))
                printed = Fraction(row["measured_fpr"])
                if printed != exact and printed != correctly_rounded(exact, digits):
                    fail(f"{path}: measured_fpr {row['measured_fpr']} is not {exact} to {digits} digits")
            for low, high in (("ci_low", "ci_high"), ("rao_blackwell_ci_low", "rao_blackwell_ci_high")):
                if row.get(low, "none") in ("none", ""):
                    continue
                a, b = Fraction(row[low]), Fraction(row[high])
                if not (0 <= a <= b <= 1):
                    fail(f"{path}: interval [{row[low]}, {row[high]}] leaves [0, 1]")
sys.exit(1 if failures else 0)

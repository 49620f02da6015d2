#!/usr/bin/env python3
"""figure_tables.py DIR - compares the points report/generate.sh plotted
(gnuplot tables in DIR, REPORT_TABLES) with the published data: each
measured series has one point per row of its CSV, every point lies inside
the plot (type "i": nothing lost off a log axis, every error bar's ends
finite and inside), and Figure 6's models are those of the measured
filters (same m/n as the points); Figure 10 has one point per audited file.
Exit 1 on a mismatch."""
import csv
import re
import sys

directory = sys.argv[1]
failures = []


def curves(name):
    """{title: [rows of floats/strings]} of a gnuplot table."""
    result, title = {}, None
    for line in open(f"{directory}/{name}.txt"):
        match = re.match(r'# Curve title: "(.*)"', line)
        if match:
            title = match.group(1)
            result[title] = []
        elif line.strip() and not line.startswith("#") and title is not None:
            result[title].append(line.split())
    return result


def rows(path, **where):
    with open(path, newline="") as handle:
        return [r for r in csv.DictReader(handle) if all(r[k] == v for k, v in where.items())]


def expect(figure, title, count, bars):
    series = curves(figure).get(title)
    if series is None:
        failures.append(f"{figure}: no series {title!r}")
        return
    if len(series) != count:
        failures.append(f"{figure}: {title!r} has {len(series)} points, the data {count}")
    for point in series:
        if point[-1] != "i":
            failures.append(f"{figure}: {title!r} point {point} outside the plot")
        if bars and not all(1e-300 < abs(float(v)) < 1e300 for v in point[1:4]):
            failures.append(f"{figure}: {title!r} error bar {point} lost on the log axis")


convergence = len(rows("data/simulated_convergence.csv"))
expect("relative_error.png", "approximation vs measured (99.9 %)", convergence, True)
expect("relative_error.png", "Bloom formula vs measured (99.9 %)", convergence, True)
expect("saturation.png", "measured (99.9 %)", len(rows("data/simulated_saturation.csv")), True)
for layout in ("partitioned", "blocked", "split-block"):
    count = len(rows("data/simulated_layouts.csv", layout=layout))
    expect("layouts.png", f"measured {layout} (99.9 %)", count, True)
layouts = curves("layouts.png")
model = {p[0] for p in layouts.get("blocked, 512-bit blocks, model", [])}
measured = {p[0] for p in layouts.get("measured blocked (99.9 %)", [])}
if not model or model != measured:
    failures.append(f"layouts.png: model at {sorted(model)} but measured at {sorted(measured)}")
gap = curves("bits_per_key.png").get("the gap between the two constants (right axis)", [])
if not gap or not all(float(p[1]) > 0 for p in gap):
    failures.append("bits_per_key.png: the gap between the constants is not drawn (or not positive)")
for title in ("the same rate on every level", "Monkey: rates optimal for the memory"):
    expect("lsm_allocation.png", title, len(rows("data/lsm_allocation.csv")), False)
# Figure 8: one point per recorded measurement of a real library, and one per row bloomsim measured
peers = rows("tests/peers/measured_rates.csv")
expect("library_rates.png", "the real library, measured (99.9 %)", len(peers), True)
simulated = [p for p in curves("library_rates.png").get("bloomsim --library, measured (99.9 %)", [])
             if p[-1] == "i"]
if len(simulated) != sum(1 for r in peers if r["bloomsim_fpr"]):
    failures.append(f"library_rates.png: {len(simulated)} bloomsim points inside the plot, the data "
                    f"{sum(1 for r in peers if r['bloomsim_fpr'])}")
audited = [r for r in rows("tests/peers/audited_tree.csv") if r["fpr_layout"]]
audited_points = sum(1 for title, series in curves("audited_tree.png").items() if "its bits" in title
                     for point in series if point[-1] == "i")
if audited_points != len(audited):
    failures.append(f"audited_tree.png: {audited_points} files' points inside the plot, the audit {len(audited)}")
for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)

#!/bin/sh
# cli_sim_deployment.sh BUILD - bloomsim fpr and plan with a unit
# (--keys-per-filter, RocksDB's --file-size and --entry-size): the split of
# n keys computed here in integer arithmetic; the filters sized as
# bloomcalc plan sizes them (its bits_per_key_setting, bytes and
# fpr_deployment printed alike); fpr_deployment against the exact rational
# mean of bloomcalc fpr's exact rates weighted by keys, computed here; the
# measured interval containing it; the same output on 1 and 2 threads; the
# refusals (exit 2, one line naming the option).  Ends with
# "sim_deployment: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

json_field() {
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); r = r[0] if isinstance(r, list) else r; print(r.get(sys.argv[2], ""))' "$1" "$2"
}

# RocksDB in 8 MiB files of 100-byte entries: 83886 keys a file.
n=2000000
per_file=$((8 * 1024 * 1024 / 100))
filters=$(( (n + per_file - 1) / per_file ))
last=$(( n - (filters - 1) * per_file ))
"$sim" plan -n 2e6 -p 1% --library rocksdb --file-size 8MiB --entry-size 100 --format json \
    >"$scratch/sim.json" 2>"$err"
check "bloomsim plan --file-size 8MiB --entry-size 100: exit 0 ($(cat "$err"))" $?
"$calc" plan -n 2e6 -p 1% --library rocksdb --file-size 8MiB --entry-size 100 --format json \
    >"$scratch/calc.json" 2>"$err"
[ "$(json_field "$scratch/sim.json" n)" = "$per_file" ] \
    && [ "$(json_field "$scratch/sim.json" filters)" = "$filters" ] \
    && [ "$(json_field "$scratch/sim.json" keys_last_filter)" = "$last" ] \
    && [ "$(json_field "$scratch/sim.json" keys_total)" = "$n" ]
check "split: $filters files of $per_file keys, the last $last" $?
for key in bits_per_key_setting bytes_allocated k_layout fpr_layout fpr_last_filter fpr_deployment; do
    [ "$(json_field "$scratch/sim.json" $key)" = "$(json_field "$scratch/calc.json" $key)" ]
    check "$key as bloomcalc plan prints it ($(json_field "$scratch/sim.json" $key))" $?
done
python3 - "$scratch/sim.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert float(r["ci_low"]) <= float(r["fpr_deployment"]) <= float(r["ci_high"]), r
assert r["verdict_deployment"] != "rejected", r["verdict_deployment"]
PY
check "measured interval contains fpr_deployment" $?

# Three filters of 100 keys in 600 bits and one of 40 keys in 240 bits, k = 4: the exact mean,
# each rate bloomcalc fpr's exact rational, weighted 300/340 and 40/340 here.
"$calc" fpr -m 600 -n 100 -k 4 --format csv >"$out"
full=$(csv_field fpr_exact_rational)
"$calc" fpr -m 240 -n 40 -k 4 --format csv >"$out"
partial=$(csv_field fpr_exact_rational)
"$sim" fpr -n 340 -c 6 -k 4 --keys-per-filter 100 --trials 200 --queries 4000 --threads 1 --format csv \
    >"$out" 2>"$err"
check "bloomsim fpr --keys-per-filter 100: exit 0 ($(cat "$err"))" $?
cp "$out" "$scratch/one.csv"
python3 - "$full" "$partial" "$(csv_field fpr_deployment)" "$(csv_field ci_low)" "$(csv_field ci_high)" \
    "$(csv_field filters)" "$(csv_field keys_last_filter)" <<'PY'
import sys
from fractions import Fraction
full, partial = Fraction(sys.argv[1]), Fraction(sys.argv[2])
mean = (300 * full + 40 * partial) / 340
printed = sys.argv[3]
assert abs(Fraction(printed) - mean) <= Fraction(1, 2) * Fraction(10) ** -(len(printed) - 2), (printed, float(mean))
assert float(sys.argv[4]) <= mean <= float(sys.argv[5]), (sys.argv[4:6], float(mean))
assert sys.argv[6:] == ["4", "40"], sys.argv[6:]
PY
check "fpr_deployment is the keys-weighted exact mean, inside the interval" $?
"$sim" fpr -n 340 -c 6 -k 4 --keys-per-filter 100 --trials 200 --queries 4000 --threads 2 --format csv \
    >"$out" 2>"$err"
cmp -s "$out" "$scratch/one.csv"
check "same seed, 1 or 2 threads: the same record" $?

# Fewer than 30 trials: Wilson's interval with the design effect of the most lookups one filter
# answered, from the filters' second moment; narrow (within 5 % of the rate) and around the
# prediction, not all of a filter's lookups counted as one (which gave [0.0004, 0.24] here).
for command in "plan -n 1e5 -p 1% --keys-per-filter 3e4 --trials 4" \
               "lsm -L 3 -n 1e6 -p 1% --library rocksdb --file-size 2MiB --entry-size 100 --trials 2"; do
    # shellcheck disable=SC2086
    "$sim" $command --format json >"$scratch/few.json" 2>"$err"
    python3 - "$scratch/few.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
low, high = (float(r.get(k, r.get(k2, "nan"))) for k, k2 in (("ci_low", "probes_miss_ci_low"), ("ci_high", "probes_miss_ci_high")))
predicted = float(r.get("fpr_deployment", r.get("read_amp_miss_deployment")))
assert r["interval_method"] == "wilson-design-effect", r["interval_method"]
assert low <= predicted <= high and high / low < 1.1, (low, predicted, high)
PY
    check "bloomsim $command: Wilson interval within 10 %, around the prediction" $?
done

refuse --file-size "$sim" plan 1e6 1% --file-size 64MiB --entry-size 100
refuse -m/--bits "$sim" fpr -n 1e6 -m 1e7 -k 7 --keys-per-filter 1000
refuse --key-file "$sim" plan 1e6 1% --keys-per-filter 1000 --key-file /dev/null
refuse --keys-per-filter "$sim" plan 1e6 1% --keys-per-filter 0
refuse --overfill "$sim" fpr -n 1e4 -c 10 -k 7 --keys-per-filter 1000 --overfill 2
refuse --entry-size "$sim" plan 1e6 1% --library rocksdb --entry-size 1GiB
"$sim" plan --help | grep -q -- "--keys-per-filter"
check "bloomsim plan --help names --keys-per-filter" $?
"$sim" fpr --help | grep -q -- "--file-size"
check "bloomsim fpr --help names --file-size" $?

# bloomsim lsm: 2 levels of 30000 keys (2727 and 27273, as bloomcalc lsm splits them) in files of
# 4000 keys, 2 L0 files; each filter planned by bloomcalc plan for its keys at 1 %, its exact rate
# bloomcalc fpr's to 25 digits; the false reads an absent lookup costs, computed here in exact
# rationals from those: 2 f(4000) + f(2727) + (6 x 4000 f(4000) + 3273 f(3273)) / 27273.
exact_of_plan() {
    "$calc" plan -n "$1" -p 1% --format csv >"$out"
    m=$(csv_field m_bits)
    k=$(csv_field k)
    "$calc" fpr -m "$m" -n "$1" -k "$k" --digits 25 --format csv >"$out"
    csv_field fpr_exact
}
f4000=$(exact_of_plan 4000)
f2727=$(exact_of_plan 2727)
f3273=$(exact_of_plan 3273)
"$sim" lsm -L 2 -n 30000 -p 1% --keys-per-filter 4000 --l0-files 2 --threads 1 --format csv >"$out" 2>"$err"
check "bloomsim lsm --keys-per-filter 4000 --l0-files 2: exit 0 ($(cat "$err"))" $?
cp "$out" "$scratch/lsm1.csv"
python3 - "$f4000" "$f2727" "$f3273" "$(csv_field read_amp_miss_deployment)" "$(csv_field probes_miss_ci_low)" \
    "$(csv_field probes_miss_ci_high)" "$(csv_field level_keys)" "$(csv_field level_files)" \
    "$(csv_field verdict_miss_without_filters)" "$(csv_field read_amp_hit_deployment)" \
    "$(csv_field probes_hit_ci_low)" "$(csv_field probes_hit_ci_high)" "$(csv_field false_negatives)" <<'PY'
import sys
from fractions import Fraction
full, first, last = (Fraction(x) for x in sys.argv[1:4])
def correctly_rounded(printed, exact):
    half_unit = Fraction(1, 2) * Fraction(10) ** -(len(printed.split(".")[1]))
    return abs(Fraction(printed) - exact) <= half_unit + Fraction(1, 10 ** 24)
miss = 2 * full + first + (6 * 4000 * full + 3273 * last) / 27273
assert correctly_rounded(sys.argv[4], miss), (sys.argv[4], float(miss))
assert float(sys.argv[5]) <= miss <= float(sys.argv[6]), (sys.argv[5:7], float(miss))
assert sys.argv[7:10] == ["8000/2727/27273", "2/1/7", "rejected"], sys.argv[7:10]
# a key of the deepest level reads both L0 files and its level-1 file before its own
hit = 1 + 2 * full + first
assert correctly_rounded(sys.argv[10], hit), (sys.argv[10], float(hit))
assert float(sys.argv[11]) <= hit <= float(sys.argv[12]), (sys.argv[11:13], float(hit))
assert sys.argv[13] == "0", sys.argv[13]
PY
check "lsm: read_amp_miss/hit_deployment are L0's 2 f(N) plus the levels' keys-weighted means, in the intervals" $?
"$sim" lsm -L 2 -n 30000 -p 1% --keys-per-filter 4000 --l0-files 2 --threads 2 --format csv >"$out" 2>"$err"
cmp -s "$out" "$scratch/lsm1.csv"
check "lsm: same seed, 1 or 2 threads: the same record" $?
refuse --l0-files "$sim" lsm -L 2 -n 30000 -p 1% --l0-files 2
refuse --allocation "$sim" lsm -L 2 -n 30000 -p 1% --keys-per-filter 4000 --allocation monkey
refuse --file-size "$sim" lsm -L 2 -n 30000 -p 1% --file-size 1MiB --entry-size 100

# Levels smaller than one file (1e6 keys, 5 levels, 64 MiB files of 100-byte entries): each such
# level is its last file alone, an L0 file still holds floor(64 MiB / 100) = 671088 keys, and
# one bits_per_key serves every file of the tree, so bloomsim's prediction is bloomcalc lsm's.
"$sim" lsm -n 1e6 -p 1% --library rocksdb --file-size 64MiB --entry-size 100 --lookups 1e4 --trials 2 \
    --format csv >"$out" 2>"$err"
check "lsm, levels smaller than a file: exit 0 ($(head -c 200 "$err"))" $?
sim_reads=$(csv_field read_amp_miss_deployment)
sim_file=$(csv_field n)
"$calc" lsm -n 1e6 -p 1% --library rocksdb --file-size 64MiB --entry-size 100 --format csv >"$out" 2>"$err"
[ "$sim_file" = 671088 ] && [ -n "$sim_reads" ] && [ "$sim_reads" = "$(csv_field read_amp_miss_uniform)" ]
check "lsm, levels smaller than a file: files of 671088 keys ($sim_file), bloomsim's false reads $sim_reads = bloomcalc lsm's $(csv_field read_amp_miss_uniform)" $?

checks_end sim_deployment

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

refuse --file-size "$sim" plan 1e6 1% --file-size 64MiB --entry-size 100
refuse -m/--bits "$sim" fpr -n 1e6 -m 1e7 -k 7 --keys-per-filter 1000
refuse --key-file "$sim" plan 1e6 1% --keys-per-filter 1000 --key-file /dev/null
refuse --keys-per-filter "$sim" plan 1e6 1% --keys-per-filter 0
refuse --entry-size "$sim" plan 1e6 1% --library rocksdb --entry-size 1GiB
"$sim" plan --help | grep -q -- "--keys-per-filter"
check "bloomsim plan --help names --keys-per-filter" $?
"$sim" fpr --help | grep -q -- "--file-size"
check "bloomsim fpr --help names --file-size" $?

checks_end sim_deployment

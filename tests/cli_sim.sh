#!/bin/sh
# cli_sim.sh BUILD - command-line tests of bloomsim: output keys, formats,
# determinism across --threads, exit status 2 with one stderr line and an
# empty stdout for bad input, and the verify battery at a small budget (a
# smaller run than the default, so it also fits the sanitizer build).
# Ends with "cli-sim: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

# A small seed-filter run: every required key is present in CSV and JSON.
"$sim" fpr -m 64 -n 8 -k 5 --trials 2000 --queries 50 --seed 1 --format csv >"$out" 2>"$err"
check "fpr csv exit 0" $?
for key in m n k scheme seed trials queries false_positives measured_fpr ci_low ci_high confidence \
           fpr_exact fpr_bloom fpr_approx verdict_exact verdict_bloom verdict_approx partial; do
    head -n 1 "$out" | tr -d '\r' | tr ',' '\n' | grep -qx "$key"
    check "fpr csv has $key" $?
done
"$sim" fpr -m 64 -n 8 -k 5 --trials 2000 --queries 50 --seed 1 --format json >"$out" 2>"$err"
grep -q '"fpr_exact": 0.0234160875' "$out"
check "fpr json exact rate from calc" $?
grep -q '"verdict_exact": "' "$out"
check "fpr json verdict is text" $?

# Same seed, same bytes, whatever --threads.
"$sim" fpr -m 1000 -n 100 -k 7 --trials 3001 --queries 40 --seed 9 --threads 1 >"$out" 2>"$err"
"$sim" fpr -m 1000 -n 100 -k 7 --trials 3001 --queries 40 --seed 9 --threads 3 >"$out.2" 2>"$err"
cmp -s "$out" "$out.2"
check "fpr output identical for 1 and 3 threads" $?

# Bad input: exit 2, one line on stderr naming the argument, nothing on stdout.
refuse "hashes" "$sim" fpr -m 64 -n 8 -k 0
refuse "bits" "$sim" fpr -m lots -n 8 -k 5
refuse "required" "$sim" fpr -m 64 -n 8
refuse "hash" "$sim" fpr -m 64 -n 8 -k 5 --hash triple
refuse "rate" "$sim" plan 1000 2
refuse "level" "$sim" lsm -L 3 -p 1% -n 1110 --level 4
refuse "unknown" "$sim" frobnicate
refuse "key-file" "$sim" fpr -m 64 -k 5 --key-file /nonexistent/bloomsim-keys
refuse "MemAvailable" "$sim" fpr -m 2^40 -n 1 -k 1 --threads 1024

# --help for every command: exit 0, text on stdout.
for command in fpr plan lsm delete verify; do
    "$sim" "$command" --help >"$out" 2>"$err"
    [ $? -eq 0 ] && grep -q "Usage\|usage\|$command" "$out"
    check "$command --help" $?
done

# Plan, lsm and delete produce their keys.
"$sim" plan 1000 1% --trials 200 --queries 2000 --format csv >"$out" 2>"$err"
check "plan exit 0" $?
head -n 1 "$out" | tr -d '\r' | tr ',' '\n' | grep -qx "p"
check "plan has p (the target rate, bloomcalc plan's key)" $?
grep -q ",9586," "$out"
check "plan builds m = 9586 for 1000 keys at 1%" $?
"$sim" lsm -L 3 -p 10% -n 1110 --lookups 20000 --trials 8 --format csv >"$out" 2>"$err"
check "lsm exit 0" $?
for key in levels lookups measured_probes_hit probes_hit_ci_low probes_hit_ci_high \
           measured_probes_miss probes_miss_ci_low probes_miss_ci_high read_amp_hit read_amp_miss; do
    head -n 1 "$out" | tr -d '\r' | tr ',' '\n' | grep -qx "$key"
    check "lsm csv has $key" $?
done
"$sim" delete -m 32 -n 3 -k 3 --hash double --hash-function fnv1a --trials 200 --format json >"$out" 2>"$err"
check "delete exit 0" $?
grep -q '"counting_false_negatives": 0' "$out"
check "counting delete: no false negatives" $?
grep -q '"naive_false_negatives": [1-9]' "$out"
check "naive delete: false negatives" $?

# Key file: one key per line.
keys=$(mktemp)
seq 1 500 >"$keys"
"$sim" fpr -m 5000 -k 7 --key-file "$keys" --trials 50 --queries 1000 --check-members --format csv >"$out" 2>"$err"
check "fpr --key-file exit 0" $?
grep -q ",500,500,7," "$out" && head -n 1 "$out" | grep -q "false_negatives"
check "fpr --key-file uses the file's 500 keys" $?
rm -f "$keys"

# Printed numbers (tests/sim_printed_numbers.py derives them from the counts):
# the measured rate is the exact ratio at any --digits, counts are whole,
# intervals stay in [0, 1] (bloomsim grow with 2 filters printed [-1.39, 1.48]).
"$sim" fpr -m 64 -n 8 -k 5 --trials 200 --queries 50 --digits 30 --format csv >"$out" 2>"$err"
python3 tests/sim_printed_numbers.py 30 "$out"
check "fpr --digits 30: measured rate exact, counts whole, interval in [0, 1]" $?
"$sim" grow -n 1e4 --trials 2 --format csv >"$out" 2>"$err"
python3 tests/sim_printed_numbers.py 9 "$out"
check "grow --trials 2: interval in [0, 1]" $?
tr -d '\r' <"$out" | grep -q ',wilson-design-effect,'
check "grow --trials 2: Wilson interval, not t with one degree of freedom" $?
# A filter of 2^22 bits measured by default (a few filters): Wilson with its design effect.
"$sim" fpr -m 2^22 -n 419431 -k 7 --format csv >"$out" 2>"$err"
python3 tests/sim_printed_numbers.py 9 "$out" && tr -d '\r' <"$out" | grep -q ',wilson-design-effect,'
check "default large-filter run: Wilson with design effect, interval in [0, 1]" $?

# The verify battery, small budget: exact never rejected.
"$sim" verify --budget 2e6 --format csv >"$out" 2>"$err"
check "verify exit 0" $?
[ "$(wc -l <"$out")" -eq 50 ]
check "verify prints 9 checks and the 40 of the layout sweep" $?

# The first screen of fpr and plan (table format, no --all): at most 20 lines, none "-",
# the measured rate and the exact prediction with its verdict; --all prints every field,
# and CSV is the same with or without --all.
"$sim" plan 1e5 1% --seed 3 --trials 4 --queries 1e4 >"$out" 2>"$err"
[ $? -eq 0 ] && [ "$(wc -l <"$out")" -le 20 ] && ! grep -q ' -$' "$out" \
    && grep -q '^measured rate  ' "$out" && grep -q '^  verdict on the exact rate  ' "$out"
check "bloomsim plan: a first screen of at most 20 lines, none printed as -" $?
brief_lines=$(wc -l <"$out")
"$sim" plan 1e5 1% --seed 3 --trials 4 --queries 1e4 --all >"$out" 2>"$err"
[ "$(wc -l <"$out")" -gt "$((brief_lines * 2))" ] && grep -q '^hash function  ' "$out"
check "bloomsim plan --all: every field" $?
"$sim" plan 1e5 1% --seed 3 --trials 4 --queries 1e4 --format csv >"$scratch/brief.csv" 2>"$err"
"$sim" plan 1e5 1% --seed 3 --trials 4 --queries 1e4 --format csv --all >"$out" 2>"$err"
cmp -s "$scratch/brief.csv" "$out"
check "bloomsim plan --format csv: the same with and without --all" $?
"$sim" plan -n 1e5 -c 10 --library rocksdb --seed 3 --trials 4 --queries 1e4 >"$out" 2>"$err"
grep -q '^rate of the filter as deployed  ' "$out" && grep -q '^library  *rocksdb$' "$out"
check "bloomsim plan --library rocksdb: the deployed filter's rate and verdict lead the predictions" $?
# --progress changes no count: shards run with and without it merge as one run.
"$sim" plan 1e4 1% --seed 3 --trials 4 --queries 1e3 --shard 1/2 --progress >"$scratch/s1" 2>/dev/null
"$sim" plan 1e4 1% --seed 3 --trials 4 --queries 1e3 --shard 2/2 >"$scratch/s2" 2>/dev/null
"$sim" merge "$scratch/s1" "$scratch/s2" >"$out" 2>"$err"
merged=$?
"$sim" plan 1e4 1% --seed 3 --trials 4 --queries 1e3 >"$scratch/whole" 2>/dev/null
[ $merged -eq 0 ] && cmp -s "$out" "$scratch/whole"
check "shards with and without --progress merge into the whole run's output" $?

checks_end cli-sim

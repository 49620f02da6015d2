#!/bin/sh
# cli_limits.sh BUILD - inputs at the corners of bloomcalc's ranges
# (tests/extremes.sh): each ends, answered (exit 0) or refused up front
# (exit 2, one stderr line, nothing on stdout), within a generous guard of
# 120 s (a hang detector, not a timing: make bench prints their times).
# Then every limit of bloom_limits.h, cli_limits.h and sim_limits.h in both
# programs: just inside it answers, just outside it is refused, exit 2, in
# one line naming the option and its range.
# Ends with "cli-limits: N passed, N failed".
set -u
build=$1
. tests/command_checks.sh
. tests/extremes.sh
checks_begin

echo "$extreme_inputs" >"$scratch/list"
while read -r arguments; do
    # shellcheck disable=SC2086
    timeout 120 "$build/bloomcalc" $arguments >"$out" 2>"$err"
    rc=$?
    case $rc in
    0) if [ -s "$out" ]; then pass; else fail "bloomcalc $arguments: exit 0, nothing printed"; fi ;;
    2) if [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ]; then pass
       else fail "bloomcalc $arguments: exit 2 without exactly one stderr line and an empty stdout"; fi ;;
    124) fail "bloomcalc $arguments: no answer within 120 s (a hang)" ;;
    *) fail "bloomcalc $arguments: exit $rc: $(head -c 300 "$err")" ;;
    esac
done <"$scratch/list"

# Each limit, just inside (answers) and just outside (refused naming the option and its range).
above64=18446744073709551617
inside() {
    "$@" >"$out" 2>"$err"
    check "$* answers within the limits" $?
}
inside "$build/bloomcalc" plan 2^64 1%
refuse "-n/--keys: '$above64' is out of range; accepted: a whole number from 1 to 2^64" \
    "$build/bloomcalc" plan $above64 1%
inside "$build/bloomcalc" fpr -m 2^64 -n 1e9 -k 7
refuse "-m/--bits: '$above64' is out of range; accepted: a size from 1 to 2^64 bits" \
    "$build/bloomcalc" fpr -m $above64 -n 1e9 -k 7
inside "$build/bloomcalc" fpr -m 1e6 -n 1e3 -k 100
refuse "-k/--hashes: '101' is out of range; accepted: a whole number from 1 to 100" \
    "$build/bloomcalc" fpr -m 1e6 -n 1e3 -k 101
refuse "-k/--hashes: '101' is out of range; accepted: a whole number from 1 to 100" \
    "$build/bloomcalc" plan -n 1e6 -m 1e7 -k 101
refuse "-k/--hashes: '101' is out of range; accepted: a whole number from 1 to 100" \
    "$build/bloomcalc" converge -k 101
inside "$build/bloomcalc" plan 1e9 1e-30
refuse "-p/--rate: '9.9e-31' is out of range; accepted: a rate above 0 and below 1, at least 1e-30" \
    "$build/bloomcalc" plan 1e9 9.9e-31
inside "$build/bloomcalc" fpr -m 1e7 -n 1e6 -k 7 --digits 100
refuse "--digits: '101' is out of range; accepted: a whole number from 1 to 100" \
    "$build/bloomcalc" fpr -m 1e7 -n 1e6 -k 7 --digits 101
inside "$build/bloomcalc" compare 2^64 1e-30
refuse "-n/--keys: '$above64' is out of range; accepted: a whole number from 1 to 2^64" \
    "$build/bloomcalc" compare $above64 1%
refuse "-p/--rate: '9e-31' is out of range; accepted: a rate above 0 and below 1, at least 1e-30" \
    "$build/bloomcalc" compare 1e6 9e-31
inside "$build/bloomcalc" structures 1e-30 -n 2^64
refuse "-p/--rate: '9e-31' is out of range" "$build/bloomcalc" structures 9e-31
refuse "-n/--keys: '$above64' is out of range" "$build/bloomcalc" structures 1% -n $above64
inside "$build/bloomcalc" grow -n 2^64 -p 1e-30 --initial 2^64
refuse "-n/--keys: '$above64' is out of range" "$build/bloomcalc" grow -n $above64
refuse "-p/--rate: '9e-31' is out of range" "$build/bloomcalc" grow -n 1e9 -p 9e-31
inside "$build/bloomcalc" lsm -L 100 -T 1000000 -n 2^64
refuse "-L/--levels: '101' is out of range; accepted: a whole number from 1 to 100" "$build/bloomcalc" lsm -L 101
refuse "-T/--size-ratio: '1000001' is out of range" "$build/bloomcalc" lsm -T 1000001
refuse "-n/--keys: '$above64' is out of range" "$build/bloomcalc" lsm -n $above64
inside "$build/bloomcalc" converge -c 10 -k 100 -m 2^60..2^64
refuse "-m/--bits: '2^64..2^65' is out of range" "$build/bloomcalc" converge -m 2^64..2^65
# the rows of a table: the product of its lists' lengths, at most 10000 (refused before any row)
hashes=$(seq -s, 1 100)
refuse "the lists ask for more than 10000 rows" "$build/bloomcalc" table -n 1..2^64 -p 1%,1e-3 -k "$hashes" -L 1,2
inside "$build/bloomcalc" table -n 1e9 -p 1e-2 -k "$hashes"
# the sub-filters of a growing filter: each is a filter of the limits, its design rate at least 1e-30
refuse "-r/--tightening: the last of the 25 sub-filters would have a design rate below 1e-30" \
    "$build/bloomcalc" grow -n 2^64 -p 1e-30 --initial 2^40
# bloomsim: the same k and digits (its predictions are the calculator's rates)
refuse "-k/--hashes: '101' is out of range; accepted: a whole number from 1 to 100" \
    "$build/bloomsim" fpr -m 1e4 -n 1e3 -k 101
refuse "--digits: '101' is out of range; accepted: a whole number from 1 to 100" \
    "$build/bloomsim" fpr -m 1e4 -n 1e3 -k 7 --digits 101
# A best k at the limit is certified against the k above it (plan 1e9 1e-30: 100, the real optimum
# 99.66), and one above the limit is refused, never clamped (m = 719, n = 3: the best is 149).
"$build/bloomcalc" plan 1e9 1e-30 --format csv >"$out" 2>"$err"
[ "$(csv_field k)" = 100 ]
check "plan 1e9 1e-30: k = 100, the limit itself" $?
refuse "-m/--bits: so many bits a key that the best hash count (m/n) ln 2 reaches the limit of 100" \
    "$build/bloomcalc" plan -n 3 -m 719
# The questions the work budget refused now answer: a docs table, the 2^34 table, a grow.
"$build/bloomcalc" table -n 2^10..2^30 -p 0.1..1e-6 --format csv >"$out" 2>"$err"
[ "$(wc -l <"$out")" -eq 127 ]
check "table -n 2^10..2^30 -p 0.1..1e-6: 126 rows" $?
"$build/bloomcalc" table -n 2^10..2^34 -p 0.1,1e-2,1e-3,1e-4 --columns n,p,bytes,k --format csv >"$out" 2>"$err"
[ "$(wc -l <"$out")" -eq 101 ]
check "table -n 2^10..2^34 x 4 rates: 100 rows" $?

# Guava's model within its size limit (BLOOM_GUAVA_MODEL_SIZE_LIMIT = 3e6 probe subsets, W = (e + 1)
# o C 2^k with m = 2^e o and C = 36 cells at k = 7, FORMULAS.md §q.4): m = 64 x 93 has
# W = 2 999 808 and is modelled; m = 64 x 95 has W = 3 064 320 and its warning names the limit.
"$build/bloomcalc" fpr -m 5952 -n 600 -k 7 --library guava >"$out" 2>"$err"
grep -q "^warning .*the rates model Guava's probes .* exactly .*(FORMULAS.md §q)" "$out" &&
    "$build/bloomcalc" fpr -m 6080 -n 600 -k 7 --library guava >"$out" 2>"$err" &&
    grep -q "^warning .*models exactly only within the model's size limit (FORMULAS.md §q.4)" "$out"
check "guava: m = 5952, k = 7 modelled, m = 6080 past the model's size limit, so warned" $?

# No silent clamps: the best k above the limit, 0 keys or bits from a bits-per-key rounding;
# each refused naming the argument.
refuse "bits" "$build/bloomcalc" plan -n 1 -m 2^20
refuse "bits" "$build/bloomcalc" plan -n 1 -m 2^64
refuse "counters" "$build/bloomcalc" structures 1% -n 1 -m 2^64
refuse "bits-per-key" "$build/bloomcalc" plan -m 64 --bits-per-key 1000
refuse "bits-per-key" "$build/bloomcalc" plan -n 1 --bits-per-key 0.1
# converge with one hash: Bloom's formula is exact, nothing converges (minutes, then a silent exit 1).
refuse "hashes" "$build/bloomcalc" converge -c 10 -k 1 -m 2^6
# Ranges shrunk where the work grew past seconds: lsm levels, grow's tightest sub-filter rate.
refuse "levels" "$build/bloomcalc" lsm -L 1000 -T 1000000
refuse "tightening" "$build/bloomcalc" grow -n 2e8 -s 1 --initial 1e6 -r 0.3
# ... more than 256 sub-filters, named by --initial, and sub-filters below the smallest rate, named
# by -r/--tightening, in both programs in the same words (one growth plan), while 256 sub-filters
# within the limits answer.
refuse "more than 256 sub-filters" "$build/bloomcalc" grow -n 1e9 -s 1 --initial 1e6 -r 0.9
refuse "tightening" "$build/bloomcalc" grow -n 256 -s 1 --initial 1 -r 0.5
refuse "tightening" "$build/bloomsim" grow -n 256 -s 1 --initial 1 -r 0.5
"$build/bloomcalc" grow -n 2.56e8 -s 1 --initial 1e6 -r 0.9 --format csv >"$out" 2>"$err"
[ "$(csv_field filters)" = 256 ]
check "grow -n 2.56e8 -s 1 --initial 1e6 -r 0.9: 256 sub-filters" $?
# ... while the same filters with a fixed k, or just inside the limits, answer.
"$build/bloomcalc" plan -n 1 -m 2^20 -k 20 --format csv >"$out" 2>"$err"
check "plan -n 1 -m 2^20 -k 20 answers" $?
[ "$(csv_field k)" = 20 ]
check "plan -n 1 -m 2^20 -k 20 keeps k = 20" $?
"$build/bloomcalc" converge -c 1000 -m 2^10 --format csv >"$out" 2>"$err" && [ "$(csv_field n)" = 1 ]
check "converge -c 1000 -m 2^10: n = round(1.024) = 1" $?

# A list past BLOOM_LIST_MAX_ITEMS (10000) is refused naming that cap, not as out of range (each
# item is in range): in table as the cap of rows (BLOOM_TABLE_MAX_ROWS, 10000), as the product of
# the lists is; elsewhere as the cap of a list (converge -m 2,...,10002, each size at least 2).
refuse "-L/--levels: '1..10001' asks for more than 10000 rows, the table's cap;" \
    "$build/bloomcalc" table -n 1e6 -p 1% -L 1..10001
refuse "the lists ask for more than 10000 rows (the product of their lengths), the table's cap;" \
    "$build/bloomcalc" table -n 1..2^20 -p 0.5..1e-6 -L 1..10000
"$build/bloomcalc" converge -m "$(seq -s, 2 10002)" >"$out" 2>"$err"
[ $? -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] \
    && grep -q "^bloomcalc converge: -m/--bits: '2,3,4,.*,10002' asks for more than 10000 items, the most a list holds;" "$err"
check "converge -m 2,...,10002: refused as more than 10000 items: $(cut -c1-60 "$err")...$(tail -c 160 "$err")" $?

checks_end cli-limits

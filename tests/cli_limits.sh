#!/bin/sh
# cli_limits.sh BUILD - inputs at the corners of bloomcalc's documented
# ranges (tests/extremes.sh): each ends, answered (exit 0) or refused up
# front (exit 2, one stderr line, nothing on stdout), within a generous
# guard of 120 s (a hang detector, not a timing: they take well under a
# second each on an idle machine; make bench prints their times).  And the
# refusals that replaced silent clamps (issue 13).
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

# No silent clamps: the best k above the limit, 0 keys or bits from a bits-per-key rounding,
# relative errors beyond MPFR's exponents; each refused naming the argument.
refuse "bits" "$build/bloomcalc" plan -n 1 -m 2^20
refuse "bits" "$build/bloomcalc" plan -n 1 -m 2^256
refuse "counters" "$build/bloomcalc" structures 1% -n 1 -m 2^64
refuse "bits" "$build/bloomcalc" converge -c 1000 -m 2^6..2^12
refuse "bits-per-key" "$build/bloomcalc" plan -m 64 --bits-per-key 1000
refuse "bits-per-key" "$build/bloomcalc" plan -n 1 --bits-per-key 0.1
refuse "keys" "$build/bloomcalc" fpr -m 2 -n 2^28 -k 1000
# Certifying the best k of a few keys with many hashes would take minutes (FORMULAS.md §l):
# refused up front, naming the keys.
refuse "keys" "$build/bloomcalc" plan -n 1 -p 1e-100
refuse "keys" "$build/bloomcalc" structures 1e-300 -n 1
# ... and a plan whose searches would evaluate too many (about 12 times the bracket, before any):
# plan -n 1 -p 1e-50 took 9 s and then refused; now refused before the first search.
refuse "keys" "$build/bloomcalc" plan -n 1 -p 1e-50
# The same for the capacity of M bits: few keys fit, each with many hashes (plan -m 1e4 -p 1e-300
# searched for minutes; -p 1e-100 took 3.7 s to refuse at the end), refused naming the rate;
# a plan of the same shape asked for n keys is refused the same way.
refuse "rate" "$build/bloomcalc" plan -m 1e4 -p 1e-300
refuse "rate" "$build/bloomcalc" plan -m 1e4 -p 1e-100
refuse "keys" "$build/bloomcalc" plan -n 3 -p 1e-50
refuse "keys" "$build/bloomcalc" plan -n 1 -p 1e-22
# ... while the brackets the calibrated costs (calc/FORMULAS.md §o.5) put under BLOOM_BEST_HASHES_WORK
# answer, within the work budget: all but the last were refused up front before the calibration.
for question in "plan -n 1000 -p 1e-100" "plan -n 3 -p 1e-30" "plan -m 1e3 -p 1e-30" "plan -n 1 -p 1e-21" \
                "plan -n 3 -m 719"; do
    # shellcheck disable=SC2086
    "$build/bloomcalc" $question --format csv >"$out" 2>"$err"
    check "bloomcalc $question answers" $?
done
# plan -n 6 -p 1e-30 was refused the same way; its rates (m = 863, kn/m = 0.65 at k = 94) now come
# from 1 - the complement series (FORMULAS.md §o.3) and it answers: k = 94, exact rate 5.04606750e-30
# (Markov-chain fractions of k = 88..100 at m = 863, n = 6, computed apart: 94 is the lowest, 5.0461e-30).
"$build/bloomcalc" plan -n 6 -p 1e-30 --format csv >"$out" 2>"$err"
[ "$(csv_field k)" = 94 ] && [ "$(csv_field m_bits)" = 863 ] && [ "$(csv_field fpr_exact)" = 5.04606750e-30 ]
check "plan -n 6 -p 1e-30 answers: m = 863, k = 94, rate 5.04606750e-30" $?
# More --digits than a filter's exact rate can be certified to within BLOOM_DIGITS_WORK (about half
# a second by its a-priori cost, FORMULAS.md §o) are refused up front naming --digits and the most
# accepted (8.7 s, 6.4 s, 10.8 s, 10.8 s and over 60 s before), in both programs in the same words; the default
# digits are never refused, and a filter whose fraction is cheap answers at 1000 digits.
refuse "--digits" "$build/bloomcalc" fpr -n 1e3 -m 1e9 -k 1000 --digits 300
refuse "at most 84 digits" "$build/bloomcalc" fpr -n 1e3 -m 1e9 -k 1000 --digits 300
refuse "--digits" "$build/bloomcalc" fpr -m 2^128 -n 2^64 -k 300 --digits 1000
# ... weighing the rates again at twice the precision when Bloom's formula's relative error is below
# 2^-32 (here -6.6e-35: the printing refines to 5 520 bits; --digits 800 took 5 s)
refuse "at most 226 digits" "$build/bloomcalc" fpr -m 2^128 -n 2^64 -k 300 --digits 800
refuse "--digits" "$build/bloomcalc" plan -n 1e3 -m 1e9 -k 1000 --digits 1000
refuse "--digits" "$build/bloomcalc" table -n 1e3 -m 1e9 -k 1000 --digits 1000
refuse "--digits" "$build/bloomcalc" converge -c 100 -k 1000 --digits 1000
refuse "--digits" "$build/bloomsim" fpr -m 1e9 -n 1e3 -k 500 --digits 1000
refuse "--digits" "$build/bloomsim" plan -n 1e3 -m 1e9 -k 500 --digits 1000
"$build/bloomcalc" fpr -m 1e9 -n 1e3 -k 500 --digits 1000 2>"$err.calc" >/dev/null
"$build/bloomsim" fpr -m 1e9 -n 1e3 -k 500 --digits 1000 2>"$err.sim" >/dev/null
[ "$(sed 's/^bloomcalc fpr: //' "$err.calc")" = "$(sed 's/^bloomsim fpr: //' "$err.sim")" ] && [ -s "$err.sim" ]
check "bloomcalc fpr and bloomsim fpr refuse --digits 1000 of the same filter in the same words" $?
# ... and one more than the most accepted is refused: the bisection's boundary, both sides.
refuse "at most 84 digits" "$build/bloomcalc" fpr -n 1e3 -m 1e9 -k 1000 --digits 85
refuse "at most 226 digits" "$build/bloomcalc" fpr -m 2^128 -n 2^64 -k 300 --digits 227
"$build/bloomcalc" fpr -n 1e3 -m 1e9 -k 1000 --digits 84 --format csv >"$out" 2>"$err"
check "fpr -n 1e3 -m 1e9 -k 1000 --digits 84 (the most accepted) answers within the work budget" $?
"$build/bloomcalc" fpr -m 2^128 -n 2^64 -k 300 --digits 226 --format csv >"$out" 2>"$err"
check "fpr -m 2^128 -n 2^64 -k 300 --digits 226 (the most accepted) answers within the work budget" $?
# A blocked filter of k = 997 in 512-bit blocks never meets 2e-300 (one key: 8.7e-45): its headroom
# searches (0 keys within 2p and 10p: tests/calc_sizing.c) cost more than the work budget, and the plan
# is refused, naming -n/--keys (it took 0.7-1.1 s).
refuse "work budget" "$build/bloomcalc" plan -n 1e9 -p 1e-300 --layout blocked
# The work budget (calc/FORMULAS.md §o.5): each command that would evaluate more than
# BLOOM_COMMAND_WORK of exact rates is refused before the evaluation that would pass it, exit 2,
# naming what drives the cost.  These took 0.8 to 11.5 s before (README, "Input").
refuse "-k/--hashes: certifying this answer would take more than the work budget" "$build/bloomcalc" fpr -m 2^11 -n 2 -k 1000
refuse "-k/--hashes: certifying" "$build/bloomcalc" fpr -m 2^14 -n 4 -k 1000
refuse "-k/--hashes: certifying" "$build/bloomcalc" plan -n 1 -m 1e4 -k 1000
refuse "-k/--hashes: certifying" "$build/bloomcalc" fpr -n 1e3 -m 1e9 -k 1000 --layout blocked --block-bits 2^20
refuse "-k/--hashes: certifying" "$build/bloomcalc" plan -n 1e3 -m 1e9 -k 1000 --layout blocked
refuse "-n/--keys: certifying" "$build/bloomcalc" plan -n 1e9 -p 1e-40 --layout blocked
refuse "(the rows): certifying" "$build/bloomcalc" table -n 1e9 -p 1e-2 -k 1..1000
refuse "(the rows): certifying" "$build/bloomcalc" table -n 2^6..2^30 -p 0.1..1e-10
refuse "-m/--bits (the rows): certifying" "$build/bloomcalc" converge -c 100 -k 1000 -m 2^200..2^256
refuse "-m/--bits (the rows): certifying" "$build/bloomcalc" converge -c 1000 -k 1000 -m 2^10..2^60
# ... in bloomsim too, before it builds anything, in the same words as bloomcalc (one answer per
# question): its predictions are certified under the same budget.
blocked="-n 1e3 -m 1e9 -k 500 --layout blocked --block-bits 2^20"
# shellcheck disable=SC2086
refuse "-k/--hashes: certifying" "$build/bloomsim" fpr $blocked
# shellcheck disable=SC2086
"$build/bloomcalc" fpr $blocked 2>"$err.calc" >/dev/null
# shellcheck disable=SC2086
"$build/bloomsim" fpr $blocked 2>"$err.sim" >/dev/null
[ "$(sed 's/^bloomcalc fpr: //' "$err.calc")" = "$(sed 's/^bloomsim fpr: //' "$err.sim")" ] && [ -s "$err.sim" ]
check "bloomcalc fpr and bloomsim fpr refuse the same costly filter in the same words" $?
# ... while the tables of data/ and the questions of the README answer under it (80 rows at most).
"$build/bloomcalc" table -n 1e9 -p 0.1..1e-4 -L 1..20 --format csv >"$out" 2>"$err"
[ "$(wc -l <"$out")" -eq 81 ]
check "table -n 1e9 -p 0.1..1e-4 -L 1..20: 80 rows within the budget" $?
for question in "plan 1e9 1%" "plan 1e9 1e-300" "plan -n 1e4 -p 1e-300" "fpr -m 2^10 -n 1 -k 1000" \
                "plan -n 1e3 -m 1e9 -k 100 --layout blocked" "converge -c 1 -k 1000"; do
    # shellcheck disable=SC2086
    "$build/bloomcalc" $question >"$out" 2>"$err"
    check "bloomcalc $question answers within the work budget" $?
done
# converge with one hash: Bloom's formula is exact, nothing converges (minutes, then a silent exit 1).
refuse "hashes" "$build/bloomcalc" converge -c 10 -k 1 -m 2^6
# Ranges shrunk where the work grew past seconds: lsm levels, grow's tightest sub-filter rate.
refuse "levels" "$build/bloomcalc" lsm -L 1000 -T 1000000
refuse "tightening" "$build/bloomcalc" grow -n 2e8 -s 1 --initial 1e6 -r 0.3
# ... more than 256 sub-filters, and sub-filters whose best k together cost too much, both
# named by --initial (2.9 s and 9 s before), while 256 sub-filters inside the budget answer
# (and bloomsim grow refuses in the same words: one growth plan).
refuse "more than 256 sub-filters" "$build/bloomcalc" grow -n 1e9 -s 1 --initial 1e6 -r 0.9
refuse "best hash counts" "$build/bloomcalc" grow -n 256 -s 1 --initial 1 -r 0.5
refuse "best hash counts" "$build/bloomsim" grow -n 256 -s 1 --initial 1 -r 0.5
"$build/bloomcalc" grow -n 2.56e8 -s 1 --initial 1e6 -r 0.5 --format csv >"$out" 2>"$err"
[ "$(csv_field filters)" = 256 ]
check "grow -n 2.56e8 -s 1 --initial 1e6 -r 0.5: 256 sub-filters" $?
# ... while the same filters with a fixed k, or just inside the limits, answer.
"$build/bloomcalc" plan -n 1 -m 2^20 -k 20 --format csv >"$out" 2>"$err"
check "plan -n 1 -m 2^20 -k 20 answers" $?
[ "$(csv_field k)" = 20 ]
check "plan -n 1 -m 2^20 -k 20 keeps k = 20" $?
"$build/bloomcalc" converge -c 1000 -m 2^10 --format csv >"$out" 2>"$err" && [ "$(csv_field n)" = 1 ]
check "converge -c 1000 -m 2^10: n = round(1.024) = 1" $?

checks_end cli-limits

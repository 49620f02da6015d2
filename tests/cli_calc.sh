#!/bin/sh
# cli_calc.sh BUILD - the bloomcalc command line as a user meets it.
#
# Bad input: every case must exit with status 2, print exactly one line on
# stderr that names the argument, and print nothing on stdout.
# Good input: exit 0, and the figures checked here are the values of
# calc/FORMULAS.md §a.5, §b and §c (independent of this program):
#   9 585 058 378 bits and 1 198 132 298 bytes for 1e9 keys at 1 %
#   (FORMULAS.md §b), 9 592 954 719 bits meeting 1 % with k = 7 (§b),
#   0.0223007262 (Bloom's formula) and 0.0216792171 (approximation) at
#   m=64 n=8 k=5 (0.02230073, 0.02167922; FORMULAS.md §a.5),
#   1.04 / 1.4 / 1.004 probes at L = 5, 0.2 at L = 20 on a miss (FORMULAS.md §c).
set -u
bloomcalc=$1/bloomcalc
. tests/command_checks.sh
checks_begin

# expect PATTERN ARGS... - exit 0 and stdout matches the extended regex.
expect() {
    pattern=$1
    shift
    "$bloomcalc" "$@" >"$out" 2>"$err"
    rc=$?
    if [ "$rc" -ne 0 ]; then fail "bloomcalc $* exited $rc: $(cat "$err")"; return; fi
    if ! tr -d '\r' <"$out" | grep -Eq -- "$pattern"; then fail "bloomcalc $*: no match for $pattern in: $(cat "$out")"; return; fi
    pass
}

# Bad input.
refuse "command" "$bloomcalc"
refuse "frobnicate" "$bloomcalc" frobnicate
refuse "keys" "$bloomcalc" plan 0 1%
refuse "keys" "$bloomcalc" plan -5 1%
refuse "keys" "$bloomcalc" plan -- -0 1%
refuse "keys" "$bloomcalc" plan 1.5 1%
refuse "keys" "$bloomcalc" plan 1e999999 1%
refuse "keys" "$bloomcalc" plan 1e9x 1%
refuse "keys" "$bloomcalc" plan nan 1%
refuse "keys" "$bloomcalc" plan inf 1%
refuse "keys" "$bloomcalc" plan "" 1%
refuse "keys" "$bloomcalc" plan 2^300 1%
refuse "keys" "$bloomcalc" plan 0x10 1%
refuse "rate" "$bloomcalc" plan 1e9 0
refuse "rate" "$bloomcalc" plan 1e9 1
refuse "rate" "$bloomcalc" plan 1e9 1.5
refuse "rate" "$bloomcalc" plan 1e9 100%
refuse "rate" "$bloomcalc" plan 1e9 -0.1
refuse "rate" "$bloomcalc" plan 1e9 NaN
refuse "rate" "$bloomcalc" plan 1e9 1/0
refuse "rate" "$bloomcalc" plan 1e9 1e-400
refuse "rate" "$bloomcalc" plan 1e9 1%%
refuse "unexpected" "$bloomcalc" plan 1e9 1% 5
refuse "over-determine" "$bloomcalc" plan -n 1e9 -p 1% -m 1e10
refuse "needs two" "$bloomcalc" plan 1e9
refuse "hashes" "$bloomcalc" plan 1e9 1% -k 0
refuse "hashes" "$bloomcalc" plan 1e9 1% -k 1001
refuse "hashes" "$bloomcalc" plan 1e9 1% -k
refuse "levels" "$bloomcalc" plan 1e9 1% -L 0
refuse "digits" "$bloomcalc" plan 1e9 1% --digits 0
refuse "digits" "$bloomcalc" plan 1e9 1% --digits 1001
refuse "format" "$bloomcalc" plan 1e9 1% --format xml
refuse "unknown option" "$bloomcalc" plan 1e9 1% --bogus
refuse "more than once" "$bloomcalc" plan 1e9 1% --digits 5 --digits 6
refuse "keys" "$bloomcalc" plan 1e9 1% -n 5
refuse "bits" "$bloomcalc" plan -m 2 -p 1e-9
refuse "hashes" "$bloomcalc" fpr -m 64 -n 8
refuse "bits" "$bloomcalc" fpr -m 0 -n 8 -k 5
refuse "keys" "$bloomcalc" fpr -m 64 -n 0 -k 5
refuse "hashes" "$bloomcalc" fpr -m 64 -n 8 -k 5.5
refuse "help" "$bloomcalc" fpr --help=yes

# Good input: the figures of FORMULAS.md §a.5, §b and §c.
expect '^total bits m +9 585 058 378 bits$' plan 1e9 1% --all
expect '^memory +1 198 132 298 bytes$' plan 1e9 1% --all
expect '^memory \(SI\) +1\.19813230 GB$' plan 1e9 1% --all
expect '^smallest m with exact rate <= p +9 592 954 719 bits$' plan 1e9 1% --all
expect '^bits per key, log2\(1/p\) / ln 2 +9\.5851 bits$' plan 1e9 1% --digits 5
expect '^bits per key, 1\.44 log2\(1/p\) +9\.5672 bits$' plan 1e9 1% --digits 5
expect '^difference over n keys +2\.2e6 bytes$' plan 1e9 1% --digits 2
expect '"read_amp_hit": 1\.04,' plan -n 1e9 -p 0.01 -L 5 --format json
expect '"read_amp_hit": 1\.4,' plan -n 1e9 -p 1/10 -L 5 --format json
expect '"read_amp_hit": 1\.004,' plan -n 1e9 -p 1e-3 -L 5 --format json
expect '"read_amp_miss": 0\.2,' plan -n 1e9 -p 1% -L 20 --format json
expect '^m,n,k,fpr_approx,fpr_bloom,fpr_exact,relerr_approx,relerr_bloom,fpr_exact_rational' fpr -m 64 -n 8 -k 5 --format csv
expect ',0\.02230073,' fpr -m 64 -n 8 -k 5 --format csv --digits 7
expect '^64,8,5,0\.02167922,' fpr -m 64 -n 8 -k 5 --format csv --digits 7
expect '^exact rate +0\.023416087476948047060416656493' fpr -m 64 -n 8 -k 5 --digits 29
expect ',5/8$' fpr -m 2 -n 1 -k 2 --format csv
expect '^Usage: bloomcalc plan' plan --help
expect '^Usage: bloomcalc COMMAND' --help
expect '^bloomcalc [0-9]' --version
expect '^keys n +1 000 000 000$' plan 1_000_000_000 1e-2
expect '^keys n +1 000 000 000$' plan 1,000,000,000 1/100
expect '^total bits m +8 589 934 592 bits$' plan -n 1e9 -m 2^33
# A whole rational follows the notation of every real (bloomcalc --help, Output): bits per key
# m/n = 8e18 has exponent 18 > D - 1 = 8, scientific like k_real = 8e18 ln 2 = 5.5451774445e18.
expect '^1,8000000000000000000,1000000000000000000,1e9,931322575,8e18,5\.54517744e18,1,' plan -n 1 -m 8e18 -k 1 --format csv
# 1e9 bits a key: exponent 9, scientific at 9 digits, fixed from 10 (k_real = 1e9 ln 2 = 693147180.56).
expect '^1,1000000000,125000000,0\.125,0\.116415322,1e9,693147181,1,' plan -n 1 -m 1e9 -k 1 --format csv
expect '^1,1000000000,125000000,0\.125,0\.1164153218,1000000000,693147180\.6,1,' plan -n 1 -m 1e9 -k 1 --format csv --digits 10
# grow --per-filter numbers its rows from 1 (output_keys.c): for 1e6 keys from 1000 at
# growth 2, sub-filters 1..10 hold 1000 * 2^(i-1) keys (1000 (2^10 - 1) = 1 023 000 >= 1e6), the
# tenth the remaining 1e6 - 511 000 = 489 000 at rate 0.01 0.8^9.
expect '^1,1000,1000,0\.01,' grow -n 1e6 --per-filter --format csv
expect '^10,512000,489000,0\.00134217728,' grow -n 1e6 --per-filter --format csv

# Ranges include their last value and step by what separates their ends: a
# decade table (1e6..1e9: four rows), powers of two (2^10..2^13), a last value
# off the doubling grid kept as the last row (1e6, 2e6, 4e6, then 5e6), rates
# a power of two apart (1/2..1/16 halve), a written factor or increment.
range_column() {   # range_column COLUMN ARGS...: the column's values, space-separated
    column=$1
    shift
    "$bloomcalc" table "$@" --columns "$column" 2>"$err" | tr -d '\r' | tail -n +2 | tr '\n' ' '
}
range_is() {   # range_is EXPECTED COLUMN ARGS...
    expected=$1
    shift
    got=$(range_column "$@")
    [ "$got" = "$expected" ]
    check "table $*: '$got', expected '$expected'" $?
}
range_is "1000000 10000000 100000000 1000000000 " n -n 1e6..1e9 -p 1%
range_is "1024 2048 4096 8192 " n -n 2^10..2^13 -p 1%
range_is "1000000 2000000 4000000 5000000 " n -n 1e6..5e6 -p 1%
range_is "1000 100 10 1 " n -n 1000..1 -p 1%
range_is "0.5 0.25 0.125 0.0625 " p -n 1e6 -p 1/2..1/16
range_is "0.1 0.01 0.001 " p -n 1e6 -p 0.1..1e-3
range_is "0.05 0.04 0.03 0.02 0.01 " p -n 1e6 -p 0.05..0.01/+0.01
range_is "1000000 4000000 16000000 20000000 " n -n 1e6..2e7/x4 -p 1%
range_is "1 2 4 8 16 " k -n 1e6 -p 1% -k 1..16/*2
range_is "10 15 20 " n -n 10..20/+5 -p 1%
range_is "8 64 512 " m_bits -m 1B..64B/×8 -n 1 -k 1
refuse "-k/--hashes" "$bloomcalc" table -n 1e6 -p 1% -k 1..10/x1
refuse "-n/--keys" "$bloomcalc" table -n 1..10/+1/2 -p 1%
refuse "-n/--keys" "$bloomcalc" table -n 1..10/x -p 1%
refuse "-p/--rate" "$bloomcalc" table -n 1e6 -p 0.1..0.01/+0

# table takes -c and --actual-keys as lists: each row is the plan of the same words
# (one answer per question), and converge keeps the columns named, in that order.
for c in 8 9.5 12; do
    want=$("$bloomcalc" plan -n 1e9 -c "$c" --format csv | tr -d '\r' | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i } NR == 2 { print $col["k"] "," $col["fpr_exact"] }')
    got=$("$bloomcalc" table -n 1e9 -c 8,9.5,12 --columns bits_per_key,k,fpr_exact | tr -d '\r' | awk -F, -v c="$c" '$1 == c { print $2 "," $3 }')
    [ -n "$want" ] && [ "$got" = "$want" ]
    check "table -c 8,9.5,12: the row of $c bits a key is plan -n 1e9 -c $c ($got, $want)" $?
done
for actual in 5e8 2e9; do
    want=$("$bloomcalc" plan 1e9 1% --actual-keys "$actual" --format csv | tr -d '\r' | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i } NR == 2 { print $col["n_actual"] "," $col["fpr_exact_actual"] }')
    got=$("$bloomcalc" table -n 1e9 -p 1% --actual-keys 5e8,2e9 --columns n_actual,fpr_exact_actual | tr -d '\r' | grep "^$(echo "$want" | cut -d, -f1),")
    [ -n "$want" ] && [ "$got" = "$want" ]
    check "table --actual-keys 5e8,2e9: the row of $actual keys is plan's ($got, $want)" $?
done
full=$("$bloomcalc" converge -m 2^6..2^9 | tr -d '\r' | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i } { print $col["slope_bloom"] "," $col["m"] }')
chosen=$("$bloomcalc" converge -m 2^6..2^9 --columns slope_bloom,m | tr -d '\r')
[ -n "$chosen" ] && [ "$chosen" = "$full" ]
check "converge --columns slope_bloom,m: those columns of the full table, in that order" $?
refuse "--columns" "$bloomcalc" converge --columns m,nonesuch
refuse "--columns" "$bloomcalc" converge --columns m,,n
refuse "--actual-keys" "$bloomcalc" table -n 1e9 -p 1% --actual-keys 0

# The first screen (plan without --all, the table format): the filter that meets p
# leads, at most 15 lines, no "-", sizes scaled with exact bytes, rates with 1 in N.
# 1 199 119 340 bytes = 1.11676... GiB -> 1.12 GiB (three digits); 1e9 keys at 1 %:
# the smallest m meeting p is 9 592 954 719 bits (FORMULAS.md §l), printed in full with --all too.
"$bloomcalc" plan 1e9 1% >"$out" 2>"$err"
[ "$(sed -n 3p "$out")" = "memory that meets p                       1.12 GiB (1 199 119 340 bytes)" ]
check "plan 1e9 1%: line 3 is the memory that meets p, scaled, exact bytes beside" $?
[ "$(wc -l <"$out")" -le 15 ] && ! grep -q ' -$' "$out"
check "plan 1e9 1%: at most 15 lines, none printed as -" $?
expect '^target false-positive rate p +0\.01 \(1 in 100\)$' plan 1e9 1%
expect '^its exact rate with the best k +0\.0100392177 \(1 in 99\.6\)$' plan 1e9 1%
# Its exact rate, 0.00999999999951573 at 15 digits, is 0.0100000000 at 9: the rate of
# fpr -m 9592954719 -n 1e9 -k 7, while one bit fewer passes p (0.0100000000044714).
expect '^its exact rate +0\.0100000000 \(1 in 100\)$' plan 1e9 1%
expect ',0\.00999999999951573,' plan 1e9 1% --digits 15 --format csv
expect '^exact rate +0\.00999999999951573$' fpr -m 9592954719 -n 1e9 -k 7 --digits 15
expect '^exact rate +0\.0100000000044714$' fpr -m 9592954718 -n 1e9 -k 7 --digits 15
expect '^target false-positive rate p +1e-6 \(1 in 1000000\)$' plan 1e6 1e-6
# 1/3 printed as 0.333333333 (9 digits, rounded): N in [2.999999997, 3.000000003] -> 3.00.
expect '^target false-positive rate p +0\.333333333 \(1 in 3\.00\)$' plan 1e6 1/3
# 2^31 bytes = 2 GiB exactly, 2.147483648 GB -> 2.15 GB with --units si.
expect '^memory +2 GiB \(2 147 483 648 bytes\)$' plan -m 2GiB -p 0.1%
expect '^memory +2\.15 GB \(2 147 483 648 bytes\)$' plan -m 2GiB -p 0.1% --units si
expect '^note +under 2 bits per key' plan -n 1e9 -m 1198132298
expect '^note +64 or more bits per key' plan -n 1e3 -m 1e5
"$bloomcalc" plan 1e9 1% --format csv >"$out" 2>"$err"
all_csv=$(head -1 "$out")
"$bloomcalc" plan 1e9 1% --all --format csv >"$out" 2>"$err"
[ "$(head -1 "$out")" = "$all_csv" ] && echo "$all_csv" | grep -q ',fpr_exact_meeting_target,'
check "plan --format csv prints every key with or without --all" $?
refuse "--units" "$bloomcalc" plan 1e9 1% --units metric

# Memory in other units as columns, when named: 1 198 132 298 bytes over 2^20, 10^6,
# 2^10, 10^12 and 2^40, correctly rounded to 9 digits (Python's decimal module, which
# rounds each division once): 1142.62800, 1198.13230, 1170051.07, 0.00119813230,
# 0.00108969498; and 2^31 bytes is exactly 2048 MiB (an exact rational prints exactly).
expect '^1198132298,1142\.62800,1198\.13230,1170051\.07,0\.00119813230,0\.00108969498$' table -n 1e9 -p 1% --columns bytes,mebibytes,megabytes,kibibytes,terabytes,tebibytes
expect '^2147483648,2048,2097152$' table -m 2GiB -p 0.1% --columns bytes,mebibytes,kibibytes
refuse "--columns" "$bloomcalc" table -n 1e9 -p 1% --columns bytes,petabytes

# table in the table format shows the first columns (the plan's answer and rates) unless
# --columns or --all says otherwise; CSV keeps every column.
"$bloomcalc" table -n 1e6,1e9 -p 1% --format table >"$out" 2>"$err"
[ "$(head -1 "$out" | tr -s ' ' '\n' | grep -c .)" -le 12 ] && head -1 "$out" | grep -q ' fpr_exact_meeting_target '
check "table --format table: at most 12 first columns, the filter meeting p among them" $?
"$bloomcalc" table -n 1e6,1e9 -p 1% --format table --all >"$out" 2>"$err"
[ "$(head -1 "$out" | tr -s ' ' '\n' | grep -c .)" -gt 20 ]
check "table --format table --all: every column" $?

checks_end cli-calc

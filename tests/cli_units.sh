#!/bin/sh
# cli_units.sh BUILD - asking in the units people think in:
# sizes with units, --memory, -c/--bits-per-key, rates as "1 in N", "1:N"
# and "0.1 %", and the headroom and overfill of a plan.
#
# Where the expected values come from: a size with a unit must give the
# very plan its number of bits gives (2 GiB = 2^34 bits, by definition of
# the units); "1 in 1000", "1:1000" and "0.1 %" the plan of 0.001; "-n N -c
# C" the plan of "-n N -m N C".  The headroom N at 2p is checked by its
# definition with a second command: "bloomcalc fpr" gives the exact rate of
# N and N + 1 keys in the plan's m bits with its k, and bc compares them
# with 2p (at 40 digits, far more than separate them).
set -u
bloomcalc=$1/bloomcalc
bloomsim=$1/bloomsim
. tests/command_checks.sh
checks_begin

# same_output NAME ARGS1 -- ARGS2: both commands succeed and print the same CSV.
same_output() {
    name=$1
    shift
    first=""
    while [ "$1" != "--" ]; do first="$first $1"; shift; done
    shift
    # shellcheck disable=SC2086
    "$bloomcalc" $first --format csv >"$scratch/a" 2>&1
    a=$?
    "$bloomcalc" "$@" --format csv >"$scratch/b" 2>&1
    b=$?
    if [ "$a" -eq 0 ] && [ "$b" -eq 0 ] && cmp -s "$scratch/a" "$scratch/b"; then pass
    else fail "$name: 'bloomcalc$first' and 'bloomcalc $*' differ (exit $a, $b)"; fi
}

# Sizes: every unit gives the plan its bits give.
same_output "2GiB" plan -m 17179869184 -p 0.001 -- plan -m 2GiB -p 0.001
same_output "2 GiB" plan -m 17179869184 -p 0.001 -- plan -m "2 GiB" -p 0.001
same_output "--memory bytes" plan -m 17179869184 -p 0.001 -- plan --memory 2147483648 -p 0.001
same_output "--memory 2GiB" plan -m 17179869184 -p 0.001 -- plan --memory 2GiB -p 0.001
same_output "1.5 GB" plan -m 12000000000 -p 0.001 -- plan -m "1.5 GB" -p 0.001
same_output "Gbit" plan -m 3000000000 -n 1e8 -- plan -m 3Gbit -n 1e8
same_output "Mibit" plan -m 1048576 -n 1e5 -- plan -m 1Mibit -n 1e5
same_output "fpr kB" fpr -m 8000 -n 500 -k 3 -- fpr -m 1kB -n 500 -k 3
same_output "table MiB list" table -m 8388608,16777216 -p 0.01 -- table -m 1MiB..2MiB -p 0.01
refuse "ambiguous" "$bloomcalc" plan -n 1e6 -m 2Mb
refuse "Mbit (10^6 bits) or MB (10^6 bytes)" "$bloomcalc" plan -n 1e6 -m 2Mb
refuse "GB (10^9 bytes) or GiB (2^30 bytes)" "$bloomcalc" plan -n 1e6 -m 2G
refuse "kB (10^3 bytes) or KiB (2^10 bytes)" "$bloomcalc" plan -n 1e6 --memory 2KB
refuse "bit (a bit) or B (a byte)" "$bloomcalc" plan -n 1e6 -m "100 b"
refuse "not a whole number" "$bloomcalc" plan -n 1e6 -m 1.1B
refuse "--memory" "$bloomcalc" plan -n 1e6 --memory 0.1
refuse "--memory" "$bloomcalc" plan -n 1e6 -m 1e9 --memory 1e8
refuse "bits" "$bloomcalc" plan -n 1e6 -m "1 XB"
refuse "bits" "$bloomcalc" fpr -n 1e6 -k 3 -m 2Gb

# A bare -m that reads like bytes is said, not guessed; with a unit it is not.  (2147483648 bits
# for 1e6 keys ask for k = 1488 hashes, above the limit of 100: refused, naming --memory, not
# clamped.)
"$bloomcalc" plan -n 1e7 -m 1000000000 --format csv >"$out" 2>"$err"
grep -q 'if M counts bytes, give --memory M' "$out"; check "bare -m 1000000000: note" $?
[ "$(csv_field bits_per_key)" = "100" ]; check "bare -m: bits per key shown" $?
refuse "--memory" "$bloomcalc" plan -n 1e6 -m 2147483648
"$bloomcalc" plan -n 1e6 -m 2GiB --format csv >"$out" 2>"$err"
! grep -q 'note' "$out"; check "-m 2GiB: no note" $?

# Rates.
for rate in "1 in 1000" "1:1000" "0.1 %" "0.1%" "1/1000" "1e-3"; do
    same_output "rate '$rate'" plan 1e9 0.001 -- plan 1e9 "$rate"
done
refuse "rate" "$bloomcalc" plan 1e9 "1 in 0"
refuse "rate" "$bloomcalc" plan 1e9 "1:1"
refuse "rate" "$bloomcalc" plan 1e9 "1 in"

# A value split from its unit by the shell is blamed on its option, naming the stray word,
# not on the positional argument the stray word would fill.
for program in "$bloomcalc" "$bloomsim"; do
    refuse "-m/--bits: '2' was followed by 'GB'" "$program" plan -m 2 GB -p 1%
    refuse "--memory: '2' was followed by 'MiB'" "$program" plan -p 1% --memory 2 MiB
    refuse "-m/--bits: '3' was followed by 'Mb'" "$program" plan -p 1% -m 3 Mb
    refuse "-p/--rate: '1' was followed by '%'" "$program" plan 1e9 1 %
    refuse "-p/--rate: '0.5' was followed by '%'" "$program" plan 1e9 0.5 %
    refuse "-p/--rate: '1' was followed by '%'" "$program" plan -n 1e9 --rate 1 %
done
refuse "-m/--bits: '2' was followed by 'GB'" "$bloomcalc" table -m 2 GB -p 1%
refuse "unexpected argument 'x'" "$bloomcalc" plan 1e9 1% x

# A list reads "1,000,000" as one number, as a single value does, when every ',' in it has
# one to three digits (or a group of three) before it and exactly three after it; otherwise
# every ',' separates items: "8,64,1000", "1,2,99,100" and "1, 100" are lists.
same_output "list 1,000,000" table -n 1000000 -p 1% -- table -n 1,000,000 -p 1%
same_output "list 1,000..4,000" table -n 1000,2000,4000 -p 1% -- table -n 1,000..4,000 -p 1%
same_output "list 1,000 kB" table -m 8000000 -p 1% -- table -m "1,000 kB" -p 1%
"$bloomcalc" table -n 8,64,1000 -p 1% --columns n --format csv >"$out" 2>"$err"
[ "$(tr -d '\r' <"$out" | tr '\n' ' ')" = "n 8 64 1000 " ]; check "list 8,64,1000: three items" $?
"$bloomcalc" table -n 1e6 -p 1% -k 1,2,99,100 --columns k --format csv >"$out" 2>"$err"
[ "$(tr -d '\r' <"$out" | tr '\n' ' ')" = "k 1 2 99 100 " ]; check "list 1,2,99,100: four items" $?
"$bloomcalc" table -n 1e6 -p 1% -k "1, 100" --columns k --format csv >"$out" 2>"$err"
[ "$(tr -d '\r' <"$out" | tr '\n' ' ')" = "k 1 100 " ]; check "list '1, 100': two items" $?
refuse "-k/--hashes: '1,100' is out of range" "$bloomcalc" table -n 1e6 -p 1% -k 1,100

# Bits per key: -n N -c C is -n N -m round(N C); -m M -c C is -n round(M / C) -m M.
same_output "-n -c" plan -n 1e9 -m 1e10 -- plan -n 1e9 -c 10
same_output "-m -c" plan -n 1e9 -m 1e10 -- plan -m 1e10 -c 10
same_output "-n -c fraction" plan -n 7 -m 66 -- plan -n 7 -c 19/2
same_output "fpr -n -c" fpr -n 1000 -m 9585 -k 7 -- fpr -n 1000 -c 9.585 -k 7
same_output "table -n -c" table -n 1000 -m 10000 -- table -n 1000 -c 10
same_output "table -m -c" table -n 1000 -m 10000 -- table -m 10000 -c 10
"$bloomcalc" table -n 1000,3000 -c 10 --columns m_bits --format csv >"$out" 2>"$err"
[ "$(tr -d '\r' <"$out" | tr '\n' ' ')" = "m_bits 10000 30000 " ]; check "table -n list -c: m per row" $?
refuse "bits-per-key" "$bloomcalc" plan -p 1% -c 10
refuse "over-determines" "$bloomcalc" plan -n 1e9 -m 1e10 -c 10
refuse "bits-per-key" "$bloomcalc" plan -n 1e9 -c 0

# Overfill: --actual-keys N gives the plan's own exact rate, and 1 as its ratio.
"$bloomcalc" plan -n 1e6 -m 1e7 --actual-keys 1e6 --format csv >"$out" 2>"$err"
[ "$(csv_field fpr_exact_actual)" = "$(csv_field fpr_exact)" ] && [ "$(csv_field fpr_exact_actual_ratio)" = "1.00000000" ]
check "--actual-keys n: the plan's own rate" $?
"$bloomcalc" plan 1e9 1% --actual-keys 2e9 --format csv >"$out" 2>"$err"
m=$(csv_field m_bits); k=$(csv_field k); actual=$(csv_field fpr_exact_actual)
"$bloomcalc" fpr -m "$m" -n 2e9 -k "$k" --format csv >"$out" 2>"$err"
[ "$(csv_field fpr_exact)" = "$actual" ]; check "--actual-keys 2e9 is fpr of 2e9 keys" $?

# Headroom by its definition: rate(N) <= bound < rate(N + 1), from fpr.
headroom() {
    name=$1 key=$2 factor=$3
    shift 3
    "$bloomcalc" plan "$@" --format csv >"$out" 2>"$err" || { fail "$name: plan failed"; return; }
    n=$(csv_field "$key"); m=$(csv_field m_bits); k=$(csv_field k); p=$(csv_field p)
    "$bloomcalc" fpr -m "$m" -n "$n" -k "$k" --digits 40 --format csv >"$out" 2>"$err"
    below=$(csv_field fpr_exact)
    "$bloomcalc" fpr -m "$m" -n "$((n + 1))" -k "$k" --digits 40 --format csv >"$out" 2>"$err"
    above=$(csv_field fpr_exact)
    verdict=$(printf 'scale=60\nb=%s*%s\nif (%s <= b && %s > b) 1 else 0\n' "$factor" "$p" \
        "$(echo "$below" | sed 's/e/*10^/')" "$(echo "$above" | sed 's/e/*10^/')" | bc -l)
    [ "$verdict" = 1 ]; check "$name: rate($n) <= $factor p < rate($((n + 1)))" $?
}
headroom "1e9 1% at 2p" n_at_2p 2 1e9 1%
headroom "1e9 1% at 10p" n_at_10p 10 1e9 1%
headroom "1e6 0.1% at 2p" n_at_2p 2 1e6 0.1%
headroom "capacity at 2p" n_at_2p 2 -m 1e6 -p 1%
headroom "k fixed at 2p" n_at_2p 2 -n 1e5 -p 1% -k 3
# 10p = 1 or more: no number of keys passes it, the value is missing.
"$bloomcalc" plan 100 0.2 --format csv >"$out" 2>"$err"
[ -z "$(csv_field n_at_10p)" ] && [ -n "$(csv_field n_at_2p)" ]; check "10p >= 1: n_at_10p missing" $?

# Memory in every command (part 5).  Expected: the xor filter with whole-bit
# fingerprints holds 1.23 x ceil(log2 100) = 8.61 bits a key (Graf and
# Lemire), so 1e6 keys take 8 610 000 bits = 1 076 250 bytes exactly; GB and
# GiB are bytes / 10^9 and bytes / 2^30, checked with bc; the Bloom row, lsm
# -p 1% and the plan of 1e6 (1e9) keys at 1 % are the same filter.
# exact_quotient A B: A / B by bc, in the program's form (exact when it terminates in 40 digits).
exact_quotient() {
    printf 'scale=40\n%s / %s\n' "$1" "$2" | bc | sed 's/0*$//; s/\.$//; s/^\./0./'
}
"$bloomcalc" structures 1% -n 1e6 --format json --digits 40 >"$out" 2>"$err"
row=$(tr -d '\n' <"$out" | grep -o '"xor, whole-bit fingerprints"[^}]*')
case $row in
*'"m_bits": 8610000,'*'"bytes": 1076250,'*"\"gigabytes\": $(exact_quotient 1076250 10^9),"*"\"gibibytes\": $(exact_quotient 1076250 2^30)"*) pass ;;
*) fail "structures -n 1e6: xor whole-bit totals: $row" ;;
esac
"$bloomcalc" plan 1e6 1% --format csv >"$out" 2>"$err"; plan_bits=$(csv_field m_bits)
"$bloomcalc" structures 1% -n 1e6 --format json >"$out" 2>"$err"
tr -d '\n' <"$out" | grep -q "\"structure\": \"bloom\"[^}]*\"m_bits\": $plan_bits,"
check "structures -n 1e6: the Bloom row is the plan's m ($plan_bits)" $?
"$bloomcalc" lsm --format csv >"$out" 2>"$err"
[ "$(csv_field m_bits),$(csv_field bytes),$(csv_field gigabytes)" = "10000000000,1250000000,1.25" ]
check "lsm: 1e9 keys at 10 bits: 1.25 GB" $?
"$bloomcalc" plan 1e9 1% --format csv >"$out" 2>"$err"; plan_bits=$(csv_field m_bits)
"$bloomcalc" lsm -p 1% --format csv >"$out" 2>"$err"
[ "$(csv_field m_bits)" = "$plan_bits" ]; check "lsm -p 1%: the plan's m" $?
"$bloomcalc" grow -n 1e9 --format csv --digits 40 >"$out" 2>"$err"
bytes=$(csv_field bytes)
[ "$(csv_field gigabytes),$(csv_field gibibytes)" = "$(exact_quotient "$bytes" 10^9),$(exact_quotient "$bytes" 2^30)" ]
check "grow: gigabytes and gibibytes are bytes / 10^9 and / 2^30 ($bytes)" $?
"$bloomcalc" compare 1e9 1% >"$out" 2>"$err"
[ "$(awk '{ if (length > w) w = length } END { print w }' "$out")" -le 80 ]; check "compare: the table fits 80 columns" $?
"$bloomcalc" compare 1e9 1% --columns rule,bytes,gibibytes --format csv >"$out" 2>"$err"
[ "$(tr -d '\r' <"$out" | head -1)" = "rule,bytes,gibibytes" ] && [ "$(tr -d '\r' <"$out" | grep -c '^parquet-spec,2147483648,2$')" = 1 ]
check "compare --columns: parquet-spec is 2^31 bytes = 2 GiB" $?
# One meaning per key: bytes is ceil(m_bits/8) in every row of compare (awk: every m_bits here is
# below 2^53), the memory plan prints for the same library's filter; what the library allocates
# is bytes_library: RocksDB's cache lines plus its kMetadataLen = 5 bytes (filter_policy.cc), and
# bits-and-blooms' bitset of ceil(m/64) 64-bit words.
"$bloomcalc" compare 1e6 1% --columns rule,m_bits,bytes --format csv >"$out" 2>"$err"
tr -d '\r' <"$out" | awk -F, 'NR > 1 { rows++; if ($3 != int(($2 + 7) / 8)) { print "compare 1e6 1%: " $0; bad = 1 } }
                              END { exit bad || rows < 13 }'
check "compare 1e6 1%: bytes is ceil(m_bits/8) in every row" $?
for library in rocksdb rocksdb-ribbon bits-and-blooms; do
    "$bloomcalc" compare 1e6 1% --library "$library" --columns bytes --format csv >"$out" 2>"$err"
    compared=$(csv_field bytes)
    "$bloomcalc" plan -n 1e6 -p 1% --library "$library" --format csv >"$out" 2>"$err"
    [ -n "$compared" ] && [ "$compared" = "$(csv_field bytes)" ]
    check "compare and plan --library $library: the same bytes ($compared, $(csv_field bytes))" $?
done
"$bloomcalc" compare 1e6 -c 10 --library rocksdb --columns m_bits,bytes,bytes_library --format csv >"$out" 2>"$err"
m=$(csv_field m_bits)
[ "$(csv_field bytes),$(csv_field bytes_library)" = "$((m / 8)),$((m / 8 + 5))" ]
check "compare 1e6 -c 10 rocksdb: bytes m/8, bytes_library m/8 + 5 ($m bits)" $?
"$bloomcalc" compare 1e6 1% --library bits-and-blooms --columns m_bits,bytes_library --format csv >"$out" 2>"$err"
m=$(csv_field m_bits)
[ "$(csv_field bytes_library)" = "$(((m + 63) / 64 * 8))" ]
check "compare 1e6 1% bits-and-blooms: bytes_library 8 ceil(m/64) ($m bits)" $?
refuse "columns" "$bloomcalc" compare 1e9 1% --columns rule,nosuchkey
refuse "columns" "$bloomcalc" compare 1e9 1% --columns rule,,k

checks_end cli-units

#!/bin/sh
# cli_lsm_deployed.sh BUILD - read amplification and LSM trees of filters as
# deployed: the figures of bloomcalc plan, table and lsm
# with a filter description against values computed independently in
# tests/lsm_reference.py (blocked rates by an occupancy recursion, RocksDB's
# sizing from its source's integer arithmetic, the LSM sums and the memory
# saved in exact fractions), then the refusals of lsm's new arguments (exit
# 2, one line naming the argument); --library in every command: compare
# --library prints that library's row and no other, and the commands that
# cannot honour a library refuse it, saying why.  Ends with "lsm-deployed: N
# passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

python3 tests/lsm_reference.py "$build" >"$scratch/reference" 2>&1
reference_rc=$?
grep '^FAIL' "$scratch/reference"
set -- $(sed -n 's/^lsm-deployed: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$scratch/reference")
if [ $# -eq 2 ]; then
    passed=$((passed + $1))
    failed=$((failed + $2))
else
    fail "tests/lsm_reference.py printed no summary (exit $reference_rc): $(tail -n 3 "$scratch/reference")"
fi
[ "$reference_rc" -eq 0 ] || [ "$failed" -gt 0 ] || fail "tests/lsm_reference.py exited $reference_rc"

# table takes the description: each row's read amplification at its fpr_layout.
"$calc" table -n 1e6 -m 10000384 -k 6 -L 1,5 --layout blocked --columns levels,fpr_layout,read_amp_miss \
    >"$out" 2>"$err"
tr -d '\r' <"$out" | awk -F, 'NR > 1 { if ($1 == 1 && $3 != $2) bad = 1; n++ } END { exit !(n == 2 && !bad) }'
check "table --layout blocked: read_amp_miss at L = 1 is fpr_layout" $?

refuse --coverage "$calc" lsm --coverage 0.5,1
refuse --coverage "$calc" lsm -L 3 --coverage 0.5,1,1.5
refuse --coverage "$calc" lsm -L 3 --coverage 0.5,,1
refuse --coverage "$calc" lsm -L 3 --coverage half,1,1
refuse --library "$calc" lsm -L 5 -n 1e6 -p 1% --library libbloom
refuse --library "$calc" lsm --library guava --layout blocked
refuse --keys "$calc" lsm -L 5 -n 3 --layout blocked
refuse --layout "$calc" lsm -L 5 -n 1e6 --layout striped
refuse --library "$calc" table -n 10 -p 1% --library libbloom

# compare --library: that library's row, equal to its row in the full table.
"$calc" compare 1e6 1% --format csv | tr -d '\r' | grep '^rocksdb,' >"$scratch/full"
"$calc" compare 1e6 1% --library rocksdb --format csv | tr -d '\r' >"$out"
[ "$(wc -l <"$out")" -eq 2 ] && tail -n 1 "$out" | cmp -s - "$scratch/full"
check "compare --library rocksdb: the rocksdb row alone" $?
"$calc" compare 1e6 1% --library guava@33 --format csv | tr -d '\r' | awk -F, 'NR > 1 { print $1 }' >"$out"
[ "$(cat "$out")" = guava ]
check "compare --library guava@33: the guava row" $?
refuse --library "$calc" compare 1e6 1% --library guava@30

# The commands that do not model a library refuse it, and say why.
refuse "textbook rule" "$calc" grow 1e5 --library guava
refuse "textbook rule" "$sim" grow 1e5 --library guava
refuse "standard filter" "$calc" converge --library rocksdb
refuse "compare N P --library" "$calc" structures 1% --library rocksdb
refuse "counting filters" "$sim" delete -m 32 -n 3 -k 3 --library guava
refuse "fpr --library" "$sim" verify --library guava

# bloomsim lsm builds RocksDB's filters of Monkey's real shares (the k and lines of
# NewBloomFilterPolicy(c_i), tests/lsm_reference.py checks bloomcalc's; cli_description.sh
# holds both programs to the same bits): its measured false reads per absent lookup (10^6
# lookups over 32 trees, a 99.9 % interval of about +-3 % of the 0.0139 predicted) must not
# reject the sum of the printed level rates.
"$sim" lsm -L 3 -T 10 -n 111000 --allocation monkey --bits-per-key 10 --library rocksdb --seed 1 \
    --format csv >"$out" 2>"$err"
[ "$(csv_field verdict_miss)" != rejected ] && [ "$(csv_field level_bits)" = 19456/142848/948224 ]
check "bloomsim lsm --allocation monkey --library rocksdb: $(csv_field measured_probes_miss) [$(csv_field probes_miss_ci_low), $(csv_field probes_miss_ci_high)] against $(csv_field read_amp_miss), bits $(csv_field level_bits)" $?


# One tree in both programs: -n is the keys of the whole tree, level i holding round(n_i),
# n_i = N T^(i-1) (T-1)/(T^L-1) (N/L at T = 1), ties to even, computed here in exact
# fractions.  bloomsim's level_keys and bloomcalc's --per-level keys (whole with a
# description) must both be those; a tree with a level of no key is refused by both with
# the same line.
python3 - >"$scratch/split" <<'EOF'
from fractions import Fraction
for n in (10, 1110, 2625, 99999, 1000001):
    for levels in (1, 2, 3, 5, 8):
        for ratio in (1, 2, 3, 10):
            units = sum(ratio ** d for d in range(levels))
            keys = [round(Fraction(n * ratio ** (i - 1), units)) for i in range(1, levels + 1)]
            print(n, levels, ratio, "/".join(map(str, keys)))
EOF
while read -r n levels ratio expected; do
    "$calc" lsm -n "$n" -L "$levels" -T "$ratio" -p 10% --layout standard --per-level --format csv \
        >"$scratch/calc.csv" 2>"$scratch/calc.err"
    calc_rc=$?
    calc_keys=$(tr -d '\r' <"$scratch/calc.csv" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "keys") c = i }
                                                       NR > 1 { printf "%s%s", (NR > 2 ? "/" : ""), $c }')
    "$sim" lsm -n "$n" -L "$levels" --size-ratio "$ratio" -p 10% --trials 2 --lookups 2 --seed 1 --format csv \
        >"$out" 2>"$err"
    sim_rc=$?
    if echo "$expected" | grep -Eq '(^|/)0(/|$)'; then
        [ "$calc_rc" -eq 2 ] && [ "$sim_rc" -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] \
            && [ "$(sed 's/^bloomcalc lsm: //' "$scratch/calc.err")" = "$(sed 's/^bloomsim lsm: //' "$err")" ]
        check "lsm -n $n -L $levels -T $ratio ($expected): both refuse ($calc_rc, $sim_rc: $(cat "$err"))" $?
    else
        [ "$calc_rc" -eq 0 ] && [ "$sim_rc" -eq 0 ] && [ "$calc_keys" = "$expected" ] \
            && [ "$(csv_field level_keys)" = "$expected" ]
        check "lsm -n $n -L $levels -T $ratio: levels $expected (bloomcalc $calc_keys, bloomsim $(csv_field level_keys); exit $calc_rc, $sim_rc)" $?
    fi
done <"$scratch/split"

# -T is --size-ratio in both programs; bloomsim's old --ratio is an unknown option.
"$calc" lsm -n 2625 -L 3 --size-ratio 4 --layout standard --per-level --format csv >"$out" 2>"$err"
[ "$(tr -d '\r' <"$out" | awk -F, 'NR > 1 { printf "%s ", $2 }')" = "125 500 2000 " ]
check "bloomcalc lsm --size-ratio 4: 125 500 2000 keys" $?
"$sim" lsm -n 2625 -L 3 -T 4 -p 10% --trials 2 --lookups 2 --format csv >"$out" 2>"$err"
[ "$(csv_field level_keys)" = 125/500/2000 ]
check "bloomsim lsm -T 4: 125/500/2000 keys ($(cat "$err"))" $?
refuse "unknown option '--ratio'" "$sim" lsm -L 3 -p 1% -n 1110 --ratio 10

# One set of limits (bloom_limits.h, sim_limits.h): the size ratio from 1 (equal levels)
# to 10^6 in both; bloomsim takes fewer levels (its arrays), fewer keys and no rate below
# 1e-12, and names its own range.  Each refusal is one line naming the option.
for program in "$calc" "$sim"; do
    refuse "-T/--size-ratio: '0' is out of range; accepted: a whole number from 1 to 1000000" \
        "$program" lsm -L 3 -p 1% -n 1110 -T 0
    refuse "-T/--size-ratio: '1000001' is out of range; accepted: a whole number from 1 to 1000000" \
        "$program" lsm -L 3 -p 1% -n 1110 -T 1000001
    refuse "-n/--keys: '0' is out of range" "$program" lsm -L 3 -p 1% -n 0
done
"$calc" lsm -L 3 -T 1 -n 1110 >"$out" 2>"$err"
check "bloomcalc lsm -T 1 (equal levels) is taken" $?
refuse "-L/--levels: '101' is out of range; accepted: a whole number from 1 to 100" "$calc" lsm -L 101
refuse "-L/--levels: '65' is out of range; accepted: a whole number from 1 to 64" "$sim" lsm -L 65 -p 1% -n 1e6
refuse "-n/--keys: '68719476737' is out of range; accepted: a whole number from 1 to 2^36" \
    "$sim" lsm -L 3 -p 1% -n 68719476737
refuse "-p/--rate: '1e-13' is out of range; accepted: a rate above 0 and below 1, at least 1e-12" \
    "$sim" lsm -L 3 -p 1e-13 -n 1110
refuse "-p/--rate: '1e-31' is out of range; accepted: a rate above 0 and below 1, at least 1e-30" \
    "$calc" lsm -L 3 -p 1e-31 -n 1110

# The two memory totals of bloomcalc lsm say what they count: the budget N x C and the
# levels' filters as built.
"$calc" lsm -n 1111100 --library rocksdb >"$out" 2>"$err"
grep -q '^filter memory as budgeted, N x C  *11 111 000 bits$' "$out" \
    && grep -q '^filter memory as built (levels summed), uniform  ' "$out"
check "bloomcalc lsm --library rocksdb: the budget and the memory as built, each labelled" $?

checks_end lsm-deployed

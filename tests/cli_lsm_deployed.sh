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
"$sim" lsm -L 3 -T 10 -n 100000 --allocation monkey --bits-per-key 10 --library rocksdb --seed 1 \
    --format csv >"$out" 2>"$err"
[ "$(csv_field verdict_miss)" != rejected ] && [ "$(csv_field level_bits)" = 19456/142848/948224 ]
check "bloomsim lsm --allocation monkey --library rocksdb: $(csv_field measured_probes_miss) [$(csv_field probes_miss_ci_low), $(csv_field probes_miss_ci_high)] against $(csv_field read_amp_miss), bits $(csv_field level_bits)" $?

checks_end lsm-deployed

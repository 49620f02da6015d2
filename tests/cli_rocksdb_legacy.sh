#!/bin/sh
# cli_rocksdb_legacy.sh BUILD - RocksDB's legacy Bloom filter (format_version
# <= 4) as --library rocksdb@legacy, in both programs:
#   - its sizes and k (compare -c) and its rate (FORMULAS.md §e.8), and the
#     smallest whole bits_per_key that meets p, against a second
#     implementation in Python written from RocksDB v7.8.3's source
#     (tests/rocksdb_legacy_reference.py);
#   - as a description, an even count of lines made odd (fpr -m 1024: 2 lines
#     -> 3, 1536 bits), 32-bit hash and index widths, the same in bloomsim;
#   - the warning names what the rate assumes: above 2^14 lines (1e6 keys at
#     10 bits, 19 533 lines) the measured gap, below it the agreement;
#   - rocksdb stays FastLocalBloom (10000384 bits for 1e6 keys at 10).
# Ends with "rocksdb-legacy: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

python_checks rocksdb-legacy tests/rocksdb_legacy_reference.py "$calc"

for program in "$calc" "$sim"; do
    run=""
    [ "$program" = "$sim" ] && run="--trials 1 --queries 1 --seed 1"
    # shellcheck disable=SC2086
    "$program" fpr -m 1024 -n 100 -k 6 --library rocksdb@legacy $run --format csv >"$out" 2>&1
    [ "$(csv_field m_allocated) $(csv_field k_layout) $(csv_field layout)" = "1536 6 blocked" ]
    check "$(basename "$program") fpr -m 1024 --library rocksdb@legacy: 1536 bits (3 lines), k 6, blocked (got $(head -c 300 "$out"))" $?
done
"$calc" fpr -m 1024 -n 100 -k 6 --library rocksdb@legacy --format csv >"$out" 2>&1
[ "$(csv_field hash_bits) $(csv_field index_bits)" = "32 32" ]
check "fpr --library rocksdb@legacy: 32-bit hash and indices (got $(csv_field hash_bits) $(csv_field index_bits))" $?

"$calc" plan -n 1e6 -c 10 --library rocksdb@legacy --format csv >"$out" 2>&1
# (the warning has commas: read the whole record)
grep -q 'above 2^14 lines, as here.*1\.1708 %' "$out"
check "plan -n 1e6 -c 10 --library rocksdb@legacy: the warning names the measured gap (got $(head -c 400 "$out"))" $?
"$calc" plan -n 300 -c 10 --library rocksdb@legacy --format csv >"$out" 2>&1
grep -q 'bears out up to 2^14 lines' "$out"
check "plan -n 300 -c 10 --library rocksdb@legacy: the warning says the model holds (got $(head -c 400 "$out"))" $?
"$calc" plan -n 1e6 -c 10 --library rocksdb --format csv >"$out" 2>&1
[ "$(csv_field m_allocated) $(csv_field k_layout)" = "10000384 6" ]
check "--library rocksdb stays FastLocalBloom: 10000384 bits, k 6 (got $(csv_field m_allocated) $(csv_field k_layout))" $?
refuse library "$calc" plan -n 1e6 -c 10 --library rocksdb@legacy --layout blocked

checks_end rocksdb-legacy

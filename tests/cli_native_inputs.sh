#!/bin/sh
# cli_native_inputs.sh BUILD - the libraries' own names for n and p (issue
# 11, part B; calc/cli/description.h): --fp-chance (Cassandra), --error-rate
# and --capacity (RedisBloom's BF.RESERVE), --expected-insertions and --fpp
# (Guava's BloomFilter.create), and RocksDB's bits_per_key as -c with
# --library rocksdb (and compare -c for both RocksDB rows).
#   - each alias, with its library, prints exactly what -n/-p print (every
#     field of the CSV record), in bloomcalc plan and bloomsim plan (not
#     Cassandra's too, which bloomsim builds with its own hash and probes);
#   - the sizes it gives equal figures derived by hand or measured on the
#     real library (below);
#   - without its library, with another one, twice, or beside the option it
#     names, it is refused: exit 2, one line naming it.
# Ends with "native-inputs: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"
run_size="--trials 1 --queries 1 --seed 1"

# same_record NAME PROGRAM COMMAND ARGS_A -- ARGS_B: the two CSV records are identical
same_record() {
    name=$1 program=$2 command=$3
    shift 3
    a=""
    while [ "$1" != "--" ]; do a="$a $1"; shift; done
    shift
    # shellcheck disable=SC2086
    "$program" "$command" $a --format csv >"$scratch/a" 2>"$scratch/a.err"
    rc_a=$?
    "$program" "$command" "$@" --format csv >"$scratch/b" 2>"$scratch/b.err"
    rc_b=$?
    if [ "$rc_a" -ne 0 ] || [ "$rc_b" -ne 0 ]; then
        fail "$name: exit $rc_a and $rc_b ($(cat "$scratch/a.err" "$scratch/b.err"))"
    elif cmp -s "$scratch/a" "$scratch/b"; then
        pass
    else
        fail "$name: the records differ"
    fi
}

for program in calc sim; do
    if [ $program = calc ]; then binary=$calc extra=""; else binary=$sim extra=$run_size; fi
    # shellcheck disable=SC2086
    same_record "$program plan --fp-chance" "$binary" plan --library cassandra \
        --fp-chance 0.01 -n 1e6 $extra -- --library cassandra -p 0.01 -n 1e6 $extra
    # shellcheck disable=SC2086
    same_record "$program plan --error-rate --capacity" "$binary" plan --library redisbloom \
        --error-rate 0.001 --capacity 5e5 $extra -- --library redisbloom -p 0.001 -n 5e5 $extra
    # shellcheck disable=SC2086
    same_record "$program plan --error-rate nonscaling" "$binary" plan --library redisbloom-nonscaling \
        --error-rate 0.001 -n 5e5 $extra -- --library redisbloom-nonscaling -p 0.001 -n 5e5 $extra
    # shellcheck disable=SC2086
    same_record "$program plan --fpp --expected-insertions" "$binary" plan --library guava@31 --fpp 0.011048 \
        --expected-insertions 1000 $extra -- --library guava@31 -p 0.011048 -n 1000 $extra
done

# By hand: Cassandra at 1 %: b = 10 buckets, k = 5 (tests/calc_layouts.c), m = 10 n + 20 bits
# in 64-bit words: 1e6 keys -> 10000020 -> 156251 words = 10000064 bits.
"$calc" plan --library cassandra --fp-chance 0.01 -n 1e6 --format csv >"$out" 2>&1
[ "$(csv_field m_allocated) $(csv_field k_layout)" = "10000064 5" ]
check "--fp-chance 0.01 -n 1e6: m 10000064, k 5 (got $(csv_field m_allocated) $(csv_field k_layout))" $?
# Guava 31 at n = 1000, p = 0.011048: bitSize 9408 and 6 hashes, printed by the real Guava 31.1
# (tests/calc_layouts.c; Guava 33's rule would take 7).
"$calc" plan --library guava@31 --fpp 0.011048 --expected-insertions 1000 --format csv >"$out" 2>&1
[ "$(csv_field m_allocated) $(csv_field k_layout)" = "9408 6" ]
check "guava@31 --fpp 0.011048 --expected-insertions 1000: 9408 bits, 6 hashes (got $(csv_field m_allocated) $(csv_field k_layout))" $?
# RocksDB NewBloomFilterPolicy(10), 1e6 keys: millibits 10000, ceil(1e6 x 10000 / 8000) = 1250000
# bytes -> 19532 lines of 64 bytes = 10000384 bits; ChooseNumProbes(10000) = 6.
"$calc" plan --library rocksdb -n 1e6 -c 10 --format csv >"$out" 2>&1
[ "$(csv_field m_allocated) $(csv_field k_layout)" = "10000384 6" ]
check "--library rocksdb -n 1e6 -c 10: 10000384 bits, 6 probes (got $(csv_field m_allocated) $(csv_field k_layout))" $?
# Without the library, -c keeps its meaning m = round(n c).
"$calc" plan -n 1e6 -c 10 --format csv >"$out" 2>&1
[ "$(csv_field m_bits)" = "10000000" ]
check "plan -n 1e6 -c 10 without a library: m = 10000000 (got $(csv_field m_bits))" $?
# compare -c: NewRibbonFilterPolicy(10) for 1e6 keys, 7102336 bits of solution, as the real
# librocksdb 7.8.3 built it (tests/peers/rocksdb_peer sizes ribbon, p = e^(-10 ln^2 2)); and
# NewBloomFilterPolicy(10), 10000384 bits (above).  Only the two RocksDB rows.
"$calc" compare 1e6 -c 10 --format csv --columns rule,m_bits >"$out" 2>&1
[ "$(tr -d '\r' <"$out" | tr '\n' ' ')" = "rule,m_bits rocksdb,10000384 rocksdb-ribbon,7102336 " ]
check "compare 1e6 -c 10: the RocksDB rows, 10000384 and 7102336 bits (got $(tr '\n' ' ' <"$out"))" $?

# Refusals.
refuse --fp-chance "$calc" plan --fp-chance 0.01 -n 1e6
refuse --fp-chance "$calc" plan --library guava --fp-chance 0.01 -n 1e6
refuse --fpp "$sim" plan --library cassandra --fpp 0.01 -n 1e6 $run_size
refuse --capacity "$calc" plan --library guava --capacity 1e6 -p 0.01
refuse --expected-insertions "$calc" plan --library redisbloom --expected-insertions 1e6 -p 0.01
refuse --error-rate "$calc" plan --library redisbloom --error-rate 0.01 --error-rate 0.02 -n 5
refuse rate "$calc" plan --library redisbloom --error-rate 0.01 -p 0.01 -n 5
refuse --fpp "$calc" plan --library guava --fpp 2 -n 5
refuse --fpp "$calc" fpr --library guava --fpp 0.01 -n 5 -m 100
refuse --library "$calc" plan --library rocksdb-ribbon -n 1e6 -p 0.01
refuse --library "$sim" fpr --library rocksdb-ribbon -n 100 -m 1000 -k 3 $run_size
refuse bits-per-key "$calc" compare 1e6 0.01 -c 10

checks_end native-inputs

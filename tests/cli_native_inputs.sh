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
# NewBloomFilterPolicy(10), 10000384 bits (above); LevelDB's NewBloomFilterPolicy(10): 1e6 x 10
# bits, a whole number of bytes already; RocksDB's legacy filter (format_version 4): 1e7 bits in
# 19531.25 -> 19532 lines, made odd: 19533 lines, 10000896 bits (librocksdb's: rocksdb_peer sizes
# legacy).  Only the rows whose library takes bits per key.
"$calc" compare 1e6 -c 10 --format csv --columns rule,m_bits >"$out" 2>&1
[ "$(tr -d '\r' <"$out" | tr '\n' ' ')" = "rule,m_bits rocksdb,10000384 rocksdb-ribbon,7102336 leveldb,10000000 rocksdb@legacy,10000896 " ]
check "compare 1e6 -c 10: the RocksDB and LevelDB rows, 10000384, 7102336, 10000000 and 10000896 bits (got $(tr '\n' ' ' <"$out"))" $?
# LevelDB NewBloomFilterPolicy(10), 20 keys (util/bloom.cc 1.23): 200 bits, the string 25 bytes + the
# k byte = 26, k = floor(6.9) = 6; 5 keys: 50 bits raised to 64, 9 bytes (the real library's:
# tests/peers/leveldb_peer sizes).
"$calc" compare 20 -c 10 --library leveldb --format csv --columns m_bits,bytes_library,k >"$out" 2>&1
[ "$(tr -d '\r' <"$out" | sed -n 2p)" = "200,26,6" ]
check "compare 20 -c 10 --library leveldb: 200 bits, 26 bytes, k = 6 (got $(tr '\n' ' ' <"$out"))" $?
"$calc" plan --library leveldb -n 5 -c 10 --format csv >"$out" 2>&1
[ "$(csv_field m_allocated) $(csv_field k_layout)" = "64 6" ]
check "--library leveldb -n 5 -c 10: 64 bits, 6 probes (got $(csv_field m_allocated) $(csv_field k_layout))" $?

# --library rocksdb-ribbon is compare's row in plan, fpr and table: NewRibbonFilterPolicy(10) for
# 1e6 keys has 7102336 bits of solution (the real librocksdb's, above), 1047552 slots, and the rate
# of its columns derived here from the counts alone: 6 result bits a slot in its first 1801
# blocks of 128 slots, 7 after, a query's start uniform over slots - 127, so the rate is
# (1801 x 128 / 1047425) 2^-6 + (1 - 1801 x 128 / 1047425) 2^-7 (the 64-bit hash's collisions,
# 5.4e-14, below the printed digits).  No k and no Bloom rates: empty.
ribbon_rate=$(awk 'BEGIN { s = 1801 * 128 / 1047425; printf "%.9g", s / 64 + (1 - s) / 128 }')
for command in "plan -n 1e6 -c 10" "plan -n 1e6 -p 0.008193" "fpr -n 1e6 -c 10" "table -n 1e6 -c 10"; do
    "$calc" $command --library rocksdb-ribbon --digits 9 --format csv >"$out" 2>&1
    got="$(csv_field layout) $(csv_field m_allocated) $(csv_field ribbon_slots) $(csv_field ribbon_lower_columns) $(csv_field ribbon_upper_start_block) $(csv_field fpr_layout) [$(csv_field k)$(csv_field k_layout)$(csv_field fpr_exact)]"
    case $command in *0.008193*) want="ribbon $(csv_field m_allocated) $(csv_field ribbon_slots)" ;;
                     *) want="ribbon 7102336 1047552 6 1801 $ribbon_rate []" ;; esac
    case $got in "$want"*) true ;; *) false ;; esac
    check "$command --library rocksdb-ribbon: $want (got $got)" $?
done
# plan -p P is compare N P's row: the same bits and rate.
"$calc" plan -n 1e6 -p 0.008193 --library rocksdb-ribbon --format csv >"$out" 2>&1
plan_pair="$(csv_field m_allocated) $(csv_field fpr_layout)"
"$calc" compare 1e6 0.008193 --library rocksdb-ribbon --format csv >"$out" 2>&1
[ "$plan_pair" = "$(csv_field m_bits) $(csv_field fpr_layout)" ]
check "plan -n 1e6 -p 0.008193 --library rocksdb-ribbon is compare's row (plan $plan_pair, compare $(csv_field m_bits) $(csv_field fpr_layout))" $?
# Read amplification at the Ribbon's rate: 5 levels, an absent key costs 5 x fpr_layout.
"$calc" plan -n 1e6 -c 10 --library rocksdb-ribbon --digits 9 --format csv >"$out" 2>&1
[ "$(awk -v a="$(csv_field read_amp_miss)" -v r="$ribbon_rate" 'BEGIN { d = a - 5 * r; print (d < 1e-10 && d > -1e-10) }')" = 1 ]
check "plan -c 10 --library rocksdb-ribbon: read_amp_miss 5 x $ribbon_rate (got $(csv_field read_amp_miss))" $?
# With 300 keys the Ribbon (384 slots, 336 bytes + 5) is smaller than the Bloom filter (384 + 5
# bytes), so RocksDB keeps it: 21 segments over 3 blocks, 7 result bits everywhere, 2^-7.
"$calc" plan -n 300 -c 10 --library rocksdb-ribbon --format csv >"$out" 2>&1
[ "$(csv_field layout) $(csv_field m_allocated) $(csv_field fpr_layout_filter)" = "ribbon 2688 0.00781250000" ]
check "plan -n 300 -c 10 --library rocksdb-ribbon: ribbon 2688 bits, 2^-7 (got $(csv_field layout) $(csv_field m_allocated) $(csv_field fpr_layout_filter))" $?
# -k K describes its Bloom fallback, the filter of --library rocksdb.
"$calc" fpr -n 1e6 -m 10000384 -k 6 --library rocksdb-ribbon --format csv >"$out" 2>&1
fallback="$(csv_field layout) $(csv_field fpr_layout)"
"$calc" fpr -n 1e6 -m 10000384 -k 6 --library rocksdb --format csv >"$out" 2>&1
[ "$fallback" = "blocked $(csv_field fpr_layout)" ]
check "fpr -k 6 --library rocksdb-ribbon is RocksDB's Bloom filter (got $fallback)" $?

# -p with --library rocksdb: the smallest bits_per_key (in RocksDB's thousandths) whose filter
# meets p, planned as that -c.  1e9 keys at 1 %: 9.918, ceil(1e9 x 9918/8000) = 1239750000 bytes,
# up to 19371094 lines of 64 bytes = 9918000128 bits, ChooseNumProbes(9918) = 6; the rate of -c
# 9.918 is at most 1 %, that of -c 9.917 above it (both by RocksDB's own sizing, -c).
"$calc" plan -n 1e9 -p 1% --library rocksdb --format csv >"$out" 2>&1
setting="$(csv_field bits_per_key_setting) $(csv_field m_allocated) $(csv_field k_layout)"
"$calc" plan -n 1e9 -p 1% --library rocksdb >"$scratch/brief" 2>&1
grep -q '^bits_per_key to set for p  *9\.918 bits per key$' "$scratch/brief"
check "plan -n 1e9 -p 1% --library rocksdb: its first screen shows 9.918" $?
"$calc" plan -n 1e9 -c 9.918 --library rocksdb --format csv >"$out" 2>&1
at="$(csv_field m_allocated) $(csv_field fpr_layout)"
"$calc" plan -n 1e9 -c 9.917 --library rocksdb --format csv >"$out" 2>&1
below="$(csv_field fpr_layout)"
[ "$setting" = "9.918 9918000128 6" ] \
    && awk -v a="${at#* }" -v b="$below" 'BEGIN { exit !(a <= 0.01 && b > 0.01) }'
check "plan -n 1e9 -p 1% --library rocksdb: 9.918 9918000128 6, rate at 9.918 <= 1 % < at 9.917 (got $setting; $at; $below)" $?
# compare's rocksdb rows use it (the Ribbon too: above 950e6 keys RocksDB builds that Bloom filter).
# The legacy filter caps n w bits at 0xffff0000 (8388480 lines, made odd: 4294902272 bits, 4.29
# bits a key whatever w >= 5), where no whole bits_per_key meets 1 %: the largest, 100 (k 30).
"$calc" compare 1e9 1% --format csv >"$out" 2>&1
rows=$(grep '^rocksdb' "$out" | cut -d, -f1,3,9,10 | tr '\n' ' ')
[ "$rows" = "rocksdb,9918000128,9.918,6 rocksdb-ribbon,9918000128,9.918,6 rocksdb@legacy,4294902272,100,30 " ]
check "compare 1e9 1%: the RocksDB rows at 9.918 (got $rows)" $?
# One setting for a deployment: 64 MiB files of 100-byte entries, N = 671088, the last filter
# 78880 keys, both at 9.918: ceil(671088 x 9918/8000) = 831974 -> 13000 lines = 832000 + 5 bytes,
# ceil(78880 x 9918/8000) = ceil(97791.48) = 97792 = 1528 lines exactly, + 5 bytes.
"$calc" plan -n 1e9 -p 1% --library rocksdb --file-size 64MiB --entry-size 100 --format csv >"$out" 2>&1
got="$(csv_field bits_per_key_setting) $(csv_field bytes_per_filter) $(csv_field bytes_last_filter)"
[ "$got" = "9.918 832005 97797" ]
check "plan --file-size 64MiB --entry-size 100 -p 1% --library rocksdb: 9.918 832005 97797 (got $got)" $?

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
refuse "rocksdb-ribbon: the keys a Ribbon of M bits holds" "$calc" plan --library rocksdb-ribbon -m 1e6 -p 0.01
refuse "its Ribbon needs -n N and one of" "$calc" fpr --library rocksdb-ribbon -m 7102336 -c 10
refuse "RocksDB builds its Bloom filter for these keys" "$calc" fpr --library rocksdb-ribbon -n 100 -c 10
refuse "--layout: 'ribbon' is not accepted" "$calc" plan -n 1e6 -p 0.01 --layout ribbon
refuse bits-per-key "$calc" compare 1e6 0.01 -c 10

checks_end native-inputs

#!/bin/sh
# cli_deployment.sh BUILD - bloomcalc plan of a deployment of filters (one
# per RocksDB SST file, Cassandra SSTable or Parquet row group): the split
# of n keys into ceil(n/N) filters and each filter's memory against
# RocksDB's own sizing computed here in integer arithmetic from its source
# (filter_policy.cc: millibits = round(1000 c), bytes = ceil(n millibits /
# 8000) rounded up to 64-byte lines, plus 5 bytes of metadata) and LevelDB's
# filter string (its bits in whole bytes, then its k byte); the warning
# that names --keys-per-filter where one filter would be capped; the
# read amplification of the files' levelled tree, Ribbon's Bloom filters and
# the agreement of plan, compare and table (tests/deployment_reference.py);
# the refusals of the unit options (exit 2, one line naming the option),
# also by the commands that describe one filter.  Ends with "deployment: N
# passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

# RocksDB's bytes for n keys at 10 bits a key (10000 millibits), metadata included.
# A field of the JSON record in $out (the csv's warning may hold commas).
json_field() {
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); r = r[0] if isinstance(r, list) else r; print(r.get(sys.argv[2], ""))' "$out" "$1"
}

rocksdb_bytes() {
    echo $(( ( ($1 * 10000 + 7999) / 8000 + 63) / 64 * 64 + 5 ))
}

n=5000000000
per_file=$((64 * 1024 * 1024 / 100))            # floor(64 MiB / 100 B)
filters=$(( (n + per_file - 1) / per_file ))
last=$(( n - (filters - 1) * per_file ))
each=$(rocksdb_bytes $per_file)
partial=$(rocksdb_bytes $last)
total=$(( (filters - 1) * each + partial ))

"$calc" plan -n 5e9 -c 10 --library rocksdb -L 6 --file-size 64MiB --entry-size 100 --format csv \
    >"$out" 2>"$err"
check "plan --file-size 64MiB --entry-size 100: exit 0 ($(cat "$err"))" $?
[ "$(csv_field n)" = "$per_file" ]
check "keys per file floor(64 MiB / 100) = $per_file (printed $(csv_field n))" $?
[ "$(csv_field filters)" = "$filters" ] && [ "$(csv_field keys_last_filter)" = "$last" ]
check "filters $filters, last $last (printed $(csv_field filters), $(csv_field keys_last_filter))" $?
[ "$(csv_field bytes_per_filter)" = "$each" ] && [ "$(csv_field bytes_last_filter)" = "$partial" ]
check "bytes per filter $each, last $partial (printed $(csv_field bytes_per_filter), $(csv_field bytes_last_filter))" $?
[ "$(csv_field bytes_total)" = "$total" ] && [ "$(csv_field keys_total)" = "$n" ]
check "bytes_total $total over $n keys (printed $(csv_field bytes_total))" $?
# the worst filter is the larger rate of the two; the mean lies between them
python3 - "$(csv_field fpr_layout)" "$(csv_field fpr_last_filter)" "$(csv_field fpr_worst)" \
    "$(csv_field fpr_deployment)" <<'PY'
import sys
full, last, worst, mean = (float(x) for x in sys.argv[1:])
assert worst == max(full, last), (full, last, worst)
assert min(full, last) <= mean <= max(full, last), mean
PY
check "fpr_worst and fpr_deployment between the two filters' rates" $?

# --keys-per-filter: the same split for any engine; N dividing n leaves no partial filter.
"$calc" plan -n 1e6 -p 1% --library cassandra --keys-per-filter 250000 --format json >"$out" 2>"$err"
[ "$(json_field filters)" = 4 ] && [ "$(json_field keys_last_filter)" = 250000 ] \
    && [ "$(json_field bytes_per_filter)" = "$(json_field bytes_last_filter)" ]
check "cassandra 1e6 keys by 250000: 4 full filters" $?
# N above n: one filter of the n keys.
"$calc" plan -n 1000 -c 10 --library rocksdb --keys-per-filter 5000 --format csv >"$out" 2>"$err"
[ "$(csv_field filters)" = 1 ] && [ "$(csv_field n)" = 1000 ] \
    && [ "$(csv_field bytes_total)" = "$(rocksdb_bytes 1000)" ]
check "keys per filter above n: one filter of n keys, $(rocksdb_bytes 1000) bytes" $?
# LevelDB's filter string (bloom.cc, CreateFilter): max(64, n bits_per_key) bits in whole bytes,
# then one byte holding k; 1e6 keys by 1000 at 10 bits a key, 20 at 10 bits: 25 + 1 bytes.
leveldb_bytes() {
    bits=$(($1 * 10)); [ "$bits" -lt 64 ] && bits=64
    echo $(( (bits + 7) / 8 + 1 ))
}
"$calc" plan -n 1000020 -c 10 --library leveldb --keys-per-filter 1000 --format json >"$out" 2>"$err"
[ "$(json_field bytes_per_filter)" = "$(leveldb_bytes 1000)" ] && [ "$(json_field bytes_last_filter)" = "$(leveldb_bytes 20)" ] \
    && [ "$(json_field bytes_total)" = $((1000 * $(leveldb_bytes 1000) + $(leveldb_bytes 20))) ]
check "leveldb by 1000 keys: $(leveldb_bytes 1000) bytes a filter, the last of 20 keys $(leveldb_bytes 20), k byte included (printed $(json_field bytes_per_filter), $(json_field bytes_last_filter))" $?

# Without a unit, the one filter RocksDB would cap says so and names the options.
"$calc" plan -n 5e9 -c 10 --library rocksdb >"$out" 2>"$err"
grep -q '^warning .*0xffffffc0 bytes.*--keys-per-filter' "$out"
check "no unit: the capped filter's warning names --keys-per-filter" $?
"$calc" plan -n 2e9 -c 10 --library rocksdb-ribbon >"$out" 2>"$err"
grep -q '^warning .*not a Ribbon.*--keys-per-filter' "$out"
check "no unit: rocksdb-ribbon's Bloom fallback is said, naming --keys-per-filter" $?
"$calc" plan -n 1e6 -c 10 --library rocksdb --format csv >"$out" 2>"$err"
[ -z "$(csv_field warning)" ]
check "a filter below the cap: no warning" $?

python_checks deployment-reference tests/deployment_reference.py "$build"


# LevelDB: a filter per 2 KiB of table (--entry-size, --block-size, --file-size), against
# tests/leveldb_deployment.py, which runs LevelDB 1.23's TableBuilder, BlockBuilder and
# FilterBlockBuilder logic entry by entry: blocks of 1 to 220 keys, blocks of 2 KiB (every range
# a block), small tables, a partial last block.
for case in "1e5 100 4096 2097152" "300000 37 8192 1048576" "20000 1000 4096 2097152" \
            "5000 3000 4096 65536" "2000 5000 2048 2097152" "12345 200 2048 100000"; do
    set -- $case
    expected=$(python3 tests/leveldb_deployment.py "$(printf '%.0f' "$1")" "$2" "$3" "$4" 10)
    "$calc" plan -n "$1" -c 10 --library leveldb --entry-size "$2" --block-size "$3" --file-size "$4" \
        --format json >"$out" 2>"$err"
    got="$(json_field filters) $(json_field n) $(json_field keys_last_filter) $(json_field filters_empty)"
    got="$got $(json_field tables) $(json_field bytes_filter_index) $(json_field bytes_total)"
    [ "$got" = "$expected" ]
    check "leveldb n=$1 entry $2 block $3 file $4: filters, keys per filter, last, empty, tables, index and total bytes $got, LevelDB's builders $expected ($(cat "$err"))" $?
done
"$calc" plan -n 1e9 -c 10 --library leveldb --entry-size 100 --format json >"$out" 2>"$err"
got="$(json_field filters) $(json_field n) $(json_field bytes_total) $(json_field bytes_per_filter)"
[ "$got" = "24390244 41 1489194497 53" ]
check "leveldb 1e9 keys of 100 bytes, 4 KiB blocks: 24390244 filters of 41 keys, 53 bytes each, 1489194497 bytes (got $got)" $?
refuse "--block-size: LevelDB's data blocks" "$calc" plan -n 1e9 -c 10 --library rocksdb --entry-size 100 --block-size 4096
refuse "--block-size: LevelDB's data blocks" "$calc" plan -n 1e9 -c 10 --library leveldb --block-size 4096
refuse "--block-size: '1024' is out of range" "$calc" plan -n 1e9 -c 10 --library leveldb --entry-size 100 --block-size 1024
refuse "--file-size: RocksDB's SST files" "$calc" plan -n 1e9 -c 10 --file-size 64MiB --entry-size 100
refuse "--entry-size: RocksDB's SST files" "$calc" plan -n 1e9 -p 1% --library guava --entry-size 100
refuse "accepted: --entry-size" "$calc" plan -n 1e9 -c 10 --library rocksdb --file-size 64MiB
refuse "holds no key" "$calc" plan -n 1e9 -c 10 --library rocksdb --file-size 1KiB --entry-size 2KiB
refuse "--entry-size: '0' is out of range" "$calc" plan -n 1e9 -c 10 --library rocksdb --entry-size 0
refuse "--entry-size: '10.5' is not a whole" "$calc" plan -n 1e9 -c 10 --library rocksdb --entry-size 10.5
refuse "gives the keys per filter too" "$calc" plan -n 1e9 -c 10 --library rocksdb --keys-per-filter 10 --entry-size 100
refuse "--keys-per-filter: '0' is out of range" "$calc" plan -n 1e9 -c 10 --keys-per-filter 0
refuse "sized filter by filter" "$calc" plan -n 1e9 -m 1e10 --keys-per-filter 1000
refuse "--keys-per-filter: fpr rates the one filter" "$calc" fpr -n 1e6 -m 1e7 -k 7 --keys-per-filter 1000
refuse "--entry-size: plot draws" "$calc" plot 1e6 1% --terminal --entry-size 100
refuse "--keys-per-filter: converge" "$calc" converge --keys-per-filter 1000
refuse "--file-size: a scalable filter" "$calc" grow -n 1e6 --file-size 1MiB
refuse "--file-size: RocksDB's SST files" "$calc" lsm --file-size 64MiB --entry-size 100
refuse "--l0-files: the levels of a deployment's files" "$calc" lsm --l0-files 2
refuse "--l0-files: the levels of a deployment's files" "$calc" plan -n 1e9 -c 10 --l0-files 2
refuse "--coverage: the levels of a deployment's files" "$calc" table -n 1e9 -c 10 --coverage 1,1,1,1,1
refuse "--coverage: '1,1' is not 5 shares" "$calc" plan -n 1e9 -c 10 --keys-per-filter 1e6 --coverage 1,1
refuse "--file-size: RocksDB's SST files" "$calc" compare 1e9 1% --library guava --file-size 64MiB --entry-size 100
refuse "holds no key" "$calc" table -n 1e9 -c 10 --library rocksdb --file-size 1KiB --entry-size 2KiB

# LevelDB's knob from a rate: the smallest int bits_per_key c whose filter, k = floor(0.69 c),
# meets p; by (1 - e^(-k/c))^k at 1e6 keys: 0.1 %: c = 14 (k = 9) 0.120 %, c = 15 (k = 10)
# 0.0745 %; 5 %: c = 6 (k = 4) 5.61 %, c = 7 (k = 4) 3.59 %.
for case in "0.1% 15" "5% 7"; do
    set -- $case
    "$calc" plan -n 1e6 -p "$1" --library leveldb --format csv >"$out" 2>"$err"
    [ "$(csv_field bits_per_key_setting)" = "$2" ]
    check "leveldb 1e6 keys at $1: bits_per_key_setting $2 (got '$(csv_field bits_per_key_setting)')" $?
done
refuse "parquet-arrow refuses 5000000000 keys" "$calc" plan -n 5e9 -p 1% --library parquet-arrow

checks_end deployment

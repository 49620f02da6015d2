#!/bin/sh
# cli_shards.sh BUILD - sharded runs: a run cut into 4 shards run
# by GNU parallel and merged by "bloomsim merge" prints exactly, byte for
# byte, what the unsharded run prints, for fpr, plan, lsm and grow, in each
# output format, for small filters (shards take blocks of trials) and for
# a large filter (>= 8 MiB: the bulk engine; shards take ranges of the
# queries of each trial and every shard rebuilds the filter; lsm and grow
# filters of 8 MiB with BLOOM_TEST_LARGE=1); merge refuses
# a missing, repeated or foreign shard, a file cut short, a file whose
# content does not match its checksum (a count edited, a byte flipped, a
# line dropped) and one of format version 2, and prints
# the partial result with --partial; bad --shard values exit 2; a shard
# rerun (or run on other --threads) writes the same file; a shard stopped
# by a signal writes nothing; --filter-file lets shards read the filter
# another wrote, with the same output.  The large plan and the --check-members case
# of the bulk engine are skipped under the sanitizer build (a filter of
# 72 million bits built five times).  Ends with "shards: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

if ! command -v parallel >/dev/null 2>&1; then
    fail "GNU parallel is not installed (apt-get install parallel, see README)"
    checks_end shards
    exit 1
fi

# sharded NAME ARGS... - the run of ARGS whole and as 4 shards run by GNU
# parallel, merged; passes when the merge prints the whole run's bytes.
sharded() {
    name=$1
    shift
    "$sim" "$@" >"$scratch/$name.whole" 2>"$err"
    check "$name: whole run exits 0" $?
    parallel --will-cite -j 2 "$sim $* --shard {}/4 >$scratch/$name.{}" ::: 1 2 3 4 2>"$err"
    check "$name: parallel ran 4 shards" $?
    "$sim" merge "$scratch/$name".[1-4] >"$scratch/$name.merged" 2>"$err"
    check "$name: merge exits 0" $?
    cmp -s "$scratch/$name.whole" "$scratch/$name.merged"
    check "$name: merged shards print the whole run's bytes" $?
}

# Small filters: shards are blocks of trials.
sharded fpr-table fpr -m 64 -n 8 -k 5 --trials 3001 --queries 50 --seed 3
sharded fpr-csv fpr -m 1000 -n 100 -k 7 --trials 999 --queries 40 --seed 9 --hash double --format csv
sharded fpr-counting fpr -m 500 -n 60 -k 4 --trials 300 --queries 100 --filter counting --counter-bits 2 --check-members --format json
sharded fpr-layout fpr -m 4096 -n 400 -k 6 --trials 200 --queries 300 --layout blocked --block-bits 512 --digits 12
sharded plan-json plan 2000 1% --trials 400 --queries 500 --seed 7 --format json
sharded lsm-csv lsm -L 3 -p 10% -n 1110 --lookups 20000 --trials 8 --seed 3 --format csv
sharded lsm-monkey lsm -L 3 -T 4 -n 2625 --allocation monkey --bits-per-key 6 --lookups 8000 --trials 16
sharded grow-table grow -n 2000 --trials 40 --queries 2000 --seed 5
sharded grow-json grow -n 3000 -s 4 -r 1/2 --trials 12 --queries 1000 --digits 14 --format json

# RocksDB's Ribbon: each shard bands the trial's Ribbon itself (seed 18 fails once to band
# and retries: every shard counts that one retry, and the merge keeps one), its queries
# split four ways; trials split across shards; keys read from a file.
sharded ribbon-queries fpr --library rocksdb-ribbon -n 1000 -c 7 --trials 1 --queries 3e4 --seed 18 --format csv
out="$scratch/ribbon-queries.merged"
grep -q "^split queries" "$scratch/ribbon-queries.2" && [ "$(csv_field ribbon_retries)" = 1 ]
check "ribbon-queries: shards split the queries; one retry, as in the whole run" $?
sharded ribbon-trials lsm -L 3 -p 1% -n 11100 --library rocksdb-ribbon --lookups 2000 --trials 8 --seed 1
seq 1 2000 | sed 's/^/key-/' >"$scratch/ribbon-keys"
sharded ribbon-key-file fpr --library rocksdb-ribbon -n 2000 -c 7 --key-file "$scratch/ribbon-keys" --trials 6 --queries 2000 --seed 4

# A large filter (2^26 bits = 8 MiB: the bulk engine): one trial, its
# queries split four ways, each shard rebuilding the filter from the seed.
sharded fpr-large fpr -m 2^26 -n 1e6 -k 7 --trials 1 --queries 4e5 --seed 2
grep -q "^split queries" "$scratch/fpr-large.2"
check "fpr-large: shards split the queries" $?
# --filter-file: the first shard writes the filter, the others read it
# (no build), and nothing printed changes; a damaged file, or one of
# another run, is not used but rebuilt.
large="fpr -m 2^26 -n 1e6 -k 7 --trials 1 --queries 4e5 --seed 2"
# shellcheck disable=SC2086
"$sim" $large --filter-file "$scratch/filter" --shard 1/4 >"$scratch/stored.1" 2>"$err"
check "filter-file: shard 1 exits 0" $?
head -n 1 "$scratch/filter.0" | grep -qx "bloomsim-filter 1"
check "filter-file: shard 1 wrote PREFIX.0" $?
parallel --will-cite -j 2 "$sim $large --filter-file $scratch/filter --shard {}/4 >$scratch/stored.{}" ::: 2 3 4 2>"$err"
check "filter-file: shards 2-4 ran" $?
"$sim" merge "$scratch"/stored.[1-4] >"$out" 2>"$err"
cmp -s "$out" "$scratch/fpr-large.whole"
check "filter-file: merged shards that read the filter print the whole run's bytes" $?
size=$(wc -c <"$scratch/filter.0")
head -c $((size - 100)) "$scratch/filter.0" >"$scratch/filter.cut" && mv "$scratch/filter.cut" "$scratch/filter.0"
# shellcheck disable=SC2086
"$sim" $large --filter-file "$scratch/filter" --shard 3/4 >"$out" 2>"$err"
cmp -s "$out" "$scratch/fpr-large.3" && [ "$(wc -c <"$scratch/filter.0")" -eq "$size" ]
check "filter-file: a file cut short is rebuilt and rewritten, same shard file" $?
# shellcheck disable=SC2086
"$sim" fpr -m 2^26 -n 1e6 -k 7 --trials 1 --queries 4e5 --seed 5 --shard 2/4 >"$out.2" 2>"$err"
# shellcheck disable=SC2086
"$sim" fpr -m 2^26 -n 1e6 -k 7 --trials 1 --queries 4e5 --seed 5 --filter-file "$scratch/filter" --shard 2/4 \
    >"$out" 2>"$err"
cmp -s "$out" "$out.2"
check "filter-file: another run's file (another seed) is not used" $?

sharded fpr-large-trials fpr -m 2^26 -n 2e5 -k 5 --trials 8 --queries 1e4 --seed 4 --format csv
grep -q "^split trials" "$scratch/fpr-large-trials.2"
check "fpr-large-trials: 8 trials, 4 shards: split by trials" $?
# lsm and grow have no bulk engine: their filters of 8 MiB and more run on
# the per-trial engine, cut by trials like the small ones, and cost about
# 40 s of CPU here; they run when BLOOM_TEST_LARGE=1.
if [ "${BLOOM_TEST_LARGE:-0}" = 1 ]; then
    sharded lsm-large lsm -L 1 -p 1% -n 7.1e6 --trials 4 --lookups 4000 --seed 2
    sharded grow-large grow -n 7.1e6 --initial 7.1e6 --trials 4 --queries 1000 --seed 2 --format csv
fi
if [ "${BLOOM_TEST_LABEL:-plain}" != sanitizer ]; then
    sharded fpr-large-members fpr -m 2^26 -n 3e6 -k 3 --trials 2 --queries 2e5 --check-members --format json
    sharded plan-large plan 5e6 1e-3 --trials 1 --queries 2e5 --seed 3
fi

# Merge takes its own --format and --digits over the shards'.
"$sim" fpr -m 64 -n 8 -k 5 --trials 3001 --queries 50 --seed 3 --format json --digits 5 >"$out" 2>"$err"
"$sim" merge --format json --digits 5 "$scratch"/fpr-table.[1-4] >"$out.2" 2>"$err"
cmp -s "$out" "$out.2"
check "merge --format json --digits 5 prints the run with those options" $?
# Several shards in one stream (standard input).
cat "$scratch"/lsm-csv.[1-4] | "$sim" merge >"$out" 2>"$err"
cmp -s "$out" "$scratch/lsm-csv.whole"
check "merge reads concatenated shards from standard input" $?

# Missing, repeated and foreign shards; files cut short or edited.
refuse "3" "$sim" merge "$scratch"/fpr-table.1 "$scratch"/fpr-table.2 "$scratch"/fpr-table.4
grep -q "missing" "$err"
check "missing shard: the message says missing" $?
"$sim" merge --partial "$scratch"/fpr-table.1 "$scratch"/fpr-table.2 "$scratch"/fpr-table.4 >"$out" 2>"$err"
check "merge --partial exits 0" $?
grep -q "^partial (stopped early) *yes" "$out" && grep -q "^filters built (trials) *2 251$" "$out"
check "merge --partial prints the 3 shards' 2251 of 3001 trials, marked partial" $?
"$sim" merge --partial --format csv "$scratch"/fpr-large.1 "$scratch"/fpr-large.3 >"$out" 2>"$err"
[ "$(csv_field partial)" = yes ] && [ "$(csv_field queries)" = 200000 ]
check "merge --partial of 2 of 4 query shards: 200000 queries, partial" $?
refuse "twice" "$sim" merge "$scratch"/fpr-table.1 "$scratch"/fpr-table.2 "$scratch"/fpr-table.2 \
    "$scratch"/fpr-table.3 "$scratch"/fpr-table.4
"$sim" fpr -m 64 -n 8 -k 5 --trials 3001 --queries 50 --seed 4 --shard 3/4 >"$scratch/other.3" 2>"$err"
refuse "seed" "$sim" merge "$scratch"/fpr-table.1 "$scratch"/fpr-table.2 "$scratch/other.3" "$scratch"/fpr-table.4
refuse "same run" "$sim" merge "$scratch"/fpr-table.1 "$scratch"/plan-json.2
"$sim" fpr -m 64 -n 8 -k 5 --trials 3001 --queries 50 --seed 3 --shard 2/3 >"$scratch/thirds.2" 2>"$err"
refuse "shard count" "$sim" merge "$scratch"/fpr-table.1 "$scratch/thirds.2"
head -c 2000 "$scratch/fpr-table.1" >"$scratch/cut.1"
refuse "cut short" "$sim" merge "$scratch/cut.1" "$scratch"/fpr-table.[2-4]
sed '$d' "$scratch/fpr-table.1" >"$scratch/cut.1"
refuse "$scratch/cut.1 line" "$sim" merge "$scratch/cut.1" "$scratch"/fpr-table.[2-4]
grep -q "cut short" "$err"
check "a file without its end line: cut short" $?
# An option edited (its fingerprint no longer matches), one block's false
# positives raised by one (its squares left as they were), a block line
# dropped, a byte flipped: each refused by the checksum, naming the file.
checksum="does not match its checksum"
sed 's/^option --seed=3$/option --seed=5/' "$scratch/fpr-table.1" >"$scratch/edited.1"
refuse "$scratch/edited.1: its content $checksum" "$sim" merge "$scratch/edited.1" "$scratch"/fpr-table.[2-4]
awk '/^block / && !done && sub(/ false_positives=1 /, " false_positives=2 ") { done = 1 } { print }' \
    "$scratch/fpr-table.2" >"$scratch/edited.2"
[ "$(cmp -l "$scratch/fpr-table.2" "$scratch/edited.2" | wc -l)" -eq 1 ]
check "edited.2 differs from shard 2 in one byte, a block's false positives" $?
"$sim" merge "$scratch/fpr-table.1" "$scratch/edited.2" "$scratch"/fpr-table.[34] >"$out" 2>"$err"
rc=$?
[ "$rc" -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "edited.2: its content $checksum" "$err"
check "one false positive added in a block: exit 2 (got $rc), one line naming the file, no stdout" $?
sed '/^block 760 /d' "$scratch/fpr-table.2" >"$scratch/dropped.2"
refuse "$scratch/dropped.2: its content $checksum" "$sim" merge "$scratch/fpr-table.1" "$scratch/dropped.2" \
    "$scratch"/fpr-table.[34]
# The flipped bit turns the last block's ribbon_retries=0 into 1: a count
# no bound of the merge can refuse, so the checksum alone does.
python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[b.rindex(b"ribbon_retries=0") + 15] ^= 1
open(sys.argv[2], "wb").write(b)' "$scratch/lsm-csv.3" "$scratch/flipped.3"
grep -q "ribbon_retries=1$" "$scratch/flipped.3"
check "flipped.3: one bit flipped, ribbon_retries 0 -> 1" $?
refuse "$scratch/flipped.3: its content $checksum" "$sim" merge "$scratch"/lsm-csv.[124] "$scratch/flipped.3"
sed 's/^bloomsim-shard 3$/bloomsim-shard 2/' "$scratch/fpr-table.1" >"$scratch/older.1"
refuse "another format version" "$sim" merge "$scratch/older.1"
sed 's/^bloomsim-shard 3$/bloomsim-shard 4/' "$scratch/fpr-table.1" >"$scratch/future.1"
refuse "another format version" "$sim" merge "$scratch/future.1"
refuse "shard" "$sim" merge "$scratch/fpr-table.whole"
refuse "cannot open" "$sim" merge "$scratch/none"

# Bad --shard values: exit 2, one line naming --shard, nothing on stdout.
for value in 0/4 5/4 1/0 abc 1/ /4 2/4x -1/4; do
    refuse "--shard" "$sim" fpr -m 64 -n 8 -k 5 --trials 100 --queries 10 --shard "$value"
done
refuse "--shard" "$sim" lsm -L 2 -p 10% -n 110 --trials 4 --lookups 100 --shard 5/5
refuse "at most 4 shards" "$sim" lsm -L 2 -p 10% -n 110 --trials 4 --lookups 100 --shard 3/8
refuse "at most 2 shards" "$sim" grow -n 100 --trials 2 --queries 10 --shard 3/3
refuse "--shard" "$sim" grow -n 100 --trials 2 --queries 10 --shard 0/2

# A shard rerun, or run on other --threads, writes the same file.
"$sim" plan 2000 1% --trials 400 --queries 500 --seed 7 --format json --shard 2/4 --threads 1 >"$out" 2>"$err"
cmp -s "$out" "$scratch/plan-json.2"
check "shard rerun on 1 thread writes the same file" $?
"$sim" fpr -m 2^26 -n 1e6 -k 7 --trials 1 --queries 4e5 --seed 2 --shard 4/4 --threads 3 >"$out" 2>"$err"
cmp -s "$out" "$scratch/fpr-large.4"
check "large-filter shard rerun on 3 threads writes the same file" $?

# A shard stopped by a signal writes nothing and exits 130.
timeout --preserve-status -s INT 1 "$sim" fpr -m 64 -n 8 -k 5 --trials 2^40 --queries 100 --shard 1/2 \
    >"$out" 2>"$err"
rc=$?
[ "$rc" -eq 130 ] && [ ! -s "$out" ]
check "interrupted shard: exit 130 (got $rc), no shard file" $?

checks_end shards

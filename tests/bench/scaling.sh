#!/bin/sh
# scaling.sh BUILD - what sharding costs (make bench-full): processor
# seconds per 10^9 queries of "plan 1e7 1e-6 --trials 1" run whole on one
# thread, and cut into SHARDS shards (default 8) with and without
# --filter-file (each shard then rebuilds the 36 MB filter); the wall time
# of those shards run two at a time and the efficiency of both cores
# (processor seconds / (2 x wall seconds)); and the time bloomsim merge
# takes over 1000 shard files.  Every merge must print the whole run's
# bytes.  Measured, never asserted: the figures depend on the machine and
# its load.  Prints a table, then CSV.
set -u
build=$(cd "$1" && pwd)
sim=$build/bloomsim
shards=${SHARDS:-8}
queries=${QUERIES:-2e8}
run="plan 1e7 1e-6 --trials 1 --queries $queries --seed 11"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1

# timed FILE COMMAND... - runs COMMAND; appends "wall cpu" (seconds) to FILE.
timed() {
    file=$1
    shift
    /usr/bin/time -f "%e %U %S" -o "$file.time" "$@" || { echo "scaling: failed: $*" >&2; exit 1; }
    awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$file.time" >>"$file"
}
per_billion() { awk -v cpu="$1" -v q="$queries" 'BEGIN { printf "%.1f", cpu * 1e9 / q }'; }
field() { awk -v n="$2" 'NR == 1 { print $n }' "$1"; }

# shellcheck disable=SC2086
timed whole "$sim" $run --threads 1 --output whole.txt
# shellcheck disable=SC2086
timed plain parallel --will-cite -j 2 "$sim $run --threads 1 --shard {}/$shards --output plain.{}.txt" \
    ::: $(seq 1 "$shards")
# shellcheck disable=SC2086
timed stored sh -c "\"$sim\" $run --threads 1 --filter-file filter --shard 1/$shards --output stored.1.txt &&
    parallel --will-cite -j 2 '\"$sim\" $run --threads 1 --filter-file filter --shard {}/$shards --output stored.{}.txt' \
    ::: \$(seq 2 $shards)"
for set in plain stored; do
    "$sim" merge "$set".*.txt >"$set.merged" && cmp -s "$set.merged" whole.txt \
        || { echo "scaling: the $set shards do not merge into the whole run" >&2; exit 1; }
done

# 1000 shards of a smaller run (a 9 MB filter, read from its file).
many="plan 5e6 1e-3 --trials 1 --queries 1e7 --seed 11"
mkdir many
# shellcheck disable=SC2086
"$sim" $many --threads 1 --output many/whole.txt
# shellcheck disable=SC2086
"$sim" $many --threads 1 --filter-file many/filter --shard 1/1000 --output many/shard.1.txt
# shellcheck disable=SC2086
parallel --will-cite -j 2 "$sim $many --threads 1 --filter-file many/filter --shard {}/1000 --output many/shard.{}.txt" \
    ::: $(seq 2 1000)
timed merge "$sim" merge --output many/merged.txt many/shard.*.txt
cmp -s many/merged.txt many/whole.txt || { echo "scaling: the 1000 shards do not merge into the whole run" >&2; exit 1; }

whole_cpu=$(field whole 2)
plain_cpu=$(field plain 2)
stored_cpu=$(field stored 2)
efficiency() { awk -v cpu="$1" -v wall="$2" 'BEGIN { printf "%.2f", cpu / (2 * wall) }'; }
echo "sharding 'bloomsim $run'"
printf '%-44s %12s %10s %12s\n' "run" "CPU s/1e9 q" "wall s" "2-core eff."
printf '%-44s %12s %10s %12s\n' "whole, one thread" "$(per_billion "$whole_cpu")" "$(field whole 1)" "-"
printf '%-44s %12s %10s %12s\n' "$shards shards, parallel -j 2" "$(per_billion "$plain_cpu")" "$(field plain 1)" \
    "$(efficiency "$plain_cpu" "$(field plain 1)")"
printf '%-44s %12s %10s %12s\n' "$shards shards, parallel -j 2, --filter-file" "$(per_billion "$stored_cpu")" \
    "$(field stored 1)" "$(efficiency "$stored_cpu" "$(field stored 1)")"
echo "bloomsim merge of 1000 shard files: $(field merge 1) s wall, $(field merge 2) s CPU"
echo "case,queries,shards,cpu_seconds_per_1e9_queries,wall_seconds,two_core_efficiency"
echo "whole,$queries,1,$(per_billion "$whole_cpu"),$(field whole 1),"
echo "shards,$queries,$shards,$(per_billion "$plain_cpu"),$(field plain 1),$(efficiency "$plain_cpu" "$(field plain 1)")"
echo "shards-filter-file,$queries,$shards,$(per_billion "$stored_cpu"),$(field stored 1),$(efficiency "$stored_cpu" "$(field stored 1)")"
echo "merge,1e7,1000,,$(field merge 1),"

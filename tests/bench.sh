#!/bin/sh
# bench.sh BUILD - every benchmark, each printing ratios against a baseline
# measured in the same run.  Not part of "make check": speed is measured,
# never asserted.
set -eu
build=$1
echo "== library: certified digits against a double-precision baseline"
"$build/bench/bench_calc"

echo
echo "== whole process: 'bloomcalc plan 1e9 1%' against 'true' (process start), 200 runs each"
time_runs() {
    start=$(date +%s%N)
    i=0
    while [ $i -lt 200 ]; do
        "$@" >/dev/null
        i=$((i + 1))
    done
    end=$(date +%s%N)
    echo $(( (end - start) / 200000 ))
}
baseline=$(time_runs /bin/true)
plan=$(time_runs "$build/bloomcalc" plan 1e9 1%)
echo "/bin/true:                    $baseline us per run"
echo "bloomcalc plan 1e9 1%:     $plan us per run (target: under 20000 us)"
echo "process,microseconds_per_run"
echo "true,$baseline"
echo "bloomcalc plan 1e9 1%,$plan"

for bench in "$build"/bench/bench_sim*; do
    [ -x "$bench" ] || continue
    echo
    echo "== $bench"
    "$bench"
done

echo
echo "== bloomsim lsm: 1e9 keys in RocksDB's 64 MiB files of 100-byte entries (a filter per file, 4 L0"
echo "   files, 2 trees, 1e6 absent lookups): wall seconds, peak memory, and the command's time split"
lsm_time=$(mktemp)
start=$(date +%s%N)
/usr/bin/time -f "%M" -o "$lsm_time" "$build/bloomsim" lsm -n 1e9 -p 1% --library rocksdb --file-size 64MiB \
    --entry-size 100 --progress --format csv 2>&1 >/dev/null | grep "predictions"
end=$(date +%s%N)
echo "wall $(( (end - start) / 1000000000 )) s, peak $(tail -1 "$lsm_time") KiB resident"
rm -f "$lsm_time"

echo
echo "== bloomcalc at the corners of its ranges (tests/extremes.sh): wall milliseconds, slowest first"
echo "   (each stopped after 60 s; targets: 500 ms an answer, 50 ms a table row)"
. tests/extremes.sh
corners=$(mktemp)
echo "$extreme_inputs" |
while read -r arguments; do
    start=$(date +%s%N)
    # (a refusal is an outcome to print, not a reason for set -e to end the loop)
    status=0
    # shellcheck disable=SC2086
    timeout 60 "$build/bloomcalc" $arguments >/dev/null 2>&1 || status=$?
    end=$(date +%s%N)
    case $status in 0) outcome=answered ;; 2) outcome=refused ;; *) outcome="exit $status" ;; esac
    echo "$(( (end - start) / 1000000 )),$outcome,bloomcalc $arguments"
done | sort -t, -k1,1 -rn >"$corners"
echo "milliseconds,outcome,command"
cat "$corners"
rm -f "$corners"

echo
echo "== tables: wall milliseconds a row (every layout, and every library at 1 % and at the lowest"
echo "   rate it builds for 1e3 to 1e9 keys, or to 1e6 where it refuses more)"
table_corners="-n 2^10..2^30 -p 0.1..1e-6
-n 2^10..2^34 -p 0.1,1e-2,1e-3,1e-4 --columns n,p,bytes,k
-n 1e9 -p 1e-2 -k 1..100
-n 1e3..1e9 -p 1e-30
-n 1e3..1e9 -p 1e-30 --layout blocked
-n 1e3..1e9 -p 1e-30 --layout partitioned
-n 1e3..1e9 -p 1e-30 --layout split-block"
# every library compare knows (its rows but the textbook rule's, which the layouts above time)
for library in $("$build/bloomcalc" compare 1e6 1% --format csv --columns rule | tail -n +2); do
    case $library in
    textbook) continue ;;
    guava | guava@31) keys=1e3..1e9 low="-n 1e3..1e6 -p 1e-30" ;;
    libbloom) keys=1e3..1e6 low="-n 1e3..1e6 -p 1e-30" ;;
    cassandra) keys=1e3..1e9 low="-n 1e3..1e9 -p 1e-4" ;;
    *) keys=1e3..1e9 low="-n 1e3..1e9 -p 1e-30" ;;
    esac
    table_corners="$table_corners
-n $keys -p 1% --library $library
$low --library $library"
done
echo "$table_corners" |
while read -r arguments; do
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    rows=$("$build/bloomcalc" table $arguments --format csv | wc -l)
    end=$(date +%s%N)
    if [ "$rows" -gt 1 ]; then
        echo "$(( (end - start) / 1000000 / (rows - 1) )) ms a row, $((rows - 1)) rows: table $arguments"
    else
        echo "refused: table $arguments"
    fi
done

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

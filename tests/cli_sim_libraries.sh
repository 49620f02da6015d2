#!/bin/sh
# cli_sim_libraries.sh BUILD - bloomsim builds RocksDB's FastLocalBloom and
# Parquet's split-block filter with their own index arithmetic (issue 11,
# part C; FORMULAS.md §m.4) and measures what the calculator predicts for
# them.  Each run has a fixed seed and bloomsim's automatic run size; the
# check is that the layout's model lies inside the 99.9 % interval
# (verdict_layout "consistent"), which an exact model fails with
# probability 0.001 per run (a fixed seed makes it deterministic).  Power:
# the intervals are about +-1.1 % of the rate wide (about 10^7 queries at
# 1 %), so a departure of the library's arithmetic from the model by more
# than about 2 % of the rate would be rejected (each run also checks that
# its interval is narrower than 3 % of the rate).  The RocksDB filter is the
# size bloomcalc plan --library rocksdb gives.
# Ends with "sim-libraries: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

# measure LIBRARY M N K: one run; checks the verdict and the interval's width
measure() {
    "$sim" fpr -m "$2" -n "$3" -k "$4" --library "$1" --seed 1 --format csv >"$out" 2>"$err"
    check "bloomsim fpr --library $1 -m $2 -n $3 -k $4: exit $? ($(cat "$err"))" $?
    [ "$(csv_field verdict_layout)" = consistent ]
    check "$1 at m = $2: the model $(csv_field fpr_layout) outside [$(csv_field ci_low), $(csv_field ci_high)]" $?
    awk -v low="$(csv_field ci_low)" -v high="$(csv_field ci_high)" -v rate="$(csv_field fpr_layout)" \
        'BEGIN { exit !((high - low) / rate < 0.03) }'
    check "$1 at m = $2: interval [$(csv_field ci_low), $(csv_field ci_high)] wider than 3 % of the rate" $?
}

# RocksDB NewBloomFilterPolicy(10) for 1e6 keys: 10000384 bits, 6 probes (bloomcalc plan --library rocksdb -c 10)
"$calc" plan --library rocksdb -n 1e6 -c 10 --format csv >"$out"
[ "$(csv_field m_allocated) $(csv_field k_layout)" = "10000384 6" ]
check "plan --library rocksdb -n 1e6 -c 10: $(csv_field m_allocated) bits, $(csv_field k_layout) probes" $?
measure rocksdb 10000384 1e6 6
# Parquet at 1e5 keys, 1 %: 2^20 bits (bloomcalc compare 1e5 1%: 131072 bytes, a power of two)
measure parquet-mr 1048576 1e5 8
measure parquet-spec 1048576 1e5 8

checks_end sim-libraries

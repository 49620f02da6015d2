#!/bin/sh
# simulate.sh BUILD [DIRECTORY] - the simulator's published tables: real
# filters built and measured by bloomsim with fixed seeds (so the same code
# gives the same bytes), next to bloomcalc's predictions.  Each table
# gathers several bloomsim runs (one CSV row each) under one header.
#
#   simulated_convergence.csv  10 bits per key, k = 7, m = 2^6..2^12: the
#                              measured rate against the exact rate, Bloom's
#                              formula and the approximation (Figure 1)
#   simulated_schemes.csv      m = 1024, 1..20 bits per key, the three probe
#                              schemes (Figure 2)
#   simulated_lsm.csv          read amplification, L = 5 (T = 10) and L = 20
#                              equal runs, p from 10 % to 0.1 % (Figure 4)
#   simulated_saturation.csv   a filter sized for 1000 keys at 1 % filled
#                              with 1 to 4 times as many (Figure 5)
#   simulated_layouts.csv      partitioned, blocked and split-block filters
#                              of 2^16 bits at 4..20 bits per key (Figure 6)
#   simulated_engines.csv      the database engines' filters (LevelDB's,
#                              RocksDB's legacy, FastLocalBloom and Ribbon)
#                              at 10 bits a key, 20 to 1e6 keys a filter:
#                              each built as the engine builds it (Figure 9)
set -eu
build=$1
directory=${2:-data}
bloomsim=$build/bloomsim
bloomcalc=$build/bloomcalc
mkdir -p "$directory"

. data/rows.sh
progress_begin "simulate" data/simulate.sh "$build"

# The database engines' rules of simulated_engines.csv (report Figure 9).
ENGINE_RULES="leveldb rocksdb@legacy rocksdb rocksdb-ribbon"

# publish NAME - moves a finished table into place (whole or not at all).
publish() {
    publish_runs "$directory/$1"
}

table=$directory/simulated_convergence.csv.tmp
rm -f "$table"
for exponent in 6 7 8 9 10 11 12; do
    bits=$((1 << exponent))
    keys=$(round_ratio "$bits" 10)            # round(m / 10), as bloomcalc converge
    collect "$table" "$bloomsim" fpr -m "$bits" -n "$keys" -k 7 --seed 1
done
publish simulated_convergence.csv

table=$directory/simulated_schemes.csv.tmp
rm -f "$table"
for scheme in independent double enhanced; do
    per_key=1
    while [ "$per_key" -le 20 ]; do
        keys=$(round_ratio 1024 "$per_key")
        hashes=$(best_hashes "$bloomcalc" "$keys" 1024)
        collect "$table" "$bloomsim" fpr -m 1024 -n "$keys" -k "$hashes" --hash "$scheme" \
            --trials 20000 --queries 100 --seed 2
        per_key=$((per_key + 1))
    done
done
publish simulated_schemes.csv

table=$directory/simulated_lsm.csv.tmp
rm -f "$table"
for rate in 0.1 0.03 0.01 0.003 0.001; do
    collect "$table" "$bloomsim" lsm -L 5 -T 10 -p "$rate" -n 111110 --lookups 2e5 --seed 3
    collect "$table" "$bloomsim" lsm -L 20 -T 1 -p "$rate" -n 2e5 --lookups 2e5 --seed 3
done
publish simulated_lsm.csv

table=$directory/simulated_layouts.csv.tmp
rm -f "$table"
for layout in partitioned blocked split-block; do
    for per_key in 4 8 12 16 20; do
        keys=$(round_ratio 65536 "$per_key")
        hashes=$(best_hashes "$bloomcalc" "$keys" 65536)
        [ "$layout" = split-block ] && hashes=8
        collect "$table" "$bloomsim" fpr -m 65536 -n "$keys" -k "$hashes" --layout "$layout" \
            --trials 200 --queries 20000 --seed 5
    done
done
publish simulated_layouts.csv

# The engines' rules, each filter built bit for bit as the engine builds it, at 2e6 absent
# queries a point (fewer filters of more keys).
table=$directory/simulated_engines.csv.tmp
rm -f "$table"
for library in $ENGINE_RULES; do
    for keys in 20 200 2000 20000 200000 1000000; do
        trials=$(( keys < 2000 ? 2000 : keys < 200000 ? 200 : 20 ))
        collect "$table" "$bloomsim" plan -n "$keys" -c 10 --library "$library" --trials "$trials" \
            --queries $((2000000 / trials)) --seed 9
    done
done
publish simulated_engines.csv

table=$directory/simulated_saturation.csv.tmp
rm -f "$table"
for fill in 1 1.5 2 3 4; do
    collect "$table" "$bloomsim" fpr -m 9586 -n 1000 -k 7 --overfill "$fill" --trials 2000 \
        --queries 500 --seed 4
done
publish simulated_saturation.csv
progress_end

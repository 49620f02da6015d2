#!/bin/sh
# generate.sh BUILD [DIRECTORY] - writes the verification report
# (README.md and its PNG figures) into DIRECTORY (default: report/) from
# the published tables in data/ and from bloomcalc.  Nothing in the report
# is typed by hand: every number is copied from a table the code produced,
# and every sentence of findings is filled in from those tables, so
# "make report" after a change of code rewrites the report, and the test
# suite (tests/cli_generated.sh) regenerates it and compares.  Numbers are
# copied as text; awk computes only what is plotted (figure coordinates)
# and counts of verdicts.
set -eu
build=$1
out=${2:-report}
bloomcalc=$build/bloomcalc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# csv FILE - the file without carriage returns, for awk.
csv() { tr -d '\r' <"$1"; }

# split_csv, the RFC 4180 field splitter for awk ($csv_awk), and the progress
# line are shared with the table generators.
. data/rows.sh
progress_begin "make report" report/generate.sh "$build"

# columns FILE NAME... - the named columns of a CSV file, separated by TABs, no header.
columns() {
    file=$1
    shift
    csv "$file" | awk -v names="$*" "$csv_awk"'
        NR == 1 { n = split(names, wanted, " "); count = split_csv($0, head)
                  for (i = 1; i <= count; i++) index_of[head[i]] = i
                  next }
        { split_csv($0, field); line = ""
          for (i = 1; i <= n; i++) line = line (i > 1 ? "\t" : "") field[index_of[wanted[i]]]
          print line }'
}

# value FILE NAME [ROW] - one field (row 1 = first data row; default the last).
value() {
    columns "$1" "$2" | awk -v row="${3:-0}" '
        { last = $0; if (NR == row) { print; found = 1; exit } }
        END { if (!found && row == 0) print last }'
}

# count FILE NAME=VALUE [NAME=VALUE] - rows whose named fields have these values.
count() {
    file=$1
    shift
    names=$(for condition in "$@"; do printf '%s ' "${condition%%=*}"; done)
    wanted=$(for condition in "$@"; do printf '%s\t' "${condition#*=}"; done)
    # shellcheck disable=SC2086
    columns "$file" $names | awk -v wanted="$wanted" '{ if ($0 "\t" == wanted) n++ } END { print n + 0 }'
}

# plot FILE SCRIPT - a PNG figure from a gnuplot script.  The font is named
# exactly (DejaVu Sans, Debian's fonts-dejavu-core, installed by the README's
# first command) so that the figures are byte-identical wherever they are
# regenerated, which the test suite checks.
plot() {
    step "$1" || return 0
    {
        echo "set terminal pngcairo size 900,560 font 'DejaVu Sans,10' background rgb 'white'"
        echo "set output '$out/$1'"
        printf '%s\n' "$2"
    } | gnuplot
    # REPORT_TABLES=DIR: also the plotted points as gnuplot tables (tests/cli_figures.sh)
    if [ -n "${REPORT_TABLES:-}" ]; then
        { echo "set table '$REPORT_TABLES/$1.txt'"; printf '%s\n' "$2" | sed "s/set format [xy]2* '[^']*'//g"; } |
            gnuplot
    fi
}

# --- Figure 1: relative error against m ------------------------------------
columns data/convergence.csv m relerr_bloom relerr_approx |
    awk '{ print $1, -$2, -$3 }' >"$work/relerr.dat"
columns data/simulated_convergence.csv m measured_fpr ci_low ci_high fpr_bloom fpr_approx |
    awk -v floor=1e-10 'function f(v) { return v > floor ? v : floor }
        { print $1, f(1 - $5 / $2), f(1 - $5 / $3), f(1 - $5 / $4), f(1 - $6 / $2), f(1 - $6 / $3), f(1 - $6 / $4) }' \
    >"$work/relerr_measured.dat"
plot relative_error.png "
set logscale xy; set format x '2^{%L}'; set logscale x 2; set format y '10^{%L}'; set yrange [1e-10:*]
set xlabel 'filter size m (bits), 10 bits per key, k = 7 (a bar at the bottom edge reaches zero or below)'
set title sprintf('fitted slope of log error against log m: %s (Bloom formula), %s (approximation)', '$(value data/convergence_fit.csv slope_bloom)', '$(value data/convergence_fit.csv slope_approx)')
set ylabel 'relative error below the exact rate'
set key top right; set grid
plot '$work/relerr.dat' using 1:3 with lines lw 2 title 'exponential approximation (exact)', \
     '$work/relerr.dat' using 1:2 with lines lw 2 title 'Bloom formula (exact)', \
     '$work/relerr_measured.dat' using 1:5:7:6 with yerrorbars pt 7 title 'approximation vs measured (99.9 %)', \
     '$work/relerr_measured.dat' using 1:2:4:3 with yerrorbars pt 5 title 'Bloom formula vs measured (99.9 %)'"

# --- Figure 2: measured rate against bits per key, three schemes ---------------
for scheme in independent double enhanced; do
    columns data/simulated_schemes.csv m n scheme measured_fpr ci_low ci_high fpr_exact |
        awk -v scheme="$scheme" '$3 == scheme && $4 > 0 { print $1 / $2, $4, $5, $6, $7 }' \
        >"$work/scheme_$scheme.dat"
done
plot schemes.png "
set logscale y; set format y '10^{%L}'; set grid
set xlabel 'bits per key m/n (m = 1024, best integer k)'
set ylabel 'false-positive rate'
plot '$work/scheme_independent.dat' using 1:5 with lines lw 2 title 'exact rate, independent hashing', \
     '$work/scheme_independent.dat' using 1:2:3:4 with yerrorbars pt 7 title 'measured, independent', \
     '$work/scheme_double.dat' using 1:2:3:4 with yerrorbars pt 5 title 'measured, double hashing', \
     '$work/scheme_enhanced.dat' using 1:2:3:4 with yerrorbars pt 9 title 'measured, enhanced double hashing'"

# --- Figure 3: bits per key against the target rate --------------------------------
"$bloomcalc" table -n 1e9 -p 0.5,0.2,0.1..1e-9 --format csv \
    --columns p,bits_per_key,bits_per_key_1_44,bits_per_key_lower_bound >"$work/bits.csv"
columns "$work/bits.csv" p bits_per_key bits_per_key_1_44 bits_per_key_lower_bound >"$work/bits.dat"
plot bits_per_key.png "
set logscale x; set format x '10^{%L}'; set grid; set key top right
set xlabel 'target false-positive rate p'; set ylabel 'bits per key'
set y2label 'exact minus textbook constant (bits per key)'; set y2tics; set ytics nomirror
plot '$work/bits.dat' using 1:2 with linespoints lw 2 title 'log2(1/p) / ln 2 (Bloom, exact constant)', \
     '$work/bits.dat' using 1:3 with linespoints dt 2 title '1.44 log2(1/p) (textbook constant)', \
     '$work/bits.dat' using 1:4 with linespoints lw 2 title 'log2(1/p): floor for any filter', \
     '$work/bits.dat' using 1:(\$2 - \$3) axes x1y2 with linespoints lw 2 dt 3 title 'the gap between the two constants (right axis)'"

# --- Figure 4: read amplification ------------------------------------------------
"$bloomcalc" table -n 1e9 -p 0.1,0.05,0.03,0.02,0.01,0.005,0.003,0.002,0.001 -L 5,20 --format csv \
    --columns levels,p,read_amp_hit,read_amp_miss >"$work/read_amp.csv"
for levels in 5 20; do
    columns "$work/read_amp.csv" levels p read_amp_hit read_amp_miss |
        awk -v l="$levels" '$1 == l { print $2, $3, $4 }' >"$work/read_amp_$levels.dat"
    columns data/simulated_lsm.csv levels p measured_probes_hit probes_hit_ci_low probes_hit_ci_high \
        measured_probes_miss probes_miss_ci_low probes_miss_ci_high |
        awk -v l="$levels" '$1 == l { print $2, $3, $4, $5, $6, $7, $8 }' >"$work/lsm_$levels.dat"
done
plot read_amplification.png "
set logscale xy; set format x '10^{%L}'; set grid; set key outside right; set xrange [0.001:0.1]
set xlabel 'false-positive rate p of every level'; set ylabel 'expected disk probes per lookup'
plot '$work/read_amp_5.dat' using 1:2 with lines lw 2 title 'hit, L = 5: 1 + 4p', \
     '$work/lsm_5.dat' using 1:2:3:4 with yerrorbars pt 7 title 'measured hit, L = 5', \
     '$work/read_amp_20.dat' using 1:2 with lines lw 2 title 'hit, L = 20: 1 + 19p', \
     '$work/lsm_20.dat' using 1:2:3:4 with yerrorbars pt 5 title 'measured hit, L = 20', \
     '$work/read_amp_5.dat' using 1:3 with lines dt 2 title 'miss, L = 5: 5p', \
     '$work/lsm_5.dat' using 1:5:6:7 with yerrorbars pt 6 title 'measured miss, L = 5', \
     '$work/read_amp_20.dat' using 1:3 with lines dt 2 title 'miss, L = 20: 20p', \
     '$work/lsm_20.dat' using 1:5:6:7 with yerrorbars pt 4 title 'measured miss, L = 20'"

# --- Figure 5: saturation ------------------------------------------------------------
columns data/simulated_saturation.csv n keys_inserted measured_fpr ci_low ci_high fpr_exact |
    awk '{ print $2 / $1, $3, $4, $5, $6 }' >"$work/saturation.dat"
"$bloomcalc" table -m 9586 -k 7 -n "$(seq -s, 1000 50 4000)" --columns n,fpr_exact --format csv >"$work/fill.csv"
columns "$work/fill.csv" n fpr_exact | awk '{ print $1 / 1000, $2 }' >"$work/fill.dat"
plot saturation.png "
set grid; set key top left
set xlabel 'keys inserted / keys planned (m = 9586 bits, k = 7, planned for 1000 keys at 1 %)'
set ylabel 'false-positive rate'
set logscale y; set format y '10^{%L}'
plot '$work/fill.dat' using 1:2 with lines lw 2 title 'exact rate for the keys really inserted', \
     0.01 with lines dt 2 lw 2 title 'the planned target, 1 %', \
     '$work/saturation.dat' using 1:2:3:4 with yerrorbars pt 7 title 'measured (99.9 %)'"

# --- Figure 6: the layouts people deploy -------------------------------------------------
# Lines: each layout's exact model at the measured filters (m = 2^16, the same n and k);
# points: the measurements.  The m = 2^20 models are in data/layouts_by_bits_per_key.csv.
for layout in partitioned blocked split-block; do
    columns data/simulated_layouts.csv m n layout measured_fpr ci_low ci_high fpr_layout fpr_exact |
        awk -v layout="$layout" '$3 == layout { print $1 / $2, $4, $5, $6, $7, $8 }' >"$work/measured_$layout.dat"
done
plot layouts.png "
set logscale y; set format y '10^{%L}'; set grid
set xlabel 'bits per key m/n (m = 2^{16}; best integer k, 8 for split-block)'
set ylabel 'false-positive rate'
plot '$work/measured_blocked.dat' using 1:6 with lines lw 2 lc rgb 'black' title 'standard filter, exact rate', \
     '$work/measured_partitioned.dat' using 1:5 with lines dt 2 lw 2 lc 1 title 'partitioned (k slices), model', \
     '$work/measured_blocked.dat' using 1:5 with lines lw 2 lc 2 title 'blocked, 512-bit blocks, model', \
     '$work/measured_split-block.dat' using 1:5 with lines lw 2 lc 3 title 'split-block (Parquet), k = 8, model', \
     '$work/measured_partitioned.dat' using 1:2:3:4 with yerrorbars pt 6 lc 1 title 'measured partitioned (99.9 %)', \
     '$work/measured_blocked.dat' using 1:2:3:4 with yerrorbars pt 7 lc 2 title 'measured blocked (99.9 %)', \
     '$work/measured_split-block.dat' using 1:2:3:4 with yerrorbars pt 5 lc 3 title 'measured split-block (99.9 %)'"

# --- Figure 7: LSM filter memory, uniform against Monkey ------------------------------
columns data/lsm_allocation.csv bits_per_key read_amp_miss_uniform read_amp_miss_monkey \
    read_amp_miss_no_last_level >"$work/lsm_allocation.dat"
plot lsm_allocation.png "
set logscale y; set format y '10^{%L}'; set grid; set key top right
set xlabel 'filter memory, bits per key (L = 5, T = 10, 10^9 keys)'
set ylabel 'expected I/Os of a lookup for an absent key'
plot '$work/lsm_allocation.dat' using 1:2 with linespoints lw 2 title 'the same rate on every level', \
     '$work/lsm_allocation.dat' using 1:3 with linespoints lw 2 title 'Monkey: rates optimal for the memory', \
     '$work/lsm_allocation.dat' using 1:4 with linespoints dt 2 title 'no filter on the last level'"

lsm_at_ten() {
    columns data/lsm_allocation.csv bits_per_key "$1" | awk '$1 + 0 == 10 { print $2 }'
}


# --- Figure 8: each library, predicted and measured --------------------------------
# The measured rates are recorded measurements of the real libraries (tests/peers/measured_rates.csv,
# written by tests/peers/record_rates.sh from a "make check-peers" run); the predictions are
# computed now, by bloomcalc compare for each row's n and p.
peer_rates=tests/peers/measured_rates.csv
# RocksDB's Bloom filter was measured at the textbook bits_per_key, ln(1/p)/ln^2 2 (the c
# tests/peers/rocksdb_peer.cc gives it), so its prediction is compare's at that c.
columns "$peer_rates" rule n p | while IFS="$(printf '\t')" read -r rule n p; do
    sizing="$p"
    [ "$rule" = rocksdb ] && sizing="-c $(awk -v p="$p" 'BEGIN { printf "%.17g", -log(p) / log(2) ^ 2 }')"
    file="$work/compare_${n}_${p}_$rule.csv"
    # shellcheck disable=SC2086
    [ -s "$file" ] || "$bloomcalc" compare "$n" $sizing --format csv --columns rule,fpr_layout >"$file"
    columns "$file" rule fpr_layout | awk -F'\t' -v rule="$rule" '$1 == rule { print $2 }'
done >"$work/peer_predictions.txt"
columns "$peer_rates" rule n measured_fpr ci_low ci_high bloomsim_fpr bloomsim_ci_low bloomsim_ci_high known_gap |
    paste - "$work/peer_predictions.txt" >"$work/peer_rates.tsv"
# plotted: each rate over the rule's prediction (1 = the prediction)
awk -F'\t' 'function r(v) { return v == "" ? "NaN" : v / $10 }
    { print NR, r($3), r($4), r($5), r($6), r($7), r($8), "\"" $1 " " $2 "\"" }' "$work/peer_rates.tsv" >"$work/peer_rates.dat"
plot library_rates.png "
set termoption noenhanced; set grid ytics; set key below
set xrange [0.5:$(wc -l <"$work/peer_rates.dat") + 0.5]; set xtics rotate by -35 font ',8'
set ylabel 'false-positive rate / predicted rate of the rule'; set xlabel 'library (the rule of bloomcalc compare) and keys'
plot 1 with lines lw 2 lc rgb 'gray40' title 'bloomcalc compare: the rate of the rule', \
     '$work/peer_rates.dat' using 1:2:3:4:xtic(8) with yerrorbars pt 7 ps 0.8 title 'the real library, measured (99.9 %)', \
     '$work/peer_rates.dat' using (\$1 + 0.25):5:6:7 with yerrorbars pt 5 ps 0.7 title 'bloomsim --library, measured (99.9 %)'"
peer_rows=$(wc -l <"$work/peer_rates.tsv")
peer_inside=$(awk -F'\t' '$10 + 0 >= $4 + 0 && $10 + 0 <= $5 + 0 { n++ } END { print n + 0 }' "$work/peer_rates.tsv")
peer_gaps=$(awk -F'\t' '$9 != "" { n++ } END { print n + 0 }' "$work/peer_rates.tsv")
peer_gaps_outside=$(awk -F'\t' '$9 != "" && ($10 + 0 < $4 + 0 || $10 + 0 > $5 + 0) { n++ } END { print n + 0 }' "$work/peer_rates.tsv")

# --- Figure 9: the engines' filters against their keys ----------------------------------
# Lines: the calculator's rate for each engine's rule (fpr_layout); points: the filters built
# as the engine builds them (bloomsim --library), 99.9 % intervals.
engine_plot=""
engine_style=1
for library in $(columns data/simulated_engines.csv library | awk '!seen[$0]++'); do
    columns data/simulated_engines.csv library n fpr_layout measured_fpr ci_low ci_high |
        awk -v library="$library" '$1 == library { print $2, $3, $4, $5, $6 }' >"$work/engine_$library.dat"
    engine_plot="$engine_plot${engine_plot:+, }'$work/engine_$library.dat' using 1:2 with lines lw 2 lc $engine_style title '$library, bloomcalc', '$work/engine_$library.dat' using 1:3:4:5 with yerrorbars pt 7 lc $engine_style title '$library, built and measured (99.9 %)'"
    engine_style=$((engine_style + 1))
done
plot engine_rates.png "
set termoption noenhanced; set logscale x; set format x '10^%L'; set grid; set key below
set xlabel 'keys a filter holds (10 bits a key: bits_per_key 10)'
set ylabel 'false-positive rate'
plot $engine_plot"
# LevelDB's widest gap: the row where measured / predicted is largest.
leveldb_gap=$(columns data/simulated_engines.csv library n measured_fpr ci_low ci_high fpr_layout |
    awk '$1 == "leveldb" && $4 / $6 > worst { worst = $4 / $6
         row = $2 " keys, measured " $3 " [" $4 ", " $5 "] against " $6 } END { print row }')

# --- Figure 10: one audited tree, each file's rate from its bits against the prediction --------
# tests/peers/audited_tree.csv: "bloomcalc audit" of a real RocksDB tree (check-peers' bloom tree,
# recorded by tests/peers/record_rates.sh): per file fpr_bits, fpr_layout, entries and level.
audited=tests/peers/audited_tree.csv
columns "$audited" entries fpr_bits fpr_layout level |
    awk -F'\t' '$3 != "" { print $1, $2, $3, $4, $2 / $3 }' >"$work/audited.dat"
plot audited_tree.png "
set termoption noenhanced; set logscale x; set format x '10^%L'; set grid; set key below
set xlabel 'entries in the file'; set ylabel 'fpr_bits / fpr_layout'
plot 1 with lines lw 2 lc rgb 'gray40' title 'the calculator (fpr_layout of the file): 1', \
     '$work/audited.dat' using 1:(\$4 == 0 ? \$5 : NaN) with points pt 7 ps 0.9 title 'a level-0 file: its bits (bloomcalc audit)', \
     '$work/audited.dat' using 1:(\$4 > 0 ? \$5 : NaN) with points pt 6 ps 0.9 title 'a deeper file: its bits (bloomcalc audit)'"
audited_files=$(wc -l <"$work/audited.dat")
audited_levels=$(awk '{ seen[$4] = 1 } END { print length(seen) }' "$work/audited.dat")
audited_median=$(awk '{ print $5 }' "$work/audited.dat" | sort -g |
    awk '{ r[NR] = $1 } END { printf "%.4f", NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }')
audited_range=$(awk 'NR == 1 || $5 < low { low = $5 } NR == 1 || $5 > high { high = $5 }
    END { printf "%.4f to %.4f", low, high }' "$work/audited.dat")
audited_close=$(awk '$5 >= 0.95 && $5 <= 1.05 { n++ } END { print n + 0 }' "$work/audited.dat")
audited_widest=$(awk '{ d = $5 > 1 ? $5 - 1 : 1 - $5 } NR == 1 || d > widest { widest = d; keys = $1 }
    END { print keys }' "$work/audited.dat")

# --- the findings, filled in from the tables -------------------------------------------
independent_runs=$(( $(csv data/simulated_convergence.csv | tail -n +2 | wc -l)
                   + $(count data/simulated_schemes.csv scheme=independent)
                   + $(csv data/simulated_saturation.csv | tail -n +2 | wc -l) ))
rejected() {   # rejected VERDICT-COLUMN: rejections over the independent-hashing runs
    echo $(( $(count data/simulated_convergence.csv "$1=rejected")
           + $(count data/simulated_schemes.csv scheme=independent "$1=rejected")
           + $(count data/simulated_saturation.csv "$1=rejected") ))
}
largest_rejected=$(columns data/simulated_convergence.csv m verdict_approx |
    awk '$2 == "rejected" && $1 + 0 > largest { largest = $1 + 0 } END { print largest + 0 }')
double_runs=$(( $(count data/simulated_schemes.csv scheme=double) + $(count data/simulated_schemes.csv scheme=enhanced) ))
double_rejected=$(( $(count data/simulated_schemes.csv scheme=double verdict_exact=rejected)
                  + $(count data/simulated_schemes.csv scheme=enhanced verdict_exact=rejected) ))
double_above=$(columns data/simulated_schemes.csv scheme verdict_exact ci_low fpr_exact |
    awk '$1 != "independent" && $2 == "rejected" && $3 > $4 { n++ } END { print n + 0 }')
lsm_runs=$(csv data/simulated_lsm.csv | tail -n +2 | wc -l)
lsm_hit_rejected=$(count data/simulated_lsm.csv verdict_hit=rejected)
lsm_miss_rejected=$(count data/simulated_lsm.csv verdict_miss=rejected)
claims=$(csv data/seed_claims.csv | tail -n +2 | wc -l)
claims_hold=$(count data/seed_claims.csv holds=yes)
claims_exact=$(count data/seed_claims.csv kind=exact)

{
cat <<TEXT
# Verification report

Generated by \`make report\` from the code (report/generate.sh reads the tables in \`data/\`,
which \`make data\` produces; nothing here is typed by hand). bloomcalc computes every rate in
certified arbitrary precision; bloomsim builds real filters (XXH3 hashes, seeded) and measures them.

## Findings

1. **The approximations are optimistic, and their error shrinks like 1/m.** At 10 bits per key
   and k = 7, Bloom's formula and the exponential approximation are below the exact rate at every
   m from $(value data/convergence_fit.csv m_from) to $(value data/convergence_fit.csv m_to) bits. The least-squares slope of
   log error against log m is $(value data/convergence_fit.csv slope_bloom) for Bloom's formula and
   $(value data/convergence_fit.csv slope_approx) for the approximation (−1 is 1/m), and m times the error tends to
   $(value data/convergence.csv m_relerr_bloom) and $(value data/convergence.csv m_relerr_approx) (Figure 1,
   \`data/convergence.csv\`). At m = 64 the approximation is $(value data/convergence.csv relerr_approx 1) relative
   to the exact rate; at m = 2^30 it is $(value data/convergence.csv relerr_approx).
2. **The measurements support the exact rate.** Over $independent_runs simulator runs with
   independent hashing (Figures 1, 2 and 5), the exact prediction was rejected $(rejected verdict_exact) times at
   99.9 %, Bloom's formula $(rejected verdict_bloom) times and the approximation $(rejected verdict_approx) times: the
   approximations are rejected where a run is large enough to see their error (here up to
   m = $largest_rejected bits at 10 bits per key; the table below gives every run), and the exact rate
   never is.
3. **Double hashing is not independent hashing at small m.** With Kirsch–Mitzenmacher double
   hashing or Dillinger–Manolios enhanced double hashing at m = 1024, the independent-hashing
   exact rate was rejected in $double_rejected of $double_runs runs (Figure 2, \`data/simulated_schemes.csv\`), and in
   $double_above of those the measured rate is above it: the excess that the 1/m analysis of
   double hashing predicts (FORMULAS.md §d), largest at many bits per key.
4. **Read amplification is 1 + (L − 1)p on a hit and L·p on a miss.** Over $lsm_runs simulated LSM
   trees, the hit formula was rejected $lsm_hit_rejected times and the miss formula $lsm_miss_rejected times (Figure 4,
   \`data/simulated_lsm.csv\`).
5. **The constant matters less than the integer k.** At 1 % the exact constant 1/ln 2 gives
   $(value data/sizing_by_rate.csv bits_per_key 2) bits per key and 1.44 gives $(value data/sizing_by_rate.csv bits_per_key_1_44 2) (Figure 3); but with
   the integer k = $(value data/sizing_by_rate.csv k 2) the textbook m achieves $(value data/sizing_by_rate.csv fpr_exact 2), and meeting 1 % takes
   $(value data/sizing_by_rate.csv extra_bytes_meeting_target 2) more bytes per billion keys (\`data/sizing_by_rate.csv\`).
6. **Deployed layouts pay for locality.** At 10 bits per key (m = 2^20) the standard filter's
   rate is $(columns data/layouts_by_bits_per_key.csv n layout fpr_layout | awk '$1 == 104858 && $2 == "standard" { print $3 }'); 512-bit blocks give $(columns data/layouts_by_bits_per_key.csv n layout fpr_layout | awk '$1 == 104858 && $2 == "blocked" { print $3 }') and
   split blocks $(columns data/layouts_by_bits_per_key.csv n layout fpr_layout | awk '$1 == 104858 && $2 == "split-block" { print $3 }') (Figure 6, \`data/layouts_by_bits_per_key.csv\`); among the library
   rules for a billion keys at 1 %, the rates range from $(columns data/library_rules.csv fpr_layout | grep . | sort -g | head -n 1) to $(columns data/library_rules.csv fpr_layout | grep . | sort -g | tail -n 1)
   (libbloom refuses a filter of 2^31 bits or more)
   (\`data/library_rules.csv\`). In an LSM tree (L = 5, T = 10, 10 bits per key) Monkey's
   allocation cuts the expected I/Os of an absent key from $(lsm_at_ten read_amp_miss_uniform) to $(lsm_at_ten read_amp_miss_monkey) at equal
   memory (Figure 7, \`data/lsm_allocation.csv\`). Real filters of each layout agree with their models:
   over $(csv data/simulated_layouts.csv | tail -n +2 | wc -l) measured layouts the layout's own prediction was rejected $(count data/simulated_layouts.csv verdict_layout=rejected) times,
   the standard filter's exact rate $(count data/simulated_layouts.csv verdict_exact=rejected) times (\`data/simulated_layouts.csv\`).
7. **Each library's own filter has the rate the calculator gives for its rule.** Measured on the
   real libraries (Guava 31.1, libbloom 1.6, bits-and-blooms 3.3.1, npm bloom-filters 3.0.4 and
   RocksDB 7.8's Bloom and Ribbon filters; recorded by \`tests/peers/record_rates.sh\`), the
   prediction of \`bloomcalc compare\` lies inside the 99.9 % interval in $peer_inside of $peer_rows settings
   (Figure 8 and the table below), Guava at 100 and 300 keys included, where its index arithmetic
   raises the rate by 7.9 % and 2.6 % over independent probes and the calculator models it exactly
   (FORMULAS.md §q); known gaps (a setting the calculator does not model): $peer_gaps, outside in $peer_gaps_outside.
8. **The seeds' figures:** $claims_hold of $claims quoted figures hold ($claims_exact of them exactly); the others are
   listed in the last table, each with what the figure really is.

## Figure 1: relative error against m

![relative error](relative_error.png)

Lines: the exact relative errors (certified, \`bloomcalc converge\`). Points: the approximation
and Bloom's formula against the *measured* rate, with the 99.9 % interval of the measurement
(\`bloomsim fpr\`, independent hashing); they fall on the lines where the runs resolve them. A
bar that reaches the bottom edge extends to zero or below: that run cannot resolve the error.

## Figure 2: measured rate against bits per key, three probe schemes

![probe schemes](schemes.png)

## Figure 3: bits per key against the target rate

![bits per key](bits_per_key.png)

## Figure 4: read amplification against p

![read amplification](read_amplification.png)

## Figure 5: saturation

![saturation](saturation.png)

## Figure 6: layouts against bits per key

![layouts](layouts.png)

Lines: each layout's exact model (\`fpr_layout\`) for the filters measured, m = 2^16 with their
n and k; points: the measurements with their 99.9 % intervals (\`data/simulated_layouts.csv\`).

## Figure 7: LSM filter memory, uniform rates against Monkey's allocation

![LSM allocation](lsm_allocation.png)

## Figure 8: each library, predicted and measured

![library rates](library_rates.png)

Points with bars: the real library's measured rate (\`tests/peers/measured_rates.csv\`, recorded
measurements of the real libraries by \`tests/peers/record_rates.sh\`, 99.9 % between-filters
intervals) and, beside it, bloomsim's filter built with that library's own hash and index
arithmetic (\`bloomsim fpr --library\`, same m, n, k and run size; for RocksDB's Ribbon filter a
real Ribbon of the same slots and columns on bloomsim's own hash), each divided by the rate \`bloomcalc compare\` gives for the library's rule (computed when
the report is generated): a bar that crosses the line at 1 contains the prediction.

## Figure 9: the engines' filters against the keys they hold

![engine rates](engine_rates.png)

Lines: the calculator's rate for each engine's rule at \`bits_per_key\` 10 (\`fpr_layout\`); points:
filters built as the engine builds them, bit for bit (\`bloomsim plan --library\`,
\`data/simulated_engines.csv\`). RocksDB's filters round a few keys up to whole 512-bit lines,
so the smallest are far below 1 %; its Ribbon falls back to a Bloom filter for the fewest keys;
its legacy filter (format_version 4 and older) takes line and probes from one 32-bit hash, which
the calculator takes as independent (\`calc/FORMULAS.md\` §e.8, and its \`warning\`).
LevelDB's probes take start and step from one 32-bit hash (\`calc/FORMULAS.md\` §r): the
calculator's rate of independent probes understates it, most at $leveldb_gap
predicted, and its \`warning\` says so.

## Figure 10: one audited tree, each file's bits against the prediction

![audited tree](audited_tree.png)

Each of the $audited_files files of a RocksDB 7.8 tree on $audited_levels levels (\`make check-peers\`' FastLocalBloom
tree of 2e6 keys, recorded in \`tests/peers/audited_tree.csv\`): the rate of its filter's bits
(\`fpr_bits\` of \`bloomcalc audit\`, exact) over the calculator's rate for a filter of that size, k
and entries (\`fpr_layout\`). Median $audited_median, from $audited_range; within ±5 %: $audited_close of
$audited_files files; the farthest holds $audited_widest entries. A filter's rate is that of the keys it happens to
hold, which spreads around the model's mean the less the more keys it holds.

## Each library: predicted and measured

TEXT
echo "| library (rule) | n | p | m | k | queries | measured (real library) | 99.9 % interval | bloomsim --library | 99.9 % interval | predicted | known gap |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
columns "$peer_rates" library rule n p m k trials queries |
    awk -F'\t' '{ printf "%s (%s)\t%s\t%s\t%s\t%s\t%s x %s\n", $1, $2, $3, $4, $5, ($6 == 0 ? "-" : $6), $7, $8 }' |
    paste - "$work/peer_rates.tsv" |
    awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | [%s, %s] | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6,
                   $9, $10, $11, ($12 == "" ? "-" : $12), ($13 == "" ? "-" : "[" $13 ", " $14 "]"), $16, ($15 == "" ? "" : $15) }'
cat <<TEXT

## What each library allocates for a billion keys at 1 %

TEXT
echo "| rule | version | bits | bytes allocated | bits per key | k | layout | real rate |"
echo "|---|---|---|---|---|---|---|---|"
columns data/library_rules.csv rule version m_bits bytes_library bits_per_key k layout fpr_layout |
    awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
cat <<TEXT

## LSM filter memory: uniform against Monkey at equal memory (L = 5, T = 10, 10^9 keys)

TEXT
echo "| bits per key | absent key, uniform | absent key, Monkey | absent key, no last-level filter | hit (mean over keys), uniform | hit (mean over keys), Monkey |"
echo "|---|---|---|---|---|---|"
columns data/lsm_allocation.csv bits_per_key read_amp_miss_uniform read_amp_miss_monkey read_amp_miss_no_last_level \
    read_amp_hit_mean_uniform read_amp_hit_mean_monkey |
    awk '{ printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }'
cat <<TEXT

## Convergence table

TEXT
echo "| m | n | exact | Bloom's formula | approximation | Bloom vs exact | approx vs exact | m × (Bloom vs exact) | m × (approx vs exact) |"
echo "|---|---|---|---|---|---|---|---|---|"
columns data/convergence.csv m n fpr_exact fpr_bloom fpr_approx relerr_bloom relerr_approx m_relerr_bloom m_relerr_approx |
    awk 'NR % 4 == 1 { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9 }'
echo
echo "## Measured against predicted (independent hashing)"
echo
echo "| m | n | k | queries | measured | 99.9 % interval | exact | Bloom | approx | verdicts (exact / Bloom / approx) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
columns data/simulated_convergence.csv m n k queries measured_fpr ci_low ci_high fpr_exact fpr_bloom fpr_approx \
    verdict_exact verdict_bloom verdict_approx |
    awk '{ printf "| %s | %s | %s | %s | %s | [%s, %s] | %s | %s | %s | %s / %s / %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 }'
if [ -f data/bench.csv ]; then
    echo
    echo "## Performance (make bench, data/bench.csv)"
    echo
    echo "One run of \`make bench\` on one machine: every row builds a filter from the same keys and asks it"
    echo "the same absent keys, at the row's own n, m (bits) and k. *textbook* is the loop a first"
    echo "implementation writes (two FNV-1a hashes, \`(h1 + i h2) % m\`, one thread): the ratios"
    echo "*x textbook* are its nanoseconds a key over the row's. *x bloomsim* is the standard layout's"
    echo "build plus queries time over the row's: the deployed layouts (partitioned, blocked, split block)"
    echo "run on the same engine (sim/engine/bulk.c, positions from sim/filter/key_probes.h), and"
    echo "*libbloom* is the C library a user would pick instead (Debian libbloom-dev 1.6, its own sizing"
    echo "for 10 bits a key, one thread). The *tiny* rows are filters of at most 512 bits on the"
    echo "direct-draw engine (sim/engine/tiny.h): \"queries\" counts filter instances, each built and asked"
    echo "once. *cpu seconds* is the processor time of the row's parts (all threads), *x cpu* the"
    echo "standard layout's over the row's: on a shared machine the steadier of the two comparisons."
    echo "Timings depend on the machine and its load; only ratios within one run compare"
    echo "(sim/PERFORMANCE.md §l.4)."
    echo
    echo "| case | threads | n | m | k | ns/insert | ns/query | x textbook (insert) | x textbook (query) | x bloomsim | seconds | cpu seconds | x cpu | positives |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    columns data/bench.csv case threads n m k ns_per_insert ns_per_query insert_speedup_vs_textbook \
        query_speedup_vs_textbook speedup_vs_bloomsim_standard seconds cpu_seconds \
        cpu_speedup_vs_bloomsim_standard positives |
        awk -F'\t' '{ line = "|"; for (i = 1; i <= NF; i++) line = line " " $i " |"; print line }'
fi
echo
echo "## The seeds' figures"
echo
echo "Each figure quoted in the design documents the product was specified from (not part of this"
echo "repository; the claims are listed in \`report/seed_claims.tsv\`), recomputed: *computed* is"
echo "bloomcalc's value correctly rounded to as many digits as the quote, *value* has 12 digits; *kind*"
echo "says whether the quote is the exact value, a correct rounding, or wrong; for a wrong figure,"
echo "*really* names the quantity it does equal (from data/seed_claims.csv)."
echo
echo "| seed | claim | quoted | computed | value | holds | kind | really |"
echo "|---|---|---|---|---|---|---|---|"
columns data/seed_claims.csv seed claim quoted computed value holds kind matches |
    awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8 == "none" ? "" : $8 }'
} >"$out/README.md.tmp"
mv "$out/README.md.tmp" "$out/README.md"
progress_end

#!/bin/sh
# generate.sh BUILD [DIRECTORY] - regenerates the project's published tables
# (and their index, README.md) from the programs in BUILD, into DIRECTORY
# (default: data/).  Every table is produced by a documented command line,
# written here once, so "make data" and the test that compares the
# committed tables with fresh ones run exactly the same commands.
set -eu
build=$1
directory=${2:-data}
bloomcalc=$build/bloomcalc
bloomsim=$build/bloomsim
mkdir -p "$directory"
. data/rows.sh
progress_begin "make data" data/generate.sh "$build"

# table FILE DESCRIPTION COMMAND... - writes one table (whole or not at all) and records it.
index=$(mktemp)
trap 'rm -f "$index"' EXIT
table() {
    file=$1
    description=$2
    shift 2
    step "$file" || return 0
    if ! "$@" >"$directory/$file.tmp"; then
        rm -f "$directory/$file.tmp"   # a failed command leaves no partial table behind
        echo "generate.sh: $file: '$*' failed" >&2
        exit 1
    fi
    mv "$directory/$file.tmp" "$directory/$file"
    printf "| \`%s\` | %s | \`%s\` |\n" "$file" "$description" "$(echo "$*" | sed "s|$build/||g; s| $build\$| BUILD|")" >>"$index"
}

table sizing_by_rate.csv \
    "Sizing by target rate for a billion keys: bits per key with 1/ln 2 and with 1.44 side by side, the best integer k, memory, the rate really achieved, and the smallest m that meets the target" \
    "$bloomcalc" table -n 1e9 -p 0.1..1e-9 \
    --columns p,bits_per_key,bits_per_key_1_44,bits_per_key_gap,k_real,k,m_bits,bytes,gigabytes,gibibytes,fpr_exact,m_bits_meeting_target,k_meeting_target,extra_bytes_meeting_target

table memory_by_keys_and_rate.csv \
    "Memory for n keys at rate p (n from 1e3 to 1e12, p from 10 % to 1e-6): textbook m and bytes, and the m and bytes that meet p exactly" \
    "$bloomcalc" table -n 1e3,1e6,1e9,1e12 -p 0.1..1e-6 \
    --columns n,p,m_bits,bytes,gibibytes,k,fpr_exact,m_bits_meeting_target,bytes_meeting_target

table lsm_read_amplification.csv \
    "LSM read amplification with one filter per level at rate p: probes for a key on the deepest level, 1 + (L-1)p, and for an absent key, L p, for L = 1..20" \
    "$bloomcalc" table -n 1e9 -p 0.1..1e-4 -L 1..20 \
    --columns levels,p,read_amp_hit,read_amp_miss,read_amp_without_filters

table convergence.csv \
    "Convergence at 10 bits per key and k = 7, m = 2^6..2^30: the three rates, each approximation's relative error against the exact rate, m times that error, and the local slope of the logarithm of the absolute error against ln m" \
    "$bloomcalc" converge

table convergence_fit.csv \
    "The least-squares slope of the logarithm of the absolute relative error against ln m over the convergence table (-1 means the error shrinks like 1/m)" \
    "$bloomcalc" converge --fit

table seed_claims.csv \
    "Every figure quoted in the seed documents checked against bloomcalc: the value correctly rounded to the quoted digits, whether the figure holds, whether it is exact or only rounded, and for a wrong figure which computed quantity it really is (list: report/seed_claims.tsv)" \
    sh report/seed_claims.sh "$build"

table library_rules.csv \
    "What each well-known library allocates for a billion keys at 1 %: bits, bytes (and GB, GiB), hash count, layout, and the rate that filter really has" \
    "$bloomcalc" compare 1e9 1% --format csv

# several_rows FILE DESCRIPTION: a table gathered from several runs (rows.sh collect).
several_rows() {
    publish_runs "$directory/$1"
    printf '| `%s` | %s | `data/generate.sh` |\n' "$1" "$2" >>"$index"
}

rm -f "$directory/lsm_allocation.csv.tmp"
for per_key in 2 4 6 8 10 12 14 16; do
    collect "$directory/lsm_allocation.csv.tmp" "$bloomcalc" lsm -L 5 -T 10 -n 1e9 --bits-per-key "$per_key"
done
several_rows lsm_allocation.csv \
    "LSM filter memory at equal budgets (L = 5, T = 10, 1e9 keys, 2 to 16 bits per key): expected I/Os of absent and present keys under uniform rates, Monkey's optimal rates, and no filter on the last level"

rm -f "$directory/layouts_by_bits_per_key.csv.tmp"
for layout in standard partitioned blocked split-block; do
    for per_key in 4 6 8 10 12 14 16 18 20; do
        keys=$(round_ratio 1048576 "$per_key")
        hashes=$(best_hashes "$bloomcalc" "$keys" 1048576)
        [ "$layout" = split-block ] && hashes=8     # one bit in each of eight 32-bit words
        collect "$directory/layouts_by_bits_per_key.csv.tmp" "$bloomcalc" fpr -m 1048576 -n "$keys" \
            -k "$hashes" --layout "$layout"
    done
done
several_rows layouts_by_bits_per_key.csv \
    "The rate of each layout (standard, partitioned, blocked in 512-bit blocks, split-block) against bits per key, m = 2^20, best integer k (8 for split-block)"

# The simulator's tables: real filters measured with fixed seeds (data/simulate.sh).
# BLOOM_SKIP_SIMULATIONS=1 leaves them out (the sanitizer test run, which
# checks the calculator's tables only; the plain run checks these).
if [ "${BLOOM_SKIP_SIMULATIONS:-0}" != 1 ]; then
    sh data/simulate.sh "$build" "$directory"
fi
simulated() {
    printf '| `%s` | %s | `sh data/simulate.sh BUILD` |\n' "$1" "$2" >>"$index"
}
simulated simulated_convergence.csv \
    "Measured rates of real filters at 10 bits per key and k = 7 for m = 2^6..2^12 (independent hashing, XXH3), against the exact rate, Bloom's formula and the approximation, with 99.9 % intervals and verdicts"
simulated simulated_schemes.csv \
    "Measured rates at m = 1024 bits for 1 to 20 bits per key under independent, double (Kirsch-Mitzenmacher) and enhanced (Dillinger-Manolios) hashing, against the independent-hashing predictions"
simulated simulated_lsm.csv \
    "Measured read amplification of LSM trees (L = 5, size ratio 10; L = 20 equal runs) at p from 10 % to 0.1 %, hit and miss, against 1 + (L-1)p and L p"
simulated simulated_layouts.csv \
    "Measured rates of partitioned, blocked (512-bit) and split-block filters of 2^16 bits at 4 to 20 bits per key, against each layout's exact model (fpr_layout) and the standard filter's rate"
simulated simulated_engines.csv \
    "The database engines' filters at 10 bits a key (bits_per_key 10) and 20 to 10^6 keys a filter: LevelDB's and RocksDB's (legacy Bloom, FastLocalBloom, Ribbon), each built bit for bit with the engine's own hash and probes, measured against the calculator's rate for the rule (fpr_layout)"
simulated simulated_saturation.csv \
    "A filter sized for 1000 keys at 1 % (m = 9586, k = 7) filled with 1 to 4 times as many keys, against the predictions for the keys really inserted"

{
    echo "# Published tables"
    echo
    echo "Generated by \`make data\` (data/generate.sh) from the current code; the test suite fails if a"
    echo "committed table differs from what the code produces. CSV is RFC 4180 with LF line"
    echo "ends (header row; the programs' --crlf writes CRLF); every real number is correctly rounded to 9 significant digits, every integer exact."
    echo "Column names are the keys documented in the top-level README. A table gathered from several"
    echo "runs whose columns differ (layouts with columns of their own) has one header, the union of"
    echo "their columns, and an empty field where a column does not apply to a row;"
    echo "tests/cli_data_files.sh parses every file strictly."
    echo
    echo "| file | what it holds | command |"
    echo "|---|---|---|"
    cat "$index"
} >"$directory/README.md.tmp"
mv "$directory/README.md.tmp" "$directory/README.md"
progress_end

#!/bin/sh
# cli_description.sh BUILD - one description of a filter as deployed, one
# filter.  A grid of descriptions (every layout, several
# block sizes and word counts, several k, hash and index widths, every
# memory rounding, the probe schemes; both the "-m M -n N -k K" form of
# fpr and the "N P" form of plan) is given to bloomcalc and to bloomsim
# (with a one-filter, one-query run: only the predictions are compared).
# For each description both programs must either
#   - succeed and print, under every key the two records share, the same
#     value digit for digit (k, k_layout, m or m_bits, bytes, m_allocated,
#     bytes_allocated, m_reachable, the standard rates and fpr_layout, and
#     the description's own fields), every key of $required being present
#     in both; or
#   - refuse it (exit 2) with the same message after "PROGRAM COMMAND: ".
# lsm (same_lsm): a three-level tree (T = 10, -n 111000 in both programs,
# which split it into 1000/10000/100000 keys a level) under each
# budget and allocation, with a grid of descriptions: the two programs must
# print the same bits per level and the same predicted read amplification
# (bloomsim's read_amp_miss and read_amp_hit for --allocation, else its
# read_amp_*_achieved, against bloomcalc's read_amp_miss_ALLOCATION and
# read_amp_hit_worst_ALLOCATION), or refuse in the same words.
# The expected values are not written here: the test is that two programs
# which used to build different filters from the same words (split-block
# k 8 against k 16) now agree everywhere on the grid.  It also checks that
# the description's options read the same in both programs' --help.
# Ends with "description: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"
run_size="--trials 1 --queries 1 --seed 1"

# key_values FILE - "KEY=VALUE" lines of the one CSV record in FILE
# (RFC 4180: a quoted field may hold commas and doubled quotes).
key_values() {
    tr -d '\r' <"$1" | awk '
        function split_csv(line, fields,    n, i, c, quoted, field) {
            n = 0; field = ""; quoted = 0
            for (i = 1; i <= length(line); i++) {
                c = substr(line, i, 1)
                if (quoted) {
                    if (c == "\"" && substr(line, i + 1, 1) == "\"") { field = field c; i++ }
                    else if (c == "\"") quoted = 0
                    else field = field c
                } else if (c == "\"") quoted = 1
                else if (c == ",") { fields[++n] = field; field = "" }
                else field = field c
            }
            fields[++n] = field
            return n
        }
        NR == 1 { count = split_csv($0, keys) }
        NR == 2 { split_csv($0, values); for (i = 1; i <= count; i++) print keys[i] "=" values[i] }'
}

# differences CALC_PAIRS SIM_PAIRS REQUIRED... - prints the keys missing
# from either record among REQUIRED, and every shared key whose values differ.
differences() {
    left=$1
    right=$2
    shift 2
    awk -v required="$*" '
        FNR == 1 { file++ }
        { key = substr($0, 1, index($0, "=") - 1); value = substr($0, index($0, "=") + 1) }
        file == 1 { calc[key] = value; next }
        file == 2 { sim[key] = value; if (key in calc && calc[key] != value)
                        printf " %s: bloomcalc %s, bloomsim %s;", key, calc[key], value }
        END { n = split(required, need, " ")
              for (i = 1; i <= n; i++) {
                  if (!(need[i] in calc)) printf " %s missing in bloomcalc;", need[i]
                  if (!(need[i] in sim)) printf " %s missing in bloomsim;", need[i]
              } }' "$left" "$right"
}

description_keys="layout block_bits k_layout round m_allocated bytes_allocated hash_bits index_bits
                  scheme m_reachable fpr_layout_filter fpr_layout warning"
fpr_required="m n k fpr_exact fpr_bloom fpr_approx $description_keys"
plan_required="n p m_bits bytes k fpr_exact fpr_bloom fpr_approx $description_keys"

# both_succeeded COMMAND - after both programs ran COMMAND (exit statuses in
# $calc_rc and $sim_rc, outputs and messages in $scratch, the case in $name):
# counts a refusal in the same words with nothing on stdout, or fails any
# other disagreement; returns 0 only when both succeeded.
both_succeeded() {
    if [ "$calc_rc" -eq 2 ] && [ "$sim_rc" -eq 2 ]; then
        calc_message=$(sed "s/^bloomcalc $1: //" "$scratch/calc.err")
        sim_message=$(sed "s/^bloomsim $1: //" "$scratch/sim.err")
        if [ "$calc_message" = "$sim_message" ] && [ -n "$calc_message" ] \
            && [ ! -s "$scratch/calc.csv" ] && [ ! -s "$scratch/sim.csv" ]; then
            refused=$((refused + 1))
            pass
        else
            fail "$name: refused differently: '$calc_message' against '$sim_message'"
        fi
        return 1
    fi
    if [ "$calc_rc" -ne 0 ] || [ "$sim_rc" -ne 0 ]; then
        fail "$name: exit $calc_rc (bloomcalc: $(cat "$scratch/calc.err")) and $sim_rc (bloomsim: $(cat "$scratch/sim.err"))"
        return 1
    fi
    return 0
}

# same COMMAND ARGS... - the description in ARGS gives the same filter in
# both programs (see the head of this file).
same() {
    command=$1
    shift
    "$calc" "$command" "$@" --format csv >"$scratch/calc.csv" 2>"$scratch/calc.err"
    calc_rc=$?
    "$sim" "$command" "$@" $run_size --format csv >"$scratch/sim.csv" 2>"$scratch/sim.err"
    sim_rc=$?
    name="$command $*"
    both_succeeded "$command" || return
    key_values "$scratch/calc.csv" >"$scratch/calc.pairs"
    key_values "$scratch/sim.csv" >"$scratch/sim.pairs"
    if [ "$command" = fpr ]; then required=$fpr_required; else required=$plan_required; fi
    # a library sizes N P as a plan for its own memory, which names no target p
    # (so does a plan for memory: -n with -m, --memory or -c)
    case " $* " in *" --library "*|*" -c "*|*" --memory "*|*" -m "*) required=$(echo "$required" | sed 's/^n p /n /') ;; esac
    problems=$(differences "$scratch/calc.pairs" "$scratch/sim.pairs" $required)
    if [ -z "$problems" ]; then
        agreed=$((agreed + 1))
        pass
    else
        fail "$name:$problems"
    fi
}

agreed=0
refused=0
roundings="none byte word64 pow2 block"
# Widths cycle against the roundings, so that every shape meets every
# rounding and every width.
widths_0=""
widths_1="--hash-bits 32"
widths_2="--hash-bits 16"
widths_3="--hash-bits 64 --index-bits 12"
widths_4="--index-bits 14"
widths_of() {
    case $(( $1 % 5 )) in
    0) echo "$widths_0" ;; 1) echo "$widths_1" ;; 2) echo "$widths_2" ;; 3) echo "$widths_3" ;; *) echo "$widths_4" ;;
    esac
}

# Shapes: layout, block size, words, k (fpr form) and scheme.
fpr_shapes="standard:-:-:1 standard:-:-:7 standard:-:-:13 standard:-:-:7:double standard:-:-:5:enhanced
            partitioned:-:-:3 partitioned:-:-:7
            blocked:256:-:4 blocked:512:-:7 blocked:1024:-:7 blocked:-:-:11
            split-block:-:-:8 split-block:256:-:4 split-block:512:-:16 split-block:512:-:8
            split-block:128:4:4 split-block:1024:32:32"
# plan: the plan's own k (or -k) and the block's words.
plan_shapes="standard:-:-:- standard:-:-:5 standard:-:-:-:double partitioned:-:-:-
             blocked:256:-:- blocked:512:-:- blocked:1024:-:6
             split-block:-:-:- split-block:512:-:- split-block:128:-:- split-block:512:-:8 split-block:256:4:-"

# shape_options SHAPE - the description's options of a shape (k apart).
shape_options() {
    echo "$1" | awk -F: '{ printf "--layout %s", $1
                           if ($2 != "-") printf " --block-bits %s", $2
                           if ($3 != "-") printf " --block-words %s", $3
                           if ($5 != "") printf " --hash %s", $5 }'
}
shape_k() { echo "$1" | awk -F: '{ print $4 }'; }

index=0
for shape in $fpr_shapes; do
    for rounding in $roundings; do
        k=$(shape_k "$shape")
        same fpr -m 20000 -n 2000 -k "$k" $(shape_options "$shape") --round "$rounding" $(widths_of $index)
        index=$((index + 1))
    done
done
for shape in $plan_shapes; do
    for rounding in $roundings; do
        k=$(shape_k "$shape")
        fixed=""
        [ "$k" != - ] && fixed="-k $k"
        for target in "2000 1%" "5000 0.1%"; do
            same plan $target $fixed $(shape_options "$shape") --round "$rounding" $(widths_of $index)
            index=$((index + 1))
        done
    done
done

# RocksDB's Ribbon (--library rocksdb-ribbon): the same slots, columns, bits and rate in both
# programs, from N P (plan), from -m M (fpr: the Ribbon stored in M bits) and with 300 keys (a
# Ribbon smaller than the Bloom filter); -k K is its Bloom fallback in both.
for target in "2000 1%" "5000 0.1%" "300 1%" "1000000 1%"; do
    same plan $target --library rocksdb-ribbon
done
same fpr -m 20096 -n 2000 --library rocksdb-ribbon
same fpr -m 20000 -n 2000 -k 6 --library rocksdb-ribbon
same fpr -m 20000 -n 2000 --library rocksdb-ribbon --hash double

# The same sizing inputs in both programs: any two of -n, -p, -m/--memory and -c/--bits-per-key,
# with and without a library (RocksDB's native -n N -c C is its own sizing for C bits a key, a
# Ribbon of M bits at P is refused); a -k that differs from the k a library chooses is refused.
for sizing in "-n 2000 -c 10" "-m 20000 -c 10" "-n 2000 -m 20000" "-m 20000 -p 1%" "-n 2000 --memory 2500B"; do
    for library in "--layout standard" "--library rocksdb" "--library guava@31" "--library rocksdb-ribbon"; do
        # shellcheck disable=SC2086
        same plan $sizing $library
    done
done
same plan -n 2000 -c 10 --library rocksdb -k 3
same plan -n 2000 -p 1% --library guava -k 3
same fpr -n 2000 -c 10 -k 7 --layout standard
same fpr -m 20000 -c 10 -k 7 --layout blocked
same fpr -n 2000 --memory 2500B -k 7 --layout standard
same fpr -n 2000 -c 7 --library rocksdb-ribbon

# Descriptions neither program can build, refused in the same words.
same fpr -m 20000 -n 2000 -k 7 --layout split-block --round none
same fpr -m 20000 -n 2000 -k 4 --layout split-block --block-words 8 --round none
same fpr -m 20000 -n 2000 -k 4 --layout blocked --block-words 4 --round none
same fpr -m 300 -n 20 -k 4 --layout blocked --round none
same fpr -m 20000 -n 2000 -k 4 --layout blocked --index-bits 8 --round none
same fpr -m 20000 -n 2000 -k 7 --layout partitioned --index-bits 2 --round none
same fpr -m 20000 -n 2000 -k 7 --layout partitioned --hash double --round none
same fpr -m 20000 -n 2000 -k 7 --layout striped
same fpr -m 20000 -n 2000 -k 7 --round pow3
same fpr -m 20000 -n 2000 -k 7 --block-bits 4
# (--hash-bits 0 is refused by both, with each program's range: bloomsim builds hashes of at
# most 64 bits and says so, below.)
same fpr -m 20000 -n 2000 -k 7 --index-bits 257
same fpr -m 20000 -n 2000 -k 7 --hash triple
same plan 2000 1% -k 7 --layout split-block
same plan 2000 1% --layout split-block --block-bits 100

# same_lsm BUDGET ALLOCATION DESCRIPTION... - see the head of this file.
same_lsm() {
    budget=$1
    allocation=$2
    shift 2
    calc_allocation=$(echo "$allocation" | tr - _)
    sim_allocation="--allocation $allocation"
    [ "$allocation" = none ] && { calc_allocation=uniform; sim_allocation=""; }
    name="lsm $budget $allocation $*"
    "$calc" lsm -L 3 -T 10 -n 111000 $budget "$@" --digits 12 --format csv >"$scratch/calc.csv" 2>"$scratch/calc.err"
    calc_rc=$?
    "$calc" lsm -L 3 -T 10 -n 111000 $budget "$@" --digits 12 --per-level --format csv >"$scratch/levels.csv" 2>/dev/null
    "$sim" lsm -L 3 -T 10 -n 111000 $budget $sim_allocation "$@" --trials 2 --lookups 2 --seed 1 --digits 12 \
        --format csv >"$scratch/sim.csv" 2>"$scratch/sim.err"
    sim_rc=$?
    both_succeeded lsm || return
    key_values "$scratch/calc.csv" >"$scratch/calc.pairs"
    key_values "$scratch/sim.csv" >"$scratch/sim.pairs"
    value() { sed -n "s/^$2=//p" "$1"; }
    suffix=""
    [ "$allocation" = none ] && suffix=_achieved
    problems=""
    for pair in "read_amp_miss_$calc_allocation read_amp_miss$suffix" \
                "read_amp_hit_worst_$calc_allocation read_amp_hit$suffix" "library library" "layout layout"; do
        set -- $pair
        left=$(value "$scratch/calc.pairs" "$1")
        right=$(value "$scratch/sim.pairs" "$2")
        [ "$left" = "$right" ] || problems="$problems $1 $left against $2 $right;"
    done
    bits=$(tr -d '\r' <"$scratch/levels.csv" | awk -F, -v key="bits_per_key_$calc_allocation" '
        NR == 1 { for (i = 1; i <= NF; i++) { if ($i == key) c = i; if ($i == "keys") k = i } }
        NR > 1 { printf "%s%.0f", (NR > 2 ? "/" : ""), $c * $k }')
    [ "$bits" = "$(value "$scratch/sim.pairs" level_bits)" ] \
        || problems="$problems level bits $bits against $(value "$scratch/sim.pairs" level_bits);"
    if [ -z "$problems" ]; then
        agreed=$((agreed + 1))
        pass
    else
        fail "$name:$problems"
    fi
}

for description in "--layout blocked" "--layout blocked --block-bits 256 --round block" "--layout split-block" \
                   "--layout partitioned" "--hash-bits 32" "--library rocksdb" "--library guava" \
                   "--library parquet-spec" "--library bits-and-blooms" "--library rocksdb-ribbon"; do
    same_lsm "-p 1%" none $description
    for allocation in uniform monkey no-last-level last-level-dropped; do
        same_lsm "--bits-per-key 10" "$allocation" $description
    done
done
same_lsm "-p 0.1%" monkey --library rocksdb
same_lsm "-p 0.1%" monkey --library rocksdb-ribbon
same_lsm "-p 1%" none --library libbloom
same_lsm "-p 1%" none --layout blocked --block-bits 16384
same_lsm "-p 1%" none --library guava --round pow2

# The description's options read the same in both programs' --help, but for the range of
# --hash-bits: bloomsim states the widths it builds (1 to 64), and refuses wider ones as it
# parses, where bloomcalc computes up to 256.
for command in fpr plan; do
    for program in "$calc" "$sim"; do
        "$program" "$command" --help \
            | awk '/^ +--(layout|block-bits|block-words|round|hash-bits|index-bits|hash) [A-Z]/ { print; getline; print }' \
            | sed '/^ *(a whole number from 1 to \(64\|256\), /s/ to [0-9]*,/ to W,/' \
            >"$scratch/$(basename "$program").help"
    done
    [ "$(wc -l <"$scratch/bloomcalc.help")" -eq 14 ] && cmp -s "$scratch/bloomcalc.help" "$scratch/bloomsim.help"
    check "$command --help: the seven description options read the same in both programs" $?
    "$calc" "$command" --help | grep -q "^ *(a whole number from 1 to 256, as" \
        && "$sim" "$command" --help | grep -q "^ *(a whole number from 1 to 64, as"
    check "$command --help: --hash-bits up to 256 in bloomcalc, 64 in bloomsim" $?
    refuse "'65' is out of range; accepted: a whole number from 1 to 64" "$sim" "$command" \
        $([ "$command" = fpr ] && echo "-m 20000 -n 2000 -k 7" || echo "2000 1%") --hash-bits 65
done

# One rule for what a description may combine, in every command of both programs: a library
# fixes the filter's shape, so a shape option beside --library is refused even when its value
# is the library's own (guava's standard layout, word64 rounding, 128-bit hash and 63-bit
# index, or the default rounding none; rocksdb's 512-bit blocks; parquet-mr's pow2 rounding),
# and the one line names both.
library_own_values() {
    case $1 in
    guava) echo "--layout standard|--round word64|--round none|--index-bits 63|--hash independent" ;;
    rocksdb) echo "--layout blocked|--block-bits 512|--round block|--hash-bits 64|--index-bits 64" ;;
    parquet-mr) echo "--layout split-block|--block-bits 256|--block-words 8|--round pow2|--hash-bits 64" ;;
    esac
}
for library in guava rocksdb parquet-mr; do
    saved_ifs=$IFS
    IFS='|'
    set -- $(library_own_values "$library")
    IFS=$saved_ifs
    for option in "$@"; do
        name=${option%% *}
        # shellcheck disable=SC2086
        for command in "$calc plan -n 1e6 -p 1%" "$calc fpr -m 1e7 -n 1e6 -k 7" \
                       "$calc table -n 1e6 -p 1%" "$calc lsm -L 3 -n 1e5 -p 1%" \
                       "$sim plan 1e4 1% $run_size" "$sim fpr -m 1e5 -n 1e4 -k 7 $run_size" \
                       "$sim lsm -L 3 -n 111000 -p 1% --trials 2 --lookups 2 --seed 1"; do
            refuse "--library: $library fixes the filter's shape, so $name is refused" \
                $command --library "$library" $option
        done
    done
done

echo "descriptions: $agreed built alike, $refused refused alike"
checks_end description

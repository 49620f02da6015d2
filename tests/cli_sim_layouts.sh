#!/bin/sh
# cli_sim_layouts.sh BUILD - command-line tests of bloomsim's deployed
# filters: fpr --layout / --hash-bits / --index-bits output keys
# and verdicts, refusals (exit 2, one stderr line, empty stdout),
# determinism across --threads, lsm --allocation and grow.  Small runs
# only (they also run under the sanitizers; the billion-key run is not
# here).  Ends with "cli-sim-layouts: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

for layout in standard partitioned blocked split-block; do
    k=7; [ "$layout" = split-block ] && k=8
    "$sim" fpr -m 4096 -n 400 -k $k --layout $layout --trials 400 --queries 100 --seed 3 --format csv \
        >"$out" 2>"$err"
    check "fpr --layout $layout exit 0" $?
    for key in layout block_bits hash_bits index_bits fpr_layout verdict_layout fpr_exact verdict_exact; do
        head -n 1 "$out" | tr -d '\r' | tr ',' '\n' | grep -qx "$key"
        check "fpr --layout $layout has $key" $?
    done
    [ "$(csv_field layout)" = "$layout" ]
    check "fpr --layout $layout named" $?
    [ "$(csv_field verdict_layout)" != rejected ]
    check "fpr --layout $layout: calc's layout rate not rejected" $?
done

# Truncated indices: 2^11 of 4096 bits reached; the full-m exact rate is rejected.
"$sim" fpr -m 4096 -n 400 -k 7 --index-bits 11 --trials 400 --queries 100 --seed 3 --format csv >"$out" 2>"$err"
[ "$(csv_field m_reachable)" = 2048 ] && [ "$(csv_field verdict_layout)" != rejected ] \
    && [ "$(csv_field verdict_exact)" = rejected ]
check "fpr --index-bits 11: layout kept, full m rejected" $?

# Fingerprints of 16 bits: the collision floor shows, calc's union kept.
"$sim" fpr -m 4096 -n 400 -k 7 --hash-bits 16 --trials 400 --queries 100 --seed 3 --format csv >"$out" 2>"$err"
[ "$(csv_field hash_bits)" = 16 ] && [ "$(csv_field verdict_layout)" != rejected ]
check "fpr --hash-bits 16: layout kept" $?

# plan with a split-block layout: the plan's k (7 at 1 %) for the standard
# rates, and one probe in each of the 8 32-bit words of a 256-bit block
# for the filter built (k_layout = 8), as in bloomcalc plan.
"$sim" plan 2000 1% --layout split-block --trials 200 --queries 200 --format csv >"$out" 2>"$err"
[ "$(csv_field k)" = 7 ] && [ "$(csv_field k_layout)" = 8 ] && [ "$(csv_field layout)" = split-block ]
check "plan --layout split-block: k 7 planned, k_layout = 8 words built" $?
"$sim" plan 2000 1% --layout split-block --block-bits 512 --trials 200 --queries 200 --format csv \
    >"$out" 2>"$err"
[ "$(csv_field k_layout)" = 16 ] && [ "$(csv_field block_bits)" = 512 ]
check "plan --layout split-block --block-bits 512: 16 words of 32 bits" $?

# Same seed, same bytes, whatever --threads.
"$sim" fpr -m 4096 -n 400 -k 7 --layout blocked --hash-bits 20 --trials 301 --queries 40 --seed 9 --threads 1 \
    >"$out" 2>"$err"
"$sim" fpr -m 4096 -n 400 -k 7 --layout blocked --hash-bits 20 --trials 301 --queries 40 --seed 9 --threads 3 \
    >"$out.2" 2>"$err"
cmp -s "$out" "$out.2"
check "fpr --layout output identical for 1 and 3 threads" $?

refuse "layout" "$sim" fpr -m 4096 -n 400 -k 7 --layout striped
refuse "divide" "$sim" fpr -m 4096 -n 400 -k 7 --layout split-block
refuse "block" "$sim" fpr -m 256 -n 10 -k 7 --layout blocked
refuse "independent" "$sim" fpr -m 4096 -n 400 -k 7 --layout blocked --hash double
refuse "plain" "$sim" fpr -m 4096 -n 400 -k 7 --index-bits 8 --filter counting
refuse "hash-bits" "$sim" fpr -m 4096 -n 400 -k 7 --hash-bits 65
refuse "allocation" "$sim" lsm -L 3 -n 1110 --allocation monkey --bits-per-key 5 --level 2
refuse "bits-per-key" "$sim" lsm -L 3 -n 1110 -p 1% --bits-per-key 5
refuse "required" "$sim" grow

# lsm --allocation: every allocation measured against calc, none rejected.
for allocation in uniform monkey no-last-level last-level-dropped; do
    "$sim" lsm -L 4 -n 22220 --allocation $allocation --bits-per-key 5 --lookups 200000 --format csv \
        >"$out" 2>"$err"
    check "lsm --allocation $allocation exit 0" $?
    [ "$(csv_field allocation)" = "$allocation" ] && [ "$(csv_field verdict_hit)" != rejected ] \
        && [ "$(csv_field verdict_miss)" != rejected ] && [ "$(csv_field false_negatives)" = 0 ]
    check "lsm --allocation $allocation: calc's costs not rejected" $?
done

# lsm --library rocksdb (blocked, 512-bit lines, k = 6 at 10 bits a key): the
# prediction at the layout's rate is kept and the standard filter's rate at
# the same m and k is rejected.  Three levels of 10^3..10^5 keys (10240,
# 100352 and 1000448 bits), 10^6 absent lookups over 32 trees: the two sums
# are 0.02787 and 0.02433 probes a lookup; a lookup's probes have variance
# below 0.03, so the standard error is about sqrt(0.03/10^6) = 1.7e-4 (the
# between-tree spread adds little at these sizes) and the gap, 3.5e-3, is 20
# standard errors: the 99.9 % interval (+-3.3 SE) holds the layout's sum and
# excludes the standard one with power ~1.
"$sim" lsm -L 3 -n 111000 --allocation uniform --bits-per-key 10 --library rocksdb --lookups 1000000 \
    --format csv --digits 12 >"$out" 2>"$err"
status=$?
if [ $status -eq 0 ]; then
    bits=$(csv_field level_bits)
    keys=$(csv_field level_keys)
    standard=$(for i in 1 2 3; do
        m=$(echo "$bits" | cut -d/ -f$i)
        n=$(echo "$keys" | cut -d/ -f$i)
        "$calc" fpr -m "$m" -n "$n" -k 6 --format csv --digits 12 | tr -d '\r' | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fpr_exact") c = i } NR == 2 { print $c }'
    done | awk '{ s += $1 } END { printf "%.12g", s }')
    awk -v low="$(csv_field probes_miss_ci_low)" -v high="$(csv_field probes_miss_ci_high)" \
        -v layout="$(csv_field read_amp_miss)" -v standard="$standard" \
        'BEGIN { exit !(low <= layout && layout <= high && (standard < low || standard > high)) }'
    status=$?
fi
check "lsm --layout blocked: the layout's rates kept, the standard filter's rejected" $status

# grow: no false negative, the exact compound rate not rejected.
"$sim" grow 20000 --trials 40 --queries 5000 --format csv >"$out" 2>"$err"
check "grow exit 0" $?
[ "$(csv_field false_negatives)" = 0 ] && [ "$(csv_field verdict_compound)" != rejected ] && [ -n "$(csv_field fpr_bound)" ]
check "grow: compound rate kept, bound reported" $?

# grow --trials T builds exactly T filters (T = 1 used to run 64 silently):
# the trial count printed, and the members asked (n per filter) agree.
for trials in 1 2; do
    "$sim" grow 20000 --trials $trials --queries 5000 --format csv >"$out" 2>"$err"
    check "grow --trials $trials exit 0" $?
    [ "$(csv_field trials)" = $trials ] && [ "$(csv_field members_checked)" = $((trials * 20000)) ]
    check "grow --trials $trials builds $trials filters" $?
done
# One filter says nothing of the spread between filters: its interval is
# the widest Wilson one (design effect Q), so it covers the exact rate.
"$sim" grow 20000 --trials 1 --queries 5000 --format csv >"$out" 2>"$err"
[ "$(csv_field verdict_compound)" != rejected ] && [ "$(csv_field ci_low)" != none ]
check "grow --trials 1: an interval, the compound rate not rejected" $?
# Without --trials the run size is the default, 64 filters.
"$sim" grow 2000 --queries 100 --format csv >"$out" 2>"$err"
[ "$(csv_field trials)" = 64 ]
check "grow without --trials builds 64 filters" $?

for command in grow; do
    "$sim" "$command" --help >"$out" 2>"$err"
    [ $? -eq 0 ] && [ -s "$out" ]
    check "$command --help" $?
done

checks_end cli-sim-layouts

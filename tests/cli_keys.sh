#!/bin/sh
# cli_keys.sh BUILD - one output vocabulary.  Checks
#   - the registry ("bloomcalc keys", calc/cli/output_keys.c): no key twice, every
#     unit one of the documented units, a meaning for each;
#   - the manual pages (generated) document every registered key;
#   - every command of both programs (tests/commands.sh, plus the variants
#     below that print other keys): every key it prints is registered;
#   - the renamed keys and options are gone (calc/NEWS.md).
# Ends with "keys: N passed, N failed".
set -u
. tests/command_checks.sh
. tests/commands.sh
checks_begin "$1"

# The registry as "key<TAB>unit" lines.
"$calc" keys --format csv >"$out" 2>"$err"
check "bloomcalc keys exit 0" $?
tr -d '\r' <"$out" | awk -F, 'NR > 1 { print $1 "\t" $2 }' | sort >"$scratch/registry"
[ "$(wc -l <"$scratch/registry")" -gt 100 ]
check "the registry holds the keys of both programs (more than 100)" $?
duplicates=$(cut -f1 "$scratch/registry" | uniq -d)
[ -z "$duplicates" ]
check "no key registered twice: $duplicates" $?
units='keys|bits|bytes|GB \(10\^9 bytes\)|GiB \(2\^30 bytes\)|kB \(10\^3 bytes\)|MB \(10\^6 bytes\)|TB \(10\^12 bytes\)|KiB \(2\^10 bytes\)|MiB \(2\^20 bytes\)|TiB \(2\^40 bytes\)|bits per key|hashes|probability|levels|disk probes per lookup|bit probes per lookup|filters|queries|trials|lookups|count|text|—'
odd=$(cut -f2 "$scratch/registry" | grep -Evx "$units" | sort -u | tr '\n' ' ')
[ -z "$odd" ]
check "every registered unit is a documented one: $odd" $?
empty=$(tr -d '\r' <"$out" | awk -F, 'NR > 1 && $3 == "" { print $1 }')
[ -z "$empty" ]
check "every registered key has a meaning: $empty" $?

# The manual pages document every registered key, from the registry itself
# (calc/cli/manpage.sh): each key is a tagged item of OUTPUT KEYS.
for page in "$1/man/bloomcalc.1" "$1/man/bloomsim.1"; do
    awk '/^\.SH OUTPUT KEYS/ { inside = 1; next } /^\.SH / { inside = 0 }
         inside && /^\.B / { sub(/^\.B /, ""); gsub(/\\-/, "-"); print }' "$page" | sort >"$scratch/manual"
    missing=$(cut -f1 "$scratch/registry" | comm -23 - "$scratch/manual" | tr '\n' ' ')
    [ -s "$scratch/manual" ] && [ -z "$missing" ]
    check "$(basename "$page") documents every registered key: $missing" $?
done

# Every key every command prints: registered and documented.
variants='calc fpr -m 6400 -n 800 -k 5 --layout blocked --hash-bits 32
calc fpr -m 6400 -n 800 -k 8 --layout split-block --round pow2
calc plan 1e6 1% --layout partitioned --index-bits 20
calc plan 1e6 1% --actual-keys 2e6
calc plan -n 1000 -m 2147483648
calc grow -n 1e6 --per-filter
calc structures 1% -n 1e6
calc lsm -L 5 -p 1% -n 1e6 --per-level
calc keys
sim lsm -L 3 -n 1110 --lookups 2000 --trials 4 --allocation monkey --bits-per-key 5
sim fpr -m 6400 -n 800 -k 8 --layout split-block --trials 2 --queries 10
sim fpr -m 64 -n 8 -k 5 --filter counting --trials 20 --queries 10'
make_shard "$scratch/shard"
printf '%s\n%s\n' "$command_lines" "$variants" | while read -r program arguments; do
    case $arguments in *--shard*) continue ;; esac     # a shard file, not a record
    arguments=$(echo "$arguments" | sed "s|@SHARD@|$scratch/shard|")
    if [ "$program" = calc ]; then binary=$calc; else binary=$sim; fi
    # shellcheck disable=SC2086
    "$binary" $arguments --format csv 2>/dev/null | head -n 1 | tr -d '\r' | tr ',' '\n' \
        | sed "s|\$|	$program $arguments|"
done | sort -u >"$scratch/printed"
[ "$(cut -f1 "$scratch/printed" | sort -u | wc -l)" -gt 100 ]
check "the commands print more than 100 distinct keys" $?
cut -f1 "$scratch/printed" | sort -u | while read -r key; do
    where=$(awk -F'\t' -v key="$key" '$1 == key { print $2; exit }' "$scratch/printed")
    if ! cut -f1 "$scratch/registry" | grep -qx "$key"; then echo "'$key' ($where) is not registered"
    else echo pass
    fi
done >"$scratch/verdicts"
grep -v '^pass$' "$scratch/verdicts" | sed 's/^/FAIL: /'
passed=$((passed + $(grep -c '^pass$' "$scratch/verdicts")))
failed=$((failed + $(grep -vc '^pass$' "$scratch/verdicts")))

# The renamed keys and options are gone.
for old in reachable_bits target_fpr read_amp_hit_unfiltered read_amp_miss_unfiltered \
           read_amp_hit_uniform read_amp_hit_monkey read_amp_hit_no_last_level; do
    ! cut -f1 "$scratch/printed" | grep -qx "$old"
    check "renamed key '$old' no longer printed" $?
done
refuse "keys-count" "$sim" fpr -m 64 --keys-count 8 -k 5
refuse "keys" "$sim" fpr -m 64 -k 5 --keys keys.txt
"$sim" fpr -m 64 --keys 8 -k 5 --trials 2 --queries 10 --format csv >"$out" 2>"$err"
[ "$(csv_field n)" = 8 ]
check "bloomsim --keys N is the key count, as in bloomcalc" $?

# A label names one concept: within one record no two rows share a label (an
# indented row is read under the row above it: "  verdict" under each rate).
# A Ribbon's two headroom rows, and later bloomsim's eleven rows a Ribbon
# leaves empty, once printed one text.
repeated_labels() {
    awk '/^  / { sub(/^  /, ""); sub(/  .*/, ""); print parent " / " $0; next }
         { sub(/  .*/, ""); parent = $0; print }' "$1" | sort | uniq -d
}
for command in "$calc plan -n 1e6 -c 10 --library rocksdb-ribbon --actual-keys 2e6" "$calc plan 1e9 1%" \
               "$calc plan -n 1e6 -c 10 --library rocksdb" "$calc fpr -n 1e6 -c 10 --library rocksdb-ribbon" \
               "$sim fpr -n 1e4 -m 7e4 --library rocksdb-ribbon --trials 2 --queries 1e4 --seed 1" \
               "$sim fpr -m 1e4 -n 1e3 -k 7 --trials 2 --queries 1e4 --seed 1" \
               "$sim lsm -L 3 -n 1e4 -p 1% --library rocksdb-ribbon --trials 2 --lookups 1e3 --seed 1"; do
    # shellcheck disable=SC2086
    $command >"$out" 2>"$err"
    repeated=$(repeated_labels "$out")
    [ -s "$out" ] && [ -z "$repeated" ]
    check "${command#*/}: a label printed twice: $repeated" $?
done

checks_end keys

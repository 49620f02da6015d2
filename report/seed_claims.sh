#!/bin/sh
# seed_claims.sh BUILD - checks every figure quoted in the seed documents
# (listed in report/seed_claims.tsv) against bloomcalc and writes CSV:
#
#   seed, claim, quoted, key, computed, value, holds, kind, matches
#
# computed  bloomcalc's value correctly rounded to as many significant
#           digits as the quoted figure has
# value     the same to 12 significant digits
# holds     "yes" when computed equals the quoted figure
# kind      "exact" when the quoted figure is the exact value (bloomcalc
#           prints a terminating rational at 60 digits that equals it),
#           "rounded" when it holds only after rounding, "wrong" otherwise
# matches   for a figure that does not hold: the other output keys of the
#           same command whose rounded values equal it (what the figure
#           really is), or "none"
set -eu
bloomcalc=$1/bloomcalc

# significant digits of a decimal string: strip sign, exponent, point, leading zeros.
significant_digits() {
    echo "$1" | sed 's/[eE].*//; s/^-//; s/\.//; s/^0*//' | awk '{ n = length($0); print (n > 0 ? n : 1) }'
}

# value KEY DIGITS COMMAND... - one key of a command's CSV output.
value() {
    key=$1
    digits=$2
    shift 2
    $bloomcalc "$@" --digits "$digits" --format csv | tr -d '\r' | awk -F, -v key="$key" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == key) column = i }
        NR == 2 && column { print $column }' | round_integer "$digits"
}

# round_integer DIGITS - bloomcalc prints integers in full whatever --digits;
# round one to DIGITS significant digits (exact below 2^53: glibc printf
# rounds correctly, ties to even), leave anything else as it is.
round_integer() {
    awk -v digits="$1" '/^[0-9]+$/ && length($0) > digits && length($0) < 16 {
            printf "%.*e\n", digits - 1, $0; next } { print }'
}

same_number() {
    awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 == b + 0) }'
}

printf 'seed,claim,quoted,key,computed,value,holds,kind,matches\n'   # LF like the programs' CSV
grep -v '^#' report/seed_claims.tsv | while IFS='	' read -r seed claim quoted key command; do
    digits=$(significant_digits "$quoted")
    # shellcheck disable=SC2086
    computed=$(value "$key" "$digits" $command)
    # shellcheck disable=SC2086
    precise=$(value "$key" 12 $command)
    # shellcheck disable=SC2086
    exact=$(value "$key" 60 $command)
    matches=""
    if same_number "$computed" "$quoted"; then
        holds=yes
        if same_number "$exact" "$quoted" && [ "$(significant_digits "$exact")" -lt 60 ]; then
            kind=exact
        else
            kind=rounded
        fi
    else
        holds=no
        kind=wrong
        # shellcheck disable=SC2086
        keys=$($bloomcalc $command --format csv | tr -d '\r' | head -n 1 | tr ',' ' ')
        for other in $keys; do
            # shellcheck disable=SC2086
            candidate=$(value "$other" "$digits" $command)
            if [ "$other" != "$key" ] && same_number "$candidate" "$quoted" 2>/dev/null; then
                matches="$matches${matches:+ }$other"
            fi
        done
    fi
    printf '%s,"%s",%s,%s,%s,%s,%s,%s,%s\n' "$seed" "$claim" "$quoted" "$key" "$computed" \
        "$precise" "$holds" "$kind" "${matches:-none}"
done

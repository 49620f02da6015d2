#!/bin/sh
# cli_headroom_deployed.sh BUILD - with a filter description (--layout,
# --library), plan's n_at_2p and n_at_10p follow the filter as deployed
# (fpr_layout), not the textbook filter: checked against bloomcalc fpr with
# the same description, evaluated independently at the returned n and at
# n + 1 (at 40 digits: the rate at n is within the bound, at n + 1 beyond
# it), the bound being 2 and 10 times the plan's own rate at the plan's n
# (fpr_layout too: given m, p is the rate achieved), or the target p.
# And the layout's headroom differs from the standard filter's.
# Ends with "cli-headroom-deployed: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

# rate DESCRIPTION... : fpr_layout of "fpr $filter DESCRIPTION" at 40 digits
rate() {
    "$calc" fpr "$@" --digits 40 --format csv | tr -d '\r' \
        | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fpr_layout") c = i } NR == 2 { print $c }'
}

# within N BOUND ARGS... : rate(N) <= BOUND < rate(N + 1), compared exactly as decimals
within() {
    n=$1 bound=$2
    shift 2
    low=$(rate "$@" -n "$n") high=$(rate "$@" -n "$((n + 1))")
    python3 -c 'import sys; from decimal import Decimal as D; a, b, c = map(D, sys.argv[1:]); sys.exit(0 if a <= c < b else 1)' \
        "$low" "$high" "$bound"
}

for description in "--layout blocked" "--library rocksdb" "--layout blocked --block-bits 64" "--layout partitioned"; do
    # shellcheck disable=SC2086
    "$calc" plan -n 1e6 -m 1e7 -k 6 $description --format csv >"$out" 2>"$err"
    check "plan -n 1e6 -m 1e7 -k 6 $description answers" $?
    m=$(csv_field m_bits) k=$(csv_field k)
    for factor in 2 10; do
        n_at=$(csv_field "n_at_${factor}p")
        # shellcheck disable=SC2086
        achieved=$(rate -m "$m" -k "$k" -n 1e6 $description)
        bound=$(python3 -c 'import sys; from decimal import Decimal as D, getcontext; getcontext().prec = 60; print(D(sys.argv[1]) * int(sys.argv[2]))' "$achieved" "$factor")
        # shellcheck disable=SC2086
        within "$n_at" "$bound" -m "$m" -k "$k" $description
        check "$description: n_at_${factor}p = $n_at is the last n with fpr_layout <= ${factor} x $achieved" $?
    done
done

# A target rate: the bound is the target itself (blocked at 1 %, k fixed).
"$calc" plan -n 1e6 -p 1% -k 7 --layout blocked --format csv >"$out" 2>"$err"
check "plan -n 1e6 -p 1% -k 7 --layout blocked answers" $?
m=$(csv_field m_bits)
within "$(csv_field n_at_2p)" 0.02 -m "$m" -k 7 --layout blocked
check "blocked at p = 1 %: n_at_2p the last n with fpr_layout <= 0.02" $?

# The layout moves it: blocked filters saturate sooner than the textbook filter.
"$calc" plan -n 1e6 -m 1e7 -k 6 --format csv >"$out" 2>"$err"
standard=$(csv_field n_at_2p)
"$calc" plan -n 1e6 -m 1e7 -k 6 --layout blocked --format csv >"$out" 2>"$err"
[ "$(csv_field n_at_2p)" != "$standard" ]
check "blocked n_at_2p ($(csv_field n_at_2p)) differs from the standard filter's ($standard)" $?

checks_end cli-headroom-deployed

#!/bin/sh
# run_all.sh BUILD[:LABEL]... - for each build directory, runs every test
# program (BUILD/tests/*_tests, CUnit) and every CLI test script
# (tests/cli_*.sh, given BUILD as $1), prints "LABEL: N passed, N failed"
# for that build, and at the end one closing line "check: N passed, N
# failed" counting tests (not assertions) over all builds.  Exits non-zero
# if anything failed or nothing ran.
#
# The tests run side by side, as many at a time as there are processors
# (TEST_JOBS=N sets another number; 1 runs them one after the other), each
# into a log of its own; the logs are then printed in the order above, so
# that the output reads the same whatever ran first.  The slowest tests
# start first so that no long one is left alone at the end.  Every test
# keeps its scratch files in a directory of its own (mktemp), so none can
# see another's.
set -u
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) echo "run_all.sh: TEST_JOBS must be a positive whole number, not '$jobs'" >&2; exit 2 ;; esac
work=$(mktemp -d)
: >"$work/first"
: >"$work/rest"
trap 'rm -rf "$work"' EXIT
slow_first="cli_generated.sh cli_messages.sh cli_progress.sh cli_description.sh"

# add_job KIND LABEL COMMAND... - records a test as job N (its order in the output).
count=0
add_job() {
    count=$((count + 1))
    printf '%s\n' "$1" >"$work/$count.kind"
    printf '%s\n' "$2" >"$work/$count.label"
    {
        printf 'cd %s || exit 1\n' "'$PWD'"
        printf 'BLOOM_TEST_LABEL=%s; export BLOOM_TEST_LABEL\n' "'$2'"
        shift 2
        printf "'%s' " "$@"
        printf '>"%s" 2>&1 </dev/null\n' "$work/$count.log"
        printf 'echo $? >"%s"\n' "$work/$count.rc"
    } >"$work/$count.job"
    printf '%s\n' "$*" >"$work/$count.what"
}

for spec in "$@"; do
    build=${spec%%:*}
    label=${spec#*:}
    for program in "$build"/tests/*_tests; do
        [ -x "$program" ] && add_job cunit "$label" "$program" && echo "$count" >>"$work/first"
    done
    for script in tests/cli_*.sh; do
        [ -f "$script" ] || continue
        add_job script "$label" sh "$script" "$build"
        # the CUnit programs and the known slow scripts start first
        case " $slow_first " in
        *" ${script#tests/} "*) echo "$count" >>"$work/first" ;;
        *) echo "$count" >>"$work/rest" ;;
        esac
    done
done

cat "$work/first" "$work/rest" | xargs -P "$jobs" -I N sh "$work/N.job"

# Read the logs back in order and add up each build's counts.
total_passed=0
total_failed=0
status=0
current=
passed=0
failed=0
# close_build - prints the finished build's line and adds it to the totals.
close_build() {
    [ -n "$current" ] || return 0
    echo "$current: $passed passed, $failed failed"
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
    passed=0
    failed=0
}
i=1
while [ $i -le $count ]; do
    label=$(cat "$work/$i.label")
    [ "$label" = "$current" ] || { close_build; current=$label; }
    log=$work/$i.log
    echo "== $(cat "$work/$i.what")"
    cat "$log"
    rc=$(cat "$work/$i.rc" 2>/dev/null || echo "no status")
    if [ "$(cat "$work/$i.kind")" = cunit ]; then
        line=$(awk '$1 == "tests" && NF >= 5 { print $4, $5 }' "$log" | tail -n 1)
    else
        line=$(sed -n 's/^.*: \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1 \2/p' "$log" | tail -n 1)
    fi
    if [ -z "$line" ]; then
        echo "$(cat "$work/$i.what"): no summary line (exit status $rc)"
        failed=$((failed + 1))
        status=1
    else
        set -- $line
        passed=$((passed + $1))
        failed=$((failed + $2))
        [ "$rc" = 0 ] || status=1
    fi
    i=$((i + 1))
done
close_build

[ "$total_passed" -gt 0 ] || status=1
[ "$total_failed" -eq 0 ] || status=1
echo "check: $total_passed passed, $total_failed failed"
exit $status

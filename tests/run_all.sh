#!/bin/sh
# run_all.sh BUILD[:LABEL]... - for each build directory, runs every test
# program (BUILD/tests/*_tests, CUnit) and every CLI test script
# (tests/cli_*.sh, given BUILD as $1), prints "LABEL: N passed, N failed"
# for that build, and at the end one closing line "check: N passed, N
# failed" counting tests (not assertions) over all builds.  Exits non-zero
# if anything failed or nothing ran.
set -u
total_passed=0
total_failed=0
status=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# count_from COMMAND... - runs a test command, adds its counts.
# $pattern selects how its summary line is read.
run_one() {
    echo "== $*"
    "$@" >"$log" 2>&1
    rc=$?
    cat "$log"
    if [ "$kind" = cunit ]; then
        line=$(awk '$1 == "tests" && NF >= 5 { print $4, $5 }' "$log" | tail -n 1)
    else
        line=$(sed -n 's/^.*: \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1 \2/p' "$log" | tail -n 1)
    fi
    if [ -z "$line" ]; then
        echo "$*: no summary line (exit status $rc)"
        failed=$((failed + 1))
        status=1
        return
    fi
    set -- $line
    passed=$((passed + $1))
    failed=$((failed + $2))
    [ "$rc" -eq 0 ] || status=1
}

for spec in "$@"; do
    build=${spec%%:*}
    label=${spec#*:}
    passed=0
    failed=0
    kind=cunit
    for program in "$build"/tests/*_tests; do
        [ -x "$program" ] && run_one "$program"
    done
    kind=script
    export BLOOM_TEST_LABEL="$label"
    for script in tests/cli_*.sh; do
        [ -f "$script" ] && run_one sh "$script" "$build"
    done
    echo "$label: $passed passed, $failed failed"
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
done

[ "$total_passed" -gt 0 ] || status=1
[ "$total_failed" -eq 0 ] || status=1
echo "check: $total_passed passed, $total_failed failed"
exit $status

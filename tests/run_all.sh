#!/bin/sh
# run_all.sh BUILD LABEL - runs every test program of a build and every CLI
# test script against that build's binaries, then prints one closing line
# "LABEL: N passed, N failed" (tests, not assertions) and exits non-zero if
# anything failed or nothing ran.
set -u
build=$1
label=$2
passed=0
failed=0
status=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

for program in "$build"/tests/*_tests; do
    [ -x "$program" ] || continue
    echo "== $program"
    "$program" >"$log" 2>&1
    rc=$?
    cat "$log"
    line=$(awk '$1 == "tests" && NF >= 5 { print $4, $5 }' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "$program: no CUnit summary (exit status $rc)"
        failed=$((failed + 1))
        status=1
        continue
    fi
    set -- $line
    passed=$((passed + $1))
    failed=$((failed + $2))
    [ "$rc" -eq 0 ] || status=1
done

for script in tests/cli_*.sh; do
    [ -f "$script" ] || continue
    echo "== $script"
    sh "$script" "$build" >"$log" 2>&1
    rc=$?
    cat "$log"
    line=$(sed -n 's/^.*: \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1 \2/p' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "$script: no summary line (exit status $rc)"
        failed=$((failed + 1))
        status=1
        continue
    fi
    set -- $line
    passed=$((passed + $1))
    failed=$((failed + $2))
    [ "$rc" -eq 0 ] || status=1
done

echo "$label: $passed passed, $failed failed"
[ "$passed" -gt 0 ] || status=1
[ "$failed" -eq 0 ] || status=1
exit $status

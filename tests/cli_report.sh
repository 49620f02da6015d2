#!/bin/sh
# cli_report.sh BUILD - the committed report (report/README.md and its
# figures) must be what report/generate.sh makes from the committed tables
# in data/ (which tests/cli_data.sh checks against the code) and from the
# current bloomcalc: regenerate it into a scratch directory and compare.
set -u
build=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0
if ! sh report/generate.sh "$build" "$scratch" 2>"$scratch/errors"; then
    echo "FAIL: report/generate.sh: $(cat "$scratch/errors")"
    failed=$((failed + 1))
fi
rm -f "$scratch/errors"
for fresh in "$scratch"/*; do
    name=$(basename "$fresh")
    if cmp -s "$fresh" "report/$name"; then
        passed=$((passed + 1))
    else
        echo "FAIL: report/$name differs from what the code and data/ produce (run 'make report')"
        failed=$((failed + 1))
    fi
done
echo "cli-report: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

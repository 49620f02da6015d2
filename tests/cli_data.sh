#!/bin/sh
# cli_data.sh BUILD - the committed tables in data/ must be exactly what the
# current code produces: regenerate them into a scratch directory with the
# same script as "make data" and compare file by file.  In the sanitizer run
# (BLOOM_TEST_LABEL=sanitizer) the simulator's tables are not regenerated
# (minutes under ASan); the plain run checks them.
set -u
build=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0
[ "${BLOOM_TEST_LABEL:-plain}" = sanitizer ] && export BLOOM_SKIP_SIMULATIONS=1
if ! data/generate.sh "$build" "$scratch" >/dev/null 2>"$scratch.err"; then
    echo "FAIL: data/generate.sh: $(cat "$scratch.err")"
    failed=$((failed + 1))
fi
rm -f "$scratch.err"
for fresh in "$scratch"/*; do
    name=$(basename "$fresh")
    if cmp -s "$fresh" "data/$name"; then
        passed=$((passed + 1))
    else
        echo "FAIL: data/$name differs from what the code produces (run 'make data'):"
        diff "data/$name" "$fresh" | head -5
        failed=$((failed + 1))
    fi
done
echo "cli-data: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

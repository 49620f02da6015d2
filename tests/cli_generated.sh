#!/bin/sh
# cli_generated.sh BUILD - the committed generated files must be exactly what
# the current code produces: the tables in data/ (data/generate.sh, as
# "make data") and the report in report/ (report/generate.sh, as "make
# report", from those tables).  Each is regenerated into a scratch
# directory and compared file by file.  In the sanitizer run
# (BLOOM_TEST_LABEL=sanitizer) the simulator's tables are not regenerated
# (minutes under ASan) and the report is not compared; the plain run checks
# both.
set -u
build=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0

# compare_generated NAME GENERATOR DIRECTORY - regenerate into scratch/NAME and compare with DIRECTORY.
compare_generated() {
    mkdir -p "$scratch/$1"
    if ! sh "$2" "$build" "$scratch/$1" >/dev/null 2>"$scratch/$1.errors"; then
        echo "FAIL: $2: $(head -c 500 "$scratch/$1.errors")"
        failed=$((failed + 1))
    fi
    for fresh in "$scratch/$1"/*; do
        name=$(basename "$fresh")
        if cmp -s "$fresh" "$3/$name"; then
            passed=$((passed + 1))
        else
            echo "FAIL: $3/$name differs from what the code produces (run 'make $1'):"
            diff "$3/$name" "$fresh" | head -5
            failed=$((failed + 1))
        fi
    done
}

if [ "${BLOOM_TEST_LABEL:-plain}" = sanitizer ]; then
    export BLOOM_SKIP_SIMULATIONS=1
    compare_generated data data/generate.sh data
else
    compare_generated data data/generate.sh data
    compare_generated report report/generate.sh report
fi
echo "cli-generated: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

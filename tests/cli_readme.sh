#!/bin/sh
# cli_readme.sh BUILD - every example in README.md (a fenced block whose
# first line is "$ bloomcalc ..." or "$ bloomsim ...") is run, and its
# output must be exactly the lines that follow the command in the block:
# the documentation cannot drift from the program.
set -u
build=$1
passed=0
failed=0
expected=$(mktemp)
actual=$(mktemp)
trap 'rm -f "$expected" "$actual"' EXIT

# The examples as "COMMAND<TAB>LINE-NUMBER" (the command without its "$ ").
examples=$(awk '/^```/ { inside = !inside; first = inside; next }
                inside && first && /^\$ bloom(calc|sim) / { sub(/^\$ /, ""); printf "%s\t%d\n", $0, NR }
                { first = 0 }' README.md)

printf '%s\n' "$examples" | while IFS='	' read -r command line; do
    [ -n "$command" ] || continue
    awk -v start="$line" 'NR > start && /^```/ { exit } NR > start' README.md >"$expected"
    program=${command%% *}
    arguments=${command#* }
    # The arguments as the shell reads them, quotes included ("1 in 1000").
    eval "set -- $arguments"
    "$build/$program" "$@" 2>&1 | tr -d '\r' >"$actual"
    if cmp -s "$expected" "$actual"; then
        echo "pass: $command"
    else
        echo "FAIL: README example '$command' (line $line) differs from the program's output:"
        diff "$expected" "$actual" | head -10
    fi
done >"$actual.log"
passed=$(grep -c '^pass:' "$actual.log")
failed=$(grep -c '^FAIL:' "$actual.log")
grep -v '^pass:' "$actual.log"
rm -f "$actual.log"
echo "cli-readme: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

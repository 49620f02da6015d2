# command_checks.sh - shell functions shared by the command-line test
# scripts tests/cli_*.sh (sourced, never run on its own).
#
#   checks_begin [BUILD]  counters at zero, a scratch directory ($scratch)
#                         with $out and $err for a command's output, removed
#                         at exit; with BUILD, $build, and the programs
#                         $calc and $sim in it
#   pass / fail TEXT      count one check (fail prints TEXT)
#   check NAME STATUS     pass when STATUS is 0, fail NAME otherwise
#   refuse WORD PROGRAM ARGS...
#                         bad input as the programs promise it: exit status
#                         2, nothing on stdout, exactly one line on stderr,
#                         and that line names WORD (the argument)
#   python_checks NAME SCRIPT ARGS...
#                         runs a Python checker that ends with "NAME: N
#                         passed, N failed", prints its other lines and
#                         adds its counts (a missing summary or a failing
#                         exit status counts as a failure)
#   csv_field KEY         the value of KEY in the CSV record in $out
#   checks_end NAME       prints "NAME: N passed, N failed" (the line
#                         tests/run_all.sh reads) and fails if anything did
checks_begin() {
    if [ $# -gt 0 ]; then
        build=$1
        calc=$build/bloomcalc
        sim=$build/bloomsim
    fi
    passed=0
    failed=0
    scratch=$(mktemp -d)
    out=$scratch/out
    err=$scratch/err
    trap 'rm -rf "$scratch"' EXIT
}

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

check() {
    if [ "$2" -eq 0 ]; then pass; else fail "$1"; fi
}

refuse() {
    word=$1
    program=$2
    shift 2
    "$program" "$@" >"$out" 2>"$err"
    rc=$?
    line=$(cat "$err")
    if [ "$rc" -ne 2 ]; then fail "$(basename "$program") $*: exit $rc, expected 2"; return; fi
    if [ -s "$out" ]; then fail "$(basename "$program") $*: printed on stdout"; return; fi
    if [ "$(wc -l <"$err")" -ne 1 ]; then fail "$(basename "$program") $*: not one stderr line: $line"; return; fi
    case $line in
    *"$word"*) pass ;;
    *) fail "$(basename "$program") $*: stderr does not name '$word': $line" ;;
    esac
}

python_checks() {
    name=$1
    shift
    python3 "$@" >"$out" 2>&1
    status=$?
    grep -v "^$name:" "$out"
    summary=$(sed -n "s/^$name: \([0-9]*\) passed, \([0-9]*\) failed\$/\1 \2/p" "$out")
    if [ -z "$summary" ]; then fail "$1: no summary line (exit $status)"; return; fi
    passed=$((passed + ${summary% *}))
    failed=$((failed + ${summary#* }))
    [ "$status" -eq 0 ] || [ "${summary#* }" -gt 0 ] || fail "$1: exit $status"
}

csv_field() {
    tr -d '\r' <"$out" | awk -F, -v key="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == key) c = i }
                                              NR == 2 && c { print $c }'
}

checks_end() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

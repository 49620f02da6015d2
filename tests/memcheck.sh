#!/bin/sh
# memcheck.sh BUILD - valgrind memcheck (https://valgrind.org/docs/manual/mc-manual.html)
# over the calculator's CUnit tests and a few bloomcalc and bloomsim command
# lines, good and bad: any invalid read or write, use of uninitialised
# memory, invalid free, or definitely or indirectly lost block fails (GMP,
# MPFR and MPFI memory included: the programs and the test runner call
# mpfr_free_cache() before exiting).  Run by "make memcheck" and by .ci/run;
# not by "make check" (valgrind is slow).  Ends with
# "memcheck: N passed, N failed".
set -u
build=$1
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

memcheck() {
    valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --error-exitcode=99 "$@" >/dev/null 2>"$log"
    rc=$?
    if [ "$rc" -eq 99 ]; then
        failed=$((failed + 1))
        echo "FAIL: valgrind reports errors in: $*"
        head -n 40 "$log"
    else
        passed=$((passed + 1))
        echo "ok (exit $rc): $*"
    fi
}

memcheck "$build/tests/calc_tests"
memcheck "$build/bloomcalc" plan 1e9 1%
memcheck "$build/bloomcalc" plan -n 1e9 -m 2^33 --format json
memcheck "$build/bloomcalc" plan -m 2^33 -p 1e-3 -k 5 --format csv
memcheck "$build/bloomcalc" fpr -m 64 -n 8 -k 5 --digits 40
memcheck "$build/bloomcalc" table -n 1e3,1e9 -p 0.1..1e-4 -L 1..3 --format json
memcheck "$build/bloomcalc" converge -m 2^6..2^14 --fit
memcheck "$build/bloomcalc" plan 1e9 2
memcheck "$build/bloomcalc" table -n 1e9 -p 1% --columns n,nope
memcheck "$build/bloomcalc" plan --help
# refusals at the limits leave nothing behind; a corner at k = 100 answers
memcheck "$build/bloomcalc" fpr -m 2^65 -n 2 -k 5
memcheck "$build/bloomcalc" converge -c 100 -k 101 -m 2^10..2^20
memcheck "$build/bloomcalc" table -n 1e9 -p 1e-2 -k 1..101
memcheck "$build/bloomcalc" fpr -m 2^11 -n 2 -k 100
memcheck "$build/bloomsim" fpr -m 1000 -n 100 -k 7 --trials 50 --queries 100 --threads 2
memcheck "$build/bloomsim" fpr -m 64 -n 8 -k 0

echo "memcheck: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

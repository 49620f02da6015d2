#!/bin/sh
# cli_write_errors.sh BUILD - a failed write to stdout is an error in every
# command of both programs (tests/commands.sh lists them), and in --help and
# --version: to a full disk (/dev/full) and to a closed descriptor (>&-),
# exit status 1 and exactly one line on stderr naming standard output (stdout).  A
# broken pipe (the reader leaves after one byte) ends quietly: nothing on
# stderr, and either status 0 (everything fitted in the pipe before the
# reader left) or death by SIGPIPE (141 in the shell).
# Ends with "cli-write-errors: N passed, N failed".
set -u
build=$1
. tests/command_checks.sh
. tests/commands.sh
checks_begin

# expect_write_error WHAT COMMAND...: runs COMMAND (stdout already redirected by the caller's eval).
write_error() {
    what=$1
    shift
    if [ "$what" = full ]; then "$@" >/dev/full 2>"$err"; else "$@" >&- 2>"$err"; fi
    rc=$?
    if [ "$rc" -ne 1 ]; then fail "$* >$what: exit $rc, expected 1"; return; fi
    if [ "$(wc -l <"$err")" -ne 1 ]; then fail "$* >$what: not one stderr line: $(cat "$err")"; return; fi
    if grep -q "standard output\|stdout" "$err"; then pass; else fail "$* >$what: $(cat "$err")"; fi
}

broken_pipe() {
    status=$( { "$@" 2>"$err"; echo $? >"$scratch/rc"; } | head -c1 >/dev/null; cat "$scratch/rc")
    case $status in
    0|141) if [ -s "$err" ]; then fail "$* | head -c1: said $(cat "$err")"; else pass; fi ;;
    *) fail "$* | head -c1: exit $status" ;;
    esac
}

program_path() {
    if [ "$1" = calc ]; then echo "$build/bloomcalc"; else echo "$build/bloomsim"; fi
}

make_shard "$scratch/shard"
echo "$command_lines" | while read -r program arguments; do
    path=$(program_path "$program")
    arguments=$(echo "$arguments" | sed "s|@SHARD@|$scratch/shard|")
    for format in table csv json; do
        # shellcheck disable=SC2086
        write_error full "$path" $arguments --format $format
        # shellcheck disable=SC2086
        write_error closed "$path" $arguments --format $format
    done
    # shellcheck disable=SC2086
    broken_pipe "$path" $arguments
    echo "$passed $failed" >"$scratch/counts"
done
read -r passed failed <"$scratch/counts"

for program in calc sim; do
    path=$(program_path "$program")
    for word in --help --version; do
        write_error full "$path" "$word"
        write_error closed "$path" "$word"
    done
    write_error full "$path" plan --help
done

# Output larger than a pipe holds (a table of 210 rows at 100 digits, 240 kB), reader gone after
# one byte: death by SIGPIPE, quiet.
status=$( { "$build/bloomcalc" table -n 2^10..2^30 -p 1% -k 1..10 --digits 100 --format csv 2>"$err"
            echo $? >"$scratch/rc"; } | head -c1 >/dev/null; cat "$scratch/rc")
[ "$status" -eq 141 ] && [ ! -s "$err" ]
check "a 240 kB table | head -c1: SIGPIPE (exit $status), nothing on stderr" $?

# Bad input with a closed stdout is still bad input: exit 2, its one line.
"$build/bloomcalc" plan 1e9 2 >&- 2>"$err"
rc=$?
[ "$rc" -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && ! grep -q "standard output" "$err"
check "refusal with closed stdout: exit 2, one line (exit $rc)" $?

checks_end cli-write-errors

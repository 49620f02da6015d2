#!/bin/sh
# cli_messages.sh BUILD - messages that say one thing:
# for every option of every command of both programs, the forms its error
# line names as accepted are accepted, and -V/--version work everywhere
# (tests/messages_check.py, which says how).  The checker must be able to
# fail: run on messages with a form added that the option refuses (0 for
# --digits), it must report every one of them.
set -u
build=$1
. tests/command_checks.sh
checks_begin

python_checks cli-messages tests/messages_check.py "$build"
[ "$passed" -gt 1000 ] || fail "tests/messages_check.py: only $passed checks ran"

# The self-test: each --digits message, with 0 added to its examples, must be reported.
MESSAGES_SELF_TEST=1 python3 tests/messages_check.py "$build" >"$out" 2>&1
rc=$?
wrong=$(grep -c "^FAIL: .* --digits '0' (named as accepted)" "$out")
commands=$(grep -c "^FAIL: " "$out")
if [ "$rc" -ne 0 ] && [ "$wrong" -ge 10 ] && [ "$wrong" -eq "$commands" ]; then pass
else fail "self-test: a message naming 0 as --digits was reported $wrong times of $commands failures (exit $rc)"; fi

checks_end cli-messages

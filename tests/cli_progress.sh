#!/bin/sh
# cli_progress.sh BUILD - the progress line of long runs (sim/bloomsim/progress.h),
# checked on a pseudo-terminal by tests/progress_pty.py: it appears with an
# estimate of the time left on both engines (one-word filters, and the shared
# bulk engine of large filters, which once reported nothing within a trial) and
# in bloomsim verify, make data and make report, is erased at the end and on
# Ctrl-C (exit 130), and
# nothing at all is written on stderr when it is not a terminal.
# Ends with "cli-progress: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

pty() {   # pty NAME MODE COMMAND: stdout of COMMAND to $out, stderr on the terminal
    python3 tests/progress_pty.py "$2" "exec $3 >$out" >"$err"
    status=$?
    [ $status -eq 0 ] || cat "$err"
    check "$1" $status
}

pty "tiny engine: progress, erased at the end" complete \
    "$sim fpr -m 64 -n 8 -k 5 --trials 2e7 --queries 20 --threads 2"
grep -q 'partial (stopped early) *no' "$out"
check "tiny engine: the record follows, complete" $?
pty "tiny engine: Ctrl-C erases the line, exit 130" interrupt \
    "$sim fpr -m 64 -n 8 -k 5 --trials 1e9 --queries 20 --threads 2"
grep -q 'partial (stopped early) *yes' "$out"
check "tiny engine: Ctrl-C prints the partial record" $?
pty "bulk engine (one large filter): progress within the trial, Ctrl-C" interrupt \
    "$sim plan 1e8 1% --threads 2"
pty "bloomsim verify: progress over the battery, Ctrl-C" interrupt "$sim verify --threads 2"
pty "bloomsim lsm: progress, Ctrl-C" interrupt "$sim lsm -L 5 -p 1% -n 111110 --trials 64 --lookups 6.4e7 --threads 2"

# make data and make report (data/rows.sh: step), into scratch directories; the
# calculator's tables only (BLOOM_SKIP_SIMULATIONS), which take a few seconds.
# The line is the shell's (data/rows.sh), and the sanitizer run already builds
# the tables under ASan (tests/cli_generated.sh), so the plain run alone checks
# it: under the sanitizer these five generations take minutes.
if [ "${BLOOM_TEST_LABEL:-plain}" != sanitizer ]; then
    pty "make data: progress over its steps, erased at the end" complete \
        "env BLOOM_SKIP_SIMULATIONS=1 sh data/generate.sh $build $scratch/data"
    # Ctrl-C during the whole generation (simulations included, minutes of work),
    # so that it always lands while a step runs: the calculator's tables alone can
    # end between the first progress line and the Ctrl-C on a fast machine.
    pty "make data: Ctrl-C erases the line, exit 130" interrupt \
        "sh data/generate.sh $build $scratch/data"
    pty "make report: progress over its figures, erased at the end" complete \
        "sh report/generate.sh $build $scratch/report"
    BLOOM_SKIP_SIMULATIONS=1 sh data/generate.sh "$build" "$scratch/data" >"$out" 2>"$err"
    [ $? -eq 0 ] && [ ! -s "$err" ]
    check "make data, not a terminal: nothing on stderr" $?
    sh report/generate.sh "$build" "$scratch/report" >"$out" 2>"$err"
    [ $? -eq 0 ] && [ ! -s "$err" ]
    check "make report, not a terminal: nothing on stderr" $?
fi

# Not a terminal: a run of more than two seconds writes nothing on stderr.
"$sim" fpr -m 64 -n 8 -k 5 --trials 2e7 --queries 20 --threads 2 >"$out" 2>"$err"
check "not a terminal: exit 0" $?
[ ! -s "$err" ]
check "not a terminal: nothing on stderr" $?

# --progress: on a stream that is not a terminal, the run's memory and time
# before it starts, whole progress lines, and where the time went at the end;
# stdout unchanged.  One large filter (12 MB: the bulk engine).
run="plan 1e7 1% --trials 1 --queries 1e6 --threads 2"
"$sim" $run >"$scratch/plain" 2>"$err"
"$sim" $run --progress >"$out" 2>"$err"
check "--progress, not a terminal: exit 0" $?
cmp -s "$out" "$scratch/plain"
check "--progress: the same stdout as without it" $?
head -n 1 "$err" | grep -q '^bloomsim plan: about [0-9.]* GB of memory ([0-9]* bytes), about [0-9]'
check "--progress: memory and time announced first" $?
tail -n 1 "$err" | grep -q '^bloomsim plan: predictions [0-9.]* s ([0-9.]* s of processor time), build [0-9.]* s ([0-9.]* s), queries [0-9.]* s ([0-9.]* s)$'
check "--progress: where the time went, last" $?
# The announced figure is the one the run is checked with: it runs under a
# budget of exactly that many bytes and is refused one byte below it.
bytes=$(sed -n 's/.*GB of memory (\([0-9]*\) bytes).*/\1/p' "$err" | head -n 1)
BLOOMSIM_MEMORY_LIMIT=$bytes "$sim" $run >"$out" 2>"$err"
check "--progress: runs under a budget of the announced bytes" $?
BLOOMSIM_MEMORY_LIMIT=$((bytes - 1)) "$sim" $run >"$out" 2>"$err"
[ $? -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "needs about $bytes bytes" "$err"
check "--progress: refused one byte below it, one line naming the figure" $?

checks_end cli-progress

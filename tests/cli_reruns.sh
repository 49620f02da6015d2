#!/bin/sh
# cli_reruns.sh BUILD - what a batch system needs of bloomsim when a task
# fails and is rerun.  --output FILE writes exactly the bytes the command
# prints on stdout (every command that measures, and merge), and FILE
# appears only complete: a run refused after its options are read, or
# stopped by SIGTERM as Slurm's scancel does, leaves an existing FILE as it
# was and no temporary file; shards written with --output are the files
# written on stdout.  A merge with shards missing names them and, in its one
# line, the commands that rerun just those (a Slurm --array list and a GNU
# parallel line); the parallel line, run as printed, completes the set and
# the merge then prints the whole run's bytes.  Ends with "reruns: N
# passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"
build=$(cd "$build" && pwd)
sim=$build/bloomsim
cd "$scratch" || exit 1

# no_temporary NAME - passes when no ".FILE.tmp-*" is left in the folder.
no_temporary() {
    set -- .*.tmp-*
    [ ! -e "$1" ]
}

# Every command that prints a record: --output FILE holds what stdout gets.
same_as_stdout() {
    name=$1
    shift
    "$sim" "$@" >"$name.stdout" 2>"$err"
    "$sim" "$@" --output "$name.file" >"$out" 2>"$err"
    [ $? -eq 0 ] && [ ! -s "$out" ] && cmp -s "$name.stdout" "$name.file"
    check "$name: --output FILE holds the bytes stdout gets, stdout empty" $?
}
same_as_stdout fpr fpr -m 64 -n 8 -k 5 --trials 40 --queries 50 --seed 3
same_as_stdout plan plan 2000 1% --trials 20 --queries 500 --format json
same_as_stdout lsm lsm -L 3 -p 10% -n 1110 --lookups 2000 --trials 4 --format csv
same_as_stdout delete delete -m 64 -n 8 -k 5 --trials 20
same_as_stdout grow grow -n 2000 --trials 4 --queries 500
same_as_stdout shard fpr -m 64 -n 8 -k 5 --trials 40 --queries 50 --shard 2/4
umask 022
"$sim" fpr -m 64 -n 8 -k 5 --trials 4 --queries 5 --output mode.txt 2>"$err"
[ "$(stat -c %a mode.txt)" = 644 ]
check "--output FILE has the mode a new file gets (umask 022: 644)" $?
no_temporary
check "successful runs leave no temporary file" $?

# A run refused after its options are read (here: too big for the memory
# allowed) keeps the existing FILE and removes its temporary file.
echo "a good shard" >kept.txt
BLOOMSIM_MEMORY_LIMIT=1000 "$sim" plan 1e7 1e-6 --output kept.txt >"$out" 2>"$err"
[ $? -eq 2 ] && [ "$(cat kept.txt)" = "a good shard" ]
check "a refused run leaves an existing --output FILE untouched" $?
no_temporary
check "a refused run leaves no temporary file" $?

# SIGTERM mid-run (scancel): exit 130, FILE untouched, no temporary file.
"$sim" plan 1e7 1e-6 --trials 1 --queries 1e10 --threads 1 --shard 1/2 --output kept.txt 2>"$err" &
pid=$!
waited=0
while no_temporary && [ "$waited" -lt 100 ]; do sleep 0.1; waited=$((waited + 1)); done
no_temporary
check "a running shard writes a temporary file beside FILE" $((!$?))
[ "$(cat kept.txt)" = "a good shard" ]
check "while it runs, FILE is untouched" $?
kill -TERM "$pid"
wait "$pid"
[ $? -eq 130 ] && [ "$(cat kept.txt)" = "a good shard" ]
check "a shard stopped by SIGTERM exits 130 and leaves FILE untouched" $?
no_temporary
check "a shard stopped by SIGTERM removes its temporary file" $?

refuse "--output" "$sim" fpr -m 64 -n 8 -k 5 --output "$scratch/no-such-folder/x.txt"
refuse "--output" "$sim" fpr -m 64 -n 8 -k 5 --output "$scratch"

# Missing shards: the message names them and the commands that rerun them.
run="fpr -m 64 -n 8 -k 5 --trials 300 --queries 50 --seed 3"
# shellcheck disable=SC2086
"$sim" $run >whole.txt 2>"$err"
for i in 1 2 4 8; do
    # shellcheck disable=SC2086
    "$sim" $run --shard "$i/8" >"shard.$i.txt" 2>"$err"
done
refuse "shards 3, 5, 6 and 7 of 8 missing" "$sim" merge shard.*.txt
line=$(cat "$err")
case $line in *"sbatch --array=3,5-7 shards.sh"*) pass ;; *) fail "no Slurm rerun command: $line" ;; esac
parallel_line=${line##*, or }
case $parallel_line in
"parallel 'bloomsim fpr "*"--shard {}/8 --output shard.{}.txt' ::: 3 \$(seq 5 7)") pass ;;
*) fail "no GNU parallel rerun command: $line" ;;
esac
echo "a good merge" >merged.txt
"$sim" merge --output merged.txt shard.*.txt >"$out" 2>"$err"
[ $? -eq 2 ] && [ "$(cat merged.txt)" = "a good merge" ]
check "a refused merge leaves an existing --output FILE untouched" $?
PATH=$build:$PATH sh -c "$parallel_line" >"$out" 2>"$err"
check "the parallel line, run as printed, reruns the missing shards" $?
"$sim" merge --output merged.txt shard.*.txt >"$out" 2>"$err"
[ $? -eq 0 ] && cmp -s merged.txt whole.txt
check "then merge --output FILE holds the whole run's bytes" $?
# Names the shell must see quoted: a key file and shard files with a space
# and a quote in their names; the printed line still runs as it is.
seq 1 300 >"key's file.txt"
odd="fpr -m 640 -n 80 -k 5 --trials 40 --queries 50"
# shellcheck disable=SC2086
"$sim" $odd --key-file "key's file.txt" >odd.whole 2>"$err"
for i in 1 3; do
    # shellcheck disable=SC2086
    "$sim" $odd --key-file "key's file.txt" --shard "$i/3" >"odd $i.txt" 2>"$err"
done
"$sim" merge "odd 1.txt" "odd 3.txt" >"$out" 2>"$err"
line=$(cat "$err")
PATH=$build:$PATH sh -c "${line##*, or }" >"$out" 2>"$err" && "$sim" merge "odd "*.txt 2>"$err" | cmp -s - odd.whole
check "the parallel line quotes a key file and shard files named with a space and a quote" $?
"$sim" merge --partial shard.[1-4].txt >"$out" 2>"$err"
grep -q "missing: printing the partial result; to rerun them: sbatch --array=5-8 shards.sh" "$err"
check "merge --partial names the rerun commands too" $?

checks_end reruns

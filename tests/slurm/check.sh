#!/bin/sh
# check.sh BUILD - make check-slurm: sim/SCALE-OUT.md's Slurm recipe on a real
# Slurm cluster.  Installs slurm-wlm and munge when missing, starts munged,
# slurmctld and slurmd as root on the loopback address only (a generated
# slurm.conf, state, sockets and logs in a temporary folder, free ports on
# 127.0.0.1, no systemd, no accounting), and runs the guide's shards.sh,
# merge.sh and submission commands as they stand, on a small run of 8
# shards (the scripts' BLOOMSIM_SHARDS and BLOOMSIM_RUN; the submission's
# array range 2-100 read as 2-8).  One task is stopped by scancel mid-run:
# it must leave no shard file, the merge job (afterany) must run anyway and
# refuse, naming the shard and the sbatch command that reruns it; that
# command, run as printed, and merge.sh again must give the unsharded run's
# bytes.  A rerun of a good shard, stopped mid-run, must leave its file as
# it was.  Every wait is bounded; the daemons are stopped by the PIDs this
# script started (trap on exit).  Ends with "check-slurm: N passed, N
# failed".
set -u
build=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
shards=8
run="plan 5e6 1e-3 --trials 1 --queries 4e8 --seed 5"
passed=0
failed=0
daemons=""
work=""

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { if [ "$2" -eq 0 ]; then pass; else fail "$1"; fi; }
finish() {
    echo "check-slurm: $passed passed, $failed failed"
    [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
    exit $?
}

# wait_until SECONDS COMMAND... - polls COMMAND every 0.2 s; 1 after SECONDS.
wait_until() {
    limit=$(($1 * 5))
    shift
    tries=0
    until "$@"; do
        tries=$((tries + 1))
        [ "$tries" -lt "$limit" ] || return 1
        sleep 0.2
    done
}

stop_daemons() {
    if [ -n "$daemons" ]; then
        scancel --user=root >/dev/null 2>&1
        wait_until 20 no_jobs
        for pid in $daemons; do kill -TERM "$pid" 2>/dev/null; done
        for pid in $daemons; do
            wait_until 10 gone "$pid" || kill -KILL "$pid" 2>/dev/null
        done
    fi
    [ -z "$work" ] || rm -rf "$work"
}
gone() { ! kill -0 "$1" 2>/dev/null; }
no_jobs() { [ -z "$(squeue -h -o %i 2>/dev/null)" ]; }
trap stop_daemons EXIT
trap 'exit 130' INT TERM

if [ "$(id -u)" -ne 0 ]; then
    fail "must run as root (slurmd runs the jobs, munged and slurmctld as root)"
    finish
fi
if ! command -v slurmctld >/dev/null 2>&1 || ! command -v mungekey >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq slurm-wlm munge >/dev/null 2>&1 \
        || { apt-get update -qq && apt-get install -y -qq slurm-wlm munge >/dev/null; }
fi
for program in munged mungekey slurmctld slurmd sbatch squeue scancel; do
    command -v "$program" >/dev/null 2>&1 || { fail "$program is not installed"; finish; }
done

work=$(mktemp -d -t check-slurm.XXXXXX)
mkdir "$work/state" "$work/spool" "$work/run"
mungekey --create --keyfile="$work/munge.key" 2>"$work/mungekey.err" || { fail "mungekey"; finish; }
set -- $(python3 -c 'import socket
ports = [socket.socket() for _ in range(2)]
for s in ports: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in ports])')
cat >"$work/slurm.conf" <<EOF
ClusterName=bloomcheck
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$1
SlurmdPort=$2
CommunicationParameters=NoInAddrAny,NoCtldInAddrAny
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
KillWait=5
MinJobAge=600
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=check Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"
unset SLURM_JOB_ID SLURM_ARRAY_JOB_ID SLURM_ARRAY_TASK_ID

munged -F --force --socket="$work/munge.socket" --key-file="$work/munge.key" \
    --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munged.seed" \
    >"$work/munged.out" 2>&1 &
daemons="$!"
wait_until 10 test -S "$work/munge.socket"
check "munged is up" $?
slurmctld -D -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
daemons="$daemons $!"
slurmd -D -N localhost -f "$SLURM_CONF" >"$work/slurmd.out" 2>&1 &
daemons="$daemons $!"
node_idle() { [ "$(sinfo -h -n localhost -o %t 2>/dev/null)" = idle ]; }
if ! wait_until 30 node_idle; then
    fail "the node did not come up within 30 s"
    tail -n 5 "$work"/*.out "$work"/*.log
    finish
fi
pass
listening=$(ss -ltnH 2>/dev/null | awk '{ print $4 }' | grep -E ":($1|$2)\$")
[ -n "$listening" ] && ! printf '%s\n' "$listening" | grep -qv '^127\.0\.0\.1:'
check "slurmctld and slurmd listen on 127.0.0.1 only ($(echo $listening))" $?

# sim/SCALE-OUT.md's block after the line "<!-- slurm: NAME -->".
block() {
    awk -v marker="<!-- slurm: $1 -->" '$0 == marker { found = 1; next }
        found && /^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' "$root/sim/SCALE-OUT.md"
}
cd "$work/run" || finish
block shards.sh >shards.sh
block merge.sh >merge.sh
submit=$(block submit | sed "s/--array=2-100 /--array=2-$shards /")
printf '%s\n' "$submit" | grep -q -- "--array=2-$shards " && [ -s shards.sh ] && [ -s merge.sh ]
check "sim/SCALE-OUT.md has shards.sh, merge.sh and the submission (array 2-100)" $?
export PATH="$build:$PATH" BLOOMSIM_SHARDS=$shards BLOOMSIM_RUN=$run
# shellcheck disable=SC2086
bloomsim $run >"$work/whole.txt" 2>"$work/whole.err"
check "the unsharded run exits 0" $?

job_done() { [ -z "$(squeue -h -j "$1" -o %i 2>/dev/null)" ]; }
task_running() { [ "$(squeue -h -j "$1" -t R -o %i 2>/dev/null)" = "$1" ]; }
submitted_id() { sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p'; }

started=$(date +%s)
eval "$submit" >submit.out 2>&1
merge_job=$(submitted_id <submit.out)
[ -n "${first:-}" ] && [ -n "${rest:-}" ] && [ -n "$merge_job" ]
check "the guide's submission gives three jobs" $?
# Stop task 3 mid-run, as a failing node or scancel would.
if wait_until 120 task_running "${rest}_3"; then
    sleep 0.5
    scancel "${rest}_3"
    pass
else
    fail "task 3 did not start within 120 s"
fi
wait_until 300 job_done "$merge_job"
check "the merge job ran (afterany) though task 3 failed, within 300 s" $?
[ ! -e shard.3.txt ] && [ -z "$(find . -name '.shard.*.tmp-*')" ]
check "the stopped task left no shard.3.txt and no temporary file" $?
[ -e filter.0 ] && [ "$(ls shard.*.txt | wc -l)" -eq $((shards - 1)) ]
check "task 1 wrote the filter file; the 7 other shards are written" $?
[ ! -e result.txt ] && grep -q "shard 3 of $shards missing" merge.log
check "merge.log names shard 3 as missing; no result.txt" $?
rerun=$(sed -n 's/.*to rerun them: \(sbatch --array=[0-9,-]* shards\.sh\) .*/\1/p' merge.log)
[ "$rerun" = "sbatch --array=3 shards.sh" ]
check "merge.log gives the rerun command: $rerun" $?

# Rerun as the guide says: the command merge.log gives, then merge.sh after it.
cp shard.1.txt "$work/shard.1.good"
$rerun >rerun.out 2>&1
rerun_job=$(submitted_id <rerun.out)
sbatch --dependency="afterany:$rerun_job" merge.sh >merge2.out 2>&1
merge_job=$(submitted_id <merge2.out)
[ -n "$rerun_job" ] && [ -n "$merge_job" ] && wait_until 300 job_done "$merge_job"
check "the rerun and the second merge ended within 300 s" $?
cmp -s result.txt "$work/whole.txt"
check "result.txt equals the unsharded run byte for byte" $?

# A rerun of a good shard, stopped mid-run, leaves that shard as it was.
good_job=$(sbatch --array=1 shards.sh | submitted_id)
if wait_until 120 task_running "${good_job}_1"; then
    sleep 0.5
    scancel "${good_job}_1"
fi
wait_until 60 job_done "$good_job"
cmp -s shard.1.txt "$work/shard.1.good" && [ -z "$(find . -name '.shard.*.tmp-*')" ]
check "a rerun of shard 1 stopped mid-run leaves shard.1.txt as it was, no temporary file" $?
echo "check-slurm: the jobs took $(($(date +%s) - started)) s"
[ "$failed" -eq 0 ] || tail -n 5 "$work"/*.log merge.log shard.*.log 2>/dev/null
finish

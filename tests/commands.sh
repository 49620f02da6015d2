# commands.sh - one quick invocation of every command of both programs, for
# the tests that must cover them all (tests/cli_write_errors.sh,
# tests/cli_formats.sh).  Sourced; defines command_lines, one command a
# line, PROGRAM being "calc" or "sim", then the arguments (no format);
# @SHARD@ stands for a shard file that make_shard FILE writes.
make_shard() {
    "$build/bloomsim" fpr -m 64 -n 8 -k 5 --trials 200 --queries 50 --seed 1 --shard 1/1 >"$1"
}
command_lines='calc plan 1e9 1%
calc plan -n 1000 -m 2^14
calc plan -m 2^20 -p 1%
calc fpr -m 64 -n 8 -k 5
calc table -n 1e6,1e9 -p 0.1..1e-3
calc converge -m 2^6..2^12
calc converge -m 2^6..2^12 --fit
calc compare 1e9 1%
calc lsm -L 5 -T 10 -n 1e9 -p 1%
calc lsm -L 5 -T 10 -n 1e9 -p 1% --per-level
calc grow -n 1e6
calc structures 1%
calc keys
calc audit tests/fixtures/rocksdb_bloom.sst tests/fixtures/rocksdb_ribbon.sst tests/fixtures/rocksdb_legacy.sst
calc audit --summary tests/fixtures
sim fpr -m 64 -n 8 -k 5 --trials 200 --queries 50 --seed 1
sim plan 1000 1% --trials 20 --queries 200
sim lsm -L 3 -p 10% -n 1110 --lookups 2000 --trials 4
sim delete -m 32 -n 3 -k 3 --trials 20
sim grow 2000 --trials 4 --queries 500
sim verify --budget 1e5
sim fpr -m 64 -n 8 -k 5 --trials 200 --queries 50 --seed 1 --shard 1/2
sim merge @SHARD@'

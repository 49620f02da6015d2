# extremes.sh - the corners of every bloomcalc command's ranges, one command
# a line (arguments of bloomcalc), for tests/cli_limits.sh (each must end,
# answered or refused, within a generous guard) and tests/bench.sh (make
# bench: wall milliseconds of each, slowest first).  Sourced; defines
# extreme_inputs: each limit of bloom_limits.h at its edge (2^64 keys and
# bits, k = 100, p = 1e-30, 100 digits, 100 LSM levels, T = 10^6, 256
# sub-filters), with every library and layout, the deployments of filters
# (--keys-per-filter, RocksDB's and LevelDB's files, partitioned filters),
# an audit of the fixture tables, and Guava's model near its size limit
# (m = 9600, k = 7).  Most are answered; the rest are refused up front: too
# few bits for one key, or a library's own limit (Guava, Cassandra, RocksDB's
# per-level files).
extreme_inputs='plan 1 0.999999
plan 2^64 0.5
plan 2^64 1e-30
plan 1 1e-30
plan 1e9 1e-30
plan 1e9 1e-30 --digits 100
plan -n 1 -m 1
plan -n 1 -m 144
plan -n 2^64 -m 1
plan -n 1 -m 2^64 -k 100
plan -m 1 -p 0.5
plan -m 2^64 -p 1e-30
plan -m 144 -p 1e-30
plan -n 2^64 -m 2^64 -k 100
plan 1e9 1% -L 1000000
plan 1e9 1e-30 --layout partitioned
plan 1e9 1e-30 --layout blocked
plan 1e9 1e-30 --layout blocked --block-bits 2^20
plan 1e9 1e-30 --layout split-block
plan -n 1e3 -m 1e9 -k 100 --layout blocked --block-bits 2^20
plan 2^64 1e-30 --library guava
plan 1e3 1% --library guava
plan 1e6 1e-30 --library guava@31
plan 2^64 1e-30 --library bits-and-blooms
plan 1e6 1e-30 --library libbloom
plan 2^64 1e-30 --library bloom-filters
plan 1e9 1e-30 --library cassandra
plan 1e9 1e-30 --library redisbloom-nonscaling
plan 1e9 1e-30 --library rocksdb
plan 1e9 1e-30 --library rocksdb-ribbon
plan 1e9 1e-30 --library parquet-mr
plan 1e9 1e-30 --library parquet-spec
plan 1e9 1e-30 --library parquet-arrow
plan 1e9 1e-30 --library leveldb
plan 1e9 1e-30 --library rocksdb@legacy
plan 2^64 1e-30 --keys-per-filter 1
plan -n 2^64 -c 100 --library rocksdb --file-size 64MiB --entry-size 1
plan -n 2^64 -c 10 --library leveldb --entry-size 1
plan -n 1e9 -c 100 --library rocksdb --partitioned --file-size 64MiB --entry-size 100
plan -n 1e9 -c 10 --library rocksdb@legacy --partitioned --file-size 1GiB --entry-size 1
fpr -m 1 -n 1 -k 1
fpr -m 2 -n 1000 -k 100
fpr -m 2 -n 1000 -k 100 --digits 100
fpr -m 2^64 -n 2^64 -k 100
fpr -m 2^64 -n 1 -k 100 --digits 100
fpr -m 2^64 -n 1 -k 1
fpr -m 1 -n 2^64 -k 100
fpr -m 1e9 -n 1 -k 100 --digits 100
fpr -m 1e9 -n 1e7 -k 100 --digits 100
fpr -m 2^48 -n 2^40 -k 100 --digits 100
fpr -m 64 -n 8 -k 5 --digits 100
fpr -m 2^64 -n 2^56 -k 100 --layout partitioned --digits 100
fpr -m 2^64 -n 2^56 -k 100 --layout blocked --digits 100
fpr -m 2^64 -n 1 -k 100 --layout blocked --block-bits 2^20 --digits 100
fpr -m 2^64 -n 2^56 -k 64 --layout split-block --block-bits 2^11
fpr -m 2^64 -n 2^56 -k 100 --hash double --hash-bits 64
table -n 1,2^64 -p 0.5,1e-30 -k 100,1 -L 1,1000000 --columns n,p,k,levels
table -n 2^10..2^30 -p 0.1..1e-6
table -n 2^10..2^34 -p 0.1,1e-2,1e-3,1e-4 --columns n,p,bytes,k
table -n 1e9 -p 1e-2 -k 1..100
table -n 1e9 -p 1e-30 --digits 100 --library guava
table -n 1e3..1e9 -p 1e-30 --layout blocked
table -n 1e3..1e9 -p 1e-30 --keys-per-filter 1e3
converge -c 144 -k 100 -m 2^10..2^64
converge -c 144 -k 100 -m 2^10..2^64 --digits 100
converge -c 1 -k 100 -m 2^6..2^12
converge --fit
compare 1 0.5
compare 2^64 1e-30
compare 2^64 1e-30 --digits 100
compare 1e9 -c 100000
compare 2^64 1e-30 --keys-per-filter 1e6
lsm -L 1 -T 2 -n 1
lsm -L 100 -T 1000000 -n 2^64
lsm -L 100 -T 2 --per-level --digits 100
lsm -L 64 -T 10 -n 1e9 --library rocksdb
lsm -L 7 -T 10 -n 1e9 --library leveldb --entry-size 100 --l0-files 100
lsm -L 6 -T 10 -n 2^64 --library rocksdb --file-size 64MiB --entry-size 100
audit tests/fixtures
grow -n 1 --initial 1 -s 1
grow -n 2^64 -p 1e-30 --initial 2^64 -r 0.5
grow -n 256 -s 1 --initial 1 -r 0.78
grow -n 2.56e8 -s 1 --initial 1e6 -r 0.9
grow -n 1e9 -s 1000 --initial 1
structures 1e-30 -n 2^64 --counter-bits 1
structures 0.999999 -n 1
structures 1e-30 -n 1 --digits 100'

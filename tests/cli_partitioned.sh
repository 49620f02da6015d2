#!/bin/sh
# cli_partitioned.sh BUILD - bloomcalc plan --partitioned, RocksDB's
# partitioned filters: keys per partition, partitions, bytes and the files'
# rate against RocksDB's rules recomputed from its source
# (tests/partitioned_reference.py), and the refusals (exit 2, one line naming
# --partitioned) of what it does not model: another library, no unit, a
# target rate instead of bits per key.  Ends with "partitioned: N passed,
# N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

python_checks partitioned tests/partitioned_reference.py "$calc"

refuse partitioned "$calc" plan -n 1e6 -c 10 --library rocksdb-ribbon --keys-per-filter 1000 --partitioned
refuse partitioned "$calc" plan -n 1e6 -c 10 --library guava --keys-per-filter 1000 --partitioned
refuse partitioned "$calc" plan -n 1e6 -c 10 --keys-per-filter 1000 --partitioned
refuse partitioned "$calc" plan -n 1e6 -p 1% --library rocksdb --keys-per-filter 1000 --partitioned
refuse partitioned "$calc" plan -n 1e6 -c 10 --library rocksdb --partitioned
# a bits per key RocksDB builds no filter for: refused as without --partitioned
refuse rocksdb "$calc" plan -n 1e6 -c 0.4 --library rocksdb --keys-per-filter 100000 --partitioned

checks_end partitioned

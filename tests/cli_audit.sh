#!/bin/sh
# cli_audit.sh BUILD - bloomcalc audit on RocksDB 7.8.3 table files of 400
# entries each (tests/fixtures/rocksdb_*.sst, written once by
# tests/peers/rocksdb_tree_peer.cc "bloom", "ribbon", "legacy" and
# "partitioned256" with 400 keys: FastLocalBloom, Ribbon and legacy Bloom
# filters, and a FastLocalBloom filter in 2 partitions, XXH3 checksums) and
# a LevelDB 1.23 table of 120 entries (tests/fixtures/leveldb.ldb, written
# once by tests/peers/leveldb_peer.cc "table DIR 120": per-2 KiB filters):
#   every field against a second reader (tests/table_reader.py: its own
#   walk of the blocks, set bits counted line by line, the rates as exact
#   fractions), and filter bytes against the file's rocksdb.filter.size;
#   fpr_layout against "bloomcalc plan" of the same bits, k and entries;
#   the summary's sums against the records'; the files apart named;
#   corrupted copies (a flipped byte in the filter, one in the
#   meta-index, a truncated file) refused with exit 2 and one line naming
#   the first, after the other files are printed; paths that are no table.
# Ends with "audit: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"
fixtures=tests/fixtures
bloom=$fixtures/rocksdb_bloom.sst ribbon=$fixtures/rocksdb_ribbon.sst legacy=$fixtures/rocksdb_legacy.sst

leveldb=$fixtures/leveldb.ldb
partitioned=$fixtures/rocksdb_partitioned.sst
python_checks "audit reader" tests/table_reader.py "$calc" "$bloom" "$ribbon" "$legacy" "$leveldb" "$partitioned"

# fpr_layout: the rate "plan" gives the same filter (its bits, k and entries, the library's rule)
field_of() {  # FIELD, of the CSV record of "bloomcalc audit FILE"
    "$calc" audit --format csv "$2" >"$out" 2>"$err" && csv_field "$1"
}
for entry in "$bloom:rocksdb:-k 6" "$legacy:rocksdb@legacy:-k 6" "$ribbon:rocksdb-ribbon:"; do
    file=${entry%%:*} rest=${entry#*:}
    library=${rest%%:*} k=${rest#*:}
    bytes=$(field_of filter_bytes "$file") entries=$(field_of entries "$file") layout=$(field_of fpr_layout "$file")
    # shellcheck disable=SC2086
    "$calc" plan -n "$entries" -m $(( (bytes - 5) * 8 )) $k --library "$library" --format csv >"$out" 2>"$err"
    expected=$(csv_field fpr_layout)
    if [ -n "$layout" ] && [ "$layout" = "$expected" ]; then pass
    else fail "$file: fpr_layout '$layout', plan -n $entries -m $(( (bytes - 5) * 8 )) $k --library $library: '$expected'"; fi
done
field_of fpr_layout "$leveldb" >/dev/null
[ -z "$(csv_field fpr_layout)" ] && pass || fail "$leveldb: fpr_layout '$(csv_field fpr_layout)', expected empty (no keys per filter)"

field_of warning "$leveldb" >/dev/null
case $(sed -n 2p "$out") in *"LevelDB's probes are not independent"*) pass ;; *) fail "leveldb.ldb: no warning on its probes: $(cat "$out")" ;; esac

# --summary: its sums are the records' (exact rationals summed in Python)
"$calc" audit --summary --format json --digits 40 "$bloom" "$ribbon" "$legacy" >"$scratch/summary.json" 2>"$err"
check "audit --summary exit" $?
"$calc" audit --format json --digits 40 "$bloom" "$ribbon" "$legacy" >"$scratch/files.json" 2>"$err"
python_checks "audit summary" - "$scratch/summary.json" "$scratch/files.json" <<'EOF'
import json, sys
from fractions import Fraction
summary = json.load(open(sys.argv[1]), parse_float=str)
files = json.load(open(sys.argv[2]), parse_float=str)
rates = [Fraction(f["fpr_bits"]) for f in files]
keys = [f["entries"] for f in files]
mean = sum(k * r for k, r in zip(keys, rates)) / sum(keys)
checks = [
    (summary["files"] == 3, f"files {summary['files']}"),
    (summary["keys_total"] == sum(keys), f"keys_total {summary['keys_total']}"),
    (summary["bytes_total"] == sum(f["filter_bytes"] for f in files), f"bytes_total {summary['bytes_total']}"),
    (abs(Fraction(summary["read_amp_miss"]) - sum(rates)) <= sum(rates) / 10**39, f"read_amp_miss {summary['read_amp_miss']}"),
    (abs(Fraction(summary["fpr_deployment"]) - mean) <= mean / 10**39, f"fpr_deployment {summary['fpr_deployment']}"),
    (Fraction(summary["fpr_bits_worst"]) == max(rates) or abs(Fraction(summary["fpr_bits_worst"]) - max(rates)) <= max(rates) / 10**39,
     f"fpr_bits_worst {summary['fpr_bits_worst']}"),
]
failed = [what for ok, what in checks if not ok]
for what in failed:
    print("FAIL:", what)
print(f"audit summary: {len(checks) - len(failed)} passed, {len(failed)} failed")
EOF

# --level: one level's files are consulted one at a time (the mean), level 0's all (the sum)
"$calc" audit --summary --level 2 --format csv "$bloom" "$legacy" >"$out" 2>"$err"
[ -n "$(csv_field read_amp_miss)" ] && [ "$(csv_field read_amp_miss)" = "$(csv_field fpr_deployment)" ] && pass ||
    fail "audit --summary --level 2: read_amp_miss $(csv_field read_amp_miss), fpr_deployment $(csv_field fpr_deployment)"
"$calc" audit --summary --level 0 --format json --digits 40 "$bloom" "$legacy" >"$scratch/level0.json" 2>"$err"
"$calc" audit --level 0 --format json --digits 40 "$bloom" "$legacy" >"$scratch/files0.json" 2>"$err"
python_checks "audit level 0" - "$scratch/level0.json" "$scratch/files0.json" <<'EOF2'
import json, sys
from fractions import Fraction
summary = json.load(open(sys.argv[1]), parse_float=str)
files = json.load(open(sys.argv[2]), parse_float=str)
total = sum(Fraction(f["fpr_bits"]) for f in files)
ok = abs(Fraction(summary["read_amp_miss"]) - total) <= total / 10**39 and all(f["level"] == 0 for f in files)
print("FAIL: level 0: read_amp_miss", summary["read_amp_miss"], "sum", float(total)) if not ok else None
print(f"audit level 0: {int(ok)} passed, {int(not ok)} failed")
EOF2
refuse --level "$calc" audit --level 101 "$bloom"
refuse "--level: '64' is out of range" "$calc" audit --level 64 "$bloom"
# --by-level: a record for each level of the MANIFEST (levels 1 and 2 here), then the whole,
# whose files, entries, bytes and false reads the levels' add up to, exactly (40 digits)
"$calc" audit --by-level --format csv --digits 40 tests/fixtures/manifest_rocksdb >"$out" 2>"$err"
python3 - "$out" <<'PY'
import csv, sys
from fractions import Fraction
rows = list(csv.DictReader(open(sys.argv[1])))
levels, whole = rows[:-1], rows[-1]
ok = [r["level"] for r in levels] == ["1", "2"] and whole["level"] == ""
for key in ("files", "keys_total", "bytes_total"):
    ok = ok and sum(int(r[key].replace(" ", "")) for r in levels) == int(whole[key])
ok = ok and sum(Fraction(r["read_amp_miss"]) for r in levels) - Fraction(whole["read_amp_miss"]) < Fraction(1, 10 ** 40)
sys.exit(0 if ok else 1)
PY
check "audit --by-level: levels 1 and 2, then the whole, which they add up to ($(head -c 300 "$out") $(cat "$err"))" $?
# --columns: the keys named, in that order, as every other command prints them
"$calc" audit --columns fpr_bits,file,k --format csv "$bloom" "$legacy" >"$out" 2>"$err"
[ "$(sed -n 1p "$out")" = "fpr_bits,file,k" ] && [ "$(sed 1d "$out" | wc -l)" -eq 2 ] &&
    [ "$(sed -n 2p "$out" | cut -d, -f2)" = "$bloom" ]
check "audit --columns fpr_bits,file,k: that header and one row a file ($(head -c 200 "$out"))" $?
"$calc" audit --summary --columns files,keys_total --format csv "$bloom" "$legacy" >"$out" 2>"$err"
[ "$(cat "$out")" = "files,keys_total
2,800" ]
check "audit --summary --columns files,keys_total: 2 files, 800 entries ($(cat "$out" "$err"))" $?
refuse "--columns: 'nope' names a key audit does not print" "$calc" audit --columns file,nope "$bloom"
refuse "--columns" "$calc" audit --columns file,,k "$bloom"

# the files apart: two Bloom files and a Ribbon (a Ribbon among Blooms: another format)
mkdir -p "$scratch/tree"
cp "$bloom" "$scratch/tree/000010.sst"
cp "$bloom" "$scratch/tree/000011.sst"
cp "$ribbon" "$scratch/tree/000012.sst"
cp README.md "$scratch/tree/notes.txt"
"$calc" audit --summary --format csv "$scratch/tree" >"$out" 2>"$err"
check "audit --summary DIRECTORY exit" $?
case $(csv_field files),$(cat "$out") in
3,*"000012.sst (another filter format)"*) pass ;;
*) fail "audit --summary of a directory: $(cat "$out")" ;;
esac
grep -q "000010.sst (" "$out" && fail "a Bloom file among Blooms named apart: $(cat "$out")" || pass

# corrupted copies: refused after the others are printed
corrupt() {  # FILE OFFSET: flips the byte at OFFSET of a copy of FILE
    python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); d[int(sys.argv[2])] ^= 0x40; open(sys.argv[3], "wb").write(d)' "$1" "$2" "$3"
}
filter_offset=$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); print(len(d) - 600)' "$bloom")
corrupt "$bloom" "$filter_offset" "$scratch/tree/000013.sst"
head -c 10000 "$bloom" >"$scratch/tree/000014.sst"
"$calc" audit --format csv "$scratch/tree" >"$out" 2>"$err"
rc=$?
[ "$rc" -eq 2 ] && pass || fail "audit of a tree with corrupt files: exit $rc, expected 2"
[ "$(wc -l <"$err")" -eq 1 ] && pass || fail "audit of corrupt files: not one stderr line: $(cat "$err")"
case $(cat "$err") in
*000013.sst*checksum*"1 more files refused"*) pass ;;
*) fail "audit of corrupt files: the line does not name 000013.sst, its checksum and the other: $(cat "$err")" ;;
esac
[ "$(grep -c '^'"$scratch"'/tree/0000[0-9]*\.sst,' "$out")" -eq 3 ] && pass ||
    fail "audit of corrupt files: the 3 sound files not all printed: $(cat "$out")"
"$calc" audit "$scratch/tree/000014.sst" >"$out" 2>"$err"
case $? in 2) pass ;; *) fail "truncated file: exit not 2" ;; esac
grep -q "000014.sst: not a RocksDB block-based or LevelDB table" "$err" && pass || fail "truncated file: $(cat "$err")"

# a flipped byte in the meta-index block (its offset from the footer's first handle)
meta_at=$(python3 - "$bloom" <<'EOF'
import struct, sys
d = open(sys.argv[1], "rb").read()
footer = d[-53:]
offset, shift, i = 0, 0, 1
while True:
    b = footer[i]; i += 1; offset |= (b & 0x7F) << shift; shift += 7
    if b < 0x80: break
print(offset + 3)
EOF
)
corrupt "$bloom" "$meta_at" "$scratch/meta.sst"
refuse meta-index "$calc" audit "$scratch/meta.sst"
corrupt "$leveldb" "$(( $(wc -c <"$leveldb") - 300 ))" "$scratch/leveldb.ldb"
refuse "leveldb.ldb: corrupt" "$calc" audit "$scratch/leveldb.ldb"
# a flipped byte in the second filter partition (its handle from the partitions' index)
part_at=$(python3 - "$partitioned" <<'EOF'
import sys
sys.path.insert(0, "tests")
import table_reader as t
d = open(sys.argv[1], "rb").read()
meta_offset, at = t.varint(d[-53:], 1)
meta_size, _ = t.varint(d[-53:], at)
found = {k.decode(): t.handle(v) for k, v in t.entries(t.block(d, meta_offset, meta_size))}
index = t.block(d, *next(h for k, h in found.items() if k.startswith("partitionedfilter.")))
print(list(t.delta_handles(index))[1][0] + 10)
EOF
)
corrupt "$partitioned" "$part_at" "$scratch/partitioned.sst"
refuse "filter partition block's checksum" "$calc" audit "$scratch/partitioned.sst"
refuse "$scratch/tree/notes.txt" "$calc" audit "$scratch/tree/notes.txt"
refuse "no-such-file.sst" "$calc" audit no-such-file.sst
refuse PATH "$calc" audit
refuse "$scratch" "$calc" audit "$scratch"

# a database directory: levels from its MANIFEST (tests/fixtures/manifest_rocksdb: the CURRENT,
# MANIFEST and two of the table files of "rocksdb_tree_peer fixture DIR 12000", whose live files
# RocksDB listed as 000029 and 000032 on L0, 000021 on L1, 000018 and 000022-000028 on L2), a
# table file put in as the L0 file 000029, one the MANIFEST does not list, the rest missing
database=$scratch/database
cp -r $fixtures/manifest_rocksdb "$database"
cp "$bloom" "$database/000029.sst"
cp "$ribbon" "$database/000099.sst"
python_checks "manifest reader" tests/manifest_reader.py "$calc" "$database"
"$calc" audit --format csv --columns file,level "$database" >"$out" 2>"$err"
[ "$(tr '\n' ' ' <"$out")" = "file,level $database/000018.sst,2 $database/000021.sst,1 $database/000029.sst,0 $database/000099.sst, $database/000022.sst,2 $database/000023.sst,2 $database/000025.sst,2 $database/000026.sst,2 $database/000027.sst,2 $database/000028.sst,2 $database/000032.sst,0 " ]
check "audit DIRECTORY: the levels RocksDB listed ($(tr '\n' ' ' <"$out"))" $?
"$calc" audit --summary --format csv "$database" >"$out" 2>"$err"
case $(cat "$out") in
*"missing: $database/000022.sst"*"not listed in the MANIFEST: $database/000099.sst"*) pass ;;
*) fail "audit --summary DIRECTORY: no warning of the missing and unlisted files: $(cat "$out")" ;;
esac
# a MANIFEST with a flipped byte, cut short, and a CURRENT naming none: refused by name, the
# files still audited (levels unknown)
refused_after() {  # WORD: audit of the database refused naming WORD, its 4 files printed, no level
    "$calc" audit --format csv --columns file,level "$database" >"$out" 2>"$err"
    rc=$?
    [ "$rc" -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "$1" "$err" &&
        [ "$(sed 1d "$out" | wc -l)" -eq 4 ] && ! grep -q ',[0-9]' "$out"
    check "audit DIRECTORY refused ($1): exit $rc, $(cat "$err"), $(sed 1d "$out" | wc -l) files printed" $?
}
corrupt $fixtures/manifest_rocksdb/MANIFEST-000005 100 "$database/MANIFEST-000005"
refused_after "MANIFEST-000005: the record at byte 59 does not match its checksum"
head -c 2000 $fixtures/manifest_rocksdb/MANIFEST-000005 >"$database/MANIFEST-000005"
refused_after "MANIFEST-000005: truncated: the record at byte [0-9]* runs past the end"
printf 'MANIFEST-000005' >"$database/CURRENT"
refused_after "CURRENT: CURRENT does not hold a MANIFEST's name and a newline"

checks_end audit

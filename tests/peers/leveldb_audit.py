"""leveldb_audit.py AUDIT_CSV FILTERS DIR - "bloomcalc audit" of a real
LevelDB 1.23 database against what its filter policy built
(tests/peers/database_checks.sh): FILTERS holds every filter string the
recording wrapper of leveldb_peer.cc built ("KEYS HEX" lines), AUDIT_CSV the
audit of DIR.  For every .ldb file of DIR, its filter block is cut into its
filters (tests/table_reader.py's walk of footer, meta-index and offsets);
every non-empty filter must be a string the wrapper built, the audit's
entries the sum of those filters' keys (LevelDB adds every key of a data
block to the filter of its 2 KiB range), and the audit's filter_bytes the
sum of the strings' bytes, four bytes of offset a filter and five closing
bytes.  Prints "FILES SAME FIRST_DIFFERENCE".
"""
import csv
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from table_reader import block, entries, handle, varint  # noqa: E402


def filters_of(path):
    data = open(path, "rb").read()
    footer = data[len(data) - 48:]
    meta_offset, at = varint(footer, 0)
    meta_size, at = varint(footer, at)
    found = {key.decode(): handle(value) for key, value in entries(block(data, meta_offset, meta_size))}
    filt = block(data, *found[next(k for k in found if k.startswith("filter."))])
    array = struct.unpack_from("<I", filt, len(filt) - 5)[0]
    offsets = [struct.unpack_from("<I", filt, array + 4 * i)[0] for i in range((len(filt) - 5 - array) // 4)]
    return [filt[start:limit] for start, limit in zip(offsets, offsets[1:] + [array])]


def main():
    audit_csv, built_path, directory = sys.argv[1:4]
    built = {}
    for line in open(built_path):
        keys, text = line.split()
        built[bytes.fromhex(text)] = int(keys)
    rows = list(csv.DictReader(open(audit_csv)))
    same, first = 0, "-"
    for row in rows:
        filters = filters_of(row["file"])
        known = [f for f in filters if f]
        unknown = sum(1 for f in known if f not in built)
        keys = sum(built.get(f, 0) for f in known)
        size = sum(len(f) for f in known) + 4 * len(filters) + 5
        ok = unknown == 0 and row["entries"] == str(keys) and row["filter_bytes"] == str(size)
        same += ok
        if not ok and first == "-":
            first = (f"{os.path.basename(row['file'])}: {unknown} filters not built, entries {row['entries']} "
                     f"(built {keys}), filter_bytes {row['filter_bytes']} (built {size})")
    listed = sum(1 for name in os.listdir(directory) if name.endswith(".ldb"))
    print(len(rows), same, listed, first)


if __name__ == "__main__":
    main()

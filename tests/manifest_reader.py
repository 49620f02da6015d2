"""manifest_reader.py BLOOMCALC DIR - a second reader of a RocksDB or
LevelDB MANIFEST, written apart from calc/src/manifest.c, for
tests/cli_audit.sh: it follows DIR/CURRENT to the MANIFEST, walks its
32 KiB blocks of records (7-byte headers, crc32c of type and payload,
fragments joined), decodes every version edit (new files of tags 7, 100,
102 and 103 with its custom fields; deleted files, tag 6; the column
family, tag 200, which follows an edit's files) and replays them: deletions
first, then additions.  It then runs "bloomcalc audit --format json
--digits 40 DIR" and "--summary" and checks: every table file of the
directory has the level replayed here (none for a file the MANIFEST does not
list, with a warning), every file listed and absent is printed with its
level and a warning, and the summary's read_amp_miss is the sum over the files
read of fpr_bits times the share of the tree's key range the file spans, keys
placed by the first 8 bytes of their user key (the internal key less its
8-byte trailer), big-endian, zero-padded (exact fractions).
Ends with "manifest reader: N passed, N failed".
"""
import json
import os
import re
import struct
import subprocess
import sys
from fractions import Fraction

from table_reader import check, finish


def crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def masked(crc):
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def records(data):
    """The whole payloads of the log, in order."""
    at, pending = 0, None
    while at < len(data):
        left = 32768 - at % 32768
        if left < 7:
            at += left
            continue
        checksum, length, kind = struct.unpack_from("<IHB", data, at)
        if kind == 0 and length == 0:
            at += left
            continue
        payload = data[at + 7:at + 7 + length]
        assert len(payload) == length and 7 + length <= left, f"bad record at {at}"
        assert masked(crc32c(data[at + 6:at + 7 + length])) == checksum, f"checksum at {at}"
        at += 7 + length
        if kind == 1:
            yield payload
        elif kind == 2:
            pending = payload
        elif kind == 3:
            pending += payload
        elif kind == 4:
            yield pending + payload
            pending = None
        else:
            raise ValueError(f"record type {kind}")


class Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def varint(self):
        value = shift = 0
        while True:
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value

    def text(self):
        length = self.varint()
        self.at += length
        return self.data[self.at - length:self.at]


def edit(payload):
    """(family, deleted [(level, number)], added [(level, number)], dropped)."""
    r, family, deleted, added, dropped = Reader(payload), 0, [], [], False
    while r.at < len(payload):
        tag = r.varint()
        if tag in (7, 100, 102, 103):
            level, number = r.varint(), r.varint()
            if tag == 102:
                r.varint()
            r.varint()
            smallest, largest = r.text(), r.text()
            if tag != 7:
                r.varint(), r.varint()
            if tag == 103:
                while (custom := r.varint()) != 1:
                    r.text()
            added.append((level, number, place(smallest), place(largest)))
        elif tag == 6:
            deleted.append((r.varint(), r.varint()))
        elif tag in (1, 201) or tag & (1 << 13):
            r.text()
        elif tag == 5:
            r.varint(), r.text()
        elif tag in (2, 3, 4, 9, 10, 203, 300):
            r.varint()
        elif tag == 200:
            family = r.varint()
        elif tag == 202:
            dropped = True
        else:
            raise ValueError(f"tag {tag}")
    return family, deleted, added, dropped


def place(internal_key):
    """The user key's first 8 bytes as a big-endian integer, zero-padded."""
    user = internal_key[:-8] if len(internal_key) >= 8 else b""
    return int.from_bytes((user[:8] + bytes(8))[:8], "big")


def live_files(directory):
    name = open(os.path.join(directory, "CURRENT"), "rb").read().decode().strip()
    data = open(os.path.join(directory, name), "rb").read()
    live = {}  # (family, level, number) -> (smallest, largest)
    for payload in records(data):
        family, deleted, added, dropped = edit(payload)
        for level, number in deleted:
            live.pop((family, level, number), None)
        for level, number, low, high in added:
            live[(family, level, number)] = (low, high)
        if dropped:
            live = {f: r for f, r in live.items() if f[0] != family}
    return {number: (level, live[(family, level, number)]) for family, level, number in live if family == 0}


def audit(calc, *arguments):
    out = subprocess.run([calc, "audit", "--format", "json", "--digits", "40", *arguments],
                         capture_output=True, text=True, check=False)
    check(out.returncode == 0, f"audit {arguments}: exit {out.returncode} {out.stderr}")
    return json.loads(out.stdout, parse_float=str) if out.returncode == 0 else None


def main():
    calc, directory = sys.argv[1], sys.argv[2]
    listed = live_files(directory)
    levels = {number: level for number, (level, _) in listed.items()}
    low = min(r[0] for _, r in listed.values())
    high = max(r[1] for _, r in listed.values())
    files = audit(calc, directory)
    summary = audit(calc, "--summary", directory)
    if files is None or summary is None:
        finish("manifest reader")
    printed = set()
    read = []
    for record in files:
        number = int(re.match(r"(\d+)\.", os.path.basename(record["file"])).group(1))
        printed.add(number)
        want = levels.get(number)
        check(record["level"] == want, f"{record['file']}: level {record['level']}, replayed {want}")
        warning = record.get("warning") or ""
        if number not in levels:
            check("MANIFEST" in warning, f"{record['file']}: not listed, no warning ({warning!r})")
        if record["entries"] is None:
            check("missing" in warning and not os.path.exists(record["file"]),
                  f"{record['file']}: printed unread but it exists or no warning ({warning!r})")
        else:
            read.append(record)
    check(set(levels) <= printed, f"files listed and not printed: {sorted(set(levels) - printed)}")
    by_level = {}   # level -> [files, false reads]
    for record in read:
        number = int(re.match(r"(\d+)\.", os.path.basename(record["file"])).group(1))
        share = Fraction(1)
        if number in listed and high > low:
            first, last = listed[number][1]
            share = Fraction(last - first, high - low)
        level = by_level.setdefault(record["level"], [0, Fraction(0)])
        level[0] += 1
        level[1] += share * Fraction(record["fpr_bits"])
    expected = sum(reads for _, reads in by_level.values())
    got = Fraction(summary["read_amp_miss"])
    check(abs(got - expected) <= expected / 10 ** 39,
          f"read_amp_miss {summary['read_amp_miss']}, each file's fpr_bits by its share of the key range "
          f"{float(expected)}")
    # --by-level: a record for each level, its files and its own share of the false reads
    # (one level alone prints only the whole's record)
    levels_printed = audit(calc, "--by-level", directory) or []
    rows = {row["level"]: row for row in levels_printed[:-1]} if len(by_level) > 1 else {}
    order = lambda levels: sorted(levels, key=lambda level: (level is not None, level or 0))
    check(order(rows) == order(by_level) or len(by_level) == 1,
          f"--by-level levels {order(rows)}, the files' {order(by_level)}")
    for level, (files, reads) in by_level.items() if len(by_level) > 1 else ():
        row = rows.get(level, {})
        printed = Fraction(row.get("read_amp_miss") or "-1")
        check(row.get("files") == files and abs(printed - reads) <= reads / 10 ** 39,
              f"--by-level level {level}: {row.get('files')} files, read_amp_miss {row.get('read_amp_miss')}; "
              f"its files {files}, {float(reads)}")
    finish("manifest reader")


if __name__ == "__main__":
    sys.exit(main())

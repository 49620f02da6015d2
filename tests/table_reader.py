"""table_reader.py BLOOMCALC FILE... - a second reader of RocksDB and
LevelDB table files, written apart from calc/src/table_file.c, for tests/cli_audit.sh:
for each file it walks the footer, the meta-index and properties blocks
(prefix-compressed entries) and the full filter, counts the filter's set
bits line by line and computes the rate of its bits as an exact fraction:
the mean over the 512-bit lines of (set / 512)^k for FastLocalBloom, for
RocksDB's legacy Bloom the mean over its lines and over every probe start a
and step b (mod 512) of whether the k bits (a + i b) mod 512 are all set, and
for a Ribbon the mean over its query starts of 2^-(result bits of the
start's block), the blocks below u B - S having u - 1 of them (S the
16-byte segments, B the blocks, u = ceil(S / B); RocksDB's
InterleavedSolutionStorage); for LevelDB, entries counted over the data
blocks and the mean over its non-empty filters of (set / m)^k; for a
partitioned filter, the partitions its top-level index names (from
format_version 4 an index entry has no value length: a full handle where the
key shares no prefix, else the size's zigzag-coded change, the partition
following the previous one and its 5-byte trailer), each a full filter as
above, the rate their mean weighted alike.  It then runs "bloomcalc audit --format json
--digits 40" on the file and compares every field.  Checksums are not
recomputed here (the C reader's are checked by corrupting copies).
Ends with "audit reader: N passed, N failed".
"""
import json
import struct
import subprocess
import sys
from fractions import Fraction

from reference_checks import check as count, finish


def check(ok, what):
    """A check, in the order this script's calls give it (tests/reference_checks.py counts it)."""
    count(what, ok)


def varint(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def block(data, offset, size):
    return data[offset:offset + size]


def entries(contents):
    restarts = struct.unpack_from("<I", contents, len(contents) - 4)[0] & 0x7FFFFFFF
    end = len(contents) - 4 - 4 * restarts
    at, key = 0, b""
    while at < end:
        shared, at = varint(contents, at)
        unshared, at = varint(contents, at)
        length, at = varint(contents, at)
        key = key[:shared] + contents[at:at + unshared]
        at += unshared
        yield key, contents[at:at + length]
        at += length


def delta_handles(contents):
    """The handles of an index block written with value delta encoding (format_version >= 4)."""
    restarts = struct.unpack_from("<I", contents, len(contents) - 4)[0] & 0x7FFFFFFF
    end = len(contents) - 4 - 4 * restarts
    at, previous = 0, None
    while at < end:
        shared, at = varint(contents, at)
        unshared, at = varint(contents, at)
        at += unshared
        if shared == 0:
            offset, at = varint(contents, at)
            size, at = varint(contents, at)
        else:
            zigzag, at = varint(contents, at)
            offset = previous[0] + previous[1] + 5
            size = previous[1] + ((zigzag >> 1) ^ -(zigzag & 1))
        previous = (offset, size)
        yield previous


def handle(value):
    offset, at = varint(value, 0)
    size, _ = varint(value, at)
    return offset, size


def bloom_rate(bits, k):
    lines = len(bits) // 64
    total = 0
    set_bits = 0
    for line in range(lines):
        s = sum(bin(b).count("1") for b in bits[64 * line:64 * line + 64])
        set_bits += s
        total += Fraction(s, 512) ** k
    return total / lines, set_bits


def legacy_rate(bits, k):
    """Each line as one 512-bit integer (bit p: byte p // 8, bit p % 8); for a step b, the
    starts a whose k probes a + i b all meet set bits are the set bits of the AND of the line
    turned by i b."""
    lines = len(bits) // 64
    total = 0
    for line in range(lines):
        value = int.from_bytes(bits[64 * line:64 * line + 64], "little")
        mask = (1 << 512) - 1
        for b in range(512):
            common = value
            for i in range(1, k):
                turn = (i * b) % 512
                common &= ((value >> turn) | (value << (512 - turn))) & mask
            total += bin(common).count("1")
    return Fraction(total, lines * 512 * 512)


def ribbon_rate(solution_bytes, blocks):
    segments = solution_bytes // 16
    upper = -(-segments // blocks)
    upper_start = upper * blocks - segments
    starts = 128 * (blocks - 1) + 1
    total = Fraction(0)
    for block_index in range(blocks):
        in_block = 128 if block_index < blocks - 1 else 1
        columns = upper - 1 if block_index < upper_start else upper
        total += Fraction(in_block, 2 ** columns)
    return total / starts


def read_leveldb(data):
    """A LevelDB table: entries counted over the data blocks the index names; the filter block's
    filters (offset array, then its offset and base_lg), each (set / m)^k, averaged alike."""
    footer = data[len(data) - 48:]
    meta_offset, at = varint(footer, 0)
    meta_size, at = varint(footer, at)
    index_offset, at = varint(footer, at)
    index_size, at = varint(footer, at)
    count = sum(1 for _, value in entries(block(data, index_offset, index_size))
                for _ in entries(block(data, *handle(value))))
    found = {key.decode(): handle(value) for key, value in entries(block(data, meta_offset, meta_size))}
    name = next(k for k in found if k.startswith("filter."))
    filt = block(data, *found[name])
    array = struct.unpack_from("<I", filt, len(filt) - 5)[0]
    offsets = [struct.unpack_from("<I", filt, array + 4 * i)[0] for i in range((len(filt) - 5 - array) // 4)]
    bounds = zip(offsets, offsets[1:] + [array])
    filters = [filt[start:limit] for start, limit in bounds if limit - start >= 2]
    rates = [Fraction(sum(bin(b).count("1") for b in f[:-1]), 8 * (len(f) - 1)) ** f[-1] for f in filters]
    bits = sum(8 * (len(f) - 1) for f in filters)
    return {
        "entries": count, "policy": name[len("filter."):], "filter_bytes": len(filt),
        "filter_size_property": len(filt), "filter_format": "leveldb", "k": filters[0][-1],
        "set_bits": sum(bin(b).count("1") for f in filters for b in f[:-1]),
        "fpr": sum(rates) / len(rates), "bits_per_key": Fraction(bits, count), "partitions": None,
    }


def read(path):
    data = open(path, "rb").read()
    if struct.unpack_from("<Q", data, len(data) - 8)[0] == 0xDB4775248B80FB57:
        return read_leveldb(data)
    assert struct.unpack_from("<Q", data, len(data) - 8)[0] == 0x88E241B785F4CFF7
    footer = data[len(data) - 53:]
    meta_offset, at = varint(footer, 1)
    meta_size, at = varint(footer, at)
    found = {}
    for key, value in entries(block(data, meta_offset, meta_size)):
        found[key.decode()] = handle(value)
    properties = {}
    for key, value in entries(block(data, *found["rocksdb.properties"])):
        properties[key.decode()] = value
    version = struct.unpack_from("<I", data, len(data) - 12)[0]
    name = next(k for k in found if k.startswith(("fullfilter.", "partitionedfilter.")))
    filt = block(data, *found[name])
    parts = [filt]
    partitioned = name.startswith("partitionedfilter.")
    if partitioned:
        handles = delta_handles(filt) if version >= 4 else (handle(v) for _, v in entries(filt))
        parts = [block(data, *h) for h in handles]
    record = {
        "entries": varint(properties["rocksdb.num.entries"], 0)[0],
        "policy": properties["rocksdb.filter.policy"].decode(),
        "filter_bytes": len(filt) + (sum(len(p) for p in parts) if partitioned else 0),
        "filter_size_property": varint(properties["rocksdb.filter.size"], 0)[0],
        "partitions": len(parts) if partitioned else None,
    }
    rates, set_bits, bits = [], 0, 0
    for part in parts:
        found_part = full_filter(part)
        rates.append(found_part.pop("fpr"))
        set_bits += found_part.pop("set_bits")
        bits += 8 * (len(part) - 5)
        record.update(found_part)
    record.update(fpr=sum(rates) / len(rates), set_bits=set_bits)
    record["bits_per_key"] = Fraction(bits, record["entries"])
    return record


def full_filter(filt):
    """A full filter's format, k, rate and set bits."""
    bits, meta = filt[:-5], filt[-5:]
    record = {}
    if meta[0] == 0xFE:
        blocks = meta[2] | meta[3] << 8 | meta[4] << 16
        record.update(filter_format="ribbon", k=None, fpr=ribbon_rate(len(bits), blocks),
                      set_bits=sum(bin(b).count("1") for b in bits))
    else:
        k = meta[2] & 31 if meta[0] == 0xFF else meta[0]
        rate, set_bits = bloom_rate(bits, k)
        if meta[0] != 0xFF:
            rate = legacy_rate(bits, k)
        record.update(filter_format="fastlocalbloom" if meta[0] == 0xFF else "legacybloom",
                      k=k, fpr=rate, set_bits=set_bits)
    return record


def close(printed, exact):
    """Whether printed (40 significant digits, or exact) is exact to 40 digits."""
    return abs(Fraction(printed) - exact) <= exact * Fraction(1, 10 ** 39)


def main():
    calc, files = sys.argv[1], sys.argv[2:]
    for path in files:
        mine = read(path)
        out = subprocess.run([calc, "audit", "--format", "json", "--digits", "40", path],
                             capture_output=True, text=True, check=False)
        check(out.returncode == 0, f"{path}: exit {out.returncode} {out.stderr}")
        if out.returncode != 0:
            continue
        theirs = json.loads(out.stdout, parse_float=str)[0]
        check(mine["filter_bytes"] == mine["filter_size_property"],
              f"{path}: the filter block has {mine['filter_bytes']} bytes, rocksdb.filter.size "
              f"{mine['filter_size_property']}")
        for key in ("entries", "policy", "filter_format", "filter_bytes", "k", "set_bits", "partitions"):
            check(theirs[key] == mine[key], f"{path}: {key} {theirs[key]!r}, the second reader {mine[key]!r}")
        check(close(str(theirs["bits_per_key"]), mine["bits_per_key"]),
              f"{path}: bits_per_key {theirs['bits_per_key']}, the second reader {mine['bits_per_key']}")
        check(close(str(theirs["fpr_bits"]), mine["fpr"]),
              f"{path}: fpr_bits {theirs['fpr_bits']}, the second reader {float(mine['fpr'])}")
    finish("audit reader")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""cassandra_peer.py - Cassandra's filter hash from the DataStax Python driver
(Debian's python3-cassandra, whose cassandra.murmur3 must give the tokens a
Cassandra server computes, signed tail bytes included) for "make check-peers"
(tests/peers/run.sh):

  keys        prints the test keys, one a line ("-": the empty key): "HEX signed" when a tail byte
              other than a lane's top byte is 0x80 or more (where Cassandra's
              hash differs from the standard MurmurHash3), else "HEX unsigned";
              lengths 0 to 40, three keys of each (any bytes, bytes below
              0x80, a tail of bytes from 0x80), from a fixed seed
  hashes      reads lines "HEX ..."; prints "HEX H1 H2" (unsigned decimal)
  pairs N     keys 0..N-1 as 8 little-endian bytes (as bloomsim's peer_bits);
              prints "H1 H2" as signed longs, for GuavaPeer cassandra-bits

h1 is the driver's C murmur3 (its token), checked against its pure-Python
version; h2, which the driver does not return, is F(a) + 2 F(b) mod 2^64 from
the two fmix values that the pure-Python version computes (it returns F(a) +
F(b)), recorded by wrapping the module's fmix.
"""
import random
import sys

import cassandra.murmur3 as driver
from cassandra.cmurmur3 import murmur3 as driver_token

MASK = 2**64 - 1


def hash128(data):
    finals = []
    fmix = driver.fmix

    def recording(k):
        value = fmix(k)
        finals.append(value & MASK)
        return value
    driver.fmix = recording
    try:
        h1 = driver._murmur3(data) & MASK
    finally:
        driver.fmix = fmix
    a, b = finals
    if h1 != (a + b) & MASK or h1 != driver_token(data) & MASK:
        sys.exit("cassandra_peer.py: the driver's two murmur3 versions disagree")
    return h1, (a + 2 * b) & MASK


def signed_tail(data):
    tail = data[len(data) // 16 * 16:]
    return any(byte >= 0x80 and j % 8 != 7 for j, byte in enumerate(tail))


def keys():
    generator = random.Random(11)
    for length in range(41):
        for low, high in ((0, 255), (0, 127), (128, 255)):
            data = bytes(generator.randint(0 if j < length // 16 * 16 else low,
                                           255 if j < length // 16 * 16 else high)
                         for j in range(length))
            print(data.hex() or "-", "signed" if signed_tail(data) else "unsigned")


def signed(value):
    return value - 2**64 if value >> 63 else value


def main(argv):
    if argv[1:] == ["keys"]:
        keys()
    elif argv[1:] == ["hashes"]:
        for line in sys.stdin:
            hexkey = line.split()[0]
            h1, h2 = hash128(bytes.fromhex("" if hexkey == "-" else hexkey))
            print(hexkey, h1, h2)
    elif len(argv) == 3 and argv[1] == "pairs":
        out = []
        for key in range(int(argv[2])):
            h1, h2 = hash128(key.to_bytes(8, "little"))
            out.append("%d %d\n" % (signed(h1), signed(h2)))
        sys.stdout.write("".join(out))
    else:
        sys.exit("usage: cassandra_peer.py keys | hashes | pairs N")


main(sys.argv)

// bloom_filters_peer.js - drives the real npm package bloom-filters
// (BloomFilter.create) for "make check-peers" (tests/peers/run.sh); the
// package is installed by run.sh into tests/peers/node_modules, which is not
// committed.  Same commands and output as GuavaPeer.java:
//
//   sizes          "n p" lines in; "n p m k" out (the filter's _size and
//                  _nbHashes), or "n p refused" when create() throws; a
//                  filter too large to allocate here (over 2^32 bits) is
//                  sized by the package's own optimalFilterSize and
//                  optimalHashes, the two functions create() calls
//   rate N P F Q   F filters of N keys, Q absent keys queried in each;
//                  "m k F Q sum sumsq" of the per-filter false positives
//   bits N P       keys 0..N-1; "m k", then the set bit positions
//
// A key is a Buffer of the 8 bytes of a 64-bit integer, least significant
// first (the package hashes it with xxhashjs h64).
'use strict';
const path = require('path');
const { BloomFilter } = require('bloom-filters');
const formulas = require(path.join(path.dirname(require.resolve('bloom-filters')), 'formulas.js'));

const LARGEST_BUILT = 2 ** 32;

function key(value) {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(value);
  return bytes;
}

function size(n, p) {
  const m = formulas.optimalFilterSize(n, p);
  if (m > LARGEST_BUILT)
    return `${m} ${formulas.optimalHashes(m, n)}`;
  try {
    const filter = BloomFilter.create(n, p);
    return `${filter._size} ${filter._nbHashes}`;
  } catch (e) {
    return 'refused';
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === 'sizes') {
  const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter((l) => l.trim());
  const out = lines.map((line) => {
    const [n, p] = line.trim().split(/\s+/);
    return `${n} ${p} ${size(Number(n), Number(p))}`;
  });
  process.stdout.write(out.join('\n') + '\n');
} else if (command === 'rate') {
  const [n, p, trials, queries] = [Number(args[0]), Number(args[1]), Number(args[2]), Number(args[3])];
  let sum = 0n, sumsq = 0n, filter = null;
  for (let t = 0n; t < BigInt(trials); t++) {
    filter = BloomFilter.create(n, p);
    for (let i = 0n; i < BigInt(n); i++)
      filter.add(key((t << 32n) + i));
    let fp = 0n;
    for (let j = 0n; j < BigInt(queries); j++)
      if (filter.has(key((t << 32n) + (1n << 31n) + j)))
        fp++;
    sum += fp;
    sumsq += fp * fp;
  }
  console.log(`${filter._size} ${filter._nbHashes} ${trials} ${queries} ${sum} ${sumsq}`);
} else if (command === 'bits') {
  const [n, p] = [Number(args[0]), Number(args[1])];
  const filter = BloomFilter.create(n, p);
  for (let i = 0n; i < BigInt(n); i++)
    filter.add(key(i));
  const out = [`${filter._size} ${filter._nbHashes}`];
  for (let x = 0; x < filter._size; x++)
    if (filter._filter.has(x))
      out.push(String(x));
  process.stdout.write(out.join('\n') + '\n');
}

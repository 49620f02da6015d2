/*
 * library_rules.c - the sizing rules of well-known Bloom filter libraries
 * (library_rules.h), each described in words from the public source named
 * below and re-derived here in exact arithmetic: where a library computes
 * floor(x) or round(x) of a real x in doubles, this file computes it of the
 * exact x with certified refinement, so it may differ from the library by
 * one unit only when x lies within a double's rounding of an integer.
 * c = ln(1/p)/ln^2 2 is the textbook bits per key throughout.
 *
 * textbook      m = ceil(n c), k = the best integer for m (sizing.h); the
 *               rule of "bloomcalc plan".
 * guava         Guava 33 (com.google.common.hash.BloomFilter, read at
 *               google/guava 008e78e): bits = floor(n c), hashes =
 *               max(1, round(log2(1/p))); the bit array is a whole number of
 *               64-bit words and indices are taken modulo that size; the
 *               probes come from a 128-bit Murmur3 hash (two 64-bit halves,
 *               63-bit indices).  LockFreeBitArray refuses a filter of 0
 *               bits and one of more than 2^31 - 1 words (Ints.checkedCast
 *               of the word count, so from n = 1e10 at p = 1e-6), and the
 *               constructor more than 255 hashes.
 * guava@31      Guava 31.1 (the libguava-java Debian 12 ships; its
 *               BloomFilter.java read from the Debian source package):
 *               the same bits and refusals, but hashes = max(1,
 *               round((bits/n) ln 2)) of the bits before word rounding; it
 *               differs from 33's round(log2(1/p)) where floor(n c)/n ln 2
 *               and log2(1/p) round to different integers (n = 1000, p =
 *               0.011048: 6 against 7).
 * bits-and-blooms  github.com/bits-and-blooms/bloom v3 EstimateParameters
 *               (read in Debian's golang-github-willf-bloom-dev 3.3.1):
 *               m = ceil(n c), k = ceil((m/n) ln 2); indices modulo m, the
 *               bitset stored in 64-bit words.
 * libbloom      libbloom 1.6 (Jyri Virkki; Debian's libbloom-dev): bpe =
 *               -ln(p)/0.480453013918201 (its truncated ln^2 2), bits =
 *               (int)(n bpe), a floor with no word rounding, bytes =
 *               ceil(bits/8), hashes = ceil(0.693147180559945 bpe); probes
 *               (a + i b) mod 2^32 mod bits from two 32-bit MurmurHash2
 *               values.  It refuses n < 1000 (and n is an int), and fails
 *               from 2^31 bits, where the int conversion overflows and the
 *               allocation of a negative size fails.
 * bloom-filters npm bloom-filters 3.0.4 BloomFilter.create(n, p) (its
 *               formulas.js and hashing.js): m = ceil(n c), k = ceil((m/n)
 *               ln 2), the bitset rounded up to bytes; index i is
 *               (a + i b + (i^3 - i)/6) mod m from the low 32 bits of two
 *               XXH64 hashes (cuint's toNumber keeps 32 bits), so probe i
 *               reaches only bits below (i + 1) 2^32 + (i^3 - i)/6.
 *
 * Where the libraries' integer arithmetic changes the rate, and what the
 * rates here do about it (sim/filter/library_probes.h reproduces it; "make
 * check-peers" measures it):
 *   guava       (h1 + i h2) mod 2^63 mod m with m a multiple of 64: the
 *               probes are an arithmetic progression modulo 64, so a key's
 *               probes mod 64 repeat when h2 is a multiple of a large power
 *               of 2.  Modelled exactly within the model's size limit
 *               (index_arithmetic.c, FORMULAS.md §q: m = 960, n = 100,
 *               k = 7: 1.08497616 %, the real Guava 1.085 % measured, 1.006 %
 *               for independent probes); above it (10^6 keys) the rate is
 *               that of independent probes and the difference is below the
 *               measurement's resolution.
 *   libbloom    (a + i b) mod 2^32 mod m: the 2^32 mod m lowest bits are hit
 *               (q + 1)/q as often as the others, q = floor(2^32/m) (up to
 *               3/2 near 2^31 bits); modelled exactly, with the probes of a
 *               key taken as independent (bloom_enclose_fpr_modulo, fpr.h;
 *               FORMULAS.md §m.6): at 1e8 keys, p = 1 % (m = 958505837,
 *               q = 4) 1.04210 %, where the real libbloom measures 1.0425 %
 *               [1.0395, 1.0456] and uniform probes give 1.0039 %.  The
 *               double-hashing dependence left out is of relative order
 *               100/m (§d.2), said in `warning`.
 *   bloom-filters  probes confined below (i + 1) 2^32 when m > 2^32 (n above
 *               about 4.5e8 at 1 %): not modelled, the rate here is that of
 *               independent probes over all m bits, which understates it
 *               there; below 2^32 bits (measured at m = 2876 and 9.6e6) the
 *               model holds.
 *   bits-and-blooms  64-bit wrap-around then mod m: no effect measurable.
 *   cassandra   |h2 + i h1| mod m of the signed 64-bit sum, m a multiple of
 *               64: modulo 64 the probes are +-(h2 + i h1), so two probes
 *               of one key coincide mod 64 more often than independent ones
 *               when h1 is a multiple of a power of 2, as Guava's do.  Not
 *               modelled: at m = 960, n = 100, k = 7 bloomsim's reproduction
 *               (sim/filter/library_probes_cassandra.c, hash checked
 *               against Guava and the DataStax driver) measures 1.058 %
 *               [1.048, 1.069] over 10^7 queries where this rate is 1.006 %;
 *               at m = 3072, n = 300, k = 5 (the 1 % rule) 0.871 % over 3 x
 *               10^8 queries against 0.862 %; at 10^6 keys no difference.
 * cassandra     org.apache.cassandra.utils.BloomCalculations.computeBloomSpec
 *               (apache/cassandra 07cf56f and 1c05568; the same from 1.2 to
 *               5.0): its table probs[b][k] of three-digit decimals (the
 *               roundings of (1 - e^(-k/b))^k, b = 2..20 buckets per key, k
 *               up to a per-row end), transcribed below and compared with p
 *               as exact decimals; the first b whose best k's cell
 *               (optKPerBuckets[b], the first smallest of the row) is at most
 *               p, then k lowered while the cell to its left is still at most
 *               p; m = n b + 20 bits (FilterFactory), rounded to 64-bit words
 *               (OffHeapBitSet), indices modulo the rounded size.  The cells,
 *               not the formula, decide: at p = 0.001, 15 buckets and k = 7,
 *               whose cell is 0.001 (the rounding of 0.0010028 > p), where the
 *               formula would take 8.  Rates below the last cell of row 20
 *               (6.71e-5, built with 20 buckets and 14 hashes) are refused, as
 *               Cassandra throws, and so is a filter of more than 2^31 - 1
 *               words (OffHeapBitSet throws "Bloom filter size is > 16GB",
 *               e.g. n = 1e10 at 1e-4).  Cassandra's first "trivial case",
 *               p >= 0.393 (the cell of 2 buckets and 1 hash), returns
 *               BloomSpecification(2, optKPerBuckets[2]), its arguments in
 *               the order (k, buckets): k = 2 and 1 bucket per key, m = n +
 *               20, whose rate (about 0.75) exceeds p; so does this rule.
 *               The sizing is the same from 1.2 to 5.0; the probes changed
 *               (library_probes_cassandra.c): 1.2 to 2.1 use base = h1, inc =
 *               h2 (3.x still for its older sstables), 3.0 on base = h2, inc
 *               = h1, which the simulator builds; the rate here is the same
 *               for both.
 * redisbloom    RedisBloom 2.x BF.RESERVE (src/sb.c, src/rebloom.c,
 *               deps/bloom/bloom.c, RedisBloom 03077b4, 0aeb4b2 and v2.8.20):
 *               a scaling filter's first sub-filter gets error p/2
 *               (ERROR_TIGHTENING_RATIO 0.5), a NONSCALING one gets p;
 *               bloom_init with BLOOM_OPT_NOROUND | FORCE64 computes libbloom's
 *               bpe = -ln(e)/0.480453013918201, bits = (uint64_t)(n bpe) (at
 *               least 1) rounded up to 64-bit words, and hashes =
 *               (int)ceil(0.693147180559945 bpe): its two truncated constants
 *               make hashes j + 1 at e = 2^-j (11 at 1/1024, 3 for the
 *               scaling filter at 1/2), a 64-bit hash, indices modulo the
 *               bits.  (RedisBloom 8 caps the error rate at 0.25 and the
 *               capacity at 2^30: not modelled.)
 * rocksdb       RocksDB FastLocalBloom (format_version 5; util/bloom_impl.h
 *               0e0b530, table/block_based/filter_policy.cc): the user's
 *               bits per key (here c, a double there) sanitised as
 *               BloomLikeFilterPolicy does (below 1/2: no filter, refused
 *               here; below 1: 1; from 100: 100), then millibits =
 *               (int)(1000 c + 0.500001), here floor(1000 c + 0.500001) of
 *               the exact c (round(1000 c) for c of three decimals; a real c,
 *               such as Monkey's bits per key of an LSM level, stands for the
 *               double nearest it, whose millibits these are unless 1000 c +
 *               0.500001 lies within about 10^-12 of an integer); bytes =
 *               ceil(n millibits / 8000), at most 0xffffffc0, rounded up to
 *               64-byte cache lines, plus 5 bytes of metadata; probes from
 *               the ChooseNumProbes table (FORMULAS.md §e; 10 bits per key -> 6);
 *               every probe of a key inside one 512-bit line: the blocked
 *               layout.  Its 64-bit hash picks the line with the upper half
 *               and the probes with the lower half (FORMULAS.md §e caveat), which
 *               the 64-bit fingerprint floor here understates (about
 *               51/2^32 instead of n/2^64, still negligible).
 * rocksdb-ribbon  RocksDB 7.8 NewRibbonFilterPolicy(c) (Standard128Ribbon;
 *               filter_policy.cc, ribbon_config.cc, ribbon_impl.h of Debian's
 *               rocksdb 7.8.3): c is the bits per key of the Bloom filter it
 *               replaces, whose rate (CacheLocalFpRate) the Ribbon's result
 *               bits are chosen to meet; slots, bytes and rate in ribbon.c
 *               (FORMULAS.md §m); 5 bytes of metadata.
 *               RocksDB builds the Bloom filter of the same c instead above
 *               950 000 000 keys, and below 1024 slots when it is smaller;
 *               so does this rule.  No probes: k is not printed.  c is
 *               sanitised as for rocksdb (below 1/2 refused, clamped to
 *               [1, 100]) before the Ribbon is sized.  As a
 *               description (--library rocksdb-ribbon) it is the layout
 *               "ribbon" of layouts.h when no k is given (its columns from
 *               the solution's length), its Bloom fallback (rocksdb's shape)
 *               with one.
 * parquet-mr    parquet-mr 1.13 BlockSplitBloomFilter (apache/parquet-java
 *               1.13.1, unchanged to 069cc22): optimalNumOfBits = (int)(-8 n
 *               / ln(1 - p^(1/8))), at most 2^30 (128 MiB), then
 *               (bits + 255) & ~256, which clears bit 8 where the comment
 *               says "round up to a multiple of 256" (parquet_mr_bits
 *               below); ColumnWriterBase passes bits/8 to initBitset, which
 *               makes it at least 32 bytes, rounds it up to a power of two
 *               and caps it at 128 MiB; split-block layout (256-bit blocks,
 *               8 words), xxHash64.  The writer caps it further at
 *               parquet.bloom.filter.max.bytes (1 MiB by default), not
 *               modelled.
 * parquet-spec  the same sizing without the 128 MiB cap: Parquet's
 *               BloomFilter.md formula with the power-of-two rounding.
 * parquet-arrow Arrow C++'s Parquet writer (apache/arrow
 *               cpp/src/parquet/bloom_filter.h at 0444871,
 *               BlockSplitBloomFilter::OptimalNumOfBits): (uint32_t) of the
 *               real bits -8 ndv / ln(1 - p^(1/8)), 2^30 when that exceeds
 *               2^30 (128 MiB), at least 256 (32 bytes), then the next power
 *               of two, at most 2^30: the bits rounded, not the bytes as
 *               parquet-mr rounds them (1025 bits: 2048 here, 1024 there);
 *               ndv is a uint32_t, so n above 2^32 - 1 is refused.
 * leveldb       LevelDB 1.23 NewBloomFilterPolicy(bits_per_key) (util/bloom.cc
 *               and util/hash.cc, google/leveldb tag 1.23; unchanged to
 *               78a352f): bits_per_key an int (here floor(c) of -c, as C++
 *               truncates a double), k = (size_t)(bits_per_key x 0.69)
 *               clamped to [1, 30] (floor(69 c/100) exactly: the double
 *               0.69 is below 69/100, but no c <= 44 makes 69 c/100 a
 *               nonzero integer, and from 45 the clamp decides); bits = n
 *               bits_per_key, at least 64, rounded up to whole bytes; the
 *               filter string is those bytes plus one byte holding k.  n is
 *               an int (more than 2^31 - 1 keys refused).  Probes ((h + i
 *               delta) mod 2^32) mod bits from one 32-bit hash, delta = h
 *               rotated right by 17 (FORMULAS.md §r): not independent, and
 *               not modelled by the rate here (bloom_library_unmodelled).
 *               From a rate p (bloom_rule_apply, compare N P) it is given
 *               the whole bits per key ceil(ln(1/p)/ln^2 2).
 * rocksdb@legacy  RocksDB's legacy Bloom filter, built for format_version
 *               <= 4 (table/block_based/filter_policy.cc LegacyBloomBitsBuilder
 *               and util/bloom_impl.h, RocksDB v7.8.3, bf2c335): c sanitised
 *               and turned into millibits as for rocksdb, then the whole bits
 *               per key w = (millibits + 500) / 1000; k = (int)(w x 0.69) in
 *               [1, 30] (LegacyNoLocalityBloomImpl::ChooseNumProbes, LevelDB's
 *               rule); bits = min(n w, 0xffff0000) in 512-bit lines, the count
 *               of lines made odd (one more when even), plus 5 bytes of
 *               metadata.  One 32-bit hash (LevelDB's Hash with seed
 *               0xbc9f1d34, the tail bytes sign-extended) picks line h mod L
 *               and probes (h + i delta) mod 512 in it, delta = h rotated
 *               right by 17: the rate of rocksdb_legacy.c (FORMULAS.md §e.8).
 *               From a rate p the smallest whole w whose filter meets p.
 */
#include "fpr.h"
#include "library_rules.h"
#include "numbers.h"
#include "ribbon.h"
#include "rocksdb_legacy.h"
#include "sizing.h"

/* The bytes of metadata after a RocksDB filter (kMetadataLen). */
#define ROCKSDB_METADATA_BYTES 5

/* LevelDB: the byte holding k after the bit array, the fewest bits, the most probes. */
#define LEVELDB_METADATA_BYTES 1
#define LEVELDB_MIN_BITS 64
#define LEVELDB_MAX_PROBES 30

/* RocksDB's legacy filter: its cache line, and the most bits it computes before rounding. */
#define LEGACY_LINE_BITS 512UL
#define LEGACY_MAX_BITS 0xffff0000UL

/* (int)(whole x 0.69) in [1, 30]: LevelDB's k and RocksDB's legacy ChooseNumProbes. */
static unsigned long whole_bits_probes(unsigned long whole)
{
    unsigned long probes = whole > LEVELDB_MAX_PROBES * 2 ? LEVELDB_MAX_PROBES : whole * 69 / 100;
    return probes < 1 ? 1 : probes > LEVELDB_MAX_PROBES ? LEVELDB_MAX_PROBES : probes;
}

void bloom_rule_sizing_init(bloom_rule_sizing *sizing)
{
    mpz_inits(sizing->n, sizing->m_bits, sizing->bytes, (mpz_ptr)0);
    mpq_inits(sizing->ribbon_rate, sizing->setting, (mpq_ptr)0);
    sizing->has_setting = sizing->setting_short = 0;
    sizing->name = sizing->version = sizing->description = sizing->layout_name = "";
    sizing->k = 0;
    sizing->hash_dependent = 0;
}

void bloom_rule_sizing_clear(bloom_rule_sizing *sizing)
{
    mpz_clears(sizing->n, sizing->m_bits, sizing->bytes, (mpz_ptr)0);
    mpq_clears(sizing->ribbon_rate, sizing->setting, (mpq_ptr)0);
}

unsigned long bloom_rocksdb_probes(unsigned long millibits_per_key)
{
    static const struct { unsigned long up_to, probes; } table[] = {
        {2080, 1}, {3580, 2}, {5100, 3}, {6640, 4}, {8300, 5}, {10070, 6}, {11720, 7},
        {14001, 8}, {16050, 9}, {18300, 10}, {22001, 11}, {25501, 12} };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (millibits_per_key <= table[i].up_to)
            return table[i].probes;
    return millibits_per_key > 50000 ? 24 : (millibits_per_key - 1) / 2000 - 1;
}

/* --- certified whole numbers of real quantities --------------------------- */

/* scale * quantity + offset, for rounding to nearest (offset 1/2) and scaling. */
typedef struct affine {
    bloom_quantity inner;
    mpq_srcptr scale;
    mpq_srcptr offset;
} affine;

static int enclose_affine(mpfi_ptr result, const void *arguments)
{
    const affine *map = arguments;
    int status = map->inner.enclose(result, map->inner.arguments);
    mpfi_mul_q(result, result, map->scale);
    mpfi_add_q(result, result, map->offset);
    return status;
}

/* rop = floor(scale x + offset) (ceiling when `ceiling`), x a quantity. */
static int whole_of(mpz_ptr rop, bloom_quantity x, const char *scale, const char *offset, int ceiling)
{
    mpq_t a, b;
    mpq_inits(a, b, (mpq_ptr)0);
    mpq_set_str(a, scale, 10);
    mpq_set_str(b, offset, 10);
    mpq_canonicalize(a);
    mpq_canonicalize(b);
    affine map = { x, a, b };
    bloom_quantity mapped = { enclose_affine, &map, NULL };
    int status = bloom_quantity_ceil(rop, &mapped, !ceiling);
    mpq_clears(a, b, (mpq_ptr)0);
    return status;
}

/* rop = floor(n x), x a quantity per key. */
static int whole_of_keys(mpz_ptr rop, bloom_quantity x, mpz_srcptr n)
{
    mpq_t scale, zero;
    mpq_inits(scale, zero, (mpq_ptr)0);
    mpq_set_z(scale, n);
    affine map = { x, scale, zero };
    bloom_quantity mapped = { enclose_affine, &map, NULL };
    int status = bloom_quantity_ceil(rop, &mapped, 1);
    mpq_clears(scale, zero, (mpq_ptr)0);
    return status;
}

/* log2(1/p), exact when p = 2^-a (a ceiling or rounding of it is then certain). */
static int exact_log2_inverse(mpq_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    if (mpz_cmp_ui(mpq_numref(sizing->p), 1) != 0 || mpz_popcount(mpq_denref(sizing->p)) != 1)
        return BLOOM_UNDEFINED;
    mpq_set_ui(result, mpz_scan1(mpq_denref(sizing->p), 0), 1);
    return BLOOM_OK;
}

static void bytes_of_words(mpz_ptr bytes, mpz_ptr bits)
{
    bloom_round_bits(bits, bits, BLOOM_ROUND_WORD64, 0);
    mpz_fdiv_q_ui(bytes, bits, 8);
}

/* The standard filter of m_bits with hash and index widths. */
static void set_standard(bloom_rule_sizing *sizing, unsigned long hash_bits, unsigned long index_bits)
{
    sizing->layout = (bloom_layout_arguments){ BLOOM_LAYOUT_STANDARD, sizing->m_bits, sizing->n,
                                               sizing->k, 0, BLOOM_LOAD_BINOMIAL, hash_bits,
                                               index_bits, 0, BLOOM_ARITHMETIC_UNIFORM };
}

/* --- the rules ----------------------------------------------------------------- */

static int textbook(bloom_rule_sizing *sizing, mpq_srcptr p)
{
    int status = bloom_total_bits(sizing->m_bits, sizing->n, p);
    if (status == BLOOM_OK)
        status = bloom_best_hashes(&sizing->k, sizing->m_bits, sizing->n);
    bloom_bytes_for_bits(sizing->bytes, sizing->m_bits);
    set_standard(sizing, 0, 0);
    return status;
}

/* m_bits = floor(bits), k = max(1, round(hashes)) or, with `hash_ceiling`, max(1, ceil(hashes)). */
static int floor_bits_whole_hashes(bloom_rule_sizing *sizing, bloom_quantity bits, bloom_quantity hashes,
                                   int hash_ceiling)
{
    mpz_t k;
    mpz_init(k);
    int status = whole_of(sizing->m_bits, bits, "1", "0", 0);
    if (status == BLOOM_OK)
        status = whole_of(k, hashes, "1", hash_ceiling ? "0" : "1/2", hash_ceiling);
    sizing->k = mpz_cmp_ui(k, 1) < 0 ? 1 : mpz_fits_ulong_p(k) ? mpz_get_ui(k) : ~0UL;
    mpz_clear(k);
    return status;
}

/* Guava's LockFreeBitArray: at least one bit, at most 2^31 - 1 words; at most 255 hashes. */
static int guava_refusal(mpz_srcptr bits, unsigned long k)
{
    mpz_t words;
    mpz_init(words);
    mpz_cdiv_q_ui(words, bits, 64);
    int refused = mpz_sgn(bits) == 0 || mpz_cmp_ui(words, 2147483647UL) > 0 || k > 255;
    mpz_clear(words);
    return refused ? BLOOM_UNDEFINED : BLOOM_OK;
}

/* Guava 33 (hashes = round(log2(1/p))) or 31 (round((bits/n) ln 2), `version_31`). */
static int guava(bloom_rule_sizing *sizing, mpq_srcptr p, int version_31)
{
    /* bits = floor(n ln(1/p)/ln^2 2), hashes = round(log2(1/p)) */
    bloom_sizing_arguments textbook_arguments = { p, 0, sizing->n, NULL };
    int status = floor_bits_whole_hashes(
        sizing, (bloom_quantity){ bloom_enclose_total_bits_real, &textbook_arguments, NULL },
        (bloom_quantity){ bloom_enclose_bits_per_key_lower_bound, &textbook_arguments, exact_log2_inverse }, 0);
    if (status == BLOOM_OK && version_31) {
        bloom_sizing_arguments arguments = { NULL, 0, sizing->n, sizing->m_bits };
        mpz_t k;
        mpz_init(k);
        status = whole_of(k, (bloom_quantity){ bloom_enclose_optimal_hashes, &arguments, NULL },
                          "1", "1/2", 0);
        sizing->k = mpz_cmp_ui(k, 1) < 0 ? 1 : mpz_fits_ulong_p(k) ? mpz_get_ui(k) : ~0UL;
        mpz_clear(k);
    }
    if (status == BLOOM_OK)
        status = guava_refusal(sizing->m_bits, sizing->k);
    bytes_of_words(sizing->bytes, sizing->m_bits);
    set_standard(sizing, 128, 63);
    sizing->layout.arithmetic = BLOOM_ARITHMETIC_GUAVA;
    return status;
}

/* libbloom's constants: its ln^2 2 and ln 2, as the decimals in bloom.c (RedisBloom's
 * deps/bloom/bloom.c, a fork of it, has the same two). */
#define LIBBLOOM_LN2_SQUARED_MILLIONTHS_OF_BILLIONTHS 480453013918201UL  /* x 10^-15 */
#define LIBBLOOM_LN2_MILLIONTHS_OF_BILLIONTHS 693147180559945UL          /* x 10^-15 */

/* n bpe, bpe = ln(1/p) / 0.480453013918201 (arguments: bloom_sizing_arguments). */
static int enclose_libbloom_bits(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    mpfi_set_q(result, sizing->p);
    mpfi_log(result, result);
    mpfi_neg(result, result);
    mpfi_mul_z(result, result, sizing->n);
    mpfi_mul_ui(result, result, 1000000000000000UL);
    mpfi_div_ui(result, result, LIBBLOOM_LN2_SQUARED_MILLIONTHS_OF_BILLIONTHS);
    return BLOOM_OK;
}

/* 0.693147180559945 bpe (arguments: bloom_sizing_arguments). */
static int enclose_libbloom_hashes(mpfi_ptr result, const void *arguments)
{
    const bloom_sizing_arguments *sizing = arguments;
    mpfi_set_q(result, sizing->p);
    mpfi_log(result, result);
    mpfi_neg(result, result);
    mpfi_mul_ui(result, result, LIBBLOOM_LN2_MILLIONTHS_OF_BILLIONTHS);
    mpfi_div_ui(result, result, LIBBLOOM_LN2_SQUARED_MILLIONTHS_OF_BILLIONTHS);
    return BLOOM_OK;
}

/* bloom_init of libbloom and of RedisBloom at error e: bpe = -ln(e)/0.480453013918201,
 * bits = floor(n bpe), hashes = ceil(0.693147180559945 bpe) (j + 1 at e = 2^-j, the ratio of the
 * two truncated constants being above 1/ln 2). */
static int libbloom_sizing(bloom_rule_sizing *sizing, mpq_srcptr error)
{
    bloom_sizing_arguments arguments = { error, 0, sizing->n, NULL };
    return floor_bits_whole_hashes(sizing, (bloom_quantity){ enclose_libbloom_bits, &arguments, NULL },
                                   (bloom_quantity){ enclose_libbloom_hashes, &arguments, NULL }, 1);
}

static int libbloom(bloom_rule_sizing *sizing, mpq_srcptr p)
{
    if (mpz_cmp_ui(sizing->n, 1000) < 0 || mpz_cmp_ui(sizing->n, 2147483647UL) > 0)
        return BLOOM_UNDEFINED;      /* entries < 1000 refused; entries is an int */
    int status = libbloom_sizing(sizing, p);
    if (status == BLOOM_OK && mpz_cmp_ui(sizing->m_bits, 2147483647UL) > 0)
        status = BLOOM_UNDEFINED;    /* (int) of 2^31 or more bits: the allocation fails */
    mpz_cdiv_q_ui(sizing->bytes, sizing->m_bits, 8);
    set_standard(sizing, 64, 32);
    sizing->layout.arithmetic = BLOOM_ARITHMETIC_MODULO_2_32;
    return status;
}

static int bits_and_blooms(bloom_rule_sizing *sizing, mpq_srcptr p)
{
    int status = bloom_total_bits(sizing->m_bits, sizing->n, p);
    bloom_sizing_arguments arguments = { NULL, 0, sizing->n, sizing->m_bits };
    mpz_t k, words;
    mpz_inits(k, words, (mpz_ptr)0);
    if (status == BLOOM_OK)
        status = whole_of(k, (bloom_quantity){ bloom_enclose_optimal_hashes, &arguments, NULL },
                          "1", "0", 1);
    sizing->k = mpz_cmp_ui(k, 1) < 0 ? 1 : mpz_get_ui(k);
    mpz_set(words, sizing->m_bits);
    bytes_of_words(sizing->bytes, words);
    set_standard(sizing, 128, 64);
    mpz_clears(k, words, (mpz_ptr)0);
    return status;
}

/* bloom-filters: bits-and-blooms' formulas, a bitset of whole bytes, two 32-bit hashes. */
static int bloom_filters(bloom_rule_sizing *sizing, mpq_srcptr p)
{
    int status = bits_and_blooms(sizing, p);
    mpz_cdiv_q_ui(sizing->bytes, sizing->m_bits, 8);
    set_standard(sizing, 64, 0);
    return status;
}

/*
 * Cassandra's probs[b][k], the false-positive rate of b buckets per key and k
 * hashes, as the literals of BloomCalculations.java (apache/cassandra
 * 07cf56f and 1c05568, unchanged from 1.2 to 5.0): three-digit roundings of
 * (1 - e^(-k/b))^k, a NULL past a row's end.  Its rule compares p with these
 * decimals, not with the formula they round.
 */
#define CASSANDRA_ROWS 21
#define CASSANDRA_COLUMNS 15
static const char *const cassandra_probs[CASSANDRA_ROWS][CASSANDRA_COLUMNS] = {
    {"1.0"},
    {"1.0", "1.0"},
    {"1.0", "0.393", "0.400"},
    {"1.0", "0.283", "0.237", "0.253"},
    {"1.0", "0.221", "0.155", "0.147", "0.160"},
    {"1.0", "0.181", "0.109", "0.092", "0.092", "0.101"},
    {"1.0", "0.154", "0.0804", "0.0609", "0.0561", "0.0578", "0.0638"},
    {"1.0", "0.133", "0.0618", "0.0423", "0.0359", "0.0347", "0.0364"},
    {"1.0", "0.118", "0.0489", "0.0306", "0.024", "0.0217", "0.0216", "0.0229"},
    {"1.0", "0.105", "0.0397", "0.0228", "0.0166", "0.0141", "0.0133", "0.0135", "0.0145"},
    {"1.0", "0.0952", "0.0329", "0.0174", "0.0118", "0.00943", "0.00844", "0.00819", "0.00846"},
    {"1.0", "0.0869", "0.0276", "0.0136", "0.00864", "0.0065", "0.00552", "0.00513", "0.00509"},
    {"1.0", "0.08", "0.0236", "0.0108", "0.00646", "0.00459", "0.00371", "0.00329", "0.00314"},
    {"1.0", "0.074", "0.0203", "0.00875", "0.00492", "0.00332", "0.00255", "0.00217", "0.00199",
     "0.00194"},
    {"1.0", "0.0689", "0.0177", "0.00718", "0.00381", "0.00244", "0.00179", "0.00146", "0.00129",
     "0.00121", "0.0012"},
    {"1.0", "0.0645", "0.0156", "0.00596", "0.003", "0.00183", "0.00128", "0.001", "0.000852",
     "0.000775", "0.000744"},
    {"1.0", "0.0606", "0.0138", "0.005", "0.00239", "0.00139", "0.000935", "0.000702", "0.000574",
     "0.000505", "0.00047", "0.000459"},
    {"1.0", "0.0571", "0.0123", "0.00423", "0.00193", "0.00107", "0.000692", "0.000499", "0.000394",
     "0.000335", "0.000302", "0.000287", "0.000284"},
    {"1.0", "0.054", "0.0111", "0.00362", "0.00158", "0.000839", "0.000519", "0.00036", "0.000275",
     "0.000226", "0.000198", "0.000183", "0.000176"},
    {"1.0", "0.0513", "0.00998", "0.00312", "0.0013", "0.000663", "0.000394", "0.000264", "0.000194",
     "0.000155", "0.000132", "0.000118", "0.000111", "0.000109"},
    {"1.0", "0.0488", "0.00906", "0.0027", "0.00108", "0.00053", "0.000303", "0.000196", "0.00014",
     "0.000108", "8.89e-05", "7.77e-05", "7.12e-05", "6.79e-05", "6.71e-05"},
};

static void cassandra_cell(mpq_ptr cell, unsigned long buckets, unsigned long k)
{
    bloom_parse_rational(cell, cassandra_probs[buckets][k]);
}

/* Sign of probs[b][k] - p: Java compares the doubles of the two, which order as the exact
 * decimals do unless p lies within half a double's spacing below a cell. */
static int cassandra_cell_compare(unsigned long buckets, unsigned long k, mpq_srcptr p)
{
    mpq_t cell;
    mpq_init(cell);
    cassandra_cell(cell, buckets, k);
    int sign = mpq_cmp(cell, p);
    mpq_clear(cell);
    return sign;
}

/* The last k of row b. */
static unsigned long cassandra_max_k(unsigned long buckets)
{
    unsigned long k = 0;
    while (k + 1 < CASSANDRA_COLUMNS && cassandra_probs[buckets][k + 1] != NULL)
        k++;
    return k;
}

/* optKPerBuckets[b]: the k of row b's smallest cell, the first on ties, at least 1. */
static unsigned long cassandra_best_k(unsigned long buckets)
{
    unsigned long best = 0;
    mpq_t smallest, cell;
    mpq_inits(smallest, cell, (mpq_ptr)0);
    cassandra_cell(smallest, buckets, 0);
    for (unsigned long k = 1; k <= cassandra_max_k(buckets); k++) {
        cassandra_cell(cell, buckets, k);
        if (mpq_cmp(cell, smallest) < 0) {
            best = k;
            mpq_set(smallest, cell);
        }
    }
    mpq_clears(smallest, cell, (mpq_ptr)0);
    return best < 1 ? 1 : best;
}

/* OffHeapBitSet: more than 2^31 - 1 words ("Bloom filter size is > 16GB") throws. */
static int cassandra_refusal(mpz_srcptr bits)
{
    mpz_t words;
    mpz_init(words);
    mpz_cdiv_q_ui(words, bits, 64);
    int refused = mpz_cmp_ui(words, 2147483647UL) > 0;
    mpz_clear(words);
    return refused ? BLOOM_UNDEFINED : BLOOM_OK;
}

/*
 * computeBloomSpec(20, p): p >= probs[2][1] is its trivial case,
 * BloomSpecification(2, optKPerBuckets[2]) with the arguments in the order
 * (k, buckets): 2 hashes and 1 bucket a key.  Below the last cell of row 20
 * it throws.  Otherwise the first b from 2 whose best k's cell is at most
 * p, then k lowered while the cell to its left is still at most p.  (Row 20
 * is maxBucketsPerElement(n) up to n = 4.6e17; past it the filter exceeds
 * OffHeapBitSet's limit whatever the row.)
 */
static int cassandra(bloom_rule_sizing *sizing, mpq_srcptr p)
{
    unsigned long buckets = 1, k = 2, last = CASSANDRA_ROWS - 1;
    if (cassandra_cell_compare(2, 1, p) > 0) {
        if (cassandra_cell_compare(last, cassandra_max_k(last), p) > 0)
            return BLOOM_UNDEFINED;
        for (buckets = 2, k = cassandra_best_k(buckets); cassandra_cell_compare(buckets, k, p) > 0;)
            k = cassandra_best_k(++buckets);
        while (cassandra_cell_compare(buckets, k - 1, p) <= 0)
            k--;
    }
    sizing->k = k;
    mpz_mul_ui(sizing->m_bits, sizing->n, buckets);
    mpz_add_ui(sizing->m_bits, sizing->m_bits, 20);
    bytes_of_words(sizing->bytes, sizing->m_bits);
    set_standard(sizing, 128, 63);
    return cassandra_refusal(sizing->m_bits);
}

static int redisbloom(bloom_rule_sizing *sizing, mpq_srcptr p, int tightened)
{
    mpq_t error;
    mpq_init(error);
    mpq_set(error, p);
    if (tightened)
        mpz_mul_ui(mpq_denref(error), mpq_denref(error), 2);
    mpq_canonicalize(error);
    int status = libbloom_sizing(sizing, error);
    if (mpz_sgn(sizing->m_bits) == 0)
        mpz_set_ui(sizing->m_bits, 1);      /* "have at least one bit in the filter" */
    bytes_of_words(sizing->bytes, sizing->m_bits);
    set_standard(sizing, 64, 64);
    mpq_clear(error);
    return status;
}

/* RocksDB's millibits, (int)(1000 c + 0.500001): round(1000 c) for every c of three decimals. */
static int rocksdb_millibits(unsigned long *millibits, bloom_quantity c)
{
    mpz_t whole;
    mpz_init(whole);
    int status = whole_of(whole, c, "1000", "500001/1000000", 0);
    *millibits = mpz_fits_ulong_p(whole) ? mpz_get_ui(whole) : 1000000UL;
    mpz_clear(whole);
    return status;
}

/* *sign = sign of (c - num/den). */
static int compare_with(int *sign, const bloom_quantity *c, unsigned long num, unsigned long den)
{
    mpq_t bound;
    mpq_init(bound);
    mpq_set_ui(bound, num, den);
    int status = bloom_quantity_compare_rational(sign, c, bound);
    mpq_clear(bound);
    return status;
}

/* BloomLikeFilterPolicy's sanitising of bits_per_key: below 1/2 no filter
 * (BLOOM_UNDEFINED), below 1 one bit a key, from 100 on 100 (*clamped set to
 * the bound, else 0). */
static int rocksdb_sanitise(const bloom_quantity *c, unsigned long *clamped)
{
    int sign = 0, status = compare_with(&sign, c, 1, 2);
    *clamped = 0;
    if (status != BLOOM_OK || sign < 0)
        return status != BLOOM_OK ? status : BLOOM_UNDEFINED;
    status = compare_with(&sign, c, 1, 1);
    if (status == BLOOM_OK && sign < 0)
        *clamped = 1;
    if (status == BLOOM_OK && sign >= 0)
        status = compare_with(&sign, c, 100, 1);
    if (status == BLOOM_OK && !*clamped && sign >= 0)
        *clamped = 100;
    return status;
}

/* *per_key = the millibits BloomLikeFilterPolicy keeps of c (sanitised, then rounded). */
static int rocksdb_policy_millibits(unsigned long *per_key, bloom_quantity c)
{
    unsigned long clamped = 0;
    int status = rocksdb_sanitise(&c, &clamped);
    *per_key = 0;
    if (status == BLOOM_OK && clamped != 0)
        *per_key = 1000 * clamped;
    else if (status == BLOOM_OK)
        status = rocksdb_millibits(per_key, c);
    return status;
}

static int rocksdb(bloom_rule_sizing *sizing, bloom_quantity c)
{
    mpz_t cap;
    mpz_init(cap);
    unsigned long per_key = 0;
    int status = rocksdb_policy_millibits(&per_key, c);
    sizing->k = bloom_rocksdb_probes(per_key);
    sizing->has_setting = status == BLOOM_OK;       /* the bits_per_key the engine acts on */
    mpq_set_ui(sizing->setting, per_key, 1000);
    mpq_canonicalize(sizing->setting);
    mpz_mul_ui(sizing->bytes, sizing->n, per_key);              /* ceil(n millibits / 8000) */
    mpz_cdiv_q_ui(sizing->bytes, sizing->bytes, 8000);
    mpz_set_ui(cap, 0xffffffc0UL);
    if (mpz_cmp(sizing->bytes, cap) > 0)
        mpz_set(sizing->bytes, cap);
    mpz_cdiv_q_ui(sizing->bytes, sizing->bytes, 64);            /* whole cache lines */
    mpz_mul_ui(sizing->bytes, sizing->bytes, 64);
    mpz_mul_ui(sizing->m_bits, sizing->bytes, 8);
    mpz_add_ui(sizing->bytes, sizing->bytes, ROCKSDB_METADATA_BYTES);
    sizing->layout = (bloom_layout_arguments){ BLOOM_LAYOUT_BLOCKED, sizing->m_bits, sizing->n,
                                               sizing->k, BLOOM_DEFAULT_BLOCK_BITS,
                                               BLOOM_LOAD_BINOMIAL, 64, 64, 0,
                                               BLOOM_ARITHMETIC_UNIFORM };
    mpz_clear(cap);
    return status;
}

/* LegacyBloomBitsBuilder's bits for `bits` asked: at most 0xffff0000, in an odd number of
 * 512-bit lines (GetTotalBitsForLocality). */
static void legacy_bits(mpz_ptr rop, mpz_srcptr bits)
{
    if (mpz_cmp_ui(bits, LEGACY_MAX_BITS) > 0)
        mpz_set_ui(rop, LEGACY_MAX_BITS);
    else
        mpz_set(rop, bits);
    mpz_cdiv_q_ui(rop, rop, LEGACY_LINE_BITS);
    if (mpz_even_p(rop))
        mpz_add_ui(rop, rop, 1);
    mpz_mul_ui(rop, rop, LEGACY_LINE_BITS);
}

/* The whole bits per key of the legacy builder: (millibits + 500) / 1000. */
static unsigned long legacy_whole_bits(unsigned long millibits)
{
    return (millibits + 500) / 1000;
}

/* NewBloomFilterPolicy(c) with format_version <= 4: LegacyBloomBitsBuilder (the list at the top). */
static int rocksdb_legacy(bloom_rule_sizing *sizing, bloom_quantity c)
{
    unsigned long per_key = 0;
    int status = rocksdb_policy_millibits(&per_key, c);
    unsigned long whole = legacy_whole_bits(per_key);
    sizing->k = whole_bits_probes(whole);
    sizing->has_setting = status == BLOOM_OK;
    mpq_set_ui(sizing->setting, whole, 1);
    mpz_mul_ui(sizing->m_bits, sizing->n, whole);
    legacy_bits(sizing->m_bits, sizing->m_bits);
    mpz_fdiv_q_ui(sizing->bytes, sizing->m_bits, 8);
    mpz_add_ui(sizing->bytes, sizing->bytes, ROCKSDB_METADATA_BYTES);
    sizing->layout = (bloom_layout_arguments){ BLOOM_LAYOUT_BLOCKED, sizing->m_bits, sizing->n,
                                               sizing->k, LEGACY_LINE_BITS, BLOOM_LOAD_BINOMIAL, 32, 32,
                                               0, BLOOM_ARITHMETIC_ROCKSDB_LEGACY };
    return status;
}

/*
 * NewRibbonFilterPolicy(c): the Ribbon of ribbon.h, unless RocksDB builds
 * its Bloom filter of the same c instead: above BLOOM_RIBBON_MAX_KEYS keys,
 * or below 1024 slots when that Bloom filter is smaller.  (It also falls
 * back when 256 seeds fail to solve the banding, at 1 in 20 per seed: not
 * modelled.)
 */
static int rocksdb_ribbon(bloom_rule_sizing *sizing, bloom_quantity c)
{
    int status = rocksdb(sizing, c);
    if (status != BLOOM_OK || mpz_cmp_ui(sizing->n, BLOOM_RIBBON_MAX_KEYS) > 0)
        return status;
    unsigned long millibits = 0, clamped = 0;
    mpq_t bound;                     /* the sanitised c when BloomLikeFilterPolicy clamps it */
    mpq_init(bound);
    status = rocksdb_sanitise(&c, &clamped);
    if (status == BLOOM_OK && clamped != 0) {
        mpq_set_ui(bound, clamped, 1);
        c = (bloom_quantity){ bloom_enclose_rational, bound, bloom_exact_rational };
    }
    if (status == BLOOM_OK)
        status = rocksdb_millibits(&millibits, c);
    bloom_ribbon_sizing ribbon;
    bloom_ribbon_sizing_init(&ribbon);
    if (status == BLOOM_OK)
        status = bloom_ribbon_size(&ribbon, sizing->n, &c, millibits);
    mpz_add_ui(ribbon.bytes, ribbon.bytes, ROCKSDB_METADATA_BYTES);
    int bloom_smaller = ribbon.slots < 1024 && mpz_cmp(sizing->bytes, ribbon.bytes) < 0;
    if (status == BLOOM_OK && !bloom_smaller) {
        mpz_set(sizing->bytes, ribbon.bytes);
        mpz_sub_ui(sizing->m_bits, ribbon.bytes, ROCKSDB_METADATA_BYTES);
        mpz_mul_ui(sizing->m_bits, sizing->m_bits, 8);
        sizing->k = 0;
        sizing->has_setting = 0;     /* the Ribbon's rate follows c itself, not its millibits */
        sizing->layout_name = "ribbon";
        sizing->hash_dependent = ribbon.hash_dependent;
        bloom_ribbon_rate(sizing->ribbon_rate, &ribbon);
    }
    bloom_ribbon_sizing_clear(&ribbon);
    mpq_clear(bound);
    return status;
}

/* ln(1/p)/ln^2 2, the bits per key RocksDB is given for rate p. */
static bloom_quantity bits_per_key_of_rate(bloom_sizing_arguments *arguments, mpq_srcptr p)
{
    *arguments = (bloom_sizing_arguments){ p, 0, NULL, NULL };
    return (bloom_quantity){ bloom_enclose_bits_per_key, arguments, NULL };
}

/* --- the knob a rule's user sets, searched for a rate --------------------------- */

/*
 * A rule whose user sets a knob, not a rate: the settings the engine tells
 * apart are the steps least..most of 1/steps_per_bit bits a key, and
 * probes(step) is its hash count there.  The search (FORMULAS.md §e.7)
 * relies on the rate being non-increasing in the knob while the hash count
 * stays the same, and on nothing else: RocksDB's ChooseNumProbes goes from
 * 12 probes down to 11 at 25 502 millibits, and for few keys a whole
 * cache line more or less can follow a change of k.  A rule whose knob is
 * whole bits per key adds a row with steps_per_bit 1.
 */
typedef struct rule_knob {
    bloom_rule_id rule;
    unsigned long least, most, steps_per_bit;
    unsigned long (*probes)(unsigned long step);
} rule_knob;

static const rule_knob rule_knobs[] = {
    /* millibits = (int)(1000 c + 0.500001) of c clamped to [1, 100] (rocksdb_sanitise) */
    { BLOOM_RULE_ROCKSDB, 1000, 100000, 1000, bloom_rocksdb_probes },
    /* the legacy builder's whole bits per key, 1 to 100 */
    { BLOOM_RULE_ROCKSDB_LEGACY, 1, 100, 1, whole_bits_probes },
    /* LevelDB's int bits_per_key, 1 to 100 (from 44 on, k stays 30) */
    { BLOOM_RULE_LEVELDB, 1, 100, 1, whole_bits_probes },
};

static const rule_knob *knob_of(bloom_rule_id rule)
{
    for (size_t i = 0; i < sizeof rule_knobs / sizeof rule_knobs[0]; i++)
        if (rule_knobs[i].rule == rule)
            return &rule_knobs[i];
    return NULL;
}

int bloom_rule_has_knob(bloom_rule_id rule)
{
    return knob_of(rule) != NULL;
}

static void set_step(mpq_ptr setting, const rule_knob *knob, unsigned long step)
{
    mpq_set_ui(setting, step, knob->steps_per_bit);
    mpq_canonicalize(setting);
}

/* What the search asks at each step: the filters of these keys at rate p. */
typedef struct knob_target {
    const rule_knob *knob;
    const mpz_srcptr *keys;
    size_t count;
    mpq_srcptr p;
} knob_target;

/* Nonzero when a lower bound of the sized filter's rate as deployed exceeds p, so that it does
 * not meet p without its rate: RocksDB's legacy filter, whose rate as deployed unites its
 * layout's rate, at least its floor (rocksdb_legacy.h), with the hash's collisions. */
static int floor_exceeds(const bloom_rule_sizing *sizing, mpq_srcptr p)
{
    const bloom_layout_arguments *layout = &sizing->layout;
    if (layout->kind != BLOOM_LAYOUT_BLOCKED || layout->arithmetic != BLOOM_ARITHMETIC_ROCKSDB_LEGACY)
        return 0;
    mpz_t reach;
    mpz_init(reach);
    bloom_layout_reachable_bits(reach, layout);
    bloom_blocked_arguments blocked = { reach, layout->n, layout->k, layout->block_bits, layout->load };
    mpfi_t floor;
    mpfi_init2(floor, 64);
    int exceeds = bloom_rocksdb_legacy_rate_floor(floor, &blocked) == BLOOM_OK
               && mpfr_cmp_q(&floor->left, p) > 0;
    mpfi_clear(floor);
    mpz_clear(reach);
    return exceeds;
}

/* *meets = 1 when the filter of every key count at `step` has a rate as deployed of at most p. */
static int meets_at(int *meets, const knob_target *target, unsigned long step)
{
    mpq_t setting;
    mpq_init(setting);
    set_step(setting, target->knob, step);
    int status = BLOOM_OK;
    *meets = 1;
    for (size_t i = 0; i < target->count && status == BLOOM_OK && *meets; i++) {
        bloom_rule_sizing sizing;
        bloom_rule_sizing_init(&sizing);
        int sign = 0;
        status = bloom_rule_apply_bits_per_key(&sizing, target->knob->rule, target->keys[i], setting);
        if (status == BLOOM_OK && floor_exceeds(&sizing, target->p))
            sign = 1;
        else if (status == BLOOM_OK)
            status = bloom_quantity_compare_rational(&sign, &sizing.rate, target->p);
        *meets = sign <= 0;
        bloom_rule_sizing_clear(&sizing);
    }
    mpq_clear(setting);
    return status;
}

/* The last step of the run from `first` whose steps all have first's hash count. */
static unsigned long run_end(const rule_knob *knob, unsigned long first)
{
    unsigned long last = first, k = knob->probes(first);
    while (last < knob->most && knob->probes(last + 1) == k)
        last++;
    return last;
}

/* *step = the smallest of first..last that meets p, given that `last` does and that within a
 * run the rate does not increase with the step. */
static int first_meeting(unsigned long *step, const knob_target *target, unsigned long first,
                         unsigned long last)
{
    int status = BLOOM_OK, meets = 0;
    while (first < last && status == BLOOM_OK) {
        unsigned long middle = first + (last - first) / 2;
        status = meets_at(&meets, target, middle);
        if (meets)
            last = middle;
        else
            first = middle + 1;
    }
    *step = last;
    return status;
}

int bloom_rule_setting_for_rate(mpq_ptr setting, int *short_of_p, bloom_rule_id rule,
                                const mpz_srcptr *keys, size_t count, mpq_srcptr p)
{
    knob_target target = { knob_of(rule), keys, count, p };
    *short_of_p = 0;
    if (target.knob == NULL || count == 0)
        return BLOOM_UNDEFINED;
    for (size_t i = 0; i < count; i++)
        if (mpz_sgn(keys[i]) <= 0)
            return BLOOM_UNDEFINED;
    /* runs in increasing order: the first whose last step meets p holds the answer, since no
     * step of an earlier run meets it (each run's rate is smallest at its last step) */
    for (unsigned long first = target.knob->least, last; first <= target.knob->most; first = last + 1) {
        last = run_end(target.knob, first);
        int meets = 0, status = meets_at(&meets, &target, last);
        unsigned long step = last;
        if (status == BLOOM_OK && meets)
            status = first_meeting(&step, &target, first, last);
        if (status != BLOOM_OK || meets) {
            set_step(setting, target.knob, step);
            return status;
        }
    }
    *short_of_p = 1;
    set_step(setting, target.knob, target.knob->most);
    return BLOOM_OK;
}

/* The rule's filter for n keys at the smallest setting of `searched`'s knob that meets p, sized
 * by `size` (rocksdb, or rocksdb_ribbon where RocksDB builds that Bloom filter instead). */
static int at_setting_for_rate(bloom_rule_sizing *sizing, bloom_rule_id searched, mpq_srcptr p,
                               int (*size)(bloom_rule_sizing *, bloom_quantity))
{
    mpq_t setting;
    mpq_init(setting);
    mpz_srcptr keys[] = { sizing->n };
    int short_of_p = 0;
    int status = bloom_rule_setting_for_rate(setting, &short_of_p, searched, keys, 1, p);
    if (status == BLOOM_OK)
        status = size(sizing, (bloom_quantity){ bloom_enclose_rational, setting, bloom_exact_rational });
    sizing->setting_short = short_of_p;
    mpq_clear(setting);
    return status;
}

/*
 * How the Parquet writers round the real bits (floored): parquet-mr and
 * the specification in whole bytes, Arrow C++ in bits.
 */
typedef enum parquet_writer { PARQUET_MR, PARQUET_SPEC, PARQUET_ARROW } parquet_writer;

/*
 * parquet-mr's optimalNumOfBits after its (int) of the real bits: at most
 * 2^30 (128 MiB), then its "round up to a multiple of 256",
 * (bits + 255) & ~256, which clears bit 8 and not the low eight bits: it adds
 * 255 or takes 1 away, and so can double or halve the power of two the
 * filter's bytes are rounded to (n = 846 at 1 %: 8190 bits, 2048 bytes).
 */
static void parquet_mr_bits(mpz_ptr bits)
{
    if (mpz_sizeinbase(bits, 2) > 30) {
        mpz_set_ui(bits, 1);
        mpz_mul_2exp(bits, bits, 30);
    }
    mpz_add_ui(bits, bits, 255);
    mpz_clrbit(bits, 8);
}

/* Arrow's OptimalNumOfBits of the floored real bits: 2^30 past 2^30, at least 256, the next
 * power of two, at most 2^30. */
static void parquet_arrow_bits(mpz_ptr rop, mpz_srcptr bits)
{
    if (mpz_sizeinbase(bits, 2) > 30 && mpz_cmp_ui(bits, 1UL << 30) > 0)
        mpz_set_ui(rop, 1UL << 30);
    else if (mpz_cmp_ui(bits, 256) < 0)
        mpz_set_ui(rop, 256);
    else
        bloom_round_bits(rop, bits, BLOOM_ROUND_POW2, 0);
}

static int parquet(bloom_rule_sizing *sizing, mpq_srcptr p, parquet_writer writer)
{
    if (writer == PARQUET_ARROW && mpz_cmp_ui(sizing->n, 4294967295UL) > 0)
        return BLOOM_UNDEFINED;      /* OptimalNumOfBits takes ndv as a uint32_t */
    bloom_sizing_arguments arguments = { p, BLOOM_SPLIT_BLOCK_WORDS, sizing->n, NULL };
    mpz_t bits;
    mpz_init(bits);
    int status = whole_of_keys(bits, (bloom_quantity){ bloom_enclose_bits_per_key_for_hashes,
                                                       &arguments, NULL }, sizing->n);
    if (writer == PARQUET_ARROW) {
        parquet_arrow_bits(sizing->m_bits, bits);
        mpz_fdiv_q_ui(sizing->bytes, sizing->m_bits, 8);
    } else {
        if (writer == PARQUET_MR)
            parquet_mr_bits(bits);
        mpz_fdiv_q_ui(bits, bits, 8);
        if (mpz_cmp_ui(bits, 32) < 0)
            mpz_set_ui(bits, 32);
        bloom_round_bits(sizing->bytes, bits, BLOOM_ROUND_POW2, 0);
        if (writer == PARQUET_MR && mpz_sizeinbase(sizing->bytes, 2) > 28)
            mpz_set_ui(sizing->bytes, 1UL << 27);         /* initBitset: at most 128 MiB */
        mpz_mul_ui(sizing->m_bits, sizing->bytes, 8);
    }
    sizing->k = BLOOM_SPLIT_BLOCK_WORDS;
    sizing->layout = (bloom_layout_arguments){ BLOOM_LAYOUT_SPLIT_BLOCK, sizing->m_bits, sizing->n,
                                               sizing->k, BLOOM_SPLIT_BLOCK_BITS,
                                               BLOOM_LOAD_BINOMIAL, 64, 64, 0,
                                               BLOOM_ARITHMETIC_UNIFORM };
    mpz_clear(bits);
    return status;
}

/* LevelDB's BloomFilterPolicy(floor(c)) and CreateFilter of n keys (the list at the top). */
static int leveldb(bloom_rule_sizing *sizing, bloom_quantity c)
{
    mpz_t per_key;
    mpz_init(per_key);
    int status = whole_of(per_key, c, "1", "0", 0);
    if (status == BLOOM_OK && (mpz_sgn(per_key) < 0 || mpz_cmp_ui(sizing->n, 2147483647UL) > 0))
        status = BLOOM_UNDEFINED;          /* an int n; a negative int is no bits per key */
    sizing->k = whole_bits_probes(mpz_fits_ulong_p(per_key) ? mpz_get_ui(per_key) : ~0UL);
    sizing->has_setting = status == BLOOM_OK;       /* the int NewBloomFilterPolicy takes */
    mpq_set_z(sizing->setting, per_key);
    mpz_mul(sizing->m_bits, sizing->n, per_key);
    if (mpz_cmp_ui(sizing->m_bits, LEVELDB_MIN_BITS) < 0)
        mpz_set_ui(sizing->m_bits, LEVELDB_MIN_BITS);
    bloom_round_bits(sizing->m_bits, sizing->m_bits, BLOOM_ROUND_BYTE, 0);
    mpz_fdiv_q_ui(sizing->bytes, sizing->m_bits, 8);
    mpz_add_ui(sizing->bytes, sizing->bytes, LEVELDB_METADATA_BYTES);
    set_standard(sizing, 32, 32);
    mpz_clear(per_key);
    return status;
}

static const struct rule_entry {
    const char *name, *version, *description;
} rule_entries[BLOOM_RULE_COUNT] = {
    { "textbook", "bloomcalc plan",
      "m = ceil(n ln(1/p)/ln^2 2), k the best integer for m; standard layout, ideal hash" },
    { "guava", "Guava 33 BloomFilter",
      "m = floor(n ln(1/p)/ln^2 2) in 64-bit words, k = round(log2(1/p)); 128-bit Murmur3" },
    { "guava@31", "Guava 31.1 BloomFilter",
      "m = floor(n ln(1/p)/ln^2 2) in 64-bit words, k = round((m/n) ln 2) before rounding" },
    { "bits-and-blooms", "bits-and-blooms/bloom v3",
      "EstimateParameters: m = ceil(n ln(1/p)/ln^2 2), k = ceil((m/n) ln 2)" },
    { "libbloom", "libbloom 1.6",
      "m = floor(n ln(1/p)/0.480453013918201), k = ceil(0.693147180559945 m/n); n >= 1000, m < 2^31" },
    { "bloom-filters", "npm bloom-filters 3.0.4",
      "m = ceil(n ln(1/p)/ln^2 2), k = ceil((m/n) ln 2); 32-bit enhanced double hashing" },
    { "cassandra", "Cassandra BloomCalculations",
      "fewest buckets b <= 20 per key whose best cell of its 3-digit table is <= p, then fewest k; "
      "m = n b + 20" },
    { "redisbloom", "RedisBloom 2 BF.RESERVE (scaling)",
      "first sub-filter at e = p/2: b = ln(1/e)/0.480453013918201, m = floor(n b) in words, "
      "k = ceil(0.693147180559945 b)" },
    { "redisbloom-nonscaling", "RedisBloom 2 BF.RESERVE NONSCALING",
      "b = ln(1/p)/0.480453013918201, m = floor(n b) in 64-bit words, k = ceil(0.693147180559945 b)" },
    { "rocksdb", "RocksDB FastLocalBloom (format_version 5)",
      "c = the smallest bits_per_key (in thousandths) whose filter meets p; millibits = round(1000 c), "
      "64-byte lines + 5 bytes, k from ChooseNumProbes; blocked 512" },
    { "rocksdb-ribbon", "RocksDB 7.8 Standard128Ribbon",
      "c = log2(1/p)/ln 2; slots for 1-in-20 failure, result bits to meet the Bloom rate of c; "
      "+ 5 bytes; no k; above 950e6 keys rocksdb's filter" },
    { "parquet-mr", "parquet-mr 1.13 BlockSplitBloomFilter",
      "floor(-8n/ln(1-p^(1/8))) bits, at most 2^30, + 255 & ~256, bytes to a power of two; "
      "split block 256/8" },
    { "parquet-spec", "Parquet BloomFilter.md sizing, uncapped",
      "the same sizing without the 128 MiB cap; split block 256/8" },
    { "leveldb", "LevelDB 1.23 NewBloomFilterPolicy",
      "m = max(64, n c) in bytes + 1 byte, k = floor(0.69 c) in [1, 30]; c whole (from p: the "
      "smallest whose filter meets p); 32-bit hash" },
    { "rocksdb@legacy", "RocksDB legacy Bloom (format_version <= 4)",
      "c = the smallest whole bits_per_key whose filter meets p; n c bits (at most 0xffff0000) in an "
      "odd number of 64-byte lines + 5 bytes, k = floor(0.69 c); 32-bit hash" },
    { "parquet-arrow", "Arrow C++ Parquet BlockSplitBloomFilter",
      "floor(-8n/ln(1-p^(1/8))) bits, at least 256, to a power of two, at most 2^30; "
      "split block 256/8" },
};

/* The rule's name and words, n, and the rate once sized (sizing->rate). */
static void start_rule(bloom_rule_sizing *sizing, bloom_rule_id rule, mpz_srcptr n)
{
    sizing->name = rule_entries[rule].name;
    sizing->version = rule_entries[rule].version;
    sizing->description = rule_entries[rule].description;
    sizing->layout_name = NULL;
    sizing->hash_dependent = 0;
    sizing->has_setting = sizing->setting_short = 0;
    mpz_set(sizing->n, n);
    /* a standard filter over this sizing's n and m until the rule says otherwise, so that a
     * rule that refuses leaves nothing uninitialised behind */
    sizing->layout = (bloom_layout_arguments){ .kind = BLOOM_LAYOUT_STANDARD, .m = sizing->m_bits,
                                               .n = sizing->n };
    sizing->k = 0;
}

static int finish_rule(bloom_rule_sizing *sizing, int status)
{
    if (status != BLOOM_OK) {   /* refused: no filter, no layout, no rate to read */
        if (sizing->layout_name == NULL)
            sizing->layout_name = "";
        return status;
    }
    if (sizing->layout_name == NULL) {
        sizing->layout_name = bloom_layout_names[sizing->layout.kind];
        sizing->rate = bloom_fpr_layout_quantity(&sizing->layout);
        return status;
    }
    sizing->fingerprint = (bloom_fingerprint_arguments){ sizing->n, 64 };
    sizing->ribbon_union = (bloom_quantity_pair){
        { bloom_enclose_rational, sizing->ribbon_rate, NULL },
        { bloom_enclose_fingerprint_collision, &sizing->fingerprint, NULL } };
    sizing->rate = (bloom_quantity){ bloom_enclose_independent_union, &sizing->ribbon_union, NULL };
    return status;
}

static int apply_rule(bloom_rule_sizing *sizing, bloom_rule_id rule, mpq_srcptr p)
{
    bloom_sizing_arguments arguments;
    switch (rule) {
    case BLOOM_RULE_TEXTBOOK:
        return textbook(sizing, p);
    case BLOOM_RULE_GUAVA:
        return guava(sizing, p, 0);
    case BLOOM_RULE_GUAVA_31:
        return guava(sizing, p, 1);
    case BLOOM_RULE_BITS_AND_BLOOMS:
        return bits_and_blooms(sizing, p);
    case BLOOM_RULE_LIBBLOOM:
        return libbloom(sizing, p);
    case BLOOM_RULE_BLOOM_FILTERS:
        return bloom_filters(sizing, p);
    case BLOOM_RULE_CASSANDRA:
        return cassandra(sizing, p);
    case BLOOM_RULE_REDISBLOOM:
        return redisbloom(sizing, p, 1);
    case BLOOM_RULE_REDISBLOOM_NONSCALING:
        return redisbloom(sizing, p, 0);
    case BLOOM_RULE_ROCKSDB:
        return at_setting_for_rate(sizing, BLOOM_RULE_ROCKSDB, p, rocksdb);
    case BLOOM_RULE_ROCKSDB_RIBBON:      /* above BLOOM_RIBBON_MAX_KEYS: rocksdb's Bloom filter */
        return mpz_cmp_ui(sizing->n, BLOOM_RIBBON_MAX_KEYS) > 0
                   ? at_setting_for_rate(sizing, BLOOM_RULE_ROCKSDB, p, rocksdb_ribbon)
                   : rocksdb_ribbon(sizing, bits_per_key_of_rate(&arguments, p));
    case BLOOM_RULE_PARQUET_MR:
        return parquet(sizing, p, PARQUET_MR);
    case BLOOM_RULE_PARQUET_ARROW:
        return parquet(sizing, p, PARQUET_ARROW);
    case BLOOM_RULE_LEVELDB:
        return at_setting_for_rate(sizing, BLOOM_RULE_LEVELDB, p, leveldb);
    case BLOOM_RULE_ROCKSDB_LEGACY:
        return at_setting_for_rate(sizing, BLOOM_RULE_ROCKSDB_LEGACY, p, rocksdb_legacy);
    default:
        return parquet(sizing, p, PARQUET_SPEC);
    }
}

int bloom_rule_apply(bloom_rule_sizing *sizing, bloom_rule_id rule, mpz_srcptr n, mpq_srcptr p)
{
    if (rule >= BLOOM_RULE_COUNT || mpz_sgn(n) <= 0)
        return BLOOM_UNDEFINED;
    start_rule(sizing, rule, n);
    return finish_rule(sizing, apply_rule(sizing, rule, p));
}

int bloom_rule_takes_bits_per_key(bloom_rule_id rule)
{
    return rule == BLOOM_RULE_ROCKSDB || rule == BLOOM_RULE_ROCKSDB_RIBBON || rule == BLOOM_RULE_LEVELDB
        || rule == BLOOM_RULE_ROCKSDB_LEGACY;
}

int bloom_rule_apply_bits_per_key(bloom_rule_sizing *sizing, bloom_rule_id rule, mpz_srcptr n,
                                  mpq_srcptr c)
{
    bloom_quantity exact = { bloom_enclose_rational, c, bloom_exact_rational };
    return bloom_rule_apply_bits_per_key_real(sizing, rule, n, &exact);
}

int bloom_rule_apply_bits_per_key_real(bloom_rule_sizing *sizing, bloom_rule_id rule, mpz_srcptr n,
                                       const bloom_quantity *c)
{
    if (!bloom_rule_takes_bits_per_key(rule) || mpz_sgn(n) <= 0)
        return BLOOM_UNDEFINED;
    start_rule(sizing, rule, n);
    int status = rule == BLOOM_RULE_ROCKSDB ? rocksdb(sizing, *c)
               : rule == BLOOM_RULE_LEVELDB ? leveldb(sizing, *c)
               : rule == BLOOM_RULE_ROCKSDB_LEGACY ? rocksdb_legacy(sizing, *c) : rocksdb_ribbon(sizing, *c);
    return finish_rule(sizing, status);
}

int bloom_rule_apply_ribbon_flush(bloom_rule_sizing *sizing, mpz_srcptr n, mpq_srcptr p, mpq_srcptr c)
{
    if (mpz_sgn(n) <= 0)
        return BLOOM_UNDEFINED;
    bloom_sizing_arguments arguments;
    bloom_quantity exact = { bloom_enclose_rational, c, bloom_exact_rational };
    start_rule(sizing, BLOOM_RULE_ROCKSDB, n);
    return finish_rule(sizing, rocksdb(sizing, p != NULL ? bits_per_key_of_rate(&arguments, p) : exact));
}

/* --- the library as part of a filter description -------------------------------- */

const char *const bloom_library_names[] = {
    "none", "guava", "guava@33", "guava@31", "bits-and-blooms", "libbloom", "bloom-filters",
    "cassandra", "redisbloom", "redisbloom-nonscaling", "rocksdb", "rocksdb-ribbon", "parquet-mr",
    "parquet-spec", "leveldb", "rocksdb@legacy", "parquet-arrow", NULL
};

static const bloom_rule_id library_rules[] = {
    BLOOM_RULE_TEXTBOOK, BLOOM_RULE_GUAVA, BLOOM_RULE_GUAVA, BLOOM_RULE_GUAVA_31,
    BLOOM_RULE_BITS_AND_BLOOMS, BLOOM_RULE_LIBBLOOM, BLOOM_RULE_BLOOM_FILTERS, BLOOM_RULE_CASSANDRA,
    BLOOM_RULE_REDISBLOOM, BLOOM_RULE_REDISBLOOM_NONSCALING, BLOOM_RULE_ROCKSDB,
    BLOOM_RULE_ROCKSDB_RIBBON, BLOOM_RULE_PARQUET_MR, BLOOM_RULE_PARQUET_SPEC, BLOOM_RULE_LEVELDB,
    BLOOM_RULE_ROCKSDB_LEGACY, BLOOM_RULE_PARQUET_ARROW
};

bloom_rule_id bloom_library_rule(int library)
{
    return library_rules[library];
}

int bloom_library_is_ribbon(int library, int k_given)
{
    return library != 0 && library_rules[library] == BLOOM_RULE_ROCKSDB_RIBBON && !k_given;
}

void bloom_library_shape(bloom_layout_description *shape, int library)
{
    /* layout, block bits, rounding, hash bits, index bits, per rule (as set_standard etc. above) */
    static const struct { int layout; unsigned long block_bits; int rounding; unsigned long hash_bits,
                          index_bits; } shapes[BLOOM_RULE_COUNT] = {
        [BLOOM_RULE_TEXTBOOK] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_NONE, 0, 0 },
        [BLOOM_RULE_GUAVA] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_WORD64, 128, 63 },
        [BLOOM_RULE_GUAVA_31] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_WORD64, 128, 63 },
        [BLOOM_RULE_BITS_AND_BLOOMS] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_NONE, 128, 64 },
        [BLOOM_RULE_LIBBLOOM] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_NONE, 64, 32 },
        [BLOOM_RULE_BLOOM_FILTERS] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_NONE, 64, 64 },
        [BLOOM_RULE_CASSANDRA] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_WORD64, 128, 63 },
        [BLOOM_RULE_REDISBLOOM] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_WORD64, 64, 64 },
        [BLOOM_RULE_REDISBLOOM_NONSCALING] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_WORD64, 64, 64 },
        [BLOOM_RULE_ROCKSDB] = { BLOOM_LAYOUT_BLOCKED, BLOOM_DEFAULT_BLOCK_BITS, BLOOM_ROUND_BLOCK, 64, 64 },
        /* its Bloom fallback (a k given); its Ribbon is settled by bloom_deployed_filter_init */
        [BLOOM_RULE_ROCKSDB_RIBBON] = { BLOOM_LAYOUT_BLOCKED, BLOOM_DEFAULT_BLOCK_BITS, BLOOM_ROUND_BLOCK,
                                        64, 64 },
        [BLOOM_RULE_PARQUET_MR] = { BLOOM_LAYOUT_SPLIT_BLOCK, BLOOM_SPLIT_BLOCK_BITS, BLOOM_ROUND_POW2, 64, 64 },
        [BLOOM_RULE_PARQUET_SPEC] = { BLOOM_LAYOUT_SPLIT_BLOCK, BLOOM_SPLIT_BLOCK_BITS, BLOOM_ROUND_POW2, 64, 64 },
        [BLOOM_RULE_PARQUET_ARROW] = { BLOOM_LAYOUT_SPLIT_BLOCK, BLOOM_SPLIT_BLOCK_BITS, BLOOM_ROUND_POW2, 64, 64 },
        [BLOOM_RULE_LEVELDB] = { BLOOM_LAYOUT_STANDARD, 0, BLOOM_ROUND_BYTE, 32, 32 },
        /* lines made odd and capped by bloom_library_cap_or_refuse */
        [BLOOM_RULE_ROCKSDB_LEGACY] = { BLOOM_LAYOUT_BLOCKED, LEGACY_LINE_BITS, BLOOM_ROUND_BLOCK, 32, 32 },
    };
    bloom_rule_id rule = bloom_library_rule(library);
    shape->layout = shapes[rule].layout;
    shape->block_bits = shapes[rule].block_bits;
    shape->rounding = shapes[rule].rounding;
    shape->hash_bits = shapes[rule].hash_bits;
    shape->index_bits = shapes[rule].index_bits;
}

int bloom_library_arithmetic(int library)
{
    bloom_rule_id rule = bloom_library_rule(library);
    return rule == BLOOM_RULE_GUAVA || rule == BLOOM_RULE_GUAVA_31 ? BLOOM_ARITHMETIC_GUAVA
         : rule == BLOOM_RULE_LIBBLOOM                             ? BLOOM_ARITHMETIC_MODULO_2_32
         : rule == BLOOM_RULE_ROCKSDB_LEGACY                       ? BLOOM_ARITHMETIC_ROCKSDB_LEGACY
                                                                   : BLOOM_ARITHMETIC_UNIFORM;
}

int bloom_library_cap_or_refuse(mpz_ptr allocated, int library, mpz_srcptr n, unsigned long k)
{
    switch (bloom_library_rule(library)) {
    case BLOOM_RULE_GUAVA:
    case BLOOM_RULE_GUAVA_31:
        return guava_refusal(allocated, k) != BLOOM_OK;
    case BLOOM_RULE_CASSANDRA:
        return cassandra_refusal(allocated) != BLOOM_OK;
    case BLOOM_RULE_LIBBLOOM:
        return mpz_cmp_ui(n, 1000) < 0 || mpz_cmp_ui(n, 2147483647UL) > 0
            || mpz_cmp_ui(allocated, 2147483647UL) > 0;
    case BLOOM_RULE_ROCKSDB:
    case BLOOM_RULE_ROCKSDB_RIBBON:
        if (mpz_cmp_ui(allocated, 0xffffffc0UL * 8) > 0)
            mpz_set_ui(allocated, 0xffffffc0UL * 8);
        return 0;
    case BLOOM_RULE_ROCKSDB_LEGACY:
        legacy_bits(allocated, allocated);
        return 0;
    case BLOOM_RULE_PARQUET_MR:
        if (mpz_sizeinbase(allocated, 2) > 31)
            mpz_set_ui(allocated, 1UL << 30);
        return 0;
    case BLOOM_RULE_PARQUET_ARROW:       /* ndv is a uint32_t */
        if (mpz_cmp_ui(allocated, 1UL << 30) > 0)
            mpz_set_ui(allocated, 1UL << 30);
        return mpz_cmp_ui(n, 4294967295UL) > 0;
    case BLOOM_RULE_LEVELDB:
        if (mpz_cmp_ui(allocated, LEVELDB_MIN_BITS) < 0)
            mpz_set_ui(allocated, LEVELDB_MIN_BITS);
        return mpz_cmp_ui(n, 2147483647UL) > 0;
    default:
        return 0;
    }
}

/* What the legacy rate assumes (FORMULAS.md §e.8), and where it is not computed: m bits, k probes. */
static const char *legacy_unmodelled(mpz_srcptr m, unsigned long k)
{
    if (k > BLOOM_ROCKSDB_LEGACY_MAX_PROBES)
        return "RocksDB's legacy probes (h + i delta) mod 512 in line h mod L (delta = h rotated right "
               "by 17) are modelled up to 12 probes (FORMULAS.md §e.8); with more, as here, this is the "
               "rate of independent probes in the line, which understates the legacy filter's";
    /* the same words before the measurements, whichever side of 2^14 lines */
#define LEGACY_ASSUMPTION                                                                            \
    "RocksDB's legacy filter takes its line h mod L and its in-line probes, the progression of "     \
    "start h mod 512 and step bits 17..25 of h, from one 32-bit hash h; this rate "                  \
    "(FORMULAS.md §e.8) takes line and progression as independent, "
    return mpz_cmp_ui(m, LEGACY_LINE_BITS << 14) > 0
        ? LEGACY_ASSUMPTION "which they are not above 2^14 lines, as here: bloomsim's bit-for-bit "
          "reproduction at 10 bits a key measures 1.1708 % [1.1667, 1.1749] at 1e6 keys and "
          "1.3542 % [1.3482, 1.3603] at 1e7, where this rate is 1.1865 % and 1.3937 %"
        : LEGACY_ASSUMPTION "which bloomsim's bit-for-bit reproduction bears out up to 2^14 lines "
          "(10 bits a key: 0.6129 % [0.6071, 0.6188] at 300 keys and 1.1602 % [1.1574, 1.1631] at "
          "1e5, where this rate is 0.6129 % and 1.1621 %)";
#undef LEGACY_ASSUMPTION
}

/* The index arithmetic the rates leave out (the list at the top of this file; FORMULAS.md §m.5). */
const char *bloom_library_unmodelled(int library, mpz_srcptr m, unsigned long k)
{
    switch (bloom_library_rule(library)) {
    case BLOOM_RULE_GUAVA:
    case BLOOM_RULE_GUAVA_31:
        return bloom_guava_model_applies(m, k)
            ? NULL
            : "Guava's probes ((h1 + i h2) mod 2^63) mod m form an arithmetic progression modulo "
              "64 (m is a multiple of 64), which the rate models exactly only within the model's size limit "
              "(FORMULAS.md §q.4): beyond it, as here, it is the rate of independent probes, which Guava exceeds "
              "by a relative 1/m order term (at m = 960, n = 100, k = 7: 1.085 % against 1.006 %); "
              "at 10^6 keys the difference was not resolved by 10^7 queries";
    case BLOOM_RULE_CASSANDRA:
        return "Cassandra's probes |h2 + i h1| mod m (signed 64-bit sums, m a multiple of 64) are, "
               "modulo 64, +- an arithmetic progression, which this rate does not model: it is the rate "
               "of independent probes, which Cassandra's filter exceeds at small m (m = 960, n = 100, "
               "k = 7: 1.058 % measured by bloomsim's reproduction, 1.006 % here)";
    case BLOOM_RULE_BLOOM_FILTERS:
        return mpz_sizeinbase(m, 2) > 32
            ? "bloom-filters' probe i reaches only the bits below (i + 1) 2^32 + (i^3 - i)/6, which "
              "this rate does not model: it understates the real rate above 2^32 bits"
            : NULL;
    case BLOOM_RULE_LEVELDB:
        return "LevelDB's probes ((h + i delta) mod 2^32) mod m take start and step from one 32-bit "
               "hash (delta = h rotated right by 17), so probe 2, (2^16 + 1)(2 h_hi + h_lo) mod 2^32, "
               "takes fewer than 2^18 values and probe 3 also crowds onto fewer bits "
               "(FORMULAS.md §r); this rate, of independent probes, understates LevelDB's at the "
               "sizes measured (10 bits a key, k = 6: 1.20 % at 20 keys, 1.45 % at 1e5 and 2.04 % "
               "at 3e5, against 0.87 %, 0.85 % and 0.85 % here)";
    case BLOOM_RULE_ROCKSDB_LEGACY:
        return legacy_unmodelled(m, k);
    case BLOOM_RULE_LIBBLOOM:
        return k > BLOOM_MODULO_MAX_PROBES
            ? "libbloom's probes ((a + i b) mod 2^32) mod m hit the 2^32 mod m lowest bits (q + 1)/q as "
              "often as the others (q = floor(2^32/m); FORMULAS.md §m.6); above 32 probes this rate "
              "does not model it and is that of uniform probes, which understates libbloom's"
            : "libbloom's probes ((a + i b) mod 2^32) mod m: the rate models the reduction modulo m "
               "exactly (the 2^32 mod m lowest bits are hit (q + 1)/q as often as the others, q = "
               "floor(2^32/m); FORMULAS.md §m.6) but takes the k probes of a key as independent, "
               "where libbloom's are a double-hashing progression: a relative excess of order "
               "100/m (§d.2), below what bloomsim's bit-for-bit libbloom resolves at 1.5e9 bits "
               "(q = 2) and at 9585";
    default:
        return NULL;
    }
}

unsigned long bloom_library_metadata_bytes(int library)
{
    bloom_rule_id rule = bloom_library_rule(library);
    if (rule == BLOOM_RULE_LEVELDB)
        return LEVELDB_METADATA_BYTES;
    return rule == BLOOM_RULE_ROCKSDB || rule == BLOOM_RULE_ROCKSDB_RIBBON || rule == BLOOM_RULE_ROCKSDB_LEGACY
        ? ROCKSDB_METADATA_BYTES : 0;
}

/* RocksDB's note when its one filter is at its cap of 0xffffffc0 bytes. */
static const char *rocksdb_cap_note(mpz_srcptr allocated)
{
    return mpz_cmp_ui(allocated, 0xffffffc0UL * 8) >= 0
        ? "RocksDB caps one filter at 0xffffffc0 bytes (4 GiB), as here, so these keys get "
          "fewer bits each than asked; it builds one filter per SST file: give --file-size "
          "and --entry-size, or --keys-per-filter N, to plan those"
        : NULL;
}

const char *bloom_library_single_filter_note(int library, mpz_srcptr allocated, mpz_srcptr n, int ribbon)
{
    switch (bloom_library_rule(library)) {
    case BLOOM_RULE_ROCKSDB_RIBBON:
        if (!ribbon && mpz_cmp_ui(n, BLOOM_RIBBON_MAX_KEYS) > 0)
            return "RocksDB builds its Bloom filter, not a Ribbon, for more than 950000000 keys in "
                   "one filter, as here; it builds one filter per SST file: give --file-size and "
                   "--entry-size, or --keys-per-filter N, to plan those";
        return rocksdb_cap_note(allocated);   /* the Bloom filter it builds instead has the cap */
    case BLOOM_RULE_ROCKSDB:
        return rocksdb_cap_note(allocated);
    case BLOOM_RULE_ROCKSDB_LEGACY:
        return mpz_cmp_ui(allocated, LEGACY_MAX_BITS) > 0
            ? "RocksDB's legacy builder caps one filter at 0xffff0000 bits (512 MiB) before its "
              "odd count of lines, as here, so these keys get fewer bits each than asked; it builds "
              "one filter per SST file: give --file-size and --entry-size, or --keys-per-filter N, "
              "to plan those"
            : NULL;
    case BLOOM_RULE_PARQUET_MR:
    case BLOOM_RULE_PARQUET_ARROW:
        return mpz_sizeinbase(allocated, 2) > 30
            ? "the Parquet writer caps one filter at 2^30 bits (128 MiB), as here; it builds one "
              "filter per column chunk of a row group: give --keys-per-filter N (its distinct "
              "values) to plan those"
            : NULL;
    default:
        return NULL;
    }
}

/*
 * key_probes.c - the positions of every layout handed out one at a time
 * (key_probes.h says what each family computes and how an engine uses
 * the span).
 *
 * The draws are those of layout_filters.c, in the same order, from the
 * same hash stream: partitioned probe i is first_i + U(size_i), with the
 * m mod k larger slices first (first_i = i floor(m/k) + min(i, m mod k),
 * precomputed here instead of a division per probe); a blocked key draws
 * U(b) for its block, then U(B) k times; a split-block key draws U(b),
 * then U(B/k) in word i.  Each U(r) is one word of the stream reduced by
 * Lemire's exact rejection (hash.h, sim_hash_stream_position).  With a
 * fingerprint of h bits the stream is that of the 8 little-endian bytes
 * of the key's top-h-bit hash, as sim_layout_positions does (FORMULAS.md §e).
 * Equality with sim_layout_positions, for every layout and width, is
 * checked by tests/sim_layout_tests.c and tests/sim_bulk_tests.c.
 *
 * Batched sources (PERFORMANCE.md §l.6) compute the same positions from a
 * key's two XXH3 halves without a cursor: word 0 draws the block, word
 * i + 1 offset i (words >= 2 are SplitMix64 of low + (j - 1) golden, XOR
 * high, hash.h), eight words at a time in AVX-512 lanes when the processor
 * has them; a block query tests its k bits in the lanes too (a masked load
 * of the block's words, vpermq to pick each lane's word, vpsrlvq for its
 * bit), else one by one.  The engines' batches take eight keys a vector
 * instead (PERFORMANCE.md §l.8): key j of eight in lane j, its k words
 * mixed one probe after the other, so the keys' chains overlap; and the
 * block test of a whole batch in one call.
 */
#include <string.h>

#include "key_probes.h"
#include "cpu_features.h"
#if SIM_X86_64
#include <immintrin.h>
#endif

/* The family of a layout's positions under `prober`. */
static sim_probe_family family_of(const sim_layout *layout, const sim_prober *prober)
{
    if (prober->scheme >= SIM_PROBE_LIBRARY)
        return SIM_FAMILY_PROBER;   /* a library's arithmetic places its probes in its own blocks */
    if (layout == NULL || layout->kind == BLOOM_LAYOUT_STANDARD)
        return prober->scheme == SIM_PROBE_INDEPENDENT && prober->draws.per_word == 1 ? SIM_FAMILY_UNIFORM
                                                                                       : SIM_FAMILY_PROBER;
    if (layout->kind == BLOOM_LAYOUT_PARTITIONED)
        return SIM_FAMILY_PARTITIONED;
    return layout->kind == BLOOM_LAYOUT_BLOCKED ? SIM_FAMILY_BLOCKED : SIM_FAMILY_SPLIT_BLOCK;
}

static sim_exact_range exact_range(uint64_t range)
{
    int power_of_two = range >= 2 && (range & (range - 1)) == 0;
    sim_exact_range draw = { range, range == 0 ? 0 : sim_reduce_surplus(range),
                             power_of_two ? 64 - (unsigned)__builtin_ctzll(range) : 0 };
    return draw;
}

/* log2 B when the block source's offsets can be packed (key_probes.h,
 * sim_key_cursor_packed), else 0. */
static unsigned packed_shift(const sim_key_probes *probes)
{
    uint64_t span = probes->span;
    if (span < 2 || (span & (span - 1)) != 0 || probes->offsets.shift == 0)
        return 0;
    unsigned shift = (unsigned)__builtin_ctzll(span);
    return (uint64_t)shift * probes->hashes <= 64 ? shift : 0;
}

void sim_key_probes_init(sim_key_probes *probes, const sim_layout *layout, const sim_prober *prober)
{
    memset(probes, 0, sizeof *probes);
    probes->family = family_of(layout, prober);
    probes->prober = prober;
    probes->hashes = prober->hashes;
    probes->hash_bits = layout != NULL ? layout->hash_bits : 0;
    probes->batched_scatter = (probes->family == SIM_FAMILY_UNIFORM || probes->family == SIM_FAMILY_PARTITIONED)
                              && prober->function == SIM_HASH_XXH3 && probes->hash_bits == 0;
    switch (probes->family) {
    case SIM_FAMILY_UNIFORM:
        probes->offsets = exact_range(prober->bits);
        probes->vector_draws = sim_cpu_has_avx512dq();   /* uniform_keys_eight */
        break;
    case SIM_FAMILY_PARTITIONED:
        probes->slice_base = layout->reachable / layout->hashes;
        probes->slice_larger = (unsigned)(layout->reachable % layout->hashes);
        probes->slices[0] = exact_range(probes->slice_base);
        probes->slices[1] = exact_range(probes->slice_base + 1);
        /* the lanes' draw multiplies 32-bit halves (partitioned_keys_eight) */
        probes->vector_draws = probes->slices[1].range < ((uint64_t)1 << 32) && sim_cpu_has_avx512dq();
        break;
    case SIM_FAMILY_BLOCKED:
    case SIM_FAMILY_SPLIT_BLOCK:
        probes->span = layout->block_bits;
        probes->blocks = exact_range(layout->blocks);
        probes->offsets = exact_range(probes->family == SIM_FAMILY_BLOCKED ? layout->block_bits
                                                                           : layout->block_bits / layout->hashes);
        probes->packed_shift = packed_shift(probes);
        probes->vector_draws = sim_cpu_has_avx512dq() && SIM_CPU_SUPPORTS("avx512vl");
        probes->batched_blocks = probes->packed_shift != 0 && prober->function == SIM_HASH_XXH3
                                 && probes->hash_bits == 0;
        break;
    case SIM_FAMILY_PROBER:
    default:
        break;
    }
}

/* The stream (or, for the prober family, the cursor) of the key or of its fingerprint. */
static void start_stream(sim_key_cursor *cursor, const sim_key_probes *probes, const void *bytes,
                         size_t length)
{
    const sim_prober *prober = probes->prober;
    if (probes->hash_bits != 0) {
        sim_hash_stream stream;
        sim_hash_stream_start(&stream, prober->function, bytes, length, &prober->seeds);
        uint64_t word = sim_hash_stream_next(&stream);
        uint64_t fingerprint = probes->hash_bits >= 64 ? word : word >> (64 - probes->hash_bits);
        for (unsigned i = 0; i < 8; i++)
            cursor->fingerprint[i] = (unsigned char)(fingerprint >> (8 * i));
        bytes = cursor->fingerprint;
        length = sizeof cursor->fingerprint;
    }
    if (probes->family == SIM_FAMILY_PROBER || probes->family == SIM_FAMILY_UNIFORM)
        sim_probe_cursor_start(&cursor->probe, prober, bytes, length);
    else
        sim_hash_stream_start(&cursor->probe.stream, prober->function, bytes, length, &prober->seeds);
}

void sim_key_cursor_start(sim_key_cursor *cursor, const sim_key_probes *probes, const void *bytes,
                          size_t length)
{
    cursor->index = 0;
    cursor->first = 0;
    start_stream(cursor, probes, bytes, length);
    if (probes->span != 0)
        cursor->first = sim_key_cursor_draw(cursor, &probes->blocks) * probes->span;
}

/* Word `index` of an XXH3 stream (hash.h), without the stream's bookkeeping. */
static inline uint64_t xxh3_word(uint64_t low, uint64_t high, uint64_t index)
{
    if (index < 2)
        return index == 0 ? low : high;
    return sim_mix64(low + (index - 1) * SIM_GOLDEN_GAMMA) ^ high;
}

/* `count` exact draws of `draw` from the XXH3 stream, position i being
 * first + i * stride + the draw. */
static void xxh3_draws(sim_hash_stream *stream, const sim_exact_range *draw, uint64_t first, uint64_t stride,
                       unsigned count, uint64_t *positions)
{
    uint64_t index = stream->words_drawn, low = stream->low, high = stream->high;
    const uint64_t range = draw->range, surplus = draw->surplus;
    for (unsigned i = 0; i < count; i++) {
        unsigned __int128 product;
        do
            product = (unsigned __int128)xxh3_word(low, high, index++) * range;
        while ((uint64_t)product < surplus);
        positions[i] = first + i * stride + (uint64_t)(product >> 64);
    }
    stream->words_drawn = index;
}

/* The partitioned source's remaining probes from the XXH3 stream: probe i
 * is first_i + U(size_i), the m mod k larger slices first (as
 * sim_key_cursor_next_layout, in one loop without the family switch). */
static inline void xxh3_partitioned(sim_key_cursor *cursor, const sim_key_probes *probes, uint64_t *positions)
{
    sim_hash_stream *stream = &cursor->probe.stream;
    uint64_t index = stream->words_drawn, low = stream->low, high = stream->high;
    const unsigned hashes = probes->hashes, larger = probes->slice_larger;
    const uint64_t base = probes->slice_base;
    /* the larger slices (first i (base + 1)), then the others (first
     * i base + larger): two loops, each with its range and bound held in
     * registers (one loop choosing per probe kept them in memory; the
     * partitioned build was 20 % slower than the standard one) */
    unsigned i = cursor->index, p = 0;
    for (const uint64_t range = probes->slices[1].range, surplus = probes->slices[1].surplus; i < larger && i < hashes;
         i++, p++) {
        unsigned __int128 product;
        do
            product = (unsigned __int128)xxh3_word(low, high, index++) * range;
        while ((uint64_t)product < surplus);
        positions[p] = (uint64_t)i * (base + 1) + (uint64_t)(product >> 64);
    }
    for (const uint64_t range = probes->slices[0].range, surplus = probes->slices[0].surplus; i < hashes; i++, p++) {
        unsigned __int128 product;
        do
            product = (unsigned __int128)xxh3_word(low, high, index++) * range;
        while ((uint64_t)product < surplus);
        positions[p] = (uint64_t)i * base + larger + (uint64_t)(product >> 64);
    }
    stream->words_drawn = index;
}

unsigned sim_key_cursor_rest(sim_key_cursor *cursor, const sim_key_probes *probes, uint64_t *positions)
{
    unsigned count = probes->hashes - cursor->index;
    int fast = probes->prober->function == SIM_HASH_XXH3 && cursor->probe.stream.batch.left == 0;
    if (fast && probes->family == SIM_FAMILY_BLOCKED) {
        xxh3_draws(&cursor->probe.stream, &probes->offsets, cursor->first, 0, count, positions);
    } else if (fast && probes->family == SIM_FAMILY_SPLIT_BLOCK) {
        uint64_t first = cursor->first + cursor->index * probes->offsets.range;
        xxh3_draws(&cursor->probe.stream, &probes->offsets, first, probes->offsets.range, count, positions);
    } else if (fast && probes->family == SIM_FAMILY_PARTITIONED) {
        xxh3_partitioned(cursor, probes, positions);
    } else if (fast && probes->family == SIM_FAMILY_UNIFORM) {
        xxh3_draws(&cursor->probe.stream, &probes->offsets, 0, 0, count, positions);
    } else {
        for (unsigned i = 0; i < count; i++)
            positions[i] = sim_key_cursor_next(cursor, probes);
        return count;
    }
    cursor->index = probes->hashes;
    return count;
}

void sim_key_cursor_start_halves(sim_key_cursor *cursor, const sim_key_probes *probes, uint64_t low, uint64_t high)
{
    cursor->index = 0;
    cursor->first = 0;
    sim_hash_stream *stream = &cursor->probe.stream;
    stream->function = SIM_HASH_XXH3;
    stream->bytes = NULL;
    stream->length = 0;
    stream->seeds = &probes->prober->seeds;
    stream->low = low;
    stream->high = high;
    stream->words_drawn = 0;
    stream->batch.word = 0;
    stream->batch.left = 0;
}

void sim_key_probes_scatter_positions(const sim_key_probes *probes, uint64_t low, uint64_t high,
                                      uint64_t *positions)
{
    sim_key_cursor cursor;
    cursor.index = 0;
    cursor.probe.stream.low = low;
    cursor.probe.stream.high = high;
    cursor.probe.stream.words_drawn = 0;
    if (probes->family == SIM_FAMILY_PARTITIONED)
        xxh3_partitioned(&cursor, probes, positions);
    else
        xxh3_draws(&cursor.probe.stream, &probes->offsets, 0, 0, probes->hashes, positions);
}

/* ---- partitioned keys eight to a vector ---- */

#if SIM_X86_64
typedef uint64_t lanes8 __attribute__((vector_size(64)));

/* SplitMix64's finaliser (sim_mix64) in each lane. */
__attribute__((target("avx512f,avx512dq"))) static inline lanes8 mix_lanes(lanes8 x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ x >> 31;
}

/* The exact draws U(range) of the words w in each lane, range < 2^32:
 * with w = 2^32 a + b and b range = 2^32 c + d, the 128-bit product
 * w range is 2^32 s + d where s = a range + c < 2^64, so its high half is
 * s >> 32 and its low half (s << 32) | d, the value Lemire's test compares
 * with the surplus; the lanes whose word that test rejects get all ones
 * in *rejected.  Two 32 x 32 multiplications (vpmuludq) a lane instead
 * of a 64 x 64 one. */
__attribute__((target("avx512f,avx512dq"))) static inline lanes8
draw_lanes(lanes8 w, uint64_t range, uint64_t surplus, lanes8 *rejected)
{
    const lanes8 ranges = (lanes8){ 0 } + range;
    lanes8 low_product = (lanes8)_mm512_mul_epu32((__m512i)w, (__m512i)ranges);
    lanes8 s = (lanes8)_mm512_mul_epu32((__m512i)(w >> 32), (__m512i)ranges) + (low_product >> 32);
    lanes8 low = s << 32 | (low_product & 0xffffffffULL);
    *rejected |= (lanes8)(low < surplus);
    return s >> 32;
}

/* The exact draws U(range) of the words w in each lane for any 64-bit
 * range: with w = 2^32 a + b and range = 2^32 c + d, the 128-bit product
 * is 2^64 ac + 2^32 (ad + bc) + bd; t = ad + (bd >> 32) and
 * u = bc + (t mod 2^32) do not overflow, so the high half is
 * ac + (t >> 32) + (u >> 32) and the low half (u << 32) | (bd mod 2^32),
 * the value Lemire's test compares with the surplus (rejected lanes get
 * all ones in *rejected).  Four 32 x 32 multiplications a lane, for the
 * standard layout's ranges of 2^32 bits and more. */
__attribute__((target("avx512f,avx512dq"))) static inline lanes8
draw_lanes_wide(lanes8 w, uint64_t range, uint64_t surplus, lanes8 *rejected)
{
    const uint64_t low_half = range & 0xffffffffU, high_half = range >> 32, half = 0xffffffffU;   /* uint64_t: clang broadcasts only the lane type */
    const __m512i lows = (__m512i)((lanes8){ 0 } + low_half), highs = (__m512i)((lanes8){ 0 } + high_half);
    const lanes8 mask = (lanes8){ 0 } + half;
    lanes8 bd = (lanes8)_mm512_mul_epu32((__m512i)w, lows);
    lanes8 t = (lanes8)_mm512_mul_epu32((__m512i)(w >> 32), lows) + (bd >> 32);
    lanes8 u = (lanes8)_mm512_mul_epu32((__m512i)w, highs) + (t & mask);
    lanes8 high = (lanes8)_mm512_mul_epu32((__m512i)(w >> 32), highs) + (t >> 32) + (u >> 32);
    *rejected |= (lanes8)((u << 32 | (bd & mask)) < surplus);
    return high;
}

/* Eight words from memory (any alignment). */
__attribute__((target("avx512f,avx512dq"))) static inline lanes8 load_lanes(const uint64_t *words)
{
    lanes8 lanes;
    memcpy(&lanes, words, sizeof lanes);
    return lanes;
}

/* Word i of the XXH3 streams of eight keys (xxh3_word in each lane). */
__attribute__((target("avx512f,avx512dq"))) static inline lanes8 word_lanes(lanes8 low, lanes8 high, unsigned i)
{
    const uint64_t step = (uint64_t)(i - 1) * SIM_GOLDEN_GAMMA;   /* a uint64_t: clang broadcasts only the lane type */
    return i == 0 ? low : i == 1 ? high : mix_lanes(low + step) ^ high;
}

/* The lanes whose mask is not all zeros, as bits. */
__attribute__((target("avx512f,avx512dq"))) static inline unsigned rejected_mask(lanes8 rejected)
{
    unsigned mask = 0;
    for (unsigned l = 0; l < 8; l++)
        mask |= (unsigned)(rejected[l] != 0) << l;
    return mask;
}

/* Eight uniform keys (the standard layout, one word a probe) at once, key
 * l in lane l: probe i is U(m) of word i, stored in positions[i * stride
 * + l].  Returns the mask of the lanes that a rejected draw sends back to
 * the one-by-one loop (as partitioned_keys_eight). */
__attribute__((target("avx512f,avx512dq"))) static unsigned
uniform_keys_eight(const sim_key_probes *probes, const uint64_t *lows, const uint64_t *highs, size_t stride,
                   uint64_t *positions)
{
    lanes8 low = load_lanes(lows), high = load_lanes(highs), rejected = { 0 };
    const uint64_t range = probes->offsets.range, surplus = probes->offsets.surplus;
    for (unsigned i = 0; i < probes->hashes; i++) {
        lanes8 position = draw_lanes_wide(word_lanes(low, high, i), range, surplus, &rejected);
        memcpy(positions + i * stride, &position, sizeof position);
    }
    return rejected_mask(rejected);
}

/* Eight partitioned keys at once, key l of lows/highs in lane l: probe i
 * of every lane drawn from word i of its stream (the low half, the high
 * half, then SplitMix64(low + (i - 1) golden) XOR high) in slice i, stored in
 * positions[i * stride + l].  Returns a mask of the lanes whose draws
 * were not all accepted at the first try (their probes then come from
 * later words: the caller redraws those keys one by one). */
__attribute__((target("avx512f,avx512dq"))) static unsigned
partitioned_keys_eight(const sim_key_probes *probes, const uint64_t *lows, const uint64_t *highs, size_t stride,
                       uint64_t *positions)
{
    lanes8 low = load_lanes(lows), high = load_lanes(highs), rejected = { 0 };
    const unsigned hashes = probes->hashes, larger = probes->slice_larger;
    const uint64_t base = probes->slice_base;
    for (unsigned i = 0; i < hashes; i++) {
        lanes8 word = word_lanes(low, high, i);
        const sim_exact_range *slice = &probes->slices[i < larger];
        const uint64_t first = (uint64_t)i * base + (i < larger ? i : larger);
        lanes8 position = draw_lanes(word, slice->range, slice->surplus, &rejected) + first;
        memcpy(positions + i * stride, &position, sizeof position);
    }
    return rejected_mask(rejected);
}
#endif

void sim_key_probes_scatter_batch(const sim_key_probes *probes, const uint64_t *lows, const uint64_t *highs,
                                  unsigned count, size_t stride, uint64_t *positions)
{
    uint64_t one[SIM_MAX_KEY_PROBES];
    unsigned j = 0;
#if SIM_X86_64
    if (probes->vector_draws && (probes->family == SIM_FAMILY_PARTITIONED || probes->family == SIM_FAMILY_UNIFORM))
        for (; j + 8 <= count; j += 8) {
            unsigned redraw = probes->family == SIM_FAMILY_UNIFORM
                                  ? uniform_keys_eight(probes, lows + j, highs + j, stride, positions + j)
                                  : partitioned_keys_eight(probes, lows + j, highs + j, stride, positions + j);
            for (unsigned l = 0; redraw != 0; l++, redraw >>= 1)
                if (redraw & 1) {
                    sim_key_probes_scatter_positions(probes, lows[j + l], highs[j + l], one);
                    for (unsigned i = 0; i < probes->hashes; i++)
                        positions[i * stride + j + l] = one[i];
                }
        }
#endif
    for (; j < count; j++) {
        sim_key_probes_scatter_positions(probes, lows[j], highs[j], one);
        for (unsigned i = 0; i < probes->hashes; i++)
            positions[i * stride + j] = one[i];
    }
}

/* ---- packed offsets of a block key ---- */

/* The stride between the words of a split block (0: one range over the block). */
static uint64_t word_stride(const sim_key_probes *probes)
{
    return probes->family == SIM_FAMILY_SPLIT_BLOCK ? probes->offsets.range : 0;
}

/* One by one: the cursor's offsets, shifted into place. */
static uint64_t packed_one_by_one(sim_key_cursor *cursor, const sim_key_probes *probes)
{
    uint64_t packed = 0;
    const unsigned shift = probes->packed_shift;
    while (cursor->index < probes->hashes) {
        unsigned i = cursor->index;
        packed |= (sim_key_cursor_next_layout(cursor, probes) - cursor->first) << (i * shift);
    }
    return packed;
}

#if SIM_X86_64
/* Lanes of v in the order given: GCC's and Clang's builtins for one operation. */
#if defined(__clang__)
#define LANES8_SHUFFLE(v, a, b, c, d, e, f, g, h) __builtin_shufflevector(v, v, a, b, c, d, e, f, g, h)
#else
#define LANES8_SHUFFLE(v, a, b, c, d, e, f, g, h) __builtin_shuffle(v, (lanes8){ a, b, c, d, e, f, g, h })
#endif

/* Eight probes at once: lane l is probe i = index + l (l < count <= 8),
 * drawn from word w = words_drawn + l of the XXH3 stream with halves low,
 * high (hash.h: word 1 is the high half, word j >= 2 SplitMix64 of
 * low + (j - 1) golden, XOR high; words_drawn >= 1), its offset the
 * word's top bits plus i times the stride: the offsets' lanes. */
__attribute__((target("avx512f,avx512dq"))) static inline lanes8
offsets_eight(uint64_t low, uint64_t high, uint64_t words_drawn, unsigned index, unsigned draw_shift,
              uint64_t stride)
{
    const lanes8 lane = { 0, 1, 2, 3, 4, 5, 6, 7 };
    lanes8 x = mix_lanes(low + (words_drawn - 1 + lane) * SIM_GOLDEN_GAMMA) ^ high;
    if (words_drawn == 1)
        x[0] = high;
    return (x >> draw_shift) + (index + lane) * stride;
}

/* The offsets of probes index .. index + count - 1 (count <= 8) shifted to
 * bits i log2 B and ORed together. */
__attribute__((target("avx512f,avx512dq"))) static uint64_t
packed_eight(uint64_t low, uint64_t high, uint64_t words_drawn, unsigned index, unsigned count,
             unsigned draw_shift, uint64_t stride, unsigned shift)
{
    const lanes8 lane = { 0, 1, 2, 3, 4, 5, 6, 7 };
    lanes8 probe = index + lane;
    lanes8 offsets = offsets_eight(low, high, words_drawn, index, draw_shift, stride) << ((probe * shift) & 63);
    offsets &= (lanes8)(lane < count);
    /* the lanes' bits do not overlap: OR them in registers, halves onto halves
     * (reading the lanes back from memory stalled on the vector's store) */
    offsets |= LANES8_SHUFFLE(offsets, 4, 5, 6, 7, 0, 1, 2, 3);
    offsets |= LANES8_SHUFFLE(offsets, 2, 3, 0, 1, 6, 7, 4, 5);
    offsets |= LANES8_SHUFFLE(offsets, 1, 0, 3, 2, 5, 4, 7, 6);
    return offsets[0];
}

/* The packed offsets of probes index .. k - 1 from words words_drawn ..,
 * eight lanes at a time. */
static uint64_t packed_lanes(const sim_key_probes *probes, uint64_t low, uint64_t high, uint64_t words_drawn,
                             unsigned index)
{
    uint64_t packed = 0;
    while (index < probes->hashes) {
        unsigned count = probes->hashes - index < 8 ? probes->hashes - index : 8;
        packed |= packed_eight(low, high, words_drawn, index, count, probes->offsets.shift, word_stride(probes),
                               probes->packed_shift);
        words_drawn += count;
        index += count;
    }
    return packed;
}
#endif

uint64_t sim_key_cursor_packed(sim_key_cursor *cursor, const sim_key_probes *probes)
{
#if SIM_X86_64
    sim_hash_stream *stream = &cursor->probe.stream;
    if (probes->vector_draws && probes->prober->function == SIM_HASH_XXH3 && stream->words_drawn != 0) {
        uint64_t packed = packed_lanes(probes, stream->low, stream->high, stream->words_drawn, cursor->index);
        stream->words_drawn += probes->hashes - cursor->index;
        cursor->index = probes->hashes;
        return packed;
    }
#endif
    return packed_one_by_one(cursor, probes);
}

/* Offset i of a batched block key (word i + 1 of its stream, top bits, plus
 * i times the stride). */
static inline uint64_t block_offset(const sim_key_probes *probes, uint64_t low, uint64_t high, unsigned i)
{
    return (xxh3_word(low, high, i + 1) >> probes->offsets.shift) + i * word_stride(probes);
}

uint64_t sim_key_probes_block_packed(const sim_key_probes *probes, uint64_t low, uint64_t high)
{
#if SIM_X86_64
    if (probes->vector_draws)
        return packed_lanes(probes, low, high, 1, 0);
#endif
    uint64_t packed = 0;
    for (unsigned i = 0; i < probes->hashes; i++)
        packed |= block_offset(probes, low, high, i) << (i * probes->packed_shift);
    return packed;
}

#if SIM_X86_64
/* All k <= 8 bits of a block of at most 512 bits set: the words it covers
 * loaded once (a masked load, which reads no word beyond them; 256 bits
 * wide when they fit, since a 512-bit load of a half line, even masked,
 * also waited for the next line: split-block queries at n = 1e8 took 60 ns
 * a key against 46 one by one), each lane's word picked by its offset / 64,
 * shifted by offset mod 64. */
__attribute__((target("avx512f,avx512dq,avx512vl"))) static inline int
block_lanes_set(const uint64_t *words, uint64_t first, uint64_t span, lanes8 offsets, __mmask8 wanted)
{
    const uint64_t *base = words + first / 64;
    unsigned covered = (unsigned)((first % 64 + span + 63) / 64);
    __mmask8 present = (__mmask8)((1U << covered) - 1);
    __m512i block = covered <= 4 ? _mm512_zextsi256_si512(_mm256_maskz_loadu_epi64(present, base))
                                 : _mm512_maskz_loadu_epi64(present, base);
    offsets += first % 64;
    __m512i word = _mm512_permutexvar_epi64((__m512i)(offsets >> 6), block);
    __m512i bit = _mm512_srlv_epi64(word, (__m512i)(offsets & 63));
    return _mm512_mask_test_epi64_mask(wanted, bit, _mm512_set1_epi64(1)) == wanted;
}

__attribute__((target("avx512f,avx512dq,avx512vl"))) static int
contains_eight(const sim_key_probes *probes, const uint64_t *words, uint64_t first, uint64_t low, uint64_t high)
{
    lanes8 offsets = offsets_eight(low, high, 1, 0, probes->offsets.shift, word_stride(probes));
    return block_lanes_set(words, first, probes->span, offsets, (__mmask8)((1U << probes->hashes) - 1));
}
#endif

int sim_key_probes_block_contains(const sim_key_probes *probes, const uint64_t *words, uint64_t first, uint64_t low,
                                  uint64_t high)
{
#if SIM_X86_64
    if (probes->vector_draws && probes->hashes <= 8 && probes->span <= 512)
        return contains_eight(probes, words, first, low, high);
#endif
    for (unsigned i = 0; i < probes->hashes; i++) {
        uint64_t position = first + block_offset(probes, low, high, i);
        if ((words[position / 64] >> (position % 64) & 1) == 0)
            return 0;
    }
    return 1;
}

#if SIM_X86_64
/* The packed offsets of eight batched block keys at once, one key a lane
 * (PERFORMANCE.md §l.8): offset i of every lane is the top bits
 * of word i + 1 of its key's stream (the high half for i = 0, else
 * SplitMix64(low + i golden) XOR high) plus i times the stride, shifted to
 * bits i log2 B.  The same words as packed_eight, but the eight keys'
 * chains are independent, so the processor overlaps them, and no lanes
 * are ORed together across the vector. */
__attribute__((target("avx512f,avx512dq"))) static void
packed_keys_eight(const sim_key_probes *probes, const uint64_t *lows, const uint64_t *highs, uint64_t *packed)
{
    lanes8 low, high;
    memcpy(&low, lows, sizeof low);
    memcpy(&high, highs, sizeof high);
    const unsigned draw_shift = probes->offsets.shift, shift = probes->packed_shift;
    const uint64_t stride = word_stride(probes);
    lanes8 out = high >> draw_shift;
    for (unsigned i = 1; i < probes->hashes; i++) {
        const uint64_t step = (uint64_t)i * SIM_GOLDEN_GAMMA;   /* a uint64_t, as clang broadcasts only the lane type */
        lanes8 x = mix_lanes(low + step) ^ high;
        out |= ((x >> draw_shift) + i * stride) << (i * shift);
    }
    memcpy(packed, &out, sizeof out);
}
#endif

void sim_key_probes_blocks_packed(const sim_key_probes *probes, const uint64_t *lows, const uint64_t *highs,
                                  unsigned count, uint64_t *packed)
{
    unsigned j = 0;
#if SIM_X86_64
    if (probes->vector_draws)
        for (; j + 8 <= count; j += 8)
            packed_keys_eight(probes, lows + j, highs + j, packed + j);
#endif
    for (; j < count; j++)
        packed[j] = sim_key_probes_block_packed(probes, lows[j], highs[j]);
}

#if SIM_X86_64
/* The lanes of a key's packed offsets: lane i is offset i (bits i log2 B
 * and up), given shifts = i log2 B mod 64 and mask = B - 1. */
__attribute__((target("avx512f,avx512dq,avx512vl"))) static inline lanes8
unpacked_lanes(uint64_t packed, lanes8 shifts, uint64_t mask)
{
    return ((lanes8){ 0 } + packed) >> shifts & mask;
}

/* How many of `count` keys (blocks firsts[j], packed offsets packed[j])
 * have all k <= 8 bits set in blocks of at most 512 bits, key after key in
 * one function: the lanes' shifts and masks are made once, and the keys'
 * independent steps overlap (one call a key with its own constants and
 * vzeroupper was a quarter of a blocked query's time). */
__attribute__((target("avx512f,avx512dq,avx512vl"))) static uint64_t
count_packed_eight(const sim_key_probes *probes, const uint64_t *words, const uint64_t *firsts,
                   const uint64_t *packed, unsigned count)
{
    const lanes8 lane = { 0, 1, 2, 3, 4, 5, 6, 7 };
    const lanes8 shifts = (lane * probes->packed_shift) & 63;
    const uint64_t mask = ((uint64_t)1 << probes->packed_shift) - 1;
    const __mmask8 wanted = (__mmask8)((1U << probes->hashes) - 1);
    uint64_t positives = 0;
    for (unsigned j = 0; j < count; j++)
        positives += (uint64_t)block_lanes_set(words, firsts[j], probes->span,
                                               unpacked_lanes(packed[j], shifts, mask), wanted);
    return positives;
}
#endif

int sim_key_probes_block_contains_packed(const sim_key_probes *probes, const uint64_t *words, uint64_t first,
                                         uint64_t packed)
{
#if SIM_X86_64
    if (probes->vector_draws && probes->hashes <= 8 && probes->span <= 512)
        return (int)count_packed_eight(probes, words, &first, &packed, 1);
#endif
    const unsigned shift = probes->packed_shift;
    const uint64_t mask = ((uint64_t)1 << shift) - 1;
    for (unsigned i = 0; i < probes->hashes; i++) {
        uint64_t position = first + (packed >> (i * shift) & mask);
        if ((words[position / 64] >> (position % 64) & 1) == 0)
            return 0;
    }
    return 1;
}

uint64_t sim_key_probes_blocks_count(const sim_key_probes *probes, const uint64_t *words, const uint64_t *firsts,
                                     const uint64_t *packed, unsigned count)
{
#if SIM_X86_64
    if (probes->vector_draws && probes->hashes <= 8 && probes->span <= 512)
        return count_packed_eight(probes, words, firsts, packed, count);
#endif
    uint64_t positives = 0;
    for (unsigned j = 0; j < count; j++)
        positives += (uint64_t)sim_key_probes_block_contains_packed(probes, words, firsts[j], packed[j]);
    return positives;
}

void sim_key_probes_unpack(const sim_key_probes *probes, uint64_t first, uint64_t packed, uint64_t *positions)
{
    const unsigned shift = probes->packed_shift;
    const uint64_t mask = ((uint64_t)1 << shift) - 1;
    for (unsigned i = 0; i < probes->hashes; i++)
        positions[i] = first + (packed >> (i * shift) & mask);
}

void sim_key_probes_positions(const sim_key_probes *probes, const void *bytes, size_t length,
                              uint64_t *positions)
{
    sim_key_cursor cursor;
    sim_key_cursor_start(&cursor, probes, bytes, length);
    sim_key_cursor_rest(&cursor, probes, positions);
}

/*
 * index_arithmetic.c - the exact false-positive rate of a filter whose probes
 * are Guava's index arithmetic (index_arithmetic.h; FORMULAS.md §q).
 *
 * Guava (BloomFilterStrategies.MURMUR128_MITZ_64) sets bits x_i mod m,
 * x_i = (h1 + i h2) mod N, N = 2^63, i = 0..k-1, m = 64w.  With
 * alpha = h1/N, beta = h2/N, a = h1 mod m, b = h2 mod m and R = N mod m,
 *
 *     x_i = h1 + i h2 - N w_i,   w_i = floor(alpha + i beta),
 *     bit_i = (a + i b - R w_i) mod m                               (exact).
 *
 * Model (§q.1): (a, b) uniform on Z_m^2 and independent of (alpha, beta)
 * uniform on [0, 1)^2; it differs from integer h1, h2 by a total variation of
 * at most 2 C m / N a key (§q.3).  The carries (w_1..w_{k-1}) are constant on
 * each of the C cells of the lines alpha + i beta = j in the unit square.
 * Between consecutive Farey fractions of order k - 1 in beta no two of the
 * lines cross, so every piece there is a trapezoid whose area is its alpha-
 * length at the strip's midpoint times the strip's width, an exact rational;
 * pieces with the same carries are merged into cells (weights N_c / D).
 * A key's pattern is a + S(b, c), S(b, c) = { i b - R w_i^c mod m } as a set.
 *
 * Rate (§q.2).  For the query pattern Q, inclusion-exclusion over the subset U
 * of Q left unset gives P(FP | Q) = sum_U (-1)^|U| (1 - q(U))^n, q(U) the
 * probability that a key's pattern meets U, and q(U) = sum over nonempty
 * V of U of (-1)^(|V|+1) P(V in pattern).  The law of the pattern is
 * invariant under the group G of maps x -> u x + t, t in Z_m, u in
 * H = { u : u = 1 mod o, u odd } (m = 2^e o, o odd): translation moves a,
 * and u b gives the pattern u S(b, c) because u R = R (R = 0 mod 2^e).  So
 * everything depends on G-orbits of subsets: with T(O) the expected number
 * of subsets of a pattern in orbit O,
 *
 *     rate = 1 + sum_O (-1)^|O| T(O) (1 - q(O))^n,
 *     P(V in pattern) = T(O_V) |Stab_G(V)| / (|H| m).
 *
 * b runs over representatives of its H-orbits (2-adic part 2^s or 0, odd
 * part free), weighted by the orbit's size, which divides the work by about
 * 2^(e-1)/(e+1).  A subset's canonical form is the least sorted image
 * u (W - p) over p in W and the multipliers that send one element of least
 * 2-adic valuation v (2-part) to 2^v: that set of images is the same for
 * every point of the orbit, so its least element is an orbit invariant, and
 * the maps reaching it count Stab_G (each candidate stands for 2^v
 * multipliers, |H| when v = e).  For one b, a probe subset I of a pattern
 * without coinciding probes is, up to translation, determined by the offsets
 * i - min(I) and the carry differences w_i - w_min(I) on I, so its orbit is
 * looked up by them (shared by the translates I + t) instead of
 * canonicalised once per cell.  All counts are integers over the common
 * denominator |H| m^2 D (128-bit); only (1 - q)^n is real, enclosed in MPFI
 * (certified.h), once for each distinct q, after a first binary64 pass with an
 * a priori error bound (quick_sum).
 *
 * References: Guava 31.1 / 33 BloomFilterStrategies.java; A. Kirsch and
 * M. Mitzenmacher, "Less hashing, same performance", ESA 2006 (double
 * hashing); FORMULAS.md §d.1 (the inclusion-exclusion), §m.5, §q.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "index_arithmetic.h"
#include "rate_cache.h"

typedef unsigned __int128 u128;
typedef __int128 i128;

#define MAX_PROBES BLOOM_GUAVA_MODEL_MAX_HASHES

/* --- carry cells -------------------------------------------------------------- */

typedef struct cell {
    uint8_t carries[MAX_PROBES];   /* w_0 .. w_{k-1} */
    uint64_t weight;               /* area = weight / D (during construction: over den) */
    uint64_t den;
} cell;

typedef struct cells {
    cell *list;
    size_t count;
    uint64_t denominator;          /* D: every area is weight / D */
} cells;

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int compare_carries(const void *left, const void *right)
{
    return memcmp(((const cell *)left)->carries, ((const cell *)right)->carries, MAX_PROBES);
}

/* The pieces of the strip between Farey neighbours p1/q1 < p2/q2 (p2 q1 - p1 q2 = 1). */
static size_t strip_pieces(cell *out, unsigned long k, uint64_t p1, uint64_t q1, uint64_t p2, uint64_t q2)
{
    uint64_t Q = 2 * q1 * q2, P = p1 * q2 + p2 * q1;   /* beta's midpoint P/Q */
    uint64_t cut[MAX_PROBES], floor_of[MAX_PROBES], bounds[MAX_PROBES + 1];
    size_t count = 0;
    bounds[count++] = 0;
    for (unsigned long i = 1; i < k; i++) {
        floor_of[i] = i * P / Q;
        cut[i] = Q - i * P % Q;      /* alpha_i = 1 - frac(i beta), never 0 or Q */
        bounds[count++] = cut[i];
    }
    for (size_t i = 1; i < count; i++)   /* insertion sort: at most 15 cuts */
        for (size_t j = i; j > 0 && bounds[j - 1] > bounds[j]; j--) {
            uint64_t t = bounds[j];
            bounds[j] = bounds[j - 1];
            bounds[j - 1] = t;
        }
    for (size_t j = 0; j < count; j++) {
        uint64_t low = bounds[j], high = j + 1 < count ? bounds[j + 1] : Q;
        cell *piece = &out[j];
        memset(piece->carries, 0, sizeof piece->carries);
        for (unsigned long i = 1; i < k; i++)
            piece->carries[i] = (uint8_t)(floor_of[i] + (cut[i] <= low));
        piece->weight = high - low;          /* area (high - low)/Q * 1/(q1 q2) */
        piece->den = Q * q1 * q2;
    }
    return count;
}

/* The cells of k probes, merged, with a common denominator; 0 on success. */
static int cells_of(cells *rop, unsigned long k)
{
    unsigned long order = k > 1 ? k - 1 : 1;
    size_t capacity = 16, count = 0;
    cell *pieces = malloc(capacity * k * sizeof *pieces);
    if (pieces == NULL)
        abort();
    /* Farey sequence of order `order`, consecutive pairs */
    uint64_t a = 0, b = 1, c = 1, d = order;
    for (;;) {
        if (count + k > capacity * k) {
            capacity *= 2;
            pieces = realloc(pieces, capacity * k * sizeof *pieces);
            if (pieces == NULL)
                abort();
        }
        count += strip_pieces(&pieces[count], k, a, b, c, d);
        if (c == 1 && d == 1)
            break;
        uint64_t scale = (order + b) / d, e = scale * c - a, f = scale * d - b;
        a = c;
        b = d;
        c = e;
        d = f;
    }
    uint64_t denominator = 1;
    for (size_t i = 0; i < count; i++) {
        uint64_t g = gcd64(pieces[i].weight, pieces[i].den);
        pieces[i].weight /= g;
        pieces[i].den /= g;
        uint64_t factor = pieces[i].den / gcd64(denominator, pieces[i].den);
        if (denominator > (UINT64_C(1) << 62) / factor) {
            free(pieces);
            return 1;
        }
        denominator *= factor;
    }
    for (size_t i = 0; i < count; i++)
        pieces[i].weight *= denominator / pieces[i].den;
    qsort(pieces, count, sizeof *pieces, compare_carries);
    size_t merged = 0;
    for (size_t i = 0; i < count; i++) {
        if (merged > 0 && compare_carries(&pieces[merged - 1], &pieces[i]) == 0)
            pieces[merged - 1].weight += pieces[i].weight;
        else
            pieces[merged++] = pieces[i];
    }
    rop->list = pieces;
    rop->count = merged;
    rop->denominator = denominator;
    return 0;
}

/* --- the group G of x -> u x + t ---------------------------------------------- */

typedef struct modulus {
    uint64_t m, two_part, odd_part;   /* m = 2^e o */
    unsigned e;
    uint64_t two_inverse;             /* (2^e)^-1 mod o (0 when o = 1) */
    uint64_t remainder;               /* R = 2^63 mod m */
    uint64_t group_order;             /* |H| = 2^(e-1) */
} modulus;

static uint64_t mod_inverse(uint64_t value, uint64_t mod)
{
    int64_t t = 0, next = 1;
    int64_t r = (int64_t)mod, rest = (int64_t)(value % mod);
    while (rest != 0) {
        int64_t q = r / rest, s = t - q * next;
        t = next;
        next = s;
        s = r - q * rest;
        r = rest;
        rest = s;
    }
    return (uint64_t)(t < 0 ? t + (int64_t)mod : t);
}

static void modulus_init(modulus *rop, uint64_t m)
{
    rop->m = m;
    rop->e = 0;
    while ((m >> rop->e & 1) == 0)
        rop->e++;
    rop->two_part = UINT64_C(1) << rop->e;
    rop->odd_part = m >> rop->e;
    rop->two_inverse = rop->odd_part > 1 ? mod_inverse(rop->two_part % rop->odd_part, rop->odd_part) : 0;
    rop->remainder = (UINT64_C(1) << 63) % m;
    rop->group_order = UINT64_C(1) << (rop->e - 1);
}

/* The x of Z_m with x = two mod 2^e and x = odd mod o. */
static uint64_t crt(const modulus *z, uint64_t two, uint64_t odd)
{
    if (z->odd_part == 1)
        return two;
    uint64_t o = z->odd_part;
    uint64_t t = (odd % o + o - two % o) % o * z->two_inverse % o;
    return two + z->two_part * t;
}

/* y^-1 mod 2^32 for odd y: (3y) XOR 2 is right to 5 bits, and each Newton step doubles them. */
static uint32_t odd_inverse(uint32_t y)
{
    uint32_t x = (3 * y) ^ 2;
    x *= 2 - y * x;
    x *= 2 - y * x;
    x *= 2 - y * x;
    return x;
}

/* The 2-adic valuation of a 2-part (e for 0). */
static unsigned valuation(const modulus *z, uint64_t two)
{
    return two == 0 ? z->e : (unsigned)__builtin_ctzll(two);
}

/* An element of Z_m as its parts mod 2^e and mod o (Chinese remainders): G acts on them
 * without a division (u multiplies the 2-part only), and two * o + odd orders them. */
typedef struct parts {
    uint32_t two, odd;
} parts;

static void sort_small(uint32_t *x, unsigned count)
{
    for (unsigned i = 1; i < count; i++)
        for (unsigned j = i; j > 0 && x[j - 1] > x[j]; j--) {
            uint32_t t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
}

/* Compares a candidate image with the best so far: -1 smaller, 0 equal, 1 larger. */
static int compare_images(const uint32_t *left, const uint32_t *right, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        if (left[i] != right[i])
            return left[i] < right[i] ? -1 : 1;
    return 0;
}

/* best = the image (unsorted: `image[0]` is 0, the shifted p), or counts a tie (`weight` maps
 * each).  Images all hold 0 once, so one whose least nonzero element exceeds best[1] is larger
 * without being sorted. */
static void offer(uint32_t *best, uint64_t *stabiliser, int *have, uint32_t *image, unsigned count,
                  uint64_t weight)
{
    if (*have && count > 1) {
        uint32_t least = image[1];
        for (unsigned i = 2; i < count; i++)
            least = image[i] < least ? image[i] : least;
        if (least > best[1])
            return;
    }
    sort_small(image, count);
    int order = *have ? compare_images(image, best, count) : -1;
    if (order < 0) {
        memcpy(best, image, count * sizeof *image);
        *stabiliser = weight;
        *have = 1;
    } else if (order == 0) {
        *stabiliser += weight;
    }
}

/* The least odd part of shifted[1..count-1] whose 2-part is `two`; UINT32_MAX when none is.  A
 * multiplier u sends the 2-parts of least valuation v, one of them (the pivot's) to 2^v and the
 * others above it, and keeps 0: an image's least nonzero element is the least odd part of the
 * 2-part 0, or, when no other element has it, 2^v o plus the least odd part of the pivot's. */
static uint32_t least_odd_of_class(const parts *shifted, unsigned count, uint32_t two)
{
    uint32_t least = UINT32_MAX;
    for (unsigned l = 1; l < count; l++)
        if (shifted[l].two == two && shifted[l].odd < least)
            least = shifted[l].odd;
    return least;
}

/* The canonical image of the set `set` (count distinct elements, as parts) under G, each
 * element packed as two * o + odd, and |Stab_G|. */
static void canonical(uint32_t *best, uint64_t *stabiliser, const modulus *z, const parts *set,
                      unsigned count)
{
    int have = 0;
    uint32_t mask = (uint32_t)(z->two_part - 1), o = (uint32_t)z->odd_part;
    uint32_t image[MAX_PROBES];
    parts shifted[MAX_PROBES];
    for (unsigned p = 0; p < count; p++) {
        unsigned least = z->e;
        for (unsigned i = 0, l = 0; i < count; i++) {   /* shifted[0] = p - p */
            unsigned at = i == p ? 0 : ++l;
            shifted[at].two = (set[i].two - set[p].two) & mask;
            shifted[at].odd = set[i].odd >= set[p].odd ? set[i].odd - set[p].odd
                                                       : set[i].odd + o - set[p].odd;
            unsigned v = valuation(z, shifted[at].two);
            least = v < least ? v : least;
        }
        if (least == z->e) {
            for (unsigned l = 0; l < count; l++)
                image[l] = shifted[l].two * o + shifted[l].odd;
            offer(best, stabiliser, &have, image, count, z->group_order);
            continue;
        }
        uint32_t seen[MAX_PROBES];
        unsigned pivots = 0;
        uint32_t fixed = least_odd_of_class(shifted, count, 0);   /* u moves none of these */
        if (have && fixed != UINT32_MAX && fixed > best[1])
            continue;   /* every multiplier's image is larger than the best */
        for (unsigned i = 1; i < count; i++) {
            uint32_t two = shifted[i].two;
            if (valuation(z, two) != least)
                continue;
            unsigned j = 0;
            while (j < pivots && seen[j] != two)
                j++;
            if (j < pivots)
                continue;
            seen[pivots++] = two;
            if (have && fixed == UINT32_MAX && (o << least) + least_odd_of_class(shifted, count, two) > best[1])
                continue;   /* its least nonzero element, the pivot's class sent to 2^least, is larger */
            uint32_t u = odd_inverse(two >> least) & mask;
            for (unsigned l = 0; l < count; l++)
                image[l] = ((u * shifted[l].two) & mask) * o + shifted[l].odd;
            offer(best, stabiliser, &have, image, count, UINT64_C(1) << least);
        }
    }
}

/* --- the table of orbits -------------------------------------------------------- */

typedef struct orbit {
    u128 expected;        /* T(O) m D: sum of orbit weight x cell weight */
    i128 meets;           /* q(O) |H| m^2 D */
    uint64_t stabiliser;  /* |Stab_G| */
    uint32_t size;
    uint32_t meets_known;
} orbit;

typedef struct orbit_table {
    orbit *orbits;
    uint32_t *elements;   /* MAX_PROBES a slot */
    uint64_t *slots;      /* the upper half of the image's hash, then index + 1; 0: empty */
    size_t count, capacity, slot_count;
} orbit_table;

static uint64_t hash_image(const uint32_t *image, unsigned count)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ count;
    for (unsigned i = 0; i < count; i++) {
        h = (h ^ image[i]) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 29);
}

static void *checked(void *pointer)
{
    if (pointer == NULL)
        abort();
    return pointer;
}

static void table_init(orbit_table *table)
{
    table->count = 0;
    table->capacity = 1024;
    table->slot_count = 4096;
    table->orbits = checked(malloc(table->capacity * sizeof *table->orbits));
    table->elements = checked(malloc(table->capacity * MAX_PROBES * sizeof *table->elements));
    table->slots = checked(calloc(table->slot_count, sizeof *table->slots));
}

static void table_clear(orbit_table *table)
{
    free(table->orbits);
    free(table->elements);
    free(table->slots);
}

static int same_image(const uint32_t *left, const uint32_t *right, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        if (left[i] != right[i])
            return 0;
    return 1;
}

static size_t find_slot(const orbit_table *table, const uint32_t *image, unsigned count, uint64_t hash)
{
    size_t slot = (size_t)hash & (table->slot_count - 1);
    uint64_t tag = hash & ~(uint64_t)UINT32_MAX;
    while (table->slots[slot] != 0) {
        uint64_t entry = table->slots[slot];
        size_t index = (size_t)(entry & UINT32_MAX) - 1;
        if ((entry & ~(uint64_t)UINT32_MAX) == tag && table->orbits[index].size == count
            && same_image(&table->elements[index * MAX_PROBES], image, count))
            return slot;
        slot = (slot + 1) & (table->slot_count - 1);
    }
    return slot;
}

static void table_grow(orbit_table *table)
{
    uint64_t *old = table->slots;
    size_t old_count = table->slot_count;
    table->slot_count *= 2;
    table->slots = checked(calloc(table->slot_count, sizeof *table->slots));
    for (size_t i = 0; i < old_count; i++) {
        if (old[i] == 0)
            continue;
        size_t index = (size_t)(old[i] & UINT32_MAX) - 1;
        const uint32_t *image = &table->elements[index * MAX_PROBES];
        size_t slot = find_slot(table, image, table->orbits[index].size,
                                hash_image(image, table->orbits[index].size));
        table->slots[slot] = old[i];
    }
    free(old);
}

/* The index of the orbit of `image`, added (with its stabiliser) when new. */
static uint32_t table_index(orbit_table *table, const uint32_t *image, unsigned count, uint64_t stabiliser)
{
    uint64_t hash = hash_image(image, count);
    size_t slot = find_slot(table, image, count, hash);
    if (table->slots[slot] != 0)
        return (uint32_t)(table->slots[slot] & UINT32_MAX) - 1;
    if (table->count == table->capacity) {
        table->capacity *= 2;
        table->orbits = checked(realloc(table->orbits, table->capacity * sizeof *table->orbits));
        table->elements = checked(realloc(table->elements,
                                          table->capacity * MAX_PROBES * sizeof *table->elements));
    }
    size_t index = table->count++;
    table->orbits[index] = (orbit){ 0, 0, stabiliser, count, 0 };
    memcpy(&table->elements[index * MAX_PROBES], image, count * sizeof *image);
    table->slots[slot] = (hash & ~(uint64_t)UINT32_MAX) | (uint64_t)(index + 1);
    if (2 * table->count > table->slot_count)
        table_grow(table);
    return (uint32_t)index;
}

/* --- the mixture: patterns, orbits, distinct q -------------------------------- */

/* The distinct values of q (numerators over |H| m^2 D) and their coefficients (over m D). */
typedef struct term {
    i128 meets;
    i128 coefficient;
} term;

typedef struct mixture {
    uint64_t m;
    unsigned long k;
    term *terms;
    size_t term_count;
    mpz_t expected_denominator;   /* m D */
    mpz_t meets_denominator;      /* |H| m^2 D */
} mixture;

/* The b representatives: 2-part 2^s (s < e) or 0, any odd part; weight the H-orbit's size. */
static size_t representative_count(const modulus *z)
{
    return (size_t)(z->e + 1) * z->odd_part;
}

static void representative(uint64_t *b, uint64_t *weight, const modulus *z, size_t index)
{
    unsigned s = (unsigned)(index / z->odd_part);
    uint64_t odd = index % z->odd_part;
    uint64_t two = s < z->e ? UINT64_C(1) << s : 0;
    *weight = s < z->e ? UINT64_C(1) << (z->e - s - 1) : 1;
    *b = crt(z, two, odd);
}

/* S(b, c): its distinct elements (in parts), in probe order when the k probes are distinct
 * (*by_probe = 1), else sorted; returns their count. */
static unsigned pattern(parts *set, int *by_probe, const modulus *z, uint64_t b, const cell *c,
                        unsigned long k)
{
    uint32_t residues[MAX_PROBES], sorted[MAX_PROBES];
    for (unsigned long i = 0; i < k; i++) {
        uint64_t x = (i * b % z->m + z->m - z->remainder * c->carries[i] % z->m) % z->m;
        residues[i] = sorted[i] = (uint32_t)x;
    }
    sort_small(sorted, (unsigned)k);
    unsigned distinct = 0;
    for (unsigned i = 0; i < k; i++)
        if (distinct == 0 || sorted[distinct - 1] != sorted[i])
            sorted[distinct++] = sorted[i];
    *by_probe = distinct == k;
    const uint32_t *order = *by_probe ? residues : sorted;
    for (unsigned i = 0; i < distinct; i++) {
        set[i].two = (uint32_t)(order[i] & (z->two_part - 1));
        set[i].odd = (uint32_t)(order[i] % z->odd_part);
    }
    return distinct;
}

static int compare_terms(const void *left, const void *right)
{
    i128 a = ((const term *)left)->meets, b = ((const term *)right)->meets;
    return a < b ? -1 : a > b;
}

static void set_mpz_i128(mpz_ptr rop, i128 value)
{
    u128 magnitude = value < 0 ? -(u128)value : (u128)value;
    mpz_set_ui(rop, (unsigned long)(uint64_t)(magnitude >> 64));
    mpz_mul_2exp(rop, rop, 64);
    mpz_add_ui(rop, rop, (unsigned long)(uint64_t)magnitude);
    if (value < 0)
        mpz_neg(rop, rop);
}

/*
 * Orbits already found for one b: a subset of probes I of a pattern without collisions is,
 * up to translation, { (i - i0) b - R (w_i - w_i0) : i in I } (i0 = min I), so cells with the
 * same carry differences on I give the same orbit, and so does every translate I + t of I
 * (the same offsets i - i0) with the same differences.  For each shape (I shifted to start
 * at probe 0, a mask with bit 0 set), the differences seen (4 bits a probe:
 * w_i - w_i0 <= i - i0 <= 15) and their orbits: at most one for each cell and translate,
 * k - top(shape) translates, so the shapes' lists hold as many entries as the masks'.
 */
typedef struct orbit_memo {
    uint64_t *keys;
    uint32_t *orbits;
    uint32_t *counts;     /* by shape */
    size_t *start;        /* by shape: the first entry of its list */
} orbit_memo;

/* The memo of k probes and `cell_count` cells, its lists empty. */
static void memo_init(orbit_memo *memo, unsigned long k, size_t cell_count)
{
    size_t stride = (size_t)1 << k, entries = 0;
    memo->start = checked(malloc(stride * sizeof *memo->start));
    for (uint32_t shape = 1; shape < stride; shape += 2) {
        memo->start[shape] = entries;
        entries += cell_count * (k - (31 - (unsigned)__builtin_clz(shape)));
    }
    memo->keys = checked(malloc(entries * sizeof *memo->keys));
    memo->orbits = checked(malloc(entries * sizeof *memo->orbits));
    memo->counts = checked(calloc(stride, sizeof *memo->counts));
}

static void memo_clear(orbit_memo *memo)
{
    free(memo->keys);
    free(memo->orbits);
    free(memo->counts);
    free(memo->start);
}

/* The orbit of subset `mask` of `set` (count elements), canonicalised and entered. */
static uint32_t orbit_of_subset(orbit_table *table, const modulus *z, const parts *set, uint32_t mask,
                                unsigned count)
{
    parts subset[MAX_PROBES];
    uint32_t image[MAX_PROBES];
    unsigned size = 0;
    for (unsigned i = 0; i < count; i++)
        if (mask >> i & 1)
            subset[size++] = set[i];
    uint64_t stabiliser = 0;
    canonical(image, &stabiliser, z, subset, size);
    return table_index(table, image, size, stabiliser);
}

/* The orbit of probe subset `mask` whose carry differences are `key`, from the memo or new. */
static uint32_t remembered_orbit(orbit_memo *memo, orbit_table *table, const modulus *z,
                                 const parts *set, uint32_t mask, unsigned count, uint64_t key)
{
    uint32_t shape = mask >> __builtin_ctz(mask);
    uint64_t *keys = &memo->keys[memo->start[shape]];
    uint32_t *orbits = &memo->orbits[memo->start[shape]];
    for (uint32_t i = 0; i < memo->counts[shape]; i++)
        if (keys[i] == key)
            return orbits[i];
    uint32_t found = orbit_of_subset(table, z, set, mask, count);
    keys[memo->counts[shape]] = key;
    orbits[memo->counts[shape]++] = found;
    return found;
}

/* Phase 1: T(O) over every representative pattern's subsets; `seen` their orbit indices,
 * `creates` 1 for the patterns where an orbit is first met. */
static void count_subsets(orbit_table *table, uint32_t *seen, uint8_t *creates, const modulus *z,
                          const cells *cut, unsigned long k)
{
    size_t reps = representative_count(z), stride = (size_t)1 << k;
    orbit_memo memo;
    memo_init(&memo, k, cut->count);
    uint64_t *key = checked(malloc(stride * sizeof *key));
    for (size_t r = 0; r < reps; r++) {
        uint64_t b, weight;
        representative(&b, &weight, z, r);
        memset(memo.counts, 0, stride * sizeof *memo.counts);
        for (size_t c = 0; c < cut->count; c++) {
            const cell *piece = &cut->list[c];
            parts set[MAX_PROBES];
            int by_probe = 0;
            unsigned count = pattern(set, &by_probe, z, b, piece, k);
            uint32_t *indices = &seen[(r * cut->count + c) * stride];
            u128 mass = (u128)weight * piece->weight;
            size_t known = table->count;
            for (uint32_t mask = 1; mask < (UINT32_C(1) << count); mask++) {
                uint32_t index;
                if (by_probe) {
                    unsigned top = 31 - (unsigned)__builtin_clz(mask), low = (unsigned)__builtin_ctz(mask);
                    uint32_t rest = mask ^ (UINT32_C(1) << top);
                    key[mask] = rest == 0 ? 0
                              : key[rest] | (uint64_t)(piece->carries[top] - piece->carries[low])
                                                << (4 * (top - low - 1));
                    index = remembered_orbit(&memo, table, z, set, mask, count, key[mask]);
                } else {
                    index = orbit_of_subset(table, z, set, mask, count);
                }
                table->orbits[index].expected += mass;
                indices[mask] = index;
            }
            creates[r * cut->count + c] = table->count > known;
        }
    }
    free(key);
    memo_clear(&memo);
}

/* Phase 2: q(O) |H| m^2 D for every orbit, by a subset transform over the pattern where it is
 * first met (the same order as phase 1): the others, about half, hold only orbits already known. */
static void meeting_probabilities(orbit_table *table, const uint32_t *seen, const uint8_t *creates,
                                  const modulus *z, const cells *cut, unsigned long k)
{
    size_t reps = representative_count(z), stride = (size_t)1 << k;
    i128 *sum = checked(malloc(stride * sizeof *sum));
    for (size_t r = 0; r < reps; r++) {
        uint64_t b, weight;
        representative(&b, &weight, z, r);
        for (size_t c = 0; c < cut->count; c++) {
            if (!creates[r * cut->count + c])
                continue;
            parts set[MAX_PROBES];
            int by_probe = 0;
            unsigned count = pattern(set, &by_probe, z, b, &cut->list[c], k);
            const uint32_t *indices = &seen[(r * cut->count + c) * stride];
            uint32_t full = UINT32_C(1) << count;
            sum[0] = 0;
            for (uint32_t mask = 1; mask < full; mask++) {
                const orbit *o = &table->orbits[indices[mask]];
                i128 inside = (i128)(o->expected * o->stabiliser);   /* P(V in pattern) |H| m^2 D */
                sum[mask] = (__builtin_popcount(mask) & 1) ? inside : -inside;
            }
            for (unsigned bit = 0; bit < count; bit++)
                for (uint32_t mask = 0; mask < full; mask++)
                    if (mask >> bit & 1)
                        sum[mask] += sum[mask ^ (UINT32_C(1) << bit)];
            for (uint32_t mask = 1; mask < full; mask++) {
                orbit *o = &table->orbits[indices[mask]];
                if (!o->meets_known) {
                    o->meets = sum[mask];
                    o->meets_known = 1;
                }
            }
        }
    }
    free(sum);
}

/* The slot of q in an open-addressing table of `mask` + 1 slots (index + 1 of its term; 0:
 * empty): where it is, or the empty slot where it goes. */
static size_t term_slot(const uint32_t *slots, size_t mask, const term *terms, i128 meets)
{
    uint64_t h = ((uint64_t)((u128)meets >> 64) ^ (uint64_t)meets) * 0x9e3779b97f4a7c15ULL;
    size_t slot = (size_t)(h ^ (h >> 29)) & mask;
    while (slots[slot] != 0 && terms[slots[slot] - 1].meets != meets)
        slot = (slot + 1) & mask;
    return slot;
}

/* The terms (q, coefficient) merged over equal q (by a hash of q: the orbits are about 20 a
 * distinct q) and sorted by q. */
static void collect_terms(mixture *rop, const orbit_table *table)
{
    term *terms = checked(malloc((table->count + 1) * sizeof *terms));
    size_t slot_count = 2;
    while (slot_count < 2 * table->count)
        slot_count *= 2;
    uint32_t *slots = checked(calloc(slot_count, sizeof *slots));
    size_t merged = 0;
    for (size_t i = 0; i < table->count; i++) {
        const orbit *o = &table->orbits[i];
        i128 coefficient = (o->size & 1) ? -(i128)o->expected : (i128)o->expected;
        size_t slot = term_slot(slots, slot_count - 1, terms, o->meets);
        if (slots[slot] != 0) {
            terms[slots[slot] - 1].coefficient += coefficient;
        } else {
            terms[merged] = (term){ o->meets, coefficient };
            slots[slot] = (uint32_t)++merged;
        }
    }
    free(slots);
    qsort(terms, merged, sizeof *terms, compare_terms);
    rop->terms = terms;
    rop->term_count = merged;
}

/* log2 of an upper bound of a value. */
static unsigned bits_of(uint64_t x)
{
    unsigned bits = 0;
    while (x != 0) {
        bits++;
        x >>= 1;
    }
    return bits;
}

/* Nonzero when the mixture of (m, k) is within the limits: sizes, 128-bit counts, and the
 * model's size limit on its probe subsets. */
static int within_limits(const modulus *z, const cells *cut, unsigned long k)
{
    /* Z = sum of up to 2^k terms of at most |H| m^2 D each */
    unsigned bits = (z->e - 1) + 2 * bits_of(z->m) + bits_of(cut->denominator) + (unsigned)k + 2;
    double size = (double)representative_count(z) * (double)cut->count * (double)((size_t)1 << k);
    return bits <= 126 && size <= BLOOM_GUAVA_MODEL_SIZE_LIMIT;
}

static int shape_accepted(mpz_srcptr m, unsigned long k)
{
    return k >= 1 && k <= BLOOM_GUAVA_MODEL_MAX_HASHES && mpz_sgn(m) > 0 && mpz_sizeinbase(m, 2) <= 32
        && mpz_divisible_ui_p(m, 64);
}

int bloom_guava_model_applies(mpz_srcptr m, unsigned long k)
{
    if (!shape_accepted(m, k))
        return 0;
    modulus z;
    modulus_init(&z, mpz_get_ui(m));
    cells cut;
    if (cells_of(&cut, k) != 0)
        return 0;
    int applies = within_limits(&z, &cut, k);
    free(cut.list);
    return applies;
}

static void mixture_clear(mixture *rop)
{
    free(rop->terms);
    mpz_clear(rop->expected_denominator);
    mpz_clear(rop->meets_denominator);
}

static int mixture_init(mixture *rop, uint64_t m, unsigned long k)
{
    modulus z;
    modulus_init(&z, m);
    cells cut;
    if (cells_of(&cut, k) != 0)
        return BLOOM_UNDEFINED;
    if (!within_limits(&z, &cut, k)) {
        free(cut.list);
        return BLOOM_UNDEFINED;
    }
    size_t stride = (size_t)1 << k;
    uint32_t *seen = checked(malloc(representative_count(&z) * cut.count * stride * sizeof *seen));
    orbit_table table;
    table_init(&table);
    uint8_t *creates = checked(malloc(representative_count(&z) * cut.count));
    count_subsets(&table, seen, creates, &z, &cut, k);
    meeting_probabilities(&table, seen, creates, &z, &cut, k);
    free(creates);
    rop->m = m;
    rop->k = k;
    collect_terms(rop, &table);
    mpz_init_set_ui(rop->expected_denominator, (unsigned long)m);
    mpz_mul_ui(rop->expected_denominator, rop->expected_denominator, (unsigned long)cut.denominator);
    mpz_init(rop->meets_denominator);
    mpz_mul_ui(rop->meets_denominator, rop->expected_denominator, (unsigned long)m);
    mpz_mul_ui(rop->meets_denominator, rop->meets_denominator, (unsigned long)z.group_order);
    table_clear(&table);
    free(seen);
    free(cut.list);
    return BLOOM_OK;
}

/* The mixtures of the last KEPT_MIXTURES (m, k) asked for (an LSM tree's levels, a table's
 * rows), replaced oldest first; each thread keeps its own, so that threads never share one. */
#define KEPT_MIXTURES 4
static _Thread_local mixture kept[KEPT_MIXTURES];
static _Thread_local int kept_valid[KEPT_MIXTURES];
static _Thread_local size_t kept_oldest;

static const mixture *mixture_of(uint64_t m, unsigned long k)
{
    for (size_t i = 0; i < KEPT_MIXTURES; i++)
        if (kept_valid[i] && kept[i].m == m && kept[i].k == k)
            return &kept[i];
    size_t slot = kept_oldest;
    kept_oldest = (kept_oldest + 1) % KEPT_MIXTURES;
    if (kept_valid[slot])
        mixture_clear(&kept[slot]);
    kept_valid[slot] = mixture_init(&kept[slot], m, k) == BLOOM_OK;
    return kept_valid[slot] ? &kept[slot] : NULL;
}

/*
 * A quick enclosure of the rate in binary64 (round to nearest), for the first question about
 * an n: a search's comparison with a bound needs a few correct bits, not the 2k + 24 guard bits
 * of sum_terms, and the ten or so roundings of a power cost far less in doubles than in MPFI.
 * Each double operation is exact up to a factor (1 + d), |d| <= u = 2^-53 (no operand here
 * underflows or overflows: powers are kept as a mantissa in [1/2, 1) and a separate exponent).
 * Counting these factors (Higham, "Accuracy and stability of numerical algorithms", 3.1): a
 * 128-bit integer converts with at most 3, so the base (1 - q) = (den - meets) / den carries 7
 * and the square at level j of the power 8 2^j - 1; the power then carries at most 8n + 64, a
 * term c (1 - q)^n at most N = 8n + 70, and the recursive sum of T terms adds T - 1.  A product
 * of F such factors is 1 + t with |t| <= F u / (1 - F u), below 2 F u while F u < 1/2, so
 *
 *     |computed sum - sum| <= 2 (T + N) u A (1 + 2 (T + N) u) <= (T + N + 1) 2^-51 A',
 *
 * A' the computed sum of the terms' magnitudes (within a factor 1 +- 2 T u of the true one).
 * A term whose power falls below 2^-1000 is left out and its magnitude bound |c| 2^-999 added
 * to the error instead.  n <= 2^26 keeps (T + N) u below 2^-20, far from 1/2; a larger n
 * gets the MPFI sum.  The result is certified either way: a bound too wide to decide a
 * question only sends the caller's refinement on to sum_terms.
 */
#define QUICK_MAX_KEYS (UINT64_C(1) << 26)

static double double_of_u128(u128 value)
{
    return (double)(uint64_t)(value >> 64) * 0x1p64 + (double)(uint64_t)value;
}

static double double_of_i128(i128 value)
{
    double magnitude = double_of_u128(value < 0 ? -(u128)value : (u128)value);
    return value < 0 ? -magnitude : magnitude;
}

/* base^n as mantissa (returned, in [1/2, 1)) times 2^*exponent; base in (0, 1]. */
static double power_of(int64_t *exponent, double base, uint64_t n)
{
    int e;
    double square = frexp(base, &e), result = 1;
    int64_t square_exponent = e, result_exponent = 0;
    while (n > 0) {
        if (n & 1) {
            result = frexp(result * square, &e);
            result_exponent += square_exponent + e;
        }
        n >>= 1;
        if (n > 0) {
            square = frexp(square * square, &e);
            square_exponent = 2 * square_exponent + e;
        }
    }
    *exponent = result_exponent;
    return result;
}

/* 1 and `rop` = the quick enclosure when n is small enough for it, else 0. */
static int quick_sum(mpfi_ptr rop, const mixture *mix, mpz_srcptr n)
{
    /* the denominator is read as two 64-bit limbs: other limb widths take the exact sum */
    if (GMP_LIMB_BITS != 64 || mpz_cmp_ui(n, QUICK_MAX_KEYS) > 0
        || mpz_sizeinbase(mix->meets_denominator, 2) > 127)
        return 0;
    uint64_t keys = mpz_get_ui(n);
    u128 denominator = (u128)mpz_getlimbn(mix->meets_denominator, 1) << 64
                     | mpz_getlimbn(mix->meets_denominator, 0);
    double den = double_of_u128(denominator), sum = 0, magnitudes = 0, dropped = 0;
    for (size_t i = 0; i < mix->term_count; i++) {
        const term *t = &mix->terms[i];
        double coefficient = double_of_i128(t->coefficient);
        if (t->meets < 0 || (u128)t->meets > denominator)
            return 0;   /* not a probability: left to sum_terms */
        if (t->coefficient == 0 || (u128)t->meets == denominator)
            continue;   /* no contribution: (1 - q)^n is 0 for q = 1 */
        int64_t exponent;
        double power = power_of(&exponent, double_of_u128(denominator - (u128)t->meets) / den, keys);
        if (exponent < -1000) {
            dropped += ldexp(fabs(coefficient), -999);
            continue;
        }
        double value = coefficient * ldexp(power, (int)exponent);
        sum += value;
        magnitudes += fabs(value);
    }
    double factors = (double)mix->term_count + 8.0 * (double)keys + 71;
    double error = (factors * 0x1p-51 * magnitudes + 2 * dropped) * (1 + 0x1p-40);
    mpfi_t enclosure, spread;
    mpfi_init2(enclosure, 64);
    mpfi_init2(spread, 64);
    mpfi_set_d(enclosure, sum);
    mpfi_interv_d(spread, -error, error);
    mpfi_add(enclosure, enclosure, spread);
    mpfi_div_z(enclosure, enclosure, mix->expected_denominator);
    mpfi_add_ui(enclosure, enclosure, 1);
    bloom_interval_probability(rop, enclosure);
    mpfi_clear(enclosure);
    mpfi_clear(spread);
    return 1;
}

/* rate = 1 + sum over the terms of coefficient (1 - q)^n / (m D), at `precision` bits: the
 * coefficients add up to at most 2^k in magnitude, so 2k + 24 guard bits cover the
 * cancellation of a rate above 2^-(k+24); a larger loss only widens the enclosure (certified
 * either way) and the caller's refinement raises the precision. */
static void sum_terms(mpfi_ptr rop, const mixture *mix, mpz_srcptr n)
{
    mpfr_prec_t precision = mpfi_get_prec(rop) + 24 + 2 * (mpfr_prec_t)mix->k;
    mpfi_t sum, power;
    mpfi_init2(sum, precision);
    mpfi_init2(power, precision);
    mpz_t meets, coefficient;
    mpz_inits(meets, coefficient, (mpz_ptr)0);
    mpfi_set_ui(sum, 0);
    for (size_t i = 0; i < mix->term_count; i++) {
        if (mix->terms[i].coefficient == 0)
            continue;
        set_mpz_i128(meets, mix->terms[i].meets);
        set_mpz_i128(coefficient, mix->terms[i].coefficient);
        bloom_interval_one_minus_ratio_pow(power, meets, mix->meets_denominator, n);
        mpfi_mul_z(power, power, coefficient);
        mpfi_add(sum, sum, power);
    }
    mpfi_div_z(sum, sum, mix->expected_denominator);
    mpfi_add_ui(sum, sum, 1);
    bloom_interval_probability(rop, sum);
    mpz_clears(meets, coefficient, (mpz_ptr)0);
    mpfi_clear(sum);
    mpfi_clear(power);
}

/* The precisions answered by quick_sum: a comparison's first try.  A refinement asks for
 * more and gets sum_terms. */
#define QUICK_ASKED_BITS 96

/* 1 and result = the quick enclosure of the rate, kept (apart from the MPFI sums: its
 * precision says nothing of its width) or computed; 0 where quick_sum does not apply. */
static int quick_rate(mpfi_ptr result, const mixture *mix, const bloom_fpr_arguments *filter)
{
    mpfi_t rate;
    mpfi_init2(rate, 53);
    mpfr_prec_t kept_precision = 0;
    int found = bloom_rate_cache_find(rate, &kept_precision, BLOOM_RATE_GUAVA_QUICK, filter);
    if (!found && quick_sum(rate, mix, filter->n)) {
        bloom_rate_cache_keep(rate, BLOOM_RATE_GUAVA_QUICK, filter);
        found = 1;
    }
    if (found)
        mpfi_set(result, rate);
    mpfi_clear(rate);
    return found;
}

int bloom_enclose_fpr_guava(mpfi_ptr result, const void *arguments)
{
    const bloom_fpr_arguments *filter = arguments;
    if (filter->query_probes != 0 && filter->query_probes != filter->k)
        return BLOOM_UNDEFINED;
    if (mpz_sgn(filter->n) < 0 || !bloom_guava_model_applies(filter->m, filter->k))
        return BLOOM_UNDEFINED;
    /* A command asks for the same rate several times (each field, the warning, the searches'
     * endpoints, each at growing precision): rate_cache.h. */
    mpfr_prec_t kept_precision = 0;
    if (bloom_rate_cache_find(result, &kept_precision, BLOOM_RATE_GUAVA, filter))
        return BLOOM_OK;
    const mixture *mix = mixture_of(mpz_get_ui(filter->m), filter->k);
    if (mix == NULL)
        return BLOOM_UNDEFINED;
    if (mpfi_get_prec(result) <= QUICK_ASKED_BITS && quick_rate(result, mix, filter))
        return BLOOM_OK;
    mpfi_t rate;
    mpfi_init2(rate, bloom_rate_cache_precision(mpfi_get_prec(result), kept_precision));
    sum_terms(rate, mix, filter->n);
    bloom_rate_cache_keep(rate, BLOOM_RATE_GUAVA, filter);
    mpfi_set(result, rate);
    mpfi_clear(rate);
    return BLOOM_OK;
}

void bloom_guava_free_cache(void)
{
    for (size_t i = 0; i < KEPT_MIXTURES; i++)
        if (kept_valid[i]) {
            mixture_clear(&kept[i]);
            kept_valid[i] = 0;
        }
}

int bloom_guava_discretisation_bound(mpq_ptr rop, mpz_srcptr m, mpz_srcptr n, unsigned long k)
{
    if (!bloom_guava_model_applies(m, k))
        return BLOOM_UNDEFINED;
    cells cut;
    if (cells_of(&cut, k) != 0)
        return BLOOM_UNDEFINED;
    mpz_ptr numerator = mpq_numref(rop);
    mpz_add_ui(numerator, n, 1);
    mpz_mul_ui(numerator, numerator, 2 * (unsigned long)cut.count);
    mpz_mul(numerator, numerator, m);
    mpz_set_ui(mpq_denref(rop), 1);
    mpz_mul_2exp(mpq_denref(rop), mpq_denref(rop), 63);
    mpq_canonicalize(rop);
    free(cut.list);
    return BLOOM_OK;
}

/*
 * memory_fields.c - a filter's memory as output fields (memory_fields.h).
 * The total of n keys at a real number of bits per key is the certified
 * ceiling of the product (certified.h: the enclosure is refined until the
 * ceiling is decided); bytes, GB and GiB follow exactly (sizing.h).
 */
#include "memory_fields.h"
#include "sizing.h"

const bloom_memory_labels bloom_filter_memory_labels = { "total bits m", "memory", "memory (SI)", "memory (IEC)" };

/* gigabytes and gibibytes for `bytes`, under `labels`. */
static void put_memory_units(bloom_fields *fields, mpz_srcptr bytes, const bloom_memory_labels *labels)
{
    mpq_t gigabytes, gibibytes;
    mpq_inits(gigabytes, gibibytes, (mpq_ptr)0);
    bloom_memory_units(gigabytes, gibibytes, bytes);
    bloom_fields_rational(fields, "gigabytes", labels->gigabytes, "GB", gigabytes);
    bloom_fields_rational(fields, "gibibytes", labels->gibibytes, "GiB", gibibytes);
    mpq_clears(gigabytes, gibibytes, (mpq_ptr)0);
}

void bloom_fields_memory_units(bloom_fields *fields, mpz_srcptr bytes)
{
    put_memory_units(fields, bytes, &bloom_filter_memory_labels);
}

void bloom_fields_total_memory_labelled(bloom_fields *fields, mpz_srcptr n, const bloom_quantity *bits_per_key,
                                        const bloom_memory_labels *labels)
{
    mpq_t keys;
    mpz_t bits, bytes;
    mpq_init(keys);
    mpz_inits(bits, bytes, (mpz_ptr)0);
    mpq_set_z(keys, n);
    bloom_quantity_scaled product = { *bits_per_key, keys };
    bloom_quantity total = { bloom_enclose_scaled, &product, bloom_exact_scaled };
    int status = bloom_quantity_ceil(bits, &total, 0);
    if (status == BLOOM_OK) {
        bloom_bytes_for_bits(bytes, bits);
        bloom_fields_integer(fields, "m_bits", labels->bits, "bits", bits);
        bloom_fields_integer(fields, "bytes", labels->bytes, "bytes", bytes);
        put_memory_units(fields, bytes, labels);
    } else if (fields->status == BLOOM_OK) {
        fields->status = status;
    }
    mpq_clear(keys);
    mpz_clears(bits, bytes, (mpz_ptr)0);
}

void bloom_fields_total_memory(bloom_fields *fields, mpz_srcptr n, const bloom_quantity *bits_per_key)
{
    bloom_fields_total_memory_labelled(fields, n, bits_per_key, &bloom_filter_memory_labels);
}

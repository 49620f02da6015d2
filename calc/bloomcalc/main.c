/*
 * main.c - the bloomcalc command: dispatches to a subcommand.  All
 * arithmetic lives in the library (libbloomcalc); the subcommands only
 * parse arguments and print records.
 */
#include <stdio.h>

#include "commands.h"
#include "certified.h"
#include "version.h"
#include "fields.h"
#include "options.h"

static const char usage[] =
    "Usage: bloomcalc COMMAND [OPTIONS]\n"
    "\n"
    "Bloom filter sizing and false-positive rates, every printed digit certified.\n"
    "\n"
    "Commands:\n"
    "  plan N P        bits, memory, hash count, achieved rate and LSM read\n"
    "                  amplification for N keys at target rate P\n"
    "                  (or -n N -m M: best k for a memory budget; -m M -p P: capacity)\n"
    "  fpr -m M -n N -k K\n"
    "                  false-positive rate of a filter: exponential approximation,\n"
    "                  Bloom's formula and the exact rate, with relative errors\n"
    "  table           a grid of plans (lists and ranges of n, p, m, k, L) as CSV,\n"
    "                  JSON or a table, with the columns you name\n"
    "  converge        the three rates and the approximations' relative errors as m\n"
    "                  doubles at fixed bits per key and k, with the fitted slope\n"
    "  compare N P     what Guava, bits-and-blooms, Cassandra, RedisBloom, RocksDB and\n"
    "                  Parquet allocate for N keys at rate P, and the rate they get\n"
    "  lsm             filter memory of an LSM tree: uniform vs Monkey vs no filter on\n"
    "                  the last level, lookups that hit and miss\n"
    "  grow            a scalable Bloom filter: sub-filters, memory, compound rate\n"
    "  plot N P        the rate of the planned filter against the keys it holds, one\n"
    "                  curve per library if asked, as PNG, SVG or text (gnuplot)\n"
    "  structures P    bits per key of other filters (floor, cuckoo, xor, ribbon...)\n"
    "  audit PATH...   the filters of RocksDB and LevelDB table files as they are on\n"
    "                  disk: bytes, bits per key, k, and the rate their bits give\n"
    "  keys            every output key of bloomcalc and bloomsim, its unit and meaning\n"
    "\n"
    "Run 'bloomcalc COMMAND --help' for a command's options.\n"
    "Options: -h, --help (this text); -V, --version (the version line)\n"
    "\n"
    "Input:\n"
    "Numbers: 1000, 1e9, 2.5E6, 1_000_000, 1,000,000 (groups of three, in lists\n"
    "too) or 2^33, each read as an exact rational, never through a double.  Rates:\n"
    "0.01, 1%, 0.1 %, 1e-2, 1/100, 1 in 1000 or 1:1000 (a ratio: one in a\n"
    "thousand).  Sizes (-m, --memory): a number with an optional unit, bytes (B, kB,\n"
    "MB, GB, TB, KiB, MiB, GiB, TiB) or bits (bit, kbit, Mbit, Gbit, Tbit, Kibit,\n"
    "Mibit, Gibit, Tibit); a bare number counts bits for -m and bytes for --memory;\n"
    "a spelling with two readings (Mb, KB, G, b) is refused with both named.  A\n"
    "value and its unit are one argument (-m 2GB or -m '2 GB', 1% or '1 %').\n"
    "Limits: n and m from 1 to 2^64, p from 1e-30 to below 1, k from 1 to 100,\n"
    "--digits from 1 to 100, tables and lists up to 10 000 rows or items; a value\n"
    "beyond them is refused, never clamped, and so is a plan whose best hash count\n"
    "would pass 100 unless -k fixes k.\n"
    "\n"
    "Output:\n"
    "Every command takes --format table|csv|json and --digits D (significant\n"
    "digits of every number that is not whole, default 9).  Whole numbers (bits,\n"
    "bytes, keys) are exact and complete.  A rational is printed exactly when its\n"
    "decimal expansion fits in the digits, otherwise rounded to nearest; a real is\n"
    "enclosed in interval arithmetic and printed with D correctly rounded digits\n"
    "(Ziv's strategy).  Fixed notation for decimal exponents from -5 to D - 1,\n"
    "scientific otherwise.  CSV is RFC 4180 with LF line ends (--crlf: CRLF), a\n"
    "header row of keys and the header's fields in every record; JSON is one object\n"
    "(an array of objects for a table) whose numbers carry the digits asked for.\n"
    "'bloomcalc keys' lists every key with its unit and meaning (the manual's\n"
    "OUTPUT KEYS).  A write of standard output that fails is exit status 1; a reader\n"
    "that leaves early (| head) ends the program quietly, as any Unix filter.\n"
    "\n"
    "Exit status:\n"
    "  0    success\n"
    "  1    a result could not be certified to the digits asked for, or the output\n"
    "       could not be written\n"
    "  2    bad input (an option outside its range is refused, never clamped): one\n"
    "       line on stderr names the argument and the accepted forms, and nothing\n"
    "       is printed on stdout\n";

static const bloom_subcommand commands[] = {
    { "plan", bloomcalc_plan },
    { "fpr", bloomcalc_fpr },
    { "table", bloomcalc_table },
    { "converge", bloomcalc_converge },
    { "compare", bloomcalc_compare },
    { "lsm", bloomcalc_lsm },
    { "grow", bloomcalc_grow },
    { "structures", bloomcalc_structures },
    { "keys", bloomcalc_keys },
    { "audit", bloomcalc_audit },
    { "plot", bloomcalc_plot },
};

int bloomcalc_emit(struct bloom_fields *fields, int format, const struct bloom_command_line *line)
{
    if (fields->status == BLOOM_OK)
        bloom_write_record(stdout, &fields->record, (bloom_format)format);
    int status = bloom_results_exit(line, fields->status);
    bloom_fields_clear(fields);
    return status;
}

int main(int argc, char **argv)
{
    char version[128];
    snprintf(version, sizeof version, "bloomcalc %s (GMP %s, MPFR %s, MPFI %s)", bloomcalc_get_version(),
             gmp_version, mpfr_get_version(), mpfi_get_version());
    bloom_program program = { "bloomcalc", usage, version, commands,
                              sizeof commands / sizeof commands[0], NULL };
    int status = bloom_program_run(&program, argc, argv);
    mpfr_free_cache();
    return status;
}

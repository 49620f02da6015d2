/*
 * columns.h - choosing and ordering the fields of records by key (--columns).
 */
#ifndef BLOOMCALC_COLUMNS_H
#define BLOOMCALC_COLUMNS_H

#include "options.h"
#include "output.h"

/*
 * The --columns list as a list: names separated by single commas, none
 * empty (so "n," and "n,,p" are both refused) and none twice (a JSON
 * object has no duplicate names, a CSV header no repeated column).
 * columns NULL is accepted.  Returns BLOOM_EXIT_SUCCESS, or
 * BLOOM_EXIT_USAGE after one line on stderr.
 */
int bloom_columns_check(const char *columns, const bloom_command_line *line);

/*
 * Moves the fields named in `columns` (all if NULL) from `full` into
 * `row`, in that order.  A column kilobytes, megabytes, terabytes,
 * kibibytes, mebibytes or tebibytes is full's bytes in that unit, exact or
 * rounded to `digits` (numbers.h).  Returns the first unknown column name
 * (static storage), or NULL.
 */
const char *bloom_columns_select(bloom_record *row, bloom_record *full, const char *columns,
                                 unsigned digits);

#endif

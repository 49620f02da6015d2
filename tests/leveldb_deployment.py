"""leveldb_deployment.py N ENTRY BLOCK FILE BITS_PER_KEY - LevelDB 1.23's filter blocks for N keys,
by running its builders' logic entry by entry, a second implementation of calc/src/deployment.c's
closed forms (calc/FORMULAS.md §r.1), written from table/table_builder.cc (Add, Flush, Finish),
table/block_builder.cc (Add, CurrentSizeEstimate: 16 entries a restart point),
table/filter_block.cc (StartBlock, GenerateFilter, Finish: a filter per 2 KiB of table offset,
4 bytes of offset each, 4 + 1 bytes of trailer) and util/bloom.cc (a filter of n keys is
max(64, n bits_per_key) bits in whole bytes plus one byte for k); a table ends once its flushed
blocks reach FILE bytes (db/db_impl.cc, DoCompactionWork), entries of ENTRY bytes as a block
stores them, no compression.  Prints "filters keys_per_filter keys_last_filter filters_empty
tables bytes_filter_index bytes_total"."""
import sys

FILTER_BASE, RESTART_INTERVAL, BLOCK_TRAILER = 2048, 16, 5


def simulate(n, entry, block, file_size, bits_per_key):
    filters, empty, tables, index, total = [], 0, 0, 0, 0
    remaining = n
    while remaining > 0:
        tables += 1
        offsets, pending, offset = 0, 0, 0
        buffer, restarts, counter = 0, 1, 0

        def generate():
            nonlocal pending, offsets, empty, total
            offsets += 1
            if pending == 0:
                empty += 1
            else:
                filters.append(pending)
                total += (max(64, pending * bits_per_key) + 7) // 8 + 1
            pending = 0

        def flush():
            nonlocal offset, buffer, restarts, counter
            if buffer == 0:
                return
            offset += buffer + 4 * restarts + 4 + BLOCK_TRAILER
            buffer, restarts, counter = 0, 1, 0
            while offset // FILTER_BASE > offsets:     # StartBlock(offset)
                generate()

        while remaining > 0:
            pending += 1                               # FilterBlockBuilder::AddKey
            remaining -= 1
            if counter >= RESTART_INTERVAL:            # BlockBuilder::Add
                restarts += 1
                counter = 0
            buffer += entry
            counter += 1
            if buffer + 4 * restarts + 4 >= block:
                flush()
            if offset >= file_size:                    # the compaction finishes the table
                break
        flush()                                        # TableBuilder::Finish
        if pending:
            generate()                                 # FilterBlockBuilder::Finish
        index += 4 * offsets + 5
    per_filter = filters[0]
    assert all(keys == per_filter for keys in filters[:-1])
    return len(filters), per_filter, filters[-1], empty, tables, index, total + index


print(*simulate(*(int(argument) for argument in sys.argv[1:6])))

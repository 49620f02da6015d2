#!/bin/bash
# tests/peers/database_checks.sh BUILD - the calculator against real
# databases, not single filters: part of "make check-peers"
# (tests/peers/run.sh sources it), and runnable alone (PEERS_INSTALL=0 skips
# the install) after "make BUILD/peers/peer_interval".  The databases are
# written under BUILD/peers/databases.
#   RocksDB (librocksdb-dev 7.8, tests/peers/rocksdb_tree_peer.cc), for each
#   policy of tree_policies: a database of 2e6 keys in small files, over a
#   hundred SSTs on three or four levels (three files on L0, then L2 and L3,
#   and L1 unless a compaction has just emptied it).
#     (a) every SST's filter_size (table properties) equals the bytes
#         "bloomcalc plan -n ENTRIES -c 10 --keys-per-filter ENTRIES" gives
#         one filter of that file's entries (bytes_per_filter: its lines and
#         RocksDB's 5 bytes of metadata), and its filter_policy_name is the
#         policy's;
#     (b) 1e6 absent Gets: the filters they consult (every L0 file whose key
#         range holds the key, one file a deeper level) number exactly
#         RocksDB's BLOOM_FILTER_USEFUL + BLOOM_FILTER_FULL_POSITIVE, and the
#         99.9 % interval of the false reads RocksDB counts (FULL_POSITIVE -
#         FULL_TRUE_POSITIVE) holds the predicted sum over the consults of the
#         consulted file's fpr_layout (FORMULAS.md §n, a real tree's false
#         reads).
#     (c) "bloomcalc audit" of the database's directory, which reads the SST
#         files themselves: every file's entries, filter_bytes and policy
#         equal RocksDB's table properties (num_entries, filter_size,
#         filter_policy_name); the 99.9 % interval of the false reads
#         RocksDB counts holds the sum over the consults of the consulted
#         file's fpr_bits (the rate of its bits, no model of its keys: no
#         spread between filters to add); so does, for each file below
#         level 0 alone, the interval of the false positives RocksDB's
#         per-level perf context counts for it (Bonferroni over the files),
#         and for level 0's files together; a copy of the files with a
#         byte flipped near one file's end and another file truncated is refused
#         (exit 2, one line naming a corrupted file) after the other files
#         are printed; every file's level, replayed from the MANIFEST,
#         equals GetLiveFilesMetaData's, and the lookups times the summary's
#         read_amp_miss (each file's fpr_bits by the share of the tree's key
#         range its keys span, from the MANIFEST) lies inside the interval
#         of the false reads.
#     (d) (c) again for a tree whose filters RocksDB sizes with
#         optimize_filters_for_memory on (policy "memory"), whose sizes no
#         rule of keys and bits per key gives, so only the audit can say what
#         they give: its files' fpr_bits must still predict the false reads.
#     (e) a tree of 1e6 keys with partitioned filters (policy "partitioned",
#         5e5 absent Gets): (c) again, each file's fpr_bits the mean of its
#         partitions'; every file's partitions (filter_size less the
#         top-level index) take at least the bytes_per_filter of "bloomcalc
#         plan -n ENTRIES -c 10 --keys-per-filter ENTRIES --partitioned",
#         and the false reads that plan predicts lie above RocksDB's
#         interval (its partitions end at a key, RocksDB's at a data block).
#   LevelDB (libleveldb-dev 1.23, "leveldb_peer database"): a database of 1e6
#   keys whose policy delegates to NewBloomFilterPolicy(10) and records what
#   it builds and answers.
#     (a) every filter built (flushes and compactions) has the bytes of
#         "bloomcalc plan -n KEYS -c 10 --library leveldb --keys-per-filter
#         KEYS" (bytes_per_filter: its bits and its k byte);
#     (b) 1e6 absent Gets: the rate of the filters they consult (a 99.9 %
#         interval with the filters as clusters) lies above the calculator's
#         independent-probe rate (the gap of FORMULAS.md §r, asserted so
#         that it stays measured), and, for the filters of the most common
#         key count, overlaps bloomsim's "--library leveldb" at that count.
#     (c) "bloomcalc audit" of its directory: every table file's entries and
#         filter bytes are those of the filters the policy built, and its
#         fpr_bits lie below the measured rate (the known gap of FORMULAS.md §r).
# Run alone, it closes with "check-peers databases: N passed, N failed".
set -uo pipefail
if ! declare -F pass >/dev/null; then
    . "$(dirname "$0")/standalone.sh" "${1:-build}" "librocksdb-dev libleveldb-dev g++" databases
    databases_alone=1
fi
databases="$out/databases"
mkdir -p "$databases"
# POLICY:RULE, the harness's policy and the --library that describes its filters
tree_policies="bloom:rocksdb ribbon:rocksdb-ribbon legacy:rocksdb@legacy"
# the harness's policies whose trees only bloomcalc audit describes
audit_policies="memory"
tree_keys=2000000 tree_queries=1000000
# the partitioned tree: smaller, as its checks are of the files' partitions, not of the levels
partitioned_keys=1000000 partitioned_queries=500000
leveldb_keys=1000000 leveldb_queries=1000000

# The columns named $2... of "bloomcalc $1" (words) in CSV, on one line; quoted fields (text
# with commas: warnings, notes) are dropped first, as no column asked for is text.
calc_columns() {
    local arguments=$1
    shift
    # shellcheck disable=SC2086
    "$calc" $arguments --format csv | sed 's/"[^"]*"//g' |
        awk -F, -v names="$*" 'NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
            { n = split(names, name, " "); line = ""
              for (j = 1; j <= n; j++) line = line (j > 1 ? " " : "") (column[name[j]] ? $column[name[j]] : "?")
              print line }'
}

# "KEYS bytes_per_filter fpr_layout spread" of the filter of KEYS keys under rule $2 at 10 bits
# a key; spread is Var(P), the variance between built filters of the rate P one filter has
# (FORMULAS.md §a.7, §n): for a blocked filter of B blocks of b bits, k probes a key, the
# variance of a block's rate f(x) = (1 - (1 - 1/b)^(k x))^k over its Poisson(KEYS/B) load x,
# divided by B; 0 for a Ribbon (its rate does not depend on which keys it holds) and for a
# standard filter (whose P spreads by less than 1e-3 of p at these sizes, §a.7).
filter_model() {
    local keys=$1 rule=$2 bytes rate layout block m k
    read -r bytes rate layout block m k <<<"$(calc_columns "plan -n $keys -c 10 --library $rule --keys-per-filter $keys"         bytes_per_filter fpr_layout layout block_bits m_allocated k_layout)"
    awk -v keys="$keys" -v bytes="$bytes" -v rate="$rate" -v layout="$layout" -v b="$block" -v m="$m" -v k="$k" 'BEGIN {
        spread = 0
        if (layout == "blocked") {
            blocks = m / b; load = keys / blocks; pmf = exp(-load); mean = 0; square = 0
            for (x = 0; x < load + 20 * sqrt(load) + 20; x++) {
                if (x > 0) pmf *= load / x
                f = (1 - (1 - 1 / b) ^ (k * x)) ^ k; mean += pmf * f; square += pmf * f * f
            }
            spread = (square - mean * mean) / blocks
        }
        printf "%s %s %s %.17g\n", keys, bytes, rate, spread }'
}

# --- RocksDB ---------------------------------------------------------------------
rocksdb_tree() {
    local policy=$1 rule=$2 file="$out/tree_$1"
    if ! "$out/rocksdb_tree_peer" "$policy" "$databases/rocksdb_$policy" "$tree_keys" "$tree_queries" \
        >"$file.txt" 2>"$file.err"; then
        fail "rocksdb $policy tree: the harness failed ($(head -c 300 "$file.err"))"
        return
    fi
    awk '$1 == "file" { print $4 }' "$file.txt" | sort -un |
        while read -r keys; do filter_model "$keys" "$rule"; done >"$file.model"
    # per file: level entries filter_size policy_name consults, joined to the model of its entries
    local shape sizes names measured
    shape=$(awk '$1 == "file" { files[$3]++; keys[$3] += $4; total++ }
        END { for (l in files) printf "L%d %d files (%d keys), ", l, files[l], keys[l]; printf "%d files", total }' "$file.txt")
    sizes=$(awk 'NR == FNR { bytes[$1] = $2; next }
        $1 == "file" { files++; if (bytes[$4] == $5) same++; else if (!bad) bad = $2 " L" $3 ": " $4 " entries, filter_size " $5 ", bloomcalc " bytes[$4] }
        END { print same + 0, files + 0, (bad ? bad : "-") }' "$file.model" "$file.txt")
    read -r same files bad <<<"$sizes"
    local levels
    levels=$(awk '$1 == "file" { level[$3] = 1 } END { print length(level) }' "$file.txt")
    if [ "$files" -ge 20 ] && [ "$levels" -ge 3 ] && [ "$same" -eq "$files" ]; then
        pass "rocksdb $policy tree ($shape): every filter_size equals bloomcalc's bytes_per_filter ($rule) for its entries"
    else
        fail "rocksdb $policy tree ($shape, $levels levels): $same of $files filter sizes agree (first: $bad)"
    fi
    names=$(awk '$1 == "file" { print $6 }' "$file.txt" | sort -u | paste -sd' ')
    case "$policy:$names" in
    bloom:bloomfilter|legacy:bloomfilter|ribbon:ribbonfilter) pass "rocksdb $policy tree: filter_policy_name $names in every file" ;;
    *) fail "rocksdb $policy tree: filter_policy_name '$names'" ;;
    esac
    # gets QUERIES CONSULTS USEFUL FULL_POSITIVE FULL_TRUE_POSITIVE
    read -r _ queries consults useful positive true_positive <<<"$(grep '^gets ' "$file.txt")"
    if [ "$consults" -eq $((useful + positive)) ]; then
        pass "rocksdb $policy tree: $queries absent Gets consult $consults filters, as RocksDB counts them (useful + full.positive)"
    else
        fail "rocksdb $policy tree: $queries absent Gets consult $consults filters by the files' ranges, RocksDB counts $((useful + positive))"
    fi
    # prediction sum_i c_i p_i; variance sum_i c_i p_i (1 - p_i) + c_i^2 Var(P_i) (FORMULAS.md §n)
    read -r prediction variance mean_keys <<<"$(awk 'NR == FNR { rate[$1] = $3; spread[$1] = $4; next }
        $1 == "file" { p = rate[$4]; c = $7; mean += c * p
                       variance += c * p * (1 - p) + c * c * spread[$4]
                       keys += $4; files++ }
        END { printf "%.1f %.17g %d\n", mean, variance, keys / files + 0.5 }' "$file.model" "$file.txt")"
    measured=$((positive - true_positive))
    read -r _ low high where <<<"$("$out/peer_interval" --normal "$measured" "$variance" "$confidence" "$prediction")"
    local deployment
    deployment=$(calc_columns "plan -n $tree_keys -c 10 --library $rule --keys-per-filter $mean_keys" fpr_deployment |
        awk -v c="$consults" -v q="$queries" '{ printf "%.6g (fpr_deployment %s x %.4g filters a lookup)", $1 * c, $1, c / q }')
    local what="rocksdb $policy tree: $queries absent Gets, $measured false reads [$low, $high], predicted $prediction from each consulted file's fpr_layout ($rule); the deployment planned with --keys-per-filter $mean_keys, for information: $deployment"
    [ "$where" = inside ] && pass "$what: inside" || fail "$what: outside"
    echo "rocksdb $policy tree,$rule,$tree_keys,$files,$consults,$measured,$low,$high,$prediction" >>"$out/measured_databases.csv"
    audit_tree "$policy" "$file"
}

# The column named $1 of a CSV file $2 with a header row, with the quoted fields (warnings)
# dropped first: "FILE VALUE" per row, FILE the base name of the file column.
audit_column() {
    sed 's/"[^"]*"//g' "$2" | awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { n = split($c["file"], part, "/"); print part[n], $c[name] }'
}

# (c) above: bloomcalc audit of the tree's files against the harness's $1.txt lines
# "file NAME LEVEL ENTRIES FILTER_SIZE POLICY_NAME CONSULTS" and its "gets" line.
audit_tree() {
    local policy=$1 file=$2 directory="$databases/rocksdb_$1"
    if ! "$calc" audit --format csv "$directory" >"$file.audit" 2>"$file.audit.err"; then
        fail "rocksdb $policy tree: bloomcalc audit $directory failed ($(head -c 300 "$file.audit.err"))"
        return
    fi
    paste -d' ' <(audit_column entries "$file.audit") <(audit_column filter_bytes "$file.audit" | cut -d' ' -f2) \
        <(audit_column policy "$file.audit" | cut -d' ' -f2) <(audit_column fpr_bits "$file.audit" | cut -d' ' -f2) \
        <(audit_column level "$file.audit" | cut -d' ' -f2) | sort >"$file.audited"
    # per file: NAME ENTRIES FILTER_SIZE POLICY CONSULTS FALSE_POSITIVES (the harness) beside the
    # audit's ENTRIES FILTER_BYTES POLICY FPR_BITS
    local joined same files bad
    joined=$(awk '$1 == "file" { sub("^/", "", $2); print $2, $4, $5, $6, $7, $8, $3 }' "$file.txt" | sort |
        join -o 1.1,1.2,1.3,1.4,1.5,1.6,2.2,2.3,2.4,2.5,1.7,2.6 - "$file.audited")
    read -r same files bad <<<"$(awk '{ files++; if ($2 == $7 && $3 == $8 && $4 == $9) same++; else if (!bad) bad = $0 }
        END { print same + 0, files + 0, (bad ? "[" bad "]" : "-") }' <<<"$joined")"
    local listed
    listed=$(grep -c '^file ' "$file.txt")
    if [ "$files" -eq "$listed" ] && [ "$same" -eq "$files" ]; then
        pass "rocksdb $policy tree: bloomcalc audit reads every one of the $files SSTs' entries, filter bytes and policy as RocksDB's table properties report them"
    else
        fail "rocksdb $policy tree: audit agrees on $same of $files files read, $listed live (first: $bad)"
    fi
    # false reads: sum_f c_f p_f, variance sum_f c_f p_f (1 - p_f), p_f the file's fpr_bits
    local prediction variance positive true_positive low high where
    read -r prediction variance <<<"$(awk '{ mean += $5 * $10; variance += $5 * $10 * (1 - $10) }
        END { printf "%.1f %.17g\n", mean, variance }' <<<"$joined")"
    read -r _ _ _ _ positive true_positive <<<"$(grep '^gets ' "$file.txt")"
    read -r _ low high where <<<"$("$out/peer_interval" --normal "$((positive - true_positive))" "$variance" "$confidence" "$prediction")"
    local what="rocksdb $policy tree: $((positive - true_positive)) false reads [$low, $high], predicted $prediction from each consulted file's fpr_bits (bloomcalc audit)"
    [ "$where" = inside ] && pass "$what: inside" || fail "$what: outside"
    audit_levels "$policy" "$file" "$joined" "$directory"
    audit_per_file "$policy" "$file" "$joined"
    audit_corrupted "$policy" "$file" "$directory"
}

# The levels the audit replays from the MANIFEST against GetLiveFilesMetaData's (columns 11 and
# 12 of the joined lines of audit_tree), and the whole tree's false reads against the summary's
# read_amp_miss (each file's fpr_bits by the share of the key range it spans, FORMULAS.md §u)
# times the lookups, whose keys a hash spreads over the key space: the count of false reads is
# a sum of Bernoulli trials, its variance at most their mean.  The
# bloom tree's records (fpr_bits, fpr_layout, entries, level) are kept as audited_tree.csv for
# the report (tests/peers/record_rates.sh).
audit_levels() {
    local policy=$1 file=$2 joined=$3 directory=$4 same files bad
    read -r same files bad <<<"$(awk '{ files++; if ($11 == $12) same++; else if (!bad) bad = $1 " L" $11 ", audit " $12 }
        END { print same + 0, files + 0, (bad ? "[" bad "]" : "-") }' <<<"$joined")"
    if [ "$files" -ge 20 ] && [ "$same" -eq "$files" ]; then
        pass "rocksdb $policy tree: bloomcalc audit replays the MANIFEST to every one of the $files files' levels, as GetLiveFilesMetaData lists them"
    else
        fail "rocksdb $policy tree: audit's level agrees on $same of $files files (first: $bad)"
    fi
    local amp queries positive true_positive prediction low high where
    amp=$("$calc" audit --summary --format csv --columns read_amp_miss "$directory" 2>/dev/null | sed -n 2p)
    read -r _ queries _ _ positive true_positive <<<"$(grep '^gets ' "$file.txt")"
    prediction=$(awk -v a="$amp" -v q="$queries" 'BEGIN { printf "%.1f", a * q }')
    read -r _ low high where <<<"$("$out/peer_interval" --normal "$((positive - true_positive))" "$prediction" "$confidence" "$prediction")"
    local what="rocksdb $policy tree: $((positive - true_positive)) false reads [$low, $high], predicted $prediction = $queries x read_amp_miss $amp (bloomcalc audit --summary of the directory)"
    [ "$where" = inside ] && pass "$what: inside" || fail "$what: $where"
    [ "$policy" = bloom ] && "$calc" audit --format csv --columns fpr_bits,fpr_layout,entries,level "$directory" \
        >"$out/audited_tree.csv" 2>/dev/null
}

# Each file of a level >= 1 alone: its false positives (RocksDB's per-level perf context, one
# file of the level consulted a lookup) against consults x fpr_bits, every file's interval at
# 1 - 0.001 / F so that the F of them together hold at 99.9 % (Bonferroni); level 0's files
# together (a lookup consults them all).  $3: the joined lines of audit_tree.
audit_per_file() {
    local policy=$1 file=$2 joined=$3 checked level0 outside=0 first="-"
    checked=$(awk '$6 != "-" && $5 > 0' <<<"$joined" | wc -l)
    local each
    each=$(awk -v c="$confidence" -v f="$checked" 'BEGIN { printf "%.10g", 1 - (1 - c) / f }')
    while read -r name _ _ _ consults positives _ _ _ rate; do
        local low high where
        read -r _ low high where <<<"$("$out/peer_interval" --normal "$positives" \
            "$(awk -v c="$consults" -v p="$rate" 'BEGIN { printf "%.17g", c * p * (1 - p) }')" "$each" \
            "$(awk -v c="$consults" -v p="$rate" 'BEGIN { printf "%.17g", c * p }')")"
        if [ "$where" != inside ]; then
            outside=$((outside + 1))
            [ "$first" = "-" ] && first="$name: $positives false positives in $consults consults [$low, $high], fpr_bits $rate"
        fi
    done < <(awk '$6 != "-" && $5 > 0' <<<"$joined")
    if [ "$checked" -ge 20 ] && [ "$outside" -eq 0 ]; then
        pass "rocksdb $policy tree: each of the $checked files below level 0 alone: its false positives (RocksDB's per-level perf context) inside the interval of its consults x fpr_bits (each at $each)"
    else
        fail "rocksdb $policy tree: $outside of $checked files below level 0 outside their interval (first: $first)"
    fi
    level0=$(awk '$1 == "level0" { print $2 }' "$file.txt")
    local prediction variance low high where
    read -r prediction variance <<<"$(awk '$6 == "-" { mean += $5 * $10; variance += $5 * $10 * (1 - $10) }
        END { printf "%.1f %.17g\n", mean, variance }' <<<"$joined")"
    read -r _ low high where <<<"$("$out/peer_interval" --normal "$level0" "$variance" "$confidence" "$prediction")"
    local what="rocksdb $policy tree: level 0's files together, $level0 false positives [$low, $high], predicted $prediction from their fpr_bits"
    [ "$where" = inside ] && pass "$what: inside" || fail "$what: outside"
}

# A copy of the tree's files, a byte 200 from the end of the first flipped (in its meta blocks)
# and the second truncated:
# both refused, the first named, after the others are printed.
audit_corrupted() {
    local policy=$1 file=$2 copy="$out/corrupted_$1"
    rm -rf "$copy" && mkdir -p "$copy" && cp "$3"/*.sst "$copy"/
    local copies=("$copy"/*.sst) first second
    first=$(basename "${copies[0]}") second=$(basename "${copies[1]}")
    python3 -c 'import sys; p = sys.argv[1]; d = bytearray(open(p, "rb").read()); d[len(d) - 200] ^= 0x10; open(p, "wb").write(d)' "$copy/$first"
    truncate -s 4000 "$copy/$second"
    "$calc" audit --format csv "$copy" >"$file.corrupted" 2>"$file.corrupted.err"
    local status=$? printed total
    printed=$(($(wc -l <"$file.corrupted") - 1)) total=${#copies[@]}
    if [ "$status" -eq 2 ] && [ "$(wc -l <"$file.corrupted.err")" -eq 1 ] && grep -q "$first" "$file.corrupted.err" &&
        [ "$printed" -eq $((total - 2)) ]; then
        pass "rocksdb $policy tree: a copy with a byte of $first flipped and $second truncated: refused ($(cat "$file.corrupted.err")), the other $printed files audited"
    else
        fail "rocksdb $policy tree: corrupted copy: exit $status, $printed of $((total - 2)) files printed, stderr: $(head -c 300 "$file.corrupted.err")"
    fi
}

# (d) above: a tree only the audit describes.
rocksdb_audited_tree() {
    local policy=$1 file="$out/tree_$1"
    if "$out/rocksdb_tree_peer" "$policy" "$databases/rocksdb_$policy" "$tree_keys" "$tree_queries" \
        >"$file.txt" 2>"$file.err"; then
        audit_tree "$policy" "$file"
    else
        fail "rocksdb $policy tree: the harness failed ($(head -c 300 "$file.err"))"
    fi
}

# (e) above: a tree of partitioned filters, audited as (c), and the calculator's partitions
# (bloomcalc plan --partitioned, FORMULAS.md §e.9) against what the audit reads: per file, its
# partitions' bytes at least the model's (which cuts a partition at keys_per_partition keys, a
# whole number of lines, where RocksDB cuts at the end of a data block, so that each partition
# but the last wastes part of a line), and the false reads the model predicts above the interval
# RocksDB counts (the gap asserted so that it stays measured).
rocksdb_partitioned_tree() {
    local policy=partitioned file="$out/tree_partitioned"
    if ! "$out/rocksdb_tree_peer" "$policy" "$databases/rocksdb_$policy" "$partitioned_keys" \
        "$partitioned_queries" >"$file.txt" 2>"$file.err"; then
        fail "rocksdb $policy tree: the harness failed ($(head -c 300 "$file.err"))"
        return
    fi
    audit_tree "$policy" "$file"
    "$calc" audit --format csv --digits 40 "$databases/rocksdb_$policy" >"$file.exact" 2>/dev/null
    # per file: NAME CONSULTS ENTRIES PARTITIONS BITS_PER_KEY (to 40 digits: the bits, whole
    # lines, are their product with the entries, rounded)
    paste -d' ' <(audit_column entries "$file.exact") <(audit_column partitions "$file.exact" | cut -d' ' -f2) \
        <(audit_column bits_per_key "$file.exact" | cut -d' ' -f2) | sort >"$file.parts"
    local joined
    joined=$(awk '$1 == "file" { sub("^/", "", $2); print $2, $7 }' "$file.txt" | sort | join - "$file.parts")
    # the model of each entry count: ENTRIES BYTES_PER_FILTER PARTITIONS_PER_FILE FPR_DEPLOYMENT
    awk '{ print $3 }' <<<"$joined" | sort -un | while read -r entries; do
        echo "$entries $(calc_columns "plan -n $entries -c 10 --library rocksdb --keys-per-filter $entries --partitioned --digits 17" bytes_per_filter partitions_per_file fpr_deployment)"
    done >"$file.model"
    local files below first most prediction variance
    read -r files below most prediction variance first <<<"$(awk 'NR == FNR { bytes[$1] = $2; parts[$1] = $3; rate[$1] = $4; next }
        { read = int($3 * $5 + 0.5) / 8 + 5 * $4; model = bytes[$3]; files++
          if (model <= read) below++; else if (!first) first = $1 ": " $3 " entries, " $4 " partitions of " read " bytes, bloomcalc " parts[$3] " of " model
          if (read / model - 1 > most) most = read / model - 1
          mean += $2 * rate[$3]; variance += $2 * rate[$3] * (1 - rate[$3]) }
        END { printf "%d %d %.4f %.17g %.17g %s\n", files, below, 100 * most, mean, variance, (first ? first : "-") }' "$file.model" - <<<"$joined")"
    if [ "$files" -ge 20 ] && [ "$below" -eq "$files" ]; then
        pass "rocksdb $policy tree: every one of the $files files' partitions take at least bloomcalc's bytes_per_filter (--partitioned, the index left out), at most $most % more"
    else
        fail "rocksdb $policy tree: $below of $files files' partitions at least bloomcalc's bytes (first: $first)"
    fi
    local queries positive true_positive measured low high where
    read -r _ queries _ _ positive true_positive <<<"$(grep '^gets ' "$file.txt")"
    measured=$((positive - true_positive))
    read -r _ low high where <<<"$("$out/peer_interval" --normal "$measured" "$variance" "$confidence" "$prediction")"
    local what="rocksdb $policy tree: $queries absent Gets, $measured false reads [$low, $high], bloomcalc plan --partitioned predicts $(printf '%.1f' "$prediction") from each consulted file's entries"
    if [ "$(awk -v high="$high" -v p="$prediction" 'BEGIN { print (p > high) ? "yes" : "no" }')" = yes ]; then
        pass "$what: above the interval (partitions cut at the key, not the data block: FORMULAS.md §e.9)"
    else
        fail "$what: the run does not show the gap"
    fi
    echo "rocksdb $policy tree,rocksdb --partitioned,$partitioned_keys,$files,-,$measured,$low,$high,$prediction" >>"$out/measured_databases.csv"
}

# --- LevelDB ---------------------------------------------------------------------
leveldb_database() {
    local file="$out/database_leveldb"
    if ! "$out/leveldb_peer" database "$databases/leveldb" "$leveldb_keys" "$leveldb_queries" "$file.filters" \
        >"$file.txt" 2>"$file.err"; then
        fail "leveldb database: the harness failed ($(head -c 300 "$file.err"))"
        return
    fi
    awk '$1 == "built" || ($1 == "consulted" && $2 > 0) { print $2 }' "$file.txt" | sort -un |
        while read -r keys; do
            echo "$keys $(calc_columns "plan -n $keys -c 10 --library leveldb --keys-per-filter $keys" \
                bytes_per_filter fpr_layout m_allocated k_layout)"
        done >"$file.model"
    # built KEYS BYTES FILTERS
    local sizes same groups filters bad
    sizes=$(awk 'NR == FNR { bytes[$1] = $2; next }
        $1 == "built" { groups++; filters += $4; if (bytes[$2] == $3) same++; else if (!bad) bad = $2 " keys: " $3 " bytes, bloomcalc " bytes[$2] }
        END { print same + 0, groups + 0, filters + 0, (bad ? bad : "-") }' "$file.model" "$file.txt")
    read -r same groups filters bad <<<"$sizes"
    if [ "$groups" -gt 0 ] && [ "$same" -eq "$groups" ] && [ "$filters" -ge 10000 ]; then
        pass "leveldb database: the $filters filters built ($groups key counts) have bloomcalc's bytes_per_filter (leveldb) for their keys"
    else
        fail "leveldb database: $same of $groups key counts of $filters filters agree (first: $bad)"
    fi
    # consulted KEYS FILTERS CONSULTS MATCHES SQ SM SQM: the ratio estimate with its cluster
    # variance, F/(F-1) sum (y_f - r q_f)^2 / C^2 over the F filters consulted
    cluster() {
        awk -v select="$1" 'NR == FNR { rate[$1] = $3; next }
            $1 == "consulted" && (select == "all" || $2 == select) {
                f += $3; c += $4; y += $5; sq += $6; sm += $7; sqm += $8; predicted += $4 * rate[$2] }
            END { r = y / c; s = sm - 2 * r * sqm + r * r * sq
                  printf "%.17g %.17g %.6e %d %d\n", r, f / (f - 1) * s / (c * c), predicted / c, c, f }' \
            "$file.model" "$file.txt"
    }
    local variance prediction consults clusters
    read -r rate variance prediction consults clusters <<<"$(cluster all)"
    read -r rate low high where <<<"$("$out/peer_interval" --normal "$rate" "$variance" "$confidence" "$prediction")"
    local what="leveldb database: $leveldb_queries absent Gets, $consults filter consults ($clusters filters), rate $rate [$low, $high], the calculator's independent-probe rate $prediction"
    if [ "$(awk -v low="$low" -v p="$prediction" 'BEGIN { print (p < low) ? "yes" : "no" }')" = yes ]; then
        pass "$what: below the interval (the gap of FORMULAS.md §r)"
    else
        fail "$what: the run does not show the gap"
    fi
    echo "leveldb database,leveldb,$leveldb_keys,$clusters,$consults,$rate,$low,$high,$prediction" >>"$out/measured_databases.csv"
    leveldb_audit "$file" "$low"
    # the most consulted key count against bloomsim at that count
    local modal
    modal=$(awk '$1 == "consulted" { print $4, $2 }' "$file.txt" | sort -n | tail -1 | cut -d' ' -f2)
    read -r rate variance prediction consults clusters <<<"$(cluster "$modal")"
    read -r rate low high where <<<"$("$out/peer_interval" --normal "$rate" "$variance" "$confidence" "$prediction")"
    # shellcheck disable=SC2034  # check_sim_overlap's inputs
    n=$modal trials=100000 queries=100
    read -r _ _ _ m k <<<"$(grep "^$modal " "$file.model")"
    check_sim_overlap "leveldb database ($consults consults of $clusters filters)" leveldb
}

# (c) "bloomcalc audit" of the LevelDB database's directory: every table file read (the MANIFEST
# replayed for its levels) has the entries and filter bytes of the filters the recording wrapper
# built (tests/peers/leveldb_audit.py), and the files' fpr_bits, weighted by their entries, lie
# below the interval $2 of the rate the lookups measured: LevelDB's probes are not independent
# (FORMULAS.md §r), so the rate of its bits understates what its filters give, asserted as the
# known gap.  The database is closed while a compaction may run: its unfinished output is no
# table, refused by name, and is not a live file of the MANIFEST.
leveldb_audit() {
    local file=$1 low=$2 directory="$databases/leveldb" status rows same listed first
    "$calc" audit --format csv "$directory" >"$file.audit" 2>"$file.audit.err"
    status=$?
    read -r rows same listed first <<<"$(python3 "$here/leveldb_audit.py" "$file.audit" "$file.filters" "$directory")"
    local refused="none refused"
    [ -s "$file.audit.err" ] && refused="refused: $(head -c 200 "$file.audit.err")"
    if [ "$status" -le 2 ] && [ "${rows:-0}" -ge 10 ] && [ "$same" -eq "$rows" ] && ! grep -q "missing from the directory" "$file.audit"; then
        pass "leveldb database: bloomcalc audit reads $rows of the $listed .ldb files with the entries and filter bytes of the filters LevelDB's policy built ($refused)"
    else
        fail "leveldb database: audit exit $status, $same of $rows files agree with the filters built, $listed files (first: $first; $refused)"
    fi
    local mean
    mean=$("$calc" audit --summary --format csv --columns fpr_deployment "$directory" 2>/dev/null | sed -n 2p)
    if [ -n "$mean" ] && [ "$(awk -v m="$mean" -v low="$low" 'BEGIN { print (m < low) ? "below" : "no" }')" = below ]; then
        pass "leveldb database: the files' fpr_bits (entries-weighted $mean) lie below the measured rate's interval (from $low): the known gap of FORMULAS.md §r"
    else
        fail "leveldb database: the files' fpr_bits '$mean' not below the measured rate's interval (from $low)"
    fi
}

if g++ -O2 -std=c++17 -Wall -Wextra -Werror -o "$out/rocksdb_tree_peer" "$here/rocksdb_tree_peer.cc" -lrocksdb &&
   g++ -O2 -std=c++17 -Wall -Wextra -Werror -o "$out/leveldb_peer" "$here/leveldb_peer.cc" -lleveldb; then
    # every measurement: false reads (RocksDB) or the rate (LevelDB), over the filters consulted
    echo "database,rule,keys,filters,consults,measured,ci_low,ci_high,predicted" >"$out/measured_databases.csv"
    echo "== Databases: RocksDB trees of $tree_keys keys, every SST's filter and $tree_queries absent Gets"
    for entry in $tree_policies; do rocksdb_tree "${entry%%:*}" "${entry#*:}"; done
    for policy in $audit_policies; do rocksdb_audited_tree "$policy"; done
    echo "== Databases: RocksDB, partitioned filters, $partitioned_keys keys and $partitioned_queries absent Gets"
    rocksdb_partitioned_tree
    echo "== Databases: LevelDB, $leveldb_keys keys, every filter built and $leveldb_queries absent Gets"
    leveldb_database
else
    fail "g++ rocksdb_tree_peer.cc leveldb_peer.cc"
fi

if [ "${databases_alone:-0}" = 1 ]; then
    echo "check-peers databases: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
fi

# rows.sh - shell functions shared by the table generators and the report
# (sourced, not run).
#
# collect FILE COMMAND...  runs COMMAND with --format csv and appends its
#                          header and rows to FILE (a work file, not CSV)
# union_table FILE         prints the runs gathered in FILE as one RFC 4180
#                          table: one header, the union of every run's
#                          columns (a column a run lacks is placed after the
#                          column it follows in the first run that has it),
#                          an empty field where a value does not apply to a
#                          row (a layout's own columns on another layout's
#                          row), CRLF line ends throughout
# publish_runs PATH       writes union_table PATH.tmp to PATH (whole or not
#                          at all) and removes the work file
# A failing run stops the generator (its status is returned, never hidden by a pipe).

# An awk function splitting one RFC 4180 record (without its line end) into
# field[1..n] (quotes removed, doubled quotes undone), and its inverse for
# one field; mawk has no FPAT, so split_csv walks the characters.
csv_awk='
function split_csv(line, field,    n, i, c, inside, text) {
    n = 0; text = ""; inside = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (inside) {
            if (c == "\"" && substr(line, i + 1, 1) == "\"") { text = text c; i++ }
            else if (c == "\"") inside = 0
            else text = text c
        } else if (c == "\"") inside = 1
        else if (c == ",") { field[++n] = text; text = "" }
        else text = text c
    }
    field[++n] = text
    return n
}
function quote_csv(text,    quoted) {
    if (text !~ /[",\r\n]/) return text
    quoted = text
    gsub(/"/, "\"\"", quoted)
    return "\"" quoted "\""
}'

collect() {
    collect_file=$1
    shift
    "$@" --format csv >"$collect_file.run" || { rm -f "$collect_file.run"; return 1; }
    { printf 'header '; cat "$collect_file.run"; } >>"$collect_file"
    rm -f "$collect_file.run"
}

union_table() {
    awk "$csv_awk"'
        { sub(/\r$/, "") }
        # pass 1: the union of the headers, each new column after its predecessor
        FNR == NR {
            if (substr($0, 1, 7) != "header ") next
            count = split_csv(substr($0, 8), head)
            after = 0
            for (i = 1; i <= count; i++) {
                if (!(head[i] in position)) {
                    for (j = columns; j > after; j--) { name[j + 1] = name[j]; position[name[j + 1]] = j + 1 }
                    columns++
                    name[after + 1] = head[i]
                    position[head[i]] = after + 1
                }
                after = position[head[i]]
            }
            next
        }
        FNR == 1 {
            line = ""
            for (j = 1; j <= columns; j++) line = line (j > 1 ? "," : "") quote_csv(name[j])
            printf "%s\r\n", line
        }
        substr($0, 1, 7) == "header " {
            count = split_csv(substr($0, 8), head)
            for (j = 1; j <= columns; j++) source[j] = 0
            for (i = 1; i <= count; i++) source[position[head[i]]] = i
            next
        }
        {
            split_csv($0, field)
            line = ""
            for (j = 1; j <= columns; j++)
                line = line (j > 1 ? "," : "") (source[j] ? quote_csv(field[source[j]]) : "")
            printf "%s\r\n", line
        }' "$1" "$1"
}

publish_runs() {
    union_table "$1.tmp" >"$1.union" || { rm -f "$1.union"; return 1; }
    rm -f "$1.tmp"
    mv "$1.union" "$1"
}

# round_ratio A B - round(A / B) for positive integers, halves up.
round_ratio() {
    echo $(( (2 * $1 + $2) / (2 * $2) ))
}

# best_hashes BLOOMCALC N M - the integer k bloomcalc plans for N keys in M bits.
best_hashes() {
    "$1" plan -n "$2" -m "$3" --format csv | tr -d '\r' |
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "k") c = i } NR == 2 { print $c }'
}

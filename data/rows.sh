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
#                          row), LF line ends throughout (as the programs write CSV)
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
    step "$(basename "$collect_file" .tmp)" || return 0
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
            printf "%s\n", line
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
            printf "%s\n", line
        }' "$1" "$1"
}

publish_runs() {
    progress_planning && return 0
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
    progress_planning && { echo 1; return 0; }
    "$1" plan -n "$2" -m "$3" --format csv | tr -d '\r' |
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "k") c = i } NR == 2 { print $c }'
}

# --- progress of make data and make report (on a terminal only) -----------
#
# progress_begin LABEL SCRIPT ARGS...  when stderr is a terminal (and no
#                          outer generator has begun already), counts the
#                          steps SCRIPT will take by running it once in
#                          planning mode (BLOOM_PROGRESS_PLAN: step() only
#                          counts, no command runs, into a scratch
#                          directory), then starts the clock
# step TEXT                one step (a table or a run): in planning mode
#                          counts it and returns 1 (skip the work);
#                          otherwise draws "LABEL: P %, TIME, about TIME
#                          left (step N of M)", as bloomsim's line (time left
#                          = elapsed (M - N + 1) / (N - 1), the steps done so
#                          far extrapolated) and returns 0
# progress_end             erases the line (also on Ctrl-C and SIGTERM)
# Inner bloomsim runs draw their own line between two steps and erase it.
progress_planning() { [ -n "${BLOOM_PROGRESS_PLAN:-}" ]; }

progress_begin() {
    progress_planning && return 0
    [ -n "${BLOOM_PROGRESS_TOTAL:-}" ] && return 0      # an outer generator counts
    [ -t 2 ] || return 0
    progress_label=$1
    shift
    plan_dir=$(mktemp -d)
    BLOOM_PROGRESS_PLAN=$plan_dir/steps sh "$@" "$plan_dir/out" >/dev/null 2>&1 || true
    BLOOM_PROGRESS_TOTAL=$(cat "$plan_dir/steps" 2>/dev/null | wc -l)
    rm -rf "$plan_dir"
    BLOOM_PROGRESS_DONE=$(mktemp)
    BLOOM_PROGRESS_START=$(date +%s)
    BLOOM_PROGRESS_LABEL=$progress_label
    BLOOM_PROGRESS_OWNER=$$
    export BLOOM_PROGRESS_TOTAL BLOOM_PROGRESS_DONE BLOOM_PROGRESS_START BLOOM_PROGRESS_LABEL BLOOM_PROGRESS_OWNER
    trap 'progress_end; exit 130' INT TERM
}

progress_duration() {
    awk -v s="$1" 'BEGIN { s = int(s + 0.5); if (s < 60) printf "%d s", s
        else if (s < 3600) printf "%d min %02d s", s / 60, s % 60
        else printf "%d h %02d min", s / 3600, (s / 60) % 60 }'
}

step() {
    if progress_planning; then
        echo "$1" >>"$BLOOM_PROGRESS_PLAN"
        return 1
    fi
    [ -n "${BLOOM_PROGRESS_TOTAL:-}" ] && [ -t 2 ] || return 0
    echo >>"$BLOOM_PROGRESS_DONE"
    done_steps=$(wc -l <"$BLOOM_PROGRESS_DONE")
    elapsed=$(( $(date +%s) - BLOOM_PROGRESS_START ))
    if [ "$done_steps" -gt 1 ]; then
        left=$(awk -v e="$elapsed" -v d="$done_steps" -v t="$BLOOM_PROGRESS_TOTAL" \
            'BEGIN { r = t - d + 1; print (r > 0 ? e * r / (d - 1) : 0) }')
        left="about $(progress_duration "$left") left"
    else
        left="time left not known yet"
    fi
    percent=$(( 100 * (done_steps - 1) / (BLOOM_PROGRESS_TOTAL > 0 ? BLOOM_PROGRESS_TOTAL : 1) ))
    printf '\r\033[K%s: %d %%, %s, %s (step %d of %d)' "$BLOOM_PROGRESS_LABEL" "$percent" \
        "$(progress_duration "$elapsed")" "$left" "$done_steps" "$BLOOM_PROGRESS_TOTAL" >&2
    return 0
}

progress_end() {
    [ "${BLOOM_PROGRESS_OWNER:-}" = "$$" ] || return 0
    printf '\r\033[K' >&2
    rm -f "$BLOOM_PROGRESS_DONE"
    unset BLOOM_PROGRESS_TOTAL BLOOM_PROGRESS_OWNER
}

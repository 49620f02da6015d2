# rows.sh - shell functions shared by the table generators (sourced, not run).
#
# collect FILE COMMAND...  runs COMMAND with --format csv and appends its
#                          rows to FILE, keeping the header of the first run
#                          only: several runs, one table.
# A failing run stops the generator (its status is returned, never hidden by a pipe).
collect() {
    collect_file=$1
    shift
    "$@" --format csv >"$collect_file.run" || { rm -f "$collect_file.run"; return 1; }
    if [ -s "$collect_file" ]; then
        tail -n +2 "$collect_file.run" >>"$collect_file"
    else
        cat "$collect_file.run" >"$collect_file"
    fi
    rm -f "$collect_file.run"
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

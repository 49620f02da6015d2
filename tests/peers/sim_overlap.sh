# tests/peers/sim_overlap.sh - sourced by tests/peers/run.sh and
# tests/peers/leveldb_checks.sh: the check that bloomsim, building a
# library's filter with the library's own hash and index arithmetic,
# measures what the real library measures.
#
# check_sim_overlap LIBRARY RULE: runs "bloomsim fpr --library RULE" on the
# filter and run size of the library's measurement (the caller's m, n, k,
# trials, queries) and passes when its interval overlaps the library's
# [low, high] (the caller's rate, low, high).  Leaves bloomsim's measured
# rate and interval in sim_rate, sim_low and sim_high for the caller's record.
check_sim_overlap() {
    local library=$1 rule=$2 sim overlap sim_what
    sim=$("$build/bloomsim" fpr -m "$m" -n "$n" -k "$k" --library "$rule" --trials "$trials" \
        --queries "$queries" --seed 1 --format csv |
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                 { print $c["measured_fpr"], $c["ci_low"], $c["ci_high"] }')
    read -r sim_rate sim_low sim_high <<<"$sim"
    overlap=$(awk -v a="$low" -v b="$high" -v c="$sim_low" -v d="$sim_high" \
        'BEGIN { print (c <= b && a <= d) ? "yes" : "no" }')
    sim_what="$library n=$n: bloomsim fpr --library $rule (m=$m k=$k) measures $sim_rate [$sim_low, $sim_high], the library $rate [$low, $high]"
    if [ "$overlap" = yes ]; then pass "$sim_what: the intervals overlap"; else fail "$sim_what: disjoint"; fi
}

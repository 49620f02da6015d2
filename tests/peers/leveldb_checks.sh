#!/bin/bash
# tests/peers/leveldb_checks.sh BUILD - LevelDB's Bloom filter (Debian's
# libleveldb-dev 1.23) against bloomcalc and bloomsim: part of "make
# check-peers" (tests/peers/run.sh sources it after its own checks), and
# runnable alone (PEERS_INSTALL=0 skips the install) after "make
# BUILD/peers/peer_bits BUILD/peers/peer_interval":
#   (a) sizes: for n from 1 to 3e5 and c from 1 to 45 bits a key, the bits
#       the library's probes address ((string size - 1) x 8), its string's
#       size (with the k byte) and k equal m_bits, bytes_library and k of
#       "bloomcalc compare N -c C --library leveldb";
#   (b) bits: the library's filter of keys 0..N-1 (8 little-endian bytes)
#       equals bloomsim's (peer_bits leveldb), bit for bit, at 20, 1000 and
#       1e5 keys;
#   (c) rates: the library's measured rate at 10 bits a key, at 20 keys
#       (10^5 filters, the filter of one data range) and at 1e5 and 3e5
#       keys (scrambled integers, tests/peers/leveldb_peer.cc): its 99.9 %
#       interval overlaps bloomsim's at the same m, n, k
#       and run size, and lies above the calculator's rate, which assumes
#       independent probes (the gap of FORMULAS.md §r, asserted so that it
#       stays measured).
# Run alone, it closes with "check-peers leveldb: N passed, N failed".
set -uo pipefail
if ! declare -F pass >/dev/null; then
    . "$(dirname "$0")/standalone.sh" "${1:-build}" "libleveldb-dev g++" leveldb
    leveldb_alone=1
fi

leveldb_peer="$out/leveldb_peer"
if g++ -O2 -std=c++17 -Wall -Wextra -Werror -o "$leveldb_peer" "$here/leveldb_peer.cc" -lleveldb; then
    echo "== LevelDB (a) sizes against bloomcalc compare --library leveldb"
    agree=0 points=0
    for n in 1 5 7 20 100 1000 100000 300000; do
        for c in 1 5 10 11 16 43 44 45; do
            points=$((points + 1))
            library=$(echo "$n $c" | "$leveldb_peer" sizes | cut -d' ' -f3-)
            calculated=$("$calc" compare "$n" -c "$c" --library leveldb --format csv |
                awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
                         { print $col["m_bits"], $col["bytes_library"], $col["k"] }')
            if [ "$library" = "$calculated" ]; then
                agree=$((agree + 1))
            else
                fail "leveldb n=$n c=$c: the library gives m, bytes, k = '$library', bloomcalc '$calculated'"
            fi
        done
    done
    [ "$agree" = "$points" ] && pass "leveldb: m, bytes and k equal bloomcalc's at all $points points"

    echo "== LevelDB (b) bit arrays: the library's against bloomsim's reproduction"
    for n in 20 1000 100000; do
        file="$out/bits_leveldb_$n"
        "$leveldb_peer" bits "$n" 10 >"$file.library"
        read -r m k <"$file.library"
        "$build/peers/peer_bits" leveldb "$m" "$k" "$n" >"$file.bloomsim"
        if cmp -s "$file.library" "$file.bloomsim"; then
            pass "leveldb n=$n c=10 (m=$m k=$k): bloomsim's bit array equals the library's ($(($(wc -l <"$file.library") - 1)) bits set)"
        else
            fail "leveldb n=$n c=10 (m=$m k=$k): the bit arrays differ ($(diff "$file.library" "$file.bloomsim" | grep -c '^[<>]') lines)"
        fi
    done

    echo "== LevelDB (c) rates: the library's, bloomsim's and the calculator's"
    for run in "20 100000 1000" "100000 10 1000000" "300000 5 1000000"; do
        read -r n trials queries <<<"$run"
        file="$out/rate_leveldb_$n"
        "$leveldb_peer" rate "$n" 10 "$trials" "$queries" >"$file" 2>"$file.err"
        read -r m k trials queries sum squares <"$file" ||
            { fail "leveldb n=$n: no measurement ($(head -c 300 "$file.err"))"; continue; }
        prediction=$("$calc" compare "$n" -c 10 --library leveldb --format csv |
            awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } { print $col["fpr_layout"] }')
        read -r rate low high where <<<"$("$build/peers/peer_interval" "$sum" "$squares" "$trials" \
            "$queries" "$confidence" "$prediction")"
        above=$(awk -v low="$low" -v p="$prediction" 'BEGIN { print (p < low) ? "yes" : "no" }')
        what="leveldb n=$n c=10 (m=$m k=$k, $trials x $queries queries): measured $rate [$low, $high], the calculator's independent-probe rate $prediction"
        [ "$above" = yes ] && pass "$what: below the interval (the gap of FORMULAS.md §r)" ||
            fail "$what: the run does not show the gap"
        check_sim_overlap leveldb leveldb
    done
else
    fail "g++ leveldb_peer.cc"
fi

if [ "${leveldb_alone:-0}" = 1 ]; then
    echo "check-peers leveldb: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
fi

#!/bin/sh
# cli_layers.sh - the layers' dependencies run one way (calc/DEVELOPERS.md, "Layout").
#
# Every quoted #include of every source file in a layer folder must name a
# header of that folder or of a layer it may use:
#
#   calc/include/bloomcalc (public headers) <- calc/src <- calc/cli <- calc/bloomcalc
#   calc/include/bloomcalc <- sim/filter <- sim/engine <- sim/judge <- sim/shard <- sim/bloomsim
#   (sim/bloomsim also uses calc/cli)
#
# The Makefile gives each folder only these include paths, so a wrong
# include does not compile; this check names the file and the header, and
# also catches a header that would be found in the wrong folder.  The
# library folders must not print, exit or read argv: calc/src and
# sim/filter, sim/engine, sim/judge, sim/shard are checked for stdout/stderr writes,
# exit() and main().  Prints "layers: N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 1

allowed() {
    case $1 in
        calc/include/bloomcalc) echo "calc/include/bloomcalc" ;;
        calc/src)       echo "calc/src calc/include/bloomcalc" ;;
        calc/cli)       echo "calc/cli calc/include/bloomcalc" ;;
        calc/bloomcalc) echo "calc/bloomcalc calc/cli calc/include/bloomcalc" ;;
        sim/filter)     echo "sim/filter calc/include/bloomcalc" ;;
        sim/engine)     echo "sim/engine sim/filter calc/include/bloomcalc" ;;
        sim/judge)      echo "sim/judge sim/engine sim/filter calc/include/bloomcalc" ;;
        sim/shard)      echo "sim/shard sim/judge sim/engine sim/filter calc/include/bloomcalc" ;;
        sim/bloomsim)   echo "sim/bloomsim sim/shard sim/judge sim/engine sim/filter calc/cli calc/include/bloomcalc" ;;
        *) echo "" ;;
    esac
}

passed=0
failed=0
for folder in calc/include/bloomcalc calc/src calc/cli calc/bloomcalc \
              sim/filter sim/engine sim/judge sim/shard sim/bloomsim; do
    dirs=$(allowed "$folder")
    for file in "$folder"/*.c "$folder"/*.h; do
        [ -f "$file" ] || continue
        for header in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file"); do
            found=""
            for dir in $dirs; do
                [ -f "$dir/$header" ] && { found=$dir; break; }
            done
            if [ -n "$found" ]; then
                passed=$((passed + 1))
            else
                echo "FAIL: $file includes \"$header\", which is not in $dirs"
                failed=$((failed + 1))
            fi
        done
    done
done

# The libraries never print, exit or see argv.
for folder in calc/src sim/filter sim/engine sim/judge sim/shard; do
    for file in "$folder"/*.c; do
        [ -f "$file" ] || continue
        hits=$(grep -nE '\b(printf|puts|fputs|perror)\(|\bf?printf\((stdout|stderr)|\b(stdout|stderr)\b|\bexit\(|\bmain\(' "$file" \
               | grep -v '^\([0-9]*\):[[:space:]]*\*' | grep -v 'snprintf')
        if [ -n "$hits" ]; then
            echo "FAIL: $file prints, exits or has main: $hits"
            failed=$((failed + 1))
        else
            passed=$((passed + 1))
        fi
    done
done

echo "layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

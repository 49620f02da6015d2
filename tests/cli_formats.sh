#!/bin/sh
# cli_formats.sh BUILD - every command of both programs in CSV and JSON over
# a set of option combinations, parsed strictly (tests/check_formats.py:
# RFC 4180 and rectangular CSV with CRLF everywhere, JSON without repeated
# names), and the --columns lists that would break them refused.
# Ends with "cli-formats: N passed, N failed".
set -u
build=$1
. tests/command_checks.sh
checks_begin
python_checks cli-formats tests/check_formats.py "$build"

# --columns: empty items and repeated names refused up front, like every list.
for columns in "n," ",n" "n,,p" "n,n,k" "k,n,k"; do
    refuse "columns" "$build/bloomcalc" table -n 1e6 -p 1% --columns "$columns"
done
# structures --columns: the keys named, in that order, on every row; an unknown key refused.
"$build/bloomcalc" structures 1% -n 1e6 --columns gibibytes,structure --format csv >"$out" 2>"$err"
rows=$(tr -d '\r' <"$out" | awk -F, 'NR == 1 { header = $0 } NR > 1 && $1 ~ /^0\.[0-9]+$/ { n++ }
                                     END { print header, n }')
[ "$rows" = "gibibytes,structure 10" ] && pass || fail "structures --columns gibibytes,structure: '$rows'"
refuse "columns" "$build/bloomcalc" structures 1% --columns structure,zz
refuse "columns" "$build/bloomcalc" structures 1% --columns structure,structure
checks_end cli-formats

#!/bin/sh
# cli_formats.sh BUILD - every command of both programs in CSV and JSON over
# a set of option combinations, parsed strictly (tests/check_formats.py:
# RFC 4180 and rectangular CSV with LF everywhere, and with CRLF everywhere
# under --crlf; JSON without repeated names), and the --columns lists that
# would break them refused.
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

# CSV lines end in LF, so that awk and cut see the last field as it is, and in CRLF on every
# line with --crlf (the header, each record, a quoted field's own CR LF apart), in every
# command that takes --format (--help lists --crlf beside it).
"$build/bloomcalc" table -n 1e6,1e9 -p 1% --columns n,k >"$out" 2>"$err"
[ "$(awk -F, '$2 == "7" { n++ } END { print n }' "$out")" = 2 ] && ! grep -q "$(printf '\r')" "$out"
check "bloomcalc table: LF line ends, awk reads k = 7 on both rows" $?
"$build/bloomcalc" table -n 1e6,1e9 -p 1% --columns n,k --crlf >"$out" 2>"$err"
[ "$(od -An -c "$out" | tr -s ' \n' ' ')" = " n , k \r \n 1 0 0 0 0 0 0 , 7 \r \n 1 0 0 0 0 0 0 0 0 0 , 7 \r \n " ]
check "bloomcalc table --crlf: CRLF on every line" $?
for program in bloomcalc bloomsim; do
    for command in $("$build/$program" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit }
                                                     on && /^  [a-z]/ { print $1 }'); do
        help=$("$build/$program" "$command" --help)
        case $help in
        *"--format"*) case $help in *"--crlf "*) pass ;; *) fail "$program $command: --format without --crlf" ;; esac ;;
        esac
    done
done
checks_end cli-formats

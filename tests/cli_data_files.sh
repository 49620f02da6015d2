#!/bin/sh
# cli_data_files.sh BUILD - every CSV file in data/ parses strictly as RFC 4180
# with LF line ends, as the programs write CSV by default (tests/csv_strict.py:
# LF only, proper quoting, a header of distinct names,
# every record as wide as the header), and the checker itself refuses each
# kind of departure it is meant to catch (so this test can fail).
# Ends with "cli-data-files: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin

count=0
for file in data/*.csv; do
    python3 tests/csv_strict.py "$file"
    check "$file is strict RFC 4180" $?
    count=$((count + 1))
done
[ "$count" -ge 10 ]
check "data/ holds the published tables ($count CSV files)" $?

# The checker refuses what the tables once were, and accepts a good table: with LF line ends,
# and with CRLF under --crlf.
printf 'a,b\n1,2\n' >"$scratch/good.csv"
python3 tests/csv_strict.py "$scratch/good.csv" >/dev/null
check "checker accepts a strict table" $?
printf 'a,b\r\n1,2\r\n' >"$scratch/good.csv"
python3 tests/csv_strict.py --crlf "$scratch/good.csv" >/dev/null
check "checker accepts a strict table with CRLF under --crlf" $?
printf 'a,"b ""q"", c"\n1,"x\r\ny"\n' >"$scratch/quoted.csv"
python3 tests/csv_strict.py "$scratch/quoted.csv" >/dev/null
check "checker accepts quoted fields with quotes, commas, CR and LF" $?
bad() {
    printf "$3" >"$scratch/bad.csv"
    # shellcheck disable=SC2086
    python3 tests/csv_strict.py $2 "$scratch/bad.csv" >/dev/null
    [ $? -eq 1 ]
    check "checker refuses $1" $?
}
bad "records wider than the header" "" 'a,b\n1,2,3\n'
bad "records narrower than the header" "" 'a,b,c\n1,2\n'
bad "LF mixed with CRLF" "" 'a,b\n1,2\r\n'
bad "LF mixed with CRLF (--crlf)" --crlf 'a,b\n1,2\r\n'
bad "CRLF where LF is expected" "" 'a,b\r\n1,2\r\n'
bad "LF only (--crlf)" --crlf 'a,b\n1,2\n'
bad "a missing final line end" "" 'a,b\n1,2'
bad "a stray quote" "" 'a,b\n1,2"x\n'
bad "text after a closing quote" "" 'a,b\n"1"x,2\n'
bad "an unclosed quote" "" 'a,b\n"1,2\n'
bad "duplicate column names" "" 'n,n\n1,2\n'
bad "an empty file" "" ''

checks_end cli-data-files

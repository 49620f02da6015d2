#!/bin/sh
# cli_data_files.sh BUILD - every CSV file in data/ parses strictly as RFC 4180
# (tests/csv_strict.py: CRLF only, proper quoting, a header of distinct names,
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

# The checker refuses what the tables once were, and accepts a good table.
printf 'a,b\r\n1,2\r\n' >"$scratch/good.csv"
python3 tests/csv_strict.py "$scratch/good.csv" >/dev/null
check "checker accepts a strict table" $?
printf 'a,"b ""q"", c"\r\n1,"x\r\ny"\r\n' >"$scratch/quoted.csv"
python3 tests/csv_strict.py "$scratch/quoted.csv" >/dev/null
check "checker accepts quoted fields with quotes, commas and CRLF" $?
bad() {
    printf "$2" >"$scratch/bad.csv"
    python3 tests/csv_strict.py "$scratch/bad.csv" >/dev/null
    [ $? -eq 1 ]
    check "checker refuses $1" $?
}
bad "records wider than the header" 'a,b\r\n1,2,3\r\n'
bad "records narrower than the header" 'a,b,c\r\n1,2\r\n'
bad "LF mixed with CRLF" 'a,b\n1,2\r\n'
bad "LF only" 'a,b\n1,2\n'
bad "a missing final line end" 'a,b\r\n1,2'
bad "a stray quote" 'a,b\r\n1,2"x\r\n'
bad "text after a closing quote" 'a,b\r\n"1"x,2\r\n'
bad "an unclosed quote" 'a,b\r\n"1,2\r\n'
bad "duplicate column names" 'n,n\r\n1,2\r\n'
bad "an empty file" ''

checks_end cli-data-files

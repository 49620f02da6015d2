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
checks_end cli-formats

#!/bin/sh
# cli_figures.sh BUILD - the report's figures against their data
# (tests/figure_tables.py on the gnuplot tables of the plotted points), and
# the report cites nothing outside the repository.
# Ends with "cli-figures: N passed, N failed".
set -u
build=$1
. tests/command_checks.sh
checks_begin
mkdir -p "$scratch/tables"
REPORT_TABLES=$scratch/tables sh report/generate.sh "$build" "$scratch/report" >"$out" 2>"$err"
check "report with tables exit 0" $?
python3 tests/figure_tables.py "$scratch/tables"
check "figures plot every measured row, inside the axes, models at the measured m" $?
! grep -n 'shared/' report/README.md report/generate.sh report/seed_claims.tsv
check "the report cites no file outside the repository" $?
checks_end cli-figures

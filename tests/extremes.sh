# extremes.sh - corners of every bloomcalc command's documented ranges, one
# command a line (arguments of bloomcalc), for tests/cli_limits.sh (each must
# end, answered or refused, within a generous guard) and tests/bench.sh
# (make bench: wall milliseconds of each, slowest first).  Sourced; defines
# extreme_inputs: each is answered in well under a second, or refused up
# front (exit 2), by its own range check or by the work budget
# (calc/FORMULAS.md §o.5).  Found by grids over the corners and middles of
# every command's ranges; the last lines are the inputs that took seconds
# before the work budget (the README's "Input" limits).
extreme_inputs='plan 1 0.999999
plan 2^256 0.5
plan 1e9 1e-30
plan 1 1e-20
plan -n 1 -m 1
plan -n 1 -m 100
plan -n 2^256 -m 1
plan -n 1 -m 2^20
plan -n 1 -m 2^256
plan -m 1 -p 0.5
plan -m 2^256 -p 1e-30
plan 1e9 1% -L 1000000
fpr -m 1 -n 1 -k 1
fpr -m 2 -n 1000 -k 1000
fpr -m 2 -n 1000 -k 1000 --digits 1000
fpr -m 1000 -n 1e6 -k 60
fpr -m 2^256 -n 2^256 -k 100
fpr -m 1 -n 2^256 -k 1000
fpr -m 1 -n 2^28 -k 1
fpr -m 2^256 -n 1 -k 1
fpr -m 64 -n 8 -k 5 --digits 1000
table -n 1,2^256 -p 0.5,1e-30 -k 1,30 -L 1,1000000 --columns n,p,k,levels
converge -c 1000 -m 2^10..2^30
converge -c 1 -k 100 -m 2^6..2^12
converge --fit
compare 1 0.5
compare 2^64 1e-30
lsm -L 1 -T 1 -n 1
lsm -L 64 -T 10 -n 1e9
lsm -L 100 -T 1000000
lsm -L 100 -T 2
plan -n 1 -p 1e-300
plan -n 89 -p 1e-274
plan -n 1 -p 1e-100
plan -n 1 -m 1000
plan -n 1 -m 1442
grow -n 1e9 -s 1 --initial 1e6 -r 0.5
grow -n 2e8 -s 1 --initial 1e6 -r 0.3
grow -n 1 --initial 1 -s 1
grow -n 1e9 -s 1000 --initial 1
grow -n 1e9 -s 1 --initial 1e6 -r 0.9
grow -n 256 -s 1 --initial 1 -r 0.5
grow -n 2.56e8 -s 1 --initial 1e6 -r 0.5
grow -n 256 -s 1 --initial 1 -r 0.99
structures 1e-300 -n 2^64 --counter-bits 1
structures 0.999999 -n 1
structures 1% -n 1e6 --counter-bits 6
fpr -m 2^256 -n 2^256 -k 1000
fpr -m 2^256 -n 1 -k 1000
converge -c 1 -k 1000 -m 2^6..2^12
plan 1e9 1e-300
plan -n 1 -m 2^256 -k 1000
plan -n 1 -p 1e-50
plan -n 2 -p 1e-50
plan -n 1000 -p 1e-100
plan -n 3 -m 719
plan -n 1e4 -p 1e-300
structures 1e-300 -n 1e6
converge -c 1 -k 1 -m 2^6..2^30
fpr -m 1e9 -n 1e6 -k 1000
plan -n 1e6 -m 1e9 -k 1000
plan -n 2^256 -m 1e9
plan -n 1e9 -m 64
plan -n 1e9 -p 0.999999
fpr -m 2^256 -n 1e9 -k 1000
fpr -m 2^256 -n 1e6 -k 1000
fpr -m 2^128 -n 2^20 -k 1000 --digits 1000
structures 0.999999 -n 1e6
plan -m 1e4 -p 1e-300
plan -m 1e6 -p 1e-300
plan -m 1e7 -p 1e-300
plan -m 1e3 -p 1e-30
plan -m 1 -p 1e-300
plan -m 64 -p 1e-300
plan -n 1 -m 1e9 -k 1000
fpr -m 1e9 -n 1 -k 1000
fpr -m 1e4 -n 1 -k 1000
fpr -m 2^128 -n 2^64 -k 300
fpr -m 1e4 -n 1 -k 1000 --digits 1000
plan -n 1e3 -m 1e9 -k 1000
plan -m 2^256 -p 0.5 -k 1000
plan -m 1e4 -p 1e-2 -k 1000
fpr -n 1 -m 1437758756606 -k 997 --layout blocked
plan -n 1e9 -p 1e-300 --layout blocked
table -n 2^256 -p 1e-300 --layout blocked
fpr -n 1e3 -m 1e9 -k 1000 --digits 300
fpr -m 2^128 -n 2^64 -k 300 --digits 1000
plan -n 1e3 -m 1e9 -k 1000 --digits 1000
table -n 1e3 -m 1e9 -k 1000 --digits 1000
converge -c 100 -k 1000 --digits 1000
fpr -n 1e3 -m 1e9 -k 1000 --digits 84
fpr -m 2^256 -n 842342840662128681428210943741170368532243274194763304792021890792027199452 -k 1000
plan -n 1 -m 1e4 -k 1000
fpr -m 2^128 -n 2^64 -k 300 --digits 800
fpr -m 2^128 -n 2^64 -k 300 --digits 226
plan -n 1e3 -m 1e9 -k 1000 --layout blocked
table -n 1e9 -p 1e-2 -k 1..1000
converge -c 10 -k 100 --digits 1000
converge -c 1 -k 7 -m 2^200..2^256 --digits 1000
converge -c 1 -k 100 -m 2^200..2^256 --digits 1000
converge -c 1 -k 1000 -m 2^200..2^256 --digits 1000
converge -c 10 -k 1000 --digits 1000
converge -c 100 -k 1000 -m 2^200..2^256
converge -c 1000 -k 1000 -m 2^10..2^60
table -n 2^6..2^30 -p 0.1..1e-10
fpr -m 2^11 -n 2 -k 1000
fpr -m 2^12 -n 4 -k 1000
fpr -m 2^14 -n 4 -k 1000
fpr -m 2^20 -n 16 -k 1000
fpr -m 2^16 -n 100 -k 1000
fpr -n 1e3 -m 1e9 -k 1000 --layout blocked --block-bits 2^20
fpr -n 1 -m 2^20 -k 1000 --layout blocked --block-bits 2^20
plan -n 1e6 -m 1e9 -k 300 --layout blocked
plan -n 1e9 -p 1e-40 --layout blocked
plan 1e9 1e-30 --layout blocked --block-bits 2^20
converge -c 1000 -k 1000 -m 2^10..2^17'

#!/bin/sh
# cli_hardening.sh BUILD - the programs under hostile or extreme use.
#
#  1. Nonsense is refused with a reason: for every command of bloomcalc and
#     bloomsim and every option, bad values (NaN, inf, empty, -0, 1e999999,
#     overflowing integers, rates >= 1, conflicting options) exit with
#     status 2, print nothing on stdout and one line on stderr naming the
#     argument, the value and what is accepted.
#  2. Extreme but valid values give correct answers, checked against bc(1)
#     at 100 to 1100 decimal digits (an independent calculator, formulas
#     written here, not the program's): bits per key = ln(1/p)/ln(2)^2,
#     m = ceil(n c) with (m - 1) < n c <= m, the approximation
#     (1 - e^(-kn/m))^k, for n from 1 to 2^64, p from 1e-30 to 0.999999,
#     m up to 2^100, k up to 1000, --digits up to 1000; no 0, inf or nan.
#  3. The simulator never takes the machine down: a run larger than the
#     memory budget is refused before allocating (exit 2, the figures in
#     the message), under "ulimit -v" too; an allocation failing mid-run is
#     reported (exit 1), not a crash; "--key-file /dev/zero" is refused.
#  4. SIGINT and SIGTERM end a long run quickly with the partial
#     measurement marked partial and exit status 130.  The only timing
#     asserted in the suite: signal to exit within 2 s (generous: the flag
#     is polled every trial and every 4096 keys, milliseconds apart).
#  5. Output files are written whole or not at all: neither program writes
#     files (results go to stdout), and data/generate.sh, which writes the
#     published tables, leaves neither a partial table nor a temporary file
#     when a command fails half-way.
# Ends with "cli-hardening: N passed, N failed".
set -u
. tests/command_checks.sh
checks_begin "$1"

# refuse_value OPTION-NAME VALUE PROGRAM ARGS... - like refuse, and the line
# must quote the value and say what is accepted.
refuse_value() {
    name=$1
    value=$2
    shift 2
    before=$failed
    refuse "$name" "$@"
    [ "$failed" -ne "$before" ] && return
    case $(cat "$err") in
    *"'$value'"*accepted*) ;;
    *) passed=$((passed - 1)); fail "$*: the message does not quote '$value' and the accepted forms: $(cat "$err")" ;;
    esac
}

# --- 1. nonsense is refused ---------------------------------------------

# Values no number option accepts.
for value in nan NaN inf -inf "" -0 1e999999 0x10 1e9x 2^99999 --; do
    [ "$value" = -- ] && continue
    refuse_value keys "$value" "$calc" plan -n "$value" -p 1%
    refuse_value rate "$value" "$calc" plan -n 1e9 -p "$value"
    refuse_value bits "$value" "$calc" fpr -m "$value" -n 8 -k 5
    refuse_value keys "$value" "$calc" fpr -m 64 -n "$value" -k 5
    refuse_value hashes "$value" "$calc" fpr -m 64 -n 8 -k "$value"
    refuse_value rate "$value" "$calc" table -n 1e9 -p "$value"
    refuse_value bits-per-key "$value" "$calc" converge -c "$value"
    refuse_value bits "$value" "$sim" fpr -m "$value" -n 8 -k 5
    refuse_value rate "$value" "$sim" plan -n 1000 -p "$value"
    refuse_value keys "$value" "$sim" lsm -L 3 -p 1% -n "$value"
    refuse_value hashes "$value" "$sim" delete -m 32 -n 3 -k "$value"
    refuse_value budget "$value" "$sim" verify --budget "$value"
done

# Out of range: overflowing integers, rates >= 1, zero, fractions where
# whole numbers are needed, every option of every command.
refuse_value keys 2^257 "$calc" plan -n 2^257 -p 1%
refuse_value keys 1.5 "$calc" plan 1.5 1%
refuse_value rate 1 "$calc" plan 1e9 1
refuse_value rate 100% "$calc" plan 1e9 100%
refuse_value rate 1.0000001 "$calc" plan 1e9 1.0000001
refuse_value rate 1e-301 "$calc" plan 1e9 1e-301
refuse_value bits 0 "$calc" plan -n 1e9 -m 0
refuse_value hashes 18446744073709551617 "$calc" plan 1e9 1% -k 18446744073709551617
refuse_value levels 1000001 "$calc" plan 1e9 1% -L 1000001
refuse_value digits 1001 "$calc" plan 1e9 1% --digits 1001
refuse_value digits 99999999999999999999999 "$calc" fpr -m 64 -n 8 -k 5 --digits 99999999999999999999999
refuse_value format XML "$calc" fpr -m 64 -n 8 -k 5 --format XML
refuse_value hashes 1001 "$calc" fpr -m 64 -n 8 -k 1001
refuse_value bits 2^64+1 "$calc" fpr -m 2^64+1 -n 8 -k 5
refuse_value keys 0..2^10 "$calc" table -n 0..2^10 -p 1%
refuse_value hashes 0,5 "$calc" table -n 1e9 -p 1% -k 0,5
refuse_value levels 1..1000001 "$calc" table -n 1e9 -p 1% -L 1..1000001
refuse_value bits 1e9,1.5 "$calc" table -p 1% -m 1e9,1.5
refuse_value bits 3^5..2^3 "$calc" table -p 1% -m 3^5..2^3
refuse_value columns "" "$calc" table -n 1e9 -p 1% --columns ""
refuse_value bits-per-key 100001 "$calc" converge -c 100001
refuse_value bits-per-key -0 "$calc" converge -c -0
refuse_value bits 1..4 "$calc" converge -m 1..4
refuse_value hashes 0 "$calc" converge -k 0
refuse_value trials 0 "$sim" fpr -m 64 -n 8 -k 5 --trials 0
refuse_value trials 2^41 "$sim" fpr -m 64 -n 8 -k 5 --trials 2^41
refuse_value queries 2^51 "$sim" fpr -m 64 -n 8 -k 5 --queries 2^51
refuse_value seed 18446744073709551616 "$sim" fpr -m 64 -n 8 -k 5 --seed 18446744073709551616
refuse_value threads 1025 "$sim" fpr -m 64 -n 8 -k 5 --threads 1025
refuse_value confidence 1 "$sim" fpr -m 64 -n 8 -k 5 --confidence 1
refuse_value confidence 0.4 "$sim" fpr -m 64 -n 8 -k 5 --confidence 0.4
refuse_value hash triple "$sim" fpr -m 64 -n 8 -k 5 --hash triple
refuse_value hash-function md5 "$sim" fpr -m 64 -n 8 -k 5 --hash-function md5
refuse_value counter-bits 0 "$sim" fpr -m 64 -n 8 -k 5 --filter counting --counter-bits 0
refuse_value filter cuckoo "$sim" fpr -m 64 -n 8 -k 5 --filter cuckoo
refuse_value overfill 1001 "$sim" fpr -m 64 -n 8 -k 5 --overfill 1001
refuse_value overfill -1 "$sim" fpr -m 64 -n 8 -k 5 --overfill -1
refuse_value key-file "" "$sim" fpr -m 64 -k 5 --key-file ""
refuse_value bits 2^41 "$sim" fpr -m 2^41 -n 8 -k 5
refuse_value keys 2^37 "$sim" plan 2^37 1%
refuse_value rate 1e-13 "$sim" plan 1000 1e-13
refuse_value levels 0 "$sim" lsm -L 0 -p 1% -n 1110
refuse_value size-ratio 0 "$sim" lsm -L 3 -p 1% -n 1110 --size-ratio 0
refuse_value lookups 1 "$sim" lsm -L 3 -p 1% -n 1110 --lookups 1
refuse_value trials 1 "$sim" lsm -L 3 -p 1% -n 1110 --trials 1
refuse_value keys 1 "$sim" delete -m 32 -n 1 -k 3
refuse_value bits 2^29 "$sim" delete -m 2^29 -n 3 -k 3
refuse_value budget 1e4 "$sim" verify --budget 1e4

# Option grammar: unknown, repeated, missing or surplus values, flags with
# values, extra positional arguments.
refuse "unknown option" "$calc" plan 1e9 1% --bogus
refuse "unknown option" "$sim" verify --bogus
refuse "more than once" "$calc" fpr -m 64 -m 64 -n 8 -k 5
refuse "more than once" "$sim" fpr -m 64 -n 8 -k 5 --seed 1 --seed 2
refuse "needs a value" "$calc" table -n 1e9 -p
refuse "needs a value" "$sim" lsm -L 3 -p 1% -n
refuse "takes no value" "$calc" converge --fit=yes
refuse "takes no value" "$sim" fpr -m 64 -n 8 -k 5 --check-members=1
refuse "unexpected argument" "$calc" fpr -m 64 -n 8 -k 5 extra
refuse "unexpected argument" "$sim" plan 1000 1% 5
refuse "unknown command" "$calc" ""
refuse "unknown command" "$sim" PLAN

# Conflicting or missing options.  Decided: -n, -p and -m together
# over-determine a plan (any two determine it; -k only fixes the hash count,
# so -m -p -k and -n -m -k are plans, not conflicts); a descending range
# such as -m 2^30..2^6 is accepted and halves (options.h).
refuse "over-determine" "$calc" plan -n 1e9 -p 1% -m 1e10 -k 7
refuse "over-determine" "$calc" table -n 1e9 -p 1% -m 1e10
refuse "needs two" "$calc" plan -k 7
refuse "needs two" "$calc" table -n 1e9
refuse "needs two" "$calc" fpr -n 8 -k 5
refuse "required" "$calc" fpr -n 8 -m 64
refuse "required" "$sim" fpr -m 64 -n 8
refuse "required" "$sim" lsm -L 3 -n 1110
refuse "required" "$sim" delete -m 32 -k 3
refuse "needs two of" "$sim" plan 1000
# a filter that sizing makes larger than bloomsim builds (-c, or a plan's m), before any memory check
refuse "largest filter" "$sim" fpr -n 2^39 -c 10 -k 7
refuse "largest filter" "$sim" plan -n 2^36 -c 100
refuse "largest filter" "$sim" plan 2^36 1e-12
refuse "level" "$sim" lsm -L 3 -p 1% -n 1110 --level 4
refuse "too few bits" "$calc" plan -m 2 -p 1e-9
refuse "at least two sizes" "$calc" converge -m 2^6 --fit
refuse "rows" "$calc" table -n 1..2^20 -p 0.5..1e-6 -L 1..10000
"$calc" table -m 2^30..2^6 -p 1% --columns m_bits >"$out" 2>"$err"
if [ $? -eq 0 ] && [ "$(tr -d '\r' <"$out" | sed -n '2p;$p' | tr '\n' ' ')" = "1073741824 64 " ]; then
    pass
else
    fail "table -m 2^30..2^6 should list 25 sizes from 2^30 down to 2^6: $(cat "$out" "$err")"
fi

# --- 2. extreme values against bc ---------------------------------------

# value KEY - the value of KEY in the JSON record in $out, in bc syntax
# (1.5e-300 becomes 1.5*10^(-300)).
value() {
    sed -n "s/^ *\"$1\": \\([^,]*\\),\\{0,1\\}\$/\\1/p" "$out" | sed 's/e\(-\{0,1\}[0-9]*\)$/*10^(\1)/'
}

# holds DESCRIPTION BC-CONDITION - passes when bc evaluates it to 1.
holds() {
    if [ "$(printf 'scale=%s\n%s\n' "${scale:-400}" "$2" | BC_LINE_LENGTH=0 bc -l)" = 1 ]; then
        pass
    else
        fail "$1 (bc: $2)"
    fi
}

# relatively_close DESCRIPTION PRINTED EXACT DIGITS - |printed - exact| <=
# |exact| 10^(1-DIGITS) / 2: the printed value is the exact one correctly
# rounded to DIGITS significant digits (within the half unit of the last).
relatively_close() {
    holds "$1" "x = ($2) - ($3); if (x < 0) x = -x; y = $3; if (y < 0) y = -y; x <= y * 10^(1-$4) / 2"
}

# ceiling_of DESCRIPTION M EXACT - (M - 1) < EXACT <= M.
ceiling_of() {
    holds "$1" "m = $2; c = $3; (m - 1 < c) && (c <= m)"
}

run_json() {
    "$calc" "$@" --format json >"$out" 2>"$err" || { fail "bloomcalc $*: exit $?: $(cat "$err")"; return 1; }
    if grep -Eiq '(nan|inf)|"fpr_[a-z]*": -?0(\.0*)?,?$' "$out"; then fail "bloomcalc $*: 0, inf or nan printed"; return 1; fi
    return 0
}

# bits_per_key P - ln(1/P)/ln(2)^2 in bc.
bits_per_key() { echo "(l(1 / ($1)) / l(2)^2)"; }
# n = 2^64, p = 1e-30 (the limits): 143.775875661 bits a key, m above 2^64, rates ~1e-30.
if run_json plan 2^64 1e-30 --digits 12; then
    relatively_close "bits per key at p=1e-30" "$(value bits_per_key)" "$(bits_per_key "10^(-30)")" 12
    ceiling_of "m = ceil(n c) at n=2^64, p=1e-30" "$(value m_bits)" "2^64 * $(bits_per_key "10^(-30)")"
    holds "m beyond 64 bits is printed whole" "$(value m_bits) > 2^64"
    m=$(value m_bits)
    relatively_close "(1 - e^(-kn/m))^k at n=2^64, p=1e-30" "$(value fpr_approx)" \
        "e($(value k) * l(1 - e(-$(value k) * 2^64 / $m)))" 12
    holds "the exact rate at n=2^64 is about 1e-30" "x = $(value fpr_exact); x > 10^(-31) && x < 10^(-29)"
    holds "k = 100, the integer nearest log2(1/p) (99.66)" "$(value k) == 100"
fi
# n = 1, p = 0.999999: m = 1 bit.
if run_json plan -n 1 -p 0.999999; then
    ceiling_of "m = ceil(c) for one key at p=0.999999" "$(value m_bits)" "$(bits_per_key 0.999999)"
    relatively_close "bits per key at p=0.999999" "$(value bits_per_key)" "$(bits_per_key 0.999999)" 9
fi
# m = 2^64 bits, n = 2^54 keys, k = 10.
if run_json fpr -m 2^64 -n 2^54 -k 10; then
    relatively_close "(1 - e^(-kn/m))^k at m=2^64" "$(value fpr_approx)" "e(10 * l(1 - e(-10 / 1024)))" 9
fi
# k = 100: (1 - e^-1)^100 ~ 1.1e-20 at m = 1e6, n = 1e4.
if run_json fpr -m 1e6 -n 1e4 -k 100; then
    relatively_close "(1 - e^-1)^100" "$(value fpr_approx)" "e(100 * l(1 - e(-1)))" 9
    holds "exact rate above the approximation at k=100" "$(value fpr_exact) > $(value fpr_approx)"
fi
# --digits 100: bits per key at 1 % with 100 correct digits.
if run_json plan 1e9 1% --digits 100; then
    scale=200 relatively_close "bits per key at 1 % to 100 digits" "$(value bits_per_key)" \
        "$(bits_per_key 1/100)" 100
    digits=$(value bits_per_key | tr -d '.' | sed 's/^0*//')
    [ "${#digits}" -eq 100 ] && pass || fail "--digits 100 printed ${#digits} digits"
fi

# --- 3. memory ----------------------------------------------------------

BLOOMSIM_MEMORY_LIMIT=1000000 "$sim" fpr -m 1e8 -n 1e6 -k 7 --threads 1 >"$out" 2>"$err"
rc=$?
if [ "$rc" -eq 2 ] && [ ! -s "$out" ] && grep -q 'needs about [0-9]* bytes.*1000000 bytes.*available (BLOOMSIM_MEMORY_LIMIT)' "$err"; then
    pass
else
    fail "a run over BLOOMSIM_MEMORY_LIMIT: exit $rc: $(cat "$err")"
fi
BLOOMSIM_MEMORY_LIMIT=50000000 "$sim" fpr -m 64 -k 5 --key-file /dev/zero >"$out" 2>"$err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q 'key-file.*/dev/zero.*available' "$err"; then pass; else fail "--key-file /dev/zero: exit $rc: $(cat "$err")"; fi
# A budget that is not a byte count is refused, not replaced by MemAvailable;
# a directory is not a key file (it once got a 2^63-byte memory refusal).
for limit in abc 0 -5 12x 1e9 8GiB; do
    BLOOMSIM_MEMORY_LIMIT=$limit refuse "BLOOMSIM_MEMORY_LIMIT: '$limit' is not a byte count" \
        "$sim" fpr -m 64 -n 8 -k 5
done
BLOOMSIM_MEMORY_LIMIT=  "$sim" fpr -m 64 -n 8 -k 5 --trials 10 >"$out" 2>"$err"
check "an empty BLOOMSIM_MEMORY_LIMIT is unset: exit $?" $?
refuse "--key-file: . is a directory" "$sim" fpr -m 64 -k 5 --key-file .

# ulimit -v cannot be combined with AddressSanitizer (it reserves terabytes
# of address space), so these run only where a program starts under it.
if sh -c 'ulimit -v 400000 && exec "$1" --version' sh "$sim" >/dev/null 2>&1; then
    (ulimit -v 400000 && exec "$sim" fpr -m 2^34 -n 1 -k 1 --threads 1) >"$out" 2>"$err"
    rc=$?
    if [ "$rc" -eq 2 ] && grep -q 'available (ulimit -v)' "$err"; then pass; else fail "ulimit -v: exit $rc: $(cat "$err")"; fi
    # The budget says yes (BLOOMSIM_MEMORY_LIMIT), the allocation says no.
    (ulimit -v 400000 && BLOOMSIM_MEMORY_LIMIT=1000000000000 exec "$sim" fpr -m 2^34 -n 10 -k 1 \
        --threads 1 --trials 2 --queries 10) >"$out" 2>"$err"
    rc=$?
    if [ "$rc" -eq 1 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q 'memory' "$err"; then
        pass
    else
        fail "allocation failure mid-run: exit $rc (expected 1 and a message): $(cat "$err")"
    fi
else
    echo "cli-hardening: ulimit -v checks skipped (sanitizer build)"
fi

# --- 4. signals ---------------------------------------------------------

now_ms() { echo $(($(date +%s%N) / 1000000)); }
for signal in INT TERM; do
    "$sim" fpr -m 1e6 -n 1e5 -k 7 --trials 1e9 --queries 1e4 --threads 2 --format csv >"$out" 2>"$err" &
    pid=$!
    sleep 1
    sent=$(now_ms)
    kill -s "$signal" "$pid"
    wait "$pid"
    rc=$?
    elapsed=$(($(now_ms) - sent))
    if [ "$rc" -eq 130 ] && [ "$elapsed" -lt 2000 ] \
       && [ "$(tr -d '\r' <"$out" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "partial") c = i } NR == 2 { print $c }')" = yes ]; then
        pass
    else
        fail "SIG$signal: exit $rc after $elapsed ms (expected 130 within 2000 ms and partial=yes): $(head -c 300 "$out") $(cat "$err")"
    fi
done

# --- 5. output files ----------------------------------------------------

# A build whose bloomcalc prints half a table and fails: data/generate.sh
# must leave no table and no temporary file behind.
mkdir -p "$scratch/build" "$scratch/data"
printf '#!/bin/sh\necho "p,m_bits"\necho "0.1,4792529189"\nexit 1\n' >"$scratch/build/bloomcalc"
chmod +x "$scratch/build/bloomcalc"
data/generate.sh "$scratch/build" "$scratch/data" >/dev/null 2>&1
rc=$?
if [ "$rc" -ne 0 ] && [ -z "$(ls -A "$scratch/data")" ]; then
    pass
else
    fail "data/generate.sh after a failing command: exit $rc, left: $(ls -A "$scratch/data")"
fi

# An argument holding control characters is quoted escaped (\n, \t, \xHH), so the message stays
# one line and no escape sequence reaches the terminal: an option value, a command name, a file.
newline=$(printf '1\n2')
escape=$(printf 'pl\033[31man')
tab=$(printf 'x\ty')
refuse "'1\\n2' is not a number" "$calc" plan -n "$newline" -p 1%
refuse "'1\\n2' is not a number" "$sim" plan "$newline" 1%
refuse "unknown command 'pl\\x1b[31man'" "$calc" "$escape"
refuse "unknown command 'pl\\x1b[31man'" "$sim" "$escape"
refuse "--format: 'x\\ty'" "$calc" plan 1e6 1% --format "$tab"
refuse "'a\\nb'" "$sim" merge "$(printf 'a\nb')"

checks_end cli-hardening

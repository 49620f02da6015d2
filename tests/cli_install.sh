#!/bin/sh
# cli_install.sh BUILD - "make install" gives a library and tools that work
# like any Debian library's (calc/install.mk):
#   - install into a scratch DESTDIR: programs, shared library with its
#     soname and links, static library, pkg-config file, public headers only
#     (an umbrella header that includes every one), man pages, completion;
#   - the example of bloomcalc(3), taken from the installed manual page, built
#     as C and as C++ with `pkg-config --cflags --libs bloomcalc`, shared and
#     static, runs and prints the exact rate of m = 64, n = 8, k = 5 to 30
#     digits and the bits of a billion keys at 1 %, both derived here
#     independently (python3: the exact rate as a fraction by enumerating the
#     number of set bits, rounded with Decimal; the bits from ln in Decimal);
#   - every man page renders with groff's warnings on and none printed; every
#     command and every option of every --help appears in its man page, and
#     so does every output key of the registry (bloomcalc keys) and the exit
#     statuses;
#   - the completion scripts complete a command, an option and an option's
#     values in bash;
#   - "make uninstall" leaves nothing behind.
# The sanitizer build's objects need the sanitizer runtime to link, so this
# runs for the plain build only.
set -u
build=$1
. "$(dirname "$0")/command_checks.sh"
checks_begin
# expect NAME COMMAND... : one check, passing when COMMAND succeeds.
expect() {
    name=$1
    shift
    "$@" >/dev/null 2>&1
    check "$name" $?
}
if [ "${BLOOM_TEST_LABEL:-}" = sanitizer ]; then
    echo "install: tested in the plain run only"
    checks_end install
    exit $?
fi
destdir=$scratch/root
prefix=/usr/local
root=$destdir$prefix

expect "make install succeeds" make -s BUILD="$build" DESTDIR="$destdir" PREFIX="$prefix" install

for file in bin/bloomcalc bin/bloomsim lib/libbloomcalc.a lib/libbloomcalc.so lib/pkgconfig/bloomcalc.pc \
            include/bloomcalc/bloomcalc.h include/bloomcalc/version.h share/man/man1/bloomcalc.1 \
            share/man/man1/bloomsim.1 share/man/man3/bloomcalc.3 \
            share/bash-completion/completions/bloomcalc share/bash-completion/completions/bloomsim; do
    expect "installed $file" test -e "$root/$file"
done
soname=$(readelf -d "$root/lib/libbloomcalc.so" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
expect "the shared library's soname is libbloomcalc.so.MAJOR" expr "$soname" : 'libbloomcalc\.so\.[0-9][0-9]*$'
expect "the soname link exists" test -e "$root/lib/$soname"

# Only the public headers, and the umbrella includes each of them.
installed=$(cd "$root/include/bloomcalc" && ls | sort | tr '\n' ' ')
public=$(cd calc/include/bloomcalc && ls *.h | sort | tr '\n' ' ')
expect "exactly the public headers are installed" test "$installed" = "$public"
for header in calc/include/bloomcalc/*.h; do
    name=$(basename "$header")
    [ "$name" = bloomcalc.h ] && continue
    expect "bloomcalc.h includes $name" grep -q "^#include \"$name\"" calc/include/bloomcalc/bloomcalc.h
    expect "$name has extern \"C\" guards" grep -q 'extern "C"' "$header"
done

# The example of bloomcalc(3), built against the installed library.
export PKG_CONFIG_PATH="$root/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$destdir"
sed -n '/^\.\\" EXAMPLE BEGIN/,/^\.\\" EXAMPLE END/p' "$root/share/man/man3/bloomcalc.3" \
    | sed '1d;$d' | sed 's/\\e/\\/g' >"$scratch/example.c"
expect "the manual's example is there" grep -q bloom_fpr_exact "$scratch/example.c"
version=$(sed -n 's/^#define BLOOMCALC_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' \
          calc/include/bloomcalc/version.h | paste -sd.)
python3 - "$version" >"$scratch/expected" <<'PY'
import sys
from decimal import Decimal, getcontext, ROUND_HALF_EVEN
from fractions import Fraction
from math import comb
# Exact rate E[(X/m)^k]: the distribution of the number X of set bits after
# kn uniform probes into m bits (occupancy: P(X = x) = C(m,x) x! S(kn,x) / m^kn).
m, n, k = 64, 8, 5
t = k * n
stirling = [[0] * (t + 1) for _ in range(t + 1)]
stirling[0][0] = 1
for i in range(1, t + 1):
    for j in range(1, i + 1):
        stirling[i][j] = j * stirling[i - 1][j] + stirling[i - 1][j - 1]
rate = Fraction(0)
falling = 1
for x in range(1, min(m, t) + 1):
    falling *= m - x + 1
    rate += Fraction(falling * stirling[t][x], m ** t) * Fraction(x, m) ** k
getcontext().prec = 80
value = Decimal(rate.numerator) / Decimal(rate.denominator)
digits = value.quantize(Decimal(1).scaleb(value.adjusted() - 29), rounding=ROUND_HALF_EVEN)
print("exact rate", digits)
getcontext().prec = 60
bits = Decimal(10) ** 9 * (Decimal(100).ln() / Decimal(2).ln() ** 2)
print("bits %d (library %s)" % (int(bits.to_integral_value(rounding="ROUND_CEILING")), sys.argv[1]))
PY

build_and_run() {   # build_and_run LABEL COMPILER LINK_MODE
    label=$1
    compiler=$2
    if [ "$3" = static ]; then
        flags="-static $(pkg-config --static --cflags --libs bloomcalc)"
    else
        flags=$(pkg-config --cflags --libs bloomcalc)
    fi
    # shellcheck disable=SC2086
    if ! $compiler -o "$scratch/$label" "$scratch/example.$4" $flags 2>"$scratch/$label.errors"; then
        fail "$label builds: $(head -c 300 "$scratch/$label.errors")"
        return
    fi
    LD_LIBRARY_PATH="$root/lib" "$scratch/$label" >"$scratch/$label.out" 2>&1
    check "$label runs" $?
    expect "$label prints the independently derived rate and bits" cmp -s "$scratch/$label.out" "$scratch/expected"
    if [ "$3" = shared ]; then
        expect "$label uses the installed shared library" \
            sh -c "LD_LIBRARY_PATH='$root/lib' ldd '$scratch/$label' | grep -q '$root/lib/$soname'"
    else
        expect "$label is linked statically" sh -c "! ldd '$scratch/$label' >/dev/null 2>&1"
    fi
}
cp "$scratch/example.c" "$scratch/example.cc"
build_and_run example-c-shared cc shared c
build_and_run example-c-static cc static c
build_and_run example-cxx-shared c++ shared cc
build_and_run example-cxx-static c++ static cc

# Man pages: no groff warnings; every command and option of --help documented.
for page in man1/bloomcalc.1 man1/bloomsim.1 man3/bloomcalc.3; do
    groff -man -Tascii -ww -z "$root/share/man/$page" >"$scratch/groff.out" 2>&1
    expect "$page renders with no warnings" test ! -s "$scratch/groff.out"
done
for program in bloomcalc bloomsim; do
    text=$scratch/$program.txt
    groff -man -Tascii "$root/share/man/man1/$program.1" 2>/dev/null | col -b | tr -s ' \n' '  ' >"$text"
    commands=$("$build/$program" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/ { print $1 }')
    for command in $commands; do
        expect "$program.1 documents $command" grep -q "$program $command" "$text"
        for option in $("$build/$program" "$command" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
            expect "$program.1 documents $command $option" grep -q -- "$option" "$text"
        done
    done
    for key in $("$build/bloomcalc" keys --format csv | tr -d '\r' | sed 1d | cut -d, -f1); do
        expect "$program.1 documents output key $key" grep -q -- " $key " "$text"
    done
    expect "$program.1 documents the exit statuses" grep -q "EXIT STATUS" "$text"
done

# Completion, sourced in bash.
completions=$root/share/bash-completion/completions
complete_words() {   # complete_words PROGRAM WORD... : what completing the last word offers
    program=$1
    shift
    bash -c '. "$1"; shift; program=$1; shift; COMP_WORDS=("$program" "$@"); COMP_CWORD=$#;
             "_$program"; printf "%s\n" "${COMPREPLY[@]}"' sh "$completions/$program" "$program" "$@"
}
expect "bloomcalc completes 'pla' to plan" test "$(complete_words bloomcalc pla)" = plan
expect "bloomcalc completes 'plo' to plot" test "$(complete_words bloomcalc plo)" = plot
expect "bloomcalc plot --output completes file names" \
    test "$(cd "$scratch" && complete_words bloomcalc plot --output groff.o)" = groff.out
expect "bloomcalc plan completes '--lay' to --layout" test "$(complete_words bloomcalc plan --lay)" = --layout
expect "bloomcalc plan --layout completes 'sp' to split-block" \
    test "$(complete_words bloomcalc plan --layout sp)" = split-block
expect "bloomsim completes 've' to verify" test "$(complete_words bloomsim ve)" = verify
expect "bloomsim fpr completes '--thr' to --threads" test "$(complete_words bloomsim fpr --thr)" = --threads

expect "make uninstall succeeds" make -s BUILD="$build" DESTDIR="$destdir" PREFIX="$prefix" uninstall
left=$(find "$destdir" \( -type f -o -type l \) | sed "s|^$destdir||")
expect "make uninstall leaves no file behind${left:+ (left: $left)}" test -z "$left"

checks_end install

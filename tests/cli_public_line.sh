#!/bin/sh
# cli_public_line.sh BUILD - the public line of libbloomcalc, as MPFR and
# CRoaring draw theirs (calc/include/bloomcalc/export.h):
#   - the shared library exports exactly what the installed headers declare:
#     the dynamic symbols it defines (nm -D) against the functions the
#     compiler reads from the umbrella header (gcc -aux-info, which lists
#     every prototype with the file that declares it) and the data the
#     headers declare extern; a helper of calc/src exported by accident, or a
#     declaration the library does not export, fails by name;
#   - every declaration of the headers carries BLOOM_EXPORT;
#   - the library keeps no mutable global state: no object of its archive
#     has a symbol in .data or .bss (constant tables live in .rodata or
#     .data.rel.ro; what a thread keeps for itself, the precision limit and
#     the Guava model's cache, lives in .tdata or .tbss).
# The sanitizer build adds its own instrumentation symbols, so this runs
# for the plain build only.
set -u
build=$1
. "$(dirname "$0")/command_checks.sh"
checks_begin
if [ "${BLOOM_TEST_LABEL:-}" = sanitizer ]; then
    echo "public-line: tested in the plain run only"
    checks_end public-line
    exit $?
fi
headers=calc/include/bloomcalc
shared=$build/libbloomcalc.so

nm -D --defined-only "$shared" | awk 'NF == 3 { print $3 }' | sort -u >"$scratch/exported"
printf '#include "bloomcalc.h"\n' >"$scratch/umbrella.c"
cc -std=c11 -I"$headers" -fsyntax-only -aux-info "$scratch/prototypes" "$scratch/umbrella.c"
check "the umbrella header compiles" $?
{
    grep "^/\* $headers/" "$scratch/prototypes" | grep -v '\bstatic\b' \
        | sed 's|^/\*[^*]*\*/ *||; s/ *(.*//; s/.*[ *]//'
    grep -h '^BLOOM_EXPORT extern ' "$headers"/*.h | sed 's/ *\(\[[^]]*\]\)* *;.*//; s/.*[ *]//'
} | sort -u >"$scratch/declared"
[ "$(wc -l <"$scratch/declared")" -gt 100 ]
check "the headers declare the API (more than 100 names read)" $?

comm -23 "$scratch/exported" "$scratch/declared" >"$scratch/extra"
comm -13 "$scratch/exported" "$scratch/declared" >"$scratch/missing"
[ ! -s "$scratch/extra" ]
check "exported but not declared in $headers: $(tr '\n' ' ' <"$scratch/extra")" $?
[ ! -s "$scratch/missing" ]
check "declared in $headers but not exported: $(tr '\n' ' ' <"$scratch/missing")" $?

# Every prototype line the compiler names starts with BLOOM_EXPORT.
unmarked=$(grep "^/\* $headers/" "$scratch/prototypes" | grep -v '\bstatic\b' \
    | sed 's|^/\* \([^:]*\):\([0-9]*\):.*|\1 \2|' | while read -r file line; do
        sed -n "${line}p" "$file" | grep -q '^BLOOM_EXPORT ' || echo "$file:$line"
    done | tr '\n' ' ')
[ -z "$unmarked" ]
check "declarations without BLOOM_EXPORT: $unmarked" $?

# No mutable global state: nothing of the archive in .data or .bss.
objdump -t "$build/libbloomcalc.a" | awk '$0 ~ / O \.(data|bss)[.\t ]/ && $0 !~ /\.data\.rel\.ro/ { print $NF }' \
    | sort -u >"$scratch/mutable"
[ ! -s "$scratch/mutable" ]
check "mutable global state in the library: $(tr '\n' ' ' <"$scratch/mutable")" $?

checks_end public-line

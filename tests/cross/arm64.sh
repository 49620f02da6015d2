#!/bin/bash
# tests/cross/arm64.sh NATIVE_BUILD ARM64_BUILD - "make check-arm64": both
# programs and the calculator's library cross-built for arm64 (Debian's
# cross compiler and the multiarch arm64 GMP, MPFR, MPFI and xxHash), then
# run under qemu-user beside the native build: every command's standard
# output, standard error and exit status must be the same bytes.  An arm64
# build compiles none of the x86-64 vector paths (sim/filter/cpu_features.h),
# so the comparison holds the portable paths to the AVX-512 ones the native
# build takes where the processor has them: the large runs go through the
# bulk engine (filters of 8 MiB or more, sim/engine/bulk.c) with the
# blocked, split-block and partitioned layouts and the standard one above
# 2^28 bits, whose keys are hashed and drawn eight to a vector on x86-64.  The example of bloomcalc(3) is built
# against each build's shared library and compared the same way.  Also
# checks that clang --target=aarch64-linux-gnu -fsyntax-only passes on
# every source and test (the x86 guards hold without the cross compiler's
# own headers deciding).
# Installs what it needs when missing (as root, on Debian: CI's fresh
# machine); ARM64_INSTALL=0 skips the installs.
# Closing line: "check-arm64: N passed, N failed".
set -uo pipefail
native=${1:-build}
cross=${2:-build/arm64}
cd "$(dirname "$0")/../.." || exit 1
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok    $*"; }
fail() { failed=$((failed + 1)); echo "FAIL  $*"; }
finish() { echo "check-arm64: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }
mkdir -p "$cross/smoke"
out="$cross/smoke"

# --- installs ------------------------------------------------------------------
packages="gcc-aarch64-linux-gnu libc6-dev-arm64-cross libgmp-dev:arm64 libmpfr-dev:arm64 libmpfi-dev:arm64
          libxxhash-dev:arm64 qemu-user clang"
if [ "${ARM64_INSTALL:-1}" = 1 ] && ! dpkg -s $packages >/dev/null 2>&1; then
    echo "== installing the arm64 cross toolchain, libraries and qemu-user"
    { dpkg --add-architecture arm64 &&
      apt-get update -q -o DPkg::Lock::Timeout=600 &&
      apt-get install -y -q -o DPkg::Lock::Timeout=600 $packages; } >"$out/apt.log" 2>&1 ||
        { tail -5 "$out/apt.log"; fail "apt-get install $(echo $packages)"; finish; }
fi

# --- builds --------------------------------------------------------------------
echo "== building $native (native) and $cross (aarch64-linux-gnu-gcc)"
make --no-print-directory -j2 BUILD="$native" programs >"$out/native.log" 2>&1 ||
    { tail -5 "$out/native.log"; fail "make programs (native)"; finish; }
make --no-print-directory -j2 BUILD="$cross" CC=aarch64-linux-gnu-gcc programs >"$out/cross.log" 2>&1 ||
    { tail -5 "$out/cross.log"; fail "make programs (arm64)"; finish; }
for file in bloomcalc bloomsim libbloomcalc.so libbloomcalc.a; do
    # every member of an archive too
    if [ "$(readelf -h "$cross/$file" 2>/dev/null | sed -n 's/^ *Machine: *//p' | sort -u)" = AArch64 ]; then
        pass "$cross/$file is an AArch64 file"
    else
        fail "$cross/$file is an AArch64 file"
    fi
done

# Every source and test, as the arm64 target sees it, by a second compiler.
syntax_failures=0
includes="-Icalc/include -Icalc/include/bloomcalc -Icalc/src -Icalc/cli -Icalc/bloomcalc -Isim/filter -Isim/engine
          -Isim/judge -Isim/shard -Isim/bloomsim -Itests"
for source in calc/src/*.c calc/cli/*.c calc/bloomcalc/*.c sim/*/*.c tests/*.c; do
    clang --target=aarch64-linux-gnu -fsyntax-only -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
        -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes $includes "$source" \
        >>"$out/syntax.log" 2>&1 || { syntax_failures=$((syntax_failures + 1)); echo "  $source"; }
done
if [ "$syntax_failures" -eq 0 ]; then
    pass "clang --target=aarch64-linux-gnu -fsyntax-only of every source and test"
else
    fail "clang --target=aarch64-linux-gnu -fsyntax-only: $syntax_failures files ($out/syntax.log)"
fi

# --- the same bytes under qemu-user ----------------------------------------------
# qemu-aarch64 runs the programs with the multiarch arm64 loader and libraries
# (/lib/ld-linux-aarch64.so.1, /usr/lib/aarch64-linux-gnu); "-L
# /usr/aarch64-linux-gnu", the cross libc instead, hung bloomsim in qemu 7.2.
count=0
# same_bytes PROGRAM ARGS...: PROGRAM (bloomcalc, bloomsim or a path under the
# builds) run natively and under qemu; stdout, stderr and status compared.
same_bytes() {
    local program=$1
    shift
    count=$((count + 1))
    local native_out="$out/$count.native" cross_out="$out/$count.arm64"
    "$native/$program" "$@" >"$native_out.out" 2>"$native_out.err"
    echo $? >"$native_out.status"
    timeout -s KILL 120 qemu-aarch64 "$cross/$program" "$@" >"$cross_out.out" 2>"$cross_out.err"
    echo $? >"$cross_out.status"
    if cmp -s "$native_out.out" "$cross_out.out" && cmp -s "$native_out.err" "$cross_out.err" &&
       cmp -s "$native_out.status" "$cross_out.status" && [ -s "$native_out.out" -o -s "$native_out.err" ]; then
        pass "$program${*:+ $*} (status $(cat "$native_out.status"), $(wc -c <"$native_out.out") bytes)"
    else
        fail "$program${*:+ $*}: $native_out.* and $cross_out.* differ"
    fi
}

echo "== native and arm64 (qemu-aarch64) outputs"
same_bytes bloomcalc plan 1e9 1%
same_bytes bloomcalc fpr -m 1e6 -n 1e5 -k 7
same_bytes bloomcalc fpr -m 960 -n 100 -k 7 --library guava
same_bytes bloomcalc compare 1e6 1%
same_bytes bloomcalc table -n 1e3..1e9 -p 1e-2,1e-6 --format csv
same_bytes bloomcalc plan 1e9 2
same_bytes bloomsim fpr -m 1e5 -n 1e4 -k 7 --trials 4 --seed 1 --threads 2
same_bytes bloomsim plan 1e4 1% --trials 4 --seed 1 --threads 2
same_bytes bloomsim fpr -m 960 -n 100 -k 7 --library guava --trials 200 --seed 1 --threads 2
same_bytes bloomsim fpr -m 7e7 -n 7e6 -k 7 --layout blocked --trials 1 --queries 1e6 --seed 1 --threads 2
same_bytes bloomsim fpr -m 7e7 -n 7e6 -k 8 --layout split-block --trials 1 --queries 1e6 --seed 1 --threads 2
same_bytes bloomsim fpr -m 7e7 -n 7e6 -k 7 --layout partitioned --trials 1 --queries 1e6 --seed 1 --threads 2
same_bytes bloomsim fpr -m 3e8 -n 3e6 -k 7 --trials 1 --queries 1e6 --seed 1 --threads 2

# The example of bloomcalc(3) against each build's shared library.
sed -n '/^\.\\" EXAMPLE BEGIN/,/^\.\\" EXAMPLE END/p' calc/bloomcalc.3 | sed '1d;$d' | sed 's/\\e/\\/g' \
    >"$out/example.c"
cc -std=c11 -Icalc/include "$out/example.c" -L"$native" -lbloomcalc -lmpfi -lmpfr -lgmp \
    -Wl,-rpath,"$PWD/$native" -o "$native/smoke_example" &&
aarch64-linux-gnu-gcc -std=c11 -Icalc/include "$out/example.c" -L"$cross" -lbloomcalc -lmpfi -lmpfr -lgmp \
    -Wl,-rpath,"$PWD/$cross" -o "$cross/smoke_example" &&
    same_bytes smoke_example || fail "the example of bloomcalc(3) built against both shared libraries"
finish

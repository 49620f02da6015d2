#!/bin/bash
# tests/peers/standalone.sh BUILD PACKAGES NAME - sourced by a check script of
# tests/peers when it runs alone rather than sourced by run.sh: gives it what
# run.sh gives it (build, here, out, calc, confidence, the pass and fail
# counters, check_sim_overlap) and installs the Debian PACKAGES it needs
# (PEERS_INSTALL=0 skips the install; the log goes to BUILD/peers/apt_NAME.log).
# shellcheck disable=SC2034  # read by the script that sources this one
build=${1:-build}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out="$build/peers"
calc="$build/bloomcalc"
confidence=0.999
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok    $*"; }
fail() { failed=$((failed + 1)); echo "FAIL  $*"; }
. "$here/sim_overlap.sh"
mkdir -p "$out"
if [ "${PEERS_INSTALL:-1}" = 1 ]; then
    # shellcheck disable=SC2086  # the packages, one word each
    apt-get install -y -q -o DPkg::Lock::Timeout=600 $2 >"$out/apt_$3.log" 2>&1 ||
        fail "apt-get install $2"
fi

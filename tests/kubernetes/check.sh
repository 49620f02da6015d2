#!/bin/sh
# check.sh BUILD - make check-kubernetes: installs Debian's Kubernetes
# Python client (python3-kubernetes) when it is missing and runs check.py
# with Debian's own python3, where that package installs.
set -eu
build=$1
cd "$(dirname "$0")/../.."
if ! /usr/bin/python3 -c 'import kubernetes, yaml' 2>/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-kubernetes python3-yaml >/dev/null
fi
exec /usr/bin/python3 tests/kubernetes/check.py "$build"

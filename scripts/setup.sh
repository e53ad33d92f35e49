#!/usr/bin/env bash
# Installs the Debian packages dat4j's build and tests need, if any is missing. Idempotent; quiet when all is there.
# The C DAT headers (libdapl-dev) feed the porting-table test, the librdmacm/verbs headers the FFM layout test,
# dapl2-utils/rdmacm-utils/perftest/libfabric-bin are the C references that tests and benchmarks run beside dat4j;
# ucx-utils (ucx_perftest) and libucx0 (which JUCX, a benchmark peer, loads) and python3 serve scripts/bench-peers.sh,
# as does libfabric-dev (its C peer scripts/peers/fi-shm-peer.c, built with gcc; nothing in ./mvnw verify needs it);
# kmod (depmod, modprobe) resolves the guest kernel's netem modules before the Soft-RoCE runner installs its own;
# jq reads `dat providers --json` and `dat conformance --json` in the guest job.
# The JDK 25 itself is found by ./mvnw; Maven comes with the wrapper.
set -euo pipefail
packages=(gcc libc6-dev libdapl-dev dapl2-utils librdmacm-dev libibverbs-dev librdmacm1 libibverbs1 rdmacm-utils
  ibverbs-providers perftest libfabric-bin libfabric-dev ucx-utils libucx0 python3 bc kmod jq)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing Debian packages: ${missing[*]}; run as root or: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

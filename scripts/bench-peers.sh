#!/bin/sh
# bench-peers.sh: dat4j against the peers its users would pick, two processes on one host, in one run.
#
#   scripts/bench-peers.sh [OPTIONS] [OUTDIR]          (default OUTDIR: target/bench/peers-<UTC time>)
#   scripts/bench-peers.sh --help | --list
#   scripts/bench-peers.sh --quick                     (smoke test: 1 round, short runs, fixed warm-ups)
#   scripts/bench-peers-report.py OUTDIR               (tables and plots again from OUTDIR/runs.json)
#
# TCP on loopback (issue 19): dat perf lat (dat_evd_wait, and --poll) and dat perf bw (send, rdma_write) over IA
# tcp-lo; the NIO baselines (NioBaseline: blocking ping-pong, busy-polling ping-pong, stream); ucx_perftest (tag_lat,
# tag_bw, ucp_put_bw; UCX_TLS=tcp on lo; latency = twice the half round trip it prints); JUCX 1.14.100 (JucxPeer,
# UCX_TLS=tcp); fi_pingpong -p tcp -e msg (FI_TCP_IFACE=lo).
# Shared memory (issue 18): ucx_perftest and JUCX with UCX_TLS=posix,cma, fi_pingpong -p shm, libfabric shm's RMA
# writes (fi-shm-peer, scripts/peers/fi-shm-peer.c: with CMA, with FI_SHM_DISABLE_CMA=1, and with DAT's ordering),
# Aeron IPC (AeronIpcPeer, embedded media driver), and dat perf over IA shm0 (also with -Ddat4j.shm.cma=off) when
# `dat providers --json` lists it (skipped with the reason until then).
# Placements: "same" (server and client pinned to one CPU) and "split" (one CPU each), reported apart; rounds repeat
# every pair in the same order and the tables give medians, ratios taken round by round against the NIO baseline and
# the C peers of the same run. Writes OUTDIR/results.json, tables.md, series.csv, PNG plots, runs.json and raw/.
# `--help` lists the options (peers, kinds, sizes, placements, rounds, durations). Exit status: 0 when every pair ran,
# 1 when one failed (the rest is still measured and reported, the reason in tables.md), 130 when stopped by SIGINT or
# SIGTERM (the pairs are ended, what ran is reported), 2 for bad options.
#
# This wrapper builds dat-tools and benchmarks (./mvnw -o package; NO_BUILD=1 or --no-build skips it), finds a JDK
# 25 as ./dat does, and runs scripts/bench-peers.py, which compiles fi-shm-peer with gcc into target/bench-peers/ when
# it is missing or older than its source (without gcc or libfabric-dev its pairs are skipped with the reason). It needs
# python3, taskset, and for the C peers the Debian packages that scripts/setup.sh installs (ucx-utils, libucx0,
# libfabric-bin, libfabric-dev). CI compiles the Java peers but never runs this script nor builds the C peer.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

build=1
[ "${NO_BUILD:-0}" = 1 ] && build=0
for a in "$@"; do
  case "$a" in
    --no-build) build=0 ;;
    --help | -h | --list) build=0 ;;
  esac
done

java=""
for d in "${JAVA_HOME:-/nonexistent}" /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/lib/jvm/*; do
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null | head -n 1)
  if [ -n "$v" ] && [ "$v" -ge 25 ] && [ -x "$d/bin/java" ]; then java="$d/bin/java"; break; fi
done
[ -n "$java" ] || { echo "bench-peers: no JDK 25 (JAVA_HOME, /usr/lib/jvm, /opt/java, /opt/jdk*)" >&2; exit 2; }

if [ "$build" = 1 ]; then
  echo "bench-peers: building dat-tools and benchmarks (./mvnw -q -B -o -DskipTests package)" >&2
  ./mvnw -q -B -o -DskipTests package -pl dat-tools,benchmarks -am >&2
  touch dat-tools/target/dat-tools.jar # ./dat rebuilds when a source is newer than its jar; this build was it
fi

# drop --no-build, hand the rest to the driver
n=$#
while [ "$n" -gt 0 ]; do
  a=$1
  shift
  [ "$a" = --no-build ] || set -- "$@" "$a"
  n=$((n - 1))
done
BENCH_JAVA=$java exec python3 "$root/scripts/bench-peers.py" "$@"

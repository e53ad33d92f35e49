#!/bin/sh
# bench-shm-floor.sh: the shared-memory transport alone (RingPingPong: rings, commit words, futex doorbells; no DAT,
# no kit) in two JVMs, server on CPU 0 and client on CPU 1, both spinning: the floor dat perf lat --poll -P shm0 can
# reach on this machine. With a second built checkout, the two builds alternate round by round (an A/B).
#
#   scripts/bench-shm-floor.sh [--base-root DIR] [--rounds N] [--iters N] [--sizes 8,8,4096,4096]
#
# Each client line gives p50 and p99 per size (ns round trip); a size listed twice is measured twice, the first as
# warm-up. Needs dat-provider-shm's classes and test classes (./mvnw -o -DskipTests package) in each checkout.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
base=""; rounds=3; iters=200000; sizes=8,8,4096,4096
while [ $# -gt 0 ]; do
  case "$1" in
    --base-root) base=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --iters) iters=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "bench-shm-floor: unknown option $1" >&2; exit 2 ;;
  esac
done
. "$root/scripts/lib/jdk25.sh"
builds="$root"
# the transport's classes use the kit's regions and dat-api's logging facade, which needs log4j-api (the build's version)
v=$(sed -n 's:.*<log4j.version>\(.*\)</log4j.version>.*:\1:p' "$root/pom.xml")
log4j="${HOME}/.m2/repository/org/apache/logging/log4j/log4j-api/$v/log4j-api-$v.jar"
[ -f "$log4j" ] || { echo "bench-shm-floor: $log4j is missing (build once: ./mvnw -DskipTests package)" >&2; exit 2; }
[ -n "$base" ] && builds="$root $base"
r=1
while [ "$r" -le "$rounds" ]; do
  for b in $builds; do
    cp="$b/dat-provider-shm/target/classes:$b/dat-provider-shm/target/test-classes:$b/dat-api/target/classes:$b/dat-provider-kit/target/classes:$log4j"
    [ -f "$b/dat-provider-shm/target/test-classes/io/dat4j/provider/shm/sys/RingPingPong.class" ] ||
      { echo "bench-shm-floor: $b is not built (./mvnw -o -DskipTests package)" >&2; exit 2; }
    dir=$(mktemp -d "${TMPDIR:-/tmp}/dat4j-floor.XXXXXX")
    q=$((40000 + $$ % 1000 + r))
    taskset -c 0 "$java" --enable-native-access=ALL-UNNAMED -cp "$cp" io.dat4j.provider.shm.sys.RingPingPong \
      server "$dir" "$q" spin > "$dir/server.log" 2>&1 &
    sp=$!
    i=0
    while [ ! -S "$dir/$q" ] && [ "$i" -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
    out=$(taskset -c 1 "$java" --enable-native-access=ALL-UNNAMED -cp "$cp" io.dat4j.provider.shm.sys.RingPingPong \
      client "$dir" "$q" spin "$iters" "$sizes" 2>&1 | tr '\n' ' ') || true
    kill "$sp" 2>/dev/null || true # a client that failed before its goodbye leaves the server waiting
    wait "$sp" || true
    echo "round $r $(git -C "$b" rev-parse --short HEAD) $b: $out"
    rm -rf "$dir"
  done
  r=$((r + 1))
done

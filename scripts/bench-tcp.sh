#!/bin/sh
# bench-tcp.sh: the TCP provider against its baselines, two processes on loopback, in one run.
#
#   scripts/bench-tcp.sh [OUTDIR]          (default: target/bench/<UTC timestamp>)
#
# Runs, each as a server process and a client process on 127.0.0.1:
#   ping-pong (LAT_SIZES, LAT_N round trips):
#     NioBaseline lat (blocking SocketChannel), NioBaseline lat spin (busy-polling non-blocking channels),
#     dat perf lat --op send over IA tcp-lo (EVD wait) [and with --poll, an EVD dequeue loop, if WITH_POLL=1],
#     fi_pingpong -p sockets -e msg (libfabric C; busy-polls; prints usec/xfer = half a round trip; FI_N iterations,
#     default 100, because on a loaded 2-vCPU machine its progress thread makes each exchange take milliseconds)
#   streaming (BW_SIZES, BW_BYTES per size):
#     NioBaseline bw, dat perf bw --op send,rdma_write over tcp-lo (depth BW_DEPTH)
# then writes OUTDIR/tables.md (ratios against the NIO baseline of this run), OUTDIR/series.csv and the plots
# OUTDIR/lat.png, OUTDIR/bw.png (XChart, io.dat4j.benchmarks.BenchPlot) plus dat perf's own --plot PNGs.
# Environment: LAT_SIZES, BW_SIZES, LAT_N, FI_N, BW_BYTES, BW_DEPTH, DAT_JAVA_OPTS (passed to dat), NO_BUILD=1,
# WITH_POLL=1 (dat perf --poll on both sides: starves the I/O threads on 2 busy vCPUs), SKIP_FI=1, SKIP_BW=1 (ping-pong
# only), PIN=same|split|none (default none): `taskset` both processes of every pair onto vCPU 0 (same), the server
# onto vCPU 0 and the client onto vCPU 1 (split), or leave placement to the scheduler (none). On an idle VM the
# placement decides a ping-pong: a wake-up across vCPUs costs a halted vCPU's wake-up, ~30 us here, on the same vCPU
# a context switch; unpinned, the scheduler picks either from one run to the next.
# SETTLE (seconds, default 20; 0 = the fixed warm-ups of before): every client, NIO and dat perf alike, warms up each
# size until its JIT has settled (dat perf --settle, NioBaseline -Dsettle; see docs/dat-command.md), at most SETTLE s.
# BW_DEPTH (default 128, dat perf's and perftest's default): dat perf bw operations in flight.
# Every process has a timeout, so a stuck run ends.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:-"$root/target/bench/$(date -u +%Y%m%dT%H%M%SZ)"}
mkdir -p "$out"

LAT_SIZES=${LAT_SIZES:-8,64,512,4096,16384,65536}
BW_SIZES=${BW_SIZES:-4096,65536,1048576,4194304}
LAT_N=${LAT_N:-10000}
FI_N=${FI_N:-100}
BW_BYTES=${BW_BYTES:-268435456}
BW_DEPTH=${BW_DEPTH:-128}
SETTLE=${SETTLE:-20}
T=${STEP_TIMEOUT:-$((120 + 8 * SETTLE))}
PIN=${PIN:-none}
case "$PIN" in
  same) srv_pin="taskset -c 0 "; cli_pin="taskset -c 0 " ;;
  split) srv_pin="taskset -c 0 "; cli_pin="taskset -c 1 " ;;
  none) srv_pin=""; cli_pin="" ;;
  *) echo "bench-tcp: PIN must be same, split or none" >&2; exit 2 ;;
esac

if [ "${NO_BUILD:-0}" != 1 ]; then
  ./mvnw -q -B -o -DskipTests package -pl dat-tools,benchmarks -am >&2
fi

# a JDK 25 the way ./dat finds one
java=""
for d in "${JAVA_HOME:-/nonexistent}" /usr/lib/jvm/* /opt/java/* /opt/jdk*; do
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null | head -n 1)
  if [ -n "$v" ] && [ "$v" -ge 25 ] && [ -x "$d/bin/java" ]; then java="$d/bin/java"; break; fi
done
[ -n "$java" ] || { echo "bench-tcp: no JDK 25" >&2; exit 2; }
bcp="$root/benchmarks/target/classes"
lib="$root/dat-tools/target/lib"

# a port nothing listens on right now (the kernel's pick for an ephemeral bind), fresh for each pair
next_port() {
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
}
next_port

# pair NAME SERVER_CMD CLIENT_CMD: runs the server in the background, then the client; client stdout to NAME.json
pair() {
  name=$1; srv=$2; cli=$3
  echo "bench-tcp: $name" >&2
  sh -c "${srv_pin}timeout $T $srv" > "$out/$name.server.log" 2>&1 &
  spid=$!
  sleep 2
  if ! sh -c "${cli_pin}timeout $T $cli" > "$out/$name.json" 2> "$out/$name.client.log"; then
    echo "bench-tcp: $name failed (see $out/$name.client.log)" >&2
    echo "[]" > "$out/$name.json"
  fi
  wait "$spid" || true
  next_port
}

bw_n() { echo $(( BW_BYTES / $1 < 200 ? 200 : BW_BYTES / $1 )); }

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "host: $(uname -srm), $(nproc) vCPU, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "jdk: $("$java" -version 2>&1 | head -n 2 | tail -n 1)"
  echo "dat: $(./dat --version 2>/dev/null | head -n 1)"
  echo "libfabric: $(dpkg-query -W -f='${Version}' libfabric-bin 2>/dev/null)"
  echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet || echo '+dirty')"
  echo "DAT_JAVA_OPTS: ${DAT_JAVA_OPTS:-}"
  echo "PIN: $PIN (server ${srv_pin:-unpinned}, client ${cli_pin:-unpinned})"
  echo "LAT_SIZES=$LAT_SIZES LAT_N=$LAT_N FI_N=$FI_N BW_SIZES=$BW_SIZES BW_BYTES=$BW_BYTES BW_DEPTH=$BW_DEPTH SETTLE=$SETTLE"
} > "$out/env.txt"

nio="$java -cp $bcp io.dat4j.benchmarks.NioBaseline"
nioc="$java -Dsettle=$SETTLE -cp $bcp io.dat4j.benchmarks.NioBaseline"

# ---- ping-pong
pair nio-lat "$nio server $port" "$nioc lat 127.0.0.1 $port $LAT_SIZES $LAT_N"
# two busy-pollers on one vCPU hand the CPU over once per scheduler time slice: nothing to compare, skipped
if [ "$PIN" != same ]; then
  pair nio-lat-spin "$nio server $port" "$nioc lat 127.0.0.1 $port $LAT_SIZES $LAT_N spin"
fi
pair dat-lat "./dat perf lat -s -P tcp-lo -p $port" \
  "./dat perf lat -P tcp-lo -h 127.0.0.1 -p $port --op send --sizes $LAT_SIZES -n $LAT_N --settle $SETTLE --json --plot $out/dat-lat.png"
if [ "${WITH_POLL:-0}" = 1 ]; then
  pair dat-lat-poll "./dat perf lat -s -P tcp-lo -p $port --poll" \
    "./dat perf lat -P tcp-lo -h 127.0.0.1 -p $port --op send --sizes $LAT_SIZES -n $LAT_N --settle $SETTLE --json --poll"
fi
if [ "${SKIP_FI:-0}" != 1 ]; then
  : > "$out/fi-pingpong.txt"
  for s in $(echo "$LAT_SIZES" | tr , ' '); do
    echo "bench-tcp: fi_pingpong $s" >&2
    fp=$port
    ${srv_pin}timeout 60 fi_pingpong -p sockets -e msg -B "$fp" -I "$FI_N" -S "$s" > "$out/fi-server-$s.txt" 2>&1 &
    spid=$!
    sleep 0.5
    ${cli_pin}timeout 60 fi_pingpong -p sockets -e msg -P "$fp" -I "$FI_N" -S "$s" 127.0.0.1 >> "$out/fi-pingpong.txt" 2>&1 \
      || echo "fi_pingpong $s: failed or timed out (60 s)" >> "$out/fi-pingpong.txt"
    wait "$spid" || true
    next_port
  done
fi

# ---- streaming: one process pair per size (iterations = BW_BYTES / size); each size is measured twice in a row and
# the tables keep the second (warm) measurement
[ "${SKIP_BW:-0}" = 1 ] && BW_SIZES=""
for s in $(echo "$BW_SIZES" | tr , ' '); do
  n=$(bw_n "$s")
  pair "nio-bw-$s" "$nio server $port" "$nioc bw 127.0.0.1 $port $s,$s $n"
  pair "dat-bw-$s" "./dat perf bw -s -P tcp-lo -p $port" \
    "./dat perf bw -P tcp-lo -h 127.0.0.1 -p $port --op send,rdma_write --sizes $s,$s -n $n -t $BW_DEPTH --settle $SETTLE --json"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/env.txt"

python3 "$root/scripts/bench-tables.py" "$out" > "$out/tables.md"
xchart=$(find "$lib" -name 'xchart-*.jar' | head -n 1)
vg2d=$(find "$lib" -name 'VectorGraphics2D-*.jar' | head -n 1)
"$java" -cp "$bcp:$xchart:$vg2d" \
  -Djava.awt.headless=true io.dat4j.benchmarks.BenchPlot "$out/series.csv" "$out" >&2 || true
cat "$out/tables.md"
echo "bench-tcp: results in $out" >&2

#!/bin/sh
# stream-syscalls.sh: system calls per message of a TCP stream, on each JVM of a `dat perf bw` pair (docs/benchmarks.md,
# "Where the time goes"). Counts, not times: they do not depend on the machine's load.
#
# usage: scripts/stream-syscalls.sh [ROOT] [SIZE] [WINDOW_SECONDS] [OP]
#   ROOT: the checkout whose ./dat runs (default: this one); SIZE: message size (default 4096);
#   WINDOW_SECONDS: how long perf counts, once the pair has settled (default 5); OP: send (default), rdma_write, or
#   nio (the baseline of bench-peers.sh: NioBaseline's blocking stream, from ROOT's benchmarks module, built by
#   ./mvnw -q -B -DskipTests package -pl benchmarks -am).
# Runs `dat perf bw -P tcp-lo --op OP --sizes SIZE,SIZE -n N --settle 5` (server and client; N: 4 GiB of
# messages, at least 1024), or `NioBaseline bw` with the same count, waits until the client has moved 256 MiB (past
# its warm-up), then runs `perf stat -e <syscalls> -p PID` on each JVM for the window.
# PLACE=same pins both JVMs to CPU 0, PLACE=split the server to CPU 0 and the client to CPU 1 (default: unpinned).
# Messages in the window come from the bytes the server's sockets received (ss -ti bytes_received: SIZE + 32 a frame,
# SIZE a NIO message).
set -eu
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
size=${2:-4096}
window=${3:-5}
op=${4:-send}
n=$(( 4294967296 / size > 1024 ? 4294967296 / size : 1024 ))
case $op in send|rdma_write|nio) ;; *) echo "stream-syscalls.sh: OP is send, rdma_write or nio, not $op" >&2; exit 2 ;; esac
events='syscalls:sys_enter_read,syscalls:sys_enter_recvfrom,syscalls:sys_enter_recvmsg,syscalls:sys_enter_write,syscalls:sys_enter_writev,syscalls:sys_enter_sendto,syscalls:sys_enter_sendmsg,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_futex,context-switches,task-clock'
case ${PLACE:-none} in
  same) spin='taskset -c 0'; cpin='taskset -c 0' ;;
  split) spin='taskset -c 0'; cpin='taskset -c 1' ;;
  none) spin=''; cpin='' ;;
  *) echo "stream-syscalls.sh: PLACE is same, split or none" >&2; exit 2 ;;
esac
port=$(( 20000 + $$ % 20000 ))
tmp=$(mktemp -d)
trap 'kill $spid $cpid 2>/dev/null || true; rm -rf "$tmp"' EXIT INT TERM

frame=32
if [ "$op" = nio ]; then
  frame=0
  java=
  for j in ${JAVA_HOME:-} /usr/lib/jvm/*; do
    [ -x "$j/bin/java" ] && [ "$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$j/release" 2>/dev/null)" -ge 25 ] 2>/dev/null \
      && java="$j/bin/java" && break
  done
  [ -n "$java" ] || { echo "stream-syscalls.sh: no JDK 25 found" >&2; exit 2; }
  cp="$root/benchmarks/target/classes:$root/benchmarks/target/lib/*"
  [ -d "$root/benchmarks/target/classes" ] || { echo "stream-syscalls.sh: build $root/benchmarks first" >&2; exit 2; }
  $spin "$java" -cp "$cp" io.dat4j.benchmarks.NioBaseline server "$port" >"$tmp/server.out" 2>&1 &
  spid=$!
  sleep 3
  $cpin "$java" -Dsettle=5 -cp "$cp" io.dat4j.benchmarks.NioBaseline bw 127.0.0.1 "$port" "$size" "$n" 0 \
    >"$tmp/client.out" 2>&1 &
  cpid=$!
else
  $spin "$root/dat" perf bw -s -P tcp-lo -p "$port" >"$tmp/server.out" 2>&1 &
  spid=$!
  # (the server says when it listens; a loaded machine takes more than a few seconds to start a JVM)
  i=0
  until grep -qs 'waiting on port' "$tmp/server.out" || [ $i -ge 120 ]; do sleep 0.5; i=$((i + 1)); done
  $cpin "$root/dat" perf bw -h 127.0.0.1 -P tcp-lo -p "$port" --op "$op" --sizes "$size,$size" -n "$n" --settle 5 \
    >"$tmp/client.out" 2>&1 &
  cpid=$!
fi
# bytes the server's sockets received (the client writes with sendmsg and sendto, which /proc/PID/io does not count)
rcvd() { ss -Htin "sport = :$port" | grep -o 'bytes_received:[0-9]*' | awk -F: '{s += $2} END {printf "%.0f\n", s}'; }
# (the launcher execs java: the PIDs are the JVMs)
while [ "$(rcvd)" -lt 268435456 ]; do
  grep -qs '^State:[[:space:]]*[^Z]' "/proc/$cpid/status" || { echo "client ended early:" >&2; cat "$tmp/client.out" >&2; exit 1; }
  sleep 0.5
done
w0=$(rcvd)
perf stat -x, -e "$events" -p $spid -o "$tmp/server.perf" -- sleep "$window" &
p1=$!
perf stat -x, -e "$events" -p $cpid -o "$tmp/client.perf" -- sleep "$window"
wait $p1
w1=$(rcvd)
msgs=$(( (w1 - w0) / (size + frame) ))
echo "root $root, op $op, size $size, placement ${PLACE:-none}, window ${window}s, messages in the window: $msgs, load: $(cut -d' ' -f1-3 /proc/loadavg)"
for side in client server; do
  printf '%s (%s):' "$side" "$([ $side = client ] && echo sender || echo receiver)"
  awk -F, -v m="$msgs" -v s="$size" '$3 != "" && $1 ~ /^[0-9]+$/ {n=$3; sub(/.*:sys_enter_/, "", n); printf " %s %.3f", n, $1 / m}
    $3 == "task-clock" {printf " cpu-ms/MiB %.3f", $1 / (m * s / 1048576)}' \
    "$tmp/$side.perf"
  echo
done
# (the rest of the client's messages are not needed)
kill $cpid $spid 2>/dev/null || true
wait $cpid $spid 2>/dev/null || true

#!/usr/bin/env bash
# lat-cpu.sh: CPU time and system calls per round trip of a blocking ping-pong, both processes pinned to one CPU
# ("same" placement, where a round trip is the CPU time of both processes), for dat4j (`dat perf lat -P tcp-lo`,
# dat_evd_wait) or the NIO baseline (NioBaseline: blocking SocketChannel). docs/benchmarks.md, "Where the time goes".
# Counts and CPU time per round trip, unlike wall-clock latency, hardly depend on what else runs on the machine.
#
# usage: scripts/lat-cpu.sh [-r ROOT] [-c CPU] [-w WARM_S] [-t WINDOW_S] [-p] nio|dat SIZE [OUTDIR]
#   ROOT: the checkout whose ./dat and benchmarks/target run (default: this one; built beforehand)
#   CPU: the CPU both are pinned to (default 0); WARM_S: seconds before the window (default 14: start-up and
#   `--settle 5` / -Dsettle=5); WINDOW_S: the window (default 6); -p: also `perf record` the window (kernel and Java
#   frames: the JVMs run with -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit, and `jcmd Compiler.perfmap` writes
#   /tmp/perf-PID.map at the end of the window; cpu-clock samples with call graphs, and the samples turned into µs per
#   round trip by thread group and kernel/user in perf-split.txt). The user/system split from /proc's ticks is biased
#   on a VM whose timer ticks arrive when interrupts are enabled again after a context switch (here: 2-3x the system
#   time perf's samples and task-clock show for dat4j); compare kernel time with the perf samples.
# Prints per round trip: task-clock (µs) of each process, user and system time (from /proc/PID/stat),
# context switches and the system calls of each process, and the CPU time of each thread group (from
# /proc/PID/task/*/stat: main, I/O threads, JIT, GC, other). Round trips: the client's write(2), sendto(2) and sendmsg(2) calls in the perf
# window; for the tick counts, its bytes written (/proc/PID/io wchar: SIZE + 32, the frame header, for dat, SIZE for
# NIO) between the snapshots. Needs perf, taskset, a JDK 25.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
root=$here
cpu=0
warm=14
window=6
record=0
while getopts r:c:w:t:p o; do
  case $o in
    r) root=$(cd "$OPTARG" && pwd) ;;
    c) cpu=$OPTARG ;;
    w) warm=$OPTARG ;;
    t) window=$OPTARG ;;
    p) record=1 ;;
    *) sed -n '2,16p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
kind=$1
size=$2
out=${3:-$(mktemp -d)}
mkdir -p "$out"

java=""
for d in "${JAVA_HOME:-/nonexistent}" /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/lib/jvm/*; do
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null | head -n 1)
  if [ -n "$v" ] && [ "$v" -ge 25 ] && [ -x "$d/bin/java" ]; then java="$d/bin/java"; break; fi
done
[ -n "$java" ] || { echo "lat-cpu: no JDK 25" >&2; exit 2; }
jcmd=$(dirname "$java")/jcmd

perfmap="-XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit"
port=$(( 20000 + $$ % 20000 ))
pin="taskset -c $cpu"
spid=""
cpid=""
trap 'kill $spid $cpid 2>/dev/null || true' EXIT INT TERM
case $kind in
  dat)
    export DAT_JAVA_OPTS="${DAT_JAVA_OPTS:-} $perfmap"
    $pin "$root/dat" perf lat -s -P tcp-lo -p "$port" >"$out/server.out" 2>&1 &
    spid=$!
    sleep 3
    $pin "$root/dat" perf lat -h 127.0.0.1 -P tcp-lo -p "$port" --op send --sizes "$size" -n 5000000 --settle 5 \
      >"$out/client.out" 2>&1 &
    cpid=$!
    frame=$((size + 32))
    ;;
  nio)
    cp="$root/benchmarks/target/classes:$root/benchmarks/target/lib/*"
    # shellcheck disable=SC2086
    $pin "$java" $perfmap -cp "$cp" io.dat4j.benchmarks.NioBaseline server "$port" >"$out/server.out" 2>&1 &
    spid=$!
    sleep 1
    # shellcheck disable=SC2086
    $pin "$java" $perfmap -Dsettle=5 -cp "$cp" io.dat4j.benchmarks.NioBaseline lat 127.0.0.1 "$port" "$size" 5000000 \
      >"$out/client.out" 2>&1 &
    cpid=$!
    frame=$size
    ;;
  *) echo "lat-cpu: kind is nio or dat" >&2; exit 2 ;;
esac
sleep "$warm"
for p in $spid $cpid; do
  kill -0 "$p" 2>/dev/null || { echo "lat-cpu: a process ended early:" >&2; cat "$out"/*.out >&2; exit 1; }
done

events='task-clock,context-switches,cpu-migrations,syscalls:sys_enter_read,syscalls:sys_enter_write,syscalls:sys_enter_recvfrom,syscalls:sys_enter_sendto,syscalls:sys_enter_sendmsg,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_futex,syscalls:sys_enter_poll,syscalls:sys_enter_ppoll,raw_syscalls:sys_enter'
snap() { # $1 = tag: per-thread utime stime (ticks) of both processes, and the client's wchar
  for p in $spid $cpid; do
    for t in /proc/$p/task/*; do
      printf '%s/%s %s ' "$p" "${t##*/}" "$(cat "$t/comm" 2>/dev/null | tr ' ' '_')"
      awk '{print $14, $15}' "$t/stat" 2>/dev/null || echo "0 0"
    done
  done >"$out/threads.$1"
  awk '/^wchar/ {print $2}' "/proc/$cpid/io" >"$out/wchar.$1"
}
snap 0
perf stat -x, -e "$events" -p "$spid" -o "$out/server.perf" -- sleep "$window" &
p1=$!
if [ "$record" = 1 ]; then
  perf record -q -e cpu-clock -g -F 4999 -p "$spid,$cpid" -o "$out/perf.data" -- sleep "$window" >/dev/null 2>&1 &
  p3=$!
fi
perf stat -x, -e "$events" -p "$cpid" -o "$out/client.perf" -- sleep "$window"
wait $p1
snap 1
[ "$record" = 1 ] && wait $p3
if [ "$record" = 1 ]; then
  "$jcmd" "$spid" Compiler.perfmap >/dev/null 2>&1 || true
  "$jcmd" "$cpid" Compiler.perfmap >/dev/null 2>&1 || true
fi
# round trips: in the perf window, the client's write(2), sendto(2) and sendmsg(2) calls (one per round trip:
# dat4j's ACKs ride on the next request, NIO writes each message with one call, an adopted socket with send or
# sendmsg: docs/tcp-wire.md); between the two /proc snapshots (a little longer than the window, used for the tick
# counts), the client's bytes written (wchar counts write(2) only: for an adopted socket the tick counts use the
# perf round trips)
rt=$(awk -F, '$3 ~ /sys_enter_(write|sendto|sendmsg)$/ {n += int($1)} END {print n}' "$out/client.perf")
rtw=$(( ($(cat "$out/wchar.1") - $(cat "$out/wchar.0")) / frame ))
[ "$rtw" -ge $((rt / 2)) ] || rtw=$rt
tck=$(getconf CLK_TCK)
{
  echo "kind $kind, size $size, root $root ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')), CPU $cpu,"\
    "window ${window}s, round trips $rt (by bytes between the snapshots: $rtw), load $(cut -d' ' -f1-3 /proc/loadavg)"
  for side in server client; do
    printf '%s per round trip:' "$side"
    awk -F, -v m="$rt" '$1 ~ /^[0-9.]+$/ {n=$3; sub(/.*:sys_enter_/, "", n); sub(/raw_syscalls:sys_enter/, "all_syscalls", n);
      if (n == "task-clock") printf " task-clock_us %.3f", $1 * 1000 / m; else printf " %s %.3f", n, $1 / m}' \
      "$out/$side.perf"
    echo
  done
  # user and system time, and CPU time per thread group, from the tick counts (1/CLK_TCK s)
  join -j1 <(awk '{print $1"/"$2, $3, $4}' "$out/threads.0" | sort) \
    <(awk '{print $1"/"$2, $3, $4}' "$out/threads.1" | sort) 2>/dev/null |
    awk -v m="$rtw" -v tck="$tck" -v s="$spid" '
      { split($1, k, "/"); side = (k[1] == s) ? "server" : "client"; n = k[3];
        g = "other";
        if (n == "main" || n == "java") g = "main";
        else if (n ~ /^dat4j|tcp|^io-|I\/O/) g = "io";
        else if (n ~ /^C[12]_Compiler|CompilerThre/) g = "jit";
        else if (n ~ /^G1|^GC|Conc|Refine/) g = "gc";
        du = $4 - $2; ds = $5 - $3; U[side] += du; S[side] += ds; G[side "/" g] += du + ds }
      END { for (x in U) printf "%s: user %.2f us, system %.2f us per round trip (ticks)\n", x,
              U[x] * 1e6 / tck / m, S[x] * 1e6 / tck / m;
            for (x in G) if (G[x] > 0) printf "  %s: %.2f us per round trip\n", x, G[x] * 1e6 / tck / m }' || true
} | tee "$out/summary.txt"
if [ "$record" = 1 ]; then
  perf report -i "$out/perf.data" --no-children --sort dso -q 2>/dev/null | head -15 >"$out/report-dso.txt" || true
  perf report -i "$out/perf.data" --no-children --sort comm,dso,sym -q -g none 2>/dev/null | head -80 >"$out/report-sym.txt" || true
  # samples (1/4999 s of CPU each) per round trip, by thread group and kernel or user
  perf report -i "$out/perf.data" --no-children --sort comm,dso -n -q -g none 2>/dev/null |
    awk -v rt="$rt" '$2 ~ /^[0-9]+$/ { c = $3; k = ($0 ~ /kernel/) ? "kernel" : "user";
        if (c ~ /^C[12]/) c = "jit"; else if (c ~ /^dat4j/) c = "io"; else if (c != "java") c = "other";
        s[c " " k] += $2 }
      END { for (x in s) printf "%-14s %6.2f us per round trip (both JVMs, perf samples)\n", x, s[x] * 1e6 / 4999 / rt }' |
    sort >"$out/perf-split.txt" || true
  cat "$out/perf-split.txt"
  echo "perf record: $out/report-dso.txt, $out/report-sym.txt, $out/perf-split.txt"
fi

#!/usr/bin/env bash
# bench-softroce.sh: the rdmacm provider against the C tools on Soft-RoCE, all in ONE guest boot.
#
#   scripts/bench-softroce.sh [OUTDIR]        (default: target/bench/softroce-<UTC timestamp>)
#
# On the host: builds dat-tools (./mvnw -o) and copies its jars to OUTDIR/snapshot, so that a host build while the
# guest runs cannot change what the guest runs. In the guest (../shared/softroce/run-in-guest.sh, TCG, 1 vCPU, rxe0 on
# eth0 at $SOFTROCE_IP), each pair is a server and a client on $SOFTROCE_IP:
#   latency   ib_send_lat -R (perftest, busy-polling, POLL_N; and -e, sleeping on CQ events, LAT_N), ib_write_lat -R
#             (busy-polling memory, POLL_N) and ib_write_bw -R -t 1 (one write at a time, LAT_N) per size, against
#             dat perf lat --op send,rdma_write (EVD wait; and --poll, spinning on dat_evd_dequeue on both sides)
#   bandwidth ib_write_bw -R / ib_send_bw -R (-t BW_DEPTH, -r BW_RX) per size, against dat perf bw --op rdma_write,send
#             (same -t and -r; EVD wait, and --poll on both sides)
#   set-up    dtestcm (C uDAPL, libdaplofa over librdmacm) and librdmacm's cmtime, against dat cm, CM_N connections in
#             bursts of CM_B; dat cm first makes CM_WARMUP connections in the same JVM that are not counted. dat cm
#             runs as before (each burst connected, disconnected and freed before the next) and, with CM_HOLD=1 (the
#             default), with --hold (dtestcm's phases: every connection held until all are made; CM_HOLD=only: just
#             --hold); then, with
#             CM_STEPS=1 (the default), once more with --steps on both sides: the provider's own per-step times
#             (its JFR events) next to cmtime's (a pair of its own: the recording costs time, so no rate from it).
#             A/B in the same boot: CM_BASE (a build's jars: dat-tools.jar and lib/; its pairs as this build's, named
#             dat-cm-base*) and CM_MAIN (another build's dat cm as it is, plain pairs only, dat-cm-main)
#   profile   (PROFILE=1) dat perf lat (send) and, with bw in STEPS, bw (send) pairs again, both JVMs with JFR
#             (-XX:StartFlightRecording); without CM_BASE dat cm's server records JFR too; the recordings are
#             summarised on the host (jfr view)
# Every Java client warms up before it measures: dat perf --warmup LAT_WARMUP round trips per size (lat) and an untimed
# pass of BW_WARMUP operations per size (bw). The tables report the warm figures.
# Then, on the host, scripts/bench-softroce-tables.py writes OUTDIR/tables.md and OUTDIR/series.csv, and BenchPlot
# (benchmarks module, XChart) OUTDIR/lat.png and OUTDIR/bw.png.
# Environment: LAT_SIZES, LAT_N, LAT_WARMUP, POLL_N, POLL_WARMUP (the busy-polling pairs), BW_SIZES, BW_BYTES,
# BW_WARMUP, BW_DEPTH, BW_RX (receive depth of both for sends, perftest -r), CM_N, CM_B, CM_WARMUP, JAVA_OPTS (the
# guest JVMs' options; default C1 only and Serial GC), PROFILE=0|1, JIT_COMPARE=0|1 (one extra dat perf lat pair with
# the JVM's default tiered compilation, for the choice of JAVA_OPTS), NO_BUILD=1, SOFTROCE_TIMEOUT (default 1500 s),
# STEPS (default lat,bw,cm), CM_ROUNDS, CM_HOLD, CM_STEPS, CM_BASE, CM_MAIN, CM_JFR, CM_LOG (set-up, above).
# ALT_OPTS="label=JVM options;label2=...": this build's dat cm --hold (dat-cm-alt-LABEL) and dat perf lat wait
# (dat-lat-wait-LABEL) pairs again with these options added to JAVA_OPTS (for the steps in STEPS); @AOT in the
# options trains a JDK 25 AOT cache in the guest first (-XX:AOTCacheOutput, one per role) and then uses it
# (-XX:AOTCache). With CM_BASE and lat in STEPS the baseline's dat perf lat pair runs too (dat-lat-wait-base; LAT_ROUNDS
# above 1: the baseline's and this build's alternate, dat-lat-wait-base-R and dat-lat-wait-this-R).
# LAT_POLL=0: no busy-polling latency pairs (ib_send_lat and ib_write_lat without -e, dat perf lat --poll).
# SYSCALLS=1: strace -f -c of the clients of ib_send_lat -e and dat perf lat (send, 64 B) at 200 and 700 round
# trips: system calls per round trip (with CM_BASE the baseline's client too; SYSCALLS=2 leaves it out).
# The set-up only, this build against main's and its own earlier provider, in one boot (the command of
# docs/benchmarks.md): STEPS=cm PROFILE=0 CM_MAIN=<main's dat-tools/target> CM_BASE=<dir> scripts/bench-softroce.sh
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:-"$root/target/bench/softroce-$(date -u +%Y%m%dT%H%M%SZ)"}
mkdir -p "$out"
out=$(cd "$out" && pwd)
guest="${SOFTROCE_RUNNER:-$root/../shared/softroce/run-in-guest.sh}"
[[ -x $guest ]] || guest="/work/shared/softroce/run-in-guest.sh"

LAT_SIZES=${LAT_SIZES:-2,64,4096,65536}
LAT_N=${LAT_N:-1000}
LAT_WARMUP=${LAT_WARMUP:-1000}
POLL_N=${POLL_N:-200}
POLL_WARMUP=${POLL_WARMUP:-200}
BW_SIZES=${BW_SIZES:-4096,65536,1048576}
BW_BYTES=${BW_BYTES:-33554432}
BW_WARMUP=${BW_WARMUP:-2000}
BW_DEPTH=${BW_DEPTH:-32}
BW_RX=${BW_RX:-128}
CM_N=${CM_N:-100}
CM_B=${CM_B:-10}
CM_WARMUP=${CM_WARMUP:-100}
PROFILE=${PROFILE:-1}
STEPS=${STEPS:-lat,bw,cm}
CM_BASE=${CM_BASE:-}
CM_MAIN=${CM_MAIN:-}
CM_ROUNDS=${CM_ROUNDS:-1}
CM_HOLD=${CM_HOLD:-1}
CM_STEPS=${CM_STEPS:-1}
CM_JFR=${CM_JFR:-0}
CM_LOG=${CM_LOG:-0}
ALT_OPTS=${ALT_OPTS:-}
LAT_POLL=${LAT_POLL:-1}
LAT_ROUNDS=${LAT_ROUNDS:-1}
SYSCALLS=${SYSCALLS:-0}
JIT_COMPARE=${JIT_COMPARE:-0}
JAVA_OPTS=${JAVA_OPTS:-"-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m"}
export SOFTROCE_TIMEOUT=${SOFTROCE_TIMEOUT:-1500}
T=${STEP_TIMEOUT:-240}

t0=$(date +%s)
if [[ ${NO_BUILD:-0} != 1 ]]; then
    ./mvnw -q -B -o -DskipTests package -pl dat-tools,benchmarks -am >&2
fi
rm -rf "$out/snapshot" && mkdir -p "$out/snapshot"
cp dat-tools/target/dat-tools.jar "$out/snapshot/" && cp -r dat-tools/target/lib "$out/snapshot/lib"
# (the guest mounts its own /tmp: the baseline jars are copied next to the snapshot)
if [[ -n $CM_BASE ]]; then
    rm -rf "$out/snapshot-base" && mkdir -p "$out/snapshot-base" && cp -r "$CM_BASE"/. "$out/snapshot-base/"
fi
if [[ -n $CM_MAIN ]]; then
    rm -rf "$out/snapshot-main" && mkdir -p "$out/snapshot-main" && cp -r "$CM_MAIN"/. "$out/snapshot-main/"
fi

java=""
for d in "${JAVA_HOME:-/nonexistent}" /usr/lib/jvm/* /opt/java/* /opt/jdk*; do
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null | head -n 1) || true
    if [[ -n $v && $v -ge 25 && -x $d/bin/java ]]; then java="$d/bin/java"; break; fi
done
[[ -n $java ]] || { echo "bench-softroce: no JDK 25" >&2; exit 2; }
mp="$out/snapshot/dat-tools.jar"
for j in "$out"/snapshot/lib/*.jar; do mp="$mp:$j"; done
# the dat command with the given JVM options
datcmd() {
    echo "$java --enable-native-access=io.dat4j.provider.rdmacm $* -p $mp -m io.dat4j.tools/io.dat4j.tools.DatCommand"
}
dat=$(datcmd "$JAVA_OPTS")
dat_tiered=$(datcmd -XX:+UseSerialGC -Xmx256m)
dat_jfr_lat=$(datcmd "$JAVA_OPTS -XX:StartFlightRecording=filename=$out/lat.jfr,settings=profile")
dat_jfr_bw=$(datcmd "$JAVA_OPTS -XX:StartFlightRecording=filename=$out/bw.jfr,settings=profile")
dat_jfr_lat_srv=$(datcmd "$JAVA_OPTS -XX:StartFlightRecording=filename=$out/lat-server.jfr,settings=profile")
dat_jfr_bw_srv=$(datcmd "$JAVA_OPTS -XX:StartFlightRecording=filename=$out/bw-server.jfr,settings=profile")
dat_jfr_cm_srv=$(datcmd "$JAVA_OPTS -XX:StartFlightRecording=filename=$out/cm-server.jfr,settings=profile")
# dat cm: with PROFILE=1 its server records JFR
dat_cm_srv=$dat
# (not with CM_BASE: the baseline's server would run without it)
[[ $PROFILE == 1 && -z $CM_BASE ]] && dat_cm_srv=$dat_jfr_cm_srv
dat_jfr_cm=$(datcmd "$JAVA_OPTS -XX:StartFlightRecording=filename=$out/cm.jfr,settings=profile")
dat_jfr_cm_srv2=$(datcmd "$JAVA_OPTS -XX:StartFlightRecording=filename=$out/cm-server.jfr,settings=profile")
cat > "$out/cm-log4j2.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<Configuration status="warn">
  <Appenders>
    <Console name="stderr" target="SYSTEM_ERR">
      <PatternLayout pattern="%d{HH:mm:ss.SSSSSS} %t %c{1}: %msg%n"/>
    </Console>
  </Appenders>
  <Loggers>
    <Logger name="io.dat4j.provider.rdmacm" level="debug"/>
    <Logger name="io.dat4j.kit" level="debug"/>
    <Logger name="io.dat4j.tools" level="debug"/>
    <Root level="warn"><AppenderRef ref="stderr"/></Root>
  </Loggers>
</Configuration>
XML
dat_log_cm=$(datcmd "$JAVA_OPTS -Dlog4j.configurationFile=$out/cm-log4j2.xml")
# the dat command of a copied build (CM_BASE, CM_MAIN): its dat-tools.jar and the jars beside it and in lib/
snapdat() {
    local bmp="" j
    for j in "$1"/dat-tools.jar "$1"/*.jar "$1"/lib/*.jar; do
        [[ -f $j ]] && [[ ":$bmp:" != *":$j:"* ]] && bmp="${bmp:+$bmp:}$j"
    done
    echo "$java --enable-native-access=io.dat4j.provider.rdmacm $JAVA_OPTS -p $bmp -m io.dat4j.tools/io.dat4j.tools.DatCommand"
}
dat_base=""
[[ -n $CM_BASE ]] && dat_base=$(snapdat "$out/snapshot-base")
dat_main=""
[[ -n $CM_MAIN ]] && dat_main=$(snapdat "$out/snapshot-main")

{
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "host: $(uname -srm), $(nproc) vCPU, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
    echo "host load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "jdk: $("$java" -version 2>&1 | head -n 2 | tail -n 1)"
    echo "dat: $($dat --version 2>/dev/null | head -n 1)"
    echo "packages: $(dpkg-query -W -f='${Package} ${Version}; ' perftest dapl2-utils rdmacm-utils librdmacm1 \
        ibverbs-providers qemu-system-x86 2>/dev/null)"
    echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!docs' || echo '+dirty')"
    echo "JAVA_OPTS (guest JVMs): $JAVA_OPTS"
    echo "ALT_OPTS=$ALT_OPTS SYSCALLS=$SYSCALLS LAT_POLL=$LAT_POLL LAT_ROUNDS=$LAT_ROUNDS"
    echo "STEPS=$STEPS CM_BASE=$CM_BASE CM_MAIN=$CM_MAIN CM_ROUNDS=$CM_ROUNDS CM_HOLD=$CM_HOLD CM_STEPS=$CM_STEPS CM_JFR=$CM_JFR" \
        "CM_LOG=$CM_LOG"
    echo "LAT_SIZES=$LAT_SIZES LAT_N=$LAT_N LAT_WARMUP=$LAT_WARMUP POLL_N=$POLL_N POLL_WARMUP=$POLL_WARMUP" \
        "BW_SIZES=$BW_SIZES BW_BYTES=$BW_BYTES" \
        "BW_WARMUP=$BW_WARMUP BW_DEPTH=$BW_DEPTH BW_RX=$BW_RX CM_N=$CM_N CM_B=$CM_B CM_WARMUP=$CM_WARMUP"
} > "$out/env.txt"

# ---------------------------------------------------------------- the guest job
cat > "$out/guest-job.sh" <<JOB
set -u
cd "$out"
port=20000
T=$T
PAIR_TRIES=2
SERVER_UP=${SERVER_UP:-120}
source "$root/scripts/lib/softroce-guest.sh"

g0=\$(date +%s)
lat_modes="poll event"; dat_modes="wait poll"
[ $LAT_POLL = 1 ] || { lat_modes=event; dat_modes=wait; }
if [[ ,$STEPS, == *,lat,* ]]; then
# ---- latency: perftest, one process pair per size: ib_send_lat busy-polling and with -e (sleeping on CQ events),
# ib_write_lat (busy-polls memory; it has no -e); and ib_write_bw -t 1, one RDMA write at a time from post to its
# completion (the measure of dat perf lat --op rdma_write), an average
for s in \$(echo $LAT_SIZES | tr , ' '); do
    for mode in \$lat_modes; do
        e="-n $POLL_N"; [ \$mode = event ] && e="-n $LAT_N -e"
        pair "pt-send-lat-\$mode-\$s" "Waiting for client" \
            "ib_send_lat -R -d \$dev -F -p \$port -s \$s \$e" \
            "ib_send_lat -R -d \$dev -F -p \$port -s \$s \$e \$ip"
    done
    [ $LAT_POLL = 1 ] && pair "pt-write-lat-poll-\$s" "Waiting for client" \
        "ib_write_lat -R -d \$dev -F -p \$port -s \$s -n $POLL_N" \
        "ib_write_lat -R -d \$dev -F -p \$port -s \$s -n $POLL_N \$ip"
    pair "pt-write-t1-\$s" "Waiting for client" \
        "ib_write_bw -R -d \$dev -F -p \$port -s \$s -n $LAT_N -t 1" \
        "ib_write_bw -R -d \$dev -F -p \$port -s \$s -n $LAT_N -t 1 \$ip"
done
# ---- latency: dat perf (EVD wait, then --poll on both sides)
# (--poll: two spinning JVMs on one vCPU make each send round trip wait for time slices, so fewer iterations)
for mode in \$dat_modes; do
    p=""; n=$LAT_N; w=$LAT_WARMUP
    [ \$mode = poll ] && { p="--poll"; n=$POLL_N; w=$POLL_WARMUP; }
    pair "dat-lat-\$mode" "waiting on port" "$dat perf lat -s -P \$ia -p \$port \$p" \
        "$dat perf lat -P \$ia -h \$ip -p \$port \$p --op send,rdma_write --sizes $LAT_SIZES -n \$n \
            --warmup \$w --json"
done
if [ $JIT_COMPARE = 1 ]; then
    pair "dat-lat-wait-tiered" "waiting on port" "$dat_tiered perf lat -s -P \$ia -p \$port" \
        "$dat_tiered perf lat -P \$ia -h \$ip -p \$port --op send,rdma_write --sizes $LAT_SIZES -n $LAT_N \
            --warmup $LAT_WARMUP --json"
fi
fi
g1=\$(date +%s)
if [[ ,$STEPS, == *,bw,* ]]; then
# ---- bandwidth
for s in \$(echo $BW_SIZES | tr , ' '); do
    n=\$(( $BW_BYTES / s )); [ \$n -lt 200 ] && n=200
    for t in write send; do
        # (ib_write_bw takes no -r: "On RDMA verbs rx depth can be only 1")
        r=""; [ \$t = send ] && r="-r $BW_RX"
        pair "pt-\$t-bw-\$s" "Waiting for client" \
            "ib_\${t}_bw -R -d \$dev -F -p \$port -s \$s -n \$n -t $BW_DEPTH \$r" \
            "ib_\${t}_bw -R -d \$dev -F -p \$port -s \$s -n \$n -t $BW_DEPTH \$r \$ip"
    done
done
# one server and client for all sizes (iterations as for perftest: BW_BYTES per size, at least 200); dat perf bw does
# an untimed pass of BW_WARMUP operations (at most as many as it times) before each size
pair "dat-bw" "waiting on port" "$dat perf bw -s -P \$ia -p \$port" \
    "$dat perf bw -P \$ia -h \$ip -p \$port --op rdma_write,send --sizes $BW_SIZES --bytes $BW_BYTES -n 200 \
        --warmup $BW_WARMUP -t $BW_DEPTH -r $BW_RX --json"
# the same with --poll on both sides (perftest's bandwidth tools busy-poll)
pair "dat-bw-poll" "waiting on port" "$dat perf bw -s -P \$ia -p \$port --poll" \
    "$dat perf bw -P \$ia -h \$ip -p \$port --poll --op rdma_write,send --sizes $BW_SIZES --bytes $BW_BYTES -n 200 \
        --warmup $BW_WARMUP -t $BW_DEPTH -r $BW_RX --json"
fi
g2=\$(date +%s)
if [[ ,$STEPS, == *,cm,* ]]; then
# ---- connection set-up
pair "dtestcm" "Server ready\|waiting for client" "dtestcm -s -P \$ia -p \$port -c $CM_N -b $CM_B" \
    "dtestcm -P \$ia -p \$port -h \$ip -c $CM_N -b $CM_B"
# (the cmtime server serves until it is stopped)
pair "cmtime" "" "cmtime -b \$ip -p \$port -c $CM_N" "cmtime -s \$ip -p \$port -c $CM_N" stop
# dat cm: one server and one client, which makes CM_WARMUP connections first (same JVM, same bursts, not counted)
# (A/B: CM_ROUNDS times the baseline's jars, then this build's, alternating; the last of this build is dat-cm)
# (with CM_HOLD=1 each round also runs both with --hold, and CM_STEPS=1 the baseline's --steps pair too: a CM_BASE
# whose dat cm lacks --hold or --steps needs this build's dat-tools.jar beside the baseline's lib/)
modes=plain; [ $CM_HOLD = 1 ] && modes="plain hold"; [ $CM_HOLD = only ] && modes=hold
for ((r = 1; r <= $CM_ROUNDS; r++)); do
    # CM_MAIN: another build's dat cm as it is (e.g. main's: its own tool, no --hold), plain only
    if [ -n "$dat_main" ]; then
        name=dat-cm-main-\$r; [ \$r = $CM_ROUNDS ] && name=dat-cm-main
        pair "\$name" "waiting for connect" "$dat_main cm -s -P \$ia -p \$port --wait 300" \
            "$dat_main cm -P \$ia -h \$ip -p \$port -c $CM_N -b $CM_B --warmup $CM_WARMUP --json"
    fi
    for mode in \$modes; do
        h=""; sfx=""; [ \$mode = hold ] && { h="--hold"; sfx="-hold"; }
        if [ -n "$dat_base" ]; then
            pair "dat-cm-base\$sfx-\$r" "waiting for connect" "$dat_base cm -s -P \$ia -p \$port --wait 300" \
                "$dat_base cm -P \$ia -h \$ip -p \$port -c $CM_N -b $CM_B --warmup $CM_WARMUP \$h --json"
        fi
        name=dat-cm\$sfx-\$r; [ \$r = $CM_ROUNDS ] && name=dat-cm\$sfx
        pair "\$name" "waiting for connect" "$dat_cm_srv cm -s -P \$ia -p \$port --wait 300" \
            "$dat cm -P \$ia -h \$ip -p \$port -c $CM_N -b $CM_B --warmup $CM_WARMUP \$h --json"
    done
done
if [ $CM_STEPS = 1 ]; then
    h=""; [ $CM_HOLD != 0 ] && h="--hold"
    if [ -n "$dat_base" ]; then
        pair "dat-cm-base-steps" "waiting for connect" "$dat_base cm -s -P \$ia -p \$port --wait 300 --steps -c $CM_N" \
            "$dat_base cm -P \$ia -h \$ip -p \$port -c $CM_N -b $CM_B --warmup $CM_WARMUP \$h --steps --json"
    fi
    pair "dat-cm-steps" "waiting for connect" "$dat cm -s -P \$ia -p \$port --wait 300 --steps -c $CM_N" \
        "$dat cm -P \$ia -h \$ip -p \$port -c $CM_N -b $CM_B --warmup $CM_WARMUP \$h --steps --json"
fi
if [ $CM_JFR = 1 ]; then
    pair "dat-cm-jfr" "waiting for connect" "$dat_jfr_cm_srv2 cm -s -P \$ia -p \$port --wait 300" \
        "$dat_jfr_cm cm -P \$ia -h \$ip -p \$port -c $CM_N -b $CM_B --warmup $CM_WARMUP --json"
fi
if [ $CM_LOG = 1 ]; then
    pair "dat-cm-log" "waiting for connect" "$dat_log_cm cm -s -P \$ia -p \$port --wait 300" \
        "$dat_log_cm cm -P \$ia -h \$ip -p \$port -c $CM_N -b $CM_B --warmup $CM_WARMUP --json"
fi
fi
# ALT_OPTS: this build's dat cm --hold pair (STEPS has cm) and dat perf lat wait pair (STEPS has lat) again, with
# other JVM options, one pair per entry; @AOT in the options: a training pair first (-XX:AOTCacheOutput, one cache
# per role, trained in this guest), then the measured pair with -XX:AOTCache
if [ -n "$ALT_OPTS" ]; then
    IFS=';' read -ra alts <<< "$ALT_OPTS"
    for alt in "\${alts[@]}"; do
        label=\${alt%%=*}; opts=\${alt#*=}
        for b in \$(echo $STEPS | tr , ' '); do
            case \$b in
                cm) srv_args="cm -s -P \$ia -p PORT --wait 300"
                    cli_args="cm -P \$ia -h \$ip -p PORT -c $CM_N -b $CM_B --warmup $CM_WARMUP --hold --json"
                    ready="waiting for connect"; name=dat-cm-alt-\$label ;;
                lat) srv_args="perf lat -s -P \$ia -p PORT"
                    cli_args="perf lat -P \$ia -h \$ip -p PORT --op send,rdma_write --sizes $LAT_SIZES -n $LAT_N --warmup $LAT_WARMUP --json"
                    ready="waiting on port"; name=dat-lat-wait-\$label ;;
                *) continue ;;
            esac
            so=\$opts; co=\$opts
            if [[ \$opts == *@AOT* ]]; then
                pair "\$name-train" "\$ready" \
                    "$java --enable-native-access=io.dat4j.provider.rdmacm $JAVA_OPTS \${opts//@AOT/-XX:AOTCacheOutput=$out/\$name-s.aot} -p $mp -m io.dat4j.tools/io.dat4j.tools.DatCommand \${srv_args//PORT/\$port}" \
                    "$java --enable-native-access=io.dat4j.provider.rdmacm $JAVA_OPTS \${opts//@AOT/-XX:AOTCacheOutput=$out/\$name-c.aot} -p $mp -m io.dat4j.tools/io.dat4j.tools.DatCommand \${cli_args//PORT/\$port}"
                so=\${opts//@AOT/-XX:AOTCache=$out/\$name-s.aot}; co=\${opts//@AOT/-XX:AOTCache=$out/\$name-c.aot}
            fi
            pair "\$name" "\$ready" \
                "$java --enable-native-access=io.dat4j.provider.rdmacm $JAVA_OPTS \$so -p $mp -m io.dat4j.tools/io.dat4j.tools.DatCommand \${srv_args//PORT/\$port}" \
                "$java --enable-native-access=io.dat4j.provider.rdmacm $JAVA_OPTS \$co -p $mp -m io.dat4j.tools/io.dat4j.tools.DatCommand \${cli_args//PORT/\$port}"
        done
    done
fi
# CM_BASE with STEPS having lat: the baseline's dat perf lat (EVD wait) pair too, dat-lat-wait-base; with LAT_ROUNDS
# above 1, the baseline's and this build's pairs alternate (dat-lat-wait-base-R, dat-lat-wait-this-R)
if [ -n "$dat_base" ] && [[ ,$STEPS, == *,lat,* ]]; then
    for ((r = 1; r <= $LAT_ROUNDS; r++)); do
        sfx=""; [ $LAT_ROUNDS -gt 1 ] && sfx="-\$r"
        pair "dat-lat-wait-base\$sfx" "waiting on port" "$dat_base perf lat -s -P \$ia -p \$port" \
            "$dat_base perf lat -P \$ia -h \$ip -p \$port --op send,rdma_write --sizes $LAT_SIZES -n $LAT_N \
                --warmup $LAT_WARMUP --json"
        if [ $LAT_ROUNDS -gt 1 ]; then
            pair "dat-lat-wait-this\$sfx" "waiting on port" "$dat perf lat -s -P \$ia -p \$port" \
                "$dat perf lat -P \$ia -h \$ip -p \$port --op send,rdma_write --sizes $LAT_SIZES -n $LAT_N \
                    --warmup $LAT_WARMUP --json"
        fi
    done
fi
# SYSCALLS=1: system calls per message, strace -f -c of a client (the server runs untraced): ib_send_lat -e and
# dat perf lat --op send (EVD wait) with 64 B messages, each at 200 and 700 round trips, so that start-up cancels out
# in the difference (syscalls-<tool>-<n>.txt; the tables divide the difference by the extra round trips)
# (a traced JVM is slow to connect: a long connect timeout; SYSCALLS=2: the baseline's client is not traced)
if [ $SYSCALLS != 0 ]; then
    for n in 200 700; do
        pair "syscalls-pt-\$n" "Waiting for client" "ib_send_lat -R -d \$dev -F -p \$port -s 64 -n \$n -e" \
            "strace -f -c -o syscalls-pt-\$n.txt ib_send_lat -R -d \$dev -F -p \$port -s 64 -n \$n -e \$ip"
        pair "syscalls-dat-\$n" "waiting on port" "$dat perf lat -s -P \$ia -p \$port" \
            "strace -f -c -o syscalls-dat-\$n.txt $dat perf lat -P \$ia -h \$ip -p \$port --op send --sizes 64 \
                -n \$n --warmup 0 --connect-timeout 300 --json"
        if [ -n "$dat_base" ] && [ $SYSCALLS = 1 ]; then
            pair "syscalls-base-\$n" "waiting on port" "$dat_base perf lat -s -P \$ia -p \$port" \
                "strace -f -c -o syscalls-base-\$n.txt $dat_base perf lat -P \$ia -h \$ip -p \$port --op send \
                    --sizes 64 -n \$n --warmup 0 --connect-timeout 300 --json"
        fi
    done
fi
g3=\$(date +%s)
# ---- profiles (JFR); the JFR files are read on the host
if [ $PROFILE = 1 ]; then
    pair "jfr-lat" "waiting on port" "$dat_jfr_lat_srv perf lat -s -P \$ia -p \$port" \
        "$dat_jfr_lat perf lat -P \$ia -h \$ip \
            -p \$port --op send --sizes 64 -n 3000 --warmup 3000 --json"
    if [[ ,$STEPS, == *,bw,* ]]; then
    pair "jfr-bw" "waiting on port" "$dat_jfr_bw_srv perf bw -s -P \$ia -p \$port" \
        "$dat_jfr_bw perf bw -P \$ia -h \$ip \
            -p \$port --op send --sizes 4096 -n 10000 --warmup 2000 -t $BW_DEPTH -r $BW_RX --json"
    fi
fi
g4=\$(date +%s)
echo "guest steps (s): latency \$((g1 - g0)), bandwidth \$((g2 - g1)), set-up \$((g3 - g2)), profile \$((g4 - g3))" \
    >> env.txt
JOB

set +e
SOFTROCE_WORKDIR="$out" "$guest" "bash $out/guest-job.sh"
rc=$?
set -e
t1=$(date +%s)
echo "guest exit $rc; total $((t1 - t0)) s (build + boot + job)" >> "$out/env.txt"
echo "host load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/env.txt"

jfr=$(dirname "$java")/jfr
for f in lat lat-server bw bw-server cm cm-server; do
    if [[ -f $out/$f.jfr ]]; then
        "$jfr" summary "$out/$f.jfr" > "$out/$f.jfr-summary.txt" 2>&1 || true
        for v in hot-methods native-methods thread-cpu-load; do
            "$jfr" view --width 200 "$v" "$out/$f.jfr" > "$out/$f.jfr-$v.txt" 2>&1 || true
        done
    fi
done
python3 "$root/scripts/bench-softroce-tables.py" "$out" > "$out/tables.md"
lib="$out/snapshot/lib"
"$java" -cp "$root/benchmarks/target/classes:$(ls "$lib"/xchart-*.jar):$(ls "$lib"/VectorGraphics2D-*.jar)" \
    -Djava.awt.headless=true io.dat4j.benchmarks.BenchPlot "$out/series.csv" "$out" \
    "Soft-RoCE guest (TCG, 1 vCPU), $(basename "$out")" >&2 || true
cat "$out/tables.md"
echo "bench-softroce: results in $out" >&2
exit $rc

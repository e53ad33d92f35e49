#!/usr/bin/env bash
# bench-softroce-ab.sh: A/B of dat4j builds (or JVM options) on the rdmacm provider, in ONE Soft-RoCE guest boot,
# against perftest of the same boot.
#
#   VARIANTS=$'base=/tmp/base-lib\nnew=dat-tools/target' scripts/bench-softroce-ab.sh [OUTDIR]
#
# VARIANTS: one per line, NAME=DIR[;JAVA OPTIONS]. DIR holds every jar of the module path (dat-tools.jar and its lib/,
# e.g. a copy of dat-tools/target/lib plus dat-tools.jar; a DIR with a lib/ subdirectory uses DIR/*.jar and
# DIR/lib/*.jar). The options are added to JAVA_OPTS, except --warmup=N (this variant's dat perf lat --warmup) and
# --no-bw (no bandwidth pair for this variant); in them @OUT@ is OUTDIR, @ROLE@ is srv or cli (the server's or the
# client's JVM), @KIND@ is lat or cm (the workload), and @AOT@ is OUTDIR/aot/NAME-@KIND@-@ROLE@.aot: a variant
# whose options name @AOT@ first runs one untimed training pair per kind measured (lat, and cm with CM=1) that writes those caches
# (-XX:AOTCacheOutput, JDK 25), then measures with -XX:AOTCache=.
# In the guest: ib_send_lat -R -e per size (LAT_N) and ib_send_bw -R (BW_SIZE, -t BW_DEPTH, -r BW_RX) once (and
# dtestcm -c CM_N -b CM_B with CM=1), then ROUNDS rounds, each running every variant in turn: dat perf lat --op send
# (sizes LAT_SIZES, -n LAT_N, --warmup LAT_WARMUP; SKIP_LAT=1 leaves it out), unless SKIP_BW=1 dat perf bw --op send
# (BW_SIZE), and with CM=1 dat cm --hold (-c CM_N -b CM_B after --warmup CM_WARMUP connections in the same JVM, as
# bench-softroce.sh's set-up pairs). Then ab.md (scripts/bench-softroce-ab.py).
# CSW=1: both JVMs of each latency pair run under /usr/bin/time (NAME.time, NAME.server.time), and ab.md gives their
# voluntary context switches (sleeps: futex, poll, read that blocked) per round trip and their wall time. Not yet a
# load-independent count: the rdmacm provider's CM thread wakes every 50 ms when idle (20 switches a second per JVM;
# builds before the waiter read its CQ's channel itself had a CQ thread that did too), so on a starved guest, where a
# JVM lives minutes, those dominate; compare builds only at similar wall times.
# CONNECT_TIMEOUT=S: dat perf lat --connect-timeout S (a starved guest may take longer than the default 10 s to accept).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:-"$root/target/bench/softroce-ab-$(date -u +%Y%m%dT%H%M%SZ)"}
mkdir -p "$out/aot"
out=$(cd "$out" && pwd)
guest="${SOFTROCE_RUNNER:-$root/../shared/softroce/run-in-guest.sh}"
[[ -x $guest ]] || guest="/work/shared/softroce/run-in-guest.sh"

: "${VARIANTS:?VARIANTS=NAME=DIR[;OPTS] lines}"
LAT_SIZES=${LAT_SIZES:-2,64,4096}
LAT_N=${LAT_N:-1000}
LAT_WARMUP=${LAT_WARMUP:-1000}
BW_SIZE=${BW_SIZE:-4096}
BW_BYTES=${BW_BYTES:-33554432}
BW_WARMUP=${BW_WARMUP:-2000}
BW_DEPTH=${BW_DEPTH:-32}
BW_RX=${BW_RX:-128}
ROUNDS=${ROUNDS:-2}
SKIP_BW=${SKIP_BW:-0}
SKIP_LAT=${SKIP_LAT:-0}
CM=${CM:-0}
CM_N=${CM_N:-100}
CM_B=${CM_B:-10}
CM_WARMUP=${CM_WARMUP:-300}
SKIP_PERFTEST=${SKIP_PERFTEST:-0}
CSW=${CSW:-0}
CONNECT_TIMEOUT=${CONNECT_TIMEOUT:-}
JAVA_OPTS=${JAVA_OPTS:-"-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m"}
export SOFTROCE_TIMEOUT=${SOFTROCE_TIMEOUT:-1500}
T=${STEP_TIMEOUT:-240}

java=""
for d in "${JAVA_HOME:-/nonexistent}" /usr/lib/jvm/* /opt/java/* /opt/jdk*; do
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null | head -n 1) || true
    if [[ -n $v && $v -ge 25 && -x $d/bin/java ]]; then java="$d/bin/java"; break; fi
done
[[ -n $java ]] || { echo "bench-softroce-ab: no JDK 25" >&2; exit 2; }

# one shell function per variant in the guest job: NAME ROLE -> the dat command line
names=()
defs=""
while IFS= read -r line; do
    [[ -z ${line// } ]] && continue
    name=${line%%=*}; rest=${line#*=}
    dir=${rest%%;*}; opts=""; [[ $rest == *";"* ]] && opts=${rest#*;}
    dir=$(cd "$dir" && pwd)
    mp=""
    for j in "$dir"/*.jar "$dir"/lib/*.jar; do [[ -f $j ]] && mp="$mp${mp:+:}$j"; done
    [[ $mp == *dat-tools* ]] || { echo "bench-softroce-ab: no dat-tools jar in $dir" >&2; exit 2; }
    # --warmup=N among the options: this variant's dat perf lat --warmup (not a JVM option)
    warm=$LAT_WARMUP
    if [[ $opts =~ (^|[[:space:]])--warmup=([0-9]+) ]]; then
        warm=${BASH_REMATCH[2]}
        opts=${opts/--warmup=$warm/}
    fi
    # --no-bw among the options: this variant runs no bandwidth pair
    nobw=0
    if [[ $opts =~ (^|[[:space:]])--no-bw($|[[:space:]]) ]]; then
        nobw=1
        opts=${opts/--no-bw/}
    fi
    names+=("$name")
    defs+="opts_$name='${opts//\'/}'"$'\n'"mp_$name='$mp'"$'\n'"warm_$name=$warm"$'\n'"nobw_$name=$nobw"$'\n'
done <<< "$VARIANTS"

{
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "host: $(uname -srm), $(nproc) vCPU; host load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "jdk: $("$java" -version 2>&1 | head -n 2 | tail -n 1)"
    echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!docs' || echo '+dirty')"
    echo "JAVA_OPTS: $JAVA_OPTS"
    echo "VARIANTS:"; echo "$VARIANTS" | sed 's/^/  /'
    echo "LAT_SIZES=$LAT_SIZES LAT_N=$LAT_N LAT_WARMUP=$LAT_WARMUP BW_SIZE=$BW_SIZE BW_BYTES=$BW_BYTES" \
        "BW_WARMUP=$BW_WARMUP BW_DEPTH=$BW_DEPTH BW_RX=$BW_RX ROUNDS=$ROUNDS SKIP_BW=$SKIP_BW CSW=$CSW" \
        "CONNECT_TIMEOUT=$CONNECT_TIMEOUT SKIP_LAT=$SKIP_LAT CM=$CM CM_N=$CM_N CM_B=$CM_B CM_WARMUP=$CM_WARMUP"
} > "$out/env.txt"

cat > "$out/guest-job.sh" <<JOB
set -u
cd "$out"
port=21000
T=$T
PAIR_TRIES=2
source "$root/scripts/lib/softroce-guest.sh"
$defs
# dat NAME ROLE [AOT-TRAIN [KIND]]: the dat command of a variant for the server (srv) or client (cli); KIND (lat or
# cm, default lat) names the variant's AOT cache for that workload
dat() {
    local o m a="$out/aot/\$1-\${4:-lat}-\$2.aot"
    eval "o=\\\$opts_\$1; m=\\\$mp_\$1"
    if [ "\${3:-}" = train ]; then o=\$(echo "\$o" | sed "s|-XX:AOTCache=@AOT@|-XX:AOTCacheOutput=@AOT@|g"); fi
    o=\$(echo "\$o" | sed -e "s|@AOT@|\$a|g" -e "s|@ROLE@|\$2|g" -e "s|@KIND@|\${4:-lat}|g" -e "s|@OUT@|$out|g")
    echo "$java --enable-native-access=io.dat4j.provider.rdmacm $JAVA_OPTS \$o -p \$m" \
        "-m io.dat4j.tools/io.dat4j.tools.DatCommand"
}
lat() { # lat NAME VARIANT [train]
    local w ts="" tc=""
    eval "w=\\\$warm_\$2"
    # CSW=1: context switches of each JVM (/usr/bin/time's %w voluntary, %c involuntary, %e seconds)
    if [ $CSW = 1 ]; then
        ts="/usr/bin/time -f '%w %c %e' -o \$1.server.time"; tc="/usr/bin/time -f '%w %c %e' -o \$1.time"
    fi
    pair "\$1" "waiting on port" "\$ts \$(dat \$2 srv \${3:-}) perf lat -s -P \$ia -p \$port" \
        "\$tc \$(dat \$2 cli \${3:-}) perf lat -P \$ia -h \$ip -p \$port --op send --sizes $LAT_SIZES -n $LAT_N \
            --warmup \$w --json${CONNECT_TIMEOUT:+ --connect-timeout $CONNECT_TIMEOUT}"
}
cm() { # cm NAME VARIANT [train]: dat cm --hold, as bench-softroce.sh's set-up pairs (CSW=1: the JVMs' times too)
    local ts="" tc=""
    if [ $CSW = 1 ]; then
        ts="/usr/bin/time -f '%w %c %e' -o \$1.server.time"; tc="/usr/bin/time -f '%w %c %e' -o \$1.time"
    fi
    pair "\$1" "waiting for connect" "\$ts \$(dat \$2 srv "\${3:-}" cm) cm -s -P \$ia -p \$port --wait 300" \
        "\$tc \$(dat \$2 cli "\${3:-}" cm) cm -P \$ia -h \$ip -p \$port -c $CM_N -b $CM_B --warmup $CM_WARMUP --hold --json"
}
bw() { # bw NAME VARIANT
    pair "\$1" "waiting on port" "\$(dat \$2 srv) perf bw -s -P \$ia -p \$port" \
        "\$(dat \$2 cli) perf bw -P \$ia -h \$ip -p \$port --op send --sizes $BW_SIZE --bytes $BW_BYTES -n 200 \
            --warmup $BW_WARMUP -t $BW_DEPTH -r $BW_RX --json"
}
if [ $SKIP_PERFTEST != 1 ]; then
    [ $SKIP_LAT = 1 ] || for s in \$(echo $LAT_SIZES | tr , ' '); do
        pair "pt-send-lat-event-\$s" "Waiting for client" \
            "ib_send_lat -R -d \$dev -F -p \$port -s \$s -n $LAT_N -e" \
            "ib_send_lat -R -d \$dev -F -p \$port -s \$s -n $LAT_N -e \$ip"
    done
    if [ $SKIP_BW != 1 ]; then
        n=\$(( $BW_BYTES / $BW_SIZE )); [ \$n -lt 200 ] && n=200
        pair "pt-send-bw-$BW_SIZE" "Waiting for client" \
            "ib_send_bw -R -d \$dev -F -p \$port -s $BW_SIZE -n \$n -t $BW_DEPTH -r $BW_RX" \
            "ib_send_bw -R -d \$dev -F -p \$port -s $BW_SIZE -n \$n -t $BW_DEPTH -r $BW_RX \$ip"
    fi
fi
if [ $CM = 1 ]; then
    pair "dtestcm" "Server ready\|waiting for client" "dtestcm -s -P \$ia -p \$port -c $CM_N -b $CM_B" \
        "dtestcm -P \$ia -p \$port -h \$ip -c $CM_N -b $CM_B"
fi
for v in ${names[*]}; do
    if eval "echo \\\$opts_\$v" | grep -q '@AOT@'; then
        [ $SKIP_LAT = 1 ] || lat "train-\$v" \$v train
        [ $CM != 1 ] || cm "train-cm-\$v" \$v train
        ls -la "$out/aot" >&2
    fi
done
for r in \$(seq 1 $ROUNDS); do
    for v in ${names[*]}; do
        [ $SKIP_LAT = 1 ] || lat "lat-\$v-\$r" \$v
        [ $CM != 1 ] || cm "cm-\$v-\$r" \$v
        eval "nb=\\\$nobw_\$v"
        [ $SKIP_BW = 1 ] || [ "\$nb" = 1 ] || bw "bw-\$v-\$r" \$v
    done
done
JOB

set +e
SOFTROCE_WORKDIR="$out" "$guest" "bash $out/guest-job.sh"
rc=$?
set -e
echo "guest exit $rc; host load after: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%H:%M UTC')" >> "$out/env.txt"
python3 "$root/scripts/bench-softroce-ab.py" "$out" > "$out/ab.md"
cat "$out/env.txt" "$out/ab.md"
exit $rc

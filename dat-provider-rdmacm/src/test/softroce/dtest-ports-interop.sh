#!/usr/bin/env bash
# C dtestcm and dtestsrq (dapl2-utils 2.1.10, libdaplofa over librdmacm) against their Java ports (examples, rdmacm
# provider) over the Soft-RoCE device of the guest. Run by run-guest-tests.sh inside the guest:
#
#   dtest-ports-interop.sh JAVA CLASSPATH
#
# Per program and setting, the C pair runs first; then C server + Java client and Java server + C client, with the
# same arguments. A mixed pair passes when each Java process exits as its C counterpart did and prints the same
# stdout, once process ids and times are masked (normalize). One dat.conf line (DAT_OVERRIDE) serves both: C uDAPL's
# cma provider reads it, the rdmacm provider serves it (as dtest-interop.sh).
#
# dtestsrq with its SRQ cannot pass in C on rxe: after each DISCONNECTED it waits without a timeout for the
# DAT_ASYNC_ERROR_EP_BROKEN that libdapl maps from IBV_EVENT_QP_LAST_WQE_REACHED, and rxe (Linux 6.1) never reports
# that event. The C pair is therefore run with -S 0 (no SRQ) for the comparison, and the SRQ setting runs mixed only:
# there the Java side must complete (the rdmacm provider posts the event when the device does not) and the C side
# must have got as far as that wait with no error, where it is stopped.
#
# Small settings under emulation: a few connections, bursts of 2-3 messages, -w (wait, not poll: a JVM polling on
# the guest's one vCPU slows everything). Every process runs under `timeout`. Exit status: the number of failed runs.
set -u
java="$1"
cp="$2"
ip="${SOFTROCE_IP:?not in the Soft-RoCE guest}"
netdev="${SOFTROCE_NETDEV:-eth0}"
limit="${DTEST_TIMEOUT:-240}"   # seconds each process may run
grace="${DTESTSRQ_C_GRACE:-15}" # seconds a C dtestsrq may take after its Java peer ended to reach its last wait
info_port=15828
work="$(mktemp -d /tmp/dtest-ports.XXXXXX)"
export DAT_OVERRIDE="$work/dat.conf"
echo "ofa-v2-rxe u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 \"$netdev 0\" \"\"" > "$DAT_OVERRIDE"
jvm=("$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED -cp "$cp")
jcm=("${jvm[@]}" io.dat4j.examples.dtest.DtestCm)
jsrq=("${jvm[@]}" io.dat4j.examples.dtest.DtestSrq)
# C's stdout is a file here: line buffering, so that the lines a script waits for are there when printed
ccm=(stdbuf -oL dtestcm)
csrq=(stdbuf -oL dtestsrq)
cm_opts=(-P ofa-v2-rxe -w -c 6 -b 3)
srq_opts=(-P ofa-v2-rxe -c 2 -B 3 -t 2 -b 256)   # with -S 0

# stdout with what differs from run to run masked: process ids, times and rates
normalize() {
    sed -E -e 's/^[0-9]+ /<pid> /' -e '/usec|sec|CPS/ s/[0-9]+(\.[0-9]+)?/#/g' -e '/usec|sec|CPS/ s/ +/ /g' "$1"
}

# wait_for LOG TEXT SECS PID [PORT]: the line is in the log (and the TCP port listens); fails if PID ended first
wait_for() {
    local log=$1 text=$2 secs=$3 pid=$4 port=${5:-} i lines
    for ((i = 0; i < secs; i++)); do
        lines=()
        [[ -e $log ]] && mapfile -t lines < "$log"
        if [[ "${lines[*]}" == *"$text"* && ( -z $port || -n $(ss -Htln "sport = :$port") ) ]]; then
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 1
    done
    return 1
}

# pair NAME READY PORT SERVER-CMD... -- CLIENT-CMD...: sets src/crc (exit statuses) and slog/clog
pair() {
    local name=$1 ready=$2 port=$3 t0 t1
    shift 3
    local server=() client=()
    while [[ $1 != -- ]]; do server+=("$1"); shift; done
    shift
    client=("$@")
    slog="$work/$name-server.log"
    clog="$work/$name-client.log"
    t0=$(date +%s.%N)
    timeout -k 5 "$limit" "${server[@]}" >"$slog" 2>&1 &
    spid=$!
    if ! wait_for "$slog" "$ready" 120 "$spid" "$port"; then
        echo "FAIL $name: the server did not get ready"; cat "$slog"
        kill "$spid" 2>/dev/null; wait "$spid"
        src=125 crc=125
        return 1
    fi
    timeout -k 5 "$limit" "${client[@]}" >"$clog" 2>&1
    crc=$?
    t1=$(date +%s.%N)
    echo "-- $name: client exit $crc after $(echo "$t1 - $t0" | bc) s"
}

# finish NAME: waits for the server of the last pair
finish() {
    wait "$spid"
    src=$?
    echo "-- $1: server exit $src"
}

# same NAME ROLE C-LOG C-STATUS JAVA-LOG JAVA-STATUS: the Java run printed and returned what the C run did
same() {
    local name=$1 role=$2 rc=0
    if [[ $4 -ne $6 ]]; then
        echo "FAIL $name: the Java $role exited $6, the C $role $4"
        rc=1
    fi
    if ! diff -u --label "C $role" --label "Java $role" <(normalize "$3") <(normalize "$5"); then
        echo "FAIL $name: the Java $role's stdout differs from the C $role's (above)"
        rc=1
    fi
    return $rc
}

fails=0
runs=0

# compare PROGRAM READY PORT C-CMD JAVA-CMD OPTIONS...: the C pair, then both mixed pairs against it
compare() {
    local prog=$1 ready=$2 port=$3 c=$4 j=$5
    shift 5
    local -n ccmd=$c jcmd=$j
    local opts=("$@") cs cc css ccs
    pair "$prog-C-C" "$ready" "$port" "${ccmd[@]}" -s "${opts[@]}" -- "${ccmd[@]}" -h "$ip" "${opts[@]}"
    finish "$prog-C-C"
    cs=$slog cc=$clog css=$src ccs=$crc
    echo "---- C server"; cat "$cs"; echo "---- C client"; cat "$cc"
    for mix in C-server_Java-client Java-server_C-client; do
        local name="$prog-$mix" rc=0
        runs=$((runs + 1))
        if [[ $mix == C-server* ]]; then
            pair "$name" "$ready" "$port" "${ccmd[@]}" -s "${opts[@]}" -- "${jcmd[@]}" -h "$ip" "${opts[@]}"
            finish "$name"
            same "$name" client "$cc" "$ccs" "$clog" "$crc" || rc=1
            [[ $src -eq $css ]] || { echo "FAIL $name: the C server exited $src (against C: $css)"; rc=1; }
        else
            pair "$name" "$ready" "$port" "${jcmd[@]}" -s "${opts[@]}" -- "${ccmd[@]}" -h "$ip" "${opts[@]}"
            finish "$name"
            same "$name" server "$cs" "$css" "$slog" "$src" || rc=1
            [[ $crc -eq $ccs ]] || { echo "FAIL $name: the C client exited $crc (against C: $ccs)"; rc=1; }
        fi
        [[ $css -eq 0 && $ccs -eq 0 ]] || { echo "FAIL $name: the C pair itself failed"; rc=1; }
        echo "---- server"; cat "$slog"; echo "---- client"; cat "$clog"
        if [[ $rc -ne 0 ]]; then
            fails=$((fails + 1))
        else
            echo "PASS $name: exit statuses and stdout as C against C"
        fi
    done
}

# srq_mixed: dtestsrq with its SRQ, mixed only (see the head of this file). The C side stops at its wait for the
# first EP_BROKEN, so a Java server gets the disconnect of one connection only: -c 1 there, -c 2 with a C server.
srq_mixed() {
    local mix name rc jpid cpid jlog clog_c opts
    for mix in C-server_Java-client Java-server_C-client; do
        name="dtestsrq-SRQ-$mix"
        rc=0
        runs=$((runs + 1))
        slog="$work/$name-server.log"
        clog="$work/$name-client.log"
        if [[ $mix == C-server* ]]; then
            opts=(-P ofa-v2-rxe -c 2 -B 3 -t 2 -b 256)
            timeout -k 5 "$limit" "${csrq[@]}" -v -s "${opts[@]}" >"$slog" 2>&1 &
            cpid=$!
            wait_for "$slog" " Accepting..." 120 "$cpid" || { echo "FAIL $name: the C server did not get ready"; }
            timeout -k 5 "$limit" "${jsrq[@]}" -h "$ip" "${opts[@]}" >"$clog" 2>&1 &
            jpid=$!
            jlog=$clog clog_c=$slog
        else
            opts=(-P ofa-v2-rxe -c 1 -B 3 -t 2 -b 256)
            timeout -k 5 "$limit" "${jsrq[@]}" -s "${opts[@]}" >"$slog" 2>&1 &
            jpid=$!
            wait_for "$slog" " Accepting..." 120 "$jpid" || { echo "FAIL $name: the Java server did not get ready"; }
            timeout -k 5 "$limit" "${csrq[@]}" -v -h "$ip" "${opts[@]}" >"$clog" 2>&1 &
            cpid=$!
            jlog=$slog clog_c=$clog
        fi
        wait "$jpid"
        local jrc=$?
        echo "-- $name: Java exit $jrc"
        # the C side is stopped as soon as it waits for the EP_BROKEN (it would wait for ever), or after the grace
        local i
        for ((i = 0; i < grace; i++)); do
            kill -0 "$cpid" 2>/dev/null || break
            [[ $(tail -n 1 "$clog_c") == " Wait for EP async event" ]] && break
            sleep 1
        done
        kill "$cpid" 2>/dev/null
        wait "$cpid"
        [[ $jrc -eq 0 ]] || { echo "FAIL $name: the Java side exited $jrc"; rc=1; }
        grep -qF " DAPL RC SRQ Test Complete." "$jlog" || { echo "FAIL $name: the Java side did not complete"; rc=1; }
        # the C side ran every burst and its first disconnect, and waits for the event rxe does not report
        grep -qE "ALL [12] CONNECTED on" "$clog_c" || { echo "FAIL $name: the C side did not connect"; rc=1; }
        grep -qF " disc event[0] complete" "$clog_c" || { echo "FAIL $name: the C side did not disconnect"; rc=1; }
        [[ $(tail -n 1 "$clog_c") == " Wait for EP async event" ]] ||
            { echo "FAIL $name: the C side stopped elsewhere than at its wait for EP_BROKEN"; rc=1; }
        if grep -qE "Error|ERR" "$clog_c"; then echo "FAIL $name: the C side reported an error"; rc=1; fi
        echo "---- server"; cat "$slog"; echo "---- client"; cat "$clog"
        if [[ $rc -ne 0 ]]; then
            fails=$((fails + 1))
        else
            echo "PASS $name: the Java side completed; the C side stopped at its wait for the EP_BROKEN rxe" \
                "never reports, as against C"
        fi
    done
}

t0=$(date +%s.%N)
compare dtestcm " Conn server waiting for client, port $info_port" "$info_port" ccm jcm "${cm_opts[@]}"
t1=$(date +%s.%N)
compare dtestsrq " Accepting..." "" csrq jsrq -S 0 "${srq_opts[@]}"
t2=$(date +%s.%N)
srq_mixed
t3=$(date +%s.%N)
rm -rf "$work"
echo "== dtestcm/dtestsrq interop: $((runs - fails)) of $runs runs passed; dtestcm $(echo "$t1 - $t0" | bc) s," \
    "dtestsrq -S 0 $(echo "$t2 - $t1" | bc) s, dtestsrq with SRQ $(echo "$t3 - $t2" | bc) s"
exit $fails

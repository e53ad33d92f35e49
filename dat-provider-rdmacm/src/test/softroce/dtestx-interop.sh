#!/usr/bin/env bash
# C dtestx (dapl2-utils 2.1.10, libdaplofa over librdmacm) against the Java dtestx port (examples, rdmacm provider)
# over the Soft-RoCE device of the guest: RDMA write with immediate data, compare-and-swap and fetch-and-add, each
# side on the other's memory. Run by run-guest-tests.sh inside the guest:
#
#   dtestx-interop.sh JAVA CLASSPATH
#
# The C pair runs first; then C server + Java client and Java server + C client, with the same arguments. A mixed
# pair passes when each process exits as in the C pair and the Java process prints the stdout its C counterpart
# printed, once process ids, pointers, rkeys and addresses are masked (normalize). One dat.conf line (DAT_OVERRIDE)
# serves both, as in dtest-interop.sh. dtestx has no size options worth varying here (one 256-byte buffer per
# operation, two atomics each way); most of its ~7 s are C's sleeps between the atomics. Every process runs under
# `timeout`. Exit status: the number of failed runs.
set -u
java="$1"
cp="$2"
ip="${SOFTROCE_IP:?not in the Soft-RoCE guest}"
netdev="${SOFTROCE_NETDEV:-eth0}"
limit="${DTEST_TIMEOUT:-240}"   # seconds each process may run
info_port=15828
work="$(mktemp -d /tmp/dtestx.XXXXXX)"
export DAT_OVERRIDE="$work/dat.conf"
echo "ofa-v2-rxe u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 \"$netdev 0\" \"\"" > "$DAT_OVERRIDE"
jx=("$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED -cp "$cp"
    io.dat4j.examples.dtest.Dtestx)
# C's stdout is a file here: line buffering, so that the line the script waits for is there when printed
cx=(stdbuf -oL dtestx)
opts=(-P ofa-v2-rxe)

# stdout with what differs from run to run masked: process ids, pointers and handles, rkeys and virtual addresses,
# the values of dat_ep_get_status (whether the unsignalled send has completed yet is a race; C prints counts, the Java
# port 0/1 for the idle flags), and the "nmore" line, which both print when the peer's write with immediate data had
# arrived before their own completion was taken (a race: in one C pair the client printed it and the server did not)
normalize() {
    sed -E -e 's/^[0-9]+ /<pid> /' -e '/^do_immediate\(\) nmore [0-9]+$/d' \
        -e '/EP_L\[|accepted CR on|RMR message|rdma buffer/ s/(0x)?[0-9a-fA-F]{5,}/#/g' \
        -e '/EP_L\[|accepted CR on|RMR message/ s/(EP(_L)?(\[[0-9]+\])?)=[^ ]+/\1=#/g' \
        -e 's/r_key_ctx=(0x)?[0-9a-fA-F]+/r_key_ctx=#/' \
        -e '/posted buffers/ s/=[0-9]+/=#/g' "$1"
}

# wait_for LOG TEXT SECS PID PORT: the line is in the log and the TCP port listens; fails if PID ended first
wait_for() {
    local log=$1 text=$2 secs=$3 pid=$4 port=$5 i
    for ((i = 0; i < secs; i++)); do
        if [[ -e $log ]] && grep -qF "$text" "$log" && [[ -n $(ss -Htln "sport = :$port") ]]; then
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 1
    done
    return 1
}

# pair NAME SERVER-CMD... -- CLIENT-CMD...: sets src/crc (exit statuses) and slog/clog
pair() {
    local name=$1 t0 t1
    shift
    local server=() client=()
    while [[ $1 != -- ]]; do server+=("$1"); shift; done
    shift
    client=("$@")
    slog="$work/$name-server.log"
    clog="$work/$name-client.log"
    t0=$(date +%s.%N)
    timeout -k 5 "$limit" "${server[@]}" >"$slog" 2>&1 &
    local spid=$!
    if ! wait_for "$slog" "Server - Client: waiting to snd addr" 120 "$spid" "$info_port"; then
        echo "FAIL $name: the server did not get ready"; cat "$slog"
        kill "$spid" 2>/dev/null; wait "$spid"
        src=125 crc=125
        return 1
    fi
    timeout -k 5 "$limit" "${client[@]}" >"$clog" 2>&1
    crc=$?
    wait "$spid"
    src=$?
    t1=$(date +%s.%N)
    echo "-- $name: server exit $src, client exit $crc, $(echo "$t1 - $t0" | bc) s"
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

t0=$(date +%s.%N)
fails=0
runs=0
pair dtestx-C-C "${cx[@]}" -s "${opts[@]}" -- "${cx[@]}" -h "$ip" "${opts[@]}"
cs=$slog cc=$clog css=$src ccs=$crc
echo "---- C server"; cat "$cs"; echo "---- C client"; cat "$cc"
for mix in C-server_Java-client Java-server_C-client; do
    name="dtestx-$mix"
    rc=0
    runs=$((runs + 1))
    if [[ $mix == C-server* ]]; then
        pair "$name" "${cx[@]}" -s "${opts[@]}" -- "${jx[@]}" -h "$ip" "${opts[@]}"
        same "$name" client "$cc" "$ccs" "$clog" "$crc" || rc=1
        [[ $src -eq $css ]] || { echo "FAIL $name: the C server exited $src (against C: $css)"; rc=1; }
    else
        pair "$name" "${jx[@]}" -s "${opts[@]}" -- "${cx[@]}" -h "$ip" "${opts[@]}"
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
t1=$(date +%s.%N)
rm -rf "$work"
echo "== dtestx interop: $((runs - fails)) of $runs runs passed, $(echo "$t1 - $t0" | bc) s"
exit $fails

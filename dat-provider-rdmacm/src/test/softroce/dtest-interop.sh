#!/usr/bin/env bash
# C uDAPL dtest (dapl2-utils 2.1.10, libdaplofa over librdmacm) against the Java dtest port (examples, rdmacm
# provider), in both roles, over the Soft-RoCE device of the guest. Run by run-guest-tests.sh inside the guest:
#
#   dtest-interop.sh JAVA CLASSPATH
#
# Both sides open the IA "ofa-v2-rxe" of one dat.conf (DAT_OVERRIDE): the line C uDAPL's cma provider reads (library
# libdaplofa.so.2, ia_params "<netdev> 0", so the IA is rxe0's netdev address) and the rdmacm provider serves. The
# client's -P does not matter: dtest 2.1.x clients take the provider name from the server's info message (TCP port
# 15828), which is also why a client may only start once the server listens there.
#
# Short runs: 4 KiB buffers (C's default is 4 MiB: with it, bursts of 10 made C dtest's own RDMA writes complete
# FLUSHED under emulation, softroce README) and -B 2 (C: 1000). -B also sizes the request EVD, (7 + B) x 2 entries:
# -B 2 gives 18 entries for the ping-pong of 100 SUPPRESSed sends, the case that overflowed the rdmacm provider's EVD
# when it signalled every work request and sized the CQ by the EVD (docs/providers.md, SUPPRESS). The ping-pong is
# always 100 messages (dtest has no option for it). Every process
# runs under `timeout`, so a stuck side cannot hang CI. A direction passes when both processes exit 0 and print
# "DAPL Test Complete. PASSED" (C dtest exits 0 even when it FAILED) and the RDMA write and read data arrived.
# Exit status: the number of directions that failed.
set -u
java="$1"
cp="$2"
ip="${SOFTROCE_IP:?not in the Soft-RoCE guest}"
netdev="${SOFTROCE_NETDEV:-eth0}"
burst="${DTEST_BURST:-2}"
buflen="${DTEST_BUFLEN:-4096}"
limit="${DTEST_TIMEOUT:-240}"   # seconds each dtest process may run
info_port=15828
work="$(mktemp -d /tmp/dtest-interop.XXXXXX)"
export DAT_OVERRIDE="$work/dat.conf"
echo "ofa-v2-rxe u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 \"$netdev 0\" \"\"" > "$DAT_OVERRIDE"
jdtest=("$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED -cp "$cp"
    io.dat4j.examples.dtest.Dtest)
opts=(-P ofa-v2-rxe -B "$burst" -b "$buflen")

# waits until the server said it waits for a client and its info socket listens; fails when it ended first or
# after $2 seconds. Polls once a second with builtins (mapfile, kill -0) and runs ss only once the line is there:
# under emulation every fork costs the server's JVM, which shares the one vCPU, noticeable time.
wait_listening() {
    local log=$1 secs=$2 pid=$3 i lines
    for ((i = 0; i < secs; i++)); do
        lines=()
        [[ -e $log ]] && mapfile -t lines < "$log"   # the server may not have opened its log yet
        if [[ "${lines[*]}" == *"Server is waiting for client connection to send server info"* &&
            -n $(ss -Htln "sport = :$info_port") ]]; then
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 1
    done
    return 1
}

# expect LOG TEXT NAME: the log holds the line
expect() {
    grep -qF -- "$2" "$1" || { echo "FAIL $3: no line '$2'"; return 1; }
}

# run NAME SERVER-CMD... -- CLIENT-CMD...
run() {
    local name=$1; shift
    local server=() client=()
    while [[ $1 != -- ]]; do server+=("$1"); shift; done
    shift
    client=("$@")
    local slog="$work/$name-server.log" clog="$work/$name-client.log" t0 t1 rc=0
    t0=$(date +%s.%N)
    timeout -k 5 "$limit" "${server[@]}" >"$slog" 2>&1 &
    local spid=$!
    if ! wait_listening "$slog" 120 "$spid"; then
        echo "FAIL $name: the server did not listen on port $info_port"; cat "$slog"
        kill "$spid" 2>/dev/null; wait "$spid"
        return 1
    fi
    local tl tc
    tl=$(date +%s.%N)
    timeout -k 5 "$limit" "${client[@]}" >"$clog" 2>&1
    local crc=$?
    tc=$(date +%s.%N)
    wait "$spid"
    local src=$?
    t1=$(date +%s.%N)
    echo "---- $name server (${server[0]##*/}, exit $src)"; cat "$slog"
    echo "---- $name client (${client[0]##*/}, exit $crc)"; cat "$clog"
    expect "$slog" "DAPL Test Complete. PASSED" "$name server" || rc=1
    expect "$clog" "DAPL Test Complete. PASSED" "$name client" || rc=1
    expect "$slog" "SERVER: RDMA write buffer contains: client RDMA write data..." "$name server" || rc=1
    expect "$clog" "CLIENT: RDMA write buffer contains: server RDMA write data..." "$name client" || rc=1
    # the reads finished; what they read may be stale: a dtest server starts reading the client's buffer as soon as
    # it has sent its message, before a slow (JVM under emulation) client has put "client RDMA read data" there
    expect "$slog" "SERVER: RCV RDMA read buffer contains: " "$name server" || rc=1
    expect "$clog" "CLIENT: RCV RDMA read buffer contains: " "$name client" || rc=1
    expect "$clog" ": Message PingPong: (100 x $buflen)" "$name client" || rc=1
    [[ $src -eq 0 && $crc -eq 0 ]] || { echo "FAIL $name: exit status server $src, client $crc (124: timeout)"; rc=1; }
    echo "== $name: server listening after $(echo "$tl - $t0" | bc) s, client ran $(echo "$tc - $tl" | bc) s," \
        "server done $(echo "$t1 - $tc" | bc) s after the client"
    [[ $rc -eq 0 ]] && echo "PASS $name ($(echo "$t1 - $t0" | bc) s)"
    return $rc
}

fails=0
run "C-dtest-server_Java-dtest-client" dtest -s "${opts[@]}" -- \
    "${jdtest[@]}" -h "$ip" "${opts[@]}" || fails=$((fails + 1))
run "Java-dtest-server_C-dtest-client" "${jdtest[@]}" -s "${opts[@]}" -- \
    dtest -h "$ip" "${opts[@]}" || fails=$((fails + 1))
rm -rf "$work"
echo "== dtest interop: $((2 - fails)) of 2 directions passed"
exit $fails

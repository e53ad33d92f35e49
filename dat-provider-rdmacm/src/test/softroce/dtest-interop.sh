#!/usr/bin/env bash
# C uDAPL dtest (dapl2-utils, libdaplofa over librdmacm) against the Java dtest port (examples, rdmacm provider), in
# both roles, over the Soft-RoCE device of the guest. Run by run-guest-tests.sh inside the guest:
#
#   dtest-interop.sh JAVA CLASSPATH
#
# Both sides open the IA "ofa-v2-rxe" of one dat.conf (DAT_OVERRIDE), the line C uDAPL's cma provider reads and the
# rdmacm provider serves (library libdaplofa.so.2, ia_params "<netdev> 0"). Bursts stay small (-B 2): under emulation
# the default burst of 10 makes C dtest's own RDMA writes complete FLUSHED (softroce README). A side that does not
# print "DAPL Test Complete. PASSED" fails the run. Exit status: 0 when both directions passed.
set -u
java="$1"
cp="$2"
ip="${SOFTROCE_IP:?not in the Soft-RoCE guest}"
netdev="${SOFTROCE_NETDEV:-eth0}"
burst="${DTEST_BURST:-2}"
work="$(mktemp -d /tmp/dtest-interop.XXXXXX)"
export DAT_OVERRIDE="$work/dat.conf"
echo "ofa-v2-rxe u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 \"$netdev 0\" \"\"" > "$DAT_OVERRIDE"
jdtest=("$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED -cp "$cp"
    io.dat4j.examples.dtest.Dtest)

# waits until a server's output says it listens; fails when the server ended first or after $2 seconds
wait_listening() {
    local log=$1 limit=$2 pid=$3 i
    for ((i = 0; i < limit * 2; i++)); do
        grep -q "Server waiting for connect request" "$log" && return 0
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.5
    done
    return 1
}

# run ROLE-DESCRIPTION SERVER-CMD... -- CLIENT-CMD...
run() {
    local name=$1; shift
    local server=() client=()
    while [[ $1 != -- ]]; do server+=("$1"); shift; done
    shift
    client=("$@")
    local slog="$work/$name-server.log" clog="$work/$name-client.log" t0 t1 rc=0
    t0=$(date +%s.%N)
    timeout 300 "${server[@]}" >"$slog" 2>&1 &
    local spid=$!
    if ! wait_listening "$slog" 120 "$spid"; then
        echo "FAIL $name: the server did not listen"; cat "$slog"; kill "$spid" 2>/dev/null; wait "$spid"
        return 1
    fi
    timeout 300 "${client[@]}" >"$clog" 2>&1
    local crc=$?
    wait "$spid"
    local src=$?
    t1=$(date +%s.%N)
    echo "---- $name server (${server[0]##*/}, exit $src)"; cat "$slog"
    echo "---- $name client (${client[0]##*/}, exit $crc)"; cat "$clog"
    grep -q "DAPL Test Complete. PASSED" "$slog" || { echo "FAIL $name: the server did not pass"; rc=1; }
    grep -q "DAPL Test Complete. PASSED" "$clog" || { echo "FAIL $name: the client did not pass"; rc=1; }
    [[ $src -eq 0 && $crc -eq 0 ]] || { echo "FAIL $name: exit status server $src, client $crc"; rc=1; }
    [[ $rc -eq 0 ]] && echo "PASS $name ($(echo "$t1 - $t0" | bc) s)"
    return $rc
}

fails=0
run "C-dtest-server_Java-dtest-client" dtest -P ofa-v2-rxe -s -B "$burst" -- \
    "${jdtest[@]}" -P ofa-v2-rxe -h "$ip" -B "$burst" || fails=$((fails + 1))
run "Java-dtest-server_C-dtest-client" "${jdtest[@]}" -P ofa-v2-rxe -s -B "$burst" -- \
    dtest -P ofa-v2-rxe -h "$ip" -B "$burst" || fails=$((fails + 1))
rm -rf "$work"
echo "== dtest interop: $((2 - fails)) of 2 directions passed"
exit $fails

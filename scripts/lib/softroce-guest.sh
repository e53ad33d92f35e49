# softroce-guest.sh: helpers shared by the guest jobs of bench-softroce.sh and bench-softroce-ab.sh, sourced inside
# the Soft-RoCE guest (run-in-guest.sh shows the host's files at the same paths). Expects the caller to have set
# T (seconds a server or client may run), port (the first port) and the working directory (the run's output);
# SERVER_UP (default 120): seconds a server may take to start listening.
# Sets ip, dev and ia (the guest's device and the uDAPL IA on it) and DAT_OVERRIDE (a dat.conf naming that IA).

ip=$SOFTROCE_IP
dev=$SOFTROCE_RDMA_DEV
ia=ofa-v2-$SOFTROCE_NETDEV
export DAT_OVERRIDE="$PWD/dat.conf"
echo "$ia u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 \"$SOFTROCE_NETDEV 0\" \"\"" > "$DAT_OVERRIDE"
echo "guest: $(uname -r), $(nproc) vCPU, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" \
    >> env.txt
echo "guest device: $dev on $SOFTROCE_NETDEV $ip, IA $ia" >> env.txt

# wait_for LOG PATTERN PID LIMIT: until LOG contains PATTERN (the server listens); fails when PID ended first or after
# LIMIT seconds
wait_for() {
    local log=$1 pattern=$2 pid=$3 limit=$4 i
    for ((i = 0; i < limit * 4; i++)); do
        grep -q "$pattern" "$log" 2>/dev/null && return 0
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.25
    done
    return 1
}

# pair NAME PATTERN "SERVER CMD" "CLIENT CMD" [stop]: the server in the background until it prints PATTERN (empty:
# two seconds), then the client; client stdout to NAME.out, stderr to NAME.err, server output to NAME.server.log. With "stop"
# the server (one that serves forever) is ended by its process id once the client is done. A pair whose client fails
# is stopped and, when PAIR_TRIES is 2 or more, run again (perftest's client sometimes fails to connect or, as
# `ib_send_lat -e`, crashes). Every try takes a new port; the step's wall time goes to step-times.txt.
pair() {
    local name=$1 pattern=$2 srv=$3 cli=$4 stop=${5:-} s0 s1 try spid ok
    s0=$(date +%s.%N)
    for ((try = 1; try <= ${PAIR_TRIES:-1}; try++)); do
        echo "== $name ($(cut -d' ' -f1 /proc/loadavg))" >&2
        timeout "$T" stdbuf -oL -eL bash -c "$srv" > "$name.server.log" 2>&1 &
        spid=$!
        if [ -z "$pattern" ]; then
            sleep 2
        elif ! wait_for "$name.server.log" "$pattern" "$spid" "${SERVER_UP:-120}"; then
            echo "   $name: the server did not come up" >&2; tail -n 5 "$name.server.log" >&2
        fi
        ok=1
        if ! timeout "$T" bash -c "$cli" > "$name.out" 2> "$name.err"; then
            echo "   $name: client failed ($name.err):" >&2; tail -n 5 "$name.err" >&2
            ok=0
            kill "$spid" 2>/dev/null
        fi
        [ "$stop" = stop ] && kill "$spid" 2>/dev/null
        if ! wait "$spid" && [ "$stop" != stop ] && [ $ok = 1 ]; then
            echo "   $name: server exit status non-zero" >&2; tail -n 5 "$name.server.log" >&2
        fi
        port=$((port + 1))
        [ $ok = 1 ] && break
        sleep 1
    done
    s1=$(date +%s.%N)
    echo "$name $(echo "$s1 - $s0" | bc)" >> step-times.txt
}

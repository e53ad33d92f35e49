"""What scripts/bench-peers.py runs and scripts/bench-peers-report.py compares: the peers, how their outputs are read,
and the targets of issues 19 (TCP) and 18 (shared memory) that the verdict is checked against.

Every peer's result is a list of rows in the shape of `dat perf lat|bw --json`, with two normalised fields:
  latency rows: "rtt_us" (the round trip compared: the median, or an average where the tool prints nothing else) and
                "rtt_stat" ("p50" or "avg");
  stream rows:  "gbit_per_s" (one direction, payload bits).
"""
import json
import re

SCHEMA = "dat4j-bench-peers/1"

GROUPS = ("tcp", "shm", "ab", "all")

# family: how the pair is built (bench-peers.py steps_<family>); polls: both sides busy-poll (ping-pong and streams);
# needs: what must be there, else the peer is skipped with the reason (a dict: per kind). label_<kind>: the name in
# that kind's tables (default label). dat family: java_opts (added to DAT_JAVA_OPTS of both processes), bw_ops.
# fishm family (fi-shm's streams too): cma (False: FI_SHM_DISABLE_CMA=1), ordered (--ordered).
PEERS = {
    "nio": dict(group="tcp", family="nio", kinds=("lat", "bw"), polls=False,
                label="NIO blocking", about="NioBaseline: blocking SocketChannel ping-pong; stream"),
    "nio-spin": dict(group="tcp", family="nio", kinds=("lat",), polls=True,
                     label="NIO spin", about="NioBaseline spin: busy-polling non-blocking SocketChannel ping-pong"),
    "dat": dict(group="tcp", family="dat", ia="tcp-lo", kinds=("lat", "bw"), polls=False,
                label="dat4j wait", about="dat perf lat|bw -P tcp-lo (dat_evd_wait); bw: send and rdma_write"),
    "dat-poll": dict(group="tcp", family="dat", ia="tcp-lo", poll=True, kinds=("lat",), polls=True,
                     label="dat4j poll", about="dat perf lat --poll -P tcp-lo (dat_evd_dequeue loop)"),
    "ucx-tcp": dict(group="tcp", family="ucx", kinds=("lat", "bw"), polls=True, needs="ucx_perftest",
                    label="ucx_perftest tcp", about="ucx_perftest tag_lat / tag_bw / ucp_put_bw, UCX_TLS=tcp on lo"),
    "jucx-tcp": dict(group="tcp", family="jucx", kinds=("lat", "bw"), polls=True, needs="libucp",
                     label="JUCX tcp",
                     about="JucxPeer (JUCX 1.14.100): tag ping-pong, tag and put streams, UCX_TLS=tcp"),
    "fi-tcp": dict(group="tcp", family="fi", kinds=("lat",), polls=True, needs="fi_pingpong",
                   label="fi_pingpong tcp", about="fi_pingpong -p tcp -e msg, FI_TCP_IFACE=lo (an average)"),
    "ucx-sm": dict(group="shm", family="ucx", kinds=("lat", "bw"), polls=True, needs="ucx_perftest",
                   label="ucx_perftest sm", about="ucx_perftest tag_lat / tag_bw / ucp_put_bw, UCX_TLS=posix,cma"),
    "jucx-sm": dict(group="shm", family="jucx", kinds=("lat", "bw"), polls=True, needs="libucp",
                    label="JUCX sm", about="JucxPeer over UCX shared memory (UCX_TLS=posix,cma)"),
    "fi-shm": dict(group="shm", family="fi", kinds=("lat", "bw"), polls=True,
                   needs={"lat": "fi_pingpong", "bw": "fi-shm-peer"}, label="fi_pingpong shm", label_bw="libfabric shm",
                   about="lat: fi_pingpong -p shm -e rdm (an average); bw: fi-shm-peer, fi_write streams "
                         "(FI_SHM_DISABLE_CMA=0: CMA by the initiator)"),
    "fi-shm-nocma": dict(group="shm", family="fishm", kinds=("bw",), polls=True, needs="fi-shm-peer", cma=False,
                         label="libfabric shm no CMA",
                         about="fi-shm-peer with FI_SHM_DISABLE_CMA=1: writes through shm's bounce buffers (SAR)"),
    "fi-shm-ordered": dict(group="shm", family="fishm", kinds=("bw",), polls=True, needs="fi-shm-peer", ordered=True,
                           label="libfabric shm ordered",
                           about="fi-shm-peer --ordered: RMA ordering as DAT gives it (the target copies with CMA)"),
    "aeron-ipc": dict(group="shm", family="aeron", kinds=("lat",), polls=True,
                      label="Aeron IPC", about="AeronIpcPeer: aeron:ipc ping-pong, embedded media driver"),
    "dat-shm": dict(group="shm", family="dat", ia="shm0", kinds=("lat", "bw"), polls=False, needs="shm0",
                    label="dat4j shm0 wait", about="dat perf lat|bw -P shm0 (dat_evd_wait); skipped while no shm0"),
    "dat-shm-nocma": dict(group="shm", family="dat", ia="shm0", kinds=("bw",), polls=False, needs="shm0",
                          java_opts="-Ddat4j.shm.cma=off", bw_ops="rdma_write", label="dat4j shm0 no CMA",
                          about="dat perf bw --op rdma_write -P shm0 with -Ddat4j.shm.cma=off in both processes "
                                "(writes through the rings)"),
    "dat-shm-poll": dict(group="shm", family="dat", ia="shm0", poll=True, kinds=("lat",), polls=True, needs="shm0",
                         label="dat4j shm0 poll", about="dat perf lat --poll -P shm0; skipped while no shm0"),
    "dat-shm-st": dict(group="shm", family="dat", ia="shm0", poll=True, kinds=("lat",), polls=True, needs="shm0",
                       java_opts="-Ddat4j.kit.singleThread=true", label="dat4j shm0 poll, single-thread",
                       about="dat perf lat --poll -P shm0 with -Ddat4j.kit.singleThread=true in both processes (the "
                             "kit's single-thread mode, as UCX's single-thread worker)"),
    "dat-base": dict(group="ab", family="dat", ia="tcp-lo", kinds=("lat", "bw"), polls=False, needs="base",
                     label="dat4j wait, base build",
                     about="dat perf lat|bw -P tcp-lo of the build at --base-root (an A/B of two commits)"),
    "dat-base-poll": dict(group="ab", family="dat", ia="tcp-lo", poll=True, kinds=("lat",), polls=True,
                          needs="base", label="dat4j poll, base build",
                          about="dat perf lat --poll -P tcp-lo of the build at --base-root"),
    "dat-base-shm": dict(group="ab", family="dat", ia="shm0", kinds=("lat", "bw"), polls=False, needs="base",
                         label="dat4j shm0 wait, base build",
                         about="dat perf lat|bw -P shm0 of the build at --base-root (an A/B of two commits on shm0)"),
    "dat-base-shm-poll": dict(group="ab", family="dat", ia="shm0", poll=True, kinds=("lat",), polls=True,
                              needs="base", label="dat4j shm0 poll, base build",
                              about="dat perf lat --poll -P shm0 of the build at --base-root"),
}

# Ratios the tables show: (kind, numerator (peer, op), denominator (peer, op)). Latency: RTT ratio, lower is better
# for the numerator; streams: Gbit/s ratio, higher is better.
COMPARISONS = [
    ("lat", ("dat", "send"), ("dat-base", "send")),
    ("lat", ("dat-poll", "send"), ("dat-base-poll", "send")),
    ("lat", ("dat-shm-poll", "send"), ("dat-base-shm-poll", "send")),
    ("bw", ("dat", "send"), ("dat-base", "send")),
    ("bw", ("dat", "rdma_write"), ("dat-base", "rdma_write")),
    ("lat", ("dat-shm", "send"), ("dat-base-shm", "send")),
    ("bw", ("dat-shm", "send"), ("dat-base-shm", "send")),
    ("bw", ("dat-shm", "rdma_write"), ("dat-base-shm", "rdma_write")),
    ("lat", ("dat", "send"), ("nio", "send")),
    ("lat", ("dat-poll", "send"), ("nio-spin", "send")),
    ("lat", ("dat-poll", "send"), ("ucx-tcp", "send")),
    ("lat", ("dat-poll", "send"), ("jucx-tcp", "send")),
    ("lat", ("dat-poll", "send"), ("fi-tcp", "send")),
    ("lat", ("jucx-tcp", "send"), ("ucx-tcp", "send")),
    ("lat", ("dat-shm-poll", "send"), ("ucx-sm", "send")),
    ("lat", ("dat-shm-st", "send"), ("ucx-sm", "send")),
    ("lat", ("dat-shm-st", "send"), ("dat-shm-poll", "send")),
    ("lat", ("dat-shm-poll", "send"), ("jucx-sm", "send")),
    ("lat", ("dat-shm-poll", "send"), ("fi-shm", "send")),
    ("lat", ("dat-shm-poll", "send"), ("aeron-ipc", "send")),
    ("lat", ("jucx-sm", "send"), ("ucx-sm", "send")),
    ("lat", ("aeron-ipc", "send"), ("ucx-sm", "send")),
    ("lat", ("fi-shm", "send"), ("ucx-sm", "send")),
    ("bw", ("dat", "send"), ("nio", "send")),
    ("bw", ("dat", "rdma_write"), ("nio", "send")),
    ("bw", ("dat", "send"), ("ucx-tcp", "send")),
    ("bw", ("dat", "rdma_write"), ("ucx-tcp", "rdma_write")),
    ("bw", ("dat", "send"), ("jucx-tcp", "send")),
    ("bw", ("dat", "rdma_write"), ("jucx-tcp", "rdma_write")),
    ("bw", ("jucx-tcp", "send"), ("ucx-tcp", "send")),
    ("bw", ("dat-shm", "send"), ("ucx-sm", "send")),
    ("bw", ("dat-shm", "rdma_write"), ("ucx-sm", "rdma_write")),
    ("bw", ("jucx-sm", "rdma_write"), ("ucx-sm", "rdma_write")),
    ("bw", ("dat-shm", "rdma_write"), ("fi-shm", "rdma_write")),
    ("bw", ("dat-shm", "rdma_write"), ("fi-shm-ordered", "rdma_write")),
    ("bw", ("dat-shm-nocma", "rdma_write"), ("fi-shm-nocma", "rdma_write")),
    ("bw", ("dat-shm-nocma", "rdma_write"), ("dat-shm", "rdma_write")),
    ("bw", ("fi-shm-nocma", "rdma_write"), ("fi-shm", "rdma_write")),
    ("bw", ("fi-shm-ordered", "rdma_write"), ("fi-shm", "rdma_write")),
    ("bw", ("fi-shm", "rdma_write"), ("ucx-sm", "rdma_write")),
]

# The targets of issues 19 and 18 that this script measures. den None: an absolute figure (µs); sizes None: every
# size of the run; min_size: every size from there on. cmp: "<=", "<" or ">=" between the figure and goal.
TARGETS = [
    dict(id="19.1", what="blocking ping-pong vs NIO, same placement", kind="lat", placement="same",
         num=("dat", "send"), den=("nio", "send"), cmp="<=", goal=1.10),
    dict(id="19.2", what="blocking ping-pong vs NIO, split placement", kind="lat", placement="split",
         num=("dat", "send"), den=("nio", "send"), cmp="<=", goal=1.10),
    dict(id="19.3", what="polling vs ucx_perftest tcp, split", kind="lat", placement="split", sizes=[64, 4096],
         num=("dat-poll", "send"), den=("ucx-tcp", "send"), cmp="<=", goal=1.0),
    dict(id="19.4", what="polling vs JUCX tcp, split", kind="lat", placement="split", sizes=[64, 4096],
         num=("dat-poll", "send"), den=("jucx-tcp", "send"), cmp="<=", goal=0.9),
    dict(id="19.5", what="polling vs fi_pingpong -p tcp -e msg, split", kind="lat", placement="split",
         sizes=[64, 4096], num=("dat-poll", "send"), den=("fi-tcp", "send"), cmp="<=", goal=1.0),
    dict(id="19.6", what="streaming send vs NIO stream, same placement", kind="bw", placement="same",
         num=("dat", "send"), den=("nio", "send"), cmp=">=", goal=0.95),
    dict(id="19.7", what="streaming send vs NIO stream, split placement", kind="bw", placement="split",
         num=("dat", "send"), den=("nio", "send"), cmp=">=", goal=0.95),
    dict(id="19.8", what="streaming RDMA write vs NIO stream, same placement", kind="bw", placement="same",
         num=("dat", "rdma_write"), den=("nio", "send"), cmp=">=", goal=0.95),
    dict(id="19.9", what="streaming RDMA write vs NIO stream, split placement", kind="bw", placement="split",
         num=("dat", "rdma_write"), den=("nio", "send"), cmp=">=", goal=0.95),
    dict(id="18.1", what="shm0 polling 8 B p50 RTT (µs), split", kind="lat", placement="split", sizes=[8],
         num=("dat-shm-poll", "send"), den=None, cmp="<=", goal=1.0),
    dict(id="18.2", what="shm0 polling vs ucx_perftest posix,cma, 8 B", kind="lat", placement="split", sizes=[8],
         num=("dat-shm-poll", "send"), den=("ucx-sm", "send"), cmp="<=", goal=1.5),
    dict(id="18.2st", what="shm0 polling, single-thread mode, vs ucx_perftest posix,cma (a single-thread worker), "
         "8 B", kind="lat", placement="split", sizes=[8], num=("dat-shm-st", "send"), den=("ucx-sm", "send"), cmp="<=",
         goal=1.5),
    dict(id="18.3", what="shm0 polling vs JUCX sm, 8 B (faster)", kind="lat", placement="split", sizes=[8],
         num=("dat-shm-poll", "send"), den=("jucx-sm", "send"), cmp="<", goal=1.0),
    dict(id="18.4", what="shm0 polling vs fi_pingpong -p shm, 8 B (faster)", kind="lat", placement="split",
         sizes=[8], num=("dat-shm-poll", "send"), den=("fi-shm", "send"), cmp="<", goal=1.0),
    dict(id="18.5", what="shm0 polling 4 KiB p50 RTT (µs), split", kind="lat", placement="split", sizes=[4096],
         num=("dat-shm-poll", "send"), den=None, cmp="<=", goal=3.0),
    dict(id="18.6", what="shm0 RDMA write 64 KiB+ >= libfabric shm with CMA (fi-shm-peer fi_write)", kind="bw",
         placement="split", min_size=65536, num=("dat-shm", "rdma_write"), den=("fi-shm", "rdma_write"), cmp=">=",
         goal=1.0),
    dict(id="18.7", what="shm0 RDMA write 64 KiB+ vs ucx_perftest ucp_put_bw posix,cma", kind="bw",
         placement="split", min_size=65536, num=("dat-shm", "rdma_write"), den=("ucx-sm", "rdma_write"), cmp=">=",
         goal=1.0),
    dict(id="18.8", what="shm0 RDMA write 64 KiB+ without CMA (dat4j.shm.cma=off) >= libfabric shm without CMA "
         "(FI_SHM_DISABLE_CMA=1)", kind="bw", placement="split", min_size=65536,
         num=("dat-shm-nocma", "rdma_write"), den=("fi-shm-nocma", "rdma_write"), cmp=">=", goal=1.0),
]

EPILOG = """peers (--list for details): tcp group nio, nio-spin, dat, dat-poll, ucx-tcp, jucx-tcp, fi-tcp;
shm group ucx-sm, jucx-sm, fi-shm, fi-shm-nocma, fi-shm-ordered, aeron-ipc, dat-shm, dat-shm-nocma, dat-shm-poll,
dat-shm-st (the dat-shm pairs are skipped while no IA shm0; the fi-shm streams while fi-shm-peer cannot be built: gcc and Debian's
libfabric-dev, scripts/setup.sh);
ab group dat-base, dat-base-poll (tcp-lo), dat-base-shm (shm0): dat4j of another built checkout (--base-root), for an A/B of
two commits in one run
(not in "all").

A round runs every selected pair once, placement by placement; rounds repeat the same order (A B A B ...), and the
tables show medians over the rounds, with ratios taken round by round (the same minutes for both sides).
Peers that busy-poll on both sides (all but nio, dat, dat-shm and dat-shm-nocma) run in the split placement only
(--poll-same adds the same one, where two pollers take turns by the scheduler's time slice).
Environment: DAT_JAVA_OPTS (dat4j JVMs only), BENCH_JAVA (the java of the Java peers; bench-peers.sh sets a JDK 25).
Output: OUTDIR/results.json (schema dat4j-bench-peers/1), tables.md, series.csv, GROUP-KIND-PLACEMENT.png (e.g.
tcp-lat-split.png), runs.json and raw/ (every process's command, stdout and stderr)."""


def describe():
    lines = [f"{'peer':14} {'group':5} {'kinds':7} about"]
    for name, p in PEERS.items():
        lines.append(f"{name:14} {p['group']:5} {','.join(p['kinds']):7} {p['about']}")
    return "\n".join(lines) + "\ngroups: tcp, shm, all"


def ucx_env(peer, sm_tls):
    """UCX's environment for a UCX peer: TCP on the loopback device only, or the shared-memory transports."""
    env = {"UCX_WARN_UNUSED_ENV_VARS": "n"}
    if peer.endswith("-tcp"):
        env.update(UCX_TLS="tcp", UCX_NET_DEVICES="lo")
    else:
        env.update(UCX_TLS=sm_tls)
    return env


def parse_json_rows(out):
    """The one JSON array of row objects that dat perf --json and the Java peers print. Text around it is left out:
    UCX writes its warnings to stdout (JUCX 1.14 warns that it was built for a newer UCP API than Debian's 1.13)."""
    m = re.search(r"^\[\s*(\{|\])", out, re.M)
    if not m:
        raise ValueError("no JSON array in the output")
    rows, _ = json.JSONDecoder().raw_decode(out, m.start())
    for r in rows:
        if "rtt_p50_us" in r:
            r["rtt_us"] = r["rtt_p50_us"]
            r["rtt_stat"] = "p50"
    return rows


def parse_ucx(out, kind, op, size):
    """ucx_perftest -f -v: a CSV header and one line of final figures. Latency tests print half a round trip."""
    lines = [ln for ln in out.splitlines() if re.match(r"^\s*\d+,", ln)]
    if not lines:
        return []
    c = [float(x) for x in lines[-1].split(",")]
    iters, p50, avg, _overall, _avg_bw, overall_bw, _avg_mr, overall_mr = c[:8]
    if kind == "lat":
        return [{"op": op, "size": size, "iterations": int(iters), "rtt_p50_us": 2 * p50, "rtt_avg_us": 2 * avg,
                 "rtt_us": 2 * p50, "rtt_stat": "p50", "half_rtt_p50_us": p50}]
    # bandwidth in MB/s of 2^20 bytes
    return [{"op": op, "size": size, "iterations": int(iters), "gbit_per_s": overall_bw * 1048576 * 8 / 1e9,
             "msg_per_s": overall_mr, "mib_per_s": overall_bw}]


def parse_fi(out, size):
    """fi_pingpong: a table line `bytes #sent #ack total time MB/sec usec/xfer Mxfers/sec`; usec/xfer is half a
    round trip, averaged over the run."""
    for line in out.splitlines():
        cols = line.split()
        m = re.match(r"^(\d+)([kmg]?)$", cols[0]) if len(cols) >= 8 else None
        if m and int(m.group(1)) * {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[m.group(2)] == size:
            half = float(cols[6])
            return [{"op": "send", "size": size, "rtt_avg_us": 2 * half, "rtt_us": 2 * half, "rtt_stat": "avg",
                     "half_rtt_avg_us": half}]
    return []

#!/usr/bin/env python3
"""Builds the markdown tables of a scripts/bench-tcp.sh run: ratios against the NIO baseline of the same run.

Usage: bench-tables.py OUTDIR > OUTDIR/tables.md   (also writes OUTDIR/series.csv for BenchPlot)
"""
import glob
import json
import os
import re
import sys


def load(path):
    """Rows of one JSON array file, keyed by (op, size); a repeated key keeps the last (warm) row."""
    try:
        with open(path) as f:
            rows = json.load(f)
    except (OSError, ValueError):
        return {}
    return {(r["op"], int(r["size"])): r for r in rows}


def fi_rows(path):
    """fi_pingpong client rows: size -> usec/xfer (half a round trip, an average)."""
    res = {}
    try:
        with open(path) as f:
            for line in f:
                cols = line.split()
                m = re.match(r"^(\d+)([km]?)$", cols[0]) if len(cols) >= 8 else None
                if m and re.match(r"^[0-9.]+$", cols[6]):
                    res[int(m.group(1)) * {"": 1, "k": 1024, "m": 1 << 20}[m.group(2)]] = float(cols[6])
    except OSError:
        pass
    return res


def fmt(x, digits=1):
    return "–" if x is None else f"{x:.{digits}f}"


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def main():
    out = sys.argv[1]
    env = open(os.path.join(out, "env.txt")).read().strip()
    nio = load(os.path.join(out, "nio-lat.json"))
    spin = load(os.path.join(out, "nio-lat-spin.json"))
    dat = load(os.path.join(out, "dat-lat.json"))
    poll = load(os.path.join(out, "dat-lat-poll.json"))
    fi = fi_rows(os.path.join(out, "fi-pingpong.txt"))
    series = []

    def p(rows, size, key="rtt_p50_us"):
        r = rows.get(("send", size))
        return None if r is None else r[key]

    print("```")
    print(env)
    print("```")
    print()
    print("**Ping-pong, send/recv, RTT in µs** (p50 and p99 of round trips; fi_pingpong: 2 × its usec/xfer,")
    print("an average)")
    print()
    cols = ["size B", "NIO p50", "NIO p99", "NIO spin p50", "dat4j p50", "dat4j p99", "**dat4j/NIO p50**"]
    if poll:
        cols += ["dat4j poll p50", "poll/NIO spin"]
    if fi:
        cols += ["fi_pingpong RTT", "dat4j/fi"] + (["dat4j poll/fi"] if poll else [])
    print("| " + " | ".join(cols) + " |")
    print("|" + "---:|" * len(cols))
    sizes = sorted({k[1] for k in list(nio) + list(dat)})
    for s in sizes:
        n50, n99, s50 = p(nio, s), p(nio, s, "rtt_p99_us"), p(spin, s)
        d50, d99, q50 = p(dat, s), p(dat, s, "rtt_p99_us"), p(poll, s)
        f = None if s not in fi else 2 * fi[s]
        row = [str(s), fmt(n50), fmt(n99), fmt(s50), fmt(d50), fmt(d99), "**" + fmt(ratio(d50, n50), 2) + "**"]
        if poll:
            row += [fmt(q50), fmt(ratio(q50, s50), 2)]
        if fi:
            row += [fmt(f), fmt(ratio(d50, f), 4)] + ([fmt(ratio(q50, f), 4)] if poll else [])
        print("| " + " | ".join(row) + " |")
        for label, v in (("NIO p50", n50), ("NIO spin p50", s50), ("dat4j p50", d50), ("dat4j poll p50", q50),
                         ("fi_pingpong sockets", f)):
            if v is not None:
                series.append(("lat", label, s, v))
    print()
    print("**Streaming, Gbit/s** (one direction; dat4j keeps `-t` operations in flight; sends are")
    print("credit-flow-controlled by the receiver)")
    print()
    print("| size B | NIO stream | dat4j send | send/NIO | dat4j rdma_write | write/NIO | dat4j send msg/s |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for f in sorted(glob.glob(os.path.join(out, "nio-bw-*.json")),
                    key=lambda x: int(re.search(r"-(\d+)\.json$", x).group(1))):
        s = int(re.search(r"-(\d+)\.json$", f).group(1))
        n = load(f).get(("send", s))
        d = load(os.path.join(out, f"dat-bw-{s}.json"))
        ds, dw = d.get(("send", s)), d.get(("rdma_write", s))
        g = lambda r: None if r is None else r["gbit_per_s"]
        print(f"| {s} | {fmt(g(n), 2)} | {fmt(g(ds), 2)} | **{fmt(ratio(g(ds), g(n)), 2)}** | {fmt(g(dw), 2)} | "
              f"**{fmt(ratio(g(dw), g(n)), 2)}** | {fmt(None if ds is None else ds['msg_per_s'], 0)} |")
        for label, r in (("NIO stream", n), ("dat4j send", ds), ("dat4j rdma_write", dw)):
            if r is not None:
                series.append(("bw", label, s, r["gbit_per_s"]))
    with open(os.path.join(out, "series.csv"), "w") as f:
        for kind, label, s, v in series:
            f.write(f"{kind},{label},{s},{v}\n")


if __name__ == "__main__":
    main()

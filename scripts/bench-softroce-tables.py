#!/usr/bin/env python3
"""Builds the markdown tables of a scripts/bench-softroce.sh run: dat4j (rdmacm provider) against perftest, dtestcm
and cmtime of the same guest run.

Usage: bench-softroce-tables.py OUTDIR > OUTDIR/tables.md   (also writes OUTDIR/series.csv: kind,label,size,value)
"""
import glob
import json
import os
import re
import sys


def json_doc(path):
    """The JSON document of a dat --json output (its last line that starts one: JFR may log to stdout first)."""
    try:
        with open(path) as f:
            lines = [x for x in f.read().splitlines() if x.startswith(("[{", "{")) or x == "[]"]
        return json.loads(lines[-1]) if lines else None
    except (OSError, ValueError):
        return None


def load_json(path):
    """Rows of one dat perf --json array, keyed by (op, size); a repeated key keeps the last row."""
    rows = json_doc(path) or []
    return {(r["op"], int(r["size"])): r for r in rows}


def sig(text):
    """Significant digits of a printed number."""
    digits = text.replace(".", "").lstrip("0")
    return len(digits)


def perftest_rate(path):
    """(size, messages per second) of a perftest bandwidth output, from whichever of its printed BW average and
    MsgRate has more significant digits (perftest prints both with few decimals), or None."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for i, line in enumerate(lines):
        if line.strip().startswith("#bytes") and i + 1 < len(lines):
            raw = re.findall(r"[0-9]+(?:\.[0-9]+)?", lines[i + 1])
            if len(raw) < 5:
                return None
            size = int(raw[0])
            unit = 1e9 / 8 if "Gb/sec" in line else (1 << 20)
            by_bw = float(raw[3]) * unit / size
            by_rate = float(raw[4]) * 1e6
            return size, (by_rate if sig(raw[4]) >= sig(raw[3]) else by_bw)
    return None


def perftest_row(path):
    """The numeric result line of a perftest client output: the list of its numbers, or None."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for i, line in enumerate(lines):
        if line.strip().startswith("#bytes") and i + 1 < len(lines):
            nums = re.findall(r"[0-9]+(?:\.[0-9]+)?", lines[i + 1])
            if len(nums) >= 4:
                return [float(x) for x in nums]
    return None


def perftest_lat(out, kind, mode):
    """size -> (t_typical, t_avg, t_99) one-way usec of ib_KIND_lat in MODE (poll or event)."""
    res = {}
    for p in glob.glob(os.path.join(out, f"pt-{kind}-lat-{mode}-*.out")):
        row = perftest_row(p)
        if row:
            # #bytes #iterations t_min t_max t_typical t_avg t_stdev 99% 99.9%
            res[int(row[0])] = (row[4], row[5], row[7] if len(row) > 7 else None)
    return res


def perftest_bw(out, kind):
    """size -> average Gbit/s of ib_KIND_bw --report_gbits."""
    res = {}
    for p in glob.glob(os.path.join(out, f"pt-{kind}-bw-*.out")):
        r = perftest_rate(p)
        if r:
            res[r[0]] = r[1] * r[0] * 8 / 1e9
    return res


def perftest_t1(out):
    """size -> average µs per RDMA write of ib_write_bw -t 1 (one at a time, post to completion)."""
    res = {}
    for p in glob.glob(os.path.join(out, "pt-write-t1-*.out")):
        r = perftest_rate(p)
        if r and r[1] > 0:
            res[r[0]] = 1e6 / r[1]
    return res


def dtestcm(path):
    """dtestcm's client summary: dict with usec per connection, CPS, total secs, and its set-up steps (usec)."""
    res = {}
    try:
        text = open(path).read()
    except OSError:
        return res
    m = re.search(r"Connections:\s*([0-9.]+) usec, CPS\s*([0-9.]+) Total\s*([0-9.]+) secs", text)
    if m:
        res["usec_per_conn"], res["cps"], res["total_s"] = map(float, m.groups())
    for name, key in (("EP create", "ep_create"), ("EP free", "ep_free"), ("open", "open"), ("close", "close"),
                      ("PZ create", "pz create"), ("EVD create", "evd create")):
        m = re.search(r"\b" + re.escape(name) + r":\s*([0-9.]+) usec", text)
        if m:
            res[key] = float(m.group(1))
    return res


def cmtime(path):
    """cmtime's client table: step -> (total ms, max ms, min us, us per conn)."""
    res = {}
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return res
    for line in lines:
        m = re.match(r"^\s*([a-z][a-z ]*?)\s*:\s*([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)\s*$", line)
        if m:
            res[m.group(1)] = tuple(float(x) for x in m.groups()[1:])
    return res


def fmt(x, digits=1):
    return "–" if x is None else f"{x:,.{digits}f}"


def fr(x):
    """A ratio: two decimals, three significant digits below 0.1."""
    if x is None:
        return "–"
    return f"{x:.3g}" if x < 0.1 else f"{x:.2f}"


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def server_steps(path):
    """The provider steps a dat cm server printed (its line 'provider steps: {json}'), or {}."""
    try:
        for line in reversed(open(path).read().splitlines()):
            if line.startswith("provider steps: "):
                return json.loads(line[len("provider steps: "):])
    except (OSError, ValueError):
        pass
    return {}


def cm_section(out, cm_n):
    """Connection set-up: dtestcm, cmtime and the dat cm pairs (plain, --hold, the baseline's, --steps)."""
    dt = dtestcm(os.path.join(out, "dtestcm.out"))
    ct = cmtime(os.path.join(out, "cmtime.out"))
    print("**Connection set-up** (client side; connections per second over the connect phase, from each burst's "
          "first connect to its last establishment; dat cm after `--warmup` connections in the same JVM; "
          "`--hold`: dtestcm's phases, every connection kept until all are made)")
    print()
    print("| tool | connections | CPS | µs per connection | dat/C CPS |")
    print("|---|---:|---:|---:|---:|")
    print(f"| `dtestcm` | {cm_n} | {fmt(dt.get('cps'))} | {fmt(dt.get('usec_per_conn'))} | |")
    rows = [("CM_MAIN dat cm", "dat-cm-main"), ("dat cm", "dat-cm"), ("dat cm --hold", "dat-cm-hold")]
    for p in sorted(glob.glob(os.path.join(out, "dat-cm-base*.out"))):
        name = os.path.basename(p)[:-4]
        if name.endswith("-steps"):
            continue  # (a rate measured while recording is not the rate)
        rows.append((f"baseline {name[len('dat-cm-base'):].strip('-') or 'plain'}", name))
    for p in sorted(glob.glob(os.path.join(out, "dat-cm-*[0-9].out"))):
        name = os.path.basename(p)[:-4]
        if not name.startswith(("dat-cm-base", "dat-cm-main")):
            rows.append((name.replace("dat-cm", "dat cm"), name))
    for label, name in rows:
        dc = json_doc(os.path.join(out, name + ".out"))
        if not dc:
            continue
        cps = dc.get("connections_per_s")
        print(f"| `{label}` | {dc.get('connections', '–')} | {fmt(cps)} | {fmt(None if not cps else 1e6 / cps)} "
              f"| **{fr(ratio(cps, dt.get('cps')))}** |")
    print()
    steps = json_doc(os.path.join(out, "dat-cm-steps.out")) or {}
    client = steps.get("provider_steps", {})
    server = server_steps(os.path.join(out, "dat-cm-steps.server.log"))
    print("Per step (`cmtime`: its `us / conn`, each step's wall time for all connections at once, per connection; "
          "dat4j: the rdmacm provider's steps from `dat cm --steps` (JFR events), `us/conn` the same measure "
          "over each burst, and the average of one step; client = active side, server = passive side)")
    print()
    base = json_doc(os.path.join(out, "dat-cm-base-steps.out")) or {}
    bclient = base.get("provider_steps", {})
    bserver = server_steps(os.path.join(out, "dat-cm-base-steps.server.log"))
    hb = bool(bclient or bserver)
    print("| step | cmtime µs/conn | dat4j client µs/conn | client avg µs | server avg µs |"
          + (" baseline client µs/conn | baseline client avg µs | baseline server avg µs |" if hb else ""))
    print("|---|---:|---:|---:|---:|" + ("---:|---:|---:|" if hb else ""))
    names = list(ct)
    for k in list(client) + list(server) + list(bclient) + list(bserver):
        n = k.replace("_", " ")
        if n not in names:
            names.append(n)
    for n in names:
        k = n.replace(" ", "_")
        c = client.get(k, {})
        v = server.get(k, {})
        per = ct.get(n)
        line = (f"| {n} | {fmt(per[3] if per else None)} | {fmt(c.get('us_per_conn'))} | {fmt(c.get('avg_us'))} "
                f"| {fmt(v.get('avg_us'))} |")
        if hb:
            bc = bclient.get(k, {})
            line += (f" {fmt(bc.get('us_per_conn'))} | {fmt(bc.get('avg_us'))} "
                     f"| {fmt(bserver.get(k, {}).get('avg_us'))} |")
        print(line)
    print()
    dc = json_doc(os.path.join(out, "dat-cm-hold.out")) or json_doc(os.path.join(out, "dat-cm.out")) or {}
    print("| dat cm step (API calls, client) | avg µs | min µs | max µs | dtestcm |")
    print("|---|---:|---:|---:|---:|")
    for step, v in dc.get("steps", {}).items():
        c = dt.get(step)
        print(f"| {step} | {fmt(v.get('avg_us'))} | {fmt(v.get('min_us'))} | {fmt(v.get('max_us'))} "
              f"| {fmt(c)} |")
    print()


def alt_section(out, wait):
    """ALT_OPTS: dat cm --hold and dat perf lat (wait) with other JVM options, against the run's own pairs."""
    cms = sorted(glob.glob(os.path.join(out, "dat-cm-alt-*.out")))
    lats = [p for p in sorted(glob.glob(os.path.join(out, "dat-lat-wait-*.out")))
            if not p.endswith(("-tiered.out", "-train.out"))]
    cms = [p for p in cms if not p.endswith("-train.out")]
    if not cms and not lats:
        return
    print("**JVM options (ALT_OPTS) and CM_BASE's build (base, base-R against this-R when LAT_ROUNDS alternates "
          "them)**, same guest run; the options are in env.txt")
    print()
    if cms:
        dt = dtestcm(os.path.join(out, "dtestcm.out"))
        own = json_doc(os.path.join(out, "dat-cm-hold.out")) or {}
        print("| dat cm --hold | CPS | / run's JAVA_OPTS | dat/C CPS |")
        print("|---|---:|---:|---:|")
        print(f"| run's JAVA_OPTS | {fmt(own.get('connections_per_s'))} | | "
              f"**{fr(ratio(own.get('connections_per_s'), dt.get('cps')))}** |")
        for p in cms:
            dc = json_doc(p) or {}
            cps = dc.get("connections_per_s")
            print(f"| {os.path.basename(p)[len('dat-cm-alt-'):-4]} | {fmt(cps)} "
                  f"| {fr(ratio(cps, own.get('connections_per_s')))} | **{fr(ratio(cps, dt.get('cps')))}** |")
        print()
    if lats:
        pt = perftest_lat(out, "send", "event")
        print("| dat perf lat wait, p50 one-way µs | op | size B | run's JAVA_OPTS | these | these / run's "
              "| send: these / `ib_send_lat -e` |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for p in lats:
            label = os.path.basename(p)[len("dat-lat-wait-"):-4]
            for (op, s), r in sorted(load_json(p).items()):
                a = wait.get((op, s), {}).get("one_way_p50_us")
                b = r.get("one_way_p50_us")
                c = pt.get(s, (None,))[0] if op == "send" else None
                print(f"| {label} | {op} | {s} | {fmt(a)} | {fmt(b)} | {fr(ratio(b, a))} | {fr(ratio(b, c))} |")
        print()


def strace_counts(path):
    """{syscall: calls} from strace -c's table."""
    counts = {}
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return None
    for line in lines:
        f = line.split()
        if len(f) >= 5 and f[0][0].isdigit() and f[-1] != "total":
            try:
                counts[f[-1]] = int(f[3])
            except ValueError:
                continue
    return counts


def syscalls_section(out):
    """SYSCALLS=1: system calls per round trip of the client, (calls at 700 - calls at 200) / 500."""
    rows = {}
    for tool in ("pt", "dat", "base"):
        a = strace_counts(os.path.join(out, f"syscalls-{tool}-200.txt"))
        b = strace_counts(os.path.join(out, f"syscalls-{tool}-700.txt"))
        if a is None or b is None:
            continue
        rows[tool] = {k: (b.get(k, 0) - a.get(k, 0)) / 500 for k in set(a) | set(b)}
    if not rows:
        return
    print("**System calls per round trip, client side** (`strace -f -c`, 64 B sends, sleeping on CQ events: "
          "(calls of 700 round trips - calls of 200) / 500; the server runs untraced)")
    print()
    print("| syscall | `ib_send_lat -e` | dat perf lat (wait) | CM_BASE's dat perf lat |")
    print("|---|---:|---:|---:|")
    names = sorted({k for r in rows.values() for k, v in r.items() if abs(v) >= 0.05},
                   key=lambda k: -max(r.get(k, 0) for r in rows.values()))
    for k in names:
        print("| " + k + " | " + " | ".join(fmt(rows.get(t, {}).get(k), 2) for t in ("pt", "dat", "base")) + " |")
    print("| **total** | " + " | ".join(fmt(sum(rows[t].values()) if t in rows else None, 2)
                                    for t in ("pt", "dat", "base")) + " |")
    print()


def main():
    out = sys.argv[1]
    env = open(os.path.join(out, "env.txt")).read().strip()
    m = re.search(r"CM_N=(\d+)", env)
    cm_n = m.group(1) if m else "–"
    print("```")
    print(env)
    print("```")
    print()
    series = []
    wait = load_json(os.path.join(out, "dat-lat-wait.out"))
    poll = load_json(os.path.join(out, "dat-lat-poll.out"))
    tiered = load_json(os.path.join(out, "dat-lat-wait-tiered.out"))
    pt_send_ev = perftest_lat(out, "send", "event")
    pt_send_poll = perftest_lat(out, "send", "poll")
    sizes = sorted({s for (_, s) in list(wait) + list(poll)} | set(pt_send_ev) | set(pt_send_poll))
    print("**Send/receive ping-pong, one-way latency in µs** (half the round trip, perftest's measure; perftest: "
          "t_typical, its median; dat perf: `one_way_p50_us`). `-e`/wait: both sides sleep on CQ events; poll: "
          "both sides spin on the CQ (on the guest's one vCPU two spinning processes wait for each other's time "
          "slice).")
    print()
    print("| size B | `ib_send_lat -R -e` | dat perf wait | **dat/C (sleeping)** | `ib_send_lat -R` (poll) "
          "| dat perf `--poll` | dat/C (polling) | dat perf wait p99 one-way | C `-e` p99 |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for s in sizes:
        c_ev = pt_send_ev.get(s, (None, None, None))
        c_poll = pt_send_poll.get(s, (None, None, None))
        w = wait.get(("send", s), {})
        p = poll.get(("send", s), {})
        w50 = w.get("one_way_p50_us")
        p50 = p.get("one_way_p50_us")
        w99 = w.get("rtt_p99_us")
        print(f"| {s} | {fmt(c_ev[0])} | {fmt(w50)} | **{fr(ratio(w50, c_ev[0]))}** | {fmt(c_poll[0])} "
              f"| {fmt(p50)} | {fr(ratio(p50, c_poll[0]))} | {fmt(None if w99 is None else w99 / 2)} "
              f"| {fmt(c_ev[2])} |")
        for label, v in (("ib_send_lat -e", c_ev[0]), ("dat perf send (wait)", w50),
                         ("ib_send_lat (poll)", c_poll[0]), ("dat perf send (poll)", p50)):
            if v is not None:
                series.append(("lat", label, s, v))
    print()

    pt_write = perftest_lat(out, "write", "poll")
    t1 = perftest_t1(out)
    print("**RDMA write latency in µs.** Two measures. (a) `ib_write_lat` is a ping-pong of RDMA writes in which each "
          "side spins on the last byte of its buffer (t_typical = half that round trip, a median); `dat perf lat "
          "--op rdma_write` times one write from post to its completion, which needs the responder's ACK, and "
          "reports half of that as one-way. (b) The same measure on both sides: `ib_write_bw -t 1` (one write at a "
          "time, post to completion, perftest spinning on its CQ) against dat perf's **average** post-to-completion "
          "time (`rtt_avg_us`).")
    print()
    print("| size B | (a) `ib_write_lat -R` one-way | dat perf wait one-way p50 | dat/C | dat perf `--poll` | dat/C "
          "| (b) `ib_write_bw -t 1` µs/write | dat perf wait avg | **dat/C** | dat perf `--poll` avg | **dat/C** |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for s in sizes:
        c = pt_write.get(s, (None, None, None))[0]
        w = wait.get(("rdma_write", s), {}).get("one_way_p50_us")
        p = poll.get(("rdma_write", s), {}).get("one_way_p50_us")
        c1 = t1.get(s)
        wa = wait.get(("rdma_write", s), {}).get("rtt_avg_us")
        pa = poll.get(("rdma_write", s), {}).get("rtt_avg_us")
        print(f"| {s} | {fmt(c)} | {fmt(w)} | {fr(ratio(w, c))} | {fmt(p)} | {fr(ratio(p, c))} "
              f"| {fmt(c1)} | {fmt(wa)} | **{fr(ratio(wa, c1))}** | {fmt(pa)} | **{fr(ratio(pa, c1))}** |")
        for label, v in (("ib_write_lat (poll)", c), ("dat perf rdma_write (wait)", w)):
            if v is not None:
                series.append(("lat", label, s, v))
    print()

    if tiered:
        print("**JIT choice** (dat perf lat, EVD wait, p50 one-way µs): `JAVA_OPTS` of the run against the JVM's "
              "default tiered compilation (C1 then C2), same guest run.")
        print()
        print("| op | size B | run's JAVA_OPTS | tiered (C2) | tiered / run's |")
        print("|---|---:|---:|---:|---:|")
        for (op, s), r in sorted(tiered.items()):
            a = wait.get((op, s), {}).get("one_way_p50_us")
            b = r.get("one_way_p50_us")
            print(f"| {op} | {s} | {fmt(a)} | {fmt(b)} | {fr(ratio(b, a))} |")
        print()

    dbw = load_json(os.path.join(out, "dat-bw.out"))
    dbp = load_json(os.path.join(out, "dat-bw-poll.out"))
    pt_wbw = perftest_bw(out, "write")
    pt_sbw = perftest_bw(out, "send")
    bw_sizes = sorted({s for (_, s) in list(dbw) + list(dbp)} | set(pt_wbw) | set(pt_sbw))
    print("**Bandwidth, Gbit/s** (average over the run; both keep the same number of operations in flight, "
          "`-t BW_DEPTH`, and sends the same receive depth, `-r BW_RX`; perftest spins on its CQ; dat perf waits on "
          "its EVDs, or with `--poll` spins on both sides)")
    print()
    print("| size B | `ib_write_bw -R` | dat perf rdma_write | **dat/C** | `--poll` | dat/C | `ib_send_bw -R` "
          "| dat perf send | **dat/C** | `--poll` | dat/C |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for s in bw_sizes:
        cw = pt_wbw.get(s)
        cs = pt_sbw.get(s)
        dw = dbw.get(("rdma_write", s), {}).get("gbit_per_s")
        ds = dbw.get(("send", s), {}).get("gbit_per_s")
        pw = dbp.get(("rdma_write", s), {}).get("gbit_per_s")
        ps = dbp.get(("send", s), {}).get("gbit_per_s")
        print(f"| {s} | {fmt(cw, 3)} | {fmt(dw, 3)} | **{fr(ratio(dw, cw))}** | {fmt(pw, 3)} | {fr(ratio(pw, cw))} "
              f"| {fmt(cs, 3)} | {fmt(ds, 3)} | **{fr(ratio(ds, cs))}** | {fmt(ps, 3)} | {fr(ratio(ps, cs))} |")
        for label, v in (("ib_write_bw", cw), ("dat perf rdma_write", dw), ("ib_send_bw", cs),
                         ("dat perf send", ds), ("dat perf send --poll", ps)):
            if v is not None:
                series.append(("bw", label, s, v))
    print()

    cm_section(out, cm_n)
    alt_section(out, wait)
    syscalls_section(out)

    with open(os.path.join(out, "series.csv"), "w") as f:
        for kind, label, s, v in series:
            f.write(f"{kind},{label},{s},{v}\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The table of a scripts/bench-softroce-ab.sh run: each variant's dat perf send latency (p50 one-way) and send
bandwidth per round, and its ratio to ib_send_lat -R -e / ib_send_bw -R of the same guest boot.

Usage: bench-softroce-ab.py OUTDIR > OUTDIR/ab.md
"""
import glob
import importlib.util
import os
import re
import sys

spec = importlib.util.spec_from_file_location(
    "tables", os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-softroce-tables.py"))
tables = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tables)


def main():
    out = sys.argv[1]
    c_lat = tables.perftest_lat(out, "send", "event")
    c_bw = tables.perftest_bw(out, "send")
    runs = {}
    for p in sorted(glob.glob(os.path.join(out, "lat-*.out")) + glob.glob(os.path.join(out, "bw-*.out"))):
        m = re.match(r"(lat|bw)-(.+)-([0-9]+)\.out$", os.path.basename(p))
        if m:
            runs.setdefault((m.group(2), int(m.group(3))), {})[m.group(1)] = tables.load_json(p)
    sizes = sorted(c_lat) or sorted({s for r in runs.values() for (_, s) in r.get("lat", {})})
    bw_sizes = sorted(c_bw) or sorted({s for r in runs.values() for (_, s) in r.get("bw", {})})
    print("Send ping-pong p50 one-way µs (dat/C against `ib_send_lat -R -e` of the same boot); send bandwidth Gbit/s "
          "(dat/C against `ib_send_bw -R`)")
    print()
    head = "| variant | round | " + " | ".join(f"{s} B p50 | dat/C" for s in sizes)
    head += "".join(f" | bw {s} B | dat/C" for s in bw_sizes) + " |"
    print(head)
    print("|---|---:|" + "---:|---:|" * (len(sizes) + len(bw_sizes)))
    print("| C (perftest) | | " + " | ".join(f"{tables.fmt(c_lat.get(s, (None,))[0])} | " for s in sizes)
          + "".join(f" | {tables.fmt(c_bw.get(s), 3)} | " for s in bw_sizes) + " |")
    order = []
    for (v, r) in sorted(runs, key=lambda k: (k[1], k[0])):
        if v not in order:
            order.append(v)
    for v in order:
        for r in sorted(x for (w, x) in runs if w == v):
            d = runs[(v, r)]
            cells = []
            for s in sizes:
                x = d.get("lat", {}).get(("send", s), {}).get("one_way_p50_us")
                c = c_lat.get(s, (None,))[0]
                cells.append(f"{tables.fmt(x)} | **{tables.fr(tables.ratio(x, c))}**")
            for s in bw_sizes:
                x = d.get("bw", {}).get(("send", s), {}).get("gbit_per_s")
                cells.append(f"{tables.fmt(x, 3)} | **{tables.fr(tables.ratio(x, c_bw.get(s)))}**")
            print(f"| {v} | {r} | " + " | ".join(cells) + " |")
    print()
    print("The same pairs' round-trip minimum and average µs (the minimum moves least with host load)")
    print()
    print("| variant | round | " + " | ".join(f"{s} B min | {s} B avg" for s in sizes) + " |")
    print("|---|---:|" + "---:|---:|" * len(sizes))
    for v in order:
        for r in sorted(x for (w, x) in runs if w == v):
            d = runs[(v, r)].get("lat", {})
            cells = []
            for s in sizes:
                x = d.get(("send", s), {})
                cells += [tables.fmt(x.get("rtt_min_us")), tables.fmt(x.get("rtt_avg_us"))]
            print(f"| {v} | {r} | " + " | ".join(cells) + " |")
    print()
    csw_section(out, order, runs)
    cm_section(out)


def cm_section(out):
    """CM=1: each variant's dat cm --hold rate per round against dtestcm's of the same boot."""
    cms = {}
    for p in glob.glob(os.path.join(out, "cm-*.out")):
        m = re.match(r"cm-(.+)-([0-9]+)\.out$", os.path.basename(p))
        if m:
            doc = tables.json_doc(p) or {}
            cms[(m.group(1), int(m.group(2)))] = doc
    if not cms:
        return
    dt = tables.dtestcm(os.path.join(out, "dtestcm.out"))
    print("Connection set-up, `dat cm --hold` connections per second (after `--warmup` connections in the same JVM) "
          "against `dtestcm`'s of the same boot; the client JVM's wall time (CSW=1), start and warm-up included")
    print()
    print("| variant | round | CPS | dat/C | client JVM s |")
    print("|---|---:|---:|---:|---:|")
    print(f"| `dtestcm` | | {tables.fmt(dt.get('cps'))} | | |")
    for (v, r) in sorted(cms, key=lambda k: (k[0], k[1])):
        cps = cms[(v, r)].get("connections_per_s")
        t = time_file(os.path.join(out, f"cm-{v}-{r}.time"))
        print(f"| {v} | {r} | {tables.fmt(cps)} | **{tables.fr(tables.ratio(cps, dt.get('cps')))}** | "
              f"{tables.fmt(t[2]) if t else '–'} |")
    print()


def time_file(path):
    """(voluntary, involuntary context switches, seconds) from /usr/bin/time -f '%w %c %e', or None."""
    try:
        f = open(path).read().split()
        return int(f[-3]), int(f[-2]), float(f[-1])
    except (OSError, ValueError, IndexError):
        return None


def csw_section(out, order, runs):
    """CSW=1: voluntary context switches of each latency pair's JVMs per round trip (warm-up and JVM start in)."""
    env = open(os.path.join(out, "env.txt")).read()
    n = int(re.search(r"LAT_N=(\d+)", env).group(1))
    warm = int(re.search(r"LAT_WARMUP=(\d+)", env).group(1))
    sizes = len(re.search(r"LAT_SIZES=(\S+)", env).group(1).split(","))
    rows = []
    for v in order:
        for r in sorted(x for (w, x) in runs if w == v):
            c = time_file(os.path.join(out, f"lat-{v}-{r}.time"))
            s = time_file(os.path.join(out, f"lat-{v}-{r}.server.time"))
            if c or s:
                rows.append((v, r, c, s))
    if not rows:
        return
    trips = sizes * (n + warm)
    print(f"Voluntary and involuntary context switches per round trip of each JVM (`/usr/bin/time`, CSW=1): all of "
          f"the JVM's threads over its whole run, JVM start and warm-up included, divided by {trips} round trips, and "
          "the JVM's wall time; the provider's CM thread wakes every 50 ms when idle (20 voluntary switches a second; "
          "builds whose EVD waiter parks for the CQ thread: 40), so compare builds only at similar wall times")
    print()
    print("| variant | round | client vol | client invol | client s | server vol | server invol | server s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for v, r, c, s in rows:
        cells = []
        for t in (c, s):
            cells += ([tables.fmt(t[0] / trips, 2), tables.fmt(t[1] / trips, 2), tables.fmt(t[2])] if t
                      else ["–", "–", "–"])
        print(f"| {v} | {r} | " + " | ".join(cells) + " |")
    print()


if __name__ == "__main__":
    main()

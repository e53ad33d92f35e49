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
    print("| C (perftest) | | " + " | ".join(f"{tables.fmt(c_lat[s][0])} | " for s in sizes)
          + "".join(f" | {tables.fmt(c_bw[s], 3)} | " for s in bw_sizes) + " |")
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


if __name__ == "__main__":
    main()

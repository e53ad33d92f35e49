#!/usr/bin/env python3
"""Turns a scripts/bench-peers.sh run into results.json, tables.md, series.csv and the plots (BenchPlot, XChart).

Usage: bench-peers-report.py OUTDIR      (reads OUTDIR/runs.json; can be run again on an old run)

Medians are taken over the rounds; a ratio is taken round by round (both sides measured in the same minutes) and its
median shown with the range over the rounds.
"""
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, HERE)
import bench_peers_defs as defs  # noqa: E402

METRIC = {"lat": ("rtt_us", "µs"), "bw": ("gbit_per_s", "Gbit/s")}
KIND_TITLE = {"lat": "Ping-pong round trip", "bw": "Streaming, one direction"}
GROUP_TITLE = {"tcp": "TCP on loopback", "shm": "shared memory", "ab": "base build (A/B: tcp-lo, or shm0 for dat-base-shm)"}


def human(size):
    for unit, n in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= n and size % n == 0:
            return f"{size // n} {unit}"
    return f"{size} B"


def fmt(x, digits=None):
    if x is None:
        return "–"
    if digits is None:
        digits = 2 if abs(x) < 10 else 1
    return f"{x:.{digits}f}"


def spread(values, digits=None):
    """median, and (min–max) when there was more than one round."""
    if not values:
        return "–"
    med = statistics.median(values)
    if len(values) == 1:
        return fmt(med, digits)
    return f"{fmt(med, digits)} ({fmt(min(values), digits)}–{fmt(max(values), digits)})"


def label(peer, kind):
    """A peer's name in the tables and plots of one kind (fi-shm: fi_pingpong for lat, fi-shm-peer for bw)."""
    spec = defs.PEERS[peer]
    return spec.get("label_" + kind, spec["label"])


class Report:
    def __init__(self, out):
        self.out = out
        with open(os.path.join(out, "runs.json")) as f:
            self.doc = json.load(f)
        self.params = self.doc["params"]
        # (placement, peer, kind, op, size) -> {round: row}
        self.rows = {}
        for run in self.doc["runs"]:
            if run["status"] != "ok":
                continue
            for r in run["rows"]:
                key = (run["placement"], run["peer"], run["kind"], r["op"], int(r["size"]))
                self.rows.setdefault(key, {})[run["round"]] = r

    def per_round(self, placement, peer, kind, op, size, metric=None):
        metric = metric or METRIC[kind][0]
        got = self.rows.get((placement, peer, kind, op, size), {})
        return {rnd: r[metric] for rnd, r in got.items() if r.get(metric) is not None}

    def sizes(self, kind):
        return self.params["lat_sizes"] if kind == "lat" else self.params["bw_sizes"]

    # ---- figures

    def medians(self):
        out = []
        for (placement, peer, kind, op, size), by_round in sorted(self.rows.items()):
            metrics = [METRIC[kind][0]] + (["rtt_p99_us"] if kind == "lat" else ["msg_per_s"])
            for m in metrics:
                vals = [r[m] for r in by_round.values() if r.get(m) is not None]
                if not vals:
                    continue
                stat = next(iter(by_round.values())).get("rtt_stat") if m == "rtt_us" else None
                out.append({"placement": placement, "peer": peer, "kind": kind, "op": op, "size": size,
                            "metric": m, "stat": stat, "median": statistics.median(vals), "min": min(vals),
                            "max": max(vals), "rounds": len(vals)})
        return out

    def ratio(self, placement, kind, num, den, size):
        """Per-round ratios num/den (den None: num's own figure)."""
        a = self.per_round(placement, num[0], kind, num[1], size)
        if den is None:
            return [a[r] for r in sorted(a)]
        b = self.per_round(placement, den[0], kind, den[1], size)
        return [a[r] / b[r] for r in sorted(a) if r in b and b[r]]

    def comparisons(self):
        out = []
        for kind, num, den in defs.COMPARISONS:
            for placement in self.params["placements"]:
                for size in self.sizes(kind):
                    rs = self.ratio(placement, kind, num, den, size)
                    if rs:
                        out.append({"placement": placement, "kind": kind, "num": {"peer": num[0], "op": num[1]},
                                    "den": {"peer": den[0], "op": den[1]}, "size": size,
                                    "ratio_median": statistics.median(rs), "ratio_min": min(rs),
                                    "ratio_max": max(rs), "rounds": len(rs),
                                    "better": "lower" if kind == "lat" else "higher"})
        return out

    def verdict(self):
        out = []
        for t in defs.TARGETS:
            sizes = t.get("sizes") or [s for s in self.sizes(t["kind"]) if s >= t.get("min_size", 0)]
            measured, missing = {}, []
            for size in sizes:
                rs = self.ratio(t["placement"], t["kind"], t["num"], t["den"], size)
                if rs:
                    measured[size] = statistics.median(rs)
                else:
                    missing.append(size)
            ok = {"<=": lambda x: x <= t["goal"], "<": lambda x: x < t["goal"], ">=": lambda x: x >= t["goal"]}
            passed = [ok[t["cmp"]](v) for v in measured.values()]
            # missed at a measured size: no; met at every size: yes; met where measured, sizes missing: unknown
            met = False if not all(passed) else (None if missing else True)
            out.append({"id": t["id"], "issue": int(t["id"].split(".")[0]), "target": t["what"],
                        "placement": t["placement"], "kind": t["kind"], "cmp": t["cmp"], "goal": t["goal"],
                        "absolute": t["den"] is None, "measured": {str(k): v for k, v in measured.items()},
                        "missing_sizes": missing, "met": met, "why_missing": self.why(t, missing)})
        return out

    def why(self, t, missing):
        if not missing:
            return None
        peers = [t["num"][0]] + ([t["den"][0]] if t["den"] else [])
        reasons = []
        for s in self.doc["skipped"]:
            if s["peer"] in peers and s["kind"] == t["kind"] and s["placement"] == t["placement"]:
                reasons.append(f"{s['peer']} skipped: {s['reason']}")
        for r in self.doc["runs"]:
            if r["peer"] in peers and r["kind"] == t["kind"] and r["placement"] == t["placement"] \
                    and r["status"] != "ok":
                reasons.append(f"{r['peer']} failed: {r['reason']} ({r['log']}.*)")
        unmeasured = [m for m in missing if m not in self.sizes(t["kind"])]
        if unmeasured:
            reasons.append(", ".join(human(m) for m in unmeasured) + f" not in --{t['kind']}-sizes")
        selected = set(self.params["peers"])
        for p in peers:
            if p not in selected:
                reasons.append(f"{p} not selected")
        if t["placement"] not in self.params["placements"] or t["kind"] not in self.params["kinds"]:
            reasons.append(f"{t['placement']} {t['kind']} not selected")
        return "; ".join(dict.fromkeys(reasons)) or "no data"

    def label(self, placement, peer, kind, op):
        """The peer's name in tables and plots: with the operation for streams, `(avg)` for a tool's average."""
        stat = ""
        for (pl, pe, k, o, _), by_round in self.rows.items():
            if (pl, pe, k, o) == (placement, peer, kind, op):
                stat = " (avg)" if any(r.get("rtt_stat") == "avg" for r in by_round.values()) else ""
                break
        return label(peer, kind) + ("" if kind == "lat" else f" {op}") + stat

    # ---- tables.md

    def tables(self, verdict):
        p, m = self.params, self.doc["machine"]
        L = ["# dat4j and its peers: " + self.doc["started"], ""]
        L += ["```", f"command:  {self.doc['command']}", f"commit:   {m['commit']}",
              f"machine:  {m['cpu_model']}, {m['vcpus']} vCPU ({m.get('hypervisor') or 'no hypervisor'}), "
              f"{(m.get('memory_kib') or 0) // 1048576} GiB",
              f"kernel:   {m['kernel']}; {m['os']}", f"jdk:      {m['jdk']}", f"dat:      {m['dat']}",
              "packages: " + ", ".join(f"{k} {v}" for k, v in m["packages"].items() if v),
              "maven:    " + ", ".join(f"{k} {v}" for k, v in m["maven"].items()),
              f"load:     {' '.join(f'{x:.2f}' for x in m['load_before'])} before, "
              f"{' '.join(f'{x:.2f}' for x in m['load_after'])} after",
              f"rounds {p['rounds']}, placements {','.join(p['placements'])} (CPUs {p['cpus']}), "
              f"lat sizes {p['lat_sizes']} x {p['lat_iters']} round trips, bw sizes {p['bw_sizes']}, "
              f"{p['bw_bytes']} bytes each, depth {p['depth']}, settle {p['settle_s']} s",
              f"took {self.doc['seconds']:.0f} s" + (", INTERRUPTED: not every pair ran" if self.doc.get("interrupted")
                                                   else ""), "```", ""]
        L += self.verdict_table(verdict)
        for group in ("tcp", "shm", "ab"):
            for kind in ("lat", "bw"):
                for placement in p["placements"]:
                    L += self.figure_table(group, kind, placement)
        L += self.ratio_tables()
        L += self.not_measured()
        return "\n".join(L) + "\n"

    def verdict_table(self, verdict):
        L = ["## Verdict (targets of issues 19 and 18, this run)", "",
             "Ratios are dat4j / peer, medians of the per-round ratios (RTT: lower is better; Gbit/s: higher). The "
             "tables below give medians over the rounds with their range in brackets; `(avg)` marks a tool that prints "
             "an average only.", "",
             "| id | target | goal | measured | met |", "|---|---|---|---|---|"]
        for v in verdict:
            meas = ", ".join(f"{human(int(s))} {fmt(x)}" for s, x in v["measured"].items())
            if v["missing_sizes"]:
                meas += ("; " if meas else "") + "not measured: " + v["why_missing"]
            met = {True: "**yes**", False: "**no**", None: "–"}[v["met"]]
            goal = f"{v['cmp']} {v['goal']:.2f}" + (" µs" if v["absolute"] else "x")
            L.append(f"| {v['id']} | {v['target']} | {goal} | {meas} | {met} |")
        return L + [""]

    def figure_table(self, group, kind, placement):
        peers = [q for q in self.params["peers"] if defs.PEERS[q]["group"] == group and kind in defs.PEERS[q]["kinds"]]
        ops = ["send"] if kind == "lat" else ["send", "rdma_write"]
        lines = []
        for peer in peers:
            for op in ops:
                cells = [spread(list(self.per_round(placement, peer, kind, op, s).values())) for s in self.sizes(kind)]
                if all(c == "–" for c in cells):
                    continue
                name = self.label(placement, peer, kind, op)
                lines.append(f"| {name} | " + " | ".join(cells) + " |")
        if not lines:
            return []
        what = "p50 round trip, µs" if kind == "lat" else "Gbit/s"
        head = [f"## {KIND_TITLE[kind]}, {GROUP_TITLE[group]}, {placement} placement ({what})", "",
                "| peer | " + " | ".join(human(s) for s in self.sizes(kind)) + " |",
                "|---|" + "---:|" * len(self.sizes(kind))]
        return head + lines + [""]

    def ratio_tables(self):
        L = []
        for kind in ("lat", "bw"):
            for placement in self.params["placements"]:
                rows = []
                for _, num, den in [c for c in defs.COMPARISONS if c[0] == kind]:
                    cells = [spread(self.ratio(placement, kind, num, den, s)) for s in self.sizes(kind)]
                    if all(c == "–" for c in cells):
                        continue
                    n = label(num[0], kind) + ("" if kind == "lat" else f" {num[1]}")
                    d = label(den[0], kind) + ("" if kind == "lat" else f" {den[1]}")
                    rows.append(f"| {n} / {d} | " + " | ".join(cells) + " |")
                if rows:
                    better = "RTT, lower is better" if kind == "lat" else "Gbit/s, higher is better"
                    L += [f"## Ratios, {KIND_TITLE[kind].lower()}, {placement} placement ({better})", "",
                          "| ratio | " + " | ".join(human(s) for s in self.sizes(kind)) + " |",
                          "|---|" + "---:|" * len(self.sizes(kind))] + rows + [""]
        return L

    def not_measured(self):
        by_reason = {}
        for s in self.doc["skipped"]:
            by_reason.setdefault(s["reason"], []).append(f"{s['peer']} {s['kind']} {s['placement']}")
        L = [f"- skipped, {reason}: " + ", ".join(dict.fromkeys(items)) for reason, items in by_reason.items()]
        for r in self.doc["runs"]:
            if r["status"] != "ok":
                L.append(f"- failed: round {r['round']} {r['peer']} {r['kind']} {r['placement']} {r['step']}: "
                         f"{r['reason']} (`{r['log']}.*`)")
        return (["## Not measured", ""] + L + [""]) if L else []

    # ---- series.csv and plots

    def series(self):
        lines = []
        for group in ("tcp", "shm", "ab"):
            for kind in ("lat", "bw"):
                for placement in self.params["placements"]:
                    plot = f"{group}-{kind}-{placement}"
                    body = []
                    for peer in self.params["peers"]:
                        spec = defs.PEERS[peer]
                        if spec["group"] != group or kind not in spec["kinds"]:
                            continue
                        for op in (["send"] if kind == "lat" else ["send", "rdma_write"]):
                            name = self.label(placement, peer, kind, op)
                            for s in self.sizes(kind):
                                vals = list(self.per_round(placement, peer, kind, op, s).values())
                                if vals:
                                    body.append(f"{plot},{name},{s},{statistics.median(vals)}")
                    if body:
                        what = "p50 round trip [us]" if kind == "lat" else "Gbit/s"
                        lines.append(f"title,{plot},{KIND_TITLE[kind]}, {GROUP_TITLE[group]}, {placement} placement")
                        lines.append(f"yaxis,{plot},{what}")
                        lines += body
        return "\n".join(lines) + "\n"

    def plot(self):
        java = os.environ.get("BENCH_JAVA") or shutil.which("java")
        lib = os.path.join(ROOT, "benchmarks", "target", "lib")
        cp = ":".join([os.path.join(ROOT, "benchmarks", "target", "classes")] + glob.glob(os.path.join(lib, "*.jar")))
        r = subprocess.run([java, "-Djava.awt.headless=true", "-cp", cp, "io.dat4j.benchmarks.BenchPlot",
                            os.path.join(self.out, "series.csv"), self.out], capture_output=True, text=True)
        if r.returncode != 0:
            print("bench-peers-report: plots failed: " + r.stderr.strip(), file=sys.stderr)

    def write(self):
        verdict = self.verdict()
        results = dict(self.doc)
        results["medians"] = self.medians()
        results["comparisons"] = self.comparisons()
        results["verdict"] = verdict
        with open(os.path.join(self.out, "results.json"), "w") as f:
            json.dump(results, f, indent=1)
        with open(os.path.join(self.out, "tables.md"), "w") as f:
            f.write(self.tables(verdict))
        with open(os.path.join(self.out, "series.csv"), "w") as f:
            f.write(self.series())
        self.plot()


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    Report(sys.argv[1]).write()
    return 0


if __name__ == "__main__":
    sys.exit(main())

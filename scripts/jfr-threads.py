#!/usr/bin/env python3
"""Where a JVM's CPU went while one method ran: per-thread CPU (jdk.ThreadCPULoad) and the machine's load
(jdk.CPULoad) inside the window in which METHOD is on the main thread's sampled stacks, plus the Java execution
samples and native samples of that window by thread and by top frame.

Usage: jfr-threads.py FILE.jfr METHOD      (METHOD: a substring of "Class.method", e.g. "Runner.latency")
Needs the JDK's jfr tool (found next to JAVA_HOME/bin/java, or on PATH). Used for docs/benchmarks.md (Soft-RoCE).
"""
import collections
import glob
import json
import os
import shutil
import subprocess
import sys


def jfr_tool():
    for d in [os.environ.get("JAVA_HOME", "")] + sorted(glob.glob("/usr/lib/jvm/*25*")):
        p = os.path.join(d, "bin", "jfr")
        if d and os.access(p, os.X_OK):
            return p
    return shutil.which("jfr") or "jfr"


def events(path, names):
    out = subprocess.run([jfr_tool(), "print", "--json", "--events", ",".join(names), path], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)["recording"]["events"]


def frames(e):
    return [f["method"]["type"]["name"].split("/")[-1] + "." + f["method"]["name"]
            for f in e["values"]["stackTrace"]["frames"]]


def main():
    path, method = sys.argv[1], sys.argv[2]
    ev = events(path, ["jdk.ExecutionSample", "jdk.NativeMethodSample", "jdk.ThreadCPULoad", "jdk.CPULoad"])
    on = [e["values"]["startTime"] for e in ev if e["type"] == "jdk.ExecutionSample"
          and e["values"]["sampledThread"]["javaName"] == "main" and any(method in f for f in frames(e))]
    if not on:
        print(f"no main-thread sample with {method} on the stack")
        return
    t0, t1 = min(on), max(on)
    inside = [e for e in ev if t0 <= e["values"]["startTime"] <= t1]
    print(f"window {t0[11:23]} .. {t1[11:23]} ({method} on main's stack)")
    cpu = collections.defaultdict(lambda: [0.0, 0.0, 0])
    machine = []
    for e in inside:
        v = e["values"]
        if e["type"] == "jdk.ThreadCPULoad":
            t = (v.get("eventThread") or {}).get("javaName") or "?"
            cpu[t][0] += v["user"]
            cpu[t][1] += v["system"]
            cpu[t][2] += 1
        elif e["type"] == "jdk.CPULoad":
            machine.append((v["jvmUser"], v["jvmSystem"], v["machineTotal"]))
    if machine:
        n = len(machine)
        print("JVM user %.0f %%, JVM system %.0f %%, machine %.0f %% (mean of %d jdk.CPULoad)" % (
            100 * sum(m[0] for m in machine) / n, 100 * sum(m[1] for m in machine) / n,
            100 * sum(m[2] for m in machine) / n, n))
    print("per thread (mean of jdk.ThreadCPULoad in the window, % of the machine): user / system")
    for t, (u, s, n) in sorted(cpu.items(), key=lambda kv: -(kv[1][0] + kv[1][1])):
        if u + s > 0:
            print("  %-28s %5.1f / %5.1f" % (t, 100 * u / n, 100 * s / n))
    for kind in ("jdk.ExecutionSample", "jdk.NativeMethodSample"):
        by_thread = collections.Counter()
        by_top = collections.Counter()
        for e in inside:
            if e["type"] != kind:
                continue
            t = e["values"]["sampledThread"]["javaName"]
            by_thread[t] += 1
            fr = frames(e)
            first = next((f for f in fr if not f.startswith(("0x", "LambdaForm", "Invokers", "DirectMethodHandle"))),
                         fr[0] if fr else "?")
            by_top[(t, first)] += 1
        print(f"{kind}: {dict(by_thread.most_common(6))}")
        for (t, f), n in by_top.most_common(12):
            print(f"  {n:5d}  {t:24s} {f}")


if __name__ == "__main__":
    main()

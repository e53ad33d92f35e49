#!/usr/bin/env python3
"""dat4j against the peers its users would pick (NIO, UCX, JUCX, libfabric, Aeron): two processes, pinned, round
after round; JSON, Markdown tables and PNG plots.

The driver of scripts/bench-peers.sh. Run it through scripts/bench-peers.sh (which builds and finds the JDK);
`--help` lists the options, `--list` the peers.
Every pair is a server and a client process on 127.0.0.1, each pinned with taskset, each with a time limit; their
output goes to OUTDIR/raw/. runs.json holds every pair's rows as parsed; scripts/bench-peers-report.py then writes
results.json, tables.md, series.csv and the plots.
"""
import argparse
import json
import os
import platform
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, HERE)
import bench_peers_defs as defs  # noqa: E402  (peer table and parsers, shared with the report)


def free_port():
    """A port nothing listens on right now: the kernel's pick for an ephemeral bind."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port):
    """True when a TCP socket of this machine listens on `port` (IPv4 or IPv6, any address), or a Unix socket listens
    at the shared-memory provider's rendezvous path of that qualifier (/tmp/dat4j-shm-<uid>/<port>, IA shm0)."""
    for f in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(f) as fh:
                next(fh)
                for line in fh:
                    cols = line.split()
                    if cols[3] == "0A" and int(cols[1].rsplit(":", 1)[1], 16) == port:
                        return True
        except OSError:
            pass
    shm = f"/tmp/dat4j-shm-{os.getuid()}/{port}"  # java.io.tmpdir is /tmp on Linux whatever TMPDIR says
    try:
        with open("/proc/net/unix") as fh:
            next(fh)
            for line in fh:
                cols = line.split()
                # Flags 0x10000 (__SO_ACCEPTCON): a listening socket; a stale file of a killed server has none
                if len(cols) >= 8 and cols[7] == shm and int(cols[3], 16) & 0x10000:
                    return True
    except OSError:
        pass
    return False


def stop(proc, grace=5.0):
    """Ends a process this driver started, and its children, by its process group (its own session)."""
    if proc.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(wait)
            return
        except subprocess.TimeoutExpired:
            pass


class Driver:
    def __init__(self, args):
        self.args = args
        self.out = args.outdir
        self.raw = os.path.join(self.out, "raw")
        os.makedirs(self.raw, exist_ok=True)
        self.java = os.environ.get("BENCH_JAVA") or shutil.which("java")
        self.runs = []
        self.skips = []
        lib = os.path.join(ROOT, "benchmarks", "target", "lib")
        self.cp = os.path.join(ROOT, "benchmarks", "target", "classes") + ":" + os.path.join(lib, "*")

    # ---- commands

    def java_cmd(self, cls, *argv, extra=()):
        opts = shlex.split(self.args.java_opts or "")
        settle = [f"-Dsettle={self.args.settle}"] if self.args.settle > 0 else []
        return [self.java, *opts, *extra, *settle, "-cp", self.cp, f"io.dat4j.benchmarks.{cls}", *map(str, argv)]

    def dat_cmd(self, *argv, root=ROOT):
        return [os.path.join(root, "dat"), *map(str, argv)]

    def pin(self, placement, role):
        cpus = self.args.cpus
        if placement == "none":
            return []
        cpu = cpus[0] if placement == "same" or role == "server" else cpus[1]
        return ["taskset", "-c", str(cpu)]

    # ---- one pair

    def pair(self, tag, server, client, env, placement, timeout, listen_wait=30.0):
        """Runs server then client; returns (ok, stdout of the client, reason, seconds, server's exit status)."""
        port = free_port()
        fill = lambda argv: [a.replace("{port}", str(port)) for a in argv]  # noqa: E731
        full_env = dict(os.environ, **env)
        srv_cmd = self.pin(placement, "server") + ["timeout", str(timeout)] + fill(server)
        cli_cmd = self.pin(placement, "client") + ["timeout", str(timeout)] + fill(client)
        logs = {role: open(os.path.join(self.raw, f"{tag}.{role}.log"), "w") for role in ("server", "client")}
        for role, cmd in (("server", srv_cmd), ("client", cli_cmd)):
            logs[role].write("# " + " ".join(f"{k}={v}" for k, v in env.items()) + " " + shlex.join(cmd) + "\n")
            logs[role].flush()
        t0 = time.monotonic()
        srv = subprocess.Popen(srv_cmd, stdout=logs["server"], stderr=subprocess.STDOUT, env=full_env, cwd=ROOT,
                               start_new_session=True)
        cli = None
        try:
            deadline = time.monotonic() + listen_wait
            while not listening(port):
                if srv.poll() is not None:
                    return (False, "", f"server exited ({srv.returncode}) before it listened",
                            time.monotonic() - t0, srv.returncode)
                if time.monotonic() > deadline:
                    break  # a server that is found another way (a Unix socket): go on, the client retries or fails
                time.sleep(0.05)
            cli = subprocess.Popen(cli_cmd, stdout=subprocess.PIPE, stderr=logs["client"], env=full_env, cwd=ROOT,
                                   start_new_session=True, text=True)
            try:
                stdout, _ = cli.communicate(timeout=timeout + 10)
                reason = "" if cli.returncode == 0 else f"client exit {cli.returncode}" + (
                    f" (its {timeout} s limit)" if cli.returncode == 124 else "")
            except subprocess.TimeoutExpired:
                stop(cli)
                stdout, reason = "", f"client stopped after {timeout + 10} s"
            with open(os.path.join(self.raw, tag + ".out"), "w") as f:
                f.write(stdout)
            try:
                srv.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
            return not reason, stdout, reason, time.monotonic() - t0, srv.poll()
        finally:
            if cli is not None:
                stop(cli)
            stop(srv)
            for log in logs.values():
                log.close()

    # ---- a job: one peer, one kind, one placement, one round

    def job(self, rnd, placement, peer, kind):
        spec = defs.PEERS[peer]
        base = {"round": rnd, "placement": placement, "peer": peer, "kind": kind, "group": spec["group"]}
        reason = self.skip_reason(peer, kind, placement)
        if reason:
            self.skips.append(dict(base, reason=reason))
            return
        for step in getattr(self, "steps_" + spec["family"])(peer, kind, placement):
            tag = f"r{rnd}-{placement}-{peer}-{kind}" + (f"-{step['suffix']}" if step.get("suffix") else "")
            print(f"bench-peers: round {rnd} {placement:5} {peer:13} {kind} {step.get('suffix', '')}",
                  file=sys.stderr, flush=True)
            if self.args.dry_run:
                print("  server: " + shlex.join(step["server"]) + "\n  client: " + shlex.join(step["client"]),
                      file=sys.stderr)
                continue
            ok, stdout, why, secs, server_exit = self.pair(tag, step["server"], step["client"], step.get("env", {}),
                                                           placement, step["timeout"], step.get("listen_wait", 30.0))
            rows = []
            if ok:
                try:
                    rows = step["parse"](stdout)
                except (ValueError, KeyError, IndexError) as e:
                    ok, why = False, f"unreadable output ({e})"
                if ok and not rows:
                    ok, why = False, "no result rows in the output"
            if not ok:
                print(f"bench-peers:   failed: {why} (see raw/{tag}.*.log)", file=sys.stderr, flush=True)
            self.runs.append(dict(base, step=step.get("suffix", ""), status="ok" if ok else "failed",
                                  reason=why, seconds=round(secs, 2), rows=rows, log=f"raw/{tag}",
                                  env=step.get("env", {}), server_exit=server_exit))

    def skip_reason(self, peer, kind, placement):
        spec = defs.PEERS[peer]
        if kind not in spec["kinds"]:
            return "-"  # not a measure of this peer; not listed
        if placement == "same" and spec["polls"] and not self.args.poll_same:
            return ("busy-polls on both sides: on one CPU two pollers take turns by the scheduler's time slice "
                    "(--poll-same runs it)")
        if placement == "split" and len(self.args.cpus) < 2:
            return "split needs two CPUs (--cpus)"
        need = spec.get("needs")
        if isinstance(need, dict):
            need = need.get(kind)
        return self.missing(need) if need else ""

    def missing(self, need):
        if need == "base":
            root = self.args.base_root
            return "" if root and os.path.isfile(os.path.join(root, "dat")) else (
                "no --base-root (a checkout of the base commit, built with ./mvnw -o -DskipTests package)")
        if need == "shm0":
            return "" if self.shm0 else ("no IA shm0 in `dat providers --json` "
                                         "(the provider of issue 18 is not there yet)")
        if need in ("ucx_perftest", "fi_pingpong"):
            pkg = {"ucx_perftest": "ucx-utils", "fi_pingpong": "libfabric-bin"}[need]
            return "" if shutil.which(need) else f"{need} not installed (Debian {pkg}; scripts/setup.sh)"
        if need == "fi-shm-peer":
            return self.fishm[1]
        if need == "libucp":
            out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
            return "" if "libucp.so.0" in out else "libucp.so.0 not found (Debian libucx0; scripts/setup.sh)"
        return ""

    # ---- steps of each family of peers

    def lat_n(self):
        return self.args.lat_iters

    def bw_n(self, size):
        return max(200, self.args.bw_bytes // size)

    def timeout(self, sizes, ops=1):
        """Seconds a process may take: start-up, and per size and operation two settle limits and some slack
        (a stream of --bw-bytes at 1 Gbit/s takes 8.6 s per GiB)."""
        per = 2 * self.args.settle + 10 + 10 * self.args.bw_bytes / (1 << 30)
        return self.args.timeout or int(120 + per * len(sizes) * ops)

    def steps_nio(self, peer, kind, placement):
        a = self.args
        if kind == "lat":
            spin = ["spin"] if peer == "nio-spin" else []
            yield dict(server=self.java_cmd("NioBaseline", "server", "{port}"),
                       client=self.java_cmd("NioBaseline", "lat", "127.0.0.1", "{port}", csv(a.lat_sizes),
                                            self.lat_n(), *spin),
                       parse=defs.parse_json_rows, timeout=self.timeout(a.lat_sizes))
        else:
            yield dict(server=self.java_cmd("NioBaseline", "server", "{port}"),
                       client=self.java_cmd("NioBaseline", "bw", "127.0.0.1", "{port}", csv(a.bw_sizes), 200,
                                            a.bw_bytes),
                       parse=defs.parse_json_rows, timeout=self.timeout(a.bw_sizes))

    def base_has_deep_receives(self):
        """{True if the --base-root checkout's dat perf bw posts 512 receives at every size} (git says; else False)"""
        r = subprocess.run(["git", "-C", str(self.args.base_root), "merge-base", "--is-ancestor", "7fd9772", "HEAD"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        return r.returncode == 0

    def steps_dat(self, peer, kind, placement):
        a = self.args
        ia = defs.PEERS[peer]["ia"]
        root = self.args.base_root if defs.PEERS[peer].get("needs") == "base" else ROOT
        dat = lambda *argv: self.dat_cmd(*argv, root=root)  # noqa: E731
        poll = ["--poll"] if defs.PEERS[peer].get("poll") else []
        settle = ["--settle", str(a.settle)] if a.settle > 0 else []
        wait = 30.0  # listening() sees the TCP port and the shm0 rendezvous socket alike
        extra = defs.PEERS[peer].get("java_opts")
        env = {"DAT_JAVA_OPTS": (os.environ.get("DAT_JAVA_OPTS", "") + " " + extra).strip()} if extra else {}
        ops = defs.PEERS[peer].get("bw_ops", "send,rdma_write")
        if kind == "lat":
            yield dict(server=dat("perf", "lat", "-s", "-P", ia, "-p", "{port}", *poll), env=env,
                       client=dat("perf", "lat", "-P", ia, "-h", "127.0.0.1", "-p", "{port}", "--op", "send",
                                  "--sizes", csv(a.lat_sizes), "-n", self.lat_n(), *settle, "--json", *poll),
                       parse=defs.parse_json_rows, timeout=self.timeout(a.lat_sizes), listen_wait=wait)
        else:
            # a base checkout from before dat perf bw posted 512 receives at every size (7fd9772) sized its receive
            # depth after the largest size of the sweep (32 at 4 MiB): it runs each size in a pair of its own, so that
            # its sends get the depth its own default gives that size. A newer base runs the sweep in one pair, as this
            # checkout does: a size run alone in a fresh pair meets untouched buffers and another JIT history, and
            # identical code measured 1.2-1.6x slower that way (SEND, 64 KiB to 4 MiB)
            per_size = defs.PEERS[peer].get("needs") == "base" and not self.base_has_deep_receives()
            sweeps = [[s] for s in a.bw_sizes] if per_size else [a.bw_sizes]
            for sizes in sweeps:
                yield dict(server=dat("perf", "bw", "-s", "-P", ia, "-p", "{port}"), env=env,
                           client=dat("perf", "bw", "-P", ia, "-h", "127.0.0.1", "-p", "{port}", "--op",
                                      ops, "--sizes", csv(sizes), "-n", 200, "--bytes",
                                      a.bw_bytes, "-t", a.depth, *settle, "--json"),
                           parse=defs.parse_json_rows, timeout=self.timeout(sizes, len(ops.split(","))),
                           listen_wait=wait, suffix=str(sizes[0]) if len(sweeps) > 1 else "")

    def steps_jucx(self, peer, kind, placement):
        a = self.args
        env = defs.ucx_env(peer, a.ucx_sm_tls)
        native = ["--enable-native-access=ALL-UNNAMED"]
        server = self.java_cmd("JucxPeer", "server", "{port}", extra=native)
        if kind == "lat":
            yield dict(server=server, env=env,
                       client=self.java_cmd("JucxPeer", "lat", "127.0.0.1", "{port}", csv(a.lat_sizes), self.lat_n(),
                                            "poll", extra=native),
                       parse=defs.parse_json_rows, timeout=self.timeout(a.lat_sizes))
        else:
            yield dict(server=server, env=env,
                       client=self.java_cmd("JucxPeer", "bw", "127.0.0.1", "{port}", csv(a.bw_sizes), 200, a.depth,
                                            "send,rdma_write", a.bw_bytes, extra=native),
                       parse=defs.parse_json_rows, timeout=self.timeout(a.bw_sizes, 2))

    def steps_aeron(self, peer, kind, placement):
        a = self.args
        opens = ["--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"]
        shm = f"/dev/shm/dat4j-bench-aeron-{os.getpid()}"
        yield dict(server=self.java_cmd("AeronIpcPeer", "server", "{port}", shm + "-{port}", extra=opens),
                   client=self.java_cmd("AeronIpcPeer", "lat", "127.0.0.1", "{port}", csv(a.lat_sizes),
                                        self.lat_n(), extra=opens),
                   parse=defs.parse_json_rows, timeout=self.timeout(a.lat_sizes))

    def steps_ucx(self, peer, kind, placement):
        a = self.args
        env = defs.ucx_env(peer, a.ucx_sm_tls)
        server = ["ucx_perftest", "-p", "{port}"]
        if kind == "lat":
            n = self.lat_n()
            for s in a.lat_sizes:
                yield dict(suffix=str(s), server=server, env=env, timeout=self.timeout([]),
                           client=["ucx_perftest", "127.0.0.1", "-p", "{port}", "-t", "tag_lat", "-s", str(s),
                                   "-n", str(n), "-w", str(min(n, 10000)), "-f", "-v"],
                           parse=lambda out, s=s: defs.parse_ucx(out, "lat", "send", s))
        else:
            for s in a.bw_sizes:
                n = self.bw_n(s)
                for test, op in (("tag_bw", "send"), ("ucp_put_bw", "rdma_write")):
                    yield dict(suffix=f"{s}-{test}", server=server, env=env, timeout=self.timeout([s]),
                               client=["ucx_perftest", "127.0.0.1", "-p", "{port}", "-t", test, "-s", str(s),
                                       "-n", str(n), "-w", str(max(1, n // 10)), "-O", str(a.depth), "-f", "-v"],
                               parse=lambda out, s=s, op=op: defs.parse_ucx(out, "bw", op, s))

    def steps_fi(self, peer, kind, placement):
        a = self.args
        if kind == "bw":
            yield from self.steps_fishm(peer, kind, placement)
            return
        prov = ["-p", "tcp", "-e", "msg"] if peer == "fi-tcp" else ["-p", "shm", "-e", "rdm"]
        env = {"FI_TCP_IFACE": "lo"} if peer == "fi-tcp" else {}
        n = str(self.lat_n())
        for s in a.lat_sizes:
            yield dict(suffix=str(s), env=env, timeout=self.timeout([]),
                       server=["fi_pingpong", *prov, "-B", "{port}", "-I", n, "-S", str(s)],
                       client=["fi_pingpong", *prov, "-P", "{port}", "-I", n, "-S", str(s), "127.0.0.1"],
                       parse=lambda out, s=s: defs.parse_fi(out, s))

    def steps_fishm(self, peer, kind, placement):
        """fi-shm-peer (scripts/peers/fi-shm-peer.c): fi_write streams over libfabric's shm provider, as dat perf bw
        --op rdma_write runs them (the sizes, -n 200, --bytes, --depth; N/10 untimed writes first, as ucx_perftest
        gets). CMA on or off by FI_SHM_DISABLE_CMA in both processes, set either way so that the caller's environment
        does not decide it."""
        a = self.args
        spec = defs.PEERS[peer]
        env = {"FI_SHM_DISABLE_CMA": "0" if spec.get("cma", True) else "1"}
        ordered = ["--ordered"] if spec.get("ordered") else []
        binary = self.fishm[0]
        yield dict(server=[binary, "-s", "-p", "{port}", *ordered], env=env, timeout=self.timeout(a.bw_sizes),
                   client=[binary, "-m", "bw", "-S", csv(a.bw_sizes), "-n", "200", "-B", str(a.bw_bytes),
                           "-t", str(a.depth), *ordered, "-p", "{port}", "127.0.0.1"],
                   parse=defs.parse_json_rows)

    def build_fishm(self):
        """Compiles scripts/peers/fi-shm-peer.c into target/bench-peers/ when it is missing or older than its source;
        returns (path, reason it cannot run or "")."""
        src = os.path.join(HERE, "peers", "fi-shm-peer.c")
        out = os.path.join(ROOT, "target", "bench-peers", "fi-shm-peer")

        def need(p):
            n = defs.PEERS[p].get("needs")
            return n.get("bw") if isinstance(n, dict) else n

        if "bw" not in self.args.kinds or not any(need(p) == "fi-shm-peer" for p in self.args.peers):
            return out, "not selected"
        if os.path.isfile(out) and os.path.getmtime(out) >= os.path.getmtime(src):
            return out, ""
        if self.args.dry_run:
            return out, ""
        if not shutil.which("gcc"):
            return out, "gcc not installed (scripts/setup.sh) to build scripts/peers/fi-shm-peer.c"
        if not os.path.isfile("/usr/include/rdma/fabric.h"):
            return out, "libfabric headers not installed (Debian libfabric-dev; scripts/setup.sh)"
        os.makedirs(os.path.dirname(out), exist_ok=True)
        cmd = ["gcc", "-O2", "-std=gnu11", "-Wall", "-Wextra", "-pthread", "-o", out, src, "-lfabric"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        with open(os.path.join(self.raw, "fi-shm-peer.build.log"), "w") as f:
            f.write("# " + shlex.join(cmd) + "\n" + r.stdout + r.stderr)
        if r.returncode != 0:
            return out, "building scripts/peers/fi-shm-peer.c failed (raw/fi-shm-peer.build.log)"
        print("bench-peers: built " + os.path.relpath(out, ROOT), file=sys.stderr)
        return out, ""

    # ---- the whole run

    def machine(self):
        def sh(cmd):
            try:
                return subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd=ROOT).stdout.strip()
            except (OSError, subprocess.TimeoutExpired):
                return ""

        cpuinfo = open("/proc/cpuinfo").read()
        model = re.search(r"^model name\s*:\s*(.*)$", cpuinfo, re.M)
        osr = dict(re.findall(r'^(\w+)="?([^"\n]*)"?$', open("/etc/os-release").read(), re.M))
        pkgs = {}
        for p in ("ucx-utils", "libucx0", "libfabric-bin", "libfabric1", "libfabric-dev"):
            v = sh(["dpkg-query", "-W", "-f=${Version}", p])
            pkgs[p] = v or None
        jars = {}
        for j in sorted(os.listdir(os.path.join(ROOT, "benchmarks", "target", "lib"))):
            m = re.match(r"(jucx|aeron-client|aeron-driver|agrona)-([\d.]+)\.jar$", j)
            if m:
                jars[m.group(1)] = m.group(2)
        hyper = re.search(r"^Hypervisor vendor:\s*(.*)$", sh(["lscpu"]), re.M)
        mem = re.search(r"^MemTotal:\s*(\d+)", open("/proc/meminfo").read(), re.M)
        dirty = sh(["git", "status", "--porcelain", "--untracked-files=no"])
        return {
            "cpu_model": model.group(1).strip() if model else platform.processor(),
            "vcpus": os.cpu_count(),
            "hypervisor": hyper.group(1).strip() if hyper else None,
            "memory_kib": int(mem.group(1)) if mem else None,
            "kernel": " ".join(platform.uname()[i] for i in (0, 2, 3, 4)),
            "os": osr.get("PRETTY_NAME"),
            "jdk": java_version(self.java),
            "dat": (sh(self.dat_cmd("--version")).splitlines() or [None])[0],
            "packages": pkgs,
            "maven": jars,
            "commit": sh(["git", "rev-parse", "--short", "HEAD"]) + ("+dirty" if dirty else ""),
            "dat_java_opts": os.environ.get("DAT_JAVA_OPTS", ""),
            "python": platform.python_version(),
        }

    def detect_shm0(self):
        if not any(defs.PEERS[p].get("needs") == "shm0" for p in self.args.peers):
            return False
        try:
            out = subprocess.run(self.dat_cmd("providers", "--json"), capture_output=True, text=True, timeout=120,
                                 cwd=ROOT).stdout
            return any(p.get("name") == "shm0" and p.get("available") for p in json.loads(out))
        except (OSError, ValueError, subprocess.TimeoutExpired):
            return False

    def run(self):
        a = self.args
        started = time.time()
        self.shm0 = self.detect_shm0()
        self.fishm = self.build_fishm()
        machine = self.machine()
        machine["fi_shm_peer"] = self.fishm[1] or "built"
        machine["load_before"] = os.getloadavg()
        t0 = time.monotonic()
        interrupted = False
        try:
            for rnd in range(1, a.rounds + 1):
                # every other round runs the pairs in the reverse order, so that a pair's place in the round (after
                # which other pair, how long into the round) weighs on both sides of an A/B alike
                peers = a.peers if rnd % 2 == 1 else list(reversed(a.peers))
                for placement in a.placements:
                    for kind in a.kinds:
                        for peer in peers:
                            self.job(rnd, placement, peer, kind)
        except KeyboardInterrupt:
            interrupted = True  # keep what was measured: runs.json and the report still get written
            print("bench-peers: interrupted; writing what was measured", file=sys.stderr)
        machine["load_after"] = os.getloadavg()
        doc = {
            "schema": defs.SCHEMA,
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
            "seconds": round(time.monotonic() - t0, 1),
            "command": "scripts/bench-peers.sh " + shlex.join(sys.argv[1:]),
            "interrupted": interrupted,
            "machine": machine,
            "params": {
                "rounds": a.rounds, "placements": a.placements, "kinds": a.kinds, "peers": a.peers,
                "cpus": a.cpus, "lat_sizes": a.lat_sizes, "bw_sizes": a.bw_sizes, "lat_iters": a.lat_iters,
                "bw_bytes": a.bw_bytes, "depth": a.depth, "settle_s": a.settle, "java_opts": a.java_opts or "",
                "ucx_sm_tls": a.ucx_sm_tls, "poll_same": a.poll_same,
            },
            "runs": self.runs,
            "skipped": [s for s in self.skips if s["reason"] != "-"],
        }
        with open(os.path.join(self.out, "runs.json"), "w") as f:
            json.dump(doc, f, indent=1)
        return doc


def java_version(java):
    try:
        err = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=60).stderr.splitlines()
        return err[1].strip() if len(err) > 1 else (err[0] if err else None)
    except (OSError, subprocess.TimeoutExpired):
        return None


def csv(sizes):
    return ",".join(map(str, sizes))


def size_list(s):
    out = []
    for tok in s.split(","):
        m = re.fullmatch(r"(\d+)([kKmM]?)", tok.strip())
        if not m:
            raise argparse.ArgumentTypeError(f"not a size: {tok!r} (bytes, or with k / m)")
        out.append(int(m.group(1)) * {"": 1, "k": 1024, "m": 1 << 20}[m.group(2).lower()])
    return out


def choice_list(allowed):
    def parse(s):
        vals = [v.strip() for v in s.split(",") if v.strip()]
        bad = [v for v in vals if v not in allowed]
        if bad:
            raise argparse.ArgumentTypeError(f"{', '.join(bad)}: choose from {', '.join(allowed)}")
        return vals
    return parse


def peer_list(s):
    out = []
    for tok in [t.strip() for t in s.split(",") if t.strip()]:
        if tok in defs.GROUPS:
            out += [p for p in defs.PEERS
                    if (tok == "all" and defs.PEERS[p]["group"] != "ab") or defs.PEERS[p]["group"] == tok]
        elif tok in defs.PEERS:
            out.append(tok)
        else:
            raise argparse.ArgumentTypeError(f"unknown peer {tok!r}: --list shows the peers and groups")
    return list(dict.fromkeys(out))


def main():
    p = argparse.ArgumentParser(prog="scripts/bench-peers.sh", formatter_class=argparse.RawDescriptionHelpFormatter,
                                description=__doc__.split("\n\n")[0], epilog=defs.EPILOG)
    p.add_argument("outdir", nargs="?", help="where the run goes (default: target/bench/peers-<UTC time>)")
    p.add_argument("--peers", type=peer_list, default=peer_list("all"),
                   help="peers or groups, comma separated: tcp, shm, all, or names from --list (default: all)")
    p.add_argument("--kinds", type=choice_list(["lat", "bw"]), default=["lat", "bw"],
                   help="lat (ping-pong), bw (streams), or both (default: lat,bw)")
    p.add_argument("--placements", type=choice_list(["same", "split", "none"]), default=["same", "split"],
                   help="same (both processes on the first CPU), split (one on each), none (unpinned); "
                        "default: same,split")
    p.add_argument("--cpus", type=lambda s: [int(c) for c in s.split(",")], default=[0, 1],
                   help="the two CPUs for taskset: same uses the first, split both (default: 0,1)")
    p.add_argument("--rounds", type=int, default=3,
                   help="rounds, each running every selected pair once, the even ones in the reverse order (default: 3)")
    p.add_argument("--lat-sizes", type=size_list, default=size_list("8,64,4k,64k"),
                   help="ping-pong sizes (default: 8,64,4k,64k)")
    p.add_argument("--bw-sizes", type=size_list, default=size_list("4k,64k,1m,4m"),
                   help="stream sizes (default: 4k,64k,1m,4m)")
    p.add_argument("--lat-iters", type=int, default=10000, help="round trips measured per size (default: 10000)")
    p.add_argument("--bw-bytes", type=size_list, default=size_list("1024m"),
                   help="bytes per stream size, at least 200 messages (default: 1024m)")
    p.add_argument("--depth", type=int, default=128, help="stream operations in flight (default: 128)")
    p.add_argument("--settle", type=int, default=20,
                   help="Java clients warm each size up until their JIT settled, at most this many seconds; "
                        "0 = fixed warm-ups (default: 20)")
    p.add_argument("--timeout", type=int, default=0, help="seconds per process (default: from sizes and --settle)")
    p.add_argument("--ucx-sm-tls", default="posix,cma", help="UCX_TLS of the shared-memory UCX peers "
                   "(default: posix,cma)")
    p.add_argument("--java-opts", default="", help="extra JVM options for every Java process, dat4j's included")
    p.add_argument("--poll-same", action="store_true",
                   help="run the busy-polling peers in the same placement too (skipped there by default)")
    p.add_argument("--quick", action="store_true",
                   help="a smoke test: --rounds 1 --lat-iters 2000 --bw-bytes 64m --settle 0 unless given")
    p.add_argument("--base-root", default="",
                   help="a second checkout, built, whose dat4j runs as the peers dat-base, dat-base-poll (tcp-lo) "
                        "and dat-base-shm-poll (shm0): an A/B of two commits in the same run (group ab)")
    p.add_argument("--dry-run", action="store_true", help="print the pairs' commands, run nothing")
    p.add_argument("--list", action="store_true", help="list the peers and groups and exit")
    argv = sys.argv[1:]
    a = p.parse_args(argv)
    if a.list:
        print(defs.describe())
        return 0
    if a.quick:
        given = {x.split("=")[0] for x in argv}
        a.rounds = a.rounds if "--rounds" in given else 1
        a.lat_iters = a.lat_iters if "--lat-iters" in given else 2000
        a.bw_bytes = a.bw_bytes if "--bw-bytes" in given else [64 << 20]
        a.settle = a.settle if "--settle" in given else 0
    a.bw_bytes = a.bw_bytes[0] if isinstance(a.bw_bytes, list) else a.bw_bytes
    if a.java_opts:
        os.environ["DAT_JAVA_OPTS"] = (a.java_opts + " " + os.environ.get("DAT_JAVA_OPTS", "")).strip()
    a.outdir = a.outdir or os.path.join(ROOT, "target", "bench", "peers-" + time.strftime("%Y%m%dT%H%M%SZ",
                                                                                          time.gmtime()))
    os.makedirs(a.outdir, exist_ok=True)
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)  # kill PID ends the run like Ctrl-C: the pairs stop, the rest is written
    signal.signal(signal.SIGINT, interrupt)  # also when started in the background, where SIGINT is ignored
    doc = Driver(a).run()
    if a.dry_run:
        return 0
    rc = subprocess.run([sys.executable, os.path.join(HERE, "bench-peers-report.py"), a.outdir]).returncode
    failed = [r for r in doc["runs"] if r["status"] != "ok"]
    print(f"bench-peers: {len(doc['runs'])} pairs, {len(failed)} failed, {len(doc['skipped'])} skipped, "
          f"{doc['seconds']:.0f} s; results in {a.outdir}", file=sys.stderr)
    return 130 if doc["interrupted"] else (rc or (1 if failed else 0))


if __name__ == "__main__":
    sys.exit(main())

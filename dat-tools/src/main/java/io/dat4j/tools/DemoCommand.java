package io.dat4j.tools;

import io.dat4j.CompletionFlag;
import io.dat4j.Registry;
import io.dat4j.RemoteMemoryTriplet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code dat demo}: a server process and a client process on the loopback IA (or two threads of one process with
 * {@code --one-process}). They connect, exchange buffer info,
 * ping-pong small messages, stream an RDMA write into the server's memory (which the server then checks), and RDMA
 * read the server's memory back (which the client checks), printing what happened and how long it took.
 */
@Command(name = "demo", description = {"A server process and a client process on tcp-lo: connect, ping-pong,",
    "a streaming RDMA write and an RDMA read, each checked and timed."})
final class DemoCommand implements Callable<Integer> {

    private static final int PINGS = 1000;
    private static final int PING_SIZE = 64;
    private static final int CHUNK = 64 * 1024;
    private static final int DEPTH = 16;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-P", "--ia"}, paramLabel = "IA_NAME", description = "The IA both sides open (default:"
            + " ${DEFAULT-VALUE}, the TCP provider on loopback).")
    private String ia = "tcp-lo";

    @Option(names = "--megabytes", paramLabel = "MiB", description = "How much the RDMA write and read move (default:"
            + " ${DEFAULT-VALUE}).")
    private int megabytes = 8;

    @Option(names = {"-v", "--verbose"}, description = "Log more to stderr.")
    private boolean[] verbose = new boolean[0];

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Option(names = "--one-process", description = "Run the server on a thread of this process instead of in a"
            + " second JVM.")
    private boolean oneProcess;

    @Option(names = "--serve", hidden = true, description = "Internal: be the demo's server process; prints"
            + " 'DEMO-SERVER <address> <qualifier>' on stdout, serves one client, exits 0 when it went well.")
    private boolean serveOnly;

    @Override
    public Integer call() throws Exception {
        final PrintWriter out = spec.commandLine().getOut();
        final long stream = (long) Math.max(1, megabytes) * 1024 * 1024;
        final Session.Spec sz = new Session.Spec(stream, 32, Math.max(PING_SIZE, Wire.CONTROL_SIZE), DEPTH + 4, 8);
        final Session.Spec passive = new Session.Spec(stream, 32, Math.max(PING_SIZE, Wire.CONTROL_SIZE), DEPTH + 4,
                0);
        if (serveOnly) {
            try (Session server = Session.open(ia, passive, false)) {
                server.listen(0);
                out.printf("DEMO-SERVER %s %d%n", server.interfaceAdapter().address().getAddress().getHostAddress(),
                        server.listening());
                out.flush();
                serve(server, stream);
            }
            return 0;
        }
        listProviders(out);
        final Map<String, Long> clientSteps;
        if (oneProcess) {
            out.printf("dat demo: a server and a client in one process on IA %s%n", ia);
            final AtomicReference<Throwable> serverFailure = new AtomicReference<>();
            try (Session server = Session.open(ia, passive, false); Session client = Session.open(ia, sz, false)) {
                clientSteps = client.timings();
                server.listen(0);
                final long qual = server.listening();
                final InetAddress address = server.interfaceAdapter().address().getAddress();
                out.printf("server: listening on %s, connection qualifier %d%n", address.getHostAddress(), qual);
                final Thread t = Thread.ofPlatform().name("dat-demo-server").daemon().start(() -> {
                    try {
                        serve(server, stream);
                    } catch (final Throwable e) {
                        serverFailure.set(e);
                    }
                });
                try {
                    runClient(out, client, address, qual, stream);
                } finally {
                    t.join(Duration.ofSeconds(15));
                }
                if (serverFailure.get() != null) {
                    throw new IllegalStateException("server side failed: "
                            + DatCommand.describe(serverFailure.get()), serverFailure.get());
                }
            }
        } else {
            clientSteps = twoProcesses(out, sz, stream);
        }
        out.println("disconnected and freed; the client's steps (dtest's timings):");
        for (final Map.Entry<String, Long> e : clientSteps.entrySet()) {
            out.printf(Locale.ROOT, "  %-11s %10.1f us%n", e.getKey(), e.getValue() / 1e3);
        }
        out.println("demo PASSED");
        out.flush();
        return 0;
    }

    @SuppressWarnings("unchecked")
    private static void listProviders(final PrintWriter out) {
        out.println("dat demo: the IA names the registry can open (all of them: dat providers):");
        int shown = 0;
        for (final Map<String, Object> row : ProvidersCommand.describe(Registry.defaultRegistry(), null, false)) {
            if (Boolean.TRUE.equals(row.get("available"))) {
                out.printf("  %-16s %-8s %s%n", row.get("name"), row.get("module"),
                        String.join(",", (List<String>) row.get("capabilities")));
                shown++;
            }
        }
        if (shown == 0) {
            out.println("  (none: no provider module is on the module path)");
        }
    }

    /** Starts the server in a second JVM (the same java, module or class path), then runs the client here. */
    private Map<String, Long> twoProcesses(final PrintWriter out, final Session.Spec sz, final long stream)
            throws IOException, InterruptedException {
        final List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.add("--enable-native-access=ALL-UNNAMED,io.dat4j.provider.rdmacm,io.dat4j.provider.shm");
        for (final String p : List.of("java.net.preferIPv4Stack", "log4j2.level")) {
            final String v = System.getProperty(p);
            if (v != null) {
                cmd.add("-D" + p + "=" + v);
            }
        }
        // dat4j.conf and the providers' settings (dat4j.tcp.*, dat4j.shm.*, ...): the server must see what this side sees
        for (final String p : System.getProperties().stringPropertyNames()) {
            if (p.startsWith("dat4j.")) {
                cmd.add("-D" + p + "=" + System.getProperty(p));
            }
        }
        final String modulePath = System.getProperty("jdk.module.path");
        if (modulePath != null && !modulePath.isBlank()) {
            cmd.addAll(List.of("-p", modulePath, "-m", "io.dat4j.tools/" + DatCommand.class.getName()));
        } else {
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), DatCommand.class.getName()));
        }
        cmd.addAll(List.of("demo", "--serve", "-P", ia, "--megabytes", Integer.toString(megabytes)));
        final Process server = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            final BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8));
            final String hello = readLine(lines, server);
            final String[] f = hello.split(" ");
            if (f.length != 3 || !f[0].equals("DEMO-SERVER")) {
                throw new IllegalStateException("the server process said '" + hello + "' instead of its address");
            }
            final InetAddress address = InetAddress.getByName(f[1]);
            final long qual = Long.parseLong(f[2]);
            out.printf("dat demo: a server process (pid %d) and this client process (pid %d) on IA %s%n",
                    server.pid(), ProcessHandle.current().pid(), ia);
            out.printf("server: listening on %s, connection qualifier %d%n", address.getHostAddress(), qual);
            final Map<String, Long> steps;
            try (Session client = Session.open(ia, sz, false)) {
                steps = client.timings();
                runClient(out, client, address, qual, stream);
            }
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the server process did not exit within 30 s after the run");
            }
            if (server.exitValue() != 0) {
                throw new IllegalStateException("the server process exited with " + server.exitValue());
            }
            out.printf("server: process %d exited 0%n", server.pid());
            return steps;
        } finally {
            if (server.isAlive()) {
                server.destroyForcibly();
            }
        }
    }

    private static String readLine(final BufferedReader lines, final Process server) throws IOException,
            InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        final CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return lines.readLine();
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        while (System.nanoTime() < deadline) {
            try {
                final String l = line.get(100, TimeUnit.MILLISECONDS);
                if (l == null) {
                    throw new IllegalStateException("the server process ended before it listened (exit "
                            + server.waitFor() + ")");
                }
                return l;
            } catch (final java.util.concurrent.TimeoutException e) {
                if (!server.isAlive()) {
                    throw new IllegalStateException("the server process ended before it listened (exit "
                            + server.exitValue() + ")");
                }
            } catch (final java.util.concurrent.ExecutionException e) {
                throw new IOException("reading the server process's address failed", e.getCause());
            }
        }
        throw new IllegalStateException("the server process did not listen within 60 s");
    }

    private static void runClient(final PrintWriter out, final Session c, final InetAddress address, final long qual,
            final long stream) {
        c.connect(address, qual, "dat demo".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.printf(Locale.ROOT, "client: connected in %.1f us (dat_ep_connect to ESTABLISHED)%n",
                c.timings().get("connect") / 1e3);
        final int advertised = (int) Math.min(stream, Integer.MAX_VALUE);
        final RemoteMemoryTriplet remote = c.exchangeBufferInfo(advertised, advertised,
                "is the server a dat demo with the same --megabytes?");
        out.printf("client: server buffer: rmr_context 0x%x, %d bytes%n", remote.rmrContext(), stream);

        // ping-pong
        final long[] rtt = new long[PINGS];
        for (int i = 0; i < PINGS; i++) {
            final long t0 = System.nanoTime();
            c.postSendData(PING_SIZE, i);
            final Completion r = c.awaitRecv("pong " + i);
            c.repost((int) r.cookie());
            c.awaitRequest("ping " + i);
            rtt[i] = System.nanoTime() - t0;
        }
        final Stats.Latency l = Stats.latency(rtt);
        out.printf(Locale.ROOT, "ping-pong: %d x %d B, RTT p50 %.1f us, p99 %.1f us, max %.1f us%n", PINGS, PING_SIZE,
                l.p50Us(), l.p99Us(), l.maxUs());

        // streaming RDMA write of pattern A, then the server checks it
        fill(c.data(), stream, 31, 7);
        long t0 = System.nanoTime();
        pipeline(c, remote, stream, true);
        long el = System.nanoTime() - t0;
        out.printf(Locale.ROOT, "RDMA write: %d MiB in %d KiB writes, %d in flight: %.1f ms, %.2f Gbit/s%n",
                stream >> 20, CHUNK >> 10, DEPTH, el / 1e6, Stats.gbitPerSecond(stream, 1, el));
        Wire.putControl(c.control(), 0, new Wire.Control(Wire.START, 0, 0, stream, 0));
        c.sendControl(Wire.CONTROL_SIZE);
        final Wire.Control verdict = recv(c);
        if (verdict.type() != Wire.ACK || verdict.count() != 1) {
            throw new IllegalStateException("the server found the written data wrong");
        }
        out.println("server: checked the written data: every byte as the client wrote it");

        // RDMA read of the server's pattern B, checked here
        c.data().fill((byte) 0);
        t0 = System.nanoTime();
        pipeline(c, remote, stream, false);
        el = System.nanoTime() - t0;
        final long bad = check(c.data(), stream, 17, 3);
        if (bad >= 0) {
            throw new IllegalStateException("RDMA read data differs from the server's at byte " + bad);
        }
        out.printf(Locale.ROOT, "RDMA read:  %d MiB in %d KiB reads, %d in flight: %.1f ms, %.2f Gbit/s;"
                + " data checked%n", stream >> 20, CHUNK >> 10, c.rdmaReadDepth(), el / 1e6,
                Stats.gbitPerSecond(stream, 1, el));

        Wire.putControl(c.control(), 0, new Wire.Control(Wire.QUIT, 0, 0, 0, 0));
        c.sendControl(Wire.CONTROL_SIZE);
        c.disconnect();
    }

    private static void serve(final Session s, final long stream) {
        s.accept(s.listening(), Duration.ofSeconds(10), p -> p);
        s.exchangeBufferInfo((int) Math.min(stream, Integer.MAX_VALUE), 0, "");
        for (int i = 0; i < PINGS; i++) {
            final Completion r = s.awaitRecv("ping " + i);
            s.repost((int) r.cookie());
            s.postSendData(r.transferredLength(), i);
            s.awaitRequest("pong " + i);
        }
        recv(s);
        final boolean ok = check(s.data(), stream, 31, 7) < 0;
        fill(s.data(), stream, 17, 3);
        Wire.putControl(s.control(), 0, new Wire.Control(Wire.ACK, 0, 0, stream, ok ? 1 : 0));
        s.sendControl(Wire.CONTROL_SIZE);
        final Wire.Control quit = recv(s);
        if (quit.type() != Wire.QUIT) {
            throw new IllegalStateException("expected QUIT, got type " + quit.type());
        }
        s.awaitDisconnect(Duration.ofSeconds(10));
    }

    private static void pipeline(final Session s, final RemoteMemoryTriplet remote, final long stream,
            final boolean write) {
        final long chunks = (stream + CHUNK - 1) / CHUNK;
        final int depth = write ? DEPTH : s.rdmaReadDepth();
        long posted = 0;
        long completed = 0;
        while (completed < chunks) {
            while (posted < chunks && posted - completed < depth) {
                final long off = posted * CHUNK;
                final long len = Math.min(CHUNK, stream - off);
                final RemoteMemoryTriplet r = new RemoteMemoryTriplet(remote.rmrContext(),
                        remote.virtualAddress() + off, len);
                if (write) {
                    s.endpoint().postRdmaWrite(List.of(s.dataTriplet(off, len)), posted, r, CompletionFlag.DEFAULT);
                } else {
                    s.endpoint().postRdmaRead(List.of(s.dataTriplet(off, len)), posted, r, CompletionFlag.DEFAULT);
                }
                posted++;
            }
            s.awaitRequest((write ? "RDMA write " : "RDMA read ") + completed);
            completed++;
        }
    }

    private static Wire.Control recv(final Session s) {
        final Completion r = s.awaitRecv("a control message");
        final Wire.Control c = Wire.getControl(s.slot((int) r.cookie()), 0, r.transferredLength());
        s.repost((int) r.cookie());
        return c;
    }

    private static void fill(final MemorySegment m, final long n, final int mul, final int add) {
        for (long i = 0; i < n; i++) {
            m.set(ValueLayout.JAVA_BYTE, i, (byte) (i * mul + add));
        }
    }

    private static long check(final MemorySegment m, final long n, final int mul, final int add) {
        for (long i = 0; i < n; i++) {
            if (m.get(ValueLayout.JAVA_BYTE, i) != (byte) (i * mul + add)) {
                return i;
            }
        }
        return -1;
    }
}

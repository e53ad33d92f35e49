package io.dat4j.tools;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Registry;
import io.dat4j.RemoteMemoryTriplet;
import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code dat demo}: a server and a client in one process on the loopback IA. They connect, exchange buffer info,
 * ping-pong small messages, stream an RDMA write into the server's memory (which the server then checks), and RDMA
 * read the server's memory back (which the client checks), printing what happened and how long it took.
 */
@Command(name = "demo", description = {"A server and a client in one process on tcp-lo: connect, ping-pong,",
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

    @Override
    @SuppressWarnings("unchecked")
    public Integer call() throws InterruptedException {
        final PrintWriter out = spec.commandLine().getOut();
        final long stream = (long) Math.max(1, megabytes) * 1024 * 1024;
        final Session.Spec sz = new Session.Spec(stream, 32, Math.max(PING_SIZE, Wire.CONTROL_SIZE), DEPTH + 4, 8);
        final Session.Spec passive = new Session.Spec(stream, 32, Math.max(PING_SIZE, Wire.CONTROL_SIZE), DEPTH + 4,
                0);
        final AtomicReference<Throwable> serverFailure = new AtomicReference<>();
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
        out.printf("dat demo: a server and a client in one process on IA %s%n", ia);
        final Map<String, Long> clientSteps;
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
                throw new IllegalStateException("server side failed: " + DatCommand.describe(serverFailure.get()),
                        serverFailure.get());
            }
        }
        out.println("disconnected and freed; the client's steps (dtest's timings):");
        for (final Map.Entry<String, Long> e : clientSteps.entrySet()) {
            out.printf(Locale.ROOT, "  %-11s %10.1f us%n", e.getKey(), e.getValue() / 1e3);
        }
        out.println("demo PASSED");
        out.flush();
        return 0;
    }

    private static void runClient(final PrintWriter out, final Session c, final InetAddress address, final long qual,
            final long stream) {
        c.connect(address, qual, "dat demo".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.printf(Locale.ROOT, "client: connected in %.1f us (dat_ep_connect to ESTABLISHED)%n",
                c.timings().get("connect") / 1e3);
        final RemoteMemoryTriplet remote = c.exchangeBufferInfo((int) Math.min(stream, Integer.MAX_VALUE));
        out.printf("client: server buffer: rmr_context 0x%x, %d bytes%n", remote.rmrContext(), stream);

        // ping-pong
        final long[] rtt = new long[PINGS];
        for (int i = 0; i < PINGS; i++) {
            final long t0 = System.nanoTime();
            c.postSendData(PING_SIZE, i);
            final DtoCompletionEvent r = c.awaitRecv("pong " + i);
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
        s.exchangeBufferInfo((int) Math.min(stream, Integer.MAX_VALUE));
        for (int i = 0; i < PINGS; i++) {
            final DtoCompletionEvent r = s.awaitRecv("ping " + i);
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
        final DtoCompletionEvent r = s.awaitRecv("a control message");
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

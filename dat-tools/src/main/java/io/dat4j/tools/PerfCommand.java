package io.dat4j.tools;

import io.dat4j.Capability;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.RemoteMemoryTriplet;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dat perf lat|bw}: perftest-style measurements between a server ({@code -s}) and a client ({@code -h HOST})
 * of send, RDMA write and RDMA read over a sweep of message sizes.
 *
 * <p>Latency: round-trip times per iteration. A send is echoed by the server (perftest's ib_send_lat ping-pong); each
 * side posts its message first and then reposts the receive and reaps the send of the previous round, while the message
 * travels (every step is inside a timed round; it is only off the message's path); an
 * RDMA write or read round trip is the time from post to the initiator's completion, which needs the peer's
 * acknowledgement (ib_read_lat's measure; ib_write_lat instead polls memory on both sides). Reported: p50, p99,
 * p99.9 and max RTT, and one-way = RTT/2 as perftest reports it.
 *
 * <p>Bandwidth: {@code --depth} operations in flight; sends are flow-controlled by credits the server returns, so the
 * server never runs out of posted receives.
 */
@Command(name = "perf", description = "perftest-style latency (lat) and bandwidth (bw) over a size sweep.",
        subcommands = {PerfCommand.Latency.class, PerfCommand.Bandwidth.class})
final class PerfCommand implements Runnable {

    /** perftest's default port. */
    static final long DEFAULT_PORT = 18515;
    /** Receive slots each side posts; also the sender's initial credit. */
    static final int SLOTS = 32;
    /** Connect private data: magic "DATPERF1" and the largest size of the sweep (what every server reads). */
    static final int PDATA_SIZE = 16;
    /** Connect private data with the receive depth the client asks for (a u32 after the size; padded). */
    static final int PDATA_SIZE_RX = 24;
    /** Largest {@code --rx-depth}. */
    static final int MAX_RX_DEPTH = 4096;
    /** Bandwidth: the default {@code --rx-depth}, perftest's default {@code -r}, at every size. */
    static final int BW_RX_DEPTH = 512;
    /**
     * Bandwidth: the memory a server's receive ring takes (at least two slots of the largest size); its receives
     * share it, slot {@code i % slots} (the server does not read what a stream's SENDs carry).
     */
    static final long BW_RX_BYTES = 64L << 20;
    /** Most memory a server gives its receive ring (slots of the largest size). */
    static final long MAX_RX_BYTES = 256L << 20;
    private static final long MAGIC = 0x4441_5450_4552_4631L;

    @Spec
    private CommandSpec spec;

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "say which: dat perf lat ... or dat perf bw ...");
    }

    /** Options of both perf commands. */
    static final class PerfOptions {
        @Option(names = {"-p", "--port"}, paramLabel = "PORT", description = "Connection qualifier, as perftest -p"
                + " (default: ${DEFAULT-VALUE}).")
        long port = DEFAULT_PORT;

        @Option(names = "--sizes", split = ",", paramLabel = "BYTES", description = "Message sizes, comma separated"
                + " (default: 64,512,4096,32768,262144).")
        long[] sizes = {64, 512, 4096, 32768, 262144};

        @Option(names = {"-n", "--iterations"}, paramLabel = "N", description = "Iterations per size, as perftest -n"
                + " (default: ${DEFAULT-VALUE}).")
        int iterations = 1000;

        @Option(names = "--op", split = ",", paramLabel = "OP", converter = OpConverter.class,
                description = "Operations: send, rdma_write, rdma_read (comma separated or repeated; default: all).")
        List<PerfOp> ops = new ArrayList<>(List.of(PerfOp.values()));

        @Option(names = "--warmup", paramLabel = "N", description = "Warm-up before each size (JIT): latency, round"
                + " trips not counted (default: as many as -n, at most 10,000); bandwidth, operations of an untimed pass"
                + " first (default: none).")
        Integer warmup;

        @Option(names = "--settle", paramLabel = "SECONDS", description = "Warm up before each size until the JIT has"
                + " settled: untimed chunks of about 0.25 s (the first of --warmup operations, or the default warm-up"
                + " count) until two in a row in which this JVM compiled for at most 1 %% of the time and whose median"
                + " round trip (lat) or time per operation (bw) is within 5 %% of the chunk before; at most SECONDS"
                + " (default: 0, off).")
        int settle;

        @Option(names = "--bytes", paramLabel = "BYTES", description = "Bandwidth: per size, at least -n operations"
                + " and enough of them to move BYTES (perftest runs -n per size; this keeps large sizes short).")
        long bytes;

        @Option(names = {"-r", "--rx-depth"}, paramLabel = "N", description = "Sends: receives the server keeps"
                + " posted, which is also the sender's credit, as perftest -r (default: " + SLOTS + " for lat; for bw "
                + BW_RX_DEPTH + " at every size, as perftest: they share a ring of at most 64 MiB, as perftest's"
                + " share its buffer; for lat they share one slot of the largest size, as a ping-pong over a socket"
                + " reads into one buffer).")
        Integer rxDepth;

        @Option(names = {"-t", "--depth"}, paramLabel = "N", description = "Bandwidth: operations in flight, as"
                + " perftest -t (default: ${DEFAULT-VALUE}, perftest's default for its bandwidth tests).")
        int depth = 128;

        @Option(names = "--json", description = "Client: print ONE JSON array on stdout and nothing else.")
        boolean json;

        @Option(names = "--csv", description = "Client: print CSV (a header line, then a line per op and size).")
        boolean csv;

        @Option(names = "--plot", paramLabel = "FILE.png", description = "Client: also write a PNG plot against size.")
        Path plot;

        @Option(names = "--poll", description = "Poll the EVDs (dat_evd_dequeue) instead of waiting (dat_evd_wait).")
        boolean poll;

        @Option(names = "--progress", negatable = true, description = "Progress bar on stderr (default: when stderr is"
                + " a terminal).")
        Boolean progress;

        /**
         * Checks the values.
         *
         * @param spec the command, for the error
         */
        void validate(final CommandSpec spec, final int mode) {
            if (sizes.length == 0) {
                throw new ParameterException(spec.commandLine(), "--sizes needs at least one size");
            }
            for (final long s : sizes) {
                if (s < 1 || s > (1L << 30)) {
                    throw new ParameterException(spec.commandLine(), "message size " + s + " is outside 1..1 GiB");
                }
            }
            if (iterations < 1) {
                throw new ParameterException(spec.commandLine(), "--iterations must be at least 1");
            }
            if (warmup != null && warmup < 0) {
                throw new ParameterException(spec.commandLine(), "--warmup must be zero or more");
            }
            if (settle < 0 || settle > 3600) {
                throw new ParameterException(spec.commandLine(), "--settle must be 0..3600 seconds");
            }
            if (bytes < 0) {
                throw new ParameterException(spec.commandLine(), "--bytes must be zero or more");
            }
            if (rxDepth != null && (rxDepth < 2 || rxDepth > MAX_RX_DEPTH)) {
                throw new ParameterException(spec.commandLine(), "--rx-depth must be 2.." + MAX_RX_DEPTH);
            }
            if (rxDepth != null && ringBytes(rxDepth, maxSize(), mode) > MAX_RX_BYTES) {
                throw new ParameterException(spec.commandLine(), "--rx-depth " + rxDepth + " of " + maxSize()
                        + "-byte slots needs more than " + (MAX_RX_BYTES >> 20) + " MiB; use fewer or smaller");
            }
            if (depth < 1) {
                throw new ParameterException(spec.commandLine(), "--depth must be at least 1");
            }
            if (json && csv) {
                throw new ParameterException(spec.commandLine(), "--json and --csv exclude each other");
            }
            if (ops.isEmpty()) {
                throw new ParameterException(spec.commandLine(), "--op needs at least one operation");
            }
        }

        /** {@return the operations without repeats, in the canonical order} */
        List<PerfOp> distinctOps() {
            final Set<PerfOp> set = EnumSet.copyOf(ops);
            return List.copyOf(set);
        }

        /**
         * {@return the operations to time at one size}
         *
         * @param size the message size
         */
        int iterationsFor(final long size) {
            if (bytes <= 0) {
                return iterations;
            }
            return (int) Math.min(Integer.MAX_VALUE, Math.max(iterations, (bytes + size - 1) / size));
        }

        /**
         * {@return the receives the server is to keep posted}: {@code --rx-depth}, else {@link #BW_RX_DEPTH} for
         * bandwidth (at every size: the receives share the ring, {@link #ringSlots}), {@link #SLOTS} for latency
         *
         * @param mode {@link Wire#MODE_LATENCY} or {@link Wire#MODE_BANDWIDTH}
         */
        int rxDepth(final int mode) {
            if (rxDepth != null) {
                return rxDepth;
            }
            return mode == Wire.MODE_BANDWIDTH ? BW_RX_DEPTH : SLOTS;
        }

        /** {@return the largest size} */
        long maxSize() {
            return Arrays.stream(sizes).max().orElseThrow();
        }
    }

    /** Converts {@code --op} values. */
    static final class OpConverter implements CommandLine.ITypeConverter<PerfOp> {
        @Override
        public PerfOp convert(final String value) {
            return PerfOp.parse(value);
        }
    }

    /** {@code dat perf lat}. */
    @Command(name = "lat", description = {"Latency: round-trip time percentiles (p50/p99/p99.9/max) per op and size;",
        "one-way = RTT/2 as perftest reports."})
    static final class Latency extends Runner {
        Latency() {
            super(Wire.MODE_LATENCY);
        }
    }

    /** {@code dat perf bw}. */
    @Command(name = "bw", description = "Bandwidth (Gbit/s) and message rate per op and size.")
    static final class Bandwidth extends Runner {
        Bandwidth() {
            super(Wire.MODE_BANDWIDTH);
        }
    }

    /** The client and server of one perf mode. */
    abstract static class Runner implements Callable<Integer> {
        private final int mode;

        @Spec
        private CommandSpec spec;
        @Mixin
        private CommonOptions common;
        @Mixin
        private PeerOptions peer;
        @Mixin
        private PerfOptions opts;

        Runner(final int mode) {
            this.mode = mode;
        }

        /** {@return the parsed perf options, for tests} */
        PerfOptions options() {
            return opts;
        }

        /** {@return the parsed peer options, for tests} */
        PeerOptions peerOptions() {
            return peer;
        }

        /** {@return the parsed common options, for tests} */
        CommonOptions commonOptions() {
            return common;
        }

        @Override
        public Integer call() throws IOException {
            peer.validate(spec);
            peer.validatePort(spec, opts.port);
            opts.validate(spec, mode);
            if (peer.server) {
                peer.serve(spec, this::serveOnce);
                return 0;
            }
            return client();
        }

        private Session.Spec sessionSpec(final long maxSize, final boolean active, final int slots) {
            final long slot = Math.max(maxSize, Wire.CONTROL_SIZE);
            // a latency client's receives share one slot too (one message at a time comes to it); a bandwidth client
            // reads the server's ACKs, which may come back to back: a slot each
            return new Session.Spec(slot, slots, slot, opts.depth + 4, active ? Math.min(opts.depth, 16) : 0,
                    active && mode == Wire.MODE_BANDWIDTH ? slots : ringSlots(slots, maxSize, mode));
        }

        private int client() throws IOException {
            final PrintWriter out = spec.commandLine().getOut();
            final PrintWriter err = spec.commandLine().getErr();
            final List<PerfOp> ops = opts.distinctOps();
            final long[] sizes = opts.sizes.clone();
            Arrays.sort(sizes);
            final List<PerfResult> results = new ArrayList<>();
            final boolean bar = opts.progress != null ? opts.progress : System.console() != null;
            long total = 0;
            for (final long size : sizes) {
                total += opts.iterationsFor(size);
            }
            final Progress progress = new Progress(err, ops.size() * total, bar);
            try (Session s = Session.open(common.ia, sessionSpec(opts.maxSize(), true, SLOTS), opts.poll)) {
                final byte[] back = s.connect(peer.hostAddress(spec), opts.port,
                        pdata(opts.maxSize(), opts.rxDepth(mode)), peer.connectTimeout(Session.DTO_TIMEOUT));
                if (back.length < PDATA_SIZE || ByteBuffer.wrap(back).getLong() != MAGIC) {
                    throw new IllegalStateException("the server is not a dat perf server (its accept carried "
                            + back.length + " bytes of unexpected private data)");
                }
                final boolean rdma = ops.stream().anyMatch(op -> op != PerfOp.SEND);
                final RemoteMemoryTriplet remote = s.exchangeBufferInfo((int) Math.min(opts.maxSize(),
                        Integer.MAX_VALUE), rdma ? opts.maxSize() : 0, "the server's buffers are sized after the"
                        + " client's largest --sizes: is it a dat perf server?");
                for (final PerfOp op : ops) {
                    if (op != PerfOp.SEND && !s.interfaceAdapter().supports(op == PerfOp.RDMA_READ
                            ? Capability.RDMA_READ : Capability.RDMA_WRITE)) {
                        err.println("dat perf: skipping " + op.label() + ": IA " + common.ia + " does not support it");
                        progress.advance(total);
                        continue;
                    }
                    for (final long size : sizes) {
                        progress.label(op.label() + " " + size + " B");
                        final int n = opts.iterationsFor(size);
                        // by default as many warm-up round trips as measured ones, at most 10,000: the path is timed
                        // after the JIT compiled it (on a loaded machine C2 needs more than the NIO baseline's 2,000
                        // round trips of its much shorter path)
                        int warmup = mode == Wire.MODE_LATENCY ? (opts.warmup != null ? opts.warmup
                                : Math.min(Math.max(n, 1), 10_000)) : 0;
                        long warmed = warmup;
                        if (opts.settle > 0) {
                            final int first = mode == Wire.MODE_LATENCY ? Math.max(warmup, 1)
                                    : opts.warmup != null && opts.warmup > 0 ? Math.min(opts.warmup, n) : n;
                            final WarmUp.Outcome o = WarmUp.settle(first, TimeUnit.SECONDS.toNanos(opts.settle),
                                    k -> figure(measure(s, op, size, k, 0, remote, new Progress(err, 1, false))),
                                    WarmUp.jitMillis(), System::nanoTime);
                            if (!o.settled()) {
                                err.printf("dat perf: %s %d B: not settled after %d s of warm-up (%d operations):"
                                        + " the JIT still compiles or the figure still moves; timing anyway%n",
                                        op.label(), size, opts.settle, o.operations());
                            }
                            warmup = 0;
                            warmed = o.operations();
                        } else if (mode == Wire.MODE_BANDWIDTH && opts.warmup != null && opts.warmup > 0) {
                            // an untimed pass first, so that the timed one runs compiled code
                            warmed = Math.min(opts.warmup, n);
                            measure(s, op, size, (int) warmed, 0, remote, new Progress(err, 1, false));
                        }
                        results.add(measure(s, op, size, n, warmup, remote, progress).warmedUp(warmed));
                    }
                }
                Wire.putControl(s.control(), 0, new Wire.Control(Wire.QUIT, 0, mode, 0, 0));
                s.sendControl(Wire.CONTROL_SIZE);
                s.disconnect();
            } finally {
                progress.finish();
            }
            if (opts.json) {
                out.println(ResultFormat.json(results));
            } else if (opts.csv) {
                out.print(ResultFormat.csv(results));
            } else {
                out.printf("dat perf %s: %s to %s port %d%n", mode == Wire.MODE_LATENCY ? "lat" : "bw", common.ia,
                        peer.host, opts.port);
                out.print(ResultFormat.table(results));
            }
            out.flush();
            if (opts.plot != null && !results.isEmpty()) {
                Plot.write(opts.plot, results, "dat perf " + (mode == Wire.MODE_LATENCY ? "lat" : "bw") + " ("
                        + common.ia + " to " + peer.host + ")");
                err.println("plot written to " + opts.plot);
            }
            return 0;
        }

        /** {@return a warm-up chunk's figure: median round trip, or time per operation} */
        private static double figure(final PerfResult r) {
            return switch (r) {
                case PerfResult.LatencyResult l -> l.rtt().p50Us();
                case PerfResult.BandwidthResult b -> (double) b.nanos() / Math.max(1, b.iterations());
            };
        }

        private PerfResult measure(final Session s, final PerfOp op, final long size, final int n, final int warmup,
                final RemoteMemoryTriplet remote, final Progress progress) {
            final Wire.Control start = new Wire.Control(Wire.START, op.ordinal(), mode, size, (long) n + warmup);
            Wire.putControl(s.control(), 0, start);
            s.sendControl(Wire.CONTROL_SIZE);
            final int credits = Wire.checkReady(recvControl(s, Session.DTO_TIMEOUT), start, opts.rxDepth(mode));
            return mode == Wire.MODE_LATENCY ? latency(s, op, size, n, warmup, remote, progress)
                    : bandwidth(s, op, size, n, credits, remote, progress);
        }

        private PerfResult latency(final Session s, final PerfOp op, final long size, final int n, final int warmup,
                final RemoteMemoryTriplet remote, final Progress progress) {
            final long[] rtt = new long[n];
            // a send round's receive slot, reposted (and its send reaped) in the next round while that round's send
            // travels: the bookkeeping stays inside the timed rounds, off the message's path (-1: none)
            int previousSlot = -1;
            for (long i = 0; i < (long) n + warmup; i++) {
                final long t0 = System.nanoTime();
                switch (op) {
                    case SEND -> {
                        s.postSendData(size, i);
                        if (previousSlot >= 0) {
                            s.repost(previousSlot);
                            s.awaitRequest("a send");
                        }
                        final Completion r = s.awaitRecv("an echo");
                        previousSlot = (int) r.cookie();
                        if (r.transferredLength() != size) {
                            throw new IllegalStateException("echo of " + size + " bytes came back with "
                                    + r.transferredLength());
                        }
                    }
                    case RDMA_WRITE -> {
                        s.postWrite(size, remote, i, io.dat4j.CompletionFlag.DEFAULT);
                        s.awaitRequest("an RDMA write");
                    }
                    case RDMA_READ -> {
                        s.postRead(size, remote, i);
                        s.awaitRequest("an RDMA read");
                    }
                }
                final long t1 = System.nanoTime();
                if (i >= warmup) {
                    rtt[(int) (i - warmup)] = t1 - t0;
                    progress.advance(1);
                }
            }
            if (previousSlot >= 0) {
                s.repost(previousSlot);
                s.awaitRequest("a send");
            }
            return new PerfResult.LatencyResult(op, size, n, Stats.latency(rtt), 0);
        }

        private PerfResult bandwidth(final Session s, final PerfOp op, final long size, final int n,
                final int serverCredits, final RemoteMemoryTriplet remote, final Progress progress) {
            final int depth = Math.min(op == PerfOp.RDMA_READ ? Math.min(opts.depth, s.rdmaReadDepth()) : opts.depth,
                    s.requestDepth());
            long posted = 0;
            long completed = 0;
            final long t0 = System.nanoTime();
            if (op == PerfOp.SEND) {
                long credits = serverCredits;
                long acked = 0;
                while (acked < n) {
                    if (posted < n && credits > 0 && posted - completed < depth) {
                        s.postSendData(size, posted);
                        posted++;
                        credits--;
                    } else if (posted - completed >= depth) {
                        s.awaitRequest("a send");
                        completed++;
                    } else if (completed < posted && s.pollRequest("a send") != null) {
                        completed++;
                    } else {
                        final long k = Wire.checkAck(recvControl(s, Session.DTO_TIMEOUT), posted - acked);
                        acked += k;
                        credits += k;
                        progress.advance(k);
                    }
                }
            } else {
                long reported = 0;
                while (completed < n) {
                    while (posted < n && posted - completed < depth) {
                        if (op == PerfOp.RDMA_WRITE) {
                            s.postWrite(size, remote, posted, io.dat4j.CompletionFlag.DEFAULT);
                        } else {
                            s.postRead(size, remote, posted);
                        }
                        posted++;
                    }
                    s.awaitRequest(op.label());
                    completed++;
                    // take whatever else completed meanwhile without another wake-up
                    while (completed < posted && s.pollRequest(op.label()) != null) {
                        completed++;
                    }
                    progress.advance(completed - reported);
                    reported = completed;
                }
            }
            final long elapsed = System.nanoTime() - t0;
            while (completed < posted) {
                s.awaitRequest(op.label());
                completed++;
            }
            return new PerfResult.BandwidthResult(op, size, n, elapsed, 0, depth,
                    op == PerfOp.SEND ? serverCredits : 0);
        }

        private void serveOnce() {
            final PrintWriter out = spec.commandLine().getOut();
            try (InterfaceAdapter ia = Dat.openInterfaceAdapter(common.ia);
                    EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
                    PublicServicePoint psp = opts.port == 0
                            ? ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER)
                            : ia.createPublicServicePoint(opts.port, crEvd, ServicePointFlag.CONSUMER)) {
                out.printf("dat perf server: %s, waiting on port %d%n", common.ia, psp.connectionQualifier());
                out.flush();
                final Event e = crEvd.await(peer.waitDuration());
                if (!(e instanceof ConnectionRequestEvent cre)) {
                    throw new IllegalStateException("expected a connection request, got " + e.number().cName());
                }
                final ConnectionRequest cr = cre.request();
                final byte[] p = cr.query().privateData().toByteArray();
                if (p.length < PDATA_SIZE || ByteBuffer.wrap(p).getLong() != MAGIC) {
                    cr.reject(null);
                    throw new IllegalStateException("rejected a request that is not from a dat perf client");
                }
                final long maxSize = ByteBuffer.wrap(p).getLong(8);
                if (maxSize < 1 || maxSize > (1L << 30)) {
                    cr.reject(null);
                    throw new IllegalStateException("rejected a request for " + maxSize + "-byte messages");
                }
                final int rx = announcedRxDepth(p);
                if (rx < 2 || rx > MAX_RX_DEPTH || ringBytes(rx, maxSize, mode) > MAX_RX_BYTES) {
                    cr.reject(null);
                    throw new IllegalStateException("rejected a request for a receive depth of " + rx + " slots of "
                            + maxSize + " bytes (2.." + MAX_RX_DEPTH + ", at most " + (MAX_RX_BYTES >> 20) + " MiB)");
                }
                // buffers are sized after the client's largest message and receive depth, announced in the
                // private data
                try (Session s = Session.on(ia, sessionSpec(maxSize, false, rx), opts.poll)) {
                    s.acceptRequest(cr, p);
                    out.printf("client connected: messages up to %d bytes, %d receives posted in %d slots%n",
                            maxSize, rx, ringSlots(rx, maxSize, mode));
                    out.flush();
                    serve(s, maxSize, rx);
                }
            }
        }

        private void serve(final Session s, final long maxSize, final int slots) {
            final PrintWriter out = spec.commandLine().getOut();
            // the server transfers nothing to or from the client's buffer: its advertised length is not checked
            s.exchangeBufferInfo((int) Math.min(s.dataSize(), Integer.MAX_VALUE), 0, "");
            while (true) {
                final Wire.Control c = Wire.checkFromClient(recvControl(s, peer.waitDuration()), maxSize);
                if (c.type() == Wire.QUIT) {
                    s.awaitDisconnect(peer.waitDuration());
                    out.println("client done");
                    out.flush();
                    return;
                }
                final PerfOp op = PerfOp.values()[c.op()];
                Wire.putControl(s.control(), 0, new Wire.Control(Wire.READY, c.op(), c.mode(), c.size(), slots));
                s.sendControl(Wire.CONTROL_SIZE);
                if (op == PerfOp.SEND) {
                    serveSends(s, c, slots);
                }
            }
        }

        private static void serveSends(final Session s, final Wire.Control c, final int slots) {
            final long n = c.count();
            final int batch = slots / 2;
            long received = 0;
            int pending = 0;
            // the echo or ACK last sent is reaped later, not right after posting it, so that its completion is
            // normally queued by then and the server does not sleep on it: an echo after the next echo is posted (it
            // reads the data buffer, which nothing writes, so two may be outstanding), an ACK before the next ACK is
            // written into the control buffer
            boolean sendOutstanding = false;
            while (received < n) {
                final Completion r = s.awaitRecv("a message");
                final int slot = (int) r.cookie();
                if (r.transferredLength() != c.size()) {
                    throw new IllegalStateException("expected " + c.size() + "-byte messages, received "
                            + r.transferredLength());
                }
                received++;
                if (c.mode() == Wire.MODE_LATENCY) {
                    // the echo first; the repost and the previous echo's reap run while it travels
                    s.postSendData(c.size(), received);
                    s.repost(slot);
                    if (sendOutstanding) {
                        s.awaitRequest("an echo");
                    }
                    sendOutstanding = true;
                } else {
                    s.repost(slot);
                    pending++;
                    if (pending == batch || received == n) {
                        if (sendOutstanding) {
                            s.awaitRequest("an ACK");
                        }
                        Wire.putControl(s.control(), 0, new Wire.Control(Wire.ACK, c.op(), c.mode(), c.size(),
                                pending));
                        s.postControl(Wire.CONTROL_SIZE);
                        sendOutstanding = true;
                        pending = 0;
                    }
                }
            }
            if (sendOutstanding) {
                s.awaitRequest(c.mode() == Wire.MODE_LATENCY ? "an echo" : "an ACK");
            }
        }

        private static Wire.Control recvControl(final Session s, final java.time.Duration timeout) {
            final Completion r = s.awaitRecv("a control message", timeout);
            final int slot = (int) r.cookie();
            final Wire.Control c = Wire.getControl(s.slot(slot), 0, r.transferredLength());
            s.repost(slot);
            return c;
        }
    }

    /**
     * {@return the slots of memory of a server's receive ring}: one for latency, which every receive shares (one
     * message at a time comes, and lands where the last one did, in memory the cache holds: as a ping-pong over a
     * socket, NIO's, {@code ucx_perftest}'s or {@code fi_pingpong}'s, reads into one buffer, where a slot per receive
     * made every 64 KiB message land in another of 32 slots, 2 MiB, and the kernel's copy into it miss the cache); for
     * bandwidth as many as fit in {@link #BW_RX_BYTES} (at least 2, at most one per receive), which the receives
     * share in turn
     *
     * @param rx the receives posted
     * @param maxSize the largest message size
     * @param mode {@link Wire#MODE_LATENCY} or {@link Wire#MODE_BANDWIDTH}
     */
    static int ringSlots(final int rx, final long maxSize, final int mode) {
        if (mode != Wire.MODE_BANDWIDTH) {
            return 1;
        }
        final long fit = BW_RX_BYTES / Math.max(maxSize, Wire.CONTROL_SIZE);
        return (int) Math.min(rx, Math.max(2, fit));
    }

    /** {@return the bytes of a server's receive ring} (see {@link #ringSlots}) */
    static long ringBytes(final int rx, final long maxSize, final int mode) {
        return ringSlots(rx, maxSize, mode) * Math.max(maxSize, Wire.CONTROL_SIZE);
    }

    /**
     * {@return the connect private data: magic, the largest message size and the receive depth}
     *
     * @param maxSize the largest size of the sweep
     * @param rxDepth the receives the server is to keep posted
     */
    static byte[] pdata(final long maxSize, final int rxDepth) {
        return ByteBuffer.allocate(PDATA_SIZE_RX).putLong(MAGIC).putLong(maxSize).putInt(rxDepth).array();
    }

    /**
     * {@return the receive depth a client's connect private data asks for}: {@link #SLOTS} from a client that
     * announces none (one from before {@code --rx-depth} sends 16 bytes).
     *
     * @param pdata the private data of the request, already checked for the magic
     */
    static int announcedRxDepth(final byte[] pdata) {
        return pdata.length >= PDATA_SIZE_RX ? ByteBuffer.wrap(pdata).getInt(16) : SLOTS;
    }
}

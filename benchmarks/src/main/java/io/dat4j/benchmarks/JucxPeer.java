package io.dat4j.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpEndpointParams;
import org.openucx.jucx.ucp.UcpMemMapParams;
import org.openucx.jucx.ucp.UcpMemory;
import org.openucx.jucx.ucp.UcpParams;
import org.openucx.jucx.ucp.UcpRemoteKey;
import org.openucx.jucx.ucp.UcpRequest;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;

/**
 * JUCX, the Java binding of UCX, as a peer of {@code scripts/bench-peers.sh}: a tag ping-pong and streams of tag sends
 * and of puts (one-sided writes) between two processes, printing the JSON rows of {@code dat perf lat|bw --json}.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp ... io.dat4j.benchmarks.JucxPeer server PORT
 * java ... io.dat4j.benchmarks.JucxPeer lat HOST PORT SIZES ITERATIONS [poll|wait]
 * java ... io.dat4j.benchmarks.JucxPeer bw HOST PORT SIZES ITERATIONS DEPTH [send,rdma_write [BYTES]]
 * </pre>
 *
 * <p>The transports are UCX's choice under its environment: {@code UCX_TLS=tcp UCX_NET_DEVICES=lo} for TCP on
 * loopback, {@code UCX_TLS=posix,cma} for shared memory. The two workers connect by exchanging their worker addresses
 * over a {@link ControlChannel} (as {@code ucx_perftest} does) and without peer error handling, so that UCX's shared
 * memory transports are usable (a client-server connection through {@code UcpListener} needs peer error handling, which
 * UCX 1.13 refuses on its shared-memory transports unless {@code UCX_MM_ERROR_HANDLING=y}).
 *
 * <p>{@code lat}: the client posts its receive, sends, and progresses the worker until both completed; the server
 * echoes. {@code poll} (the default) spins on {@code ucp_worker_progress}; {@code wait} sleeps in
 * {@code ucp_worker_wait} whenever a progress call found nothing (the wake-up feature). {@code bw send}: DEPTH tag
 * sends in flight, the server keeps DEPTH receives posted and acknowledges the last message with a tag message of its
 * own; {@code bw rdma_write}: DEPTH puts in flight into the server's registered memory, timed until the endpoint's
 * flush completed. A stream runs ITERATIONS messages per size, or more where that moves fewer than BYTES. Warm-up: see {@link PeerSupport}. JUCX 1.14.100 runs against Debian's libucx0 1.13.
 */
public final class JucxPeer {

    private static final long DATA_TAG = 1;
    private static final long ACK_TAG = 2;
    private static final long DONE_TAG = 3;
    private static final long ALL_BITS = -1L;

    private static final int LAT = 'L';
    private static final int SEND_STREAM = 'B';
    private static final int PUT_STREAM = 'P';
    private static final int QUIT = 'Q';

    private final UcpContext context;
    private final UcpWorker worker;
    private final UcpEndpoint endpoint;
    private final ControlChannel control;

    private JucxPeer(final ControlChannel control, final boolean server) throws IOException {
        this.control = control;
        this.context = new UcpContext(new UcpParams().requestTagFeature().requestRmaFeature().requestWakeupFeature());
        this.worker = context.newWorker(new UcpWorkerParams());
        final ByteBuffer mine = worker.getAddress();
        final byte[] address = new byte[mine.remaining()];
        mine.get(address);
        final byte[] theirs;
        if (server) {
            theirs = control.readBlob();
            control.sendBlob(address);
        } else {
            control.sendBlob(address);
            theirs = control.readBlob();
        }
        final ByteBuffer peer = ByteBuffer.allocateDirect(theirs.length).put(theirs).flip();
        this.endpoint = worker.newEndpoint(new UcpEndpointParams().setUcpAddress(peer));
    }

    /**
     * Entry point.
     *
     * @param args see the class comment
     * @throws Exception on failure
     */
    public static void main(final String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: server PORT | lat HOST PORT SIZES ITER [poll|wait] "
                    + "| bw HOST PORT SIZES ITER DEPTH [send,rdma_write [BYTES]]");
            System.exit(2);
        }
        switch (args[0]) {
            case "server" -> {
                try (ControlChannel c = ControlChannel.accept(Integer.parseInt(args[1]), 300_000)) {
                    new JucxPeer(c, true).serve();
                }
            }
            case "lat" -> {
                try (ControlChannel c = ControlChannel.connect(args[1], Integer.parseInt(args[2]))) {
                    new JucxPeer(c, false).latency(PeerSupport.sizes(args[3]), Integer.parseInt(args[4]),
                            args.length > 5 && args[5].equals("wait"), System.out);
                }
            }
            case "bw" -> {
                try (ControlChannel c = ControlChannel.connect(args[1], Integer.parseInt(args[2]))) {
                    new JucxPeer(c, false).bandwidth(PeerSupport.sizes(args[3]), Integer.parseInt(args[4]),
                            Integer.parseInt(args[5]), args.length > 6 ? args[6] : "send,rdma_write",
                            args.length > 7 ? Long.parseLong(args[7]) : 0, System.out);
                }
            }
            default -> {
                System.err.println("unknown mode " + args[0]);
                System.exit(2);
            }
        }
    }

    // ---- server

    private void serve() throws Exception {
        try {
            while (true) {
                final int mode = control.readInt();
                if (mode == QUIT) {
                    return;
                }
                final int size = control.readInt();
                final int count = control.readInt();
                final int depth = control.readInt();
                final boolean wait = control.readInt() != 0;
                try (UcpMemory mem = allocate(size)) {
                    if (mode == LAT) {
                        echo(mem, size, count, wait);
                    } else if (mode == SEND_STREAM) {
                        sink(mem, size, count, depth);
                    } else if (mode == PUT_STREAM) {
                        exposeForPuts(mem);
                    } else {
                        throw new IOException("unknown request " + mode);
                    }
                }
            }
        } finally {
            close();
        }
    }

    private void echo(final UcpMemory mem, final int size, final int count, final boolean wait) throws Exception {
        for (int i = 0; i < count; i++) {
            complete(worker.recvTaggedNonBlocking(mem.getAddress(), size, DATA_TAG, ALL_BITS, null), wait);
            complete(endpoint.sendTaggedNonBlocking(mem.getAddress(), size, DATA_TAG, null), wait);
        }
    }

    private void sink(final UcpMemory mem, final int size, final int count, final int depth) throws Exception {
        window(count, depth, () -> worker.recvTaggedNonBlocking(mem.getAddress(), size, DATA_TAG, ALL_BITS, null));
        complete(endpoint.sendTaggedNonBlocking(mem.getAddress(), 1, ACK_TAG, null), false);
    }

    /** Sends the region's address and key, then progresses (TCP emulates puts with messages) until told it is done. */
    private void exposeForPuts(final UcpMemory mem) throws Exception {
        control.sendLong(mem.getAddress());
        final ByteBuffer rkey = mem.getRemoteKeyBuffer();
        final byte[] key = new byte[rkey.remaining()];
        rkey.get(key);
        control.sendBlob(key);
        complete(worker.recvTaggedNonBlocking(mem.getAddress(), 1, DONE_TAG, ALL_BITS, null), false);
    }

    // ---- client

    private void request(final int mode, final int size, final int count, final int depth, final boolean wait)
            throws IOException {
        control.sendInts(mode, size, count, depth, wait ? 1 : 0);
    }

    private void latency(final int[] sizes, final int iterations, final boolean wait, final PrintStream out)
            throws Exception {
        final List<String> rows = new ArrayList<>();
        try {
            for (final int size : sizes) {
                final long warmup = PeerSupport.warmLatency("JucxPeer", k -> pingPong(size, k, wait));
                final long[] rtt = pingPong(size, iterations, wait);
                rows.add(PeerSupport.latencyRow("send", size, rtt, warmup, wait ? "jucx-wait" : "jucx"));
            }
            control.sendInts(QUIT);
        } finally {
            close();
        }
        out.println("[" + String.join(",\n ", rows) + "]");
    }

    private long[] pingPong(final int size, final int count, final boolean wait) throws Exception {
        request(LAT, size, count, 0, wait);
        final long[] rtt = new long[count];
        try (UcpMemory send = allocate(size); UcpMemory recv = allocate(size)) {
            for (int i = 0; i < count; i++) {
                final long t0 = System.nanoTime();
                final UcpRequest r = worker.recvTaggedNonBlocking(recv.getAddress(), size, DATA_TAG, ALL_BITS, null);
                final UcpRequest s = endpoint.sendTaggedNonBlocking(send.getAddress(), size, DATA_TAG, null);
                complete(r, wait);
                complete(s, wait);
                rtt[i] = System.nanoTime() - t0;
            }
        }
        Arrays.sort(rtt);
        return rtt;
    }

    private void bandwidth(final int[] sizes, final int iterations, final int depth, final String ops,
            final long bytes, final PrintStream out) throws Exception {
        final List<String> rows = new ArrayList<>();
        try {
            for (final int size : sizes) {
                for (final String op : ops.split(",")) {
                    final boolean put = switch (op) {
                        case "send" -> false;
                        case "rdma_write" -> true;
                        default -> throw new IllegalArgumentException("op must be send or rdma_write: " + op);
                    };
                    final PeerSupport.Stream stream = k -> put ? putStream(size, k, depth) : sendStream(size, k, depth);
                    final long warmup = PeerSupport.warmStream("JucxPeer", stream);
                    final int n = PeerSupport.streamCount(size, iterations, bytes);
                    rows.add(PeerSupport.bandwidthRow(op, size, n, stream.run(n), warmup, "jucx"));
                }
            }
            control.sendInts(QUIT);
        } finally {
            close();
        }
        out.println("[" + String.join(",\n ", rows) + "]");
    }

    private long sendStream(final int size, final int count, final int depth) throws Exception {
        request(SEND_STREAM, size, count, depth, false);
        try (UcpMemory send = allocate(size); UcpMemory ack = allocate(1)) {
            final UcpRequest acked = worker.recvTaggedNonBlocking(ack.getAddress(), 1, ACK_TAG, ALL_BITS, null);
            final long t0 = System.nanoTime();
            window(count, depth, () -> endpoint.sendTaggedNonBlocking(send.getAddress(), size, DATA_TAG, null));
            complete(acked, false);
            return System.nanoTime() - t0;
        }
    }

    private long putStream(final int size, final int count, final int depth) throws Exception {
        request(PUT_STREAM, size, count, depth, false);
        final long remote = control.readLong();
        final byte[] key = control.readBlob();
        final UcpRemoteKey rkey = endpoint.unpackRemoteKey(ByteBuffer.allocateDirect(key.length).put(key).flip());
        try (UcpMemory src = allocate(size)) {
            final long t0 = System.nanoTime();
            window(count, depth, () -> endpoint.putNonBlocking(src.getAddress(), size, remote, rkey, null));
            complete(endpoint.flushNonBlocking(null), false);
            final long took = System.nanoTime() - t0;
            complete(endpoint.sendTaggedNonBlocking(src.getAddress(), 1, DONE_TAG, null), false);
            return took;
        } finally {
            rkey.close();
        }
    }

    /**
     * Posts {@code count} operations (sends, puts, or the receiver's receives) with at most {@code depth} in flight and
     * progresses until all completed.
     */
    private void window(final int count, final int depth, final Post post) throws Exception {
        final UcpRequest[] window = new UcpRequest[Math.min(depth, count)];
        int posted = 0;
        int done = 0;
        while (done < count) {
            for (int s = 0; s < window.length; s++) {
                if (window[s] != null && window[s].isCompleted()) {
                    check(window[s]);
                    window[s] = null;
                    done++;
                }
                if (window[s] == null && posted < count) {
                    window[s] = post.post();
                    posted++;
                }
            }
            worker.progress();
        }
    }

    /** Posts one operation. */
    private interface Post {
        UcpRequest post() throws Exception;
    }

    // ---- shared

    private UcpMemory allocate(final int size) {
        return context.memoryMap(new UcpMemMapParams().allocate().setLength(Math.max(size, 8)));
    }

    private void complete(final UcpRequest request, final boolean wait) throws Exception {
        while (!request.isCompleted()) {
            if (worker.progress() == 0 && wait) {
                worker.waitForEvents();
            }
        }
        check(request);
    }

    private static void check(final UcpRequest request) throws IOException {
        if (request.getStatus() < 0) {
            throw new IOException("UCX request failed with status " + request.getStatus());
        }
    }

    private void close() throws Exception {
        try {
            final UcpRequest closing = endpoint.closeNonBlockingFlush();
            final long deadline = System.nanoTime() + 1_000_000_000L;
            while (closing != null && !closing.isCompleted() && System.nanoTime() < deadline) {
                worker.progress();
            }
        } catch (final RuntimeException e) {
            System.err.println("JucxPeer: closing the endpoint: " + e);
        }
        worker.close();
        context.close();
    }
}

package io.dat4j.benchmarks;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Aeron IPC as a peer of {@code scripts/bench-peers.sh}: a ping-pong between two processes through Aeron's shared
 * memory log buffers, both sides busy-polling, printing the JSON rows of {@code dat perf lat --json}.
 *
 * <pre>
 * java -cp ... io.dat4j.benchmarks.AeronIpcPeer server PORT AERON_DIR
 * java -cp ... io.dat4j.benchmarks.AeronIpcPeer lat HOST PORT SIZES ITERATIONS
 * </pre>
 *
 * <p>The server embeds the media driver (shared threading mode, one driver thread that backs off to 1 ms sleeps when
 * idle: on two vCPUs a dedicated spinning driver would take a CPU from the two pingers) in AERON_DIR, which it deletes
 * on shutdown, and tells the client where it is over a {@link ControlChannel} on PORT. Messages go out with
 * {@code offer} on an exclusive publication ({@code aeron:ipc}, 16 MiB terms, the largest MTU, 64 KiB less 32 bytes,
 * so that a 4 KiB message is one fragment: with the default 1408 bytes a 4 KiB round trip took about 1.5 times as long)
 * and come in through a {@link FragmentAssembler}, which reassembles larger ones as Aeron users do. The server echoes
 * each message from where it lies in the log buffer. Warm-up: see {@link PeerSupport}.
 */
public final class AeronIpcPeer {

    private static final String CHANNEL = "aeron:ipc?term-length=16m|mtu=65504";
    private static final int PING_STREAM = 1001;
    private static final int PONG_STREAM = 1002;
    private static final int LAT = 'L';
    private static final int QUIT = 'Q';
    private static final long CONNECT_NANOS = 30_000_000_000L;

    private final Aeron aeron;
    private final Publication publication;
    private final Subscription subscription;
    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1 << 22));
    /** Counts the messages in (client), or echoes each back from where it lies (server). */
    private final FragmentAssembler assembler;
    private int received;

    private AeronIpcPeer(final String dir, final int publishTo, final int subscribeTo, final boolean echo) {
        this.aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(dir));
        this.publication = aeron.addExclusivePublication(CHANNEL, publishTo);
        this.subscription = aeron.addSubscription(CHANNEL, subscribeTo);
        this.assembler = new FragmentAssembler((buf, offset, length, header) -> {
            if (echo) {
                offer(buf, offset, length);
            }
            received++;
        });
    }

    /**
     * Entry point.
     *
     * @param args see the class comment
     * @throws Exception on failure
     */
    public static void main(final String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: server PORT AERON_DIR | lat HOST PORT SIZES ITER");
            System.exit(2);
        }
        switch (args[0]) {
            case "server" -> serve(Integer.parseInt(args[1]), args[2]);
            case "lat" -> latency(args[1], Integer.parseInt(args[2]), PeerSupport.sizes(args[3]),
                    Integer.parseInt(args[4]), System.out);
            default -> {
                System.err.println("unknown mode " + args[0]);
                System.exit(2);
            }
        }
    }

    private static void serve(final int port, final String dir) throws Exception {
        final MediaDriver.Context ctx = new MediaDriver.Context().aeronDirectoryName(dir)
                .threadingMode(ThreadingMode.SHARED).dirDeleteOnStart(true).dirDeleteOnShutdown(true);
        try (ControlChannel control = ControlChannel.accept(port, 300_000);
                MediaDriver driver = MediaDriver.launch(ctx)) {
            final AeronIpcPeer peer = new AeronIpcPeer(driver.aeronDirectoryName(), PONG_STREAM, PING_STREAM, true);
            try {
                control.sendString(driver.aeronDirectoryName());
                while (control.readInt() == LAT) {
                    final int count = control.readInt();
                    peer.echo(count);
                }
            } finally {
                peer.aeron.close();
            }
        }
    }

    private static void latency(final String host, final int port, final int[] sizes, final int iterations,
            final PrintStream out) throws Exception {
        final List<String> rows = new ArrayList<>();
        try (ControlChannel control = ControlChannel.connect(host, port)) {
            final AeronIpcPeer peer = new AeronIpcPeer(control.readString(), PING_STREAM, PONG_STREAM, false);
            try {
                peer.awaitConnected();
                for (final int size : sizes) {
                    if (size > peer.buffer.capacity() || size > peer.publication.maxMessageLength()) {
                        throw new IllegalArgumentException("Aeron IPC peer: size " + size + " above "
                                + Math.min(peer.buffer.capacity(), peer.publication.maxMessageLength()));
                    }
                    final long warmup = PeerSupport.warmLatency("AeronIpcPeer", k -> {
                        control.sendInts(LAT, k);
                        return peer.pingPong(size, k);
                    });
                    control.sendInts(LAT, iterations);
                    final long[] rtt = peer.pingPong(size, iterations);
                    rows.add(PeerSupport.latencyRow("send", size, rtt, warmup, "aeron-ipc"));
                }
                control.sendInts(QUIT);
            } finally {
                peer.aeron.close();
            }
        }
        out.println("[" + String.join(",\n ", rows) + "]");
    }

    private void awaitConnected() throws IOException {
        final long deadline = System.nanoTime() + CONNECT_NANOS;
        while (!publication.isConnected() || !subscription.isConnected()) {
            if (System.nanoTime() > deadline) {
                throw new IOException("Aeron IPC peer: not connected after 30 s");
            }
            Thread.onSpinWait();
        }
    }

    /** Echoes {@code count} messages back, busy-polling. */
    private void echo(final int count) {
        for (int i = 0; i < count; i++) {
            awaitMessage();
        }
    }

    private long[] pingPong(final int size, final int count) {
        final long[] rtt = new long[count];
        for (int i = 0; i < count; i++) {
            final long t0 = System.nanoTime();
            offer(buffer, 0, size);
            awaitMessage();
            rtt[i] = System.nanoTime() - t0;
        }
        Arrays.sort(rtt);
        return rtt;
    }

    private void awaitMessage() {
        final int before = received;
        while (received == before) {
            if (subscription.poll(assembler, 1) == 0) {
                Thread.onSpinWait();
            }
        }
    }

    private void offer(final DirectBuffer from, final int offset, final int length) {
        long position;
        while ((position = publication.offer(from, offset, length)) < 0) {
            if (position == Publication.CLOSED || position == Publication.MAX_POSITION_EXCEEDED) {
                throw new IllegalStateException("Aeron IPC peer: publication refused the message (" + position + ")");
            }
            Thread.onSpinWait();
        }
    }
}

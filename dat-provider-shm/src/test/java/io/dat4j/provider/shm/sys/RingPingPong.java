package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A two-process ping-pong over the transport pieces alone (no DAT, no kit): the rendezvous socket, the handshake
 * messages, a sealed memfd mapping opened through {@code /proc}, the rings, the futex doorbells with the arm protocol,
 * and a CMA probe. The micro-harness of the shared-memory provider: {@link RingPingPongTest} runs it for correctness;
 * by hand it gives the floor the provider's data path can reach on a machine:
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp ... io.dat4j.provider.shm.sys.RingPingPong server DIR QUAL spin|wait
 * java --enable-native-access=ALL-UNNAMED -cp ... io.dat4j.provider.shm.sys.RingPingPong client DIR QUAL spin|wait
 *      ITERATIONS SIZE[,SIZE...]
 * </pre>
 *
 * The client prints one line per size: {@code size=8 iterations=100000 p50=... p99=... (ns round trip)}, then
 * {@code cma=OK|REFUSED|...}.
 */
public final class RingPingPong implements AutoCloseable {

    private static final int MAX_TYPE = 1;
    private static final long SPIN_NANOS = 50_000;

    private final Arena arena = Arena.ofShared();
    private final SharedMapping mapping;
    private final Doorbell mine;
    private final Doorbell theirs;
    private final RingWriter out;
    private final RingReader in;
    private final WakeControl wake;
    private final MemorySegment timespec = Doorbell.timespec(arena);
    private final RecordHeader header = new RecordHeader();
    private final boolean spin;

    private RingPingPong(final SharedMapping mapping, final ConnectionLayout layout, final int side,
            final Doorbell mine, final Doorbell theirs, final boolean spin) {
        this.mapping = mapping;
        this.mine = mine;
        this.theirs = theirs;
        this.out = new RingWriter(mapping.segment(), layout, side);
        this.in = new RingReader(mapping.segment(), layout, side, MAX_TYPE);
        this.wake = new WakeControl(mapping.segment(), layout, side);
        this.spin = spin;
    }

    /**
     * Sends one record with {@code length} bytes of {@code src}, as the provider's data path does: the header carries
     * this side's consumer position (field d), the record is committed, then TAIL is published and the peer woken if
     * it sleeps; only then is HEAD published (the reply goes out first).
     *
     * @param src the payload
     * @param length its length
     */
    void send(final MemorySegment src, final int length) {
        awaitRoom(length);
        out.begin(1, 0, length, 0, 0, 0, (int) in.announce());
        long done = 0;
        while (true) {
            done += out.write(src, done, length - done);
            out.publish();
            wakePeer(WakeControl.DATA);
            if (!out.inRecord()) {
                break;
            }
            awaitRoom(-1);
        }
        publishHead();
    }

    /** After every publish, of TAIL (DATA) or HEAD (SPACE): the peer may sleep waiting for either. */
    private void wakePeer(final int what) {
        if (wake.peerArmed(what)) {
            theirs.ring();
        }
    }

    private void publishHead() {
        if (in.position() != in.published()) {
            in.publish();
            wakePeer(WakeControl.SPACE);
        }
    }

    /** Waits for room for a record of {@code length} bytes, or (-1) for more payload of the current one. */
    private boolean room(final long length) {
        return length < 0 ? out.freeCached() > 0 || out.free() > 0 : out.fits(length);
    }

    private void awaitRoom(final long length) {
        final long t0 = System.nanoTime();
        while (!room(length)) {
            if (!spin && System.nanoTime() - t0 > SPIN_NANOS) {
                final int seen = mine.sequence();
                wake.arm(WakeControl.SPACE);
                if (room(length)) {
                    return;
                }
                mine.await(seen, TimeUnit.SECONDS.toNanos(1), timespec);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Receives one record into {@code dst}: polls the commit word at this side's position; a streamed payload
     * follows TAIL, and HEAD is published while waiting for it (the producer needs the room).
     *
     * @param dst where the payload goes
     * @return its length
     */
    int receive(final MemorySegment dst) {
        awaitHeader();
        out.acknowledged(header.d);
        final int length = header.length;
        long done = 0;
        while (in.inRecord()) {
            if (in.available() == 0) {
                publishHead();
                awaitBytes();
            }
            done += in.read(dst, done, in.remaining());
        }
        return length;
    }

    private void awaitHeader() {
        final long t0 = System.nanoTime();
        while (!in.readHeader(header)) {
            if (!spin && System.nanoTime() - t0 > SPIN_NANOS) {
                publishHead();
                final int seen = mine.sequence();
                wake.arm(WakeControl.DATA);
                if (in.committedAt(in.position())) {
                    continue;
                }
                mine.await(seen, TimeUnit.SECONDS.toNanos(1), timespec);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private void awaitBytes() {
        final long t0 = System.nanoTime();
        while (in.available() == 0) {
            if (!spin && System.nanoTime() - t0 > SPIN_NANOS) {
                final int seen = mine.sequence();
                wake.arm(WakeControl.DATA);
                if (in.available() > 0) {
                    return;
                }
                mine.await(seen, TimeUnit.SECONDS.toNanos(1), timespec);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    public void close() {
        mapping.close();
        theirs.close();
        arena.close();
    }

    private static ByteBuffer readFrame(final SocketChannel ch, final ByteBuffer buf) throws IOException {
        buf.clear();
        while (true) {
            if (ch.read(buf) < 0) {
                throw new EOFException("the peer closed the socket");
            }
            final ByteBuffer view = buf.duplicate().flip();
            final ByteBuffer body = Handshake.nextFrame(view.order(buf.order()));
            if (body != null) {
                return body;
            }
        }
    }

    /**
     * The passive side: accepts one connection on {@code qualifier}, creates the mapping, then echoes every record
     * until the client closes the socket.
     *
     * @param dir the rendezvous directory
     * @param qualifier the qualifier
     * @param spin true to spin, false to sleep on the doorbell when idle
     * @param listening called once the socket listens (may be null)
     * @return the number of records echoed
     * @throws IOException on socket trouble
     */
    static long serve(final Path dir, final long qualifier, final boolean spin, final Runnable listening)
            throws IOException {
        final Rendezvous r = Rendezvous.open(dir);
        final ServerSocketChannel ssc = r.bind(qualifier, 4);
        ssc.configureBlocking(true);
        if (listening != null) {
            listening.run();
        }
        final ConnectionLayout layout = new ConnectionLayout(1 << 16, 16);
        long echoed = 0;
        try (SocketChannel ch = ssc.accept(); Doorbell mine = Doorbell.create("dat4j-pingpong-bell")) {
            r.unlink(qualifier);
            ssc.close();
            final ByteBuffer buf = Handshake.frameBuffer();
            final Handshake req = new Handshake();
            req.decode(readFrame(ch, buf));
            final Doorbell theirs = Doorbell.open(req.pid, req.doorbellFd);
            final long nonce = ThreadLocalRandom.current().nextLong();
            final SharedMapping m = SharedMapping.create("dat4j-pingpong", layout.totalBytes());
            layout.writeHeader(m.segment(), nonce);
            final Handshake rep = new Handshake();
            rep.type = Handshake.REP;
            rep.pid = ProcessHandle.current().pid();
            rep.doorbellFd = mine.descriptor();
            rep.mappingFd = m.descriptor();
            rep.ringBytes = layout.ringBytes();
            rep.grantSlots = layout.grantSlots();
            rep.nonce = nonce;
            final MemorySegment probe = Arena.global().allocate(8, 8);
            probe.set(JAVA_LONG, 0, nonce);
            rep.probeAddress = probe.address();
            rep.probeValue = nonce;
            ch.write(rep.encode(Handshake.frameBuffer()));
            final Handshake rtu = new Handshake();
            rtu.decode(readFrame(ch, buf));
            m.closeDescriptor();
            try (RingPingPong p = new RingPingPong(m, layout, 0, mine, theirs, spin)) {
                final MemorySegment data = p.arena.allocate(1 << 20);
                ch.configureBlocking(false);
                while (p.awaitRecordOrEof(ch)) {
                    final int n = p.receive(data);
                    p.send(data, n);
                    echoed++;
                }
                return echoed;
            }
        }
    }

    /** {@return true when a record is there; false when the client closed the socket first} */
    private boolean awaitRecordOrEof(final SocketChannel ch) throws IOException {
        final ByteBuffer eof = ByteBuffer.allocate(1);
        long t0 = System.nanoTime();
        while (!in.committedAt(in.position())) {
            if (System.nanoTime() - t0 > TimeUnit.MILLISECONDS.toNanos(20)) {
                if (ch.read(eof.clear()) < 0) {
                    return in.committedAt(in.position());
                }
                t0 = System.nanoTime();
            }
            if (spin) {
                Thread.onSpinWait();
            } else {
                publishHead();
                final int seen = mine.sequence();
                wake.arm(WakeControl.DATA);
                if (!in.committedAt(in.position())) {
                    mine.await(seen, TimeUnit.MILLISECONDS.toNanos(20), timespec);
                }
            }
        }
        return true;
    }

    /**
     * The active side: connects, maps, probes CMA, and runs the round trips.
     *
     * @param dir the rendezvous directory
     * @param qualifier the server's qualifier
     * @param spin true to spin while waiting
     * @param iterations round trips per size
     * @param sizes payload sizes
     * @return one line per size and the CMA verdict
     * @throws IOException on socket trouble
     */
    static String client(final Path dir, final long qualifier, final boolean spin, final int iterations,
            final int[] sizes) throws IOException {
        final Rendezvous r = Rendezvous.open(dir);
        final StringBuilder report = new StringBuilder();
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                Doorbell mine = Doorbell.create("dat4j-pingpong-bell"); Arena a = Arena.ofShared()) {
            ch.connect(r.address(qualifier));
            final MemorySegment probe = a.allocate(8, 8);
            probe.set(JAVA_LONG, 0, ThreadLocalRandom.current().nextLong());
            final Handshake req = new Handshake();
            req.type = Handshake.REQ;
            req.pid = ProcessHandle.current().pid();
            req.doorbellFd = mine.descriptor();
            req.probeAddress = probe.address();
            req.probeValue = probe.get(JAVA_LONG, 0);
            ch.write(req.encode(Handshake.frameBuffer()));
            final Handshake rep = new Handshake();
            rep.decode(readFrame(ch, Handshake.frameBuffer()));
            final ConnectionLayout layout = new ConnectionLayout(rep.ringBytes, rep.grantSlots);
            final SharedMapping m = SharedMapping.open(rep.pid, rep.mappingFd, layout.totalBytes());
            layout.checkHeader(m.segment(), rep.nonce);
            final Doorbell theirs = Doorbell.open(rep.pid, rep.doorbellFd);
            final Handshake rtu = new Handshake();
            rtu.type = Handshake.RTU;
            ch.write(rtu.encode(Handshake.frameBuffer()));
            try (RingPingPong p = new RingPingPong(m, layout, 1, mine, theirs, spin)) {
                final int max = Arrays.stream(sizes).max().orElse(8);
                final MemorySegment src = a.allocate(max);
                final MemorySegment dst = a.allocate(max);
                final long[] rtt = new long[iterations];
                for (final int size : sizes) {
                    for (int i = 0; i < iterations; i++) {
                        src.set(JAVA_BYTE, 0, (byte) i);
                        src.set(JAVA_BYTE, size - 1, (byte) (i * 7));
                        final long t0 = System.nanoTime();
                        p.send(src, size);
                        final int n = p.receive(dst);
                        rtt[i] = System.nanoTime() - t0;
                        if (n != size || dst.get(JAVA_BYTE, 0) != (byte) i
                                || dst.get(JAVA_BYTE, size - 1) != (byte) (i * 7)) {
                            throw new IllegalStateException("echo " + i + " of size " + size + " came back wrong ("
                                    + n + " bytes)");
                        }
                    }
                    Arrays.sort(rtt);
                    report.append("size=").append(size).append(" iterations=").append(iterations).append(" p50=")
                            .append(rtt[iterations / 2]).append(" p99=").append(rtt[iterations * 99 / 100])
                            .append(" (ns round trip)\n");
                }
                report.append("cma=").append(CrossMemory.probe(rep.pid, rep.probeAddress, rep.probeValue));
            }
        }
        return report.toString();
    }

    /**
     * Runs one side.
     *
     * @param args {@code server DIR QUAL spin|wait} or {@code client DIR QUAL spin|wait ITERATIONS SIZES}
     * @throws IOException on socket trouble
     */
    public static void main(final String[] args) throws IOException {
        final Path dir = Path.of(args[1]);
        final long q = Long.parseLong(args[2]);
        final boolean spin = "spin".equals(args[3]);
        if ("server".equals(args[0])) {
            System.out.println("echoed=" + serve(dir, q, spin, () -> System.out.println("listening")));
        } else {
            System.out.println(client(dir, q, spin, Integer.parseInt(args[4]),
                    Arrays.stream(args[5].split(",")).mapToInt(Integer::parseInt).toArray()));
        }
    }
}

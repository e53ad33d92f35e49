package io.dat4j.provider.tcp;

import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointState;
import io.dat4j.Event;
import io.dat4j.EventNumber;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.testsupport.CheckedHarness;
import io.dat4j.testsupport.GuardedRegions.Target;
import io.dat4j.testsupport.GuardedRegions;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A hostile peer for the TCP provider, shared by the jqwik property ({@link HostilePeerTest}) and the Jazzer fuzz
 * test ({@link HostilePeerFuzzTest}): it speaks raw frames to a provider EP and checks after every exchange that the
 * provider touched no byte outside what it may write (guard bytes around every region, a read-only region, a freed
 * region), answered or closed within a bound, ended the connection with a DAT event, completed each posted receive
 * exactly once, and allocated nothing near what the peer's length fields asked for.
 *
 * <p>Memory layout of one native segment: {@code G | rw | G | ro | G | wo | G | freed | G | recv | G} where G are
 * 64 guard bytes of {@value #GUARD}, and every region is 256 bytes.
 */
final class HostilePeer implements CheckedHarness {

    static final byte GUARD = GuardedRegions.GUARD;
    static final int G = GuardedRegions.G;
    static final int R = GuardedRegions.R;
    static final Duration BOUND = Duration.ofSeconds(15);
    /** The most the I/O threads may allocate for one exchange; a peer asks for up to 2 GiB in a length field. */
    static final long ALLOCATION_BOUND = 8L << 20;

    /** Which phase the hostile frames hit. */
    enum Mode {
        /** After a valid handshake (the provider EP connected to us). */
        ESTABLISHED,
        /** The provider's EP connects; we answer its REQ with the hostile frames instead of a REP. */
        ACTIVE_HANDSHAKE,
        /** We connect to the provider's PSP and send the hostile frames instead of (or as) a REQ. */
        PASSIVE_HANDSHAKE
    }

    /**
     * One frame: the header fields, the target selector and how many payload bytes actually follow.
     *
     * @param type frame type (any byte)
     * @param flags flags byte
     * @param length the header's length field (may lie)
     * @param target which region's rmr_context goes in c and whose base address offsets a
     * @param offset added to the target's base address (may be negative or huge: wrapping)
     * @param b field b (the READ length)
     * @param d field d
     * @param payload the bytes actually sent after the header
     */
    record Frame(int type, int flags, int length, Target target, long offset, long b, int d, byte[] payload) {
    }

    static {
        // the tests run patched into the provider's module, which does not read java.management
        ModuleLayer.boot().findModule("java.management").ifPresent(HostilePeer.class.getModule()::addReads);
        ModuleLayer.boot().findModule("jdk.management").ifPresent(HostilePeer.class.getModule()::addReads);
    }

    final Fixture f = new Fixture();
    private final ServerSocket listener;
    /** The guarded regions the hostile records aim at, on the client IA. */
    private final GuardedRegions regions;
    private final PublicServicePoint psp;
    final AtomicLong exchanges = new AtomicLong();
    private boolean measuring;

    HostilePeer() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        listener.setSoTimeout((int) BOUND.toMillis());
        regions = new GuardedRegions(f);
        psp = f.client.createPublicServicePointAny(f.c.conn, ServicePointFlag.CONSUMER);
        // warm up (class loading, JIT, the I/O threads' first buffers) before allocation is measured
        for (final Mode m : Mode.values()) {
            for (int i = 0; i < 3; i++) {
                exchange(m, new byte[0]);
            }
        }
        exchanges.set(0);
        measuring = true;
    }

    /** Encodes frames; the last one's payload may be shorter than its length field (truncated). */
    byte[] encode(final List<Frame> frames) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (final Frame fr : frames) {
            final ByteBuffer h = ByteBuffer.allocate(Wire.HEADER);
            // rnr_retry 7 (wait forever for a receive) stops the target reading; keep the wait bounded (<= 300 ms)
            final int flags = fr.type() == Wire.REQ || fr.type() == Wire.REP ? fr.flags() & ~4
                    : fr.flags();
            h.put((byte) fr.type()).put((byte) flags).putShort((short) 0).putInt(fr.length())
                    .putLong(fr.type() == Wire.REQ || fr.type() == Wire.REP
                            ? (fr.target() == Target.ZERO ? fr.offset() : Wire.MAGIC)
                            : regions.address(fr.target(), fr.offset()))
                    .putLong(fr.b()).putInt(fr.type() == Wire.REQ || fr.type() == Wire.REP
                            ? (int) fr.offset() & 0x7ff : regions.rmr(fr.target(), fr.offset() ^ fr.b()))
                    .putInt(fr.d());
            out.writeBytes(h.array());
            out.writeBytes(fr.payload());
        }
        return out.toByteArray();
    }

    private static long ioAllocated() {
        try {
            final Class<?> c = Class.forName("com.sun.management.ThreadMXBean");
            final Method m = c.getMethod("getThreadAllocatedBytes", long.class);
            long sum = 0;
            for (final Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("dat4j-tcp-")) {
                    sum += (long) m.invoke(ManagementFactory.getThreadMXBean(), t.threadId());
                }
            }
            return sum;
        } catch (final ReflectiveOperationException e) {
            return 0;
        }
    }

    /**
     * Runs one exchange and checks every invariant.
     *
     * @param mode the phase to attack
     * @param bytes the raw bytes to send (frames, or garbage)
     * @throws AssertionError when the provider misbehaved
     */
    void exchange(final Mode mode, final byte[] bytes) throws IOException {
        exchanges.incrementAndGet();
        final long allocBefore = ioAllocated();
        Endpoint ep = null;
        Socket s = null;
        try {
            if (mode == Mode.PASSIVE_HANDSHAKE) {
                s = new Socket(InetAddress.getLoopbackAddress(), (int) psp.connectionQualifier());
            } else {
                ep = f.c.ep(null);
                ep.postRecv(List.of(regions.recv.triplet(0, 64)), 1, CompletionFlag.DEFAULT);
                ep.postRecv(List.of(regions.recv.triplet(64, 64)), 2, CompletionFlag.DEFAULT);
                ep.connect(InetAddress.getLoopbackAddress(), listener.getLocalPort(), BOUND, null);
                try {
                    s = listener.accept();
                } catch (final SocketTimeoutException e) {
                    throw new AssertionError("the provider EP did not connect within " + BOUND
                            + " (an I/O thread died?)");
                }
                s.setSoTimeout((int) BOUND.toMillis());
                final DataInputStream in = new DataInputStream(s.getInputStream());
                final byte[] req = new byte[Wire.HEADER];
                in.readFully(req);
                in.readFully(new byte[ByteBuffer.wrap(req).getInt(4)]);
                if (mode == Mode.ESTABLISHED) {
                    s.getOutputStream().write(UntrustedPeerTest.header(Wire.REP, 1, 0, Wire.MAGIC,
                            0, 8, 0));
                    s.getOutputStream().flush();
                    in.readFully(new byte[Wire.HEADER]);
                    final Event est = f.c.conn.await(BOUND);
                    if (!(est instanceof ConnectionEvent c)
                            || c.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                        throw new AssertionError("no ESTABLISHED for a valid REP: " + est);
                    }
                }
            }
            s.setSoTimeout((int) BOUND.toMillis());
            try {
                s.getOutputStream().write(bytes);
                s.getOutputStream().flush();
                s.shutdownOutput();
            } catch (final IOException e) {
                // the provider closed on an early bad frame while we were still writing: fine
            }
            drainUntilClosed(s, mode);
        } finally {
            if (s != null) {
                s.close();
            }
        }
        settle(ep, mode);
        final long allocated = ioAllocated() - allocBefore;
        if (measuring && allocated > ALLOCATION_BOUND) {
            throw new AssertionError("the I/O threads allocated " + allocated + " bytes for one hostile exchange");
        }
        regions.checkMemory();
    }

    /** Reads what the provider sends until it closes; a provider that neither answers nor closes hangs the peer. */
    private void drainUntilClosed(final Socket s, final Mode mode) throws IOException {
        final InputStream in = s.getInputStream();
        final byte[] buf = new byte[8192];
        long total = 0;
        final long end = System.nanoTime() + BOUND.toNanos();
        while (true) {
            if (mode == Mode.PASSIVE_HANDSHAKE) {
                rejectRequests();
            }
            final int n;
            try {
                n = in.read(buf);
            } catch (final SocketTimeoutException e) {
                throw new AssertionError("the provider neither closed nor answered within " + BOUND);
            } catch (final IOException e) {
                return; // reset by the provider: closed
            }
            if (n < 0) {
                return;
            }
            total += n;
            if (total > (64L << 20) || System.nanoTime() > end) {
                throw new AssertionError("the provider kept sending (" + total + " bytes) after our EOF");
            }
        }
    }

    private void rejectRequests() {
        for (Event e = f.c.conn.poll(); e != null; e = f.c.conn.poll()) {
            if (e instanceof ConnectionRequestEvent cr) {
                cr.request().reject(null);
            }
        }
    }

    /** The EP ends DISCONNECTED with connection events, and each posted receive completed exactly once. */
    private void settle(final Endpoint ep, final Mode mode) {
        if (ep == null) {
            rejectRequests();
            return;
        }
        final long end = System.nanoTime() + BOUND.toNanos();
        int connEvents = 0;
        while (ep.state() != EndpointState.DISCONNECTED) {
            final Event e = f.c.conn.poll();
            if (e instanceof ConnectionEvent) {
                connEvents++;
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("the EP is still " + ep.state() + " " + BOUND + " after the peer closed");
            }
            Thread.onSpinWait();
        }
        for (Event e = f.c.conn.poll(); e != null; e = f.c.conn.poll()) {
            if (e instanceof ConnectionEvent) {
                connEvents++;
            }
        }
        if (connEvents < 1) {
            // the state changes just before the event is posted
            try {
                if (f.c.conn.await(BOUND) instanceof ConnectionEvent) {
                    connEvents++;
                }
            } catch (final io.dat4j.DatException e) {
                // counted below
            }
        }
        if (connEvents < 1) {
            throw new AssertionError("the EP went DISCONNECTED in mode " + mode + " without a connection event");
        }
        final int[] seen = new int[3];
        while (seen[1] + seen[2] < 2) {
            final Event e = f.c.evd.await(BOUND);
            if (!(e instanceof DtoCompletionEvent d)) {
                throw new AssertionError("unexpected event " + e);
            }
            if (d.endpoint() != ep) {
                throw new AssertionError("a completion of an earlier exchange's EP arrived late: " + d);
            }
            if (d.status() == DtoStatus.SUCCESS && d.transferredLength() > 64) {
                throw new AssertionError("a receive of 64 bytes reports " + d.transferredLength());
            }
            seen[(int) d.cookie()]++;
        }
        final Event extra = f.c.evd.poll();
        if (seen[1] != 1 || seen[2] != 1 || extra != null) {
            throw new AssertionError("receives completed " + seen[1] + " and " + seen[2] + " times; then " + extra);
        }
        ep.close();
        try {
            Thread.sleep(LATE_MILLIS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        final Event late = f.c.evd.poll();
        if (late != null) {
            throw new AssertionError("a completion arrived after both receives had completed and the EP was "
                    + "freed: " + late);
        }
    }

    /** How long to watch for a late, second completion after the EP is freed. */
    static final long LATE_MILLIS = 30;

    /** A healthy connection on the same IA still works after the hostile ones. */
    @Override
    public void assertStillWorks() {
        f.assertHealthyConnection();
    }

    @Override
    public void close() throws IOException {
        listener.close();
        f.close();
    }
}

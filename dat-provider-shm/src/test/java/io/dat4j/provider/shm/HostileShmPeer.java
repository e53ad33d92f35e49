package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

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
import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.Handshake;
import io.dat4j.provider.shm.sys.RecordHeader;
import io.dat4j.provider.shm.sys.Rendezvous;
import io.dat4j.provider.shm.sys.SharedMapping;
import io.dat4j.testsupport.CheckedHarness;
import io.dat4j.testsupport.GuardedRegions.Target;
import io.dat4j.testsupport.GuardedRegions;
import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A hostile peer for the shared-memory provider, shared by the jqwik property ({@link HostileShmPeerTest}) and the
 * Jazzer fuzz test ({@link HostileShmPeerFuzzTest}). It shares the connection's mapping with a provider EP, so it can
 * write any record, any length, any index and any control word at any time. After every exchange it checks that the
 * provider touched no byte outside what it may write (guard bytes around every region, a read-only region, a freed
 * region), ended the connection with a DAT event within a bound, completed each posted receive exactly once, and that
 * its IA still serves an honest connection ({@link #assertStillWorks()}).
 *
 * <p>The hostile side runs in the provider's process, and the provider never copies with CMA into a peer that names
 * its own process (the grants would be addresses in it): CMA trusts the peer at ptrace level by design
 * (docs/providers.md), and a peer's grants could otherwise make it write anywhere in this JVM.
 *
 * <p>Memory layout of one native segment: {@code G | rw | G | ro | G | wo | G | freed | G | recv | G} where G are
 * 64 guard bytes of {@value #GUARD}, and every region is 256 bytes.
 */
final class HostileShmPeer implements CheckedHarness {

    static final byte GUARD = GuardedRegions.GUARD;
    static final int G = GuardedRegions.G;
    static final int R = GuardedRegions.R;
    static final Duration BOUND = Duration.ofSeconds(15);
    static final ConnectionLayout LAYOUT = new ConnectionLayout(4096, 16);
    private static final java.lang.invoke.VarHandle COMMIT = JAVA_LONG.varHandle();
    /** A long word of a mapping, for the grants' atomic updates. */
    private static final java.lang.invoke.VarHandle WORD = JAVA_LONG.varHandle();

    /** Which phase the hostile bytes hit. */
    enum Mode {
        /** After a valid handshake: records and control words in the shared mapping. */
        ESTABLISHED,
        /** The provider's EP connects; we answer its REQ with the hostile bytes instead of a REP. */
        ACTIVE_HANDSHAKE,
        /** We connect to the provider's PSP and send the hostile bytes instead of (or as) a REQ. */
        PASSIVE_HANDSHAKE
    }

    /**
     * Control words and table entries the hostile side writes: its own, the provider's grant table, and (THEIR_*) the
     * words of the provider's own control block, which only the provider should write.
     */
    enum Word {
        TAIL, HEAD, ARM, WOKEN, ARM_SPACE, WOKEN_SPACE, HEARTBEAT, GRANT_STATE, PULLS,
        THEIR_TAIL, THEIR_HEAD, THEIR_ARM, THEIR_WOKEN, THEIR_ARM_SPACE, THEIR_WOKEN_SPACE, THEIR_HEARTBEAT, THEIR_PULLS
    }

    /**
     * One record in the hostile side's ring.
     *
     * @param type record type (any byte)
     * @param flags flags byte
     * @param length the header's length field (may lie)
     * @param target which region's rmr_context goes in c and whose base address offsets a
     * @param offset added to the target's base address (may be negative or huge: wrapping)
     * @param b field b (the READ length)
     * @param d field d
     * @param payload the bytes actually written after the header
     */
    record Rec(int type, int flags, int length, Target target, long offset, long b, int d, byte[] payload) {
    }

    /**
     * One write of a long somewhere in the mapping.
     *
     * @param word which word
     * @param value the value
     */
    record Poke(Word word, long value) {
    }

    final Fixture f;
    final Path dir;
    private final Rendezvous rendezvous;
    private final Doorbell bell;
    /** The guarded regions the hostile records aim at, on the client IA. */
    private final GuardedRegions regions;
    private final PublicServicePoint psp;
    final AtomicLong exchanges = new AtomicLong();
    /** Whether the hostile REP says it can copy into the provider with CMA (the provider then publishes grants). */
    boolean offerCma;
    /** The NAK code the provider wrote in the last established exchange, or 0. */
    int lastNak;
    /** The last connection event of the EP in the last exchange, or null. */
    EventNumber lastEnd;
    /** Whether the provider closed the socket in the last established exchange before this side did (and sent no NAK). */
    boolean providerEnded;
    /**
     * Threads that busy-poll the EP's EVD while an established exchange runs (0: none, the progress thread serves the
     * connection), so that the hostile records meet the provider's lock-free empty poll.
     */
    int pollers;
    private long nextQualifier = 20_000;

    HostileShmPeer() throws IOException {
        dir = Files.createTempDirectory("dat4j-shm-hostile");
        Files.delete(dir);
        // SENDs of 64 bytes or more go by rendezvous to a peer that announces PULLS ({@link #rendezvous})
        f = new Fixture("dat4j.shm.dir=" + dir + " dat4j.shm.revokeMillis=200 dat4j.shm.sendRendezvousBytes=64");
        rendezvous = Rendezvous.open(dir);
        bell = Doorbell.create("dat4j-hostile-bell");
        regions = new GuardedRegions(f);
        psp = f.client.createPublicServicePointAny(f.c.conn, ServicePointFlag.CONSUMER);
    }

    /**
     * Runs one exchange and checks every invariant.
     *
     * @param mode the phase to attack
     * @param recs records for {@link Mode#ESTABLISHED}
     * @param pokes control words written after the records ({@link Mode#ESTABLISHED})
     * @param tailLie added to the TAIL the hostile side publishes ({@link Mode#ESTABLISHED})
     * @param bytes raw socket bytes for the handshake modes
     * @throws IOException on trouble of this harness
     * @throws AssertionError when the provider misbehaved
     */
    void exchange(final Mode mode, final List<Rec> recs, final List<Poke> pokes, final long tailLie,
            final byte[] bytes) throws IOException {
        exchanges.incrementAndGet();
        Endpoint ep = null;
        if (mode == Mode.PASSIVE_HANDSHAKE) {
            try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                ch.connect(rendezvous.address(psp.connectionQualifier()));
                writeQuietly(ch, bytes);
                ch.shutdownOutput();
                drainUntilClosed(ch, true);
            }
            rejectRequests();
            regions.checkMemory();
            return;
        }
        final long q = nextQualifier++;
        final ServerSocketChannel ssc = rendezvous.bind(q, 4);
        if (ssc == null) {
            throw new IllegalStateException("qualifier " + q + " is taken under " + dir);
        }
        ssc.configureBlocking(true);
        final BusyPollers busy = mode == Mode.ESTABLISHED && pollers > 0 ? new BusyPollers(f.c.evd, pollers) : null;
        List<Event> polled = List.of();
        try {
            ep = f.c.ep(null);
            ep.postRecv(List.of(regions.recv.triplet(0, 64)), 1, CompletionFlag.DEFAULT);
            ep.postRecv(List.of(regions.recv.triplet(64, 64)), 2, CompletionFlag.DEFAULT);
            ep.connect(InetAddress.getLoopbackAddress(), q, BOUND, null);
            try (SocketChannel ch = ssc.accept()) {
                rendezvous.unlink(q);
                final ByteBuffer buf = Handshake.frameBuffer();
                final Handshake req = new Handshake();
                req.decode(readFrame(ch, buf));
                if (mode == Mode.ACTIVE_HANDSHAKE) {
                    writeQuietly(ch, bytes);
                    ch.shutdownOutput();
                    drainUntilClosed(ch, false);
                } else {
                    established(ch, buf, req, recs, pokes, tailLie);
                }
            }
        } finally {
            ssc.close();
            if (busy != null) {
                polled = busy.stop();
            }
        }
        settle(ep, mode, polled);
        regions.checkMemory();
    }

    /** Threads busy-polling one EVD with {@code poll(handler, limit)}, keeping what they take, in order per thread. */
    private static final class BusyPollers {
        private final java.util.concurrent.ConcurrentLinkedQueue<Event> taken =
                new java.util.concurrent.ConcurrentLinkedQueue<>();
        private final Thread[] threads;
        private volatile boolean stop;
        private volatile Throwable failure;

        BusyPollers(final io.dat4j.EventDispatcher evd, final int n) {
            final io.dat4j.EventHandler h = io.dat4j.EventHandler.of((e, cookie, status, length, op, rmr) -> taken.add(
                    new DtoCompletionEvent(evd, e, cookie, status, length, op, rmr)), taken::add);
            threads = new Thread[n];
            for (int i = 0; i < n; i++) {
                threads[i] = Thread.ofPlatform().name("hostile-test-poller-" + i).daemon().start(() -> {
                    try {
                        while (!stop) {
                            if (evd.poll(h, 1 + (int) (Thread.currentThread().threadId() & 3)) == 0) {
                                Thread.yield(); // busy, and fair to the hostile side on a small host
                            }
                        }
                    } catch (final RuntimeException | Error e) {
                        failure = e;
                    }
                });
            }
        }

        /** Stops the threads; {@return what they took} */
        List<Event> stop() {
            stop = true;
            for (final Thread t : threads) {
                try {
                    t.join(BOUND.toMillis());
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (t.isAlive()) {
                    throw new AssertionError("a polling thread is stuck in the EVD: " + t.getName());
                }
            }
            if (failure != null) {
                throw new AssertionError("a polling thread failed", failure);
            }
            return List.copyOf(taken);
        }
    }

    private void established(final SocketChannel ch, final ByteBuffer buf, final Handshake req, final List<Rec> recs,
            final List<Poke> pokes, final long tailLie) throws IOException {
        try (SharedMapping m = SharedMapping.create("dat4j-hostile", LAYOUT.totalBytes());
                Doorbell theirs = Doorbell.open(req.pid, req.doorbellFd)) {
            final MemorySegment s = accept(ch, buf, req, m);
            long tail = 0;
            for (final Rec r : recs) {
                tail = write(s, tail, r);
            }
            s.set(JAVA_LONG, LAYOUT.control(0, ConnectionLayout.TAIL), tail + tailLie);
            for (final Poke p : pokes) {
                poke(s, p);
            }
            theirs.ring();
            lastNak = awaitNak(ch, s, tail + tailLie);
            ch.shutdownOutput();
            drainUntilClosed(ch, false);
        }
    }

    /** Answers the provider's REQ with a valid REP, reads its RTU and waits for ESTABLISHED; {@return the mapping} */
    private MemorySegment accept(final SocketChannel ch, final ByteBuffer buf, final Handshake req,
            final SharedMapping m) throws IOException {
        LAYOUT.writeHeader(m.segment(), 77);
        final Handshake rep = new Handshake();
        rep.type = Handshake.REP;
        rep.rnrRetry = 1;
        rep.flags = offerCma ? Handshake.FLAG_CMA : 0;
        rep.depthIn = Math.min(8, req.depthOut);
        rep.depthOut = Math.min(8, req.depthIn);
        rep.pid = ProcessHandle.current().pid();
        rep.doorbellFd = bell.descriptor();
        rep.probeAddress = regions.mem.address(); // claims this process: the provider does no CMA to it whatever it holds
        rep.probeValue = 77;
        rep.mappingFd = m.descriptor();
        rep.grantSlots = LAYOUT.grantSlots();
        rep.ringBytes = LAYOUT.ringBytes();
        rep.nonce = 77;
        ch.write(rep.encode(Handshake.frameBuffer()));
        final Handshake rtu = new Handshake();
        rtu.decode(readFrame(ch, buf));
        final Event est = f.c.conn.await(BOUND);
        if (!(est instanceof ConnectionEvent c) || c.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            throw new AssertionError("no ESTABLISHED for a valid REP: " + est);
        }
        return m.segment();
    }

    /** What the hostile receiver of a rendezvous SEND answers. */
    enum Answer {
        /** RDV_ACK naming the SEND_RDV: the SEND completes SUCCESS. */
        ACK,
        /** RDV_ACK naming a position that holds no SEND_RDV. */
        ACK_UNKNOWN,
        /** RDV_ACK naming the SEND_RDV, twice. */
        ACK_TWICE,
        /** RDV_ACK with flags. */
        ACK_FLAGS,
        /** RDV_ACK with a payload. */
        ACK_PAYLOAD,
        /** NAK (remote access) naming the SEND_RDV. */
        NAK,
        /** The socket closes with the SEND_RDV unanswered (the peer died). */
        EOF
    }

    /**
     * The provider sends to a hostile peer that announced PULLS (the provider's IA has a rendezvous threshold of
     * {@code rdvBytes} or less): checks the SEND_RDV it writes (its own addresses and lengths of the SEND's segments,
     * its position as token), answers with {@code answer}, and checks that the SEND completes exactly once with the
     * status it should, that the connection ends (or, after a correct ack, serves another SEND_RDV), and that the
     * memory invariants hold.
     *
     * @param answer the answer
     * @param segments 1..3 segments of the SEND, 80 bytes each in the RW region
     * @return the SEND's status
     * @throws IOException on trouble of this harness
     */
    DtoStatus rendezvous(final Answer answer, final int segments) throws IOException {
        exchanges.incrementAndGet();
        final long q = nextQualifier++;
        final ServerSocketChannel ssc = rendezvous.bind(q, 4);
        if (ssc == null) {
            throw new IllegalStateException("qualifier " + q + " is taken under " + dir);
        }
        ssc.configureBlocking(true);
        final Endpoint ep;
        DtoStatus status;
        try (ssc) {
            ep = f.c.ep(null);
            ep.postRecv(List.of(regions.recv.triplet(0, 64)), 1, CompletionFlag.DEFAULT);
            ep.postRecv(List.of(regions.recv.triplet(64, 64)), 2, CompletionFlag.DEFAULT);
            ep.connect(InetAddress.getLoopbackAddress(), q, BOUND, null);
            try (SocketChannel ch = ssc.accept();
                    SharedMapping m = SharedMapping.create("dat4j-hostile", LAYOUT.totalBytes())) {
                rendezvous.unlink(q);
                final ByteBuffer buf = Handshake.frameBuffer();
                final Handshake req = new Handshake();
                req.decode(readFrame(ch, buf));
                try (Doorbell theirs = Doorbell.open(req.pid, req.doorbellFd)) {
                    final MemorySegment s = accept(ch, buf, req, m);
                    s.set(JAVA_LONG, LAYOUT.control(0, ConnectionLayout.PULLS), 1L);
                    long tail = 0;
                    final java.util.ArrayList<io.dat4j.LocalMemoryTriplet> send = new java.util.ArrayList<>();
                    for (int i = 0; i < segments; i++) {
                        send.add(regions.rw.triplet(i * 80L, 80));
                    }
                    ep.postSend(send, 3, CompletionFlag.DEFAULT);
                    final long ring = LAYOUT.ring(1);
                    final long deadline = System.nanoTime() + BOUND.toNanos();
                    while ((long) COMMIT.getAcquire(s, ring) == 0 && System.nanoTime() < deadline) {
                        Thread.onSpinWait(); // the poster writes it (or the progress thread)
                    }
                    checkSendRdv(s, ring, segments);
                    tail = answer(s, tail, answer);
                    s.set(JAVA_LONG, LAYOUT.control(0, ConnectionLayout.TAIL), tail);
                    theirs.ring();
                    if (answer == Answer.ACK) {
                        status = awaitSend(ep);
                        // the connection still works: a second rendezvous SEND, answered too
                        ep.postSend(send, 4, CompletionFlag.DEFAULT);
                        final long second = ring + RecordHeader.span(segments * 16L);
                        while ((long) COMMIT.getAcquire(s, second) == 0 && System.nanoTime() < deadline) {
                            Thread.onSpinWait();
                        }
                        if ((s.get(JAVA_BYTE, second) & 0xff) != Records.SEND_RDV) {
                            throw new AssertionError("no second SEND_RDV");
                        }
                        tail = write(s, tail, new Rec(Records.RDV_ACK, 0, 0, Target.ZERO,
                                RecordHeader.span(segments * 16L), 0, 0, new byte[0]));
                        s.set(JAVA_LONG, LAYOUT.control(0, ConnectionLayout.TAIL), tail);
                        theirs.ring();
                        final DtoStatus again = awaitSend(ep);
                        if (again != DtoStatus.SUCCESS) {
                            throw new AssertionError("the second acknowledged SEND_RDV completed " + again);
                        }
                        ch.shutdownOutput();
                    } else if (answer == Answer.EOF) {
                        ch.shutdownOutput(); // the peer is gone with the SEND_RDV unanswered
                        status = awaitSend(ep);
                    } else {
                        status = awaitSend(ep);
                        ch.shutdownOutput();
                    }
                    drainUntilClosed(ch, false);
                }
            }
        }
        settle(ep, Mode.ESTABLISHED, List.of());
        regions.checkMemory();
        return status;
    }

    /** The provider's SEND_RDV at {@code at}: its own position, the total, and the segments' addresses and lengths. */
    private void checkSendRdv(final MemorySegment s, final long at, final int segments) {
        final int type = s.get(JAVA_BYTE, at) & 0xff;
        final int length = s.get(JAVA_INT, at + 4);
        final long total = s.get(JAVA_LONG, at + 8);
        final long token = s.get(JAVA_LONG, at + 16);
        final int count = s.get(JAVA_INT, at + 24);
        if (type != Records.SEND_RDV || length != 16 * segments || total != 80L * segments || token != 0
                || count != segments) {
            throw new AssertionError("SEND_RDV: type " + type + ", list " + length + ", total " + total + ", token "
                    + token + ", segments " + count);
        }
        for (int i = 0; i < segments; i++) {
            final long a = s.get(JAVA_LONG, at + 32 + 16L * i);
            final long n = s.get(JAVA_LONG, at + 40 + 16L * i);
            if (a != regions.rw.registeredAddress() + 80L * i || n != 80) {
                throw new AssertionError("SEND_RDV segment " + i + " names 0x" + Long.toHexString(a) + " + " + n);
            }
        }
    }

    private long answer(final MemorySegment s, final long tail, final Answer answer) {
        final byte[] none = new byte[0];
        return switch (answer) {
            case ACK -> write(s, tail, new Rec(Records.RDV_ACK, 0, 0, Target.ZERO, 0, 0, 0, none));
            case EOF -> tail;
            case ACK_UNKNOWN -> write(s, tail, new Rec(Records.RDV_ACK, 0, 0, Target.ZERO, 4096, 0, 0, none));
            case ACK_TWICE -> write(s, write(s, tail, new Rec(Records.RDV_ACK, 0, 0, Target.ZERO, 0, 0, 0, none)),
                    new Rec(Records.RDV_ACK, 0, 0, Target.ZERO, 0, 0, 0, none));
            case ACK_FLAGS -> write(s, tail, new Rec(Records.RDV_ACK, 2, 0, Target.ZERO, 0, 0, 0, none));
            case ACK_PAYLOAD -> write(s, tail, new Rec(Records.RDV_ACK, 0, 8, Target.ZERO, 0, 0, 0, new byte[8]));
            case NAK -> write(s, tail, new Rec(Records.NAK, 2, 0, Target.ZERO, 0, 0, 0, none));
        };
    }

    /** {@return the status of the SEND (cookie 3 or 4)}, the only DTO completion expected before the connection ends */
    private DtoStatus awaitSend(final Endpoint ep) {
        final Event e = f.c.evd.await(BOUND);
        if (!(e instanceof DtoCompletionEvent d) || d.endpoint() != ep || d.cookie() < 3) {
            throw new AssertionError("expected the SEND's completion, got " + e);
        }
        return d.status();
    }

    /**
     * Reads the provider's ring (side 1) for a NAK; {@return its code}, or 0 once the provider consumed everything
     * written and stayed quiet for 5 ms, or closed its socket without a NAK (or after 2 s: an RNR wait of rnr_retry 1
     * is 100 ms, and a loaded host may not run the provider's threads for a while)
     */
    private int awaitNak(final SocketChannel ch, final MemorySegment s, final long written) throws IOException {
        final long end = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(2);
        providerEnded = false;
        ch.configureBlocking(false);
        final ByteBuffer junk = ByteBuffer.allocate(256);
        boolean closed = false;
        final long headWord = LAYOUT.control(1, ConnectionLayout.HEAD);
        long quiet = 0;
        final long tailWord = LAYOUT.control(1, ConnectionLayout.TAIL);
        final long ring = LAYOUT.ring(1);
        final long mask = LAYOUT.ringBytes() - 1;
        long pos = 0;
        while (System.nanoTime() < end) {
            final long tail = s.get(JAVA_LONG, tailWord);
            while (tail - pos >= RecordHeader.BYTES && tail - pos <= LAYOUT.ringBytes()) {
                final long o = ring + (pos & mask);
                final int type = s.get(JAVA_BYTE, o) & 0xff;
                if (type == Records.NAK) {
                    return s.get(JAVA_BYTE, o + 1) & 0xff;
                }
                pos += RecordHeader.span(Math.max(0, s.get(JAVA_INT, o + 4)));
            }
            if (closed) {
                providerEnded = true;
                return 0; // the provider ended the connection, and wrote no NAK before
            }
            try {
                closed = ch.read(junk.clear()) < 0;
            } catch (final IOException e) {
                closed = true;
            }
            if (s.get(JAVA_LONG, headWord) == written && tail == pos) {
                if (quiet == 0) {
                    quiet = System.nanoTime();
                } else if (System.nanoTime() - quiet > 5_000_000) {
                    return 0; // everything consumed, nothing answered for 5 ms
                }
            }
            Thread.onSpinWait();
        }
        return 0;
    }

    /** Writes a record at {@code tail} as far as the ring holds it; {@return the stream position after it} */
    private long write(final MemorySegment s, final long tail, final Rec r) {
        final long ring = LAYOUT.ring(0);
        final long mask = LAYOUT.ringBytes() - 1;
        final long o = ring + (tail & mask & ~31L);
        s.set(JAVA_LONG, o + 8, regions.address(r.target(), r.offset()));
        s.set(JAVA_LONG, o + 16, r.b());
        s.set(JAVA_INT, o + 24, regions.rmr(r.target(), r.offset() ^ r.b()));
        s.set(JAVA_INT, o + 28, r.d());
        long at = (tail & ~31L) + RecordHeader.BYTES;
        for (final byte x : r.payload()) {
            s.set(JAVA_BYTE, ring + (at & mask), x);
            at++;
        }
        final long end = r.payload().length == Math.max(0, r.length()) ? (at + 31) & ~31L : at;
        // the commit word last, as an honest producer does (the provider polls it), over a zeroed next slot
        s.set(JAVA_LONG, ring + (end & mask & ~31L), 0L);
        COMMIT.setRelease(s, o, (r.type() & 0xffL) | (r.flags() & 0xffL) << 8 | (long) r.length() << 32);
        return end;
    }

    private static void poke(final MemorySegment s, final Poke p) {
        final long at = switch (p.word()) {
            case TAIL -> LAYOUT.control(0, ConnectionLayout.TAIL);
            case HEAD -> LAYOUT.control(0, ConnectionLayout.HEAD);
            case ARM -> LAYOUT.control(0, ConnectionLayout.ARM);
            case WOKEN -> LAYOUT.control(0, ConnectionLayout.WOKEN);
            case ARM_SPACE -> LAYOUT.control(0, ConnectionLayout.ARM_SPACE);
            case WOKEN_SPACE -> LAYOUT.control(0, ConnectionLayout.WOKEN_SPACE);
            case HEARTBEAT -> LAYOUT.control(0, ConnectionLayout.HEARTBEAT);
            case GRANT_STATE -> LAYOUT.grants(1) + 32L * Math.floorMod(p.value(), LAYOUT.grantSlots());
            case PULLS -> LAYOUT.control(0, ConnectionLayout.PULLS);
            case THEIR_TAIL -> LAYOUT.control(1, ConnectionLayout.TAIL);
            case THEIR_HEAD -> LAYOUT.control(1, ConnectionLayout.HEAD);
            case THEIR_ARM -> LAYOUT.control(1, ConnectionLayout.ARM);
            case THEIR_WOKEN -> LAYOUT.control(1, ConnectionLayout.WOKEN);
            case THEIR_ARM_SPACE -> LAYOUT.control(1, ConnectionLayout.ARM_SPACE);
            case THEIR_WOKEN_SPACE -> LAYOUT.control(1, ConnectionLayout.WOKEN_SPACE);
            case THEIR_HEARTBEAT -> LAYOUT.control(1, ConnectionLayout.HEARTBEAT);
            case THEIR_PULLS -> LAYOUT.control(1, ConnectionLayout.PULLS);
        };
        s.set(JAVA_LONG, at, p.value());
    }

    private static void writeQuietly(final SocketChannel ch, final byte[] bytes) {
        try {
            ch.write(ByteBuffer.wrap(bytes));
        } catch (final IOException e) {
            // the provider closed on an early bad frame while we were still writing: fine
        }
    }

    /**
     * Plays the passive side of a handshake by hand on an accepted socket (for tests that then misbehave on the
     * mapping): reads the provider's REQ, writes the header of {@code m} (layout {@link #LAYOUT}, nonce 77), answers
     * with {@link #reply} and reads the RTU. Words of the mapping the REP should find set are written before the call.
     *
     * @param ch the accepted socket
     * @param m this peer's mapping
     * @param bell this peer's doorbell
     * @param flags the REP's flags (e.g. {@link Handshake#FLAG_CMA})
     * @return the provider's REQ
     * @throws IOException when the socket fails or ends
     */
    static Handshake acceptByHand(final SocketChannel ch, final SharedMapping m, final Doorbell bell,
            final int flags) throws IOException {
        final ByteBuffer buf = Handshake.frameBuffer();
        final Handshake req = new Handshake();
        req.decode(readFrame(ch, buf));
        LAYOUT.writeHeader(m.segment(), 77);
        ch.write(reply(req, flags, bell, m, LAYOUT, 77).encode(Handshake.frameBuffer()));
        new Handshake().decode(readFrame(ch, buf)); // RTU
        return req;
    }

    /** A grant slot's VALID bit (docs/shm-wire.md, grants). */
    static final long GRANT_VALID = 1L << 31;

    /**
     * Waits (at most {@link #BOUND}) for a grant the provider published to this peer (side 1's table of a mapping of
     * {@link #LAYOUT}) and takes one use of it, as a peer's CMA copy does. {@return the slot's offset}
     *
     * @param s the mapping
     * @throws InterruptedException when interrupted
     */
    static long holdGrant(final MemorySegment s) throws InterruptedException {
        final long end = System.nanoTime() + BOUND.toNanos();
        while (System.nanoTime() < end) {
            for (int i = 0; i < LAYOUT.grantSlots(); i++) {
                final long at = LAYOUT.grants(1) + (long) ConnectionLayout.GRANT_BYTES * i;
                final long state = (long) WORD.getVolatile(s, at);
                if ((state & GRANT_VALID) != 0 && WORD.compareAndSet(s, at, state, state + 1)) {
                    return at;
                }
            }
            Thread.sleep(1);
        }
        throw new AssertionError("the provider published no grant to a peer that offered CMA");
    }

    /**
     * The handshake's REP of a peer that accepts the provider's request as it asked, with this process as the peer:
     * depths of at most 8, its doorbell and mapping, the layout's grant slots and ring (for tests that speak the
     * handshake by hand, then misbehave on the mapping).
     *
     * @param req the provider's request
     * @param flags the REP's flags (e.g. {@link Handshake#FLAG_CMA})
     * @param bell this peer's doorbell
     * @param m this peer's mapping, its header written with {@code nonce}
     * @param layout the mapping's layout
     * @param nonce the mapping's nonce
     */
    static Handshake reply(final Handshake req, final int flags, final Doorbell bell, final SharedMapping m,
            final ConnectionLayout layout, final long nonce) {
        final Handshake rep = new Handshake();
        rep.type = Handshake.REP;
        rep.flags = flags;
        rep.depthIn = Math.min(8, req.depthOut);
        rep.depthOut = Math.min(8, req.depthIn);
        rep.pid = ProcessHandle.current().pid(); // alive for as long as the test runs
        rep.doorbellFd = bell.descriptor();
        rep.mappingFd = m.descriptor();
        rep.grantSlots = layout.grantSlots();
        rep.ringBytes = layout.ringBytes();
        rep.nonce = nonce;
        return rep;
    }

    /** {@return the body of the next handshake frame on {@code ch}}, read into {@code buf} */
    static ByteBuffer readFrame(final SocketChannel ch, final ByteBuffer buf) throws IOException {
        buf.clear();
        while (true) {
            if (ch.read(buf) < 0) {
                throw new EOFException("the provider closed the socket during the handshake");
            }
            final ByteBuffer body = Handshake.nextFrame(buf.duplicate().flip().order(buf.order()));
            if (body != null) {
                return body;
            }
        }
    }

    /** Reads what the provider sends until it closes; a provider that neither answers nor closes hangs the peer. */
    private void drainUntilClosed(final SocketChannel ch, final boolean rejecting) throws IOException {
        ch.configureBlocking(false);
        final ByteBuffer b = ByteBuffer.allocate(8192);
        long total = 0;
        final long end = System.nanoTime() + BOUND.toNanos();
        while (true) {
            if (rejecting) {
                rejectRequests();
            }
            final int n;
            try {
                n = ch.read(b.clear());
            } catch (final IOException e) {
                return;
            }
            if (n < 0) {
                return;
            }
            total += n;
            if (total > (1L << 20)) {
                throw new AssertionError("the provider kept sending (" + total + " bytes) after our EOF");
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("the provider neither closed nor answered within " + BOUND);
            }
            if (n == 0) {
                try {
                    Thread.sleep(1);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
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

    /** The EP ends DISCONNECTED with a connection event, and each posted receive completed exactly once. */
    private void settle(final Endpoint ep, final Mode mode, final List<Event> polled) {
        final long end = System.nanoTime() + BOUND.toNanos();
        int connEvents = 0;
        lastEnd = null;
        final java.util.ArrayDeque<Event> early = new java.util.ArrayDeque<>(polled);
        while (ep.state() != EndpointState.DISCONNECTED) {
            final Event e = f.c.conn.poll();
            if (e instanceof ConnectionEvent ce) {
                connEvents++;
                lastEnd = ce.number();
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("the EP is still " + ep.state() + " " + BOUND + " after the peer closed");
            }
            final Event d = f.c.evd.poll(); // drives the connection as a consumer would
            if (d != null) {
                early.add(d); // a completion between the state check and this poll: counted below
            }
            Thread.onSpinWait();
        }
        for (Event e = f.c.conn.poll(); e != null; e = f.c.conn.poll()) {
            if (e instanceof ConnectionEvent ce) {
                connEvents++;
                lastEnd = ce.number();
            }
        }
        if (connEvents < 1 && f.c.conn.await(BOUND) instanceof ConnectionEvent ce) {
            connEvents++;
            lastEnd = ce.number();
        }
        if (connEvents < 1) {
            throw new AssertionError("the EP went DISCONNECTED in mode " + mode + " without a connection event");
        }
        final int[] seen = new int[3];
        while (seen[1] + seen[2] < 2) {
            final Event e = early.isEmpty() ? f.c.evd.await(BOUND) : early.poll();
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
        ep.close();
        final Event extra = early.isEmpty() ? f.c.evd.poll() : early.peek();
        if (seen[1] != 1 || seen[2] != 1 || extra != null) {
            throw new AssertionError("receives completed " + seen[1] + " and " + seen[2] + " times; then " + extra);
        }
    }

    /** A healthy connection on the same IA still works after the hostile ones. */
    @Override
    public void assertStillWorks() {
        f.assertHealthyConnection();
    }

    @Override
    public void close() throws IOException {
        bell.close();
        f.close();
        try (var files = Files.list(dir)) {
            final long left = files.count();
            if (left != 0) {
                throw new AssertionError(left + " socket files left under " + dir);
            }
        }
        Files.delete(dir);
    }
}

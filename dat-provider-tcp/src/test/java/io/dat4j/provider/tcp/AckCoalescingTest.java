package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static io.dat4j.provider.tcp.UntrustedPeerTest.header;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ACK coalescing on the wire ({@code docs/tcp-wire.md}, "ACK coalescing"): which frames ask for an ACK, when an ACK is
 * owed and sent, that an old peer (no {@link Wire#FLAG_ACK_REQ}) gets the eager ACKs and unmarked frames it always
 * had, and that two streaming sides never wait for each other. The backstop delay ({@code dat4j.tcp.ackHoldMicros})
 * is set to a minute, so that every ACK seen here was sent by the rule under test, not by the timer: the assertions are
 * on frames and counts, never on time.
 */
@Timeout(120)
class AckCoalescingTest {

    private static final String MINUTE = "60000000";

    private Fixture f;

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    /** A raw passive peer, connected to a provider EP; {@code coalesce}: it sets {@link Wire#FLAG_ACK_REQ}. */
    private record Raw(Endpoint ep, DataInputStream in, OutputStream out) {

        void send(final byte[]... frames) throws IOException {
            for (final byte[] b : frames) {
                out.write(b);
            }
            out.flush();
        }

        /** {@return the next frame's header} (its payload, if any, is read and dropped) */
        ByteBuffer frame() throws IOException {
            final byte[] h = new byte[Wire.HEADER];
            in.readFully(h);
            final ByteBuffer b = ByteBuffer.wrap(h);
            in.readFully(new byte[b.getInt(Wire.OFF_LENGTH)]);
            return b;
        }
    }

    private Raw raw(final boolean coalesce) throws Exception {
        return raw(coalesce, TcpConfig.ACK_HOLD, MINUTE);
    }

    private Raw raw(final boolean coalesce, final String... settings) throws Exception {
        f = Fixture.withSettings("127.0.0.1", settings);
        final ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        f.extra.add(ss);
        final Endpoint ep = f.c.ep(null);
        ep.connect(InetAddress.getLoopbackAddress(), ss.getLocalPort(), WAIT, null);
        final Socket s = ss.accept();
        f.extra.add(s);
        s.setSoTimeout(60_000);
        final DataInputStream in = new DataInputStream(s.getInputStream());
        final byte[] req = new byte[Wire.HEADER];
        in.readFully(req);
        assertEquals(Wire.FLAG_ACK_REQ, req[Wire.OFF_FLAGS] & Wire.FLAG_ACK_REQ, "REQ offers ACK coalescing");
        in.readFully(new byte[ByteBuffer.wrap(req).getInt(Wire.OFF_LENGTH)]);
        final int flags = 7 | Wire.FLAG_PIGGY_ACK | (coalesce ? Wire.FLAG_ACK_REQ : 0);
        final OutputStream out = s.getOutputStream();
        out.write(header(Wire.REP, flags, 0, Wire.MAGIC, 0, 8, 0));
        out.flush();
        in.readFully(new byte[Wire.HEADER]);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        return new Raw(ep, in, out);
    }

    private static byte[] send(final int flags, final int len) {
        final byte[] h = header(Wire.SEND, flags, len, 0, 0, 0, 0);
        final byte[] b = new byte[Wire.HEADER + len];
        System.arraycopy(h, 0, b, 0, Wire.HEADER);
        return b;
    }

    /** Posts {@code n} 64-byte receives on the raw peer's provider EP. */
    private void receives(final Raw r, final int n) {
        final LocalMemoryRegion m = f.lmr(f.c, 64L * n);
        for (int i = 0; i < n; i++) {
            r.ep().postRecv(m.triplet(64L * i, 64), i);
        }
    }

    private void delivered(final int n) {
        for (int i = 0; i < n; i++) {
            final DtoCompletionEvent e = dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, e.status());
            assertEquals(DtoOperation.RECEIVE, e.operation());
        }
    }

    /** {@return a raw peer whose {@code n} SENDs that ask for nothing the provider EP has received} */
    private Raw unasked(final boolean coalesce, final int n) throws Exception {
        final Raw r = raw(coalesce);
        receives(r, 8);
        for (int i = 0; i < n; i++) {
            r.send(send(0, 8));
        }
        delivered(n); // received, and owed an ACK
        return r;
    }

    private static void expectAck(final Raw r, final int count, final String why) throws IOException {
        final ByteBuffer a = r.frame();
        assertEquals(Wire.ACK, a.get(Wire.OFF_TYPE), why);
        assertEquals(count, a.getInt(Wire.OFF_C), why);
    }

    @Test
    void shouldHoldUnmarkedAcksUntilAFrameAsks() throws Exception {
        final Raw r = unasked(true, 3);
        r.send(send(Wire.FLAG_ACK_NOW, 8));
        delivered(1);
        expectAck(r, 4, "one ACK for the three held and the one that asked");
    }

    @Test
    void shouldAcknowledgeWhatIsOwedOnAnAckRequest() throws Exception {
        final Raw r = unasked(true, 3);
        r.send(header(Wire.ACK_REQ, 0, 0, 0, 0, 0, 0));
        expectAck(r, 3, "ACK_REQ");
    }

    @Test
    void shouldPutOwedAcksBeforeAControlFrame() throws Exception {
        final Raw r = unasked(true, 2);
        r.send(header(Wire.KEEPALIVE, Wire.KEEPALIVE_PROBE, 0, 0, 0, 0, 0));
        expectAck(r, 2, "the ACKs owed go in front of the probe's answer");
        assertEquals(Wire.KEEPALIVE, r.frame().get(Wire.OFF_TYPE));
    }

    @Test
    void shouldAcknowledgeAnOldPeerAtOnce() throws Exception {
        final Raw r = unasked(false, 3);
        int acked = 0;
        while (acked < 3) {
            final ByteBuffer a = r.frame();
            assertEquals(Wire.ACK, a.get(Wire.OFF_TYPE), "an old peer asks for nothing and gets its ACKs");
            acked += a.getInt(Wire.OFF_C);
        }
        assertEquals(3, acked);
        // and its requests carry no marks
        final LocalMemoryRegion m = f.lmr(f.c, 8);
        for (int i = 0; i < 20; i++) {
            r.ep().postSend(m.triplet(0, 8), 100 + i);
        }
        for (int i = 0; i < 20; i++) {
            final ByteBuffer s = r.frame();
            assertEquals(Wire.SEND, s.get(Wire.OFF_TYPE));
            assertEquals(0, s.get(Wire.OFF_FLAGS), "no flags for a peer that did not offer coalescing");
        }
    }

    /**
     * The sender's rules: with up to 16 frames unacknowledged each asks; beyond, every 32nd; an ACK that leaves
     * frames unacknowledged and none of them asking, with nothing more to write, is followed by ACK_REQ.
     */
    @Test
    void shouldAskForAcksSoThatAFullWindowNeverWaits() throws Exception {
        final Raw r = raw(true);
        final int n = 60;
        final List<Integer> asking = sendAndRead(r, f.lmr(f.c, 8), n);
        final List<Integer> expected = new ArrayList<>();
        for (int i = 1; i <= AckPolicy.MARK_FRAMES; i++) {
            expected.add(i);
        }
        final int last = AckPolicy.MARK_FRAMES + AckPolicy.ASK_EVERY;
        expected.add(last);
        assertEquals(expected, asking, "frames that ask for their ACK");
        r.send(header(Wire.ACK, 0, 0, 0, 0, last - 1 - AckPolicy.MARK_FRAMES, 0));
        r.send(header(Wire.ACK, 0, 0, 0, 0, 1, 0));
        // frame 48, the last that asked, is acknowledged; 49..60 are not and nothing is left to write
        assertEquals(Wire.ACK_REQ, r.frame().get(Wire.OFF_TYPE));
        r.send(header(Wire.ACK, 0, 0, 0, 0, n - last, 0));
        for (int i = 0; i < n; i++) {
            final DtoCompletionEvent e = dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, e.status());
            assertEquals(i, e.cookie());
        }
    }

    /**
     * Posts {@code n} 8-byte SENDs from {@code m} and reads their frames from the raw peer; {@return the numbers (from
     * 1) of those that asked for their ACK}
     */
    private static List<Integer> sendAndRead(final Raw r, final LocalMemoryRegion m, final int n) throws IOException {
        for (int i = 0; i < n; i++) {
            r.ep().postSend(m.triplet(0, 8), i);
        }
        final List<Integer> asking = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            if (i == AckPolicy.MARK_FRAMES + 1) {
                // the posting thread may hold the rest in its batch (corked: a stream, with a frame that asked on the
                // wire): the ACK for that frame sends them
                r.send(header(Wire.ACK, 0, 0, 0, 0, AckPolicy.MARK_FRAMES, 0));
            }
            final ByteBuffer s = r.frame();
            assertEquals(Wire.SEND, s.get(Wire.OFF_TYPE));
            if ((s.get(Wire.OFF_FLAGS) & Wire.FLAG_ACK_NOW) != 0) {
                asking.add(i);
            }
        }
        return asking;
    }

    /**
     * Posts {@code n} 8-byte SENDs and reads their frames from the raw peer ({@link #sendAndRead}), then takes the
     * completions of the first {@link AckPolicy#MARK_FRAMES}, acknowledged there: frames 1-16 and 48 asked; 17-60 are
     * unacknowledged.
     */
    private LocalMemoryRegion burst(final Raw r, final int n) throws IOException {
        final LocalMemoryRegion m = f.lmr(f.c, 8);
        final List<Integer> asking = sendAndRead(r, m, n);
        assertEquals(AckPolicy.MARK_FRAMES + 1, asking.size(), "frames that ask: " + asking);
        for (int i = 0; i < AckPolicy.MARK_FRAMES; i++) {
            assertEquals(i, dto(f.c.evd).cookie());
        }
        return m;
    }

    /** Settings under which only the driving consumer's own rounds write what it deferred. */
    private static final String[] DRIVEN = {TcpConfig.ACK_HOLD, MINUTE, TcpConfig.ACK_DELAY, MINUTE,
        TcpConfig.DRIVE_GRACE, MINUTE};

    /**
     * A consumer waiting on its EVD reads the ACK that leaves frames unacknowledged, none of which asked, with no
     * request queued: the ACK_REQ that would ask for them waits for that consumer's next request, which asks itself
     * (an ACK_REQ ahead of it would cost a frame and a read round on each side, once per ACK of a stream).
     */
    @Test
    void shouldLetTheDrivingConsumersNextRequestAskInsteadOfAnAckRequest() throws Exception {
        final Raw r = raw(true, DRIVEN);
        final int n = 60;
        final LocalMemoryRegion m = burst(r, n);
        final CompletableFuture<DtoCompletionEvent> waiter = CompletableFuture.supplyAsync(() -> {
            final DtoCompletionEvent e = dto(f.c.evd);
            r.ep().postSend(m.triplet(0, 8), n);
            return e;
        });
        Thread.sleep(500); // (time for the waiter to take the loop: it reads the ACK below)
        final int last = AckPolicy.MARK_FRAMES + AckPolicy.ASK_EVERY;
        r.send(header(Wire.ACK, 0, 0, 0, 0, last - AckPolicy.MARK_FRAMES, 0));
        assertEquals(AckPolicy.MARK_FRAMES, waiter.get(60, TimeUnit.SECONDS).cookie());
        final ByteBuffer next = r.frame();
        assertEquals(Wire.SEND, next.get(Wire.OFF_TYPE), "the new request, no ACK_REQ before it");
        assertEquals(Wire.FLAG_ACK_NOW, next.get(Wire.OFF_FLAGS) & Wire.FLAG_ACK_NOW, "the new request asks");
        r.send(header(Wire.ACK, 0, 0, 0, 0, n + 1 - last, 0));
        for (int i = AckPolicy.MARK_FRAMES + 1; i <= n; i++) {
            assertEquals(i, dto(f.c.evd).cookie());
        }
    }

    /**
     * The same, but the consumer posts nothing and waits again: its next round sends the ACK_REQ, and the frames
     * left complete (the backstop is a minute away).
     */
    @Test
    void shouldSendTheDeferredAckRequestWhenTheDrivingConsumerPostsNothing() throws Exception {
        final Raw r = raw(true, DRIVEN);
        final int n = 60;
        burst(r, n);
        final CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> {
            for (int i = AckPolicy.MARK_FRAMES; i < n; i++) {
                assertEquals(i, dto(f.c.evd).cookie());
            }
        });
        Thread.sleep(500); // (time for the waiter to take the loop: it reads the ACK below)
        final int last = AckPolicy.MARK_FRAMES + AckPolicy.ASK_EVERY;
        r.send(header(Wire.ACK, 0, 0, 0, 0, last - AckPolicy.MARK_FRAMES, 0));
        assertEquals(Wire.ACK_REQ, r.frame().get(Wire.OFF_TYPE), "frames 49-60 asked for nothing");
        r.send(header(Wire.ACK, 0, 0, 0, 0, n - last, 0));
        waiter.get(60, TimeUnit.SECONDS);
    }

    /**
     * In a deep window of large frames the sender asks less often as the window fills ({@code docs/tcp-wire.md}: after
     * 512 KiB of payload, or a quarter of the payload unacknowledged when that is more, at most 2 MiB): 64 SENDs of 64
     * KiB, none acknowledged until the end, ask at frames 1-16, then 24 (512 KiB), 32 (a quarter of 2 MiB), 43 (11
     * frames, a quarter of 43 x 64 KiB) and 58 (15 frames); before the quarter rule every 8th frame asked.
     */
    @Test
    void shouldAskLessOftenAsADeepWindowOfLargeFramesFills() throws Exception {
        final Raw r = raw(true);
        final int size = 64 * 1024;
        final LocalMemoryRegion m = f.lmr(f.c, size);
        final int n = 64;
        for (int i = 0; i < n; i++) {
            r.ep().postSend(m.triplet(0, size), i);
        }
        final List<Integer> asking = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            final ByteBuffer s = r.frame();
            assertEquals(Wire.SEND, s.get(Wire.OFF_TYPE));
            assertEquals(size, s.getInt(Wire.OFF_LENGTH));
            if ((s.get(Wire.OFF_FLAGS) & Wire.FLAG_ACK_NOW) != 0) {
                asking.add(i);
            }
        }
        final List<Integer> expected = new ArrayList<>();
        for (int i = 1; i <= AckPolicy.MARK_FRAMES; i++) {
            expected.add(i);
        }
        expected.addAll(List.of(24, 32, 43, 58));
        assertEquals(expected, asking, "frames that ask for their ACK");
        r.send(header(Wire.ACK, 0, 0, 0, 0, n, 0));
        for (int i = 0; i < n; i++) {
            final DtoCompletionEvent e = dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, e.status());
            assertEquals(i, e.cookie());
        }
    }

    /**
     * Two provider EPs stream at each other with full windows (4 KiB and 8-byte messages), the backstop a minute
     * away: every send and receive completes, so the asks alone keep both windows moving.
     */
    @Test
    void shouldNeverDeadlockWhenBothSidesOnlyStream() throws Exception {
        f = Fixture.withSettings("127.0.0.1", TcpConfig.ACK_HOLD, MINUTE);
        final Endpoint[] ep = f.connect();
        for (final int size : new int[] {4096, 8}) {
            final CompletableFuture<Void> other = CompletableFuture.runAsync(() -> stream(ep[1], f.s, size));
            stream(ep[0], f.c, size);
            other.get(100, TimeUnit.SECONDS);
        }
    }

    private static final int WINDOW = 64;
    private static final int MESSAGES = 3000;

    private void stream(final Endpoint ep, final Fixture.Side side, final int size) {
        final LocalMemoryRegion src = f.lmr(side, size);
        final LocalMemoryRegion dst = f.lmr(side, (long) size * WINDOW);
        for (int i = 0; i < WINDOW; i++) {
            ep.postRecv(List.of(dst.triplet((long) size * i, size)), 1_000_000 + i, CompletionFlag.DEFAULT);
        }
        int posted = 0;
        int sent = 0;
        int received = 0;
        while (posted < WINDOW) {
            ep.postSend(src.triplet(0, size), posted++);
        }
        while (sent < MESSAGES || received < MESSAGES) {
            final DtoCompletionEvent e = dto(side.evd);
            assertEquals(DtoStatus.SUCCESS, e.status(), e.toString());
            if (e.operation() == DtoOperation.RECEIVE) {
                received++;
                if (received + WINDOW <= MESSAGES) {
                    ep.postRecv(List.of(dst.triplet(size * (e.cookie() - 1_000_000), size)), e.cookie(),
                            CompletionFlag.DEFAULT);
                }
            } else {
                sent++;
                if (posted < MESSAGES) {
                    ep.postSend(src.triplet(0, size), posted++);
                }
            }
        }
        assertTrue(sent == MESSAGES && received == MESSAGES);
    }
}

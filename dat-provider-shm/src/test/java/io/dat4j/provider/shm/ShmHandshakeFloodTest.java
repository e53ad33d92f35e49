package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.provider.shm.sys.Descriptors;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.Handshake;
import io.dat4j.provider.shm.sys.Rendezvous;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Slow-loris peers on a PSP's socket: many connections at once that send nothing, part of a length word, a length word
 * and part of a body, or a whole REQ and then nothing (accepted by the consumer, or left pending), all held open while
 * an honest connection of the same IA connects and transfers. The honest connection must work while they are held (the
 * IA's connection manager waits for none of them); once they close, every accept of theirs ends
 * ACCEPT_COMPLETION_ERROR, every request pending is answered the same way at its accept, and no descriptor or
 * mapping of theirs is left, before the IA closes (the provider does not keep a dead handshake's socket until its
 * 10 s timeout).
 */
class ShmHandshakeFloodTest {

    private static final Duration BOUND = Duration.ofSeconds(15);
    /** Connections of each kind. */
    private static final int EACH = 60;
    /** Whole REQs, half accepted while the requester is there, half after it left. */
    private static final int REQUESTS = 16;

    @Test
    void slowAndSilentHandshakesDoNotStopTheIa() throws Exception {
        final Path dir = Files.createTempDirectory("dat4j-shm-flood");
        Files.delete(dir);
        try (Fixture f = new Fixture("dat4j.shm.dir=" + dir); Doorbell bell = Doorbell.create("dat4j-flood-bell")) {
            final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            honest(f); // warm-up: what the IAs open once
            final long fds = Descriptors.openDescriptors();
            final Rendezvous rendezvous = Rendezvous.open(dir);
            final List<SocketChannel> flood = new ArrayList<>();
            try {
                final ByteBuffer req = request(bell);
                for (int i = 0; i < 4 * EACH + REQUESTS; i++) {
                    final SocketChannel ch = SocketChannel.open(rendezvous.address(psp.connectionQualifier()));
                    flood.add(ch);
                    final int kind = i < 4 * EACH ? i % 4 : 4;
                    switch (kind) {
                        case 0 -> { } // silent
                        case 1 -> ch.write(ByteBuffer.wrap(new byte[] {52, 0, 0})); // 3 bytes of a length word
                        case 2 -> ch.write(req.duplicate().limit(30)); // the length word and part of a REQ
                        case 3 -> ch.write(ByteBuffer.wrap(new byte[] {0, 4, 0, 0})); // a length word, no body
                        default -> ch.write(req.duplicate()); // a whole REQ, then nothing
                    }
                }
                // the REQs reach the consumer while all the others are held open
                final List<ConnectionRequest> requests = new ArrayList<>();
                while (requests.size() < REQUESTS) {
                    requests.add(assertInstanceOf(ConnectionRequestEvent.class, f.s.conn.await(BOUND)).request());
                }
                final List<Endpoint> eps = new ArrayList<>();
                for (int i = 0; i < REQUESTS / 2; i++) {
                    final Endpoint ep = f.s.ep(null);
                    eps.add(ep);
                    requests.get(i).accept(ep, null); // REP goes out; the requester never answers RTU
                }
                honest(f);
                for (final SocketChannel ch : flood) {
                    ch.close();
                }
                flood.clear();
                for (int i = REQUESTS / 2; i < REQUESTS; i++) {
                    final Endpoint ep = f.s.ep(null);
                    eps.add(ep);
                    requests.get(i).accept(ep, null); // the requester is gone
                }
                for (int i = 0; i < REQUESTS; i++) {
                    final ConnectionEvent e = assertInstanceOf(ConnectionEvent.class, f.s.conn.await(BOUND));
                    assertEquals(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, e.number(), e.toString());
                }
                for (final Endpoint ep : eps) {
                    ep.close();
                }
                psp.close();
                // the IA is still open: what it held for the flood is gone already
                final long now = Descriptors.settle(fds);
                if (now > fds) {
                    throw new AssertionError("descriptors or mappings of the flood left (" + now + " > " + fds
                            + ", the IAs still open): " + Descriptors.describe());
                }
            } finally {
                for (final SocketChannel ch : flood) {
                    ch.close();
                }
            }
        } finally {
            if (Files.exists(dir)) {
                try (var left = Files.list(dir)) {
                    left.forEach(p -> p.toFile().delete());
                }
                Files.delete(dir);
            }
        }
    }

    /** An honest connection of the two IAs connects, RDMA-writes, and is closed on both sides. */
    private static void honest(final Fixture f) {
        final Endpoint[] ep = f.connect();
        final LocalMemoryRegion a = f.lmr(f.c, 16);
        final LocalMemoryRegion b = f.lmr(f.s, 16);
        ep[0].postRdmaWrite(List.of(a.triplet(0, 16)), 77, b.remoteTriplet(0, 16), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
        ep[0].disconnect(CloseMode.ABRUPT);
        Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Fixture.expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        ep[0].close();
        ep[1].close();
        a.close();
        b.close();
    }

    /** {@return a whole REQ frame of this process, with {@code bell} as its doorbell} */
    private static ByteBuffer request(final Doorbell bell) throws IOException {
        final Handshake h = new Handshake();
        h.type = Handshake.REQ;
        h.depthIn = 8;
        h.depthOut = 8;
        h.pid = ProcessHandle.current().pid();
        h.doorbellFd = bell.descriptor();
        h.probeValue = 77;
        final ByteBuffer b = h.encode(Handshake.frameBuffer());
        return ByteBuffer.allocate(b.remaining()).order(ByteOrder.LITTLE_ENDIAN).put(b).flip();
    }
}

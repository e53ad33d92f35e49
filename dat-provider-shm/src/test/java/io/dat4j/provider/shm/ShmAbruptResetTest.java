package io.dat4j.provider.shm;

import static io.dat4j.provider.shm.Fixture.WAIT;
import static io.dat4j.provider.shm.Fixture.dto;
import static io.dat4j.provider.shm.Fixture.expect;
import static io.dat4j.provider.shm.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dat4j.CloseMode;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.kit.KitSettings;
import java.net.InetAddress;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An ABRUPT disconnect that outlasts {@code dat4j.kit.abruptDisconnectMillis} (0 here: always) makes the EP
 * DISCONNECTED before its connection has ended, and the consumer may reset it, post a receive and connect again at
 * once. The old connection must then neither keep the operations it holds nor touch the EP again (its receives, which
 * belong to the next connection, or its state, with a late event): the reset detaches it, and what it held completes
 * FLUSHED (or SUCCESS when the peer consumed it first), exactly once.
 */
@Timeout(180)
class ShmAbruptResetTest {

    private static final int ROUNDS = 50;
    private static final int SENDS = 8;

    @Test
    void shouldCompleteEveryOperationOnceWhenAnEpIsResetBeforeItsConnectionEnded() {
        try (Fixture f = new Fixture(KitSettings.ABRUPT_DISCONNECT_MILLIS + "=0")) {
            final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            final LocalMemoryRegion src = f.lmr(f.c, 64);
            final LocalMemoryRegion dst = f.lmr(f.s, 64 * SENDS);
            final LocalMemoryRegion back = f.lmr(f.c, 64);
            final Endpoint ce = f.c.ep(null);
            for (int round = 0; round < ROUNDS; round++) {
                final Endpoint se = f.s.ep(null);
                for (int i = 0; i < SENDS; i++) {
                    se.postRecv(List.of(dst.triplet(64L * i, 64)), i, Set.of());
                }
                ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
                request(f.s.conn).accept(se, null);
                expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                if (round > 0) {
                    // the receive posted after the last reset is this connection's, not FLUSHED by the old one
                    se.postSend(List.of(dst.triplet(0, 8)), 1000 + round, Set.of());
                    final DtoCompletionEvent r = dto(f.c.evd);
                    assertEquals(-round, r.cookie(), "round " + round + ": " + r);
                    assertEquals(DtoStatus.SUCCESS, r.status(), "round " + round + ": " + r);
                }
                for (int i = 0; i < SENDS; i++) {
                    ce.postSend(List.of(src.triplet(0, 64)), (long) round * SENDS + i, Set.of());
                }
                ce.disconnect(CloseMode.ABRUPT);
                expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
                ce.reset();
                ce.postRecv(List.of(back.triplet(0, 64)), -(round + 1), Set.of());
                f.assertAbruptRoundEnded(round, SENDS);
                se.close();
                while (f.s.evd.poll() != null) {
                    // the receives' completions and the server's connection end are not the subject here
                }
            }
            assertNull(f.c.conn.poll(), "no late connection event for the reset EP");
        }
    }
}

package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.expect;
import static io.dat4j.provider.tcp.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.CloseMode;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.kit.KitSettings;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An ABRUPT disconnect that outlasts {@code dat4j.kit.abruptDisconnectMillis} (0 here: always) makes the EP
 * DISCONNECTED before its connection has ended, and the consumer may reset it and connect again at once. The old
 * connection must then neither keep the operations it holds (they would never complete, and hold back every later
 * completion of the EP until it is freed) nor touch the EP's queues again (it would write the next connection's
 * requests, and complete them twice): the reset ends it, and what it held completes FLUSHED (or SUCCESS when the
 * peer acknowledged it first), exactly once.
 */
@Timeout(180)
class AbruptResetTest {

    private static final int ROUNDS = 100;
    private static final int SENDS = 8;

    @Test
    void shouldCompleteEveryOperationOnceWhenAnEpIsResetBeforeItsConnectionEnded() {
        try (LogCapture log = new LogCapture();
                Fixture f = Fixture.withSettings("127.0.0.1", KitSettings.ABRUPT_DISCONNECT_MILLIS, "0")) {
            final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            final LocalMemoryRegion src = f.lmr(f.c, 64);
            final LocalMemoryRegion dst = f.lmr(f.s, 64 * SENDS);
            final Endpoint ce = f.c.ep(null);
            for (int round = 0; round < ROUNDS; round++) {
                final Endpoint se = f.s.ep(null);
                for (int i = 0; i < SENDS; i++) {
                    se.postRecv(dst.triplet(64L * i, 64), i);
                }
                ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
                request(f.s.conn).accept(se, null);
                expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                for (int i = 0; i < SENDS; i++) {
                    ce.postSend(src.triplet(0, 64), (long) round * SENDS + i);
                }
                ce.disconnect(CloseMode.ABRUPT);
                expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
                ce.reset();
                f.assertAbruptRoundEnded(round, SENDS);
                se.close();
                while (f.s.evd.poll() != null) {
                    // the receives' completions (SUCCESS or FLUSHED) and the server's connection end are not the
                    // subject here
                }
            }
            assertEquals(0, log.matching(m -> m.contains("completed twice")).size(), log.describe());
        }
    }
}

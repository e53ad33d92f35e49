package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static io.dat4j.provider.tcp.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.CloseMode;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that reuses its EP, as dapltest's does: disconnect gracefully, wait for DISCONNECTED, reset, post the next
 * client's receive at once, accept the next client. The receive belongs to the next connection: the old connection's
 * flush must not take it. (It did, now and then, when the I/O thread posted DISCONNECTED before it flushed: the
 * server's thread could reset and post in between, and the flush then completed the new receive FLUSHED.)
 */
@Timeout(120)
class ResetRepostTest {

    private static final int ROUNDS = 300;

    @Test
    void shouldKeepAReceivePostedAfterTheResetForTheNextConnection() {
        try (Fixture f = new Fixture()) {
            final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            final LocalMemoryRegion src = f.lmr(f.c, 64);
            final LocalMemoryRegion dst = f.lmr(f.s, 64);
            final Endpoint se = f.s.ep(null);
            se.postRecv(dst.triplet(0, 64), 0);
            for (int round = 0; round < ROUNDS; round++) {
                final Endpoint ce = f.c.ep(null);
                ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
                request(f.s.conn).accept(se, null);
                expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
                ce.postSend(src.triplet(0, 64), round);
                final DtoCompletionEvent got = dto(f.s.evd);
                assertEquals(DtoStatus.SUCCESS, got.status(), "round " + round + ": the receive posted after the"
                        + " last reset was flushed");
                assertEquals(round, got.cookie());
                assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
                se.disconnect(CloseMode.GRACEFUL);
                expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
                se.reset();
                se.postRecv(dst.triplet(0, 64), round + 1);
                expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
                ce.close();
            }
        }
    }
}

package io.dat4j.provider.shm;

import static io.dat4j.provider.shm.Fixture.WAIT;
import static io.dat4j.provider.shm.Fixture.dto;
import static io.dat4j.provider.shm.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.CloseMode;
import io.dat4j.ConnectionRequest;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import java.net.InetAddress;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A consumer that disconnects an EP whose connect is still pending aborts the connection; the receives it posted
 * meanwhile complete FLUSHED, as on the TCP and rdmacm providers (they belong to a connection that never was).
 */
@Timeout(120)
class ShmConnectAbortTest {

    @Test
    void shouldFlushReceivesPostedBeforeAnAbortedConnect() {
        try (Fixture f = new Fixture()) {
            final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            final LocalMemoryRegion dst = f.lmr(f.c, 64);
            final Endpoint ce = f.c.ep(null);
            ce.postRecv(List.of(dst.triplet(0, 64)), 7, Set.of());
            ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
            final ConnectionRequest cr = request(f.s.conn); // the client now waits for the reply
            ce.disconnect(CloseMode.ABRUPT);
            final DtoCompletionEvent e = dto(f.c.evd);
            assertEquals(7, e.cookie(), e.toString());
            assertEquals(DtoStatus.FLUSHED, e.status(), e.toString());
            cr.reject(null);
        }
    }
}

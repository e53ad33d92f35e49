package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.CloseMode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The provider end to end in one process: connect, SEND, RDMA write and read, disconnect. */
class ShmProviderTest {

    @Test
    void connectsSendsWritesReadsAndDisconnects() {
        try (Fixture f = new Fixture()) {
            final Endpoint[] eps = f.connect();
            final LocalMemoryRegion cbuf = f.lmr(f.c, 1 << 20);
            final LocalMemoryRegion sbuf = f.lmr(f.s, 1 << 20);
            for (int i = 0; i < 1 << 20; i++) {
                cbuf.segment().set(JAVA_BYTE, i, (byte) (i * 7));
            }
            eps[1].postRecv(List.of(sbuf.triplet(0, 1 << 20)), 11, Set.of());
            eps[0].postSend(List.of(cbuf.triplet(0, 300_000)), 22, Set.of());
            DtoCompletionEvent e = Fixture.dto(f.s.evd);
            assertEquals(11, e.cookie());
            assertEquals(DtoStatus.SUCCESS, e.status());
            assertEquals(300_000, e.transferredLength());
            e = Fixture.dto(f.c.evd);
            assertEquals(22, e.cookie());
            assertEquals(-1, sbuf.segment().asSlice(0, 300_000).mismatch(cbuf.segment().asSlice(0, 300_000)));
            sbuf.segment().fill((byte) 0);
            eps[0].postRdmaWrite(List.of(cbuf.triplet(0, 1 << 20)), 33, sbuf.remoteTriplet(0, 1 << 20), Set.of());
            e = Fixture.dto(f.c.evd);
            assertEquals(33, e.cookie());
            assertEquals(DtoStatus.SUCCESS, e.status());
            assertEquals(-1, sbuf.segment().mismatch(cbuf.segment()));
            cbuf.segment().fill((byte) 0);
            eps[0].postRdmaRead(List.of(cbuf.triplet(0, 4096)), 44, sbuf.remoteTriplet(4096, 4096), Set.of());
            e = Fixture.dto(f.c.evd);
            assertEquals(44, e.cookie());
            assertEquals(DtoStatus.SUCCESS, e.status());
            assertEquals(-1, cbuf.segment().asSlice(0, 4096).mismatch(sbuf.segment().asSlice(4096, 4096)));
            eps[0].disconnect(CloseMode.ABRUPT);
            Fixture.expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
            Fixture.expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        }
    }
}

package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventNumber;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.StatusType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every refusal reports its documented status (docs/tcp-wire.md), whatever the size: a target refuses a request at
 * its header, so for a large request the NAK arrives while the initiator is still writing the payload. The refused
 * request completes with the NAK's status, the requests after it FLUSHED, and nobody logs a protocol violation.
 * Memory freed under a registered LMR (its arena closed) is a consumer error that gives a status, never a stalled
 * free.
 */
@Timeout(120)
class RefusalTest {

    private static final long MIB = 1 << 20;

    /** Posts a request, then a small SEND behind it, and checks the statuses and the BROKEN on both sides. */
    private static void assertRefused(final Fixture f, final Endpoint[] ep, final Runnable post,
            final DtoOperation op, final DtoStatus expected) {
        final LocalMemoryRegion small = f.lmr(f.c, 64);
        try (LogCapture log = new LogCapture()) {
            post.run();
            boolean posted = true;
            try {
                ep[0].postSend(List.of(small.triplet(0, 64)), 2, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                // the refusal can win the race with this post: the EP is no longer connected
                assertEquals(StatusType.INVALID_STATE, e.type(), e.getMessage());
                posted = false;
            }
            final DtoCompletionEvent first = dto(f.c.evd);
            assertEquals(1, first.cookie(), first.toString());
            assertEquals(op, first.operation());
            assertEquals(expected, first.status(), "status of the refused " + op + log.describe());
            if (posted) {
                final DtoCompletionEvent second = dto(f.c.evd);
                assertEquals(2, second.cookie());
                assertEquals(DtoStatus.FLUSHED, second.status(), "the request posted after the refused one");
            }
            broken(f);
            assertEquals(List.of(), log.matching(m -> m.contains("protocol violation")),
                    "a refusal is no protocol violation" + log.describe());
        }
    }

    private static void broken(final Fixture f) {
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_BROKEN);
    }

    @ParameterizedTest(name = "{0} MiB")
    @ValueSource(longs = {4, 16})
    void largeRdmaWriteWithABadContextCompletesRemoteAccess(final long mib) {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion src = f.lmr(f.c, mib * MIB);
            final LocalMemoryRegion dst = f.lmr(f.s, mib * MIB);
            dst.segment().fill((byte) 7);
            final RemoteMemoryTriplet bogus = new RemoteMemoryTriplet(dst.rmrContext() ^ 0x5a5a5a5a,
                    dst.registeredAddress(), mib * MIB);
            assertRefused(f, ep, () -> ep[0].postRdmaWrite(List.of(src.triplet(0, mib * MIB)), 1, bogus,
                    CompletionFlag.DEFAULT), DtoOperation.RDMA_WRITE, DtoStatus.REMOTE_ACCESS);
            assertTrue(dst.segment().elements(java.lang.foreign.ValueLayout.JAVA_BYTE)
                    .allMatch(b -> b.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0) == 7), "target unchanged");
        }
    }

    @Test
    void largeSendIntoASmallReceiveCompletesRemoteResponder() {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion src = f.lmr(f.c, 16 * MIB);
            final LocalMemoryRegion dst = f.lmr(f.s, 64);
            ep[1].postRecv(List.of(dst.triplet(0, 64)), 10, CompletionFlag.DEFAULT);
            assertRefused(f, ep, () -> ep[0].postSend(List.of(src.triplet(0, 16 * MIB)), 1, CompletionFlag.DEFAULT),
                    DtoOperation.SEND, DtoStatus.REMOTE_RESPONDER);
            final DtoCompletionEvent r = dto(f.s.evd);
            assertEquals(10, r.cookie());
            assertEquals(DtoStatus.LOCAL_LENGTH, r.status());
        }
    }

    @Test
    void largeSendAboveTheTargetsMaxMessageSizeCompletesRemoteResponder() {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect(null, EndpointAttributes.builder().maxMessageSize(MIB).build(), null);
            final LocalMemoryRegion src = f.lmr(f.c, 8 * MIB);
            assertRefused(f, ep, () -> ep[0].postSend(List.of(src.triplet(0, 8 * MIB)), 1, CompletionFlag.DEFAULT),
                    DtoOperation.SEND, DtoStatus.REMOTE_RESPONDER);
        }
    }

    @Test
    void largeSendThatFindsNoReceiveCompletesReceiverNotReady() {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect(EndpointAttributes.builder().rnrRetryCount(0).build(), null, null);
            final LocalMemoryRegion src = f.lmr(f.c, 16 * MIB);
            assertRefused(f, ep, () -> ep[0].postSend(List.of(src.triplet(0, 16 * MIB)), 1, CompletionFlag.DEFAULT),
                    DtoOperation.SEND, DtoStatus.RECEIVER_NOT_READY);
        }
    }

    @Test
    void memoryFreedUnderAReceiveGivesLocalProtectionAndNoStall() {
        try (Fixture f = new Fixture(); LogCapture log = new LogCapture()) {
            final Arena user = Arena.ofShared();
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion src = f.lmr(f.c, 4 * MIB);
            final MemorySegment mem = user.allocate(4 * MIB, 64);
            final LocalMemoryRegion dst = f.server.createLocalMemoryRegion(f.s.pz, mem, MemoryPrivilege.ALL);
            ep[1].postRecv(List.of(dst.triplet(0, 4 * MIB)), 10, CompletionFlag.DEFAULT);
            user.close(); // the consumer error: the memory goes while its LMR is registered and a receive uses it
            ep[0].postSend(List.of(src.triplet(0, 4 * MIB)), 1, CompletionFlag.DEFAULT);
            final DtoCompletionEvent r = dto(f.s.evd);
            assertEquals(10, r.cookie());
            assertEquals(DtoStatus.LOCAL_PROTECTION, r.status(), "the receive whose memory was freed");
            assertEquals(DtoStatus.REMOTE_RESPONDER, dto(f.c.evd).status(), "the send the target could not take");
            dst.close();
            f.server.close();
            assertEquals(List.of(), log.matching(m -> m.contains("still uses it")),
                    "the LMR free must not wait for a transport copy that never ended" + log.describe());
            assertEquals(List.of(), log.events().stream().filter(e -> e.getThrown() != null).toList(),
                    "no internal error" + log.describe());
        }
    }

    @Test
    void memoryFreedUnderAnRdmaTargetOrSourceGivesItsStatus() {
        try (Fixture f = new Fixture(); LogCapture log = new LogCapture()) {
            final Arena user = Arena.ofShared();
            Endpoint[] ep = f.connect();
            final LocalMemoryRegion src = f.lmr(f.c, MIB);
            final LocalMemoryRegion dst = f.server.createLocalMemoryRegion(f.s.pz, user.allocate(MIB, 64),
                    MemoryPrivilege.ALL);
            final RemoteMemoryTriplet t = dst.remoteTriplet(0, MIB);
            user.close();
            ep[0].postRdmaWrite(List.of(src.triplet(0, MIB)), 1, t, CompletionFlag.DEFAULT);
            assertEquals(DtoStatus.REMOTE_ACCESS, dto(f.c.evd).status(), "RDMA write into freed memory");
            broken(f);
            ep = f.connect();
            ep[0].postRdmaRead(List.of(src.triplet(0, MIB)), 2, t, CompletionFlag.DEFAULT);
            assertEquals(DtoStatus.REMOTE_ACCESS, dto(f.c.evd).status(), "RDMA read from freed memory");
            broken(f);
            final Arena mine = Arena.ofShared();
            ep = f.connect();
            final LocalMemoryRegion gone = f.client.createLocalMemoryRegion(f.c.pz, mine.allocate(MIB, 64),
                    MemoryPrivilege.ALL);
            final LocalMemoryRegion ok = f.lmr(f.s, MIB);
            mine.close();
            ep[0].postRdmaWrite(List.of(gone.triplet(0, MIB)), 3, ok.remoteTriplet(0, MIB), CompletionFlag.DEFAULT);
            assertEquals(DtoStatus.LOCAL_PROTECTION, dto(f.c.evd).status(), "RDMA write from freed memory");
            gone.close();
            dst.close();
            assertEquals(List.of(), log.events().stream().filter(e -> e.getThrown() != null).toList(),
                    "no internal error" + log.describe());
        }
    }
}

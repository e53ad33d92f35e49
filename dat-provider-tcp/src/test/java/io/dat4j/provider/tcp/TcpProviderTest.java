package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.WAIT;
import static io.dat4j.provider.tcp.Fixture.dto;
import static io.dat4j.provider.tcp.Fixture.expect;
import static io.dat4j.provider.tcp.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class TcpProviderTest {

    private Fixture f;

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    private static void fill(final LocalMemoryRegion r, final long seed) {
        final Random rnd = new Random(seed);
        final MemorySegment s = r.segment();
        for (long i = 0; i < s.byteSize(); i++) {
            s.set(ValueLayout.JAVA_BYTE, i, (byte) rnd.nextInt());
        }
    }

    @Test
    @DisplayName("CRA-01 CRA-04 RA-04 RC-03: connect and accept carry private data both ways")
    void shouldConnectWithPrivateData() {
        f = new Fixture();
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final Endpoint ce = f.c.ep(null);
        final Endpoint se = f.s.ep(null);
        final byte[] req = new byte[TcpProvider.MAX_PRIVATE_DATA];
        new Random(1).nextBytes(req);
        ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, req);
        final ConnectionRequest cr = request(f.s.conn);
        assertArrayEquals(req, cr.query().privateData().toByteArray());
        cr.accept(se, new byte[] {4, 5, 6});
        final ConnectionEvent est = expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertArrayEquals(new byte[] {4, 5, 6}, est.privateData().toByteArray());
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, ce.state());
        assertEquals(EndpointState.CONNECTED, se.state());
        assertEquals(psp.connectionQualifier(), ce.query().remoteAddress().getPort());
        assertThrows(DatException.class, cr::query);
        assertEquals(StatusType.LENGTH_ERROR, assertThrows(DatException.class, () -> f.c.ep(null).connect(
                InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT,
                new byte[TcpProvider.MAX_PRIVATE_DATA + 1])).type());
    }

    @Test
    @DisplayName("RJ-01 RJ-02 RJ-04: reject reaches the active side as PEER_REJECTED with its private data")
    void shouldRejectWithPrivateData() {
        f = new Fixture();
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final Endpoint ce = f.c.ep(null);
        ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
        final ConnectionRequest cr = request(f.s.conn);
        cr.reject(new byte[] {9, 8, 7});
        final ConnectionEvent e = expect(f.c.conn, EventNumber.CONNECTION_EVENT_PEER_REJECTED);
        assertArrayEquals(new byte[] {9, 8, 7}, e.privateData().toByteArray());
        assertEquals(EndpointState.DISCONNECTED, ce.state());
        assertEquals(StatusType.INVALID_HANDLE, assertThrows(DatException.class, () -> cr.reject(null)).type());
    }

    @Test
    @DisplayName("RJ-03: connecting to a port with no listener gives NON_PEER_REJECTED")
    void shouldReportNoListenerAsNonPeerReject() throws Exception {
        f = new Fixture();
        final int port;
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = ss.getLocalPort();
        }
        final Endpoint ce = f.c.ep(null);
        ce.connect(InetAddress.getLoopbackAddress(), port, WAIT, null);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED);
        assertEquals(EndpointState.DISCONNECTED, ce.state());
        ce.reset();
        assertEquals(EndpointState.UNCONNECTED, ce.state());
    }

    @Test
    void shouldTimeOutWhenThePeerNeverAnswers() throws Exception {
        f = new Fixture();
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            final Endpoint ce = f.c.ep(null);
            ce.connect(InetAddress.getLoopbackAddress(), silent.getLocalPort(), Duration.ofMillis(300), null);
            try (Socket s = silent.accept()) {
                expect(f.c.conn, EventNumber.CONNECTION_EVENT_TIMED_OUT);
                assertEquals(EndpointState.DISCONNECTED, ce.state());
                final InputStream in = s.getInputStream();
                final byte[] hdr = in.readNBytes(Wire.HEADER);
                assertEquals(Wire.REQ, hdr[0]);
            }
        }
    }

    @Test
    void shouldRefuseQualifiersOutsideTheTcpPortRange() {
        f = new Fixture();
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class,
                () -> f.server.createPublicServicePoint(70000, f.s.conn, ServicePointFlag.CONSUMER)).type());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class,
                () -> f.c.ep(null).connect(InetAddress.getLoopbackAddress(), 0, WAIT, null)).type());
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        assertEquals(StatusType.CONN_QUAL_IN_USE, assertThrows(DatException.class,
                () -> f.server.createPublicServicePoint(psp.connectionQualifier(), f.s.conn,
                        ServicePointFlag.CONSUMER)).type());
    }

    @Test
    void shouldSendIntoPostedReceivesInOrderWithScatterGather() {
        f = new Fixture();
        final Endpoint[] ep = f.connect();
        final LocalMemoryRegion src = f.lmr(f.c, 1 << 16);
        final LocalMemoryRegion dst = f.lmr(f.s, 1 << 16);
        fill(src, 7);
        for (int i = 0; i < 4; i++) {
            ep[1].postRecv(List.of(dst.triplet(i * 8192, 100), dst.triplet(i * 8192 + 4096, 4096)), 100 + i,
                    CompletionFlag.DEFAULT);
        }
        ep[0].postSend(List.of(src.triplet(0, 50), src.triplet(1000, 60)), 1, CompletionFlag.DEFAULT);
        ep[0].postSend(List.of(), 2, CompletionFlag.DEFAULT);
        ep[0].postSend(List.of(src.triplet(0, 4196)), 3, CompletionFlag.DEFAULT);
        ep[0].postSend(List.of(src.triplet(0, 4197)), 4, Set.of(CompletionFlag.SUPPRESS));
        for (int i = 0; i < 3; i++) {
            final DtoCompletionEvent d = dto(f.c.evd);
            assertEquals(i + 1, d.cookie());
            assertEquals(DtoStatus.SUCCESS, d.status());
            assertEquals(DtoOperation.SEND, d.operation());
        }
        final DtoCompletionEvent r1 = dto(f.s.evd);
        assertEquals(100, r1.cookie());
        assertEquals(110, r1.transferredLength());
        assertEquals(DtoOperation.RECEIVE, r1.operation());
        final MemorySegment d = dst.segment();
        final MemorySegment s = src.segment();
        assertEquals(-1, d.asSlice(0, 50).mismatch(s.asSlice(0, 50)));
        assertEquals(-1, d.asSlice(50, 50).mismatch(s.asSlice(1000, 50)));
        assertEquals(-1, d.asSlice(4096, 10).mismatch(s.asSlice(1050, 10)));
        assertEquals(0, dto(f.s.evd).transferredLength());
        final DtoCompletionEvent r3 = dto(f.s.evd);
        assertEquals(4196, r3.transferredLength());
        assertEquals(-1, d.asSlice(16384, 100).mismatch(s.asSlice(0, 100)));
        assertEquals(-1, d.asSlice(16384 + 4096, 4096).mismatch(s.asSlice(100, 4096)));
        final DtoCompletionEvent r4 = dto(f.s.evd);
        assertEquals(DtoStatus.LOCAL_LENGTH, r4.status(), "a message larger than the receive gives LOCAL_LENGTH");
        final DtoCompletionEvent s4 = dto(f.c.evd);
        assertEquals(4, s4.cookie());
        assertEquals(DtoStatus.REMOTE_RESPONDER, s4.status());
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_BROKEN);
    }

    @Test
    void shouldWriteAndReadRemoteMemoryAcrossSizes() {
        f = new Fixture();
        final Endpoint[] ep = f.connect();
        final long max = 16L << 20;
        final LocalMemoryRegion local = f.lmr(f.c, max + 64);
        final LocalMemoryRegion back = f.lmr(f.c, max + 64);
        final LocalMemoryRegion remote = f.lmr(f.s, max + 64);
        long cookie = 0;
        for (final long size : new long[] {0, 1, 7, 4095, 4096, 65537, 1 << 20, max}) {
            fill(local, size);
            final long off = size % 7;
            ep[0].postRdmaWrite(List.of(local.triplet(0, size)), ++cookie, remote.remoteTriplet(off, size),
                    CompletionFlag.DEFAULT);
            final DtoCompletionEvent w = dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, w.status(), "write " + size);
            assertEquals(DtoOperation.RDMA_WRITE, w.operation());
            assertEquals(size, w.transferredLength());
            assertEquals(-1, remote.segment().asSlice(off, size).mismatch(local.segment().asSlice(0, size)),
                    "written data of " + size);
            ep[0].postRdmaRead(List.of(back.triplet(3, size)), ++cookie, remote.remoteTriplet(off, size),
                    CompletionFlag.DEFAULT);
            final DtoCompletionEvent r = dto(f.c.evd);
            assertEquals(DtoStatus.SUCCESS, r.status(), "read " + size);
            assertEquals(DtoOperation.RDMA_READ, r.operation());
            assertEquals(size, r.transferredLength());
            assertEquals(-1, back.segment().asSlice(3, size).mismatch(local.segment().asSlice(0, size)),
                    "read data of " + size);
        }
        assertNull(f.s.evd.poll(), "RDMA gives the target no completion");
    }

    @Test
    void shouldLimitOutstandingReadsWithoutFailingThem() {
        f = new Fixture();
        final Endpoint[] ep = f.connect(EndpointAttributes.builder().maxRdmaReadOut(1).maxRequestDtos(32).build(),
                null, null);
        assertEquals(1, ep[0].query().attributes().maxRdmaReadOut());
        final LocalMemoryRegion local = f.lmr(f.c, 1 << 16);
        final LocalMemoryRegion remote = f.lmr(f.s, 1 << 16);
        fill(remote, 3);
        for (int i = 0; i < 16; i++) {
            ep[0].postRdmaRead(List.of(local.triplet(i * 4096L, 4096)), i, remote.remoteTriplet(i * 4096L, 4096),
                    CompletionFlag.DEFAULT);
        }
        for (int i = 0; i < 16; i++) {
            final DtoCompletionEvent d = dto(f.c.evd);
            assertEquals(i, d.cookie());
            assertEquals(DtoStatus.SUCCESS, d.status());
        }
        assertEquals(-1, local.segment().mismatch(remote.segment()));
    }

    @Test
    @DisplayName("CRA-11: both RDMA read depths 0 work for everything but RDMA read")
    void shouldWorkWithoutReadDepth() {
        f = new Fixture();
        final EndpointAttributes none = EndpointAttributes.builder().maxRdmaReadIn(0).maxRdmaReadOut(0).build();
        final Endpoint[] ep = f.connect(none, none, null);
        final LocalMemoryRegion local = f.lmr(f.c, 64);
        final LocalMemoryRegion remote = f.lmr(f.s, 64);
        ep[0].postRdmaWrite(List.of(local.triplet(0, 64)), 1, remote.remoteTriplet(0, 64), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        assertEquals(StatusType.INVALID_STATE, assertThrows(DatException.class, () -> ep[0].postRdmaRead(
                List.of(local.triplet(0, 8)), 2, remote.remoteTriplet(0, 8), CompletionFlag.DEFAULT)).type());
    }

    @Test
    void shouldRefuseRemoteAccessViolationsAndBreakOnlyThatConnection() {
        f = new Fixture();
        final LocalMemoryRegion local = f.lmr(f.c, 256);
        final LocalMemoryRegion target = f.lmr(f.s, 256);
        final LocalMemoryRegion readOnly = f.server.createLocalMemoryRegion(f.s.pz, f.arena.allocate(256),
                Set.of(MemoryPrivilege.LOCAL_READ, MemoryPrivilege.LOCAL_WRITE, MemoryPrivilege.REMOTE_READ));
        fill(local, 11);
        final MemorySegment guard = f.arena.allocate(1024);
        final RemoteMemoryTriplet inRange = target.remoteTriplet(0, 256);
        final List<RemoteMemoryTriplet> bad = List.of(
                new RemoteMemoryTriplet(inRange.rmrContext() ^ 0x5a5a5a5a, inRange.virtualAddress(), 16),
                new RemoteMemoryTriplet(inRange.rmrContext(), inRange.virtualAddress() + 250, 16),
                new RemoteMemoryTriplet(inRange.rmrContext(), inRange.virtualAddress() - 8, 16),
                new RemoteMemoryTriplet(inRange.rmrContext(), -8L, 16),
                readOnly.remoteTriplet(0, 16));
        final Endpoint[] keep = f.connect();
        for (final RemoteMemoryTriplet t : bad) {
            final Endpoint[] ep = f.connect();
            ep[0].postRdmaWrite(List.of(local.triplet(0, 16)), 5, t, CompletionFlag.DEFAULT);
            final DtoCompletionEvent d = dto(f.c.evd);
            assertEquals(DtoStatus.REMOTE_ACCESS, d.status(), "write to " + t);
            expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
            expect(f.s.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        }
        final Endpoint[] ep = f.connect();
        ep[0].postRdmaRead(List.of(local.triplet(0, 2)), 6, new RemoteMemoryTriplet(inRange.rmrContext(),
                inRange.virtualAddress() + 255, 2), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.REMOTE_ACCESS, dto(f.c.evd).status());
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        for (long i = 0; i < 256; i++) {
            assertEquals(0, target.segment().get(ValueLayout.JAVA_BYTE, i), "target byte " + i + " untouched");
            assertEquals(0, guard.get(ValueLayout.JAVA_BYTE, i));
        }
        // the other connection still works
        keep[0].postRdmaWrite(List.of(local.triplet(0, 16)), 7, target.remoteTriplet(0, 16),
                CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        assertEquals(EndpointState.CONNECTED, keep[1].state());
        // a freed region is refused at once
        final RemoteMemoryTriplet gone = target.remoteTriplet(0, 8);
        target.close();
        keep[0].postRdmaWrite(List.of(local.triplet(0, 8)), 8, gone, CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.REMOTE_ACCESS, dto(f.c.evd).status());
    }

    @Test
    void shouldFailSendWithReceiverNotReadyAfterTheRnrBudget() {
        f = new Fixture();
        final Endpoint[] ep = f.connect(EndpointAttributes.builder().rnrRetryCount(1).build(), null, null);
        final LocalMemoryRegion src = f.lmr(f.c, 64);
        ep[0].postSend(src.triplet(0, 8), 1);
        ep[0].postSend(src.triplet(0, 8), 2);
        final DtoCompletionEvent d = dto(f.c.evd);
        assertEquals(1, d.cookie());
        assertEquals(DtoStatus.RECEIVER_NOT_READY, d.status());
        final DtoCompletionEvent d2 = dto(f.c.evd);
        assertEquals(2, d2.cookie());
        assertEquals(DtoStatus.FLUSHED, d2.status());
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_BROKEN);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_BROKEN);
    }

    @Test
    void shouldHoldASendUntilAReceiveIsPosted() throws Exception {
        f = new Fixture();
        final Endpoint[] ep = f.connect();
        final LocalMemoryRegion src = f.lmr(f.c, 64);
        final LocalMemoryRegion dst = f.lmr(f.s, 64);
        fill(src, 5);
        ep[0].postSend(src.triplet(0, 64), 1);
        Thread.sleep(200);
        assertNull(f.c.evd.poll(), "the send waits for the peer's receive");
        ep[1].postRecv(dst.triplet(0, 64), 2);
        assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        assertEquals(64, dto(f.s.evd).transferredLength());
        assertEquals(-1, src.segment().mismatch(dst.segment()));
    }

    @Test
    void shouldFlushReceivesAndReportDisconnectOnBothSides() {
        f = new Fixture();
        final Endpoint[] ep = f.connect();
        final LocalMemoryRegion c = f.lmr(f.c, 64);
        final LocalMemoryRegion s = f.lmr(f.s, 64);
        ep[0].postRecv(c.triplet(0, 8), 1);
        ep[1].postRecv(s.triplet(0, 8), 2);
        ep[1].postRecv(s.triplet(8, 8), 3);
        ep[0].disconnect(CloseMode.GRACEFUL);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertEquals(DtoStatus.FLUSHED, dto(f.c.evd).status());
        final DtoCompletionEvent a = dto(f.s.evd);
        final DtoCompletionEvent b = dto(f.s.evd);
        assertEquals(2, a.cookie());
        assertEquals(3, b.cookie());
        assertEquals(DtoStatus.FLUSHED, b.status());
        assertEquals(EndpointState.DISCONNECTED, ep[0].state());
        assertEquals(EndpointState.DISCONNECTED, ep[1].state());
        ep[0].reset();
        ep[0].close();
        ep[1].close();
    }

    @Test
    void shouldReconnectAfterReset() {
        f = new Fixture();
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final Endpoint ce = f.c.ep(null);
        final LocalMemoryRegion src = f.lmr(f.c, 64);
        final LocalMemoryRegion dst = f.lmr(f.s, 64);
        for (int round = 0; round < 3; round++) {
            ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
            final Endpoint se = f.s.ep(null);
            se.postRecv(dst.triplet(0, 64), round);
            request(f.s.conn).accept(se, null);
            expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            ce.postSend(src.triplet(0, 64), round);
            assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
            assertEquals(round, dto(f.s.evd).cookie());
            (round % 2 == 0 ? ce : se).disconnect(CloseMode.ABRUPT);
            expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
            expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
            ce.reset();
            se.close();
        }
    }

    @Test
    void shouldCompleteOutstandingWorkBeforeAGracefulDisconnect() {
        f = new Fixture();
        final Endpoint[] ep = f.connect();
        final LocalMemoryRegion local = f.lmr(f.c, 1 << 20);
        final LocalMemoryRegion remote = f.lmr(f.s, 1 << 20);
        for (int i = 0; i < 8; i++) {
            ep[0].postRdmaWrite(List.of(local.triplet(0, 1 << 20)), i, remote.remoteTriplet(0, 1 << 20),
                    CompletionFlag.DEFAULT);
        }
        ep[0].disconnect(CloseMode.GRACEFUL);
        for (int i = 0; i < 8; i++) {
            assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        }
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
    }

    @Test
    @DisplayName("CRA-06 CRA-07: accept after the requester has gone gives ACCEPT_COMPLETION_ERROR and flushes")
    void shouldReportAcceptCompletionErrorWhenTheRequesterHasGone() throws Exception {
        f = new Fixture();
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final Endpoint ce = f.c.ep(null);
        ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), Duration.ofMillis(300), null);
        final ConnectionRequest cr = request(f.s.conn);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_TIMED_OUT);
        Thread.sleep(100);
        final Endpoint se = f.s.ep(null);
        final LocalMemoryRegion r = f.lmr(f.s, 64);
        se.postRecv(r.triplet(0, 8), 42);
        cr.accept(se, null);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR);
        assertEquals(EndpointState.DISCONNECTED, se.state());
        final DtoCompletionEvent d = dto(f.s.evd);
        assertEquals(42, d.cookie());
        assertEquals(DtoStatus.FLUSHED, d.status());
    }

    @Test
    @DisplayName("GR-04 CRA-02: a PSP with the PROVIDER flag creates the EP; RSP takes one connection")
    void shouldAcceptOnProviderCreatedEndpointsAndRsp() {
        f = new Fixture();
        final io.dat4j.EventDispatcher all = f.server.createEventDispatcher(64, null, io.dat4j.EventStream.DEFAULT);
        final PublicServicePoint psp = f.server.createPublicServicePointAny(all, ServicePointFlag.PROVIDER);
        final Endpoint ce = f.c.ep(null);
        ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
        final ConnectionRequest cr = request(all);
        final Endpoint pep = cr.query().endpoint();
        assertEquals(EndpointState.TENTATIVE_CONNECTION_PENDING, pep.state());
        cr.accept(null, null);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        expect(all, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final Endpoint rspEp = f.s.ep(null);
        io.dat4j.ReservedServicePoint rsp = null;
        for (int i = 0; rsp == null; i++) {
            try {
                rsp = f.server.createReservedServicePoint(freePort(), rspEp, f.s.conn);
            } catch (final DatException e) {
                if (e.type() != StatusType.CONN_QUAL_IN_USE || i > 20) {
                    throw e;
                }
            }
        }
        final Endpoint ce2 = f.c.ep(null);
        ce2.connect(InetAddress.getLoopbackAddress(), rsp.connectionQualifier(), WAIT, null);
        final ConnectionRequest cr2 = request(f.s.conn);
        assertEquals(rspEp, cr2.query().endpoint());
        cr2.accept(null, null);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, rspEp.state());
    }

    private static int freePort() {
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return ss.getLocalPort();
        } catch (final java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldReportDisconnectWhenThePeerIaClosesAbruptly() {
        f = new Fixture();
        final Endpoint[] ep = f.connect();
        final LocalMemoryRegion r = f.lmr(f.c, 64);
        ep[0].postRecv(r.triplet(0, 8), 1);
        f.server.close(CloseMode.ABRUPT);
        final ConnectionEvent e = (ConnectionEvent) Fixture.next(f.c.conn);
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || e.number() == EventNumber.CONNECTION_EVENT_BROKEN, e.number().toString());
        assertEquals(DtoStatus.FLUSHED, dto(f.c.evd).status());
        assertEquals(EndpointState.DISCONNECTED, ep[0].state());
    }

    @Test
    void shouldWorkOverIpv6() {
        final boolean v6;
        try {
            v6 = java.net.NetworkInterface.getByInetAddress(InetAddress.getByName("::1")) != null;
        } catch (final Exception e) {
            throw new AssertionError(e);
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(v6, "no ::1 on this host");
        f = new Fixture("::1");
        assertTrue(f.server.supports(Capability.IPV6));
        final Endpoint[] ep = f.connect();
        final LocalMemoryRegion a = f.lmr(f.c, 64);
        final LocalMemoryRegion b = f.lmr(f.s, 64);
        fill(a, 2);
        ep[0].postRdmaWrite(List.of(a.triplet(0, 64)), 1, b.remoteTriplet(0, 64), CompletionFlag.DEFAULT);
        assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
        assertEquals(-1, a.segment().mismatch(b.segment()));
    }

    @Test
    void shouldDuplicateAConnectionToTheSamePeer() {
        f = new Fixture();
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final Endpoint ce = f.c.ep(null);
        ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), WAIT, null);
        request(f.s.conn).accept(f.s.ep(null), null);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final Endpoint dup = f.c.ep(null);
        dup.dupConnect(ce, WAIT, new byte[] {3});
        final ConnectionRequest cr = request(f.s.conn);
        assertArrayEquals(new byte[] {3}, cr.query().privateData().toByteArray());
        assertEquals(psp.connectionQualifier(), cr.query().connectionQualifier());
        cr.accept(f.s.ep(null), null);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, dup.state());
    }

    @Test
    void shouldHandARequestOffAndAcceptItThere() {
        f = new Fixture();
        final PublicServicePoint first = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        final io.dat4j.EventDispatcher crs = f.server.createEventDispatcher(8, null,
                java.util.EnumSet.of(io.dat4j.EventStream.CR));
        final PublicServicePoint second = f.server.createPublicServicePointAny(crs, ServicePointFlag.CONSUMER);
        final Endpoint ce = f.c.ep(null);
        ce.connect(InetAddress.getLoopbackAddress(), first.connectionQualifier(), WAIT, new byte[] {5});
        request(f.s.conn).handoff(second.connectionQualifier());
        final ConnectionRequest cr = request(crs);
        assertArrayEquals(new byte[] {5}, cr.query().privateData().toByteArray());
        cr.accept(f.s.ep(null), null);
        expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
    }

    @Test
    void shouldBeFoundByTheRegistryOnTheModulePath() {
        final io.dat4j.Registry r = io.dat4j.Registry.discover();
        assertTrue(r.provider("tcp") instanceof TcpProvider);
        try (InterfaceAdapter ia = r.open("tcp-lo", 16)) {
            assertEquals("tcp-lo", ia.name());
            assertEquals(InetAddress.getLoopbackAddress(), ia.address().getAddress());
            assertEquals(TcpProvider.MAX_PRIVATE_DATA, ia.providerAttributes().maxConnectPrivateData());
        }
    }

    @Test
    void shouldOfferDefaultEntriesAndCheckParams() {
        final TcpProvider p = new TcpProvider();
        assertEquals(List.of("tcp0", "tcp-lo"), p.defaultEntries().stream().map(io.dat4j.RegistryEntry::iaName)
                .toList());
        assertTrue(p.defaultEntries().stream().allMatch(p::serves));
        assertTrue(p.capabilities().contains(Capability.SRQ));
        assertFalse(p.capabilities().contains(Capability.RMR));
        try (InterfaceAdapter any = Fixture.open("tcp0", "0.0.0.0")) {
            assertFalse(any.address().getAddress().isAnyLocalAddress());
        }
        for (final String bad : List.of("", "no-such-dev0", "127.0.0.1 x", "127.0.0.1 -1", "8.8.8.8")) {
            assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class,
                    () -> Fixture.open("bad", bad)).type(), bad);
        }
        try (InterfaceAdapter lo = Fixture.open("lo", "lo 0")) {
            assertNotEquals(null, lo.address());
        }
        assertEquals(StatusType.NOT_IMPLEMENTED, assertThrows(DatException.class, () -> {
            try (InterfaceAdapter ia = Fixture.open("x", "127.0.0.1")) {
                ia.createRemoteMemoryRegion(ia.createProtectionZone());
            }
        }).type());
    }
}

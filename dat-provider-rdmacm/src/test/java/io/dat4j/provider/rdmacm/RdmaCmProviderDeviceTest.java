package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointState;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RegistryEntry;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The provider end to end on a real device, through the public API: IA, PZ, EVDs (CQs), LMRs (ibv_reg_mr), a PSP,
 * connect, accept, send/receive, disconnect, reject. Skipped, with the reason, where there is no device.
 */
@DisplayName("rdmacm provider through the DAT API on a real device (PSP, connect, accept, send/recv, reject)")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RdmaCmProviderDeviceTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final io.dat4j.AdapterOptions OPTIONS = io.dat4j.AdapterOptions.builder().asyncEventQueueLength(16)
            .build();
    private static InetAddress ip;
    private static RegistryEntry entry;

    private InterfaceAdapter ia;
    private RdmaCmTransport transport;
    private Arena arena;

    @BeforeAll
    static void requireDevice() throws Exception {
        final GuestDevice device = GuestDevice.require();
        ip = device.ip();
        entry = device.entry();
    }

    @BeforeEach
    void open() {
        arena = Arena.ofShared();
        ia = new RdmaCmProvider().open(entry, OPTIONS, t -> transport = t);
    }

    @AfterEach
    void close() {
        ia.close();
        assertTrue(ia.isClosed());
        arena.close();
        // the IA's CM, completion and timer threads end with it
        GuestDevice.assertNoProviderThreads();
    }

    /** One side: PZ, recv/request EVD (CQ), connect EVD, EP, a 4 KiB LMR. */
    private final class Side {
        final ProtectionZone pz = ia.createProtectionZone();
        final EventDispatcher dto = ia.createEventDispatcher(16, null, Set.of(EventStream.DTO));
        final EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
        final Endpoint ep = ia.createEndpoint(pz, dto, dto, conn, null);
        final MemorySegment buffer = arena.allocate(4096, 4096);
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, buffer, MemoryPrivilege.ALL);
    }

    private static ConnectionEvent connection(final EventDispatcher evd, final EventNumber expected) {
        final Event e = evd.await(WAIT);
        final ConnectionEvent c = assertInstanceOf(ConnectionEvent.class, e, String.valueOf(e));
        assertEquals(expected, c.number(), String.valueOf(c));
        return c;
    }

    private static DtoCompletionEvent completion(final EventDispatcher evd) {
        final Event e = evd.await(WAIT);
        return assertInstanceOf(DtoCompletionEvent.class, e, String.valueOf(e));
    }

    @Test
    @DisplayName("the IA reports the device's limits and librdmacm's private-data limits (RC-03 56 as openib_cma, RA-11 196) and openib_cma's DAT_IB_RDMA_READ")
    void shouldDescribeTheDevice() {
        assertEquals("rdmacm", ia.providerAttributes().providerName());
        assertEquals(56, ia.providerAttributes().maxConnectPrivateData());
        assertEquals(196, ia.providerAttributes().maxAcceptPrivateData());
        assertEquals(56, ia.providerAttributes().maxPrivateDataSize(), "openib_cma's max_private_data_size");
        assertEquals("TRUE", ia.providerAttributes().providerSpecific().get("DAT_IB_RDMA_READ"));
        assertTrue(Set.of("256", "512", "1024", "2048", "4096").contains(
                ia.providerAttributes().providerSpecific().get("DAT_IB_TRANSPORT_MTU")));
        assertEquals(ip, ia.address().getAddress());
        assertTrue(ia.attributes().maxEndpoints() > 0);
        assertTrue(ia.attributes().maxRdmaReadPerEndpointIn() > 0);
    }

    @Test
    @DisplayName("PSP listen, connect with 52 bytes, accept with 192 bytes (exact lengths), send/recv, RDMA write and read, disconnect")
    void shouldConnectAndSend() {
        final Side server = new Side();
        final Side client = new Side();
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        server.ep.postRecv(server.lmr.triplet(0, 4096), 7);

        final byte[] hello = new byte[52];
        Arrays.fill(hello, (byte) 'q');
        client.ep.connect(ip, psp.connectionQualifier(), WAIT, hello);
        final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT));
        assertArrayEquals(hello, cr.request().query().privateData().toByteArray());
        final byte[] welcome = new byte[192];
        Arrays.fill(welcome, (byte) 'a');
        cr.request().accept(server.ep, welcome);

        final ConnectionEvent est = connection(client.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertArrayEquals(welcome, est.privateData().toByteArray());
        connection(server.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        assertEquals(EndpointState.CONNECTED, client.ep.state());
        assertEquals(EndpointState.CONNECTED, server.ep.state());

        final byte[] msg = "hello over rdmacm".getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(msg, 0, client.buffer, ValueLayout.JAVA_BYTE, 0, msg.length);
        client.ep.postSend(client.lmr.triplet(0, msg.length), 11);
        final DtoCompletionEvent sent = completion(client.dto);
        assertEquals(11, sent.cookie());
        assertEquals(DtoStatus.SUCCESS, sent.status());
        final DtoCompletionEvent got = completion(server.dto);
        assertEquals(7, got.cookie());
        assertEquals(DtoStatus.SUCCESS, got.status());
        assertEquals(DtoOperation.RECEIVE, got.operation());
        assertEquals(msg.length, got.transferredLength());
        assertArrayEquals(msg, server.buffer.asSlice(0, msg.length).toArray(ValueLayout.JAVA_BYTE));

        // RDMA write and read against the server's region: its rmr_context is the ibv_mr rkey
        final byte[] data = "one-sided".getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(data, 0, client.buffer, ValueLayout.JAVA_BYTE, 100, data.length);
        client.ep.postRdmaWrite(java.util.List.of(client.lmr.triplet(100, data.length)), 12,
                server.lmr.remoteTriplet(2000, data.length), io.dat4j.CompletionFlag.DEFAULT);
        final DtoCompletionEvent wrote = completion(client.dto);
        assertEquals(12, wrote.cookie());
        assertEquals(DtoStatus.SUCCESS, wrote.status());
        assertEquals(DtoOperation.RDMA_WRITE, wrote.operation());
        assertArrayEquals(data, server.buffer.asSlice(2000, data.length).toArray(ValueLayout.JAVA_BYTE));
        client.ep.postRdmaRead(java.util.List.of(client.lmr.triplet(3000, msg.length)), 13,
                server.lmr.remoteTriplet(0, msg.length), io.dat4j.CompletionFlag.DEFAULT);
        final DtoCompletionEvent read = completion(client.dto);
        assertEquals(13, read.cookie());
        assertEquals(DtoStatus.SUCCESS, read.status());
        assertArrayEquals(msg, client.buffer.asSlice(3000, msg.length).toArray(ValueLayout.JAVA_BYTE));

        client.ep.disconnect(io.dat4j.CloseMode.ABRUPT);
        connection(client.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        connection(server.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        psp.close();
    }

    /** Connects a client side to a server side through a new PSP; both ESTABLISHED. */
    private void connect(final Side client, final Side server) {
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        client.ep.connect(ip, psp.connectionQualifier(), WAIT, null);
        final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT));
        cr.request().accept(server.ep, null);
        connection(client.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        connection(server.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        psp.close();
    }

    private long pdOfMr(final LocalMemoryRegion lmr) {
        final RdmaCmTransport.Registration r = assertInstanceOf(RdmaCmTransport.Registration.class,
                transport.adapter().region(lmr).registration());
        return io.dat4j.provider.rdmacm.ffi.generated.ibv_mr.pd(r.mr()).address();
    }

    @Test
    @DisplayName("a receive shorter than the message: Soft-RoCE reports IBV_WC_LOC_QP_OP_ERR, LOCAL_EP as in libdapl,"
            + " and the IA does not claim RECEIVE_LENGTH_ERROR; nothing is written past the receive's buffer")
    void shouldReportAShortReceiveAsTheDeviceDoes() {
        Assumptions.assumeTrue(ia.attributes().vendorName().startsWith("vendor 0xffffff "),
                () -> "the device is not Soft-RoCE: " + ia.attributes().vendorName());
        assertFalse(ia.supports(io.dat4j.Capability.RECEIVE_LENGTH_ERROR), "rxe must not claim RECEIVE_LENGTH_ERROR");
        final Side client = new Side();
        final Side server = new Side();
        connect(client, server);
        server.buffer.fill((byte) 0x5a);
        server.ep.postRecv(server.lmr.triplet(0, 100), 1);
        client.buffer.fill((byte) 'm');
        client.ep.postSend(client.lmr.triplet(0, 4096), 2);
        final DtoCompletionEvent recv = completion(server.dto);
        assertEquals(1, recv.cookie());
        // Linux 6.1: IBV_WC_LOC_QP_OP_ERR (LOCAL_EP); kernels whose copy reports -ENOSPC: IBV_WC_REM_INV_REQ_ERR
        // (REMOTE_RESPONDER). Were rxe ever to report IBV_WC_LOC_LEN_ERR, the IA should claim the capability.
        assertTrue(recv.status() == DtoStatus.LOCAL_EP || recv.status() == DtoStatus.REMOTE_RESPONDER,
                "what rdma_rxe reports for a receive too small: " + recv.status());
        assertEquals(-1, server.buffer.asSlice(100).mismatch(arena.allocate(4096 - 100).fill((byte) 0x5a)),
                "first byte changed past the 100-byte receive");
        final DtoCompletionEvent send = completion(client.dto);
        assertEquals(2, send.cookie());
        assertEquals(DtoStatus.REMOTE_RESPONDER, send.status(), "the sender's view (IBV_WC_REM_OP_ERR)");
    }

    @Test
    @DisplayName("one ibv_pd per PZ (dat_pz_create = ibv_alloc_pd): LMRs of two PZs are in two PDs, two connections in"
            + " two PZs move data, and an LMR of the other PZ completes LOCAL_PROTECTION without reaching the QP")
    void shouldGiveEachProtectionZoneItsOwnPd() {
        final Side a1 = new Side();
        final Side a2 = new Side();
        final Side b1 = new Side();
        final Side b2 = new Side();
        assertTrue(pdOfMr(a1.lmr) != 0 && pdOfMr(a2.lmr) != 0);
        assertTrue(pdOfMr(a1.lmr) != pdOfMr(b1.lmr), "two PZs, two ibv_pd");
        final LocalMemoryRegion second = ia.createLocalMemoryRegion(a1.pz, arena.allocate(4096, 4096),
                MemoryPrivilege.ALL);
        assertEquals(pdOfMr(a1.lmr), pdOfMr(second), "one PZ, one ibv_pd");
        second.close();
        connect(a1, a2);
        connect(b1, b2);
        for (final Side[] pair : new Side[][] {{a1, a2}, {b1, b2}}) {
            final Side client = pair[0];
            final Side server = pair[1];
            server.ep.postRecv(server.lmr.triplet(0, 64), 1);
            client.buffer.asSlice(0, 64).fill((byte) (client == a1 ? 'a' : 'b'));
            client.ep.postSend(client.lmr.triplet(0, 64), 2);
            assertEquals(DtoStatus.SUCCESS, completion(client.dto).status());
            assertEquals(DtoStatus.SUCCESS, completion(server.dto).status());
            assertEquals(client == a1 ? 'a' : 'b', (char) server.buffer.get(ValueLayout.JAVA_BYTE, 63));
        }
        // a1's EP is in PZ a1; b1's LMR is in PZ b1: refused locally, nothing reaches the peer
        a2.ep.postRecv(a2.lmr.triplet(0, 64), 3);
        a1.ep.postSend(b1.lmr.triplet(0, 64), 4);
        final DtoCompletionEvent refused = completion(a1.dto);
        assertEquals(4, refused.cookie());
        assertEquals(DtoStatus.LOCAL_PROTECTION, refused.status());
        assertEquals(StatusType.TIMEOUT_EXPIRED, assertThrows(DatException.class,
                () -> a2.dto.await(Duration.ofSeconds(2))).type(), "the peer received nothing");
        // the connection is still good afterwards
        a1.ep.postSend(a1.lmr.triplet(0, 64), 5);
        assertEquals(DtoStatus.SUCCESS, completion(a1.dto).status());
        assertEquals(3, completion(a2.dto).cookie());
        assertEquals(StatusType.INVALID_STATE, assertThrows(DatException.class, a1.pz::close).type(),
                "PZ_IN_USE while its EP and LMR exist");
    }

    @Test
    @DisplayName("GRACEFUL disconnect: 8 sends of 64 KiB and an RDMA write posted just before all complete SUCCESS "
            + "(rdma_disconnect waits for them), the data arrives, then DISCONNECTED on both sides (CM-05)")
    void shouldLetOutstandingRequestsCompleteOnGracefulDisconnect() {
        final int n = 8;
        final int size = 65536;
        final Side client = new Side();
        final Side server = new Side();
        final MemorySegment src = arena.allocate((long) size * (n + 1), 4096);
        final MemorySegment dst = arena.allocate((long) size * (n + 1), 4096);
        final LocalMemoryRegion srcLmr = ia.createLocalMemoryRegion(client.pz, src, MemoryPrivilege.ALL);
        final LocalMemoryRegion dstLmr = ia.createLocalMemoryRegion(server.pz, dst, MemoryPrivilege.ALL);
        for (int i = 0; i < n; i++) {
            src.asSlice((long) i * size, size).fill((byte) (i + 1));
            server.ep.postRecv(dstLmr.triplet((long) i * size, size), 100 + i);
        }
        src.asSlice((long) n * size, size).fill((byte) 0x5a);
        connect(client, server);
        for (int i = 0; i < n; i++) {
            client.ep.postSend(srcLmr.triplet((long) i * size, size), i);
        }
        client.ep.postRdmaWrite(java.util.List.of(srcLmr.triplet((long) n * size, size)), n,
                dstLmr.remoteTriplet((long) n * size, size), io.dat4j.CompletionFlag.DEFAULT);
        client.ep.disconnect(io.dat4j.CloseMode.GRACEFUL);
        // the consumer waits only for DISCONNECTED: the provider must drain the send CQ itself, well before the
        // bound of dat4j.rdmacm.gracefulDrainTimeoutMs (after which it would disconnect anyway)
        final Event down = client.conn.await(Duration.ofMillis(RdmaCmConfig.GRACEFUL_DRAIN_TIMEOUT_DEFAULT / 2));
        assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED,
                assertInstanceOf(ConnectionEvent.class, down).number());
        for (int i = 0; i <= n; i++) {
            final DtoCompletionEvent d = completion(client.dto);
            assertEquals(i, d.cookie());
            assertEquals(DtoStatus.SUCCESS, d.status(), "request " + i + " before the graceful disconnect");
        }
        for (int i = 0; i < n; i++) {
            final DtoCompletionEvent d = completion(server.dto);
            assertEquals(100 + i, d.cookie());
            assertEquals(DtoStatus.SUCCESS, d.status(), "receive " + i);
            assertEquals(size, d.transferredLength());
            assertEquals((byte) (i + 1), dst.get(ValueLayout.JAVA_BYTE, (long) i * size + size - 1));
        }
        assertEquals((byte) 0x5a, dst.get(ValueLayout.JAVA_BYTE, (long) n * size + size - 1), "the RDMA write");
        connection(server.conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertEquals(EndpointState.DISCONNECTED, client.ep.state());
    }

    /** Connects a client side to a server EP through a new PSP; both ESTABLISHED. */
    private void connect(final Side client, final Endpoint server, final EventDispatcher serverConn) {
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        client.ep.connect(ip, psp.connectionQualifier(), WAIT, null);
        final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT));
        cr.request().accept(server, null);
        connection(client.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        connection(serverConn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        psp.close();
    }

    private static void send(final Side client, final int offset, final byte fill, final long cookie) {
        client.buffer.asSlice(offset, 64).fill(fill);
        client.ep.postSend(client.lmr.triplet(offset, 64), cookie);
        final DtoCompletionEvent d = completion(client.dto);
        assertEquals(cookie, d.cookie());
        assertEquals(DtoStatus.SUCCESS, d.status());
    }

    @Test
    @DisplayName("SRQ as an ibv_srq (SRQ-01 on hardware): two EPs consume one SRQ's buffers in posting order, each "
            + "completion on the consuming EP's recv EVD with the buffer's cookie and data; a buffer of another PZ "
            + "completes LOCAL_PROTECTION on the EP that reaches it")
    void shouldShareOneSrqBetweenTwoEndpoints() {
        final ProtectionZone pz = ia.createProtectionZone();
        final io.dat4j.SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new io.dat4j.SrqAttributes(16, 1, 0));
        final MemorySegment pool = arena.allocate(16 * 256, 4096);
        final LocalMemoryRegion poolLmr = ia.createLocalMemoryRegion(pz, pool, MemoryPrivilege.ALL);
        final EventDispatcher[] recv = new EventDispatcher[2];
        final EventDispatcher[] conn = new EventDispatcher[2];
        final Endpoint[] server = new Endpoint[2];
        final Side[] client = {new Side(), new Side()};
        for (int i = 0; i < 2; i++) {
            recv[i] = ia.createEventDispatcher(16, null, Set.of(EventStream.DTO));
            conn[i] = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
            server[i] = ia.createEndpointWithSrq(pz, recv[i], recv[i], conn[i], srq, null);
        }
        assertEquals(StatusType.INVALID_STATE, assertThrows(DatException.class,
                () -> server[0].postRecv(poolLmr.triplet(0, 64), 1)).type(), "post_recv on an EP with an SRQ");
        for (int b = 0; b < 6; b++) {
            srq.postRecv(java.util.List.of(poolLmr.triplet(b * 256L, 256)), 100 + b, io.dat4j.CompletionFlag.DEFAULT);
        }
        assertEquals(6, srq.available());
        connect(client[0], server[0], conn[0]);
        connect(client[1], server[1], conn[1]);
        for (int k = 0; k < 3; k++) {
            send(client[0], k * 64, (byte) ('a' + k), k);
        }
        for (int k = 0; k < 3; k++) {
            send(client[1], k * 64, (byte) ('x' + k), k);
        }
        for (int i = 0; i < 2; i++) {
            for (int k = 0; k < 3; k++) {
                final DtoCompletionEvent d = completion(recv[i]);
                final int b = i * 3 + k;
                assertEquals(DtoStatus.SUCCESS, d.status(), "EP " + i + " message " + k);
                assertEquals(DtoOperation.RECEIVE, d.operation());
                assertEquals(100 + b, d.cookie(), "the SRQ's buffers are consumed in posting order");
                assertEquals(64, d.transferredLength());
                assertEquals((byte) ((i == 0 ? 'a' : 'x') + k), pool.get(ValueLayout.JAVA_BYTE, b * 256L + 63));
            }
        }
        assertEquals(0, srq.available());
        // a buffer that failed the local checks never reaches the device; the EP that consumes the next one reports it
        final ProtectionZone other = ia.createProtectionZone();
        final LocalMemoryRegion foreign = ia.createLocalMemoryRegion(other, arena.allocate(4096, 4096),
                MemoryPrivilege.ALL);
        srq.postRecv(java.util.List.of(foreign.triplet(0, 256)), 200, io.dat4j.CompletionFlag.DEFAULT);
        srq.postRecv(java.util.List.of(poolLmr.triplet(6 * 256L, 256)), 201, io.dat4j.CompletionFlag.DEFAULT);
        send(client[1], 0, (byte) 'z', 9);
        final DtoCompletionEvent bad = completion(recv[1]);
        assertEquals(200, bad.cookie());
        assertEquals(DtoStatus.LOCAL_PROTECTION, bad.status());
        final DtoCompletionEvent good = completion(recv[1]);
        assertEquals(201, good.cookie());
        assertEquals(DtoStatus.SUCCESS, good.status());
        assertEquals((byte) 'z', pool.get(ValueLayout.JAVA_BYTE, 6 * 256L + 63));
        // the SRQ grows (ibv_modify_srq) and takes more buffers than it was created with
        srq.resize(32);
        for (int b = 0; b < 20; b++) {
            srq.postRecv(java.util.List.of(poolLmr.triplet((b % 16) * 256L, 256)), 300 + b,
                    io.dat4j.CompletionFlag.DEFAULT);
        }
        assertEquals(20, srq.available());
        assertEquals(StatusType.INVALID_STATE, assertThrows(DatException.class, srq::close).type(),
                "SRQ_IN_USE while its EPs exist");
        for (int i = 0; i < 2; i++) {
            server[i].disconnect(io.dat4j.CloseMode.ABRUPT);
            connection(conn[i], EventNumber.CONNECTION_EVENT_DISCONNECTED);
            server[i].close();
        }
        assertEquals(20, srq.available(), "a disconnect does not flush the SRQ");
        srq.close();
        assertTrue(srq.isClosed());
    }

    @Test
    @DisplayName("dat_evd_resize grows the EVD's CQ (ibv_resize_cq): 24 receive completions fit an EVD created for 2 "
            + "(EVD-17 on hardware)")
    void shouldResizeTheCompletionQueue() {
        final Side client = new Side();
        final ProtectionZone pz = ia.createProtectionZone();
        final EventDispatcher recv = ia.createEventDispatcher(2, null, Set.of(EventStream.DTO));
        final EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
        final Endpoint server = ia.createEndpoint(pz, recv, null, conn, null);
        final MemorySegment buffer = arena.allocate(4096, 4096);
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, buffer, MemoryPrivilege.ALL);
        recv.resize(32);
        assertEquals(32, recv.query().queueLength());
        final int n = 24;
        for (int k = 0; k < n; k++) {
            server.postRecv(lmr.triplet(k * 64L, 64), k);
        }
        connect(client, server, conn);
        for (int k = 0; k < n; k++) {
            send(client, 0, (byte) k, 1000 + k);
        }
        // every completion is in the CQ before the first dequeue: a CQ of 2 entries would have overflowed
        for (int k = 0; k < n; k++) {
            final DtoCompletionEvent d = completion(recv);
            assertEquals(k, d.cookie());
            assertEquals(DtoStatus.SUCCESS, d.status());
        }
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> recv.resize(0)).type());
    }

    /** {@return an IPv6 address of the netdev: a global one if it has one, else its link-local one (with scope)} */
    private static java.net.Inet6Address ipv6Address() throws java.net.SocketException {
        final java.net.NetworkInterface ni = java.net.NetworkInterface.getByName(System.getenv("SOFTROCE_NETDEV"));
        java.net.Inet6Address linkLocal = null;
        for (final InetAddress a : java.util.Collections.list(ni.getInetAddresses())) {
            if (a instanceof java.net.Inet6Address v6) {
                if (!v6.isLinkLocalAddress()) {
                    return v6;
                }
                linkLocal = v6;
            }
        }
        return linkLocal;
    }

    @Test
    @DisplayName("IPv6: an IA on the netdev's IPv6 address (link-local with its scope id, or global) listens, connects,"
            + " sends and reads over rxe's RoCEv2 IPv6 GID")
    void shouldConnectOverIpv6() throws Exception {
        final java.net.Inet6Address v6 = ipv6Address();
        Assumptions.assumeTrue(v6 != null, "no IPv6 address on " + System.getenv("SOFTROCE_NETDEV")
                + " (IPv6 disabled?)");
        System.out.println("IPv6 test on " + v6.getHostAddress() + (v6.isLinkLocalAddress() ? " (link-local)" : ""));
        final RegistryEntry e6 = new RegistryEntry("ofa-v2-ipv6", "u2.0", true, false, "libdaplofa.so.2",
                "dapl.2.0", v6.getHostAddress() + " 0", "");
        try (InterfaceAdapter ia6 = new RdmaCmProvider().open(e6, io.dat4j.AdapterOptions.builder().asyncEventQueueLength(16).build())) {
            assertEquals(v6, ia6.address().getAddress());
            final ProtectionZone pz = ia6.createProtectionZone();
            final EventDispatcher dto = ia6.createEventDispatcher(16, null, Set.of(EventStream.DTO));
            final EventDispatcher conn = ia6.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
            final EventDispatcher crEvd = ia6.createEventDispatcher(4, null, Set.of(EventStream.CR));
            final Endpoint client = ia6.createEndpoint(pz, dto, dto, conn, null);
            final EventDispatcher sdto = ia6.createEventDispatcher(16, null, Set.of(EventStream.DTO));
            final EventDispatcher sconn = ia6.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
            final Endpoint server = ia6.createEndpoint(pz, sdto, sdto, sconn, null);
            final MemorySegment buffer = arena.allocate(4096, 4096);
            final LocalMemoryRegion lmr = ia6.createLocalMemoryRegion(pz, buffer, MemoryPrivilege.ALL);
            final PublicServicePoint psp = ia6.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
            server.postRecv(lmr.triplet(2048, 64), 1);
            client.connect(v6, psp.connectionQualifier(), WAIT, "v6".getBytes(StandardCharsets.US_ASCII));
            final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT));
            assertArrayEquals("v6".getBytes(StandardCharsets.US_ASCII), cr.request().query().privateData().toByteArray());
            cr.request().accept(server, null);
            connection(conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            connection(sconn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            assertEquals(v6, client.query().remoteAddress().getAddress(),
                    "the peer's address is the IPv6 one");
            buffer.asSlice(0, 64).fill((byte) 6);
            client.postSend(lmr.triplet(0, 64), 2);
            assertEquals(DtoStatus.SUCCESS, completion(dto).status());
            final DtoCompletionEvent got = completion(sdto);
            assertEquals(DtoStatus.SUCCESS, got.status());
            assertEquals(64, got.transferredLength());
            assertEquals((byte) 6, buffer.get(ValueLayout.JAVA_BYTE, 2048 + 63));
            client.postRdmaRead(java.util.List.of(lmr.triplet(1024, 64)), 3, lmr.remoteTriplet(2048, 64),
                    io.dat4j.CompletionFlag.DEFAULT);
            assertEquals(DtoStatus.SUCCESS, completion(dto).status());
            assertEquals((byte) 6, buffer.get(ValueLayout.JAVA_BYTE, 1024 + 63));
            client.disconnect(io.dat4j.CloseMode.GRACEFUL);
            connection(conn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
            connection(sconn, EventNumber.CONNECTION_EVENT_DISCONNECTED);
        }
    }

    @Test
    @DisplayName("reject with private data: PEER_REJECTED with the bytes; 145 bytes are LENGTH_ERROR before sending")
    void shouldRejectWithPrivateData() {
        final Side client = new Side();
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        client.ep.connect(ip, psp.connectionQualifier(), WAIT, null);
        final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT));
        assertEquals(StatusType.LENGTH_ERROR, assertThrows(DatException.class,
                () -> cr.request().reject(new byte[145])).type());
        final byte[] why = "busy".getBytes(StandardCharsets.US_ASCII);
        cr.request().reject(why);
        final ConnectionEvent rej = connection(client.conn, EventNumber.CONNECTION_EVENT_PEER_REJECTED);
        assertArrayEquals(why, rej.privateData().toByteArray());
        assertEquals(EndpointState.DISCONNECTED, client.ep.state());
        psp.close();
    }

    @Test
    @DisplayName("connect to a qualifier nobody listens on: NON_PEER_REJECTED or UNREACHABLE, never a hang")
    void shouldReportNoListener() {
        final Side client = new Side();
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        final long unused = psp.connectionQualifier();
        psp.close();
        client.ep.connect(ip, unused, WAIT, null);
        final ConnectionEvent e = assertInstanceOf(ConnectionEvent.class, client.conn.await(WAIT));
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED
                || e.number() == EventNumber.CONNECTION_EVENT_UNREACHABLE, String.valueOf(e));
        assertFalse(client.ep.state() == EndpointState.CONNECTED);
    }

    @Test
    @DisplayName("connect timeout: an address that never answers gives TIMED_OUT within the consumer's timeout")
    void shouldTimeOut() throws Exception {
        final Side client = new Side();
        final byte[] b = ip.getAddress();
        b[3] = (byte) 199;
        client.ep.connect(InetAddress.getByAddress(b), 4791, Duration.ofSeconds(1), null);
        final ConnectionEvent e = assertInstanceOf(ConnectionEvent.class, client.conn.await(WAIT));
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_TIMED_OUT
                || e.number() == EventNumber.CONNECTION_EVENT_UNREACHABLE, String.valueOf(e));
        assertEquals(EndpointState.DISCONNECTED, client.ep.state());
    }

    @Test
    @DisplayName("closing the IA with a connected EP and posted receives frees everything (threads checked after)")
    void shouldCloseAConnectedIa() {
        final Side server = new Side();
        final Side client = new Side();
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        server.ep.postRecv(server.lmr.triplet(0, 64), 1);
        client.ep.postRecv(client.lmr.triplet(0, 64), 2);
        client.ep.connect(ip, psp.connectionQualifier(), WAIT, null);
        final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, crEvd.await(WAIT));
        cr.request().accept(server.ep, null);
        connection(client.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        connection(server.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
        ia.close();
        assertTrue(client.ep.isClosed() && server.ep.isClosed() && client.lmr.isClosed() && psp.isClosed());
    }
}

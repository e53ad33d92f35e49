package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.RegistryEntry;
import io.dat4j.StatusType;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.CmEvent;
import io.dat4j.provider.rdmacm.ffi.CmEventType;
import io.dat4j.provider.rdmacm.ffi.ConnectionParameters;
import io.dat4j.provider.rdmacm.ffi.DataPath;
import io.dat4j.provider.rdmacm.ffi.DeviceAttributes;
import io.dat4j.provider.rdmacm.ffi.Errno;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import io.dat4j.provider.rdmacm.ffi.PortAttributes;
import io.dat4j.provider.rdmacm.ffi.StructCopy;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Smoke test on a real RDMA device (the Soft-RoCE guest: {@code src/test/softroce/run-guest-tests.sh}): the provider is
 * available and lists the device; librdmacm connection set-up through the CM event thread (resolve address, resolve
 * route, connect, accept on the request's identifier, reject with private data) and the verbs data path through
 * {@code ibv_context.ops} (send/receive and RDMA write between two QPs). Skipped, with the reason, where there is no
 * device. Until the provider kit lands, this drives the ffi layer and the event thread directly.
 */
@DisplayName("Soft-RoCE smoke: device, CM set-up through the event thread, verbs data path")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SoftRoceSmokeTest {

    /** Generous: the guest's JVM runs 15-25 times slower than the host's. */
    private static final long WAIT_S = 60;

    private static String device;
    private static InetAddress ip;

    private final Deque<Runnable> cleanup = new ArrayDeque<>();
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private final Map<Long, BlockingQueue<CmEvent>> events = new ConcurrentHashMap<>();
    private final BlockingQueue<CmEvent> requests = new LinkedBlockingQueue<>();
    private CmEventChannel channel;
    private Arena arena;

    @BeforeAll
    static void requireDevice() throws Exception {
        Assumptions.assumeTrue(RdmaCm.isAvailable(), () -> "needs an RDMA device (run src/test/softroce/"
                + "run-guest-tests.sh): " + RdmaCm.unavailabilityCause().getMessage());
        device = System.getenv().getOrDefault("SOFTROCE_RDMA_DEV", RdmaCm.deviceNames().get(0));
        final String addr = System.getenv("SOFTROCE_IP");
        Assumptions.assumeTrue(addr != null, "needs SOFTROCE_IP, the address of the netdev under the device");
        ip = InetAddress.getByName(addr);
    }

    @BeforeEach
    void open() {
        arena = Arena.ofShared();
        channel = new CmEventChannel(errors::add);
    }

    @AfterEach
    void close() {
        while (!cleanup.isEmpty()) {
            try {
                cleanup.pop().run();
            } catch (final RuntimeException e) {
                errors.add(e);
            }
        }
        channel.close();
        assertFalse(channel.isRunning(), "the CM thread must stop on close");
        arena.close();
        assertTrue(errors.isEmpty(), "errors on the CM thread or in clean-up: " + errors);
    }

    private MemorySegment newId() {
        final MemorySegment id = channel.createId(this::deliver);
        events.put(id.address(), new LinkedBlockingQueue<>());
        return id;
    }

    private void deliver(final CmEvent e) {
        if (e.type() == CmEventType.CONNECT_REQUEST) {
            events.put(e.id(), new LinkedBlockingQueue<>());
            channel.register(e.id(), this::deliver);
            requests.add(e);
            return;
        }
        events.computeIfAbsent(e.id(), k -> new LinkedBlockingQueue<>()).add(e);
    }

    private CmEvent await(final MemorySegment id, final CmEventType expected) throws InterruptedException {
        return await(id.address(), expected);
    }

    private CmEvent await(final long id, final CmEventType expected) throws InterruptedException {
        final CmEvent e = events.get(id).poll(WAIT_S, TimeUnit.SECONDS);
        assertNotNull(e, "no " + expected + " within " + WAIT_S + " s; errors: " + errors);
        assertEquals(expected, e.type(), "event " + e);
        return e;
    }

    private CmEvent awaitRequest() throws InterruptedException {
        final CmEvent e = requests.poll(WAIT_S, TimeUnit.SECONDS);
        assertNotNull(e, "no CONNECT_REQUEST within " + WAIT_S + " s; errors: " + errors);
        return e;
    }

    private void destroyLater(final MemorySegment id) {
        cleanup.push(() -> channel.destroyId(id));
    }

    /** A listening identifier on the device's address, port picked by the kernel; returns its port. */
    private int listen(final MemorySegment id) {
        CmCalls.bindAddr(id, new InetSocketAddress(ip, 0));
        CmCalls.listen(id, 0);
        return CmCalls.sourcePort(id);
    }

    /** Resolves address and route of an active identifier. */
    private void resolve(final MemorySegment id, final int port) throws InterruptedException {
        CmCalls.resolveAddr(id, null, new InetSocketAddress(ip, port), 5000);
        await(id, CmEventType.ADDR_RESOLVED);
        CmCalls.resolveRoute(id, 5000);
        await(id, CmEventType.ROUTE_RESOLVED);
    }

    /** One side's verbs objects: PD, CQ, QP on the identifier, one registered 4 KiB buffer. */
    private final class Side {
        final MemorySegment id;
        final MemorySegment pd;
        final MemorySegment cq;
        final MemorySegment buffer;
        final MemorySegment mr;
        final DataPath.VerbsOps ops;
        final MemorySegment wcs;
        final MemorySegment badWr;

        Side(final MemorySegment id) {
            this.id = id;
            final MemorySegment ctx = CmCalls.idContext(id);
            assertFalse(ctx.equals(MemorySegment.NULL), "identifier has no device context");
            pd = VerbsCalls.allocPd(ctx);
            cleanup.push(() -> VerbsCalls.deallocPd(pd));
            cq = VerbsCalls.createCq(ctx, 16, MemorySegment.NULL);
            cleanup.push(() -> VerbsCalls.destroyCq(cq));
            final MemorySegment attr = StructCopy.qpInitAttr(arena, cq, cq, 8, 8, 1, 1, 0);
            CmCalls.createQp(id, pd, attr);
            cleanup.push(() -> CmCalls.destroyQp(id));
            buffer = arena.allocate(4096, 4096);
            mr = VerbsCalls.regMr(pd, buffer, VerbsCalls.IBV_ACCESS_LOCAL_WRITE | VerbsCalls.IBV_ACCESS_REMOTE_WRITE
                    | VerbsCalls.IBV_ACCESS_REMOTE_READ);
            cleanup.push(() -> VerbsCalls.deregMr(mr));
            ops = DataPath.opsOf(ctx);
            wcs = DataPath.allocateWcs(arena, 4);
            badWr = arena.allocate(ValueLayout.ADDRESS);
        }

        void postRecv(final long cookie) {
            final MemorySegment sge = DataPath.allocateSges(arena, 1);
            DataPath.sge(sge, 0, buffer.address(), (int) buffer.byteSize(), VerbsCalls.mrLkey(mr));
            final MemorySegment wr = DataPath.allocateRecvWr(arena);
            DataPath.recvWr(wr, cookie, sge, 1);
            assertEquals(0, DataPath.postRecv(ops, CmCalls.idQp(id), wr, badWr), "ibv_post_recv");
        }

        void post(final long cookie, final int opcode, final int length, final long remoteAddress, final int rkey) {
            final MemorySegment sge = DataPath.allocateSges(arena, 1);
            DataPath.sge(sge, 0, buffer.address(), length, VerbsCalls.mrLkey(mr));
            final MemorySegment wr = DataPath.allocateSendWr(arena);
            DataPath.sendWr(wr, cookie, sge, 1, opcode, DataPath.IBV_SEND_SIGNALED, remoteAddress, rkey);
            assertEquals(0, DataPath.postSend(ops, CmCalls.idQp(id), wr, badWr), "ibv_post_send");
        }

        /** Polls until one completion arrives; returns {wr_id, status, opcode, byte_len}. */
        long[] completion() throws InterruptedException {
            final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_S);
            while (System.nanoTime() < end) {
                final int n = DataPath.pollCq(ops, cq, 1, wcs);
                assertTrue(n >= 0, "ibv_poll_cq failed: " + n);
                if (n == 1) {
                    return new long[] {DataPath.wcWrId(wcs, 0), DataPath.wcStatus(wcs, 0),
                        DataPath.wcOpcode(wcs, 0), DataPath.wcByteLength(wcs, 0)};
                }
                Thread.sleep(1);
            }
            return fail("no completion within " + WAIT_S + " s");
        }
    }

    @Test
    @DisplayName("the provider is available and lists the device, its port and its netdev")
    void shouldListTheDevice() {
        assertTrue(RdmaCm.deviceNames().contains(device), "devices: " + RdmaCm.deviceNames());
        final List<String> names = new RdmaCmProvider().defaultEntries().stream().map(RegistryEntry::iaName).toList();
        assertTrue(names.contains("ofa-v2-" + device + "-1"), "entries: " + names);
        final MemorySegment ctx = VerbsCalls.openDevice(device);
        try {
            final DeviceAttributes d = VerbsCalls.queryDevice(ctx);
            assertTrue(d.maxQpRdAtom() > 0 && d.maxQpInitRdAtom() > 0, String.valueOf(d));
            assertTrue(d.physPortCount() >= 1, String.valueOf(d));
            final PortAttributes p = VerbsCalls.queryPort(ctx, 1);
            assertEquals(VerbsCalls.IBV_PORT_ACTIVE, p.state(), String.valueOf(p));
        } finally {
            VerbsCalls.closeDevice(ctx);
        }
    }

    @Test
    @DisplayName("RC-08 the device is not iWARP, so the passive side may send first (the iWARP rule is documented)")
    void shouldNotBeIwarp() throws Exception {
        final java.nio.file.Path type = java.nio.file.Path.of("/sys/class/infiniband", device, "node_type");
        Assumptions.assumeTrue(java.nio.file.Files.isReadable(type), "no sysfs node_type for " + device);
        final String t = java.nio.file.Files.readString(type).strip();
        assertFalse(t.contains("RNIC"), device + " is iWARP (" + t + "): the active side must send first");
    }

    @Test
    @DisplayName("RA-02 a second listener on the same address and port fails with EADDRINUSE = CONN_QUAL_IN_USE")
    void shouldMapAddressInUse() {
        final MemorySegment a = newId();
        destroyLater(a);
        final int port = listen(a);
        final MemorySegment b = newId();
        destroyLater(b);
        final NativeCallException e = assertThrows(NativeCallException.class,
                () -> CmCalls.bindAddr(b, new InetSocketAddress(ip, port)));
        assertEquals(Errno.EADDRINUSE, e.errno());
        assertEquals(StatusType.CONN_QUAL_IN_USE, e.type());
        assertTrue(e.getMessage().contains("rdma_bind_addr(..) failed: errno 98 (EADDRINUSE)"), e.getMessage());
    }

    @Test
    @DisplayName("RC-02 connect without a resolved route fails; RC-01 RA-01 RC-03 RA-11 connect, accept on the new"
            + " identifier, private data both ways; RA-12 accept uses the request's parameters copied before the ack;"
            + " send/recv and RDMA write through ibv_context.ops; disconnect")
    void shouldConnectAndTransfer() throws Exception {
        final MemorySegment listener = newId();
        destroyLater(listener);
        final int port = listen(listener);
        final DeviceAttributes dev = deviceOf(listener);

        final MemorySegment client = newId();
        destroyLater(client);
        final ConnectionParameters connect = ConnectionPolicy.forConnect(bytes(56, 'q'), 1, 1, -1, -1, dev);
        final NativeCallException noRoute = assertThrows(NativeCallException.class,
                () -> CmCalls.connect(client, connect));
        assertEquals(StatusType.INVALID_PARAMETER, noRoute.type(), noRoute.getMessage());
        CmCalls.resolveAddr(client, null, new InetSocketAddress(ip, port), 5000);
        await(client, CmEventType.ADDR_RESOLVED);
        final NativeCallException addressOnly = assertThrows(NativeCallException.class,
                () -> CmCalls.connect(client, connect), "RC-02: an address without a route is not enough");
        assertEquals(StatusType.INVALID_PARAMETER, addressOnly.type(), addressOnly.getMessage());
        CmCalls.resolveRoute(client, 5000);
        await(client, CmEventType.ROUTE_RESOLVED);
        final Side c = new Side(client);
        CmCalls.connect(client, connect);

        final CmEvent req = awaitRequest();
        assertEquals(listener.address(), req.listenId());
        assertTrue(req.id() != listener.address(), "the request comes with a new identifier");
        assertArrayEquals(bytes(56, 'q'), Arrays.copyOf(req.connection().privateData(), 56));
        final MemorySegment serverId = MemorySegment.ofAddress(req.id());
        destroyLater(serverId);
        final Side s = new Side(serverId);
        s.postRecv(7);
        final ConnectionParameters accept = ConnectionPolicy.forAccept(bytes(196, 'a'), req.connection(), -1, -1,
                -1, dev);
        assertThrows(NativeCallException.class, () -> CmCalls.accept(listener, accept),
                "RA-01: accept on the listening identifier must fail");
        CmCalls.accept(serverId, accept);

        final CmEvent established = await(client, CmEventType.ESTABLISHED);
        assertArrayEquals(bytes(196, 'a'), Arrays.copyOf(established.connection().privateData(), 196));
        await(serverId.address(), CmEventType.ESTABLISHED);

        final byte[] hello = "hello rdmacm".getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(hello, 0, c.buffer, ValueLayout.JAVA_BYTE, 0, hello.length);
        c.post(11, DataPath.IBV_WR_SEND, hello.length, 0, 0);
        final long[] sent = c.completion();
        assertEquals(11, sent[0]);
        assertEquals(DataPath.IBV_WC_SUCCESS, sent[1], DataPath.wcStatusStr((int) sent[1]));
        final long[] got = s.completion();
        assertEquals(7, got[0]);
        assertEquals(DataPath.IBV_WC_SUCCESS, got[1], DataPath.wcStatusStr((int) got[1]));
        assertTrue((got[2] & DataPath.IBV_WC_RECV) != 0, "opcode " + got[2]);
        assertEquals(hello.length, got[3]);
        assertArrayEquals(hello, s.buffer.asSlice(0, hello.length).toArray(ValueLayout.JAVA_BYTE));

        final byte[] written = bytes(100, 'w');
        MemorySegment.copy(written, 0, c.buffer, ValueLayout.JAVA_BYTE, 0, written.length);
        c.post(12, DataPath.IBV_WR_RDMA_WRITE, written.length, s.buffer.address() + 1000, VerbsCalls.mrRkey(s.mr));
        final long[] wrote = c.completion();
        assertEquals(12, wrote[0]);
        assertEquals(DataPath.IBV_WC_SUCCESS, wrote[1], DataPath.wcStatusStr((int) wrote[1]));
        assertArrayEquals(written, s.buffer.asSlice(1000, 100).toArray(ValueLayout.JAVA_BYTE));

        // the passive side sees the DREQ as DISCONNECTED and answers with its own rdma_disconnect (the DREP), as
        // openib_cma does; only then does the active side see DISCONNECTED (else it waits for the DREQ timeout)
        CmCalls.disconnect(client);
        await(serverId.address(), CmEventType.DISCONNECTED);
        CmCalls.disconnect(serverId);
        await(client, CmEventType.DISCONNECTED);
    }

    @Test
    @DisplayName("reject with private data: the active side sees REJECTED (consumer reason 28) with the bytes")
    void shouldRejectWithPrivateData() throws Exception {
        final MemorySegment listener = newId();
        destroyLater(listener);
        final int port = listen(listener);
        final MemorySegment client = newId();
        destroyLater(client);
        resolve(client, port);
        new Side(client);
        CmCalls.connect(client, ConnectionPolicy.forConnect(null, 1, 1, -1, -1, deviceOf(listener)));
        final CmEvent req = awaitRequest();
        final MemorySegment serverId = MemorySegment.ofAddress(req.id());
        final byte[] why = "no thanks".getBytes(StandardCharsets.US_ASCII);
        ConnectionPolicy.checkReject(why);
        CmCalls.reject(serverId, why);
        channel.destroyId(serverId);
        final CmEvent rejected = await(client, CmEventType.REJECTED);
        assertEquals(28, rejected.status(), "IB_CM_REJ_CONSUMER_DEFINED");
        assertArrayEquals(why, Arrays.copyOf(rejected.connection().privateData(), why.length));
    }

    private static DeviceAttributes deviceOf(final MemorySegment boundId) {
        return VerbsCalls.queryDevice(CmCalls.idContext(boundId));
    }

    private static byte[] bytes(final int n, final char c) {
        final byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (c + i % 7);
        }
        return b;
    }
}

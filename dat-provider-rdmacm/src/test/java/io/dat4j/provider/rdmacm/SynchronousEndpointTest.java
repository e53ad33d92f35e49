package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.StatusType;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.CmEvent;
import io.dat4j.provider.rdmacm.ffi.CmEventType;
import io.dat4j.provider.rdmacm.ffi.ConnectionParameters;
import io.dat4j.provider.rdmacm.ffi.Errno;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import io.dat4j.provider.rdmacm.ffi.StructCopy;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The synchronous side of librdmacm ({@code rdma_create_ep}, {@code rdma_get_request}) on a real device, and how it
 * relates to the asynchronous, event-channel side the provider uses (DAT's EVDs are asynchronous: the provider creates
 * every identifier on its event channel, so it never calls {@code rdma_get_request}; a PSP with provider-created EPs
 * corresponds to a passive endpoint with QP attributes). Skipped, with the reason, where there is no device.
 */
@DisplayName("rdma_create_ep / rdma_get_request (GR-02, CE-01..05) on a real device")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SynchronousEndpointTest {

    private static final long WAIT_S = 60;
    private static InetAddress ip;

    @BeforeAll
    static void requireDevice() throws Exception {
        Assumptions.assumeTrue(RdmaCm.isAvailable(), () -> "needs an RDMA device (run src/test/softroce/"
                + "run-guest-tests.sh): " + RdmaCm.unavailabilityCause().getMessage());
        final String addr = System.getenv("SOFTROCE_IP");
        Assumptions.assumeTrue(addr != null, "needs SOFTROCE_IP, the address of the netdev under the device");
        ip = InetAddress.getByName(addr);
    }

    @Test
    @DisplayName("CE-04 a passive endpoint listens without a bind; CE-01 an active one gets its QP at once on a default"
            + " PD; CE-03 each request retrieved gets a QP; CE-02 it connects without resolution; CE-05 synchronous"
            + " until migrated, released with rdma_destroy_ep")
    void shouldConnectSynchronousEndpoints() throws Exception {
        final List<Throwable> errors = new CopyOnWriteArrayList<>();
        try (Arena arena = Arena.ofConfined(); CmEventChannel channel = new CmEventChannel(errors::add)) {
            final MemorySegment attr = StructCopy.qpInitAttr(arena, MemorySegment.NULL, MemorySegment.NULL, 4, 4, 1,
                    1, 0);
            final MemorySegment passiveInfo = CmCalls.getAddrInfo(ip, 0, true);
            final MemorySegment listener;
            try {
                listener = CmCalls.createEp(passiveInfo, MemorySegment.NULL, attr);
            } finally {
                CmCalls.freeAddrInfo(passiveInfo);
            }
            try {
                assertFalse(CmCalls.idChannel(listener).equals(channel.channel()),
                        "CE-05: synchronous, on a private channel of librdmacm");
                CmCalls.listen(listener, 0);
                final int port = CmCalls.sourcePort(listener);
                assertTrue(port > 0, "CE-04: bound by rdma_create_ep");

                final CompletableFuture<MemorySegment> server = CompletableFuture.supplyAsync(() -> {
                    final MemorySegment req = CmCalls.getRequest(listener);
                    CmCalls.accept(req, null);
                    return req;
                }, r -> Thread.ofPlatform().daemon().name("sync-server").start(r));

                final MemorySegment activeInfo = CmCalls.getAddrInfo(ip, port, false);
                final MemorySegment attr2 = StructCopy.qpInitAttr(arena, MemorySegment.NULL, MemorySegment.NULL, 4, 4,
                        1, 1, 0);
                final MemorySegment client;
                try {
                    client = CmCalls.createEp(activeInfo, MemorySegment.NULL, attr2);
                } finally {
                    CmCalls.freeAddrInfo(activeInfo);
                }
                try {
                    assertFalse(CmCalls.idQp(client).equals(MemorySegment.NULL), "CE-01: QP created at once");
                    CmCalls.connect(client, new ConnectionParameters((byte[]) null, 1, 1, 1, 7, 7, 0, 0));
                    final MemorySegment req = server.get(WAIT_S, TimeUnit.SECONDS);
                    try {
                        assertFalse(CmCalls.idQp(req).equals(MemorySegment.NULL), "CE-03: request has a QP");
                        final BlockingQueue<CmEvent> events = new LinkedBlockingQueue<>();
                        channel.register(client.address(), events::add);
                        CmCalls.migrateId(client, channel.channel());
                        assertEquals(channel.channel(), CmCalls.idChannel(client), "CE-05: migrated");
                        CmCalls.disconnect(client);
                        // synchronous: returns once the request's identifier has seen its DISCONNECTED; sends the DREP
                        CmCalls.disconnect(req);
                        final CmEvent e = events.poll(WAIT_S, TimeUnit.SECONDS);
                        assertNotNull(e, "CE-05: after migration events arrive on the channel");
                        assertEquals(CmEventType.DISCONNECTED, e.type());
                    } finally {
                        CmCalls.destroyEp(req);
                    }
                } finally {
                    channel.unregisterQuietly(client.address());
                    CmCalls.destroyEp(client);
                }
            } finally {
                CmCalls.destroyEp(listener);
            }
        }
        assertTrue(errors.isEmpty(), String.valueOf(errors));
    }

    @Test
    @DisplayName("GR-02 rdma_get_request works only on a synchronous listener: on one with an event channel, EINVAL")
    void shouldRefuseGetRequestOnAnAsynchronousListener() {
        final List<Throwable> errors = new CopyOnWriteArrayList<>();
        try (CmEventChannel channel = new CmEventChannel(errors::add)) {
            final MemorySegment id = channel.createId(e -> { });
            try {
                CmCalls.bindAddr(id, new InetSocketAddress(ip, 0));
                CmCalls.listen(id, 0);
                final NativeCallException e = assertThrows(NativeCallException.class,
                        () -> CmCalls.getRequest(id));
                assertEquals(Errno.EINVAL, e.errno());
                assertEquals(StatusType.INVALID_PARAMETER, e.type());
            } finally {
                channel.destroyId(id);
            }
        }
        assertTrue(errors.isEmpty(), String.valueOf(errors));
    }
}

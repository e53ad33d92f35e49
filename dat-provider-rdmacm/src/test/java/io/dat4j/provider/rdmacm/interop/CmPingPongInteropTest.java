package io.dat4j.provider.rdmacm.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.provider.rdmacm.GuestDevice;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * rdma-core's {@code rdma_server} and {@code rdma_client} (rdmacm-utils) against a DAT counterpart on the rdmacm
 * provider. Their protocol ({@code librdmacm/examples/rdma_server.c}, {@code rdma_client.c}): an RC connection with no
 * private data; each side posts one 16-byte receive before accept or connect; the client sends 16 bytes, the server
 * answers with 16 bytes once it has received them; then both disconnect. Skipped, with the reason, where there is no
 * RDMA device (run {@code src/test/softroce/run-guest-tests.sh}) or no rdmacm-utils.
 */
@DisplayName("interop: C rdma_server/rdma_client (rdmacm-utils) against DAT on the rdmacm provider")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class CmPingPongInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final int MESSAGE = 16;
    private static GuestDevice device;

    private InterfaceAdapter ia;
    private Arena arena;
    private CProgram c;

    @BeforeAll
    static void requireDeviceAndTools() throws Exception {
        device = GuestDevice.require();
        CProgram.requireOnPath("rdma_server", "rdma_client");
    }

    @BeforeEach
    void open() {
        arena = Arena.ofShared();
        ia = Dat.openInterfaceAdapter(device.entry().iaName());
    }

    @AfterEach
    void close() throws Exception {
        if (c != null) {
            c.close();
        }
        ia.close();
        arena.close();
    }

    /** PZ, one DTO EVD, a connect EVD, an EP, and a 16-byte receive and send buffer in one LMR. */
    private final class Side {
        final ProtectionZone pz = ia.createProtectionZone();
        final EventDispatcher dto = ia.createEventDispatcher(8, null, Set.of(EventStream.DTO));
        final EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
        final Endpoint ep = ia.createEndpoint(pz, dto, dto, conn, null);
        final MemorySegment buffer = arena.allocate(2 * MESSAGE, 64);
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, buffer, Set.of(MemoryPrivilege.LOCAL_WRITE));

        void postRecv() {
            ep.postRecv(lmr.triplet(0, MESSAGE), 1);
        }

        void send(final byte fill) {
            buffer.asSlice(MESSAGE, MESSAGE).fill(fill);
            ep.postSend(lmr.triplet(MESSAGE, MESSAGE), 2);
        }

        DtoCompletionEvent completion() {
            final Event e = dto.await(WAIT);
            final DtoCompletionEvent d = assertInstanceOf(DtoCompletionEvent.class, e, String.valueOf(e));
            assertEquals(DtoStatus.SUCCESS, d.status(), String.valueOf(d));
            return d;
        }

        ConnectionEvent connection(final EventNumber expected) {
            final Event e = conn.await(WAIT);
            final ConnectionEvent ce = assertInstanceOf(ConnectionEvent.class, e, String.valueOf(e));
            assertEquals(expected, ce.number(), String.valueOf(ce));
            return ce;
        }
    }

    @Test
    @DisplayName("C rdma_client -> DAT server: 16-byte request received, 16-byte reply sent, C exits 0")
    void cClientJavaServer() throws Exception {
        final int port = 7471;
        final Side server = new Side();
        final EventDispatcher crEvd = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePoint(port, crEvd, ServicePointFlag.CONSUMER);
        c = CProgram.start("rdma_client", "-s", device.ip().getHostAddress(), "-p", Integer.toString(port));
        final Event e = crEvd.await(WAIT);
        final ConnectionRequestEvent cr = assertInstanceOf(ConnectionRequestEvent.class, e, String.valueOf(e));
        // rdma_server posts its receive before rdma_accept: so does the DAT side
        server.postRecv();
        cr.request().accept(server.ep, null);
        server.connection(EventNumber.CONNECTION_EVENT_ESTABLISHED);
        final DtoCompletionEvent got = server.completion();
        assertEquals(DtoOperation.RECEIVE, got.operation());
        assertEquals(MESSAGE, got.transferredLength(), "rdma_client sends 16 bytes");
        server.send((byte) 0x5a);
        // rdma_client disconnects as soon as the reply arrives: the reply's completion is SUCCESS, or FLUSHED when
        // the teardown beat the ACK (RC completes a send on its ACK); rdma_client's exit status says it arrived
        final Event last = server.dto.await(WAIT);
        final DtoCompletionEvent reply = assertInstanceOf(DtoCompletionEvent.class, last, String.valueOf(last));
        assertEquals(DtoOperation.SEND, reply.operation(), String.valueOf(reply));
        assertTrue(reply.status() == DtoStatus.SUCCESS || reply.status() == DtoStatus.FLUSHED, String.valueOf(reply));
        c.await(WAIT, true);
        // rdma_client disconnects once it has its reply
        server.connection(EventNumber.CONNECTION_EVENT_DISCONNECTED);
        psp.close();
    }

    @Test
    @DisplayName("DAT client -> C rdma_server: 16 bytes sent, the 16-byte reply received, C exits 0")
    void javaClientCServer() throws Exception {
        final int port = 7472;
        c = CProgram.start("rdma_server", "-s", device.ip().getHostAddress(), "-p", Integer.toString(port));
        final Side client = c.connectWhenListening(() -> {
            final Side s = new Side();
            s.postRecv();
            return s;
        }, s -> s.ep, s -> s.conn, device.ip(), port, WAIT);
        client.send((byte) 0x33);
        final DtoCompletionEvent sent = client.completion();
        assertEquals(DtoOperation.SEND, sent.operation());
        final DtoCompletionEvent got = client.completion();
        assertEquals(DtoOperation.RECEIVE, got.operation());
        assertEquals(MESSAGE, got.transferredLength(), "rdma_server replies with 16 bytes");
        // rdma_server disconnects after its reply completed
        client.connection(EventNumber.CONNECTION_EVENT_DISCONNECTED);
        c.await(WAIT, true);
    }
}

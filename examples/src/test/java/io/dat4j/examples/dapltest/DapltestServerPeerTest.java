package io.dat4j.examples.dapltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Dat;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Java server against a peer that is not a dapltest client: a command C would read past its arrays, an unknown
 * test type, another version. The server says what it got and ends, as C ends on such a client, without a hang; the
 * peer is written with the dat4j API, byte for byte.
 */
@Timeout(60)
class DapltestServerPeerTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    @BeforeAll
    static void loopback() {
        Runs.assumeLoopback();
    }

    /**
     * Connects to the server's port, sends {@code Client_Info} and a command buffer, waits for the connection to end.
     *
     * @param info the client info
     * @param command writes the command buffer
     */
    private static void sendRaw(final Runs.Server s, final Wire.ClientInfo info,
            final Consumer<MemorySegment> command) {
        try (Arena arena = Arena.ofShared(); InterfaceAdapter ia = Dat.openInterfaceAdapter(Runs.IA)) {
            final ProtectionZone pz = ia.createProtectionZone();
            final EventDispatcher dto = ia.createEventDispatcher(16, null, Set.of(EventStream.DTO));
            final EventDispatcher conn = ia.createEventDispatcher(16, null, Set.of(EventStream.CONNECTION));
            final Endpoint ep = ia.createEndpoint(pz, dto, dto, conn, null);
            final MemorySegment b = arena.allocate(3L * Wire.CMD_BUFFER_SIZE, 256);
            final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, b, MemoryPrivilege.ALL);
            ep.postRecv(lmr.triplet(0, Wire.CMD_BUFFER_SIZE), 0);
            ep.connect(InetAddress.getLoopbackAddress(), s.port, WAIT, null);
            assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, conn.await(WAIT).number());
            Wire.writeClientInfo(b.asSlice(Wire.CMD_BUFFER_SIZE, Wire.CMD_BUFFER_SIZE), info);
            command.accept(b.asSlice(2L * Wire.CMD_BUFFER_SIZE, Wire.CMD_BUFFER_SIZE));
            ep.postSend(lmr.triplet(Wire.CMD_BUFFER_SIZE, Wire.CMD_BUFFER_SIZE), 1);
            ep.postSend(lmr.triplet(2L * Wire.CMD_BUFFER_SIZE, Wire.CMD_BUFFER_SIZE), 2);
            /* the server disconnects: the sends completed or were flushed, the receive flushed or got Server_Info */
            assertEquals(EventNumber.CONNECTION_EVENT_DISCONNECTED, conn.await(WAIT).number());
            for (Event e = dto.poll(); e != null; e = dto.poll()) {
                assertTrue(e instanceof io.dat4j.DtoCompletionEvent d && d.status() != null, e::toString);
            }
        }
    }

    private static String awaitExit(final Runs.Server s) throws InterruptedException {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (!s.out().contains("DT_cs_Server (" + Runs.IA + "):  Exiting.\n")) {
            assertTrue(System.nanoTime() < deadline, s::out);
            Thread.sleep(10);
        }
        return s.out();
    }

    @Test
    void shouldEndOnACommandThatCWouldReadPastItsArrays() throws Exception {
        final Runs.Server s = new Runs.Server();
        sendRaw(s, new Wire.ClientInfo(Wire.DAPLTEST_VERSION, true, TestType.TRANSACTION.value(), 1), b -> {
            final TransactionCommand c = new TransactionCommand();
            Wire.writeTransaction(b, c);
            b.set(U32, 564, 5000);
        });
        final String out = awaitExit(s);
        assertTrue(out.contains("DT_cs_Server: the client's command is not dapltest's: 5000 operations (at most"
                + " 100)\n"), out);
        assertFalse(out.contains("Finished"), out);
    }

    @Test
    void shouldEndOnAnUnknownTestType() throws Exception {
        final Runs.Server s = new Runs.Server();
        sendRaw(s, new Wire.ClientInfo(Wire.DAPLTEST_VERSION, true, 77, 1), b -> b.fill((byte) 0));
        assertTrue(awaitExit(s).contains("Unknown TestType received\n"), s.out());
    }

    @Test
    void shouldEndOnAnotherVersion() throws Exception {
        final Runs.Server s = new Runs.Server();
        sendRaw(s, new Wire.ClientInfo(5, true, TestType.PERFORMANCE.value(), 1), b -> {
            final PerformanceCommand c = new PerformanceCommand();
            c.version = 5;
            Wire.writePerformance(b, c);
        });
        final String out = awaitExit(s);
        assertTrue(out.contains("DT_cs_Server: DAPLTEST VERSION MISMATCH: Server 6, Client 5\n"), out);
        // C started the test's thread before it checked the version; closing the IA releases that thread
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (!s.out().contains("Server: Finished performance test.  Exiting.\n")) {
            assertTrue(System.nanoTime() < deadline, s::out);
            Thread.sleep(10);
        }
        assertTrue(out.contains("DT_cs_Server: dat_ia_close (graceful) error: DAT_INVALID_STATE"), out);
    }
}

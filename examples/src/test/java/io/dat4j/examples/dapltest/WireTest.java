package io.dat4j.examples.dapltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * The wire messages at the offsets gcc gives C's {@code #pragma pack(2)} structures on x86-64 (checked with
 * {@code offsetof} against dapl 2.1.10's headers): {@code Transaction_Cmd_t} 2568 bytes with the port at 296, the
 * device at 304, {@code num_ops} at 564 and the operations at 568; {@code Performance_Cmd_t} 564 bytes with the port at
 * 556; {@code Quit_Cmd_t} 528 bytes with the port at 520; {@code RemoteMemoryInfo} 12 bytes; all little-endian. And
 * what the server refuses of a peer.
 */
class WireTest {

    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    @Test
    void shouldLayOutTheTransactionCommandAsC() {
        final TransactionCommand c = new TransactionCommand();
        c.serverName = "host";
        c.daplName = "ofa-v2-rxe";
        c.numIterations = 7;
        c.numThreads = 2;
        c.epsPerThread = 3;
        c.validate = true;
        c.port = 62000;
        final TransactionCommand.Op op = new TransactionCommand.Op();
        op.serverInitiated = true;
        op.transferType = TransactionCommand.RDMA_WRITE;
        op.segSize = 1024;
        op.numSegs = 4;
        c.ops.add(op);
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment b = a.allocate(Wire.CMD_BUFFER_SIZE);
            b.fill((byte) 0x5a);
            Wire.writeTransaction(b, c);
            assertEquals(6, b.get(U32, 0));
            assertEquals(1, b.get(U32, 4));
            assertEquals('h', b.get(ValueLayout.JAVA_BYTE, 8));
            assertEquals(0, b.get(ValueLayout.JAVA_BYTE, 12), "NUL-terminated");
            assertEquals(7, b.get(U32, 264));
            assertEquals(2, b.get(U32, 268));
            assertEquals(3, b.get(U32, 272));
            assertEquals(1, b.get(U32, 288));
            assertEquals(62000, b.get(U64, 296));
            assertEquals('o', b.get(ValueLayout.JAVA_BYTE, 304));
            assertEquals(1, b.get(U32, 564));
            assertEquals(1, b.get(U32, 568));
            assertEquals(TransactionCommand.RDMA_WRITE, b.get(U32, 572));
            assertEquals(4, b.get(U32, 576), "num_segs before seg_size");
            assertEquals(1024, b.get(U32, 580));
            assertEquals(0, b.get(ValueLayout.JAVA_BYTE, Wire.CMD_BUFFER_SIZE - 1), "the rest of the send is zero");
            final TransactionCommand back = Wire.readTransaction(b);
            assertEquals("host", back.serverName);
            assertEquals("ofa-v2-rxe", back.daplName);
            assertEquals(4, back.ops.getFirst().numSegs);
            assertTrue(back.ops.getFirst().serverInitiated);
        } catch (final Wire.BadMessage e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldLayOutTheOtherMessagesAsC() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment b = a.allocate(Wire.CMD_BUFFER_SIZE);
            final PerformanceCommand p = new PerformanceCommand();
            p.mode = PerformanceCommand.POLLING;
            p.port = 0x1122334455L;
            Wire.writePerformance(b, p);
            assertEquals(PerformanceCommand.POLLING, b.get(U32, 528));
            assertEquals(1000, b.get(U32, 532));
            assertEquals(-1, b.get(U32, 536));
            assertEquals(TransactionCommand.RDMA_WRITE, b.get(U32, 540));
            assertEquals(4096, b.get(U32, 544));
            assertEquals(1, b.get(U32, 548));
            assertEquals(0x1122334455L, b.get(U64, 556));
            final QuitCommand q = new QuitCommand();
            q.deviceName = "dev";
            q.port = 9;
            Wire.writeQuit(b, q);
            assertEquals('d', b.get(ValueLayout.JAVA_BYTE, 256));
            assertEquals(9, b.get(U64, 520));
            Wire.writeClientInfo(b, new Wire.ClientInfo(6, true, TestType.QUIT.value(), 0));
            assertEquals(4, b.get(U32, 8), "QUIT_TEST is 4");
            Wire.writeServerInfo(b, new Wire.ServerInfo(6, true, 62001));
            assertEquals(62001, b.get(U32, 8));
            Wire.writeRmi(b, 2, 0x1234, 0x7f0000001000L);
            assertEquals(0x1234, b.get(U32, 24));
            assertEquals(0x7f0000001000L, b.get(U64, 28));
        }
    }

    @Test
    void shouldRefuseWhatNoDapltestClientSends() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment b = a.allocate(Wire.CMD_BUFFER_SIZE);
            final TransactionCommand c = new TransactionCommand();
            Wire.writeTransaction(b, c);
            b.set(U32, 564, 101);
            assertThrows(Wire.BadMessage.class, () -> Wire.readTransaction(b), "more than MAX_OPS operations");
            b.set(U32, 564, 0);
            b.set(U32, 268, 1001);
            assertThrows(Wire.BadMessage.class, () -> Wire.readTransaction(b), "more EPs than the port window");
            b.set(U32, 268, 1);
            b.set(U32, 564, 1);
            b.set(U32, 572, 3);
            assertThrows(Wire.BadMessage.class, () -> Wire.readTransaction(b), "an unknown transfer type");
            b.set(U32, 572, 2);
            b.set(U32, 576, 1 << 16);
            b.set(U32, 580, 1 << 16);
            assertThrows(Wire.BadMessage.class, () -> Wire.readTransaction(b), "buffers past a C int");
            final PerformanceCommand p = new PerformanceCommand();
            Wire.writePerformance(b, p);
            b.set(U32, 544, -1);
            assertThrows(Wire.BadMessage.class, () -> Wire.readPerformance(b));
        }
    }
}

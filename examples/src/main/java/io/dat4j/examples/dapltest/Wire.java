package io.dat4j.examples.dapltest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * dapltest's wire protocol, byte for byte as C lays out its {@code #pragma pack(2)} structures on x86-64 (C sends
 * them in host order, little-endian, and turns only some fields around on a big-endian host; the port always writes
 * little-endian). All messages are SENDs over the connection to the server's service point:
 * <ol>
 * <li>the client sends {@code Client_Info} (16 bytes), then the command (below), each in a send of
 *     {@link #CMD_BUFFER_SIZE} bytes, the rest of the buffer zero;
 * <li>the server answers {@code Server_Info} (12 bytes) in a send of {@link #CMD_BUFFER_SIZE} bytes, then disconnects;
 *     a receiver checks that exactly that many bytes arrived.
 * </ol>
 * The commands: {@code Transaction_Cmd_t} (2568 bytes), {@code Performance_Cmd_t} (564), {@code Quit_Cmd_t} (528).
 * The tests then exchange {@code RemoteMemoryInfo} (12 bytes, {@code #pragma pack(1)}: rmr_context, then the buffer's
 * address), 100 of them (1200 bytes) per transaction test EP, one per performance test.
 */
final class Wire {

    /** {@code DAPLTEST_VERSION}: both sides refuse another. */
    static final int DAPLTEST_VERSION = 6;
    /** {@code DT_RoundSize(sizeof(Transaction_Cmd_t), 8192)}: the size of every handshake send. */
    static final int CMD_BUFFER_SIZE = 8192;
    /** {@code sizeof(Client_Info_t)}. */
    static final int CLIENT_INFO_SIZE = 16;
    /** {@code sizeof(Server_Info_t)}. */
    static final int SERVER_INFO_SIZE = 12;
    /** {@code sizeof(Transaction_Cmd_t)}. */
    static final int TRANSACTION_CMD_SIZE = 2568;
    /** {@code sizeof(Performance_Cmd_t)}. */
    static final int PERFORMANCE_CMD_SIZE = 564;
    /** {@code sizeof(Quit_Cmd_t)}. */
    static final int QUIT_CMD_SIZE = 528;
    /** {@code sizeof(RemoteMemoryInfo)}. */
    static final int RMI_SIZE = 12;
    /** The transaction test's memory info message: {@code MAX_OPS * sizeof(RemoteMemoryInfo)}. */
    static final int RMI_BUFFER_SIZE = TransactionCommand.MAX_OPS * RMI_SIZE;
    /** At most this many EPs per transaction test (threads x EPs per thread): the server's port window. */
    static final int MAX_TEST_EPS = 1000;

    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int NAME = Cli.NAME_SZ;
    private static final int OP_SIZE = 20;

    /** A command that is not what a dapltest client sends. */
    static final class BadMessage extends Exception {
        private static final long serialVersionUID = 1L;

        BadMessage(final String message) {
            super(message, null, false, false);
        }
    }

    /**
     * {@code Client_Info_t}.
     *
     * @param version the client's {@code DAPLTEST_VERSION}
     * @param littleEndian whether the client is little-endian
     * @param testType the test the command asks for (wire value of {@link TestType})
     * @param totalThreads connections the test makes (threads x EPs for a transaction test)
     */
    record ClientInfo(int version, boolean littleEndian, int testType, int totalThreads) {
    }

    /**
     * {@code Server_Info_t}.
     *
     * @param version the server's {@code DAPLTEST_VERSION}
     * @param littleEndian whether the server is little-endian
     * @param firstPortNumber the first connection qualifier of the test's own service points
     */
    record ServerInfo(int version, boolean littleEndian, int firstPortNumber) {
    }

    private Wire() {
    }

    static void writeClientInfo(final MemorySegment b, final ClientInfo ci) {
        b.fill((byte) 0);
        b.set(U32, 0, ci.version());
        b.set(U32, 4, ci.littleEndian() ? 1 : 0);
        b.set(U32, 8, ci.testType());
        b.set(U32, 12, ci.totalThreads());
    }

    static ClientInfo readClientInfo(final MemorySegment b) {
        return new ClientInfo(b.get(U32, 0), b.get(U32, 4) != 0, b.get(U32, 8), b.get(U32, 12));
    }

    static void writeServerInfo(final MemorySegment b, final ServerInfo si) {
        b.fill((byte) 0);
        b.set(U32, 0, si.version());
        b.set(U32, 4, si.littleEndian() ? 1 : 0);
        b.set(U32, 8, si.firstPortNumber());
    }

    static ServerInfo readServerInfo(final MemorySegment b) {
        return new ServerInfo(b.get(U32, 0), b.get(U32, 4) != 0, b.get(U32, 8));
    }

    static void writeTransaction(final MemorySegment b, final TransactionCommand c) {
        b.fill((byte) 0);
        b.set(U32, 0, c.version);
        b.set(U32, 4, c.clientIsLittleEndian ? 1 : 0);
        putName(b, 8, c.serverName);
        b.set(U32, 264, c.numIterations);
        b.set(U32, 268, c.numThreads);
        b.set(U32, 272, c.epsPerThread);
        /* 276: use_cno, never set */
        b.set(U32, 280, c.useRsp ? 1 : 0);
        b.set(U32, 284, c.debug ? 1 : 0);
        b.set(U32, 288, c.validate ? 1 : 0);
        b.set(U32, 292, c.poll ? 1 : 0);
        b.set(U64, 296, c.port);
        putName(b, 304, c.daplName);
        b.set(U32, 560, c.reliability.value());
        b.set(U32, 564, c.numOps());
        for (int i = 0; i < c.numOps(); i++) {
            final TransactionCommand.Op op = c.ops.get(i);
            final long o = 568L + (long) i * OP_SIZE;
            b.set(U32, o, op.serverInitiated ? 1 : 0);
            b.set(U32, o + 4, op.transferType);
            b.set(U32, o + 8, op.numSegs);
            b.set(U32, o + 12, op.segSize);
            b.set(U32, o + 16, op.reapSendOnRecv ? 1 : 0);
        }
    }

    /**
     * Reads a transaction command and checks what C trusts blindly: at most {@code MAX_OPS} operations of a known
     * type, at most {@link #MAX_TEST_EPS} EPs, buffers that fit a C int.
     *
     * @param b the received buffer
     * @return the command
     * @throws BadMessage if it cannot be a dapltest client's
     */
    static TransactionCommand readTransaction(final MemorySegment b) throws BadMessage {
        final TransactionCommand c = new TransactionCommand();
        c.version = b.get(U32, 0);
        c.clientIsLittleEndian = b.get(U32, 4) != 0;
        c.serverName = getName(b, 8);
        c.numIterations = b.get(U32, 264);
        c.numThreads = b.get(U32, 268);
        c.epsPerThread = b.get(U32, 272);
        c.useRsp = b.get(U32, 280) != 0;
        c.debug = b.get(U32, 284) != 0;
        c.validate = b.get(U32, 288) != 0;
        c.poll = b.get(U32, 292) != 0;
        c.port = b.get(U64, 296);
        c.daplName = getName(b, 304);
        c.reliability = Cli.qos(b.get(U32, 560));
        final int numOps = b.get(U32, 564);
        if (numOps < 0 || numOps > TransactionCommand.MAX_OPS) {
            throw new BadMessage(Integer.toUnsignedString(numOps) + " operations (at most "
                    + TransactionCommand.MAX_OPS + ")");
        }
        if (c.numThreads < 0 || c.epsPerThread < 0
                || (long) c.numThreads * c.epsPerThread > MAX_TEST_EPS) {
            throw new BadMessage(Integer.toUnsignedString(c.numThreads) + " threads x "
                    + Integer.toUnsignedString(c.epsPerThread) + " EPs (at most " + MAX_TEST_EPS + " EPs)");
        }
        for (int i = 0; i < numOps; i++) {
            final long o = 568L + (long) i * OP_SIZE;
            final TransactionCommand.Op op = new TransactionCommand.Op();
            op.serverInitiated = b.get(U32, o) != 0;
            op.transferType = b.get(U32, o + 4);
            op.numSegs = b.get(U32, o + 8);
            op.segSize = b.get(U32, o + 12);
            op.reapSendOnRecv = b.get(U32, o + 16) != 0;
            checkOp(i, op.transferType, op.segSize, op.numSegs);
            c.ops.add(op);
        }
        return c;
    }

    private static void checkOp(final int i, final int type, final int segSize, final int numSegs)
            throws BadMessage {
        if (type < TransactionCommand.RDMA_READ || type > TransactionCommand.SEND_RECV) {
            throw new BadMessage("operation " + i + " has transfer type " + type);
        }
        if (segSize < 0 || numSegs < 0 || (long) segSize * numSegs > Integer.MAX_VALUE) {
            throw new BadMessage("operation " + i + " has " + Integer.toUnsignedString(numSegs) + " segments of "
                    + Integer.toUnsignedString(segSize) + " bytes");
        }
    }

    static void writePerformance(final MemorySegment b, final PerformanceCommand c) {
        b.fill((byte) 0);
        b.set(U32, 0, c.version);
        b.set(U32, 4, c.clientIsLittleEndian ? 1 : 0);
        putName(b, 8, c.serverName);
        putName(b, 264, c.daplName);
        b.set(U32, 520, c.qos.value());
        b.set(U32, 524, c.debug ? 1 : 0);
        b.set(U32, 528, c.mode);
        b.set(U32, 532, c.numIterations);
        b.set(U32, 536, c.pipelineLen);
        b.set(U32, 540, c.transferType);
        b.set(U32, 544, c.segSize);
        b.set(U32, 548, c.numSegs);
        b.set(U32, 552, c.useRsp ? 1 : 0);
        b.set(U64, 556, c.port);
    }

    /**
     * Reads a performance command, with the checks of {@link #readTransaction}.
     *
     * @param b the received buffer
     * @return the command
     * @throws BadMessage if it cannot be a dapltest client's
     */
    static PerformanceCommand readPerformance(final MemorySegment b) throws BadMessage {
        final PerformanceCommand c = new PerformanceCommand();
        c.version = b.get(U32, 0);
        c.clientIsLittleEndian = b.get(U32, 4) != 0;
        c.serverName = getName(b, 8);
        c.daplName = getName(b, 264);
        c.qos = Cli.qos(b.get(U32, 520));
        c.debug = b.get(U32, 524) != 0;
        c.mode = b.get(U32, 528);
        c.numIterations = b.get(U32, 532);
        c.pipelineLen = b.get(U32, 536);
        c.transferType = b.get(U32, 540);
        c.segSize = b.get(U32, 544);
        c.numSegs = b.get(U32, 548);
        c.useRsp = b.get(U32, 552) != 0;
        c.port = b.get(U64, 556);
        checkOp(0, c.transferType, c.segSize, c.numSegs);
        return c;
    }

    static void writeQuit(final MemorySegment b, final QuitCommand c) {
        b.fill((byte) 0);
        putName(b, 0, c.serverName);
        putName(b, 256, c.deviceName);
        b.set(U32, 512, c.debug ? 1 : 0);
        b.set(U32, 516, c.reliability.value());
        b.set(U64, 520, c.port);
    }

    static QuitCommand readQuit(final MemorySegment b) {
        final QuitCommand c = new QuitCommand();
        c.serverName = getName(b, 0);
        c.deviceName = getName(b, 256);
        c.debug = b.get(U32, 512) != 0;
        c.reliability = Cli.qos(b.get(U32, 516));
        c.port = b.get(U64, 520);
        return c;
    }

    /** Writes entry {@code i} of a {@code RemoteMemoryInfo} array. */
    static void writeRmi(final MemorySegment b, final int i, final int rmrContext, final long address) {
        b.set(U32, (long) i * RMI_SIZE, rmrContext);
        b.set(U64, (long) i * RMI_SIZE + 4, address);
    }

    /** {@return the rmr_context of entry {@code i} of a {@code RemoteMemoryInfo} array} */
    static int rmiContext(final MemorySegment b, final int i) {
        return b.get(U32, (long) i * RMI_SIZE);
    }

    /** {@return the address of entry {@code i} of a {@code RemoteMemoryInfo} array} */
    static long rmiAddress(final MemorySegment b, final int i) {
        return b.get(U64, (long) i * RMI_SIZE + 4);
    }

    private static void putName(final MemorySegment b, final long offset, final String s) {
        final byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        final int n = Math.min(bytes.length, NAME - 1);
        MemorySegment.copy(bytes, 0, b, ValueLayout.JAVA_BYTE, offset, n);
        b.set(ValueLayout.JAVA_BYTE, offset + n, (byte) 0);
    }

    private static String getName(final MemorySegment b, final long offset) {
        int n = 0;
        while (n < NAME && b.get(ValueLayout.JAVA_BYTE, offset + n) != 0) {
            n++;
        }
        final byte[] bytes = new byte[n];
        MemorySegment.copy(b, ValueLayout.JAVA_BYTE, offset, bytes, 0, n);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}

package io.dat4j.tools;

import io.dat4j.RemoteMemoryTriplet;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * What the tools put on the wire, in network byte order.
 *
 * <p>The buffer-info message is dtest's {@code DAT_RMR_TRIPLET} as C dtest sends it, 16 bytes: virtual address
 * (64 bits) at 0, segment length (32 bits) at 8, rmr context (32 bits) at 12, each converted with
 * {@code htonll}/{@code htonl}. So a {@code dat test} peer and a C dtest peer read each other's buffer info.
 *
 * <p>The perf control message is our own, 32 bytes: magic {@code 'DATP'}, type, operation, mode (32 bits each), then
 * size and count (64 bits each).
 */
final class Wire {

    /** Size of a {@code DAT_RMR_TRIPLET} on the wire. */
    static final int RMR_TRIPLET_SIZE = 16;
    /** Size of a perf control message. */
    static final int CONTROL_SIZE = 32;
    /** Magic of a perf control message, {@code 'DATP'}. */
    static final int CONTROL_MAGIC = 0x44415450;

    /** Control type: the client starts a measurement. */
    static final int START = 1;
    /** Control type: the server is ready for it. */
    static final int READY = 2;
    /** Control type: the server received {@code count} more messages (credit for sends). */
    static final int ACK = 3;
    /** Control type: the client is done; the server exits after the disconnect. */
    static final int QUIT = 4;

    /** Mode of a START: latency (round trips). */
    static final int MODE_LATENCY = 1;
    /** Mode of a START: bandwidth (streaming). */
    static final int MODE_BANDWIDTH = 2;

    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private Wire() {
    }

    /**
     * Writes a {@code DAT_RMR_TRIPLET} in dtest's layout and byte order.
     *
     * @param to the buffer
     * @param offset where
     * @param virtualAddress the region's address
     * @param segmentLength the length advertised (dtest sends its RDMA_BUFFER_SIZE)
     * @param rmrContext the region's rmr context
     */
    static void putRmrTriplet(final MemorySegment to, final long offset, final long virtualAddress,
            final int segmentLength, final int rmrContext) {
        to.set(U64, offset, virtualAddress);
        to.set(U32, offset + 8, segmentLength);
        to.set(U32, offset + 12, rmrContext);
    }

    /**
     * Reads a {@code DAT_RMR_TRIPLET} written by {@link #putRmrTriplet} or C dtest.
     *
     * @param from the buffer
     * @param offset where
     * @return the triplet, with the length as sent (unsigned 32 bits)
     */
    static RemoteMemoryTriplet getRmrTriplet(final MemorySegment from, final long offset) {
        final long va = from.get(U64, offset);
        final long len = Integer.toUnsignedLong(from.get(U32, offset + 8));
        final int ctx = from.get(U32, offset + 12);
        return new RemoteMemoryTriplet(ctx, va, len);
    }

    /**
     * Reads a {@code DAT_RMR_TRIPLET} from the peer and checks that the buffer it advertises takes what this side
     * will transfer to and from it.
     *
     * @param from the buffer
     * @param offset where
     * @param needed the bytes this side will write to or read from the start of the peer's buffer
     * @param advice what the user should do when the peer's buffer is too small
     * @return the triplet
     * @throws IllegalStateException when the peer's buffer is smaller than {@code needed} or its end would pass the
     *         end of the 64-bit address space
     */
    static RemoteMemoryTriplet getRmrTriplet(final MemorySegment from, final long offset, final long needed,
            final String advice) {
        final RemoteMemoryTriplet t = getRmrTriplet(from, offset);
        if (t.segmentLength() < needed) {
            throw new IllegalStateException("the peer's buffer info advertises " + t.segmentLength() + " bytes; this"
                    + " side transfers " + needed + " bytes to and from it (" + advice + ")");
        }
        if (Long.compareUnsigned(t.virtualAddress(), -needed) > 0 && needed > 0) {
            throw new IllegalStateException(String.format("the peer's buffer info is impossible: address 0x%x plus"
                    + " %d bytes passes the end of the address space", t.virtualAddress(), needed));
        }
        return t;
    }

    /**
     * Writes a control message.
     *
     * @param to the buffer, at least {@link #CONTROL_SIZE} bytes from offset
     * @param offset where
     * @param message the message
     */
    static void putControl(final MemorySegment to, final long offset, final Control message) {
        to.set(U32, offset, CONTROL_MAGIC);
        to.set(U32, offset + 4, message.type());
        to.set(U32, offset + 8, message.op());
        to.set(U32, offset + 12, message.mode());
        to.set(U64, offset + 16, message.size());
        to.set(U64, offset + 24, message.count());
    }

    /**
     * Reads a control message.
     *
     * @param from the buffer
     * @param offset where
     * @param length the received length
     * @return the message
     * @throws IllegalStateException if it is not one (short, or a wrong magic)
     */
    static Control getControl(final MemorySegment from, final long offset, final long length) {
        if (length != CONTROL_SIZE) {
            throw new IllegalStateException("expected a " + CONTROL_SIZE + "-byte control message, received "
                    + length + " bytes; is the peer a dat perf of the same version?");
        }
        final int magic = from.get(U32, offset);
        if (magic != CONTROL_MAGIC) {
            throw new IllegalStateException(String.format("bad control message magic 0x%08x", magic));
        }
        return new Control(from.get(U32, offset + 4), from.get(U32, offset + 8), from.get(U32, offset + 12),
                from.get(U64, offset + 16), from.get(U64, offset + 24));
    }

    /**
     * Server side: checks a control message from a client: a START whose operation, mode, size and count are ones
     * this connection can serve, or a QUIT.
     *
     * @param c the message
     * @param maxSize the largest message the client announced when it connected (the server's buffers)
     * @return the message
     * @throws IllegalStateException naming the first field out of range
     */
    static Control checkFromClient(final Control c, final long maxSize) {
        if (c.type() == QUIT) {
            return c;
        }
        if (c.type() != START) {
            throw new IllegalStateException("expected START (" + START + ") or QUIT (" + QUIT + ") from the client,"
                    + " got type " + c.type());
        }
        if (c.op() < 0 || c.op() >= PerfOp.values().length) {
            throw new IllegalStateException("START names operation " + c.op() + "; dat perf knows 0.."
                    + (PerfOp.values().length - 1) + " (" + PerfOp.labels() + ")");
        }
        if (c.mode() != MODE_LATENCY && c.mode() != MODE_BANDWIDTH) {
            throw new IllegalStateException("START names mode " + c.mode() + "; dat perf knows " + MODE_LATENCY
                    + " (latency) and " + MODE_BANDWIDTH + " (bandwidth)");
        }
        if (c.size() < 1 || c.size() > maxSize) {
            throw new IllegalStateException("START asks for " + c.size() + "-byte messages; the client announced"
                    + " 1.." + maxSize + " when it connected");
        }
        if (c.count() < 1) {
            throw new IllegalStateException("START asks for " + c.count() + " iterations; at least 1");
        }
        return c;
    }

    /**
     * Client side: checks the server's answer to a START.
     *
     * @param ready the answer
     * @param start the START it answers
     * @param maxCredits the receives this client asked the server to keep posted
     * @return the receives the server keeps posted (the sender's credit)
     * @throws IllegalStateException naming the first field that is wrong
     */
    static int checkReady(final Control ready, final Control start, final int maxCredits) {
        if (ready.type() != READY) {
            throw new IllegalStateException("expected READY (" + READY + ") from the server, got type "
                    + ready.type());
        }
        if (ready.op() != start.op() || ready.mode() != start.mode() || ready.size() != start.size()) {
            throw new IllegalStateException("the server's READY is for operation " + ready.op() + ", mode "
                    + ready.mode() + ", size " + ready.size() + ", not for the START it answers (operation "
                    + start.op() + ", mode " + start.mode() + ", size " + start.size() + ")");
        }
        if (ready.count() < 1 || ready.count() > maxCredits) {
            throw new IllegalStateException("the server's READY grants " + ready.count() + " receive credits; this"
                    + " client asked for " + maxCredits + " (1.." + maxCredits + " is acceptable)");
        }
        return (int) ready.count();
    }

    /**
     * Client side: checks an acknowledgement of sends.
     *
     * @param ack the message
     * @param unacknowledged sends this client posted that the server has not acknowledged yet
     * @return the number of sends acknowledged
     * @throws IllegalStateException when it is not an ACK or acknowledges none or more than were sent
     */
    static long checkAck(final Control ack, final long unacknowledged) {
        if (ack.type() != ACK) {
            throw new IllegalStateException("expected ACK (" + ACK + ") from the server, got type " + ack.type());
        }
        if (ack.count() < 1 || ack.count() > unacknowledged) {
            throw new IllegalStateException("the server acknowledges " + ack.count() + " messages; " + unacknowledged
                    + " were sent and not yet acknowledged");
        }
        return ack.count();
    }

    /**
     * A perf control message.
     *
     * @param type START, READY, ACK or QUIT
     * @param op the operation's ordinal (START)
     * @param mode latency or bandwidth (START)
     * @param size message size (START)
     * @param count iterations (START) or messages acknowledged (ACK)
     */
    record Control(int type, int op, int mode, long size, long count) {
    }
}

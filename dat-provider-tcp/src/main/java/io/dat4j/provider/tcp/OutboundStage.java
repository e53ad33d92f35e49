package io.dat4j.provider.tcp;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * The stage buffer of one connection's {@link OutboundWriter}, and the batch being filled in it: whole frames copied
 * back to back (headers, and payloads up to {@code dat4j.tcp.sendCopyMax}) to go out with one write; or one READ
 * response staged alone ({@link #single}). It starts at {@link #INITIAL} bytes and grows once, to {@link #CAPACITY}.
 *
 * <p>Threading: as its writer's, under the connection's lock ({@link TcpConnection#lock}). See "Threading and locks"
 * in {@code docs/provider-kit.md}.
 */
final class OutboundStage {

    /** The stage buffer's first size. */
    static final int INITIAL = 8192;
    /** The stage buffer's largest size: a batch holds up to this many bytes. */
    static final int CAPACITY = Wire.HEADER + OutboundWriter.STAGE_MAX;

    /** Frames written in a batch with others, all connections of the JVM (approximate: for tests and diagnostics). */
    private static volatile long batchedFrames;

    private ByteBuffer buf;
    private MemorySegment seg;
    /** Bytes of the batch being filled at the start of the buffer (0: none); whole frames, none written yet. */
    private int pos;
    /** Size of the last frame put in the batch (a cork keeps room for one more like it). */
    private int last;
    /** The batch carries ACKs (an ACK frame, or a count in a request header): it is never corked. */
    private boolean acks;
    /** Requests in the batch (in the writer's awaiting FIFO, not on the wire: no answer can be for them). */
    private int requests;
    /** The number ({@link AckPolicy#frameNumber()}) of the last frame of the batch that asked for its ACK, or 0. */
    private long ask;
    /** Frames in the batch. */
    private int frames;

    /** {@return about how many frames were written in a batch with others so far, all connections of the JVM} */
    static long batchedFrames() {
        return batchedFrames;
    }

    /** {@return the buffer being written} */
    ByteBuffer buffer() {
        return buf;
    }

    /** {@return whether a batch is being filled} */
    boolean filling() {
        return pos > 0;
    }

    /** {@return the requests in the batch being filled} */
    int requests() {
        return requests;
    }

    /** {@return whether a frame of {@code bytes} fits behind the batch} */
    boolean fits(final int bytes) {
        return pos + bytes <= CAPACITY;
    }

    /** {@return whether a posting thread may leave the batch for the next post}: no ACKs in it, room for another */
    boolean corkable() {
        return pos > 0 && !acks && pos + last <= CAPACITY;
    }

    /** Makes room for a frame of {@code bytes} behind the batch (callers check {@link #fits}), keeping the batch. */
    void reserve(final int bytes) {
        if (buf == null || buf.capacity() < pos + bytes) {
            final MemorySegment old = seg;
            buf = ByteBuffer.allocateDirect(pos + bytes <= INITIAL ? INITIAL : CAPACITY);
            seg = MemorySegment.ofBuffer(buf);
            if (old != null && pos > 0) {
                MemorySegment.copy(old, 0, seg, 0, pos);
            }
        }
    }

    /** Starts a frame in the batch: copies the first {@code n} bytes of {@code header} behind it (room reserved). */
    void putHeader(final ByteBuffer header, final int n) {
        buf.clear();
        buf.put(pos, header, 0, n);
        pos += n;
        frames++;
    }

    /**
     * Copies payload bytes behind the batch (room reserved).
     *
     * @throws IllegalStateException when the memory of {@code src} was freed
     */
    void copyIn(final MemorySegment src, final long offset, final long length) {
        MemorySegment.copy(src, offset, seg, pos, length);
        pos += (int) length;
    }

    /** A control frame (its header alone) was put in. */
    void controlAdded(final boolean isAck) {
        last = Wire.HEADER;
        acks |= isAck;
    }

    /**
     * A request frame that began at {@code start} was put in.
     *
     * @param carriesAcks its header counts ACKs
     * @param asks its number when it asks for its ACK, else 0
     */
    void requestAdded(final int start, final boolean carriesAcks, final long asks) {
        last = pos - start;
        requests++;
        acks |= carriesAcks;
        if (asks != 0) {
            ask = asks;
        }
    }

    /** {@return where the next frame begins} */
    int position() {
        return pos;
    }

    /**
     * Ends the batch: the buffer holds it from position 0, ready to write.
     *
     * @return the number of its last frame that asked for its ACK, or 0
     */
    long seal() {
        buf.clear().limit(pos);
        if (frames > 1) {
            batchedFrames += frames;
        }
        final long a = ask;
        drop();
        return a;
    }

    /** Forgets the batch being filled (the connection is breaking). */
    void drop() {
        pos = 0;
        last = 0;
        acks = false;
        requests = 0;
        ask = 0;
        frames = 0;
    }

    /** {@return the memory of the buffer} (for a READ response staged by {@link RdmaResponder}) */
    MemorySegment segment() {
        return seg;
    }

    /**
     * {@return the buffer, holding a header alone, for a payload of {@code payload} bytes behind it} (no batch may be
     * being filled)
     */
    ByteBuffer single(final ByteBuffer header, final long payload) {
        if (buf == null || buf.capacity() < Wire.HEADER + payload) {
            buf = ByteBuffer.allocateDirect(Wire.HEADER + payload <= INITIAL ? INITIAL : CAPACITY);
            seg = MemorySegment.ofBuffer(buf);
        }
        buf.clear();
        buf.put(header);
        return buf;
    }
}

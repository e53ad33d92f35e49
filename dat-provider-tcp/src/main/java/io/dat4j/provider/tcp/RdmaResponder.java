package io.dat4j.provider.tcp;

import io.dat4j.kit.RegionTable;
import io.dat4j.kit.RegisteredRegion;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The RDMA responder of one connection: checks an incoming RDMA WRITE or READ request against the IA's regions
 * ({@link RegionTable#acquire}: the rmr_context, range, remote privilege and the EP's PZ), reads a WRITE's payload into
 * the target region, and produces the READ response from the source region, refusing it as at the request (an error
 * response, REMOTE_ACCESS at the initiator) when the region went away before any byte of it was written. It counts
 * the READ responses queued against the negotiated depth.
 *
 * <p>Threading: the loop owner, under the connection's lock ({@link TcpConnection#lock}); registered memory is
 * touched only between {@link RegisteredRegion#acquire()} and {@link RegisteredRegion#release()}. See "Threading and
 * locks" in {@code docs/provider-kit.md}.
 */
final class RdmaResponder {

    private final TcpConnection c;
    /** READ responses queued and not yet written (at most the negotiated depth in). */
    private int queuedReadResps;
    // the RDMA WRITE being received
    private RegisteredRegion writeRegion;
    private long writeOffset;
    private long writeTotal;
    private long writeDone;
    private int writeRmr;

    RdmaResponder(final TcpConnection c) {
        this.c = c;
    }

    /** The connection ended: the WRITE being received is dropped. */
    void dropInbound() {
        writeRegion = null;
    }

    // ------------------------------------------------------------------ RDMA WRITE

    /**
     * An RDMA WRITE header: checks the target.
     *
     * @param flags the frame's flags ({@link Wire#FLAG_ACK_NOW})
     * @return true if its payload is to be read ({@link #readWrite()}); false if it was handled (empty) or refused
     */
    boolean startWrite(final long address, final int rmr, final int len, final int flags) {
        if (len == 0) {
            c.acks.enqueue(0, flags);
            return false;
        }
        final TcpEndpoint e = c.ep;
        final RegionTable table = c.transport.adapter.regions();
        final RegisteredRegion r = table.acquire(e.up, rmr, address, len, true);
        if (r == null) {
            c.close.sendNak(Wire.NAK_ACCESS, "RDMA WRITE refused: " + table.refusal(e.up, rmr, address, len, true));
            return false;
        }
        r.release();
        writeRegion = r;
        writeOffset = address - r.baseAddress();
        writeTotal = len;
        writeDone = 0;
        writeRmr = rmr;
        return true;
    }

    /** {@return the length of the WRITE read last} */
    long writeLength() {
        return writeTotal;
    }

    /**
     * Reads the WRITE's payload into its target region.
     *
     * @return 1 when it is complete, 0 when the socket has no more now, -1 when the connection ended or the WRITE was
     *         refused (the region went away)
     */
    int readWrite() {
        final RegisteredRegion r = writeRegion;
        while (writeDone < writeTotal) {
            final long want = writeTotal - writeDone;
            final int n = c.in.readWindow(r, writeOffset + writeDone, want);
            if (n == InboundReader.GONE) {
                // refused as at the header: the initiator completes REMOTE_ACCESS, the rest of the payload is drained
                writeRegion = null;
                c.close.sendNak(Wire.NAK_ACCESS, "RDMA WRITE refused: the target LMR (rmr_context 0x"
                        + Integer.toHexString(writeRmr) + ") was freed, or the memory under it, during the write");
                return -1;
            }
            if (n < 0) {
                return -1;
            }
            writeDone += n;
            if (n < want) {
                return 0;
            }
        }
        writeRegion = null;
        return 1;
    }

    // ------------------------------------------------------------------ RDMA READ

    /** An RDMA READ request (its length checked): queues the response behind the ACKs owed, or refuses it. */
    void onReadRequest(final long address, final long len, final int rmr) {
        final int depth = c.handshake.myIn;
        if (queuedReadResps >= depth) {
            c.close.protocol("more RDMA reads outstanding than the negotiated depth " + depth);
            return;
        }
        final Wire.Control o = c.out.frame(Wire.READ_RESP);
        if (len > 0) {
            final TcpEndpoint e = c.ep;
            final RegionTable table = c.transport.adapter.regions();
            final RegisteredRegion r = table.acquire(e.up, rmr, address, len, false);
            if (r == null) {
                c.close.sendNak(Wire.NAK_ACCESS, "RDMA READ refused: "
                        + table.refusal(e.up, rmr, address, len, false));
                c.out.recycle(o);
                return;
            }
            r.release();
            o.region = r;
            o.offset = address - r.baseAddress();
        }
        o.length = len;
        queuedReadResps++;
        c.out.addControl(o);
    }

    /** A READ response was written (or dropped with the connection's control frames). */
    void responseWritten() {
        queuedReadResps--;
    }

    /**
     * Copies a READ response's data behind its header into the writer's stage, when none of it is written yet.
     *
     * @return false when the region or its memory was freed: the response is now an error response (unstaged)
     */
    boolean stage(final Wire.Control o, final ByteBuffer st, final java.lang.foreign.MemorySegment stageSeg) {
        final RegisteredRegion r = o.region;
        if (!r.acquire()) {
            refuse(o);
            return false;
        }
        try {
            java.lang.foreign.MemorySegment.copy(r.memory(), o.offset, stageSeg, Wire.HEADER, o.length);
        } catch (final IllegalStateException e) {
            refuse(o);
            return false;
        } finally {
            r.release();
        }
        st.position(0).limit(Wire.HEADER + (int) o.length);
        return true;
    }

    /**
     * Before a large READ response's header is written: a region freed since the request was checked refuses it.
     *
     * @return false if it was refused (the writer writes the new header)
     */
    boolean checkUnstaged(final Wire.Control o) {
        if (usable(o.region)) {
            return true;
        }
        refuse(o);
        return false;
    }

    /**
     * Writes a READ response's data straight from its region, from {@code done} on.
     *
     * @return the bytes written in total so far, or -1 when the connection ended (the region went away midway: a
     *         response partly written can only break the connection)
     */
    long write(final Wire.Control o, final long done) throws IOException {
        final RegisteredRegion r = o.region;
        long d = done;
        while (d < o.length) {
            if (!r.acquire()) {
                c.out.writeLost("the LMR an RDMA read was reading was freed");
                return -1;
            }
            final int n;
            try {
                n = c.io.write(c.window(r, o.offset + d, o.length - d), r.memory());
            } catch (final IllegalStateException e) {
                c.out.writeLost("the memory of the LMR an RDMA read was reading was freed");
                return -1;
            } finally {
                r.release();
            }
            d += n;
            if (d < o.length && n == 0) {
                return d;
            }
        }
        return d;
    }

    /** {@return whether a region's memory can be touched now: not freed, and its arena open} */
    private static boolean usable(final RegisteredRegion r) {
        if (!r.acquire()) {
            return false;
        }
        try {
            return r.memory().scope().isAlive();
        } finally {
            r.release();
        }
    }

    /**
     * Turns a READ_RESP none of which is written yet into an error response (access: the initiator's read completes
     * REMOTE_ACCESS) because its region was freed since the READ_REQ was checked; the connection then closes as after
     * any NAK. The writer writes the new header.
     */
    private void refuse(final Wire.Control o) {
        c.faults.warn("connection " + c + ": RDMA READ refused: the region was freed, or the memory under it, after"
                + " the request was checked; the connection is closed");
        o.flags = Wire.NAK_ACCESS;
        o.length = 0;
        o.region = null;
        c.out.header(Wire.READ_RESP, Wire.NAK_ACCESS, 0, 0, 0, 0, 0);
        if (!c.close.closing) {
            c.close.beginClosing(ConnectionEnd.BROKEN, "RDMA READ refused: the region was freed");
        }
    }
}

package io.dat4j.provider.shm;

import io.dat4j.provider.shm.sys.RingReader;
import io.dat4j.provider.shm.sys.RingWriter;
import io.dat4j.kit.RegisteredRegion;

/**
 * The RDMA READs a target owes its peer, in order: each READ_REQ was checked when it arrived (its region held no
 * longer than the check) and is answered with a READ_RESP streamed from the region through this side's ring, the
 * region acquired for each piece. A region freed after the check and before any byte went out gets a refused
 * READ_RESP (flags 2: REMOTE_ACCESS at the initiator); once part of the response is out, a free can only break the
 * connection. At most the negotiated RDMA read depth is owed at once. Allocation-free.
 *
 * <p>Not thread safe: guarded by the connection's lock.
 */
final class Responder {

    /** {@link #respond} finished a response. */
    static final int DONE = 1;
    /** {@link #respond} waits for room in the ring. */
    static final int WAIT = 0;
    /** {@link #respond} cannot finish: the region went away in the middle; the connection must break. */
    static final int FAILED = -1;

    private final int[] rmr;
    private final long[] address;
    private final long[] length;
    private final RegisteredRegion[] region;
    private int head;
    private int count;
    private long done;
    private boolean started;

    Responder(final int capacity) {
        rmr = new int[capacity];
        address = new long[capacity];
        length = new long[capacity];
        region = new RegisteredRegion[capacity];
    }

    int count() {
        return count;
    }

    int capacity() {
        return rmr.length;
    }

    /**
     * Queues a checked READ.
     *
     * @param rmrContext the region's context
     * @param at the address
     * @param bytes the length
     * @param r the region, or null for a zero-length read
     */
    void add(final int rmrContext, final long at, final long bytes, final RegisteredRegion r) {
        final int i = (head + count) % rmr.length;
        rmr[i] = rmrContext;
        address[i] = at;
        length[i] = bytes;
        region[i] = r;
        count++;
    }

    /**
     * Writes (part of) the oldest response.
     *
     * @param out this side's ring
     * @param in the ring this side consumes (its position goes into the header, field d)
     * @return {@link #DONE}, {@link #WAIT} or {@link #FAILED}
     */
    int respond(final RingWriter out, final RingReader in) {
        final int i = head;
        final RegisteredRegion r = region[i];
        if (!started) {
            final boolean gone = r != null && !r.acquire();
            if (r != null && !gone) {
                r.release();
            }
            final int bytes = gone ? 0 : (int) length[i];
            if (!out.fits(bytes)) {
                return WAIT;
            }
            out.begin(Records.READ_RESP, gone ? Records.NAK_ACCESS : 0, bytes, 0, 0, 0, (int) in.announce());
            if (gone) {
                pop();
                return DONE;
            }
            started = true;
            done = 0;
        }
        while (done < length[i]) {
            if (out.freeCached() == 0 && out.free() == 0) {
                return WAIT;
            }
            if (!r.acquire()) {
                return FAILED;
            }
            final long n;
            try {
                n = out.write(r.memory(), address[i] - r.baseAddress() + done, length[i] - done);
            } catch (final IllegalStateException e) {
                return FAILED; // the memory under the region was freed while it was registered
            } finally {
                r.release();
            }
            if (n == 0) {
                return WAIT;
            }
            done += n;
        }
        if (out.inRecord()) {
            return WAIT;
        }
        pop();
        return DONE;
    }

    private void pop() {
        region[head] = null;
        head = (head + 1) % rmr.length;
        count--;
        started = false;
    }

    /** Forgets every response owed (the connection ends). */
    void clear() {
        for (int i = 0; i < region.length; i++) {
            region[i] = null;
        }
        count = 0;
        started = false;
    }
}

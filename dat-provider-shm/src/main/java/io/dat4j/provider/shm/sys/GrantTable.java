package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The regions one side lets its peer copy into or out of with CMA, published in that side's part of the connection
 * mapping. The owner (the target) publishes a grant for each region the peer may reach through this connection
 * (remote privileges, the PZ of the connection's EP) and revokes it before the region is freed; the peer (the
 * initiator) copies only inside a grant it holds in use, so a free never races a copy: a revoked grant cannot be taken,
 * and the owner waits until the grants taken before the revoke are given back.
 *
 * <pre>
 * slot (32 bytes): 0 state (long): generation (bits 63..32), VALID (bit 31), in-use count (bits 30..0)
 *                  8 rmr_context (int)  12 privileges (int: 1 read, 2 write)  16 base address (long)  24 length (long)
 * </pre>
 *
 * A slot's fields are written before its state turns VALID (a release store) and change only after the state left
 * VALID with a count of 0 and a new generation; the initiator takes a slot with a CAS on the whole state (VALID and
 * the generation it read), so the fields it reads afterwards are the ones that generation published.
 *
 * <p>What the owner reads back from the table is only the in-use count, and only to wait for it: it never trusts
 * anything else there (which slot holds which region is kept privately). A peer that holds a count forever makes
 * {@link #revoke} give up after its timeout; the owner then breaks the connection. CMA gives the peer ptrace-level
 * access to this process anyway; the grants are there so that a correct peer never writes where this side did not
 * allow it, not to stop a hostile one (docs/providers.md: switch CMA off between processes that do not trust each
 * other).
 *
 * <p>Thread safety: the owner's methods are synchronized; the initiator's ({@link #take}, {@link #give}) are
 * lock-free and may run on any thread.
 */
public final class GrantTable {

    /** Privilege bit: the peer may read. */
    public static final int READ = 1;
    /** Privilege bit: the peer may write. */
    public static final int WRITE = 2;

    private static final VarHandle LONG = JAVA_LONG.varHandle();
    private static final long VALID = 1L << 31;
    private static final long COUNT = VALID - 1;
    private static final int PROBES = 8;

    private final MemorySegment map;
    private final long base;
    private final int slots;
    private final int mask;
    /** Owner side: the rmr_context each slot holds, 0 for free (private, never read from the mapping). */
    private final int[] owned;

    /**
     * Creates a view of one side's table.
     *
     * @param map the mapping
     * @param layout its layout
     * @param side the owner's side
     * @param owner true for the owner's view (publish, revoke), false for the initiator's (take, give)
     */
    public GrantTable(final MemorySegment map, final ConnectionLayout layout, final int side, final boolean owner) {
        this.map = map;
        this.base = layout.grants(side);
        this.slots = layout.grantSlots();
        this.mask = slots - 1;
        this.owned = owner ? new int[slots] : null;
    }

    /** {@return the number of slots} */
    public int slots() {
        return slots;
    }

    private int home(final int rmr) {
        return (rmr * 0x9E3779B9) >>> 16 & mask;
    }

    private long slot(final int i) {
        return base + (long) i * ConnectionLayout.GRANT_BYTES;
    }

    /**
     * Publishes a grant (owner).
     *
     * @param rmr the region's rmr_context, not 0
     * @param address its start address in the owner's process
     * @param length its length
     * @param privileges {@link #READ} and/or {@link #WRITE}
     * @return false when no slot near the context's home is free (the peer then goes through the ring, where the
     *         owner checks every access itself)
     */
    public synchronized boolean publish(final int rmr, final long address, final long length, final int privileges) {
        if (slots == 0 || rmr == 0) {
            return false;
        }
        for (int p = 0; p < PROBES; p++) {
            if (owned[home(rmr) + p & mask] == rmr) {
                return true; // published already
            }
        }
        for (int p = 0; p < PROBES; p++) {
            final int i = home(rmr) + p & mask;
            if (owned[i] == 0) {
                final long s = slot(i);
                final long state = (long) LONG.getVolatile(map, s);
                if ((state & (VALID | COUNT)) != 0) {
                    continue; // a count left by a peer that gave up on an old grant: never reuse it
                }
                map.set(JAVA_INT, s + 8, rmr);
                map.set(JAVA_INT, s + 12, privileges);
                map.set(JAVA_LONG, s + 16, address);
                map.set(JAVA_LONG, s + 24, length);
                LONG.setRelease(map, s, (state & ~(VALID | COUNT)) | VALID);
                owned[i] = rmr;
                return true;
            }
        }
        return false;
    }

    /**
     * Revokes a grant (owner) and waits until the peer gave back every use taken before: after it returns true, the
     * peer copies nothing more into or out of the region.
     *
     * @param rmr the region's rmr_context
     * @param timeoutNanos how long to wait for uses in progress; 0 revokes an idle grant without waiting
     * @return true if revoked and idle (or never published); false if the peer still held it at the timeout
     */
    public synchronized boolean revoke(final int rmr, final long timeoutNanos) {
        if (slots == 0 || rmr == 0) {
            return true;
        }
        for (int p = 0; p < PROBES; p++) {
            final int i = home(rmr) + p & mask;
            if (owned[i] == rmr) {
                final long s = slot(i);
                final long deadline = System.nanoTime() + timeoutNanos;
                long state = (long) LONG.getVolatile(map, s);
                // the compare-and-set is tried before the deadline is: a timeout of 0 (the peer died, or a look
                // that must not wait) still clears VALID and revokes an idle grant
                while (!LONG.compareAndSet(map, s, state, state & ~VALID)) {
                    if (System.nanoTime() - deadline > 0) {
                        return false;
                    }
                    state = (long) LONG.getVolatile(map, s);
                }
                int spins = 0;
                while (((state = (long) LONG.getVolatile(map, s)) & COUNT) != 0) {
                    if (System.nanoTime() - deadline > 0) {
                        return false; // the slot stays owned: never reused while a count is out
                    }
                    if (++spins < 1000) {
                        Thread.onSpinWait();
                    } else {
                        LockSupport.parkNanos(10_000L);
                    }
                }
                // a new generation: a peer that read the old one cannot take this slot again
                LONG.setRelease(map, s, ((state >>> 32) + 1) << 32);
                owned[i] = 0;
                return true;
            }
        }
        return true;
    }

    /**
     * Revokes every grant this side published (the connection ends), waiting for uses in progress as
     * {@link #revoke} does.
     *
     * @param timeoutNanos how long to wait for each; 0 when the peer is known to be dead
     * @return true if every grant is idle
     */
    public synchronized boolean revokeAll(final long timeoutNanos) {
        boolean idle = true;
        for (int i = 0; i < slots; i++) {
            if (owned[i] != 0) {
                idle &= revoke(owned[i], timeoutNanos);
            }
        }
        return idle;
    }

    /**
     * Takes a grant for one copy (initiator): the region named {@code rmr} must be granted, carry the privilege and
     * contain {@code [address, address + length)} (compared without overflow). Give it back with {@link #give}.
     *
     * @param rmr the rmr_context the consumer named
     * @param address the remote address
     * @param length bytes, 1 or more
     * @param write true to write into the region, false to read it
     * @return the slot taken, or -1 when not granted (then go through the ring: the owner decides)
     */
    public int take(final int rmr, final long address, final long length, final boolean write) {
        if (slots == 0 || rmr == 0 || length <= 0) {
            return -1;
        }
        for (int p = 0; p < PROBES; p++) {
            final int i = home(rmr) + p & mask;
            final long s = slot(i);
            final long state = (long) LONG.getVolatile(map, s);
            if ((state & VALID) == 0 || (state & COUNT) == COUNT || map.get(JAVA_INT, s + 8) != rmr) {
                continue;
            }
            if (!LONG.compareAndSet(map, s, state, state + 1)) {
                return -1; // being revoked or republished right now: let the owner decide
            }
            final int privileges = map.get(JAVA_INT, s + 12);
            final long start = map.get(JAVA_LONG, s + 16);
            final long size = map.get(JAVA_LONG, s + 24);
            if (map.get(JAVA_INT, s + 8) == rmr && (privileges & (write ? WRITE : READ)) != 0
                    && inside(start, size, address, length)) {
                return i;
            }
            give(i);
            return -1;
        }
        return -1;
    }

    /**
     * Gives back a grant taken with {@link #take}.
     *
     * @param slot the slot {@link #take} returned
     */
    public void give(final int slot) {
        LONG.getAndAdd(map, slot(slot), -1L);
    }

    /**
     * {@return true if {@code [address, address + length)} lies in {@code [start, start + size)}}, compared as unsigned
     * numbers without computing either end
     *
     * @param start region start
     * @param size region size (a negative size grants nothing)
     * @param address access start
     * @param length access length, positive
     */
    static boolean inside(final long start, final long size, final long address, final long length) {
        if (size < 0 || Long.compareUnsigned(address, start) < 0) {
            return false;
        }
        final long offset = address - start;
        return Long.compareUnsigned(offset, size) <= 0 && Long.compareUnsigned(length, size - offset) <= 0;
    }
}

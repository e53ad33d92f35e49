package io.dat4j.kit;

import io.dat4j.MemoryPrivilege;
import java.security.SecureRandom;
import java.util.random.RandomGenerator;

/**
 * The remotely accessible regions of one IA, keyed by {@code rmr_context}, for transports that check incoming RDMA
 * themselves (software transports; an RNIC checks its rkeys in hardware). Contexts are drawn from a
 * cryptographically strong generator: never 0, never sequential, not guessable from earlier ones. A region is
 * removed at once when its LMR is freed. Lookups are lock-free and allocation-free.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
public final class RegionTable {

    private final IntTable<KitMemoryRegion> table = new IntTable<>();
    private final RandomGenerator random;

    RegionTable() {
        this.random = new SecureRandom();
    }

    int register(final KitMemoryRegion region) {
        while (true) {
            final int ctx = random.nextInt();
            if (ctx != 0 && table.putIfAbsent(ctx, region)) {
                return ctx;
            }
        }
    }

    int registerAs(final int key, final KitMemoryRegion region) {
        if (!table.putIfAbsent(key, region)) {
            throw new IllegalStateException("the transport gave remote key 0x" + Integer.toHexString(key)
                    + " to two regions");
        }
        return key;
    }

    void revoke(final int context) {
        table.remove(context);
    }

    /** {@return the number of remotely accessible regions} */
    public int size() {
        return table.size();
    }

    /**
     * Checks a remote access and, if allowed, acquires the region for it ({@link KitMemoryRegion#acquire()}); the
     * caller must {@link KitMemoryRegion#release()} it after the copy. The range check cannot overflow: addresses are
     * compared as unsigned 64-bit values and {@code address + length} is never computed.
     *
     * @param rmrContext the context the peer gave
     * @param address the virtual address the peer gave
     * @param length the number of bytes
     * @param write true for an RDMA write (needs REMOTE_WRITE), false for a read (needs REMOTE_READ)
     * @return the region, acquired, or null when the access is refused
     */
    public KitMemoryRegion acquire(final int rmrContext, final long address, final long length,
            final boolean write) {
        final KitMemoryRegion r = table.get(rmrContext);
        if (r == null || !permits(r, address, length, write)) {
            return null;
        }
        return r.acquire() ? r : null;
    }

    /**
     * {@return why an access would be refused, for the log, or null if it is allowed now}
     *
     * @param rmrContext the context
     * @param address the address
     * @param length the length
     * @param write true for a write
     */
    public String refusal(final int rmrContext, final long address, final long length, final boolean write) {
        final KitMemoryRegion r = table.get(rmrContext);
        if (r == null) {
            return "no region with rmr_context 0x" + Integer.toHexString(rmrContext) + " (never registered, or freed)";
        }
        if (!r.allows(write ? MemoryPrivilege.REMOTE_WRITE : MemoryPrivilege.REMOTE_READ)) {
            return "region 0x" + Integer.toHexString(rmrContext) + " lacks " + (write ? "REMOTE_WRITE" : "REMOTE_READ");
        }
        if (!inBounds(r, address, length)) {
            return "range 0x" + Long.toHexString(address) + " +" + Long.toUnsignedString(length)
                    + " is outside region 0x" + Integer.toHexString(rmrContext) + " [0x"
                    + Long.toHexString(r.baseAddress()) + " +" + r.memory().byteSize() + ")";
        }
        return null;
    }

    private static boolean permits(final KitMemoryRegion r, final long address, final long length,
            final boolean write) {
        return r.allows(write ? MemoryPrivilege.REMOTE_WRITE : MemoryPrivilege.REMOTE_READ) && inBounds(r, address,
                length);
    }

    /**
     * {@return true if {@code [address, address+length)} lies inside the region}, without overflow
     *
     * @param r the region
     * @param address unsigned start address
     * @param length length, 0 or more
     */
    static boolean inBounds(final KitMemoryRegion r, final long address, final long length) {
        final long start = r.baseAddress();
        final long size = r.memory().byteSize();
        if (length < 0 || Long.compareUnsigned(address, start) < 0) {
            return false;
        }
        final long offset = address - start;
        return Long.compareUnsigned(offset, size) <= 0 && Long.compareUnsigned(length, size - offset) <= 0;
    }
}

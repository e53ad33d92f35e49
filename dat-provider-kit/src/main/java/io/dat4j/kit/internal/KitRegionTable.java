package io.dat4j.kit.internal;

import io.dat4j.MemoryPrivilege;
import io.dat4j.kit.RegionTable;
import io.dat4j.kit.RegisteredRegion;
import java.security.SecureRandom;
import java.util.random.RandomGenerator;

/**
 * The remotely accessible regions of one IA, keyed by {@code rmr_context}, for transports that check incoming RDMA
 * themselves (software transports; an RNIC checks its rkeys in hardware). Contexts are drawn from a
 * cryptographically strong generator: never 0, never sequential, not guessable from earlier ones. A region is
 * removed at once when its LMR is freed. Lookups are lock-free and allocation-free.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; lookups take no lock, updates the table's own
 * monitor (a leaf; see "Threading and locks" in {@code docs/provider-kit.md}).
 */
final class KitRegionTable implements RegionTable {

    private final IntTable<KitRegion> table = new IntTable<>();
    private final RandomGenerator random;

    KitRegionTable() {
        this.random = new SecureRandom();
    }

    int register(final KitRegion region) {
        while (true) {
            final int ctx = random.nextInt();
            if (ctx != 0 && table.putIfAbsent(ctx, region)) {
                return ctx;
            }
        }
    }

    int registerAs(final int key, final KitRegion region) {
        if (!table.putIfAbsent(key, region)) {
            throw new IllegalStateException("the transport gave remote key 0x" + Integer.toHexString(key)
                    + " to two regions");
        }
        return key;
    }

    void revoke(final int context) {
        table.remove(context);
    }

    @Override
    public int size() {
        return table.size();
    }

    @Override
    public RegisteredRegion acquire(final int rmrContext, final long address, final long length,
            final boolean write) {
        final KitRegion r = table.get(rmrContext);
        if (r == null || !permits(r, address, length, write)) {
            return null;
        }
        return r.acquire() ? r : null;
    }

    @Override
    public String refusal(final int rmrContext, final long address, final long length, final boolean write) {
        final KitRegion r = table.get(rmrContext);
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

    private static boolean permits(final KitRegion r, final long address, final long length,
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
    static boolean inBounds(final KitRegion r, final long address, final long length) {
        final long start = r.baseAddress();
        final long size = r.memory().byteSize();
        if (length < 0 || Long.compareUnsigned(address, start) < 0) {
            return false;
        }
        final long offset = address - start;
        return Long.compareUnsigned(offset, size) <= 0 && Long.compareUnsigned(length, size - offset) <= 0;
    }
}

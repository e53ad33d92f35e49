package io.dat4j.kit.internal;

import io.dat4j.MemoryPrivilege;
import io.dat4j.kit.EndpointUpcalls;
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
 * <p>A lookup names the EP the access arrived on, and a region is served only to an EP of its own protection zone,
 * as a verbs responder refuses an rkey of another protection domain than the QP's ({@code IBV_WC_REM_ACCESS_ERR}):
 * a peer connected to an EP of PZ A cannot reach an LMR of PZ B by its {@code rmr_context}. The PZ is the one in force
 * when the access is served ({@link io.dat4j.Endpoint#modifyProtectionZone} moves a provider-created EP while it is
 * TENTATIVE_CONNECTION_PENDING). A mismatch is refused exactly like an unknown context: the transport answers it as
 * it answers a bad rkey.
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
    public RegisteredRegion acquire(final EndpointUpcalls target, final int rmrContext, final long address,
            final long length, final boolean write) {
        final KitRegion r = table.get(rmrContext);
        if (r == null || r.pz() != zoneOf(target) || !permits(r, address, length, write)) {
            return null;
        }
        return r.acquire() ? r : null;
    }

    @Override
    public String refusal(final EndpointUpcalls target, final int rmrContext, final long address, final long length,
            final boolean write) {
        final KitProtectionZone zone = zoneOf(target);
        if (zone == null) {
            return "the target EP " + target + " is not an EP of this IA";
        }
        final KitRegion r = table.get(rmrContext);
        if (r == null) {
            return "no region with rmr_context 0x" + Integer.toHexString(rmrContext) + " (never registered, or freed)";
        }
        if (r.pz() != zone) {
            return "region 0x" + Integer.toHexString(rmrContext) + " belongs to another protection zone than the"
                    + " target EP's";
        }
        if (!r.allows(write ? MemoryPrivilege.REMOTE_WRITE : MemoryPrivilege.REMOTE_READ)) {
            return "region 0x" + Integer.toHexString(rmrContext) + " lacks " + (write ? "REMOTE_WRITE" : "REMOTE_READ");
        }
        if (!inBounds(r, address, length)) {
            return "range 0x" + Long.toHexString(address) + " +" + Long.toUnsignedString(length)
                    + " is outside region 0x" + Integer.toHexString(rmrContext) + " [0x"
                    + Long.toHexString(r.baseAddress()) + " +" + r.memory().byteSize() + ")";
        }
        if (!r.memory().scope().isAlive()) {
            return "the memory under region 0x" + Integer.toHexString(rmrContext) + " was freed while it was "
                    + "registered (a consumer error)";
        }
        return null;
    }

    /** {@return the PZ the EP has now, or null when it is not an EP of this table's IA} */
    private KitProtectionZone zoneOf(final EndpointUpcalls target) {
        return target instanceof final KitEndpointUpcalls u && u.ep().owner().regions() == this ? u.ep().pz() : null;
    }

    private static boolean permits(final KitRegion r, final long address, final long length,
            final boolean write) {
        return r.allows(write ? MemoryPrivilege.REMOTE_WRITE : MemoryPrivilege.REMOTE_READ) && inBounds(r, address,
                length) && r.memory().scope().isAlive();
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

package io.dat4j.kit.internal;

import io.dat4j.MemoryPrivilege;
import java.lang.foreign.MemorySegment;
import java.util.Set;

/**
 * The argument rules of {@code dat_lmr_create} (which segments and privileges can be registered), and of the local
 * segments a post names (which LMRs an EP or SRQ may use).
 */
final class MemoryRules {

    /** A thread that never runs, to ask a segment whether threads other than its owner may touch it. */
    private static final Thread OTHER_THREAD = Thread.ofPlatform().unstarted(() -> { });

    private MemoryRules() {
    }

    /**
     * Checks a segment and privileges for registration.
     *
     * @param region the segment
     * @param privileges the privileges
     * @param maxSize the IA's largest LMR
     * @throws io.dat4j.DatException {@code INVALID_PARAMETER} or {@code LENGTH_ERROR} with the argument's number
     */
    static void checkRegistration(final MemorySegment region, final Set<MemoryPrivilege> privileges,
            final long maxSize) {
        if (region == null) {
            throw Checks.invalidArg(3, "memory segment is null");
        }
        if (!region.isNative()) {
            throw Checks.invalidArg(3, "memory segment is on the Java heap; register native memory"
                    + " (Arena.allocate)");
        }
        if (!region.isAccessibleBy(OTHER_THREAD)) {
            throw Checks.invalidArg(3, "memory segment belongs to a confined arena, but the provider's own threads"
                    + " move its data; allocate it from Arena.ofShared(), Arena.global() or Arena.ofAuto()");
        }
        if (!region.scope().isAlive()) {
            throw Checks.invalidArg(3, "memory segment's arena is already closed");
        }
        if (region.byteSize() == 0) {
            throw Checks.lengthError("memory segment is empty; register at least 1 byte");
        }
        if (region.byteSize() > maxSize) {
            throw Checks.lengthError("memory segment of " + region.byteSize() + " bytes exceeds the IA's limit of "
                    + maxSize);
        }
        if (privileges == null) {
            throw Checks.invalidArg(6, "privileges are null (use MemoryPrivilege.NONE for none)");
        }
        for (final MemoryPrivilege p : privileges) {
            if (p == null) {
                throw Checks.invalidArg(6, "privileges contain null");
            }
        }
        if (region.isReadOnly() && (privileges.contains(MemoryPrivilege.LOCAL_WRITE)
                || privileges.contains(MemoryPrivilege.REMOTE_WRITE)
                || privileges.contains(MemoryPrivilege.REMOTE_ATOMIC))) {
            throw Checks.invalidArg(6, "a read-only segment cannot be registered with a write privilege");
        }
    }

    /**
     * Checks one local segment of a posted list (argument 3 of the post calls).
     *
     * @param t the segment
     * @param i its index, for the message
     * @return its length, 0 or more
     */
    static long segmentLength(final io.dat4j.LocalMemoryTriplet t, final int i) {
        if (t == null) {
            throw Checks.invalidArg(3, "segment " + i + " is null");
        }
        final long len = t.segmentLength();
        if (len < 0) {
            throw Checks.invalidArg(3, "segment " + i + " has a negative length " + len);
        }
        return len;
    }

    /**
     * {@return the LMR a local segment names, when a post in a PZ may use it: live, of that PZ, in bounds, and
     * writable when the operation writes it; null otherwise (the operation completes with LOCAL_PROTECTION)}
     *
     * @param ia the IA whose LMR contexts the segment names
     * @param pz the PZ of the EP or SRQ that posts
     * @param t the segment
     * @param len its length, above 0
     * @param localWrite whether the operation writes local memory (receives, RDMA reads)
     */
    static KitMemoryRegion usableRegion(final KitInterfaceAdapter ia, final KitProtectionZone pz,
            final io.dat4j.LocalMemoryTriplet t, final long len, final boolean localWrite) {
        return usableRegion(ia, pz, t, len, localWrite, null);
    }

    /**
     * {@return the LMR a local segment names, as {@link #usableRegion(KitInterfaceAdapter, KitProtectionZone,
     * io.dat4j.LocalMemoryTriplet, long, boolean)}, looked up only if {@code last} is not that LMR}: a poster that
     * keeps the region its last post resolved passes it, and skips the IA's table when the segment names the same
     * {@code lmr_context}. That is the same answer: an LMR leaves the table only after it is marked closed, and a
     * context names one open LMR at a time, so an open {@code last} with that context is what the table holds (a
     * closed one fails the checks below, as the table's answer then would, or a later LMR got its context: a miss)
     *
     * @param last the region the caller's last post resolved, or null
     */
    static KitMemoryRegion usableRegion(final KitInterfaceAdapter ia, final KitProtectionZone pz,
            final io.dat4j.LocalMemoryTriplet t, final long len, final boolean localWrite,
            final KitMemoryRegion last) {
        final int ctx = t.lmrContext();
        final KitMemoryRegion r = last != null && last.localContext() == ctx && !last.isClosed() ? last
                : ia.localRegion(ctx);
        if (r == null || r.isClosed() || r.pz() != pz || !r.region().memory().scope().isAlive()
                || !KitRegionTable.inBounds(r.region(), t.virtualAddress(), len)
                || (localWrite && !r.region().allows(MemoryPrivilege.LOCAL_WRITE))) {
            return null;
        }
        return r;
    }
}

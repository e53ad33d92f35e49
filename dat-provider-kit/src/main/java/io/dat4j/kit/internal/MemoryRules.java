package io.dat4j.kit.internal;

import io.dat4j.MemoryPrivilege;
import java.lang.foreign.MemorySegment;
import java.util.Set;

/** The argument rules of {@code dat_lmr_create}: which segments and privileges can be registered. */
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
                || privileges.contains(MemoryPrivilege.REMOTE_WRITE))) {
            throw Checks.invalidArg(6, "a read-only segment cannot be registered with a write privilege");
        }
    }
}

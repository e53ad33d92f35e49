package io.dat4j.kit.internal;

import io.dat4j.DtoStatus;
import io.dat4j.kit.SharedReceiveBuffer;

/**
 * The kit's {@link SharedReceiveBuffer}: one buffer posted to an SRQ, with the local error found at post time.
 *
 * <p>Thread safety: immutable (the arrays are never changed after construction).
 */
final class KitSharedReceiveBuffer implements SharedReceiveBuffer {

    private final long sequence;
    private final long cookie;
    private final int flags;
    private final KitRegion[] regions;
    private final long[] offsets;
    private final long[] lengths;
    private final int count;
    private final DtoStatus localError;

    KitSharedReceiveBuffer(final long sequence, final long cookie, final int flags, final KitRegion[] regions,
            final long[] offsets, final long[] lengths, final DtoStatus localError) {
        this.sequence = sequence;
        this.cookie = cookie;
        this.flags = flags;
        this.regions = regions;
        this.offsets = offsets;
        this.lengths = lengths;
        int n = 0;
        while (n < regions.length && regions[n] != null) {
            n++;
        }
        this.count = n;
        this.localError = localError;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    @Override
    public long cookie() {
        return cookie;
    }

    @Override
    public int segmentCount() {
        return count;
    }

    @Override
    public KitRegion region(final int i) {
        return regions[i];
    }

    @Override
    public long offset(final int i) {
        return offsets[i];
    }

    @Override
    public long length(final int i) {
        return lengths[i];
    }

    int flags() {
        return flags;
    }

    KitRegion[] regions() {
        return regions;
    }

    long[] offsets() {
        return offsets;
    }

    long[] lengths() {
        return lengths;
    }

    /** {@return LOCAL_PROTECTION when a segment failed the local checks at post time, else null} */
    DtoStatus localError() {
        return localError;
    }
}

package io.dat4j;

import java.util.EnumSet;
import java.util.Set;

/** A memory privilege of a registered region ({@code DAT_MEM_PRIV_FLAGS}), with the C bit values. */
public enum MemoryPrivilege {
    /** {@code DAT_MEM_PRIV_LOCAL_READ_FLAG}. */
    LOCAL_READ(0x01),
    /** {@code DAT_MEM_PRIV_REMOTE_READ_FLAG}: peers may RDMA-read the region. */
    REMOTE_READ(0x02),
    /** {@code DAT_MEM_PRIV_LOCAL_WRITE_FLAG}. */
    LOCAL_WRITE(0x10),
    /** {@code DAT_MEM_PRIV_REMOTE_WRITE_FLAG}: peers may RDMA-write the region. */
    REMOTE_WRITE(0x20),
    /**
     * {@code DAT_IB_MEM_PRIV_REMOTE_ATOMIC} (IB extension): peers may apply fetch-and-add and compare-and-swap to the
     * region ({@link Endpoint#postFetchAndAdd}, {@link Endpoint#postCompareAndSwap}). Atomics write, so a read-only
     * segment cannot carry it. Not part of {@link #ALL}, as in C.
     */
    REMOTE_ATOMIC(0x40);

    /** {@code DAT_MEM_PRIV_ALL_FLAG}: local and remote read and write (not {@link #REMOTE_ATOMIC}, as in C). */
    public static final Set<MemoryPrivilege> ALL = Set.copyOf(EnumSet.of(LOCAL_READ, REMOTE_READ, LOCAL_WRITE,
            REMOTE_WRITE));
    /** {@code DAT_MEM_PRIV_NONE_FLAG}. */
    public static final Set<MemoryPrivilege> NONE = Set.of();
    /** Local read and write only. */
    public static final Set<MemoryPrivilege> LOCAL = Set.of(LOCAL_READ, LOCAL_WRITE);

    private final int value;

    MemoryPrivilege(final int value) {
        this.value = value;
    }

    /** {@return the C bit} */
    public int value() {
        return value;
    }

    /**
     * {@return the C bit mask of a set of privileges}
     *
     * @param privileges the privileges
     */
    public static int mask(final Set<MemoryPrivilege> privileges) {
        int m = 0;
        for (final MemoryPrivilege p : privileges) {
            m |= p.value;
        }
        return m;
    }
}

package io.dat4j;

import java.lang.foreign.MemorySegment;
import java.util.Set;

/**
 * Registered local memory ({@code DAT_LMR_HANDLE}). Its {@code lmr_context} names it in local triplets; its
 * {@code rmr_context} is what a peer needs to RDMA-read or write it, within the remote privileges it was registered
 * with. {@link #close()} is {@code dat_lmr_free}: from then on remote access is refused at once.
 */
public interface LocalMemoryRegion extends Handle {

    /** {@return the PZ} */
    ProtectionZone protectionZone();

    /** {@return the registered memory} */
    MemorySegment segment();

    /** {@return the {@code lmr_context}} */
    int lmrContext();

    /** {@return the {@code rmr_context}, 0 when no remote privilege was given} */
    int rmrContext();

    /** {@return the registered size, {@code registered_size}} */
    long registeredSize();

    /** {@return the registered start address, {@code registered_address}} */
    long registeredAddress();

    /** {@return the privileges} */
    Set<MemoryPrivilege> privileges();

    /**
     * {@return a local triplet for part of this region}
     *
     * @param offset from the start of the region
     * @param length in bytes
     * @throws DatException {@code LENGTH_ERROR} if the range is outside the region
     */
    LocalMemoryTriplet triplet(long offset, long length);

    /**
     * {@return a remote triplet a peer can use to reach part of this region}
     *
     * @param offset from the start of the region
     * @param length in bytes
     * @throws DatException {@code LENGTH_ERROR} if the range is outside the region
     */
    RemoteMemoryTriplet remoteTriplet(long offset, long length);
}

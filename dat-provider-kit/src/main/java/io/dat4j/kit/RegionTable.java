package io.dat4j.kit;

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
 * <p>Thread safety: safe for use by multiple concurrent threads; takes no lock.
 */
public interface RegionTable {

    /** {@return the number of remotely accessible regions} */
    int size();

    /**
     * Checks a remote access and, if allowed, acquires the region for it ({@link RegisteredRegion#acquire()}); the
     * caller must {@link RegisteredRegion#release()} it after the copy (in a {@code finally}). The region must have
     * the context, cover the range, carry the privilege and belong to the protection zone the target EP has now. The
     * range check cannot overflow: addresses are compared as unsigned 64-bit values and {@code address + length} is
     * never computed.
     *
     * @param target the EP the access arrived on (the one the kit gave the transport's
     *        {@link Transport#createEndpoint}); an EP of another IA is refused everything
     * @param rmrContext the context the peer gave
     * @param address the virtual address the peer gave
     * @param length the number of bytes
     * @param write true for an RDMA write (needs REMOTE_WRITE), false for a read (needs REMOTE_READ)
     * @return the region, acquired, or null when the access is refused
     */
    RegisteredRegion acquire(EndpointUpcalls target, int rmrContext, long address, long length, boolean write);

    /**
     * {@return why an access would be refused, for the log, or null if it is allowed now}
     *
     * @param target the EP the access arrived on
     * @param rmrContext the context
     * @param address the address
     * @param length the length
     * @param write true for a write
     */
    String refusal(EndpointUpcalls target, int rmrContext, long address, long length, boolean write);
}

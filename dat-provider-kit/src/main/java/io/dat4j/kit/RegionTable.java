package io.dat4j.kit;

/**
 * The remotely accessible regions of one IA, keyed by {@code rmr_context}, for transports that check incoming RDMA
 * themselves (software transports; an RNIC checks its rkeys in hardware). Contexts are drawn from a
 * cryptographically strong generator: never 0, never sequential, not guessable from earlier ones. A region is
 * removed at once when its LMR is freed. Lookups are lock-free and allocation-free.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; takes no lock.
 */
public interface RegionTable {

    /** {@return the number of remotely accessible regions} */
    int size();

    /**
     * Checks a remote access and, if allowed, acquires the region for it ({@link RegisteredRegion#acquire()}); the
     * caller must {@link RegisteredRegion#release()} it after the copy. The range check cannot overflow: addresses
     * are compared as unsigned 64-bit values and {@code address + length} is never computed.
     *
     * @param rmrContext the context the peer gave
     * @param address the virtual address the peer gave
     * @param length the number of bytes
     * @param write true for an RDMA write (needs REMOTE_WRITE), false for a read (needs REMOTE_READ)
     * @return the region, acquired, or null when the access is refused
     */
    RegisteredRegion acquire(int rmrContext, long address, long length, boolean write);

    /**
     * {@return why an access would be refused, for the log, or null if it is allowed now}
     *
     * @param rmrContext the context
     * @param address the address
     * @param length the length
     * @param write true for a write
     */
    String refusal(int rmrContext, long address, long length, boolean write);
}

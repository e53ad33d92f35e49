package io.dat4j.kit;

import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * A registered memory region as a transport sees it: the memory, the transport's registration, the privileges, and a
 * guard that lets the LMR's free wait until no transport thread copies into or out of it. A transport brackets every
 * access to the region's memory that is not covered by a posted operation's lifetime with {@link #acquire()} and
 * {@link #release()}; after the free starts, acquire fails, so no byte of a freed region is touched. The consumer's
 * {@link LocalMemoryRegion} handle cannot be cast to it.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; each {@link #view(int)} slot belongs to one thread.
 * Takes no lock.
 */
public interface RegisteredRegion {

    /** Number of per-thread {@link ByteBuffer} views a region caches. */
    int VIEW_SLOTS = 8;

    /** {@return the consumer's handle of this LMR}, for logs */
    LocalMemoryRegion handle();

    /** {@return the region's {@code lmr_context}} */
    int lmrContext();

    /** {@return the region's {@code rmr_context}, or 0 when it has no remote privilege} */
    int rmrContext();

    /**
     * {@return the registered memory}; unlike {@link LocalMemoryRegion#segment()} it does not check that the handle
     * is open, so a transport thread may use it between a successful {@link #acquire()} and {@link #release()}, or for
     * an operation posted before the consumer freed the LMR
     */
    MemorySegment memory();

    /** {@return the registered start address} */
    long baseAddress();

    /**
     * {@return true if the region was registered with a privilege}
     *
     * @param privilege the privilege
     */
    boolean allows(MemoryPrivilege privilege);

    /** {@return the transport's registration object ({@link Transport#registerMemory}), or null} */
    Object registration();

    /** {@return the transport's protection domain of the LMR's PZ ({@link Transport#allocateProtectionZone})} */
    Object protectionZoneRegistration();

    /**
     * {@return a cached {@link ByteBuffer} over the whole region for one thread, or null when the region is larger
     * than a buffer can be (2 GiB); the caller sets position and limit}
     *
     * @param slot the calling thread's slot, 0 to {@link #VIEW_SLOTS}-1; one thread per slot
     */
    ByteBuffer view(int slot);

    /**
     * Marks the start of an access to the region's memory by a transport thread.
     *
     * @return false if the region is being freed: do not touch its memory
     */
    boolean acquire();

    /** Marks the end of an access started with a successful {@link #acquire()}. */
    void release();
}

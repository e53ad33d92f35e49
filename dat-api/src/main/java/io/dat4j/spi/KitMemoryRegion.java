package io.dat4j.spi;

import io.dat4j.DatException;
import io.dat4j.HandleType;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.logging.log4j.Logger;

/**
 * A registered memory region ({@code DAT_LMR_HANDLE}) as the kit keeps it: the segment, its contexts, privileges,
 * the transport's registration, and a guard that lets {@link #close()} wait until no transport thread copies into or
 * out of it. A transport brackets every access to the region's memory with {@link #acquire()} and
 * {@link #release()}; after close starts, acquire fails, so no byte of a freed region is touched.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; each {@link #view(int)} slot belongs to one thread.
 */
public final class KitMemoryRegion extends KitHandle implements LocalMemoryRegion {

    /** Number of per-thread {@link ByteBuffer} views a region caches. */
    public static final int VIEW_SLOTS = 8;

    private static final Logger LOG = Logging.logger(KitMemoryRegion.class);

    private final KitInterfaceAdapter ia;
    private final KitProtectionZone pz;
    private final MemorySegment segment;
    private final Set<MemoryPrivilege> privileges;
    private final int privilegeMask;
    private final int lmrContext;
    private int rmrContext;
    private final ByteBuffer[] views = new ByteBuffer[VIEW_SLOTS];
    private final AtomicInteger users = new AtomicInteger();
    private volatile boolean revoked;
    private volatile Object registration;

    KitMemoryRegion(final KitInterfaceAdapter ia, final KitProtectionZone pz, final MemorySegment segment,
            final Set<MemoryPrivilege> privileges, final int lmrContext) {
        this.ia = ia;
        this.pz = pz;
        this.segment = segment;
        this.privileges = Set.copyOf(privileges);
        this.privilegeMask = MemoryPrivilege.mask(privileges);
        this.lmrContext = lmrContext;
    }

    void rmrContext(final int value) {
        rmrContext = value;
    }

    void registration(final Object value) {
        registration = value;
    }

    @Override
    KitInterfaceAdapter owner() {
        return ia;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.INVALID_HANDLE_LMR;
    }

    KitProtectionZone pz() {
        return pz;
    }

    @Override
    public HandleType handleType() {
        return HandleType.LMR;
    }

    @Override
    public ProtectionZone protectionZone() {
        checkOpen();
        return pz;
    }

    @Override
    public MemorySegment segment() {
        checkOpen();
        return segment;
    }

    @Override
    public int lmrContext() {
        checkOpen();
        return lmrContext;
    }

    @Override
    public int rmrContext() {
        checkOpen();
        return rmrContext;
    }

    @Override
    public long registeredSize() {
        checkOpen();
        return segment.byteSize();
    }

    @Override
    public long registeredAddress() {
        checkOpen();
        return segment.address();
    }

    @Override
    public Set<MemoryPrivilege> privileges() {
        checkOpen();
        return privileges;
    }

    /**
     * {@return true if the region was registered with a privilege}
     *
     * @param privilege the privilege
     */
    public boolean allows(final MemoryPrivilege privilege) {
        return (privilegeMask & privilege.value()) != 0;
    }

    /** {@return the transport's protection domain of the LMR's PZ ({@link Transport#allocateProtectionZone})} */
    public Object protectionZoneRegistration() {
        return pz.registration();
    }

    /**
     * {@return the registered memory, for transports}: unlike {@link #segment()} it does not check that the handle is
     * open, so a transport thread may use it between a successful {@link #acquire()} and {@link #release()}, or for an
     * operation posted before the consumer freed the LMR
     */
    public MemorySegment memory() {
        return segment;
    }

    /** {@return the registered start address, for transports; no open check (see {@link #memory()})} */
    public long baseAddress() {
        return segment.address();
    }

    /** {@return the lmr_context, without the open check} */
    int localContext() {
        return lmrContext;
    }

    /** {@return the rmr_context, without the open check} */
    int remoteContext() {
        return rmrContext;
    }

    /** {@return the transport's registration object ({@link Transport#registerMemory}), or null} */
    public Object registration() {
        return registration;
    }

    /**
     * {@return a cached {@link ByteBuffer} over the whole region for one thread, or null when the region is larger
     * than a buffer can be (2 GiB); the caller sets position and limit}
     *
     * @param slot the calling thread's slot, 0 to {@link #VIEW_SLOTS}-1; one thread per slot
     */
    public ByteBuffer view(final int slot) {
        ByteBuffer b = views[slot];
        if (b == null) {
            if (segment.byteSize() > Integer.MAX_VALUE) {
                return null;
            }
            b = segment.asByteBuffer();
            views[slot] = b;
        }
        return b;
    }

    /**
     * Marks the start of an access to the region's memory by a transport thread.
     *
     * @return false if the region is being freed: do not touch its memory
     */
    public boolean acquire() {
        users.incrementAndGet();
        if (revoked) {
            users.decrementAndGet();
            return false;
        }
        return true;
    }

    /** Marks the end of an access started with a successful {@link #acquire()}. */
    public void release() {
        users.decrementAndGet();
    }

    @Override
    public LocalMemoryTriplet triplet(final long offset, final long length) {
        checkOpen();
        checkRange(offset, length);
        return new LocalMemoryTriplet(lmrContext, segment.address() + offset, length);
    }

    @Override
    public RemoteMemoryTriplet remoteTriplet(final long offset, final long length) {
        checkOpen();
        checkRange(offset, length);
        if (rmrContext == 0) {
            throw new DatException(StatusType.PRIVILEGES_VIOLATION, null,
                    "the LMR was registered without REMOTE_READ or REMOTE_WRITE, so peers cannot reach it");
        }
        return new RemoteMemoryTriplet(rmrContext, segment.address() + offset, length);
    }

    private void checkRange(final long offset, final long length) {
        final long size = segment.byteSize();
        if (offset < 0 || length < 0 || offset > size || length > size - offset) {
            throw Checks.lengthError("range [" + offset + ", +" + length + ") is outside the region of " + size
                    + " bytes");
        }
    }

    @Override
    public void close() {
        if (!markClosed()) {
            return;
        }
        revoked = true;
        ia.unregisterRegion(this);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (users.get() > 0) {
            if (System.nanoTime() - deadline > 0) {
                LOG.error("LMR {} freed while a transport thread still uses it after 10 s; releasing anyway", this);
                break;
            }
            LockSupport.parkNanos(10_000L);
        }
        try {
            ia.transport().deregisterMemory(this);
        } catch (final RuntimeException e) {
            LOG.warn("deregistering LMR {} failed", this, e);
        }
        pz.release();
        ia.removeChild(this);
    }

    @Override
    void forceClose() {
        close();
    }
}

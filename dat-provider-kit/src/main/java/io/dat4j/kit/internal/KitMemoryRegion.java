package io.dat4j.kit.internal;

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
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.logging.log4j.Logger;

/**
 * A registered memory region ({@code DAT_LMR_HANDLE}) as the consumer holds it. The transport's side, with the memory,
 * registration and access guard, is a separate object ({@link KitRegion}); {@link #close()} revokes it and waits
 * until no transport thread copies into or out of it, so no byte of a freed region is touched.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; takes no lock (see "Threading and locks" in
 * {@code docs/provider-kit.md}).
 */
final class KitMemoryRegion extends KitHandle implements LocalMemoryRegion {

    private static final Logger LOG = Logging.logger(KitMemoryRegion.class);

    private final KitInterfaceAdapter ia;
    private final KitProtectionZone pz;
    private final MemorySegment segment;
    private final Set<MemoryPrivilege> privileges;
    private final int lmrContext;
    private final KitRegion region;

    KitMemoryRegion(final KitInterfaceAdapter ia, final KitProtectionZone pz, final MemorySegment segment,
            final Set<MemoryPrivilege> privileges, final int lmrContext) {
        this.ia = ia;
        this.pz = pz;
        this.segment = segment;
        this.privileges = Set.copyOf(privileges);
        this.lmrContext = lmrContext;
        this.region = new KitRegion(this, segment, privileges, lmrContext);
    }

    /** {@return the transport's side} */
    KitRegion region() {
        return region;
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
        return region.rmrContext();
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

    /** {@return the lmr_context, without the open check} */
    int localContext() {
        return lmrContext;
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
        final int rmr = region.rmrContext();
        if (rmr == 0) {
            throw new DatException(StatusType.PRIVILEGES_VIOLATION, null,
                    "the LMR was registered without REMOTE_READ, REMOTE_WRITE or REMOTE_ATOMIC, so peers cannot"
                            + " reach it");
        }
        return new RemoteMemoryTriplet(rmr, segment.address() + offset, length);
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
        region.revoke();
        ia.unregisterRegion(this);
        ia.gate.releaseForWait(); // a transport thread's copy may have to finish
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (region.users() > 0) {
            if (System.nanoTime() - deadline > 0) {
                LOG.error("LMR {} freed while a transport thread still uses it after 10 s; releasing anyway", this);
                break;
            }
            LockSupport.parkNanos(10_000L);
        }
        try {
            ia.transport().deregisterMemory(region);
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

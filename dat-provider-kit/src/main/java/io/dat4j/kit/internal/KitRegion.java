package io.dat4j.kit.internal;

import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.kit.ConsumerGate;
import io.dat4j.kit.RegisteredRegion;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The transport's side of an LMR ({@link RegisteredRegion}): the memory, contexts, privileges, the transport's
 * registration and the access guard. A separate object from the consumer's handle ({@link KitMemoryRegion}), so that
 * the handle cannot be cast to it.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; takes no lock (see "Threading and locks" in
 * {@code docs/provider-kit.md}).
 */
final class KitRegion implements RegisteredRegion {

    private final KitMemoryRegion handle;
    private final MemorySegment segment;
    private final int privilegeMask;
    private final int lmrContext;
    private volatile int rmrContext;
    private final ByteBuffer[] views = new ByteBuffer[VIEW_SLOTS];
    private final AtomicInteger users = new AtomicInteger();
    /**
     * The IA's single-thread gate: while the consumer holds it, nothing else touches {@link #users} (the transport's
     * threads wait for the gate, and the LMR's free is a call of the consumer), so the consumer counts with plain
     * reads and writes instead of atomic ones. The count stays one count: a hold taken by the consumer may be given
     * back by a transport thread later (a rendezvous SEND's, at the peer's answer) or the other way round, each
     * access ordered by the gate's hand-overs.
     */
    private final ConsumerGate gate;
    private volatile boolean revoked;
    private volatile Object registration;

    KitRegion(final KitMemoryRegion handle, final MemorySegment segment, final Set<MemoryPrivilege> privileges,
            final int lmrContext) {
        this.handle = handle;
        this.gate = handle.owner().gate;
        this.segment = segment;
        this.privilegeMask = MemoryPrivilege.mask(privileges);
        this.lmrContext = lmrContext;
    }

    void rmrContext(final int value) {
        rmrContext = value;
    }

    void registration(final Object value) {
        registration = value;
    }

    /** Stops new accesses ({@link #acquire()} fails from now on). */
    void revoke() {
        revoked = true;
    }

    /** {@return the number of accesses in progress} */
    int users() {
        return users.get();
    }

    /** {@return the handle's PZ} */
    KitProtectionZone pz() {
        return handle.pz();
    }

    /** {@return true once the LMR is freed} */
    boolean isFreed() {
        return handle.isClosed();
    }

    @Override
    public LocalMemoryRegion handle() {
        return handle;
    }

    @Override
    public int lmrContext() {
        return lmrContext;
    }

    @Override
    public int rmrContext() {
        return rmrContext;
    }

    @Override
    public MemorySegment memory() {
        return segment;
    }

    @Override
    public long baseAddress() {
        return segment.address();
    }

    @Override
    public boolean allows(final MemoryPrivilege privilege) {
        return (privilegeMask & privilege.value()) != 0;
    }

    @Override
    public Object registration() {
        return registration;
    }

    @Override
    public Object protectionZoneRegistration() {
        return handle.pz().registration();
    }

    @Override
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

    @Override
    public boolean acquire() {
        if (gate.mine()) {
            if (revoked) {
                return false;
            }
            users.setPlain(users.getPlain() + 1);
            return true;
        }
        users.incrementAndGet();
        if (revoked) {
            users.decrementAndGet();
            return false;
        }
        return true;
    }

    @Override
    public void release() {
        if (gate.mine()) {
            users.setPlain(users.getPlain() - 1);
            return;
        }
        users.decrementAndGet();
    }

    @Override
    public String toString() {
        return "region of " + handle;
    }
}

package io.dat4j.kit.internal;

import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.StatusSubtype;

/**
 * The kit's protection zone ({@code DAT_PZ_HANDLE}): counts the EPs and LMRs that use it ({@link UseCount}: a child
 * created while another thread frees the PZ either holds it, and the free is refused, or is refused itself). Thread
 * safe; takes no lock (see "Threading and locks" in {@code docs/provider-kit.md}).
 */
final class KitProtectionZone extends KitHandle implements ProtectionZone {

    private final KitInterfaceAdapter ia;
    private final UseCount users = new UseCount();
    private volatile Object registration;

    KitProtectionZone(final KitInterfaceAdapter ia) {
        this.ia = ia;
    }

    @Override
    KitInterfaceAdapter owner() {
        return ia;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.INVALID_HANDLE_PZ;
    }

    void registration(final Object value) {
        registration = value;
    }

    Object registration() {
        return registration;
    }

    /** {@return true if a new user was counted; false once the PZ is being freed} */
    boolean tryRetain() {
        return users.tryRetain();
    }

    void release() {
        users.release();
    }

    @Override
    public HandleType handleType() {
        return HandleType.PZ;
    }

    @Override
    public InterfaceAdapter interfaceAdapter() {
        checkOpen();
        return ia;
    }

    @Override
    public void close() {
        if (isClosed()) {
            return;
        }
        final int n = users.tryClose();
        if (n > 0) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_PZ_IN_USE,
                    n + " EP(s)/LMR(s) still use this PZ; free them first");
        }
        forceClose();
    }

    @Override
    void forceClose() {
        users.markClosing();
        if (markClosed()) {
            try {
                io.dat4j.kit.KitLock.assertNoneHeld("Transport.freeProtectionZone");
                ia.transport().freeProtectionZone(this, registration);
            } catch (final RuntimeException e) {
                KitInterfaceAdapter.LOG.warn("freeing the transport's PD of {} failed", this, e);
            }
            ia.removeChild(this);
        }
    }
}

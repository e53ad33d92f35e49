package io.dat4j.kit.internal;

import io.dat4j.Handle;
import io.dat4j.HandleType;
import io.dat4j.StatusSubtype;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The common part of every kit handle: idempotent close state, the consumer context, and the IA it belongs to
 * (libdapl: the {@code DAPL_HEADER} with its magic word).
 */
abstract sealed class KitHandle implements Handle permits KitInterfaceAdapter, KitEndpoint, KitEventDispatcher,
        KitMemoryRegion, KitProtectionZone, KitServicePoint, KitConnectionRequest, KitConsumerNotifier,
        KitSharedReceiveQueue {

    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Object context;

    /** {@return the IA that owns this handle} */
    abstract KitInterfaceAdapter owner();

    /** {@return the INVALID_HANDLE subtype that names this kind of handle} */
    abstract StatusSubtype invalidHandleSubtype();

    /** Frees the handle as part of its parent's ABRUPT close: no refusal. */
    abstract void forceClose();

    @Override
    public final boolean isClosed() {
        return closed.get();
    }

    /** {@return true for the one caller that gets to close the handle} */
    final boolean markClosed() {
        return closed.compareAndSet(false, true);
    }

    /** Throws INVALID_HANDLE when closed. */
    final void checkOpen() {
        if (closed.get()) {
            throw Checks.invalidHandle(invalidHandleSubtype(), handleType() + " handle is closed (freed); it cannot be"
                    + " used any more");
        }
    }

    @Override
    public final Object consumerContext() {
        checkOpen();
        return context;
    }

    @Override
    public final void consumerContext(final Object value) {
        checkOpen();
        context = value;
    }

    @Override
    public String toString() {
        final HandleType t = handleType();
        return t + "@" + Integer.toHexString(System.identityHashCode(this)) + (isClosed() ? "(closed)" : "");
    }
}

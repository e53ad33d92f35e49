package io.dat4j.kit.internal;

import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.EventDispatcher;
import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;

/**
 * The kit's consumer notification object ({@code DAT_CNO_HANDLE}). Thread safe: guarded by its lock
 * ({@link LockRank#NOTIFIER}, the innermost rank), taken by an EVD's post after the EVD's lock is released. See
 * "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class KitConsumerNotifier extends KitHandle implements ConsumerNotifier {

    private final KitInterfaceAdapter ia;
    private final KitLock lock = new KitLock(LockRank.NOTIFIER, this);
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<KitEventDispatcher> fired = new ArrayDeque<>();
    private final UseCount users = new UseCount();
    private int triggers;

    KitConsumerNotifier(final KitInterfaceAdapter ia) {
        this.ia = ia;
    }

    @Override
    KitInterfaceAdapter owner() {
        return ia;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.INVALID_HANDLE_CNO;
    }

    /** {@return true if a new EVD was counted; false once the CNO is being freed} ({@link UseCount}) */
    boolean tryRetain() {
        return users.tryRetain();
    }

    void release() {
        users.release();
    }

    void fired(final KitEventDispatcher evd) {
        lock.lock();
        try {
            if (!fired.contains(evd)) {
                fired.add(evd);
            }
            changed.signal();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public HandleType handleType() {
        return HandleType.CNO;
    }

    @Override
    public InterfaceAdapter interfaceAdapter() {
        checkOpen();
        return ia;
    }

    @Override
    public EventDispatcher await(final Duration timeout) {
        checkOpen();
        if (timeout == null || timeout.isNegative()) {
            throw Checks.invalidArg(2, "timeout must be zero or positive, was " + timeout);
        }
        long nanos;
        try {
            nanos = timeout.toNanos();
        } catch (final ArithmeticException e) {
            nanos = Long.MAX_VALUE;
        }
        lock.lock();
        try {
            while (true) {
                if (isClosed()) {
                    throw new DatException(StatusType.ABORT, null, "the CNO was freed while waiting");
                }
                while (!fired.isEmpty()) {
                    final KitEventDispatcher e = fired.poll();
                    if (!e.isClosed()) {
                        return e;
                    }
                }
                if (triggers > 0) {
                    triggers--;
                    return null;
                }
                if (nanos <= 0) {
                    throw new DatException(StatusType.TIMEOUT_EXPIRED, null, "no linked EVD fired within the timeout");
                }
                try {
                    ia.gate.releaseForWait(); // the single-thread gate: the transport's threads complete what fires it
                    if (nanos == Long.MAX_VALUE) {
                        changed.await(1, TimeUnit.DAYS);
                    } else {
                        nanos = changed.awaitNanos(nanos);
                    }
                } catch (final InterruptedException e) {
                    throw new DatException(StatusType.INTERRUPTED_CALL, null, "the waiting thread was interrupted");
                }
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void trigger() {
        checkOpen();
        lock.lock();
        try {
            triggers++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        if (isClosed()) {
            return;
        }
        final int n = users.tryClose();
        if (n > 0) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_CNO_IN_USE,
                    n + " EVD(s) still notify this CNO; free them or modifyNotifier(null) first");
        }
        forceClose();
    }

    @Override
    void forceClose() {
        users.markClosing();
        if (!markClosed()) {
            return;
        }
        lock.lock();
        try {
            fired.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        ia.removeChild(this);
    }
}

package io.dat4j.kit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A reentrant lock with a place in the lock order ({@link LockRank}). Every lock of the kit is one, and a transport's
 * locks should be too, so that the order of "Threading and locks" in {@code docs/provider-kit.md} is checked rather
 * than hoped for.
 *
 * <p>Assertion mode: with {@code -D}{@value #CHECK_PROP_NAME}{@code =true}, or with assertions enabled for this class
 * ({@code -ea} or {@code -ea:io.dat4j.kit...}), {@link #lock()} fails at once with an {@link AssertionError} naming
 * both locks when a thread takes a lock whose rank is not after every lock it holds, instead of deadlocking later and
 * rarely. The mode is decided once, when this class is initialised (a debugging switch of the whole JVM, not a
 * provider setting); off, every check is a constant {@code false} the JIT removes, so it costs nothing. The build
 * turns it on in every module's tests.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
public final class KitLock extends ReentrantLock {

    /** System property that turns the lock-order assertion mode on ({@code true}). */
    public static final String CHECK_PROP_NAME = "dat4j.kit.lockOrderCheck";

    /** True when the lock order is checked (see the class comment). */
    public static final boolean CHECKING = Boolean.getBoolean(CHECK_PROP_NAME) || KitLock.class.desiredAssertionStatus();

    private static final long serialVersionUID = 1L;

    /** The ranked locks each thread holds, in the order taken; only used when {@link #CHECKING}. */
    private static final ThreadLocal<List<KitLock>> HELD = ThreadLocal.withInitial(ArrayList::new);

    /** The lock's place in the order. */
    private final LockRank rank;
    /** What the lock guards, for messages; not serialised. */
    private final transient Object owner;

    /**
     * Creates a lock.
     *
     * @param rank its place in the lock order
     * @param owner what it guards, named in a violation's message (its {@code toString()} is called only then)
     */
    public KitLock(final LockRank rank, final Object owner) {
        if (rank == null) {
            throw new IllegalArgumentException("a KitLock needs a rank");
        }
        this.rank = rank;
        this.owner = owner;
    }

    /** {@return its place in the lock order} */
    public LockRank rank() {
        return rank;
    }

    @Override
    public void lock() {
        if (CHECKING) {
            checkOrder();
        }
        super.lock();
        if (CHECKING) {
            acquired();
        }
    }

    @Override
    public void lockInterruptibly() throws InterruptedException {
        if (CHECKING) {
            checkOrder();
        }
        super.lockInterruptibly();
        if (CHECKING) {
            acquired();
        }
    }

    /** {@inheritDoc} A try cannot deadlock, so it is allowed out of order; a lock it takes is recorded as held. */
    @Override
    public boolean tryLock() {
        final boolean got = super.tryLock();
        if (CHECKING && got) {
            acquired();
        }
        return got;
    }

    /** {@inheritDoc} Bounded, so allowed out of order, as {@link #tryLock()}. */
    @Override
    public boolean tryLock(final long timeout, final TimeUnit unit) throws InterruptedException {
        final boolean got = super.tryLock(timeout, unit);
        if (CHECKING && got) {
            acquired();
        }
        return got;
    }

    @Override
    public void unlock() {
        super.unlock();
        if (CHECKING && !isHeldByCurrentThread()) {
            final List<KitLock> held = HELD.get();
            for (int i = held.size() - 1; i >= 0; i--) {
                if (held.get(i) == this) {
                    held.remove(i);
                    break;
                }
            }
        }
    }

    private void checkOrder() {
        if (isHeldByCurrentThread()) {
            return;
        }
        final List<KitLock> held = HELD.get();
        for (int i = 0; i < held.size(); i++) { // indexed: the assertion mode allocates nothing either
            final KitLock h = held.get(i);
            if (h.rank.ordinal() >= rank.ordinal()) {
                throw new AssertionError("lock order violated: thread " + Thread.currentThread().getName()
                        + " takes " + describe() + " while it holds " + h.describe() + "; a lock of rank " + rank
                        + " must be taken before (outside) any of rank " + h.rank
                        + " (see \"Threading and locks\" in docs/provider-kit.md)");
            }
        }
    }

    private void acquired() {
        if (getHoldCount() == 1) {
            HELD.get().add(this);
        }
    }

    private String describe() {
        return "the " + rank + " lock of " + owner;
    }

    /**
     * Checks, in the assertion mode, that the calling thread holds no ranked lock; does nothing otherwise. The kit
     * calls it before the hooks it must call with no lock held, and a transport may call it before its connection
     * upcalls.
     *
     * @param what the call about to be made, for the message
     * @throws AssertionError naming the lock held, in the assertion mode
     */
    public static void assertNoneHeld(final String what) {
        if (CHECKING) {
            final List<KitLock> held = HELD.get();
            if (!held.isEmpty()) {
                throw new AssertionError(what + " is called while thread " + Thread.currentThread().getName()
                        + " holds " + held.get(held.size() - 1).describe()
                        + " (see \"Threading and locks\" in docs/provider-kit.md)");
            }
        }
    }

    /**
     * Checks, in the assertion mode, that the calling thread holds no ranked lock of a rank at or after
     * {@code rank}: a call that takes a lock of that rank may follow. Does nothing otherwise.
     *
     * @param rank the rank of the lock the coming call takes
     * @param what the call about to be made, for the message
     * @throws AssertionError naming the lock held, in the assertion mode
     */
    public static void assertMayTake(final LockRank rank, final String what) {
        if (CHECKING) {
            final List<KitLock> held = HELD.get();
            for (int i = 0; i < held.size(); i++) {
                final KitLock h = held.get(i);
                if (h.rank.ordinal() >= rank.ordinal()) {
                    throw new AssertionError(what + " takes a lock of rank " + rank + " but thread "
                            + Thread.currentThread().getName() + " holds " + h.describe()
                            + " (see \"Threading and locks\" in docs/provider-kit.md)");
                }
            }
        }
    }

    @Override
    public String toString() {
        return describe() + (isLocked() ? " (held)" : "");
    }
}

package io.dat4j.kit.internal;

import io.dat4j.ServicePointFlag;
import io.dat4j.StatusSubtype;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The children of one IA and the {@code create*} calls under way in it. A creation is counted from its first check to
 * its return ({@link #begin()}, {@link #end()}), and retains its parents before any transport work
 * ({@link #retained(KitProtectionZone, int)}): an IA's close marks the count closing, waits for the creations counted
 * before, and only then frees the children in order and closes the transport, so that no child appears after the
 * close freed the others and no transport call runs after {@code Transport.close}; a parent's free and a child's
 * creation never both succeed ({@link UseCount}). Thread safe, lock-free (see "Threading and locks" in
 * {@code docs/provider-kit.md}).
 */
final class KitChildren {

    private final Set<KitHandle> set = ConcurrentHashMap.newKeySet();
    private final UseCount creations = new UseCount();

    void add(final KitHandle h) {
        set.add(h);
    }

    /** {@return true if the handle was a child (and is no more)} */
    boolean remove(final KitHandle h) {
        return set.remove(h);
    }

    boolean isEmpty() {
        return set.isEmpty();
    }

    int size() {
        return set.size();
    }

    /** Counts a creation; INVALID_HANDLE once the IA is closing. Pair with {@link #end()} in a {@code finally}. */
    void begin() {
        if (!creations.tryRetain()) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_IA, "the IA is closing");
        }
    }

    void end() {
        creations.release();
    }

    /**
     * Refuses new creations and waits for those under way (each a bounded call into the transport), at most 30 s.
     *
     * @param ia the IA's name, for the log
     */
    void closeCreations(final String ia) {
        creations.markClosing();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (creations.users() > 0) {
            if (System.nanoTime() - deadline > 0) {
                KitInterfaceAdapter.LOG.warn("IA {}: {} create call(s) still under way after 30 s; closing without"
                        + " them", ia, creations.users());
                return;
            }
            LockSupport.parkNanos(100_000);
        }
    }

    /**
     * Frees every child of a type (ABRUPT).
     *
     * @param type the type
     * @param ia the IA's name, for the log
     */
    void closeAll(final Class<? extends KitHandle> type, final String ia) {
        for (final KitHandle h : new ArrayList<>(set)) {
            if (type.isInstance(h)) {
                try {
                    h.forceClose();
                } catch (final RuntimeException e) {
                    KitInterfaceAdapter.LOG.warn("closing {} with IA {} failed", h, ia, e);
                }
                set.remove(h);
            }
        }
    }

    KitPublicServicePoint findConsumerPsp(final long qualifier) {
        for (final KitHandle h : set) {
            if (h instanceof KitPublicServicePoint p && !p.isClosed() && p.flagValue() == ServicePointFlag.CONSUMER
                    && p.qualifier() == qualifier) {
                return p;
            }
        }
        return null;
    }

    /** {@return the kinds of the first children}, for a message */
    String describe() {
        final List<String> names = new ArrayList<>();
        for (final KitHandle h : set) {
            names.add(h.handleType().name());
            if (names.size() == 8) {
                names.add("...");
                break;
            }
        }
        return String.join(", ", names);
    }

    /** {@return the PZ, counted as used by the child being created}, or INVALID_HANDLE when it is being freed */
    static KitProtectionZone retained(final KitProtectionZone pz, final int arg) {
        if (!pz.tryRetain()) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_PZ, "PZ (argument " + arg
                    + ") was freed meanwhile");
        }
        return pz;
    }

    /** {@return the EVD (or null), counted as used by the child being created}; INVALID_HANDLE when being freed */
    static KitEventDispatcher retained(final KitEventDispatcher evd, final StatusSubtype subtype, final int arg) {
        if (evd != null && !evd.tryRetain()) {
            throw Checks.invalidHandle(subtype, "EVD (argument " + arg + ") was freed meanwhile");
        }
        return evd;
    }

    /** Releases what {@link #retained(KitEventDispatcher, StatusSubtype, int)} counted; nulls are skipped. */
    static void release(final KitEventDispatcher... evds) {
        for (final KitEventDispatcher e : evds) {
            if (e != null) {
                e.release();
            }
        }
    }
}

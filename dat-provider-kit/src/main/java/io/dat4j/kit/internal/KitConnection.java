package io.dat4j.kit.internal;

import io.dat4j.EventNumber;
import io.dat4j.kit.ConnectionUpcalls;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.internal.EndpointStateMachine.Trigger;
import java.net.InetSocketAddress;

/**
 * One connection of an EP as its transport reports on it ({@link ConnectionUpcalls}): made by the EP for each connect
 * and accept, it applies the transport triggers of that connection only. Its stage moves one way: {@link #LIVE} until
 * the connection ends ({@link #ENDED}: its end upcall applied, or the kit ended it), then {@link #GONE} once the EP was
 * reset after it, its hook threw, or the EP was freed. Transitions need LIVE, a flush anything but GONE; anything else
 * is a late upcall of an earlier connection, ignored.
 *
 * <p>Thread safety: {@link #stage} is written under the EP's lock ({@link LockRank#ENDPOINT}), which every upcall
 * takes; it is volatile for {@link #isEnded()}. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class KitConnection implements ConnectionUpcalls {

    static final int LIVE = 0;
    static final int ENDED = 1;
    static final int GONE = 2;

    private final KitEndpoint ep;
    private volatile int stage = LIVE;

    KitConnection(final KitEndpoint ep) {
        this.ep = ep;
    }

    /** Moves the stage on (never back); caller holds the EP's lock. */
    void advance(final int to) {
        if (to > stage) {
            stage = to;
        }
    }

    @Override
    public EndpointUpcalls endpoint() {
        return ep.upcalls();
    }

    @Override
    public boolean isEnded() {
        return stage != LIVE;
    }

    @Override
    public boolean established(final byte[] privateData, final int rdmaReadIn, final int rdmaReadOut,
            final InetSocketAddress local, final InetSocketAddress remote) {
        ep.lock.lock();
        try {
            if (!live(Trigger.ESTABLISHED) || !ep.establishedLocked(rdmaReadIn, rdmaReadOut, local, remote)) {
                return false;
            }
            ep.postConnectionEvent(EventNumber.CONNECTION_EVENT_ESTABLISHED, privateData);
            return true;
        } finally {
            ep.lock.unlock();
        }
    }

    @Override
    public boolean connectionFailed(final EventNumber number, final byte[] privateData) {
        if (number == null || !number.isConnectionEvent() || number == EventNumber.CONNECTION_EVENT_ESTABLISHED
                || number == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || number == EventNumber.CONNECTION_EVENT_BROKEN) {
            throw new IllegalArgumentException("not an establishment failure: " + number);
        }
        final Trigger t = number == EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR ? Trigger.ACCEPT_FAILED
                : Trigger.CONNECTION_FAILED;
        return end(t, number, number == EventNumber.CONNECTION_EVENT_PEER_REJECTED ? privateData : null);
    }

    @Override
    public boolean disconnected() {
        return end(Trigger.DISCONNECTED, EventNumber.CONNECTION_EVENT_DISCONNECTED, null);
    }

    @Override
    public boolean broken(final String reason) {
        final boolean applied = end(Trigger.BROKEN, EventNumber.CONNECTION_EVENT_BROKEN, null);
        if (applied) {
            KitInterfaceAdapter.LOG.debug("connection of {} broke: {}", ep, reason);
        }
        return applied;
    }

    /** Fires an ending transport trigger and posts its event, under the EP's lock; false if it did not apply. */
    private boolean end(final Trigger t, final EventNumber n, final byte[] privateData) {
        ep.lock.lock();
        try {
            if (!live(t) || ep.stateMachine().tryFire(t) == null) {
                return false;
            }
            stage = ENDED;
            if (t == Trigger.DISCONNECTED || t == Trigger.BROKEN) {
                ep.postEnd(n);
            } else {
                ep.postConnectionEvent(n, privateData);
            }
            return true;
        } finally {
            ep.lock.unlock();
        }
    }

    /** {@return true if this connection may fire a transition}; caller holds the EP's lock */
    private boolean live(final Trigger t) {
        if (stage == LIVE && !ep.isClosed()) {
            return true;
        }
        KitInterfaceAdapter.LOG.debug("{} of an ended connection of {}: ignored", t, ep);
        return false;
    }

    /**
     * {@inheritDoc} Under the EP's lock, so that no post is between reserving a descriptor and handing it to the
     * transport meanwhile.
     */
    @Override
    public boolean flush() {
        ep.lock.lock();
        try {
            if (stage == GONE || ep.isClosed()) {
                KitInterfaceAdapter.LOG.debug("flush of an earlier connection of {}: ignored", ep);
                return false;
            }
            ep.upcalls().flushAll();
            return true;
        } finally {
            ep.lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "connection of " + ep + (stage == LIVE ? "" : stage == ENDED ? " (ended)" : " (gone)");
    }
}

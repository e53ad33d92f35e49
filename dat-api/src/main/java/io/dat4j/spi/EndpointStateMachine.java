package io.dat4j.spi;

import io.dat4j.DatException;
import io.dat4j.EndpointState;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The EP state machine of DAT 2.0, in one place for every provider: which call is allowed in which state, and the
 * {@code INVALID_STATE} subtype a wrong call gets (the subtype names the state the EP is in, as
 * {@code dapls_ep_state_subtype} does in C uDAPL). Every provider holds one instance per EP and changes state only
 * through it, so all providers answer the same wrong call with the same status.
 *
 * <p>Thread safety: every method is atomic with respect to the others (the instance is its own lock).
 */
public final class EndpointStateMachine {

    /** A call that depends on the EP state. */
    public enum Operation {
        /** {@code dat_ep_connect}, {@code dat_ep_dup_connect}: UNCONNECTED only. */
        CONNECT(EnumSet.of(EndpointState.UNCONNECTED)),
        /** {@code dat_cr_accept} with the consumer's own EP: UNCONNECTED only. */
        ACCEPT_CONSUMER_ENDPOINT(EnumSet.of(EndpointState.UNCONNECTED)),
        /** {@code dat_cr_accept} with the EP the request names: TENTATIVE or PASSIVE connection pending. */
        ACCEPT_BOUND_ENDPOINT(EnumSet.of(EndpointState.TENTATIVE_CONNECTION_PENDING,
                EndpointState.PASSIVE_CONNECTION_PENDING)),
        /** {@code dat_rsp_create}: the EP must be UNCONNECTED. */
        RESERVE(EnumSet.of(EndpointState.UNCONNECTED)),
        /** {@code dat_ep_disconnect}; DISCONNECTED is allowed and does nothing. */
        DISCONNECT(EnumSet.of(EndpointState.CONNECTED, EndpointState.ACTIVE_CONNECTION_PENDING,
                EndpointState.COMPLETION_PENDING, EndpointState.DISCONNECT_PENDING, EndpointState.DISCONNECTED)),
        /** {@code dat_ep_reset}: DISCONNECTED, or UNCONNECTED (no-op). */
        RESET(EnumSet.of(EndpointState.DISCONNECTED, EndpointState.UNCONNECTED)),
        /** {@code dat_ep_modify}: UNCONNECTED only. */
        MODIFY(EnumSet.of(EndpointState.UNCONNECTED)),
        /** {@code dat_ep_free}: anything but RESERVED and a request pending on the EP. */
        FREE(EnumSet.complementOf(EnumSet.of(EndpointState.RESERVED, EndpointState.PASSIVE_CONNECTION_PENDING,
                EndpointState.TENTATIVE_CONNECTION_PENDING))),
        /** {@code dat_ep_post_send}, {@code _rdma_read}, {@code _rdma_write}: CONNECTED only. */
        POST_REQUEST(EnumSet.of(EndpointState.CONNECTED)),
        /** {@code dat_ep_post_recv}: any state but DISCONNECT_PENDING; receives posted early wait for data. */
        POST_RECV(EnumSet.complementOf(EnumSet.of(EndpointState.DISCONNECT_PENDING)));

        private final Set<EndpointState> allowed;

        Operation(final Set<EndpointState> allowed) {
            this.allowed = allowed;
        }

        /** {@return the states in which the call is allowed} */
        public Set<EndpointState> allowed() {
            return EnumSet.copyOf(allowed);
        }

        /**
         * {@return true if the call is allowed in a state}
         *
         * @param state the EP's state
         */
        public boolean allows(final EndpointState state) {
            return allowed.contains(state);
        }
    }

    private volatile EndpointState state;

    /** Creates a machine in UNCONNECTED. */
    public EndpointStateMachine() {
        this.state = EndpointState.UNCONNECTED;
    }

    /** {@return the current state} */
    public EndpointState state() {
        return state;
    }

    /**
     * {@return the {@code INVALID_STATE} subtype that names a state}
     *
     * @param state the state the EP is in
     */
    public static StatusSubtype subtypeOf(final EndpointState state) {
        return switch (state) {
            case UNCONNECTED -> StatusSubtype.INVALID_STATE_EP_UNCONNECTED;
            case ACTIVE_CONNECTION_PENDING -> StatusSubtype.INVALID_STATE_EP_ACTCONNPENDING;
            case PASSIVE_CONNECTION_PENDING -> StatusSubtype.INVALID_STATE_EP_PASSCONNPENDING;
            case TENTATIVE_CONNECTION_PENDING -> StatusSubtype.INVALID_STATE_EP_TENTCONNPENDING;
            case CONNECTED, CONNECTED_SINGLE_PATH, CONNECTED_MULTI_PATH -> StatusSubtype.INVALID_STATE_EP_CONNECTED;
            case DISCONNECTED -> StatusSubtype.INVALID_STATE_EP_DISCONNECTED;
            case RESERVED -> StatusSubtype.INVALID_STATE_EP_RESERVED;
            case COMPLETION_PENDING -> StatusSubtype.INVALID_STATE_EP_COMPLPENDING;
            case DISCONNECT_PENDING -> StatusSubtype.INVALID_STATE_EP_DISCPENDING;
            case UNCONFIGURED_UNCONNECTED -> StatusSubtype.INVALID_STATE_EP_UNCONFIGURED;
            case UNCONFIGURED_RESERVED -> StatusSubtype.INVALID_STATE_EP_UNCONFRESERVED;
            case UNCONFIGURED_PASSIVE -> StatusSubtype.INVALID_STATE_EP_UNCONFPASSIVE;
            case UNCONFIGURED_TENTATIVE -> StatusSubtype.INVALID_STATE_EP_UNCONFTENTATIVE;
        };
    }

    /**
     * {@return the exception a call gets in a state where it is not allowed}
     *
     * @param op the call
     * @param state the state the EP is in
     */
    public static DatException invalidState(final Operation op, final EndpointState state) {
        return new DatException(StatusType.INVALID_STATE, subtypeOf(state),
                op + " is not allowed while the EP is " + state + "; allowed in " + op.allowed);
    }

    /**
     * Checks that a call is allowed now.
     *
     * @param op the call
     * @throws DatException {@code INVALID_STATE} with the subtype of the current state
     */
    public synchronized void require(final Operation op) {
        final EndpointState s = state;
        if (!op.allows(s)) {
            throw invalidState(op, s);
        }
    }

    /**
     * Checks that a call is allowed, then moves to a new state, atomically.
     *
     * @param op the call
     * @param next the state after it
     * @return the state before
     * @throws DatException {@code INVALID_STATE} with the subtype of the current state
     */
    public synchronized EndpointState transition(final Operation op, final EndpointState next) {
        final EndpointState s = state;
        if (!op.allows(s)) {
            throw invalidState(op, s);
        }
        state = next;
        return s;
    }

    /**
     * Moves from one state to another if the EP is in it (for events from the transport: ESTABLISHED only moves a
     * pending EP, a late event finds the EP elsewhere and changes nothing).
     *
     * @param expected the state the event applies to
     * @param next the new state
     * @return true if the state changed
     */
    public synchronized boolean compareAndSet(final EndpointState expected, final EndpointState next) {
        if (state != expected) {
            return false;
        }
        state = next;
        return true;
    }

    /**
     * Moves from any of several states to another.
     *
     * @param expected the states the event applies to
     * @param next the new state
     * @return the state before if it changed, else null
     */
    public synchronized EndpointState moveFrom(final Set<EndpointState> expected, final EndpointState next) {
        final EndpointState s = state;
        if (!expected.contains(s)) {
            return null;
        }
        state = next;
        return s;
    }

    /**
     * Sets the state unconditionally (the transport has decided, for example BROKEN ends in DISCONNECTED).
     *
     * @param next the new state
     * @return the state before
     */
    public synchronized EndpointState force(final EndpointState next) {
        final EndpointState s = state;
        state = next;
        return s;
    }

    /**
     * Waits until the state is another than {@code from}, or {@link #signal()} is called, at most {@code nanos}
     * (an ABRUPT disconnect waits for the transport's end of the connection). Returns early when interrupted, with
     * the interrupt status set.
     *
     * @param from the state to wait out
     * @param nanos how long at most
     */
    public synchronized void awaitLeaving(final EndpointState from, final long nanos) {
        final long end = System.nanoTime() + nanos;
        for (long left = nanos; state == from && left > 0; left = end - System.nanoTime()) {
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Wakes the threads in {@link #awaitLeaving}: the transport has posted the event of the state it moved to. */
    public synchronized void signal() {
        notifyAll();
    }

    @Override
    public String toString() {
        return state.toString();
    }
}

package io.dat4j.kit.internal;

import io.dat4j.DatException;
import io.dat4j.EndpointState;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.ConsumerGate;
import io.dat4j.kit.KitLock;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The EP state machine of DAT 2.0, the one place where an EP's state changes, for every provider: a table of
 * (state, {@link Trigger}) to the next state. A consumer call that is not allowed in the current state gets
 * {@code INVALID_STATE} with the subtype naming that state (as {@code dapls_ep_state_subtype} in C uDAPL); a kit or
 * transport trigger that does not apply (a late event) changes nothing and says so.
 *
 * <p>Thread safety: guarded by the EP's lock ({@link io.dat4j.kit.LockRank#ENDPOINT}), which every firing holds
 * (checked in the assertion mode); {@link #state()} is a volatile read that needs no lock. See "Threading and locks"
 * in {@code docs/provider-kit.md}.
 */
final class EndpointStateMachine {

    /** Who fires a trigger: a consumer call (refused with INVALID_STATE), the kit, or the transport (an upcall). */
    enum Source { CONSUMER, KIT, TRANSPORT }

    /**
     * What moves an EP. Self-loops are guards: the call is allowed in those states and leaves the state as it is.
     * {@link #ACCEPT_UNWOUND} returns to the state the EP was accepted from.
     */
    enum Trigger {
        /** {@code dat_ep_connect}, {@code dat_ep_dup_connect}. */
        CONNECT(Source.CONSUMER),
        /** The transport's connect hook threw: nothing was sent. */
        CONNECT_UNWOUND(Source.KIT),
        /** {@code dat_rsp_create} with this EP. */
        RESERVE(Source.CONSUMER),
        /** The RSP was freed, or its listener could not be created. */
        UNRESERVE(Source.KIT),
        /** A request arrived at the EP's RSP. */
        REQUEST_BOUND(Source.KIT),
        /** A PSP with the PROVIDER flag created this EP for a request. */
        PROVIDER_REQUEST(Source.KIT),
        /** The request bound to the EP was rejected, or its event could not be posted. */
        REQUEST_DROPPED(Source.KIT),
        /** {@code dat_cr_accept} with the consumer's own EP. */
        ACCEPT_CONSUMER_ENDPOINT(Source.CONSUMER),
        /** {@code dat_cr_accept} with the EP the request names (RSP or provider-created). */
        ACCEPT_BOUND_ENDPOINT(Source.CONSUMER),
        /** The transport's accept hook threw: nothing was sent, the CR stays pending. */
        ACCEPT_UNWOUND(Source.KIT),
        /** Active side: REP received; passive side: RTU received. */
        ESTABLISHED(Source.TRANSPORT),
        /** Active side: rejected, unreachable or timed out. */
        CONNECTION_FAILED(Source.TRANSPORT),
        /** Passive side: the requester went away before the connection was established. */
        ACCEPT_FAILED(Source.TRANSPORT),
        /** {@code dat_ep_disconnect} (a pending connection is aborted at once). */
        DISCONNECT(Source.CONSUMER),
        /** The connection ended in order. */
        DISCONNECTED(Source.TRANSPORT),
        /** The connection broke. */
        BROKEN(Source.TRANSPORT),
        /** {@code dat_ep_reset}. */
        RESET(Source.CONSUMER),
        /** {@code dat_ep_modify}. */
        MODIFY(Source.CONSUMER),
        /** {@code dat_ep_modify} of the PZ. */
        MODIFY_PZ(Source.CONSUMER),
        /** {@code dat_ep_post_recv}: receives posted early wait for data. */
        POST_RECV(Source.CONSUMER),
        /** {@code dat_ep_post_send}, {@code _rdma_read}, {@code _rdma_write}. */
        POST_REQUEST(Source.CONSUMER),
        /** {@code dat_ep_free}. */
        FREE(Source.CONSUMER),
        /** The EP is freed by its IA's ABRUPT close, or a provider-created EP with its rejected request. */
        FORCED_FREE(Source.KIT);

        final Source source;

        Trigger(final Source source) {
            this.source = source;
        }
    }

    private static final EndpointState[] STATES = EndpointState.values();
    /** next[trigger][state]: the state after, or null when the trigger does not apply. */
    private static final EndpointState[][] NEXT = new EndpointState[Trigger.values().length][STATES.length];

    static {
        final EndpointState unconnected = EndpointState.UNCONNECTED;
        final EndpointState active = EndpointState.ACTIVE_CONNECTION_PENDING;
        final EndpointState passive = EndpointState.PASSIVE_CONNECTION_PENDING;
        final EndpointState tentative = EndpointState.TENTATIVE_CONNECTION_PENDING;
        final EndpointState completion = EndpointState.COMPLETION_PENDING;
        final EndpointState connected = EndpointState.CONNECTED;
        final EndpointState discPending = EndpointState.DISCONNECT_PENDING;
        final EndpointState disconnected = EndpointState.DISCONNECTED;
        final EndpointState reserved = EndpointState.RESERVED;
        on(Trigger.CONNECT, unconnected, active);
        on(Trigger.CONNECT_UNWOUND, active, unconnected);
        on(Trigger.RESERVE, unconnected, reserved);
        on(Trigger.UNRESERVE, reserved, unconnected);
        on(Trigger.REQUEST_BOUND, reserved, passive);
        on(Trigger.PROVIDER_REQUEST, unconnected, tentative);
        on(Trigger.REQUEST_DROPPED, passive, unconnected);
        on(Trigger.ACCEPT_CONSUMER_ENDPOINT, unconnected, completion);
        on(Trigger.ACCEPT_BOUND_ENDPOINT, tentative, completion);
        on(Trigger.ACCEPT_BOUND_ENDPOINT, passive, completion);
        on(Trigger.ACCEPT_UNWOUND, completion, completion); // to the origin, see fire
        on(Trigger.ESTABLISHED, active, connected);
        on(Trigger.ESTABLISHED, completion, connected);
        on(Trigger.CONNECTION_FAILED, active, disconnected);
        on(Trigger.ACCEPT_FAILED, completion, disconnected);
        on(Trigger.DISCONNECT, connected, discPending);
        on(Trigger.DISCONNECT, active, disconnected);
        on(Trigger.DISCONNECT, completion, disconnected);
        on(Trigger.DISCONNECT, discPending, discPending);
        on(Trigger.DISCONNECT, disconnected, disconnected);
        on(Trigger.DISCONNECTED, connected, disconnected);
        on(Trigger.DISCONNECTED, discPending, disconnected);
        on(Trigger.BROKEN, connected, disconnected);
        on(Trigger.BROKEN, discPending, disconnected);
        on(Trigger.RESET, disconnected, unconnected);
        on(Trigger.RESET, unconnected, unconnected);
        on(Trigger.MODIFY, unconnected, unconnected);
        on(Trigger.MODIFY_PZ, unconnected, unconnected);
        // only a provider-created EP is ever TENTATIVE: it may move to the consumer's PZ before accept
        on(Trigger.MODIFY_PZ, tentative, tentative);
        on(Trigger.POST_REQUEST, connected, connected);
        for (final EndpointState s : STATES) {
            if (s != discPending) {
                on(Trigger.POST_RECV, s, s);
            }
            if (s != reserved && s != passive && s != tentative) {
                on(Trigger.FREE, s, disconnected);
            }
            on(Trigger.FORCED_FREE, s, disconnected);
        }
    }

    private static void on(final Trigger t, final EndpointState from, final EndpointState to) {
        NEXT[t.ordinal()][from.ordinal()] = to;
    }

    private final KitLock lock;
    /** The IA's single-thread gate: a post inside it fires without the lock ({@link ConsumerGate}). */
    private final ConsumerGate gate;
    private volatile EndpointState state = EndpointState.UNCONNECTED;
    /** The state an accept came from, for {@link Trigger#ACCEPT_UNWOUND}. */
    private EndpointState acceptedFrom;

    /**
     * Creates a machine in UNCONNECTED.
     *
     * @param lock the EP's lock, held by every firing
     */
    EndpointStateMachine(final KitLock lock, final ConsumerGate gate) {
        this.gate = gate;
        this.lock = lock;
    }

    /** {@return the current state}; a volatile read, no lock */
    EndpointState state() {
        return state;
    }

    /**
     * {@return true if a trigger applies in a state}
     *
     * @param t the trigger
     * @param s the state
     */
    static boolean applies(final Trigger t, final EndpointState s) {
        return NEXT[t.ordinal()][s.ordinal()] != null;
    }

    /**
     * {@return the states in which a trigger applies}
     *
     * @param t the trigger
     */
    static Set<EndpointState> allowed(final Trigger t) {
        final Set<EndpointState> out = EnumSet.noneOf(EndpointState.class);
        for (final EndpointState s : STATES) {
            if (applies(t, s)) {
                out.add(s);
            }
        }
        return out;
    }

    /** {@return the whole table, trigger by trigger: from-state to next state}, for the documentation and tests */
    static Map<Trigger, Map<EndpointState, EndpointState>> table() {
        final Map<Trigger, Map<EndpointState, EndpointState>> out = new EnumMap<>(Trigger.class);
        for (final Trigger t : Trigger.values()) {
            final Map<EndpointState, EndpointState> row = new EnumMap<>(EndpointState.class);
            for (final EndpointState s : STATES) {
                final EndpointState n = NEXT[t.ordinal()][s.ordinal()];
                if (n != null) {
                    row.put(s, n);
                }
            }
            out.put(t, row);
        }
        return out;
    }

    /**
     * Fires a consumer trigger: moves to the next state, or refuses.
     *
     * @param t the trigger
     * @return the state before
     * @throws DatException {@code INVALID_STATE} with the subtype of the current state when it does not apply
     */
    EndpointState fire(final Trigger t) {
        final EndpointState s = state;
        final EndpointState next = next(t, s);
        if (next == null) {
            throw invalidState(t, s);
        }
        return move(t, s, next);
    }

    /**
     * Fires a kit or transport trigger if it applies.
     *
     * @param t the trigger
     * @return the state before, or null (nothing changed) when the trigger does not apply in the current state
     */
    EndpointState tryFire(final Trigger t) {
        final EndpointState s = state;
        final EndpointState next = next(t, s);
        return next == null ? null : move(t, s, next);
    }

    private EndpointState next(final Trigger t, final EndpointState s) {
        if (KitLock.CHECKING && !lock.isHeldByCurrentThread() && !gate.mine()) {
            throw new AssertionError(t + " fired without the EP's lock held");
        }
        final EndpointState n = NEXT[t.ordinal()][s.ordinal()];
        if (t == Trigger.ACCEPT_UNWOUND && n != null) {
            return acceptedFrom == null ? EndpointState.UNCONNECTED : acceptedFrom;
        }
        return n;
    }

    private EndpointState move(final Trigger t, final EndpointState from, final EndpointState to) {
        if (t == Trigger.ACCEPT_CONSUMER_ENDPOINT || t == Trigger.ACCEPT_BOUND_ENDPOINT) {
            acceptedFrom = from;
        }
        if (to != from) {
            state = to;
        }
        return from;
    }

    /**
     * {@return the {@code INVALID_STATE} subtype that names a state}
     *
     * @param state the state the EP is in
     */
    static StatusSubtype subtypeOf(final EndpointState state) {
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
     * @param t the call
     * @param state the state the EP is in
     */
    static DatException invalidState(final Trigger t, final EndpointState state) {
        return new DatException(StatusType.INVALID_STATE, subtypeOf(state),
                t + " is not allowed while the EP is " + state + "; allowed in " + allowed(t));
    }

    @Override
    public String toString() {
        return state.toString();
    }
}

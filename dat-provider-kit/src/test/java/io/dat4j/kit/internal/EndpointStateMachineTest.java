package io.dat4j.kit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.EndpointState;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import io.dat4j.kit.internal.EndpointStateMachine.Source;
import io.dat4j.kit.internal.EndpointStateMachine.Trigger;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The EP state machine: the table written out from the DAT 2.0 EP state diagram, refusals, and moves. */
class EndpointStateMachineTest {

    private static final EndpointState U = EndpointState.UNCONNECTED;
    private static final EndpointState ACT = EndpointState.ACTIVE_CONNECTION_PENDING;
    private static final EndpointState PAS = EndpointState.PASSIVE_CONNECTION_PENDING;
    private static final EndpointState TEN = EndpointState.TENTATIVE_CONNECTION_PENDING;
    private static final EndpointState COMP = EndpointState.COMPLETION_PENDING;
    private static final EndpointState CON = EndpointState.CONNECTED;
    private static final EndpointState DP = EndpointState.DISCONNECT_PENDING;
    private static final EndpointState DIS = EndpointState.DISCONNECTED;
    private static final EndpointState RES = EndpointState.RESERVED;

    /** The table, written out by hand: trigger, then from-state to next state. */
    private static final Map<Trigger, Map<EndpointState, EndpointState>> TABLE = new EnumMap<>(Trigger.class);

    static {
        row(Trigger.CONNECT, U, ACT);
        row(Trigger.CONNECT_UNWOUND, ACT, U);
        row(Trigger.RESERVE, U, RES);
        row(Trigger.UNRESERVE, RES, U);
        row(Trigger.REQUEST_BOUND, RES, PAS);
        row(Trigger.PROVIDER_REQUEST, U, TEN);
        row(Trigger.REQUEST_DROPPED, PAS, U);
        row(Trigger.ACCEPT_CONSUMER_ENDPOINT, U, COMP);
        row(Trigger.ACCEPT_BOUND_ENDPOINT, TEN, COMP, PAS, COMP);
        row(Trigger.ACCEPT_UNWOUND, COMP, COMP);
        row(Trigger.ESTABLISHED, ACT, CON, COMP, CON);
        row(Trigger.CONNECTION_FAILED, ACT, DIS);
        row(Trigger.ACCEPT_FAILED, COMP, DIS);
        row(Trigger.DISCONNECT, CON, DP, ACT, DIS, COMP, DIS, DP, DP, DIS, DIS);
        row(Trigger.DISCONNECTED, CON, DIS, DP, DIS);
        row(Trigger.BROKEN, CON, DIS, DP, DIS);
        row(Trigger.RESET, DIS, U, U, U);
        row(Trigger.MODIFY, U, U);
        row(Trigger.MODIFY_PZ, U, U, TEN, TEN);
        row(Trigger.POST_REQUEST, CON, CON);
        final Map<EndpointState, EndpointState> recv = new EnumMap<>(EndpointState.class);
        final Map<EndpointState, EndpointState> free = new EnumMap<>(EndpointState.class);
        final Map<EndpointState, EndpointState> forced = new EnumMap<>(EndpointState.class);
        for (final EndpointState s : EndpointState.values()) {
            if (s != DP) {
                recv.put(s, s);
            }
            if (s != RES && s != PAS && s != TEN) {
                free.put(s, DIS);
            }
            forced.put(s, DIS);
        }
        TABLE.put(Trigger.POST_RECV, recv);
        TABLE.put(Trigger.FREE, free);
        TABLE.put(Trigger.FORCED_FREE, forced);
    }

    private static void row(final Trigger t, final EndpointState... pairs) {
        final Map<EndpointState, EndpointState> m = new EnumMap<>(EndpointState.class);
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        TABLE.put(t, m);
    }

    private final KitLock lock = new KitLock(LockRank.ENDPOINT, "test EP");

    @BeforeEach
    void lock() {
        lock.lock();
    }

    @AfterEach
    void unlock() {
        lock.unlock();
    }

    /** A machine driven into a state through triggers (the only way there is). */
    private EndpointStateMachine in(final EndpointState s) {
        final EndpointStateMachine m = new EndpointStateMachine(lock, io.dat4j.kit.ConsumerGate.OFF);
        switch (s) {
            case UNCONNECTED -> { }
            case ACTIVE_CONNECTION_PENDING -> m.fire(Trigger.CONNECT);
            case RESERVED -> m.fire(Trigger.RESERVE);
            case PASSIVE_CONNECTION_PENDING -> {
                m.fire(Trigger.RESERVE);
                m.tryFire(Trigger.REQUEST_BOUND);
            }
            case TENTATIVE_CONNECTION_PENDING -> m.tryFire(Trigger.PROVIDER_REQUEST);
            case COMPLETION_PENDING -> m.fire(Trigger.ACCEPT_CONSUMER_ENDPOINT);
            case CONNECTED -> {
                m.fire(Trigger.CONNECT);
                m.tryFire(Trigger.ESTABLISHED);
            }
            case DISCONNECT_PENDING -> {
                m.fire(Trigger.CONNECT);
                m.tryFire(Trigger.ESTABLISHED);
                m.fire(Trigger.DISCONNECT);
            }
            case DISCONNECTED -> {
                m.fire(Trigger.CONNECT);
                m.tryFire(Trigger.CONNECTION_FAILED);
            }
            default -> {
                return null;
            }
        }
        assertEquals(s, m.state());
        return m;
    }

    @Test
    void shouldStartUnconnected() {
        assertEquals(U, new EndpointStateMachine(lock, io.dat4j.kit.ConsumerGate.OFF).state());
    }

    @ParameterizedTest
    @EnumSource(EndpointState.class)
    void shouldNameEveryStateInItsInvalidStateSubtype(final EndpointState state) {
        final StatusSubtype s = EndpointStateMachine.subtypeOf(state);
        assertTrue(s.name().startsWith("INVALID_STATE_EP_"), s.name());
    }

    @Test
    void shouldHoldExactlyTheTableOfTheDatStateDiagram() {
        assertEquals(TABLE, EndpointStateMachine.table());
    }

    @ParameterizedTest
    @EnumSource(Trigger.class)
    void shouldMoveAsTheTableSaysAndRefuseOrIgnoreElsewhere(final Trigger t) {
        for (final EndpointState s : EndpointState.values()) {
            final EndpointStateMachine m = in(s);
            if (m == null) {
                continue; // the UNCONFIGURED states and the CONNECTED path variants are never entered
            }
            final EndpointState next = TABLE.get(t).get(s);
            if (next != null) {
                final EndpointState before = t.source == Source.CONSUMER ? m.fire(t) : m.tryFire(t);
                assertEquals(s, before);
                assertEquals(t == Trigger.ACCEPT_UNWOUND ? U : next, m.state(), t + " from " + s);
            } else if (t.source == Source.CONSUMER) {
                final DatException e = assertThrows(DatException.class, () -> m.fire(t));
                assertEquals(StatusType.INVALID_STATE, e.type());
                assertEquals(EndpointStateMachine.subtypeOf(s), e.subtype());
                assertEquals(s, m.state(), "a refused call changes nothing");
            } else {
                assertNull(m.tryFire(t), t + " from " + s);
                assertEquals(s, m.state(), "a late event changes nothing");
            }
        }
    }

    @Test
    void shouldUnwindAnAcceptToWhereItCameFrom() {
        for (final EndpointState origin : Set.of(U, PAS, TEN)) {
            final EndpointStateMachine m = in(origin);
            m.fire(origin == U ? Trigger.ACCEPT_CONSUMER_ENDPOINT : Trigger.ACCEPT_BOUND_ENDPOINT);
            assertEquals(COMP, m.tryFire(Trigger.ACCEPT_UNWOUND));
            assertEquals(origin, m.state());
        }
    }

    @Test
    void shouldListTheStatesACallIsAllowedIn() {
        assertEquals(EnumSet.of(DIS, U), EndpointStateMachine.allowed(Trigger.RESET));
        assertEquals(EnumSet.of(CON), EndpointStateMachine.allowed(Trigger.POST_REQUEST));
    }

    @Test
    void shouldRefuseAFiringWithoutTheLockInTheAssertionMode() {
        final EndpointStateMachine m = new EndpointStateMachine(new KitLock(LockRank.ENDPOINT, "other EP"), io.dat4j.kit.ConsumerGate.OFF);
        if (KitLock.CHECKING) {
            assertThrows(AssertionError.class, () -> m.fire(Trigger.CONNECT));
        } else {
            m.fire(Trigger.CONNECT);
            assertEquals(ACT, m.state());
        }
    }
}

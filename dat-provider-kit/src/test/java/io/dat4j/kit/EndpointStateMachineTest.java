package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.EndpointState;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.EndpointStateMachine.Operation;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** The EP state machine: which call is allowed in which state (the literal table of the DAT spec), refusals, moves. */
class EndpointStateMachineTest {

    /** The states each call is allowed in, written out from the DAT 2.0 EP state diagram. */
    private static final Map<Operation, Set<EndpointState>> TABLE = Map.of(
            Operation.CONNECT, EnumSet.of(EndpointState.UNCONNECTED),
            Operation.ACCEPT_CONSUMER_ENDPOINT, EnumSet.of(EndpointState.UNCONNECTED),
            Operation.ACCEPT_BOUND_ENDPOINT, EnumSet.of(
                    EndpointState.TENTATIVE_CONNECTION_PENDING, EndpointState.PASSIVE_CONNECTION_PENDING),
            Operation.RESERVE, EnumSet.of(EndpointState.UNCONNECTED),
            Operation.DISCONNECT, EnumSet.of(EndpointState.CONNECTED,
                    EndpointState.ACTIVE_CONNECTION_PENDING, EndpointState.COMPLETION_PENDING,
                    EndpointState.DISCONNECT_PENDING, EndpointState.DISCONNECTED),
            Operation.RESET, EnumSet.of(EndpointState.DISCONNECTED, EndpointState.UNCONNECTED),
            Operation.MODIFY, EnumSet.of(EndpointState.UNCONNECTED),
            Operation.FREE, EnumSet.complementOf(EnumSet.of(EndpointState.RESERVED,
                    EndpointState.PASSIVE_CONNECTION_PENDING, EndpointState.TENTATIVE_CONNECTION_PENDING)),
            Operation.POST_REQUEST, EnumSet.of(EndpointState.CONNECTED),
            Operation.POST_RECV, EnumSet.complementOf(EnumSet.of(
                    EndpointState.DISCONNECT_PENDING)));

    @Test
    void shouldStartUnconnected() {
        assertEquals(EndpointState.UNCONNECTED, new EndpointStateMachine().state());
    }

    @ParameterizedTest
    @EnumSource(EndpointState.class)
    void shouldNameEveryStateInItsInvalidStateSubtype(final EndpointState state) {
        final StatusSubtype s = EndpointStateMachine.subtypeOf(state);
        assertTrue(s.name().startsWith("INVALID_STATE_EP_"), s.name());
    }

    @ParameterizedTest
    @EnumSource(Operation.class)
    void shouldRefuseEveryCallOutsideItsStatesWithTheSubtypeOfTheCurrentState(final Operation op) {
        for (final EndpointState s : EndpointState.values()) {
            final EndpointStateMachine m = new EndpointStateMachine();
            m.force(s);
            if (op.allows(s)) {
                m.require(op);
                assertEquals(s, m.transition(op, EndpointState.CONNECTED));
                assertEquals(EndpointState.CONNECTED, m.state());
            } else {
                final DatException e = assertThrows(DatException.class, () -> m.transition(op,
                        EndpointState.CONNECTED));
                assertEquals(StatusType.INVALID_STATE, e.type());
                assertEquals(EndpointStateMachine.subtypeOf(s), e.subtype());
                assertEquals(s, m.state(), "a refused call changes nothing");
            }
        }
    }

    @Test
    void shouldAllowEachCallExactlyInTheStatesOfTheTable() {
        assertEquals(Operation.values().length, TABLE.size(), "the table names every operation");
        for (final Operation op : Operation.values()) {
            for (final EndpointState s : EndpointState.values()) {
                assertEquals(TABLE.get(op).contains(s), op.allows(s), op + " in " + s);
            }
            assertEquals(TABLE.get(op), op.allowed(), op + ": allowed()");
        }
    }

    @Test
    void shouldMoveOnEventsOnlyFromTheExpectedStates() {
        final EndpointStateMachine m = new EndpointStateMachine();
        assertFalse(m.compareAndSet(EndpointState.ACTIVE_CONNECTION_PENDING, EndpointState.CONNECTED));
        assertEquals(EndpointState.UNCONNECTED, m.state());
        m.transition(Operation.CONNECT, EndpointState.ACTIVE_CONNECTION_PENDING);
        assertTrue(m.compareAndSet(EndpointState.ACTIVE_CONNECTION_PENDING, EndpointState.CONNECTED));
        assertNull(m.moveFrom(EnumSet.of(EndpointState.UNCONNECTED), EndpointState.DISCONNECTED));
        assertEquals(EndpointState.CONNECTED,
                m.moveFrom(EnumSet.of(EndpointState.CONNECTED), EndpointState.DISCONNECTED));
    }
}

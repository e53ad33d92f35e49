package io.dat4j.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.EndpointState;
import io.dat4j.StatusType;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EndpointStateMachineTableTest {

    private static final Map<EndpointStateMachine.Operation, Set<EndpointState>> TABLE = Map.of(
            EndpointStateMachine.Operation.CONNECT, EnumSet.of(EndpointState.UNCONNECTED),
            EndpointStateMachine.Operation.ACCEPT_CONSUMER_ENDPOINT, EnumSet.of(EndpointState.UNCONNECTED),
            EndpointStateMachine.Operation.ACCEPT_BOUND_ENDPOINT, EnumSet.of(
                    EndpointState.TENTATIVE_CONNECTION_PENDING, EndpointState.PASSIVE_CONNECTION_PENDING),
            EndpointStateMachine.Operation.RESERVE, EnumSet.of(EndpointState.UNCONNECTED),
            EndpointStateMachine.Operation.DISCONNECT, EnumSet.of(EndpointState.CONNECTED,
                    EndpointState.ACTIVE_CONNECTION_PENDING, EndpointState.COMPLETION_PENDING,
                    EndpointState.DISCONNECT_PENDING, EndpointState.DISCONNECTED),
            EndpointStateMachine.Operation.RESET, EnumSet.of(EndpointState.DISCONNECTED, EndpointState.UNCONNECTED),
            EndpointStateMachine.Operation.MODIFY, EnumSet.of(EndpointState.UNCONNECTED),
            EndpointStateMachine.Operation.FREE, EnumSet.complementOf(EnumSet.of(EndpointState.RESERVED,
                    EndpointState.PASSIVE_CONNECTION_PENDING, EndpointState.TENTATIVE_CONNECTION_PENDING)),
            EndpointStateMachine.Operation.POST_REQUEST, EnumSet.of(EndpointState.CONNECTED),
            EndpointStateMachine.Operation.POST_RECV, EnumSet.complementOf(EnumSet.of(
                    EndpointState.DISCONNECT_PENDING)));

    @Test
    void shouldAllowEachCallExactlyInTheStatesOfTheTable() {
        assertEquals(EndpointStateMachine.Operation.values().length, TABLE.size());
        for (final EndpointStateMachine.Operation op : EndpointStateMachine.Operation.values()) {
            for (final EndpointState s : EndpointState.values()) {
                assertEquals(TABLE.get(op).contains(s), op.allows(s), op + " in " + s);
            }
        }
    }

    @Test
    void shouldRefuseWithTheSubtypeOfTheCurrentState() {
        for (final EndpointState s : EndpointState.values()) {
            final EndpointStateMachine m = new EndpointStateMachine();
            m.force(s);
            for (final EndpointStateMachine.Operation op : EndpointStateMachine.Operation.values()) {
                if (op.allows(s)) {
                    continue;
                }
                final DatException e = assertThrows(DatException.class, () -> m.transition(op,
                        EndpointState.CONNECTED));
                assertEquals(StatusType.INVALID_STATE, e.type());
                assertEquals(EndpointStateMachine.subtypeOf(s), e.subtype());
                assertEquals(s, m.state(), "a refused call changes nothing");
            }
        }
    }

    @Test
    void shouldMoveOnlyFromExpectedStates() {
        final EndpointStateMachine m = new EndpointStateMachine();
        assertFalse(m.compareAndSet(EndpointState.CONNECTED, EndpointState.DISCONNECTED));
        assertEquals(EndpointState.UNCONNECTED, m.transition(EndpointStateMachine.Operation.CONNECT,
                EndpointState.ACTIVE_CONNECTION_PENDING));
        assertTrue(m.compareAndSet(EndpointState.ACTIVE_CONNECTION_PENDING, EndpointState.CONNECTED));
        assertEquals(null, m.moveFrom(EnumSet.of(EndpointState.UNCONNECTED), EndpointState.DISCONNECTED));
        assertEquals(EndpointState.CONNECTED, m.moveFrom(EnumSet.of(EndpointState.CONNECTED),
                EndpointState.DISCONNECTED));
    }
}

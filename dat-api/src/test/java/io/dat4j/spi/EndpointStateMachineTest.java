package io.dat4j.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.EndpointState;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.spi.EndpointStateMachine.Operation;
import java.util.EnumSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class EndpointStateMachineTest {

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
    void shouldFollowTheDatRulesForTheCommonCalls() {
        assertEquals(EnumSet.of(EndpointState.UNCONNECTED), Operation.CONNECT.allowed());
        assertEquals(EnumSet.of(EndpointState.CONNECTED), Operation.POST_REQUEST.allowed());
        assertFalse(Operation.FREE.allows(EndpointState.RESERVED));
        assertFalse(Operation.FREE.allows(EndpointState.TENTATIVE_CONNECTION_PENDING));
        assertFalse(Operation.FREE.allows(EndpointState.PASSIVE_CONNECTION_PENDING));
        assertTrue(Operation.FREE.allows(EndpointState.CONNECTED));
        assertTrue(Operation.DISCONNECT.allows(EndpointState.DISCONNECTED));
        assertFalse(Operation.DISCONNECT.allows(EndpointState.UNCONNECTED));
        assertTrue(Operation.ACCEPT_BOUND_ENDPOINT.allows(EndpointState.TENTATIVE_CONNECTION_PENDING));
        assertFalse(Operation.ACCEPT_BOUND_ENDPOINT.allows(EndpointState.UNCONNECTED));
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

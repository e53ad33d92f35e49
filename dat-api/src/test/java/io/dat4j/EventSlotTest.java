package io.dat4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.internal.ApiAccess;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/** EventSlot: consumers read it; only the kit (through ApiAccess) and the EVD defaults fill it. */
class EventSlotTest {

    @Test
    void shouldHaveNoPublicMutatorButClear() {
        for (final Method m : EventSlot.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !m.getName().equals("clear")) {
                assertTrue(m.getParameterCount() == 0 && m.getReturnType() != void.class,
                        "EventSlot." + m.getName() + " looks like a public mutator");
            }
        }
    }

    @Test
    void shouldBeFilledThroughTheAccessObject() {
        final EventSlot slot = new EventSlot();
        final ApiAccess.EventSlotAccess access = ApiAccess.eventSlots();
        access.dtoCompletion(slot, null, null, 42, DtoStatus.SUCCESS, 8, DtoOperation.SEND, 0);
        assertTrue(slot.isDtoCompletion());
        assertEquals(42, slot.cookie());
        assertEquals(8, slot.transferredLength());
        access.software(slot, null, "p");
        assertEquals(EventNumber.SOFTWARE_EVENT, slot.number());
        assertEquals("p", slot.payload());
        final Event e = new SoftwareEvent(null, "q");
        access.event(slot, e);
        assertEquals("q", slot.payload());
        slot.clear();
        assertNull(slot.number());
        assertFalse(slot.isDtoCompletion());
    }

    @Test
    void shouldRegisterTheAccessOnce() {
        final ApiAccess.EventSlotAccess a = ApiAccess.eventSlots();
        assertSame(a, ApiAccess.eventSlots());
        try {
            ApiAccess.eventSlots(a);
        } catch (final IllegalStateException expected) {
            return;
        }
        throw new AssertionError("a second registration was accepted");
    }
}

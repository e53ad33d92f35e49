package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dat4j.DatException;
import io.dat4j.StatusType;
import org.junit.jupiter.api.Test;

/** {@link WorkRequestPool}: an EP's work request buffers go to the next EP of the same shape, and die with the IA. */
class WorkRequestPoolTest {

    @Test
    void shouldHandAFreedEpsBuffersToTheNextEpOfTheSameShape() {
        try (WorkRequestPool pool = new WorkRequestPool()) {
            final WorkRequestPool.Buffers a = pool.take(1, 4);
            final WorkRequestPool.Buffers b = pool.take(1, 4);
            assertNotSame(a, b, "two live EPs never share buffers");
            assertNotSame(a.recv().request(), b.recv().request());
            pool.give(a);
            assertEquals(1, pool.idle());
            // another shape does not take them
            final WorkRequestPool.Buffers other = pool.take(2, 4);
            assertNotSame(a, other);
            assertEquals(2, other.recvSge());
            assertSame(a, pool.take(1, 4), "the freed EP's buffers, not new ones");
            assertEquals(0, pool.idle());
        }
    }

    @Test
    void shouldFreeEverythingWithTheIaAndRefuseAfterwards() {
        final WorkRequestPool pool = new WorkRequestPool();
        final WorkRequestPool.Buffers a = pool.take(1, 1);
        pool.close();
        pool.close(); // idempotent
        pool.give(a); // an EP freed after its IA: nothing kept
        assertEquals(0, pool.idle());
        final DatException e = assertThrows(DatException.class, () -> pool.take(1, 1));
        assertEquals(StatusType.INVALID_HANDLE, e.type());
    }
}

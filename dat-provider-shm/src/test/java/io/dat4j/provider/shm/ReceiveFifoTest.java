package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DtoStatus;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.PostedOperation;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ReceiveFifo}, the shared-memory EP's receives without a monitor: order, growth, the flush, and one adder
 * racing two takers (each receive taken once, each taker's in posting order), with the slots wrapping while few are
 * outstanding and the array growing while many are.
 */
class ReceiveFifoTest {

    /** Receives that complete into {@link #completed}; the EP has no SRQ. */
    private final List<String> completed = new ArrayList<>();
    private final EndpointUpcalls up = (EndpointUpcalls) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {EndpointUpcalls.class}, (proxy, m, args) -> switch (m.getName()) {
                case "complete" -> {
                    completed.add(((PostedOperation) args[0]).cookie() + " " + args[1]);
                    yield null;
                }
                case "takeSharedReceive" -> null;
                default -> throw new UnsupportedOperationException(m.getName());
            });

    private static PostedOperation receive(final long cookie) {
        return (PostedOperation) Proxy.newProxyInstance(ReceiveFifoTest.class.getClassLoader(),
                new Class<?>[] {PostedOperation.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "cookie" -> cookie;
                    case "hashCode" -> Long.hashCode(cookie);
                    case "equals" -> proxy == args[0];
                    case "toString" -> "receive " + cookie;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void takesInPostingOrderAcrossGrowthAndWrap() {
        final ReceiveFifo f = new ReceiveFifo(up);
        long next = 0;
        long added = 0;
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 40; i++) { // more than the first array holds
                f.add(receive(added++));
            }
            for (int i = 0; i < 37; i++) {
                assertEquals(next++, f.poll().cookie());
            }
        }
        while (next < added) {
            assertEquals(next++, f.poll().cookie());
        }
        assertNull(f.poll(), "empty, and no SRQ");
    }

    @Test
    void flushCompletesWhatIsLeftInOrderAndClearForgets() {
        final ReceiveFifo f = new ReceiveFifo(up);
        for (long c = 1; c <= 3; c++) {
            f.add(receive(c));
        }
        assertEquals(1, f.poll().cookie());
        f.flush();
        assertEquals(List.of("2 " + DtoStatus.FLUSHED, "3 " + DtoStatus.FLUSHED), completed);
        f.add(receive(4));
        f.clear();
        assertNull(f.poll());
        assertEquals(2, completed.size(), "clear completes nothing");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void oneAdderTwoTakersEachReceiveOnceInOrder() throws Exception {
        final int n = 400_000;
        final ReceiveFifo f = new ReceiveFifo(up);
        final PostedOperation[] ops = new PostedOperation[n];
        for (int i = 0; i < n; i++) {
            ops[i] = receive(i);
        }
        final AtomicReferenceArray<String> takenBy = new AtomicReferenceArray<>(n);
        final AtomicLong taken = new AtomicLong();
        final AtomicBoolean done = new AtomicBoolean();
        final AtomicReference<String> failure = new AtomicReference<>();
        final List<Thread> takers = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            final String name = "taker " + t;
            takers.add(Thread.ofPlatform().start(() -> {
                long last = -1;
                while (!done.get() || taken.get() < n) {
                    final PostedOperation op = f.poll();
                    if (op == null) {
                        Thread.onSpinWait();
                        continue;
                    }
                    final int c = (int) op.cookie();
                    if (c <= last) {
                        failure.compareAndSet(null, name + " took " + c + " after " + last);
                    }
                    last = c;
                    if (!takenBy.compareAndSet(c, null, name)) {
                        failure.compareAndSet(null, c + " taken twice: " + takenBy.get(c) + " and " + name);
                    }
                    taken.incrementAndGet();
                }
            }));
        }
        for (int i = 0; i < n; i++) {
            // the first half with few outstanding (the slots wrap under the takers), the rest as fast as it goes
            while (i < n / 2 && i - taken.get() >= 12) {
                Thread.onSpinWait();
            }
            f.add(ops[i]);
        }
        done.set(true);
        for (final Thread t : takers) {
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertTrue(!t.isAlive(), "a taker did not finish");
        }
        assertNull(failure.get(), failure.get());
        assertEquals(n, taken.get());
        for (int i = 0; i < n; i++) {
            assertTrue(takenBy.get(i) != null, "receive " + i + " never taken");
        }
    }
}

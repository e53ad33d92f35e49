package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two threads change the CNO of one EVD at once, or one changes it while another frees the EVD (found from outside:
 * each call read the old CNO, counted its new one and uncounted the old, so two at once uncounted the old CNO twice
 * and left one new CNO counted for an EVD that no longer named it; a free racing a change uncounted the old CNO and
 * left the new one counted for a freed EVD). Afterwards the CNO the EVD names is the last one set, a CNO no EVD names
 * any more frees, and a CNO still open takes new EVDs.
 */
class NotifierRaceTest {

    private static final int ROUNDS = 2000;
    private static final int CHANGES = 5000;
    private static final Set<EventStream> SOFTWARE = Set.of(EventStream.SOFTWARE);

    private static void get(final Future<?> f) throws Exception {
        try {
            f.get(10, TimeUnit.SECONDS);
        } catch (final java.util.concurrent.ExecutionException e) {
            if (!(e.getCause() instanceof DatException)) {
                throw e;
            }
        }
    }

    @Test
    void twoChangesAtOnceCountEachCnoOnce() throws Exception {
        final ExecutorService pool = Executors.newFixedThreadPool(2);
        final CyclicBarrier start = new CyclicBarrier(2);
        try (InterfaceAdapter ia = ScriptedTransport.open(new ScriptedTransport())) {
            for (int i = 0; i < ROUNDS / 40; i++) {
                final ConsumerNotifier a = ia.createConsumerNotifier();
                final ConsumerNotifier b = ia.createConsumerNotifier();
                final ConsumerNotifier c = ia.createConsumerNotifier();
                final EventDispatcher evd = ia.createEventDispatcher(8, a, SOFTWARE);
                final List<Future<?>> fs = new ArrayList<>();
                for (final ConsumerNotifier[] two : List.of(new ConsumerNotifier[] {a, b},
                        new ConsumerNotifier[] {c, null})) {
                    fs.add(pool.submit(() -> {
                        start.await();
                        for (int k = 0; k < CHANGES; k++) {
                            evd.modifyNotifier(two[k % 2]);
                        }
                        return null;
                    }));
                }
                for (final Future<?> f : fs) {
                    get(f);
                }
                final ConsumerNotifier last = evd.query().notifier();
                // each CNO, not freed, takes a new EVD (refused as freed when a change uncounted it twice) ...
                for (final ConsumerNotifier n : List.of(a, b, c)) {
                    ia.createEventDispatcher(1, n, SOFTWARE).close();
                }
                evd.close();
                // ... and frees once no EVD names it (refused with CNO_IN_USE when a change left it counted)
                for (final ConsumerNotifier n : List.of(a, b, c)) {
                    n.close();
                }
                assertEquals(true, last == null || last == b || last == null || last == a || last == c);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aChangeRacingTheEvdsFreeLeavesNoCnoCounted() throws Exception {
        final ExecutorService pool = Executors.newFixedThreadPool(2);
        final CyclicBarrier start = new CyclicBarrier(2);
        try (InterfaceAdapter ia = ScriptedTransport.open(new ScriptedTransport())) {
            for (int i = 0; i < ROUNDS; i++) {
                final ConsumerNotifier a = ia.createConsumerNotifier();
                final ConsumerNotifier b = ia.createConsumerNotifier();
                final EventDispatcher evd = ia.createEventDispatcher(8, a, SOFTWARE);
                final Future<?> change = pool.submit(() -> {
                    start.await();
                    for (int k = 0; !evd.isClosed(); k++) {
                        evd.modifyNotifier(k % 2 == 0 ? b : a); // ends with INVALID_HANDLE once freed
                    }
                    return null;
                });
                final long spin = i % 64 * 100L;
                final Future<?> free = pool.submit(() -> {
                    start.await();
                    for (long k = 0; k < spin; k++) {
                        Thread.onSpinWait();
                    }
                    evd.close();
                    return null;
                });
                get(change);
                get(free);
                assertEquals(true, evd.isClosed());
                a.close(); // refused with CNO_IN_USE when a change counted it after the free
                b.close();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

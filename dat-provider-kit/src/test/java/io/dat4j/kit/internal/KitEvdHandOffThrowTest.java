package io.dat4j.kit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.ScriptedTransport;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Queue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The EVD's hand-off when the source throws after it handed a completion (found by the outsider of round i25c): the
 * completion must not be lost. Before the hand-off, a completion the source made before it threw sat in the ring and
 * the next {@code dequeue}/{@code poll} took it; a {@code dequeue(EventSlot)} must return it (or throw and leave it
 * to take), not write it into the slot of a call whose caller sees an exception and no {@code true}. Also: a waiter
 * that arrives while a poller holds a hand-off is woken by the next completion (no lost wake-up).
 */
@Timeout(30)
class KitEvdHandOffThrowTest {

    private final ScriptedTransport transport = new ScriptedTransport();
    /** What the source's next poll does, in this order. */
    private final Queue<Runnable> completions = new ArrayDeque<>();
    private InterfaceAdapter ia;
    private ProtectionZone pz;
    private EventDispatcher evd;

    @BeforeEach
    void open() {
        ia = ScriptedTransport.open(transport);
        pz = ia.createProtectionZone();
        transport.source = new CompletionSource() {
            @Override
            public int poll() {
                int n = 0;
                Runnable r;
                while ((r = completions.poll()) != null) {
                    r.run();
                    n++;
                }
                return n;
            }
        };
    }

    @AfterEach
    void close() {
        ia.close();
    }

    private ScriptedTransport.Ep endpoint(final EventDispatcher recvEvd, final int depth) {
        ia.createEndpoint(pz, recvEvd, null, ia.createEventDispatcher(4, null, EnumSet.of(EventStream.CONNECTION)),
                EndpointAttributes.builder().maxRecvDtos(depth).build());
        return transport.endpoints.get(transport.endpoints.size() - 1);
    }

    private void completeOnPollThenThrow(final ScriptedTransport.Ep ep) {
        final PostedOperation op = ep.posted.get(0);
        completions.add(() -> ep.up.complete(op, DtoStatus.SUCCESS, 8));
        completions.add(() -> {
            throw new IllegalStateException("the source breaks");
        });
    }

    @Test
    void shouldNotLoseACompletionHandedIntoASlotWhenTheSourceThrowsAfterIt() {
        evd = ia.createEventDispatcher(8, null, EnumSet.of(EventStream.DTO));
        final ScriptedTransport.Ep a = endpoint(evd, 2);
        a.up.endpoint().postRecv(List.of(), 1, CompletionFlag.DEFAULT);
        completeOnPollThenThrow(a);
        final List<Long> cookies = new ArrayList<>();
        final EventSlot slot = new EventSlot();
        try {
            if (evd.dequeue(slot)) { // returns it: the source's failure shows at its next poll
                cookies.add(slot.cookie());
            }
        } catch (final IllegalStateException e) {
            // throws: then the completion must still be there to take (as in the ring before the hand-off)
        }
        final EventSlot again = new EventSlot();
        while (evd.dequeue(again)) {
            cookies.add(again.cookie());
        }
        assertEquals(List.of(1L), cookies, "the completion of 1, made before the source threw, exactly once");
    }

    @Test
    void shouldDeliverACompletionHandedToAHandlerOnceWhenTheSourceThrowsAfterIt() {
        evd = ia.createEventDispatcher(8, null, EnumSet.of(EventStream.DTO));
        final ScriptedTransport.Ep a = endpoint(evd, 2);
        a.up.endpoint().postRecv(List.of(), 1, CompletionFlag.DEFAULT);
        completeOnPollThenThrow(a);
        final List<Long> cookies = new ArrayList<>();
        final EventHandler h = EventHandler.of((ep, cookie, status, length, op, rmr) -> cookies.add(cookie),
                e -> {
                    throw new AssertionError("unexpected " + e);
                });
        try {
            evd.poll(h, 4);
        } catch (final IllegalStateException e) {
            // the source's
        }
        evd.poll(h, 4);
        assertEquals(List.of(1L), cookies, "the completion of 1 exactly once");
    }

    @Test
    void shouldWakeAWaiterThatArrivedWhileAPollerHeldAHandOff() throws Exception {
        evd = ia.createEventDispatcher(8, null, EnumSet.of(EventStream.DTO));
        final ScriptedTransport.Ep a = endpoint(evd, 4);
        a.up.endpoint().postRecv(List.of(), 1, CompletionFlag.DEFAULT);
        a.up.endpoint().postRecv(List.of(), 2, CompletionFlag.DEFAULT);
        final PostedOperation op1 = a.posted.get(0);
        final PostedOperation op2 = a.posted.get(1);
        final java.util.concurrent.CompletableFuture<Long> waited = new java.util.concurrent.CompletableFuture<>();
        final Thread[] waiter = new Thread[1];
        completions.add(() -> {
            a.up.complete(op1, DtoStatus.SUCCESS, 8); // handed off to this poller
            waiter[0] = Thread.ofPlatform().start(() -> {
                try {
                    waited.complete(((io.dat4j.DtoCompletionEvent) evd.await(java.time.Duration.ofSeconds(20)))
                            .cookie());
                } catch (final RuntimeException e) {
                    waited.completeExceptionally(e);
                }
            });
            while (waiter[0].getState() != Thread.State.TIMED_WAITING && waiter[0].getState() != Thread.State.WAITING
                    && !waited.isDone()) {
                Thread.onSpinWait(); // the waiter is parked while the hand-off is held
            }
        });
        final List<Long> cookies = new ArrayList<>();
        final EventHandler h = EventHandler.of((ep, cookie, status, length, op, rmr) -> cookies.add(cookie),
                e -> {
                    throw new AssertionError("unexpected " + e);
                });
        assertEquals(1, evd.poll(h, 1));
        assertEquals(List.of(1L), cookies);
        a.up.complete(op2, DtoStatus.SUCCESS, 8); // from another thread than the waiter's: must wake it
        assertEquals(2L, waited.get(20, java.util.concurrent.TimeUnit.SECONDS), "the waiter gets 2, not lost");
        waiter[0].join();
    }
}

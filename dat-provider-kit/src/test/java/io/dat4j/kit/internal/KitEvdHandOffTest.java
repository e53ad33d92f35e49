package io.dat4j.kit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.ConsumerNotifier;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.ScriptedTransport;
import java.time.Duration;
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
 * The EVD's hand-off: a completion the source's poll makes inside {@code poll(handler, limit)} or
 * {@code dequeue(EventSlot)}, on the consumer's thread, while the ring is empty, goes straight to that consumer. The
 * consumer must see exactly what the ring would have given it: the same events, in the same order, its queue slot
 * free in the handler, and a CNO still triggered; a completion handed before the source throws is not lost (found by
 * the outsider of round i25c: a {@code dequeue(EventSlot)} returns it), and a waiter that arrives while a poller
 * holds a hand-off is woken by the next completion. (The races are jcstress {@code EvdHandOffTest}'s.)
 */
@Timeout(30)
class KitEvdHandOffTest {

    private final ScriptedTransport transport = new ScriptedTransport();
    /** What the source's next poll completes, in this order: {operation, upcalls}. */
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

    private static void postRecv(final ScriptedTransport.Ep ep, final long cookie) {
        ep.up.endpoint().postRecv(List.of(), cookie, CompletionFlag.DEFAULT);
    }

    private void completeOnPoll(final ScriptedTransport.Ep ep, final int index) {
        final PostedOperation op = ep.posted.get(index);
        completions.add(() -> ep.up.complete(op, DtoStatus.SUCCESS, 8));
    }

    /** Records cookies; reposts into the EP's queue of one from the handler of the cookie given. */
    private static final class Recorder implements EventHandler {
        final List<Long> cookies = new ArrayList<>();
        ScriptedTransport.Ep repostOn;
        long repostAfter = -1;
        boolean reposted;

        @Override
        public void onDtoCompletion(final Endpoint endpoint, final long cookie, final DtoStatus status,
                final long transferredLength, final DtoOperation operation, final int rmrContext) {
            assertEquals(DtoStatus.SUCCESS, status);
            assertEquals(8, transferredLength);
            assertEquals(DtoOperation.RECEIVE, operation);
            cookies.add(cookie);
            if (cookie == repostAfter) {
                reposted = repostOn.up.endpoint().tryPostRecv(List.of(), cookie + 100, CompletionFlag.DEFAULT);
            }
        }

        @Override
        public void onSoftwareEvent(final EventDispatcher dispatcher, final Object payload) {
            cookies.add(-(Long) payload);
        }

        @Override
        public void onEvent(final Event event) {
            throw new AssertionError("unexpected " + event);
        }
    }

    @Test
    void shouldHandTheCompletionOfItsOwnPollToTheHandlerWithItsSlotFreeAndTheRestAfterInOrder() {
        evd = ia.createEventDispatcher(8, null, EnumSet.of(EventStream.DTO, EventStream.SOFTWARE));
        final ScriptedTransport.Ep a = endpoint(evd, 1);
        final ScriptedTransport.Ep b = endpoint(evd, 2);
        postRecv(a, 1);
        postRecv(b, 11);
        postRecv(b, 12);
        completeOnPoll(b, 1); // 12 waits for 11
        completeOnPoll(a, 0); // 1: the ring is empty, so it is handed off
        completeOnPoll(b, 0); // 11, then 12, into the ring behind it
        final Recorder h = new Recorder();
        h.repostOn = a;
        h.repostAfter = 1;
        assertEquals(3, evd.poll(h, 8));
        assertEquals(List.of(1L, 11L, 12L), h.cookies);
        assertTrue(h.reposted, "the slot of 1 (a queue of one) is free in its handler");
        assertEquals(0, evd.poll(h, 8));
        // an event the poll puts into the ring before a completion is older: the completion is not handed off
        completions.add(() -> evd.postSoftwareEvent(5L));
        completeOnPoll(a, 1); // the repost, 101
        assertEquals(2, evd.poll(h, 2));
        assertEquals(List.of(1L, 11L, 12L, -5L, 101L), h.cookies);
    }

    @Test
    void shouldHandTheCompletionOfItsOwnPollIntoASlot() {
        evd = ia.createEventDispatcher(8, null, EnumSet.of(EventStream.DTO));
        final ScriptedTransport.Ep a = endpoint(evd, 1);
        postRecv(a, 1);
        final EventSlot slot = new EventSlot();
        assertFalse(evd.dequeue(slot));
        completeOnPoll(a, 0);
        assertTrue(evd.dequeue(slot));
        assertEquals(1, slot.cookie());
        assertEquals(DtoStatus.SUCCESS, slot.status());
        assertEquals(8, slot.transferredLength());
        assertSame(a.up.endpoint(), slot.endpoint());
        postRecv(a, 2); // the slot of 1 is free
        completeOnPoll(a, 1);
        final Recorder h = new Recorder();
        assertEquals(1, evd.poll(h, 4));
        assertEquals(List.of(2L), h.cookies);
        assertFalse(evd.dequeue(slot));
    }

    @Test
    void shouldStillTriggerTheCnoOfAnEnabledEvd() {
        final ConsumerNotifier cno = ia.createConsumerNotifier();
        evd = ia.createEventDispatcher(8, cno, EnumSet.of(EventStream.DTO));
        final ScriptedTransport.Ep a = endpoint(evd, 2);
        postRecv(a, 1);
        completeOnPoll(a, 0);
        final Recorder h = new Recorder();
        assertEquals(1, evd.poll(h, 4));
        assertEquals(List.of(1L), h.cookies);
        assertSame(evd, cno.await(Duration.ZERO), "the completion reached the EVD as an event and fired its CNO");
        evd.modifyNotifier(null);
        cno.close();
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

package io.dat4j.jcstress;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventSlot;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.PostedOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The EVD's hand-off ("Threading and locks" in docs/provider-kit.md): a completion that the source's poll makes on the
 * consumer's thread, inside {@code poll(handler, limit)}, while the ring is empty goes straight to that consumer,
 * bypassing the ring. Two EPs share one EVD: the transport thread completes EP B's receive 11 and then raises a flag;
 * the consumer polls with a handler, and its source's poll reads the flag and completes EP A's receive 1 (a queue of
 * one), whose handler reposts into the slot of 1. The arbiter takes what is left.
 *
 * <p>Result: 1 when 11 came before 1 wherever the source had seen 11 completed (an event in the ring is older than a
 * completion handed off: the hand-off needs an empty ring), 0 otherwise; 1 when the repost in the handler of 1 fit
 * (the slot is freed before the handler runs), 0 if refused; 1 when 1 and 11 were each taken once and the repost
 * never was (it is not completed); whether the source saw 11 completed (both interleavings are expected).
 */
@JCStressTest
@Description("EVD hand-off of a completion made by the consumer's own source poll: after anything older in the ring,"
        + " its slot free before the handler runs, each event once")
@Outcome(id = {"1, 1, 1, 0", "1, 1, 1, 1"}, expect = Expect.ACCEPTABLE,
        desc = "each event once, 11 first whenever it completed before 1, the repost fits")
@Outcome(expect = Expect.FORBIDDEN, desc = "1 handed off before 11 that the ring held (out of the EVD's order), the"
        + " repost refused, or an event lost or taken twice")
@State
public class EvdHandOffTest {

    private final AtomicBoolean sourceDone = new AtomicBoolean();
    private volatile boolean bDone;
    private volatile boolean sawB;
    private final EventDispatcher evd = Rig.evd(8, sink -> new CompletingSource());
    private final Rig.PostedEndpoint a = Rig.endpointWithDepthOn(evd, 1, 1);
    private final Rig.PostedEndpoint b = Rig.endpointOn(evd, 11);
    private final List<PostedOperation> reposted = new ArrayList<>(1);
    private final Recorder consumer = new Recorder();

    @Actor
    public void transport() {
        b.upcalls().complete(b.ops().get(0), DtoStatus.SUCCESS, 0);
        bDone = true;
    }

    @Actor
    public void consumer() {
        evd.poll(consumer, 2);
    }

    @Arbiter
    public void arbiter(final IIII_Result r) {
        final EventSlot slot = new EventSlot();
        while (evd.dequeue(slot)) { // (the source completes 1 here if the consumer never polled it)
            consumer.record(slot.cookie());
        }
        final int at1 = consumer.indexOf(1);
        final int at11 = consumer.indexOf(11);
        final boolean once = consumer.count == 2 && at1 >= 0 && at11 >= 0;
        r.r1 = !once || sawB && at1 < at11 ? 0 : 1;
        r.r2 = consumer.reposted == 1 ? 1 : 0;
        r.r3 = once ? 1 : 0;
        r.r4 = sawB ? 1 : 0;
        a.ep().close();
        b.ep().close();
        evd.close();
    }

    /** Completes A's receive 1 once, on the thread that polls it, after reading whether B's 11 has completed. */
    final class CompletingSource implements CompletionSource {

        @Override
        public int poll() {
            if (!sourceDone.compareAndSet(false, true)) {
                return 0;
            }
            sawB = bDone;
            a.upcalls().complete(a.ops().get(0), DtoStatus.SUCCESS, 0);
            return 1;
        }
    }

    /** Records the cookies it is handed; reposts into A's queue from the handler of 1. */
    final class Recorder implements EventHandler {
        final long[] cookies = new long[8];
        int count;
        /** 1 if the repost in the handler of 1 fit, 0 if refused, -1 if it did not run. */
        int reposted = -1;

        void record(final long cookie) {
            if (count < cookies.length) {
                cookies[count] = cookie;
            }
            count++;
        }

        int indexOf(final long cookie) {
            int at = -1;
            for (int i = 0; i < Math.min(count, cookies.length); i++) {
                if (cookies[i] == cookie) {
                    if (at >= 0) {
                        return -1; // twice
                    }
                    at = i;
                }
            }
            return at;
        }

        @Override
        public void onDtoCompletion(final Endpoint endpoint, final long cookie, final DtoStatus status,
                final long transferredLength, final DtoOperation operation, final int rmrContext) {
            record(cookie);
            if (cookie == 1) {
                reposted = Rig.tryPostRecv(a.ep(), 2, reposted()) ? 1 : 0;
            }
        }

        private List<PostedOperation> reposted() {
            return EvdHandOffTest.this.reposted;
        }

        @Override
        public void onEvent(final Event event) {
            count += 100; // not a DTO completion: makes the outcome FORBIDDEN
        }
    }
}

package io.dat4j.jcstress;

import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import java.util.Arrays;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two consumers taking with {@code EventDispatcher.poll(handler, limit)} (the allocation-free take: each entry is
 * copied out under the EVD's lock and handed to the handler after it is released) while one of them also posts: the
 * EVD holds event 1; one thread posts 2 and then polls up to two, the other polls up to two. Every event reaches
 * exactly one handler, once, and each consumer sees its events in posting order.
 *
 * <p>Result: events the first consumer's handler got, events the second's got, 1 if together with what is left they
 * are exactly 1 and 2, each once, each consumer's in order (0 otherwise).
 */
@JCStressTest
@Description("EVD poll(handler, limit) by two consumers and a post: each event to one handler, once, in order")
@Outcome(id = {"0, 2, 1", "1, 1, 1", "2, 0, 1"}, expect = Expect.ACCEPTABLE,
        desc = "the events split between the handlers, each once, in order")
@Outcome(expect = Expect.FORBIDDEN, desc = "an event lost, handed to both handlers, out of order, or left in the EVD"
        + " (the posting consumer polls after its post, so it must find what the other did not take)")
@State
public class EvdPollHandlerTest {

    private final EventDispatcher evd = Rig.evd(4);
    private final Recorder first = new Recorder();
    private final Recorder second = new Recorder();

    public EvdPollHandlerTest() {
        evd.postSoftwareEvent(1);
    }

    @Actor
    public void postAndPoll() {
        evd.postSoftwareEvent(2);
        evd.poll(first, 2);
    }

    @Actor
    public void poll() {
        evd.poll(second, 2);
    }

    @Arbiter
    public void arbiter(final III_Result r) {
        r.r1 = first.count;
        r.r2 = second.count;
        final int[] taken = new int[8];
        int t = 0;
        for (int i = 0; i < first.count; i++) {
            taken[t++] = first.payloads[i];
        }
        for (int i = 0; i < second.count; i++) {
            taken[t++] = second.payloads[i];
        }
        final int[] left = new int[4];
        final int l = Arbiters.takePayloads(evd, left, 0);
        System.arraycopy(left, 0, taken, t, l);
        final boolean inOrder = first.inOrder() && second.inOrder();
        r.r3 = inOrder && Arbiters.sameAsAccepted(sorted(taken, t + l), t + l, new int[] {1, 2},
                new boolean[] {true, true}) ? 1 : 0;
        evd.close();
    }

    private static int[] sorted(final int[] a, final int n) {
        final int[] s = Arrays.copyOf(a, n);
        Arrays.sort(s);
        return s;
    }

    /** A handler that records the payloads of the software events it is handed. */
    static final class Recorder implements EventHandler {
        final int[] payloads = new int[8];
        int count;

        @Override
        public void onSoftwareEvent(final EventDispatcher dispatcher, final Object payload) {
            if (count < payloads.length) {
                payloads[count] = (Integer) payload;
            }
            count++;
        }

        @Override
        public void onEvent(final Event event) {
            count += 100; // not a software event: makes the outcome FORBIDDEN
        }

        @Override
        public void onDtoCompletion(final Endpoint endpoint, final long cookie, final DtoStatus status,
                final long transferredLength, final DtoOperation operation, final int rmrContext) {
            count += 100;
        }

        boolean inOrder() {
            for (int i = 1; i < Math.min(count, payloads.length); i++) {
                if (payloads[i] <= payloads[i - 1]) {
                    return false;
                }
            }
            return true;
        }
    }
}

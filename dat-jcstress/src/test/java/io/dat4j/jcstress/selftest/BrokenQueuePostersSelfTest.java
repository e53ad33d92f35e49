package io.dat4j.jcstress.selftest;

import io.dat4j.jcstress.Arbiters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Self-test of the harness, expected to FAIL: a copy of the posting side of an EP's operation queue
 * ({@code OperationQueue.reserve} and {@code commit}: the tail slot filled, then published by a release write of the
 * posted count, room seen by an acquire read of the retired count) used by two posters at once, without the EP's
 * lock that serialises them in the kit. The release and acquire order each poster's own writes but do not make two
 * posters safe: both fill the same slot and publish one count, so a post is lost or a slot counted twice, and the
 * FORBIDDEN outcome must be observed. The gate ({@code JcstressGate}) requires it.
 */
@JCStressTest
@Description("SELF-TEST (must fail): the operation queue's posting side used by two posters without the EP's lock")
@Outcome(id = "3, 3, 1", expect = Expect.ACCEPTABLE, desc = "one post refused, the other three published in order")
@Outcome(expect = Expect.FORBIDDEN, desc = "a post lost, published twice or reordered, or a wrong count")
@State
public class BrokenQueuePostersSelfTest {

    private final UnserialisedPostingSide queue = new UnserialisedPostingSide(3);
    private final boolean[] accepted = new boolean[4];

    @Actor
    public void posterA() {
        accepted[0] = queue.post(10);
        accepted[1] = queue.post(11);
    }

    @Actor
    public void posterB() {
        accepted[2] = queue.post(20);
        accepted[3] = queue.post(21);
    }

    @Arbiter
    public void completer(final III_Result r) {
        r.r1 = Arbiters.count(accepted);
        final int[] published = queue.published();
        r.r2 = published.length;
        r.r3 = Arbiters.sameAsAccepted(published, published.length, new int[] {10, 11, 20, 21}, accepted) ? 1 : 0;
    }

    /** The queue's posting side without the poster serialisation: broken. */
    static final class UnserialisedPostingSide {
        private static final VarHandle POSTED;
        private static final VarHandle RETIRED;

        static {
            try {
                final MethodHandles.Lookup l = MethodHandles.lookup();
                POSTED = l.findVarHandle(UnserialisedPostingSide.class, "posted", long.class);
                RETIRED = l.findVarHandle(UnserialisedPostingSide.class, "retired", long.class);
            } catch (final ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final int[] cookies;
        private int tail;
        @SuppressWarnings("unused") // through POSTED
        private volatile long posted;
        @SuppressWarnings("unused") // through RETIRED
        private volatile long retired;

        UnserialisedPostingSide(final int capacity) {
            cookies = new int[capacity];
        }

        boolean post(final int cookie) {
            final long p = (long) POSTED.get(this);
            if (p - (long) RETIRED.getAcquire(this) >= cookies.length) {
                return false;
            }
            final int i = tail;
            cookies[i] = cookie;
            tail = i + 1 == cookies.length ? 0 : i + 1;
            POSTED.setRelease(this, p + 1);
            return true;
        }

        /** {@return what the completing side would retire: the published slots, oldest first} */
        int[] published() {
            final int n = (int) Math.min((long) POSTED.getAcquire(this), cookies.length);
            final int[] out = new int[n];
            System.arraycopy(cookies, 0, out, 0, n);
            return out;
        }
    }
}

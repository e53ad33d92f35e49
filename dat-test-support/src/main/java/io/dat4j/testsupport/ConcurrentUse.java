package io.dat4j.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The public API called from many threads at once, as ported C programs do (several threads share an IA, an EVD and
 * an EP; one posts while another polls, a third disconnects or closes), for any provider whose test gives an
 * {@link AdapterPair}. Each check runs short randomized rounds and fails on: an exception other than
 * {@link DatException} leaving a call, a cookie completed twice or not at all (FLUSHED ones included), completions of
 * one EP queue out of posting order, a blocked call that close does not release, or threads and descriptors left
 * behind. Not thread safe itself: one test thread calls a check, which starts and joins its own threads.
 */
public final class ConcurrentUse {

    /** How long a check waits for a thread it started or for an event it is owed: a hang, not a timing. */
    private static final Duration HANG = Duration.ofSeconds(30);
    private static final int MESSAGE = 256;
    private static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(30);

    /** System property: a factor on every check's rounds (1 unless set), for a longer hunt. */
    public static final String SCALE_PROP_NAME = "dat4j.test.scale";
    private static final int SCALE = Math.max(1, Integer.getInteger(SCALE_PROP_NAME, 1));

    private final Supplier<? extends AdapterPair> pairs;
    private final long seed;
    private final List<String> violations = new CopyOnWriteArrayList<>();
    /** Per consuming thread: the posting index of the last completion it took from each queue. */
    private static final ThreadLocal<Map<Object, Integer>> LAST_TAKEN_ANY = ThreadLocal.withInitial(
            java.util.WeakHashMap::new);

    /**
     * Takes the pair maker.
     *
     * @param pairs opens a fresh pair of IAs (closed by the check)
     */
    public ConcurrentUse(final Supplier<? extends AdapterPair> pairs) {
        this.pairs = pairs;
        this.seed = Long.getLong("dat4j.test.seed", System.nanoTime());
    }

    /** Records a violation (from any thread). */
    private void violation(final String what) {
        if (violations.size() < 50) {
            violations.add(what);
        }
    }

    /** Fails with the violations, naming the seed. */
    private void check(final String what) {
        if (!violations.isEmpty()) {
            fail(what + " (seed " + seed + ", -Ddat4j.test.seed to replay the choices): " + violations.size()
                    + " violation(s):\n  " + String.join("\n  ", violations));
        }
    }

    /** Runs {@code body}, recording any throwable that is not a {@link DatException} as a violation. */
    private void guarded(final String who, final Runnable body) {
        try {
            body.run();
        } catch (final DatException e) {
            if (e.getMessage() == null || e.getMessage().isBlank()) {
                violation(who + ": DatException without a message: " + e.status());
            }
        } catch (final Throwable t) {
            violation(who + ": " + t + at(t));
        }
    }

    private static String at(final Throwable t) {
        final StringBuilder b = new StringBuilder();
        final StackTraceElement[] st = t.getStackTrace();
        for (int i = 0; i < Math.min(6, st.length); i++) {
            b.append("\n      at ").append(st[i]);
        }
        return b.toString();
    }

    /** Starts {@code n} platform threads running {@code body(i)}, each guarded. */
    private List<Thread> start(final String name, final int n, final java.util.function.IntConsumer body) {
        final List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            final int k = i;
            ts.add(Thread.ofPlatform().daemon().name("conc-" + name + "-" + i)
                    .start(() -> guarded(name + "-" + k, () -> body.accept(k))));
        }
        return ts;
    }

    private void join(final List<Thread> ts) {
        for (final Thread t : ts) {
            try {
                if (!t.join(HANG)) {
                    violation("thread " + t.getName() + " hangs: " + stack(t));
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted");
            }
        }
    }

    private static String stack(final Thread t) {
        final StringBuilder b = new StringBuilder();
        for (final StackTraceElement e : t.getStackTrace()) {
            b.append("\n      at ").append(e);
        }
        return b.toString();
    }

    // ----------------------------------------------------------------------------------------- the ledger

    /** What was posted on one queue of one EP, in posting order, and what completed. */
    private final class Queue {
        final String name;
        final List<Long> posted = Collections.synchronizedList(new ArrayList<>());
        final Map<Long, DtoStatus> done = new ConcurrentHashMap<>();

        Queue(final String name) {
            this.name = name;
        }

        /**
         * Called under the poster's own lock of this queue right before the post (a completion may come before the
         * post returns); {@link #refused} takes it back if the post throws.
         */
        void posted(final long cookie) {
            posted.add(cookie);
        }

        void refused(final long cookie) {
            posted.remove(Long.valueOf(cookie));
        }

        /**
         * Records a completion. Order is checked per consuming thread: a thread takes events in the EVD's order, so
         * the posting indexes of what one thread takes from one queue must rise (two threads taking at once may
         * record theirs in either order, so a global check would blame the test).
         */
        void completed(final long cookie, final DtoStatus status, final boolean ordered) {
            if (done.putIfAbsent(cookie, status) != null) {
                violation(name + ": cookie " + cookie + " completed twice (" + status + ")");
                return;
            }
            if (!ordered) {
                return;
            }
            final int i = posted.indexOf(cookie);
            if (i < 0) {
                violation(name + ": cookie " + cookie + " completed but was never posted (" + status + ")");
                return;
            }
            final Map<Object, Integer> last = LAST_TAKEN_ANY.get();
            final Integer before = last.put(this, i);
            if (before != null && before > i) {
                violation(name + ": cookie " + cookie + " (post #" + i + ", " + status + ") completed after post #"
                        + before + " (cookie " + posted.get(before) + ", " + done.get(posted.get(before)) + ")");
            }
        }

        int outstanding() {
            int n = 0;
            synchronized (posted) {
                for (final long c : posted) {
                    if (!done.containsKey(c)) {
                        n++;
                    }
                }
            }
            return n;
        }

        void requireAllDone() {
            synchronized (posted) {
                for (final long c : posted) {
                    if (!done.containsKey(c)) {
                        violation(name + ": cookie " + c + " was accepted and never completed");
                    }
                }
            }
        }
    }

    /** Routes a DTO completion to the queue of its EP and operation. */
    private final class Ledger {
        final Map<Endpoint, Queue[]> queues = new ConcurrentHashMap<>();
        final boolean ordered;

        Ledger(final boolean ordered) {
            this.ordered = ordered;
        }

        Queue[] of(final Endpoint ep, final String name) {
            return queues.computeIfAbsent(ep, e -> new Queue[] {new Queue(name + " receives"),
                new Queue(name + " requests")});
        }

        void completed(final Endpoint ep, final long cookie, final DtoStatus status, final DtoOperation op) {
            final Queue[] q = queues.get(ep);
            if (q == null) {
                violation("a completion of an unknown EP " + ep + ": cookie " + cookie + " " + status);
                return;
            }
            q[op == DtoOperation.RECEIVE ? 0 : 1].completed(cookie, status, ordered);
        }

        int outstanding() {
            int n = 0;
            for (final Queue[] q : queues.values()) {
                n += q[0].outstanding() + q[1].outstanding();
            }
            return n;
        }

        void requireAllDone() {
            for (final Queue[] q : queues.values()) {
                q[0].requireAllDone();
                q[1].requireAllDone();
            }
        }
    }

    /**
     * Takes events from a DTO EVD one way or another (poll, poll with a handler, dequeue into a slot, a short wait:
     * another waiter is refused with INVALID_STATE, which is fine) into the ledger; returns how many.
     */
    private int drain(final EventDispatcher evd, final Ledger ledger, final SplittableRandom r,
            final Semaphore credits) {
        final EventHandler handler = EventHandler.of((ep, cookie, status, length, op, rmr) -> {
            ledger.completed(ep, cookie, status, op);
            if (credits != null) {
                credits.release();
            }
        }, e -> violation("a DTO EVD gave " + e));
        switch (r.nextInt(4)) {
            case 0 -> {
                return evd.poll(handler, r.nextInt(1, 9));
            }
            case 1 -> {
                final EventSlot slot = new EventSlot();
                if (!evd.dequeue(slot)) {
                    return 0;
                }
                if (!slot.isDtoCompletion()) {
                    violation("a DTO EVD gave " + slot);
                    return 1;
                }
                ledger.completed(slot.endpoint(), slot.cookie(), slot.status(), slot.operation());
                if (credits != null) {
                    credits.release();
                }
                return 1;
            }
            default -> {
                final Event e;
                if (r.nextBoolean()) {
                    e = evd.poll();
                } else {
                    try {
                        e = evd.await(Duration.ofMillis(r.nextInt(1, 4)), 1);
                    } catch (final DatException x) {
                        if (x.type() == StatusType.TIMEOUT_EXPIRED || x.type() == StatusType.INVALID_STATE) {
                            return 0;
                        }
                        throw x;
                    }
                }
                if (e == null) {
                    return 0;
                }
                if (!(e instanceof final DtoCompletionEvent d)) {
                    violation("a DTO EVD gave " + e);
                    return 1;
                }
                ledger.completed(d.endpoint(), d.cookie(), d.status(), d.operation());
                if (credits != null) {
                    credits.release();
                }
                return 1;
            }
        }
    }

    /** Drains until nothing is outstanding (or a hang), then fails on what never completed. */
    private void drainAll(final List<EventDispatcher> evds, final Ledger ledger, final SplittableRandom r) {
        final long end = System.nanoTime() + DRAIN_NANOS;
        while (ledger.outstanding() > 0 && System.nanoTime() < end) {
            for (final EventDispatcher evd : evds) {
                guarded("drain", () -> drain(evd, ledger, r, null));
            }
        }
        ledger.requireAllDone();
    }

    // ----------------------------------------------------------------------------------------- leaks

    /** Threads and descriptors before a check, to compare after it. */
    private record Footprint(long threads, long fds) {
        static Footprint now() {
            return new Footprint(Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("dat4j")).count(), openFds());
        }

        static long openFds() {
            try (var s = Files.list(Path.of("/proc/self/fd"))) {
                return s.count();
            } catch (final IOException e) {
                return -1;
            }
        }
    }

    /** Fails if threads or descriptors of the provider stay behind after every pair was closed. */
    private void requireNoLeak(final Footprint before) throws InterruptedException {
        final long end = System.nanoTime() + HANG.toNanos();
        Footprint now = Footprint.now();
        while ((now.threads > before.threads || now.fds > before.fds) && System.nanoTime() < end) {
            Thread.sleep(20);
            now = Footprint.now();
        }
        if (now.threads > before.threads) {
            violation("provider threads left: " + before.threads + " before, " + now.threads + " after");
        }
        if (now.fds > before.fds) {
            violation("descriptors left: " + before.fds + " before, " + now.fds + " after");
        }
    }

    /** Opens and closes one pair so that lazily started threads and descriptors count in the baseline. */
    private Footprint warm() {
        try (AdapterPair p = pairs.get()) {
            p.connect();
        }
        return Footprint.now();
    }

    private static EndpointAttributes attrs(final int depth) {
        return EndpointAttributes.builder().maxRecvDtos(depth).maxRequestDtos(depth).rnrRetryCount(7).build();
    }

    // ----------------------------------------------------------------------------------------- the checks

    /**
     * Several client EPs complete into one EVD; several threads post SENDs and RDMA writes on them (each post and its
     * record under a lock of the test per EP, which fixes the posting order) while several others take the EVD's
     * events all ways at once. Every cookie completes exactly once, SUCCESS, in posting order per EP.
     *
     * @param rounds rounds, each on a fresh pair
     * @throws InterruptedException never
     */
    public void sharedEvdManyPostersManyPollers(final int rounds) throws InterruptedException {
        final Footprint before = warm();
        final SplittableRandom seeds = new SplittableRandom(seed);
        for (int round = 0; round < rounds * SCALE; round++) {
            final SplittableRandom rr = seeds.split();
            final int eps = rr.nextInt(1, 4);
            final int depth = 16;
            final int perPoster = 200;
            final int posters = rr.nextInt(1, 4);
            final int pollers = rr.nextInt(1, 4);
            try (AdapterPair p = pairs.get()) {
                final Ledger ledger = new Ledger(true);
                final List<Endpoint> clients = new ArrayList<>();
                final List<Endpoint> servers = new ArrayList<>();
                for (int i = 0; i < eps; i++) {
                    final Endpoint[] pair = p.connect(attrs(depth), attrs(depth), null);
                    clients.add(pair[0]);
                    servers.add(pair[1]);
                    ledger.of(pair[0], "client EP " + i);
                }
                final LocalMemoryRegion src = p.lmr(p.c, MESSAGE * 64L);
                final LocalMemoryRegion dst = p.lmr(p.s, MESSAGE * 64L);
                final LocalMemoryRegion rcv = p.lmr(p.s, MESSAGE * 64L);
                final Ledger serverLedger = new Ledger(true);
                final AtomicLong recvCookies = new AtomicLong();
                for (int i = 0; i < eps; i++) {
                    final Queue q = serverLedger.of(servers.get(i), "server EP " + i)[0];
                    for (int k = 0; k < depth; k++) {
                        final long c = recvCookies.incrementAndGet();
                        servers.get(i).postRecv(List.of(rcv.triplet((k % 64L) * MESSAGE, MESSAGE)), c,
                                CompletionFlag.DEFAULT);
                        q.posted(c);
                    }
                }
                final Semaphore[] credits = new Semaphore[eps];
                for (int i = 0; i < eps; i++) {
                    credits[i] = new Semaphore(depth);
                }
                final Semaphore evdCredits = new Semaphore(4000);
                final AtomicLong cookies = new AtomicLong();
                final AtomicBoolean postersDone = new AtomicBoolean();
                final CountDownLatch go = new CountDownLatch(1);
                // the server reposts each receive as it completes (one thread: its order is the posting order)
                final List<Thread> server = start("server", 1, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    final EventHandler h = EventHandler.of((ep, cookie, status, length, op, rmr) -> {
                        serverLedger.completed(ep, cookie, status, op);
                        if (status != DtoStatus.SUCCESS) {
                            violation("server receive " + cookie + " completed " + status);
                        }
                        final long c = recvCookies.incrementAndGet();
                        serverLedger.queues.get(ep)[0].posted(c);
                        ep.postRecv(List.of(rcv.triplet((c % 64) * MESSAGE, MESSAGE)), c, CompletionFlag.DEFAULT);
                    }, e -> violation("server EVD gave " + e));
                    final long until = System.nanoTime() + DRAIN_NANOS;
                    while ((!postersDone.get() || ledger.outstanding() > 0) && System.nanoTime() < until) {
                        p.s.evd.poll(h, 16);
                        Thread.onSpinWait();
                    }
                });
                final List<Thread> post = start("poster", posters, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    for (int n = 0; n < perPoster; n++) {
                        final int i = r.nextInt(eps);
                        final Endpoint ep = clients.get(i);
                        final long end = System.nanoTime() + HANG.toNanos();
                        while (!credits[i].tryAcquire()) {
                            if (System.nanoTime() > end) {
                                violation("no request credit came back in " + HANG);
                                return;
                            }
                            Thread.onSpinWait();
                        }
                        final long off = r.nextInt(64) * (long) MESSAGE;
                        final int len = r.nextInt(1, MESSAGE + 1);
                        synchronized (ep) {
                            final long c = cookies.incrementAndGet();
                            ledger.queues.get(ep)[1].posted(c);
                            if (r.nextBoolean()) {
                                ep.postSend(List.of(src.triplet(off, len)), c, CompletionFlag.DEFAULT);
                            } else {
                                ep.postRdmaWrite(List.of(src.triplet(off, len)), c, dst.remoteTriplet(off, len),
                                        CompletionFlag.DEFAULT);
                            }
                        }
                    }
                });
                final List<Thread> poll = start("poller", pollers, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    final Map<Endpoint, Semaphore> byEp = new ConcurrentHashMap<>();
                    for (int i = 0; i < eps; i++) {
                        byEp.put(clients.get(i), credits[i]);
                    }
                    final long end = System.nanoTime() + DRAIN_NANOS;
                    while ((!postersDone.get() || ledger.outstanding() > 0) && System.nanoTime() < end) {
                        drainInto(p.c.evd, ledger, byEp, r);
                    }
                });
                go.countDown();
                join(post);
                postersDone.set(true);
                join(poll);
                join(server);
                ledger.requireAllDone();
                for (final Queue[] q : ledger.queues.values()) {
                    for (final long c : q[1].done.keySet()) {
                        if (q[1].done.get(c) != DtoStatus.SUCCESS) {
                            violation(q[1].name + ": cookie " + c + " completed " + q[1].done.get(c));
                        }
                    }
                }
                check("round " + round + " (" + eps + " EPs, " + posters + " posters, " + pollers + " pollers)");
            }
        }
        requireNoLeak(before);
        check("leaks");
    }

    /** As {@link #drain} but gives each completion's credit back to its EP. */
    private void drainInto(final EventDispatcher evd, final Ledger ledger, final Map<Endpoint, Semaphore> credits,
            final SplittableRandom r) {
        final EventHandler handler = EventHandler.of((ep, cookie, status, length, op, rmr) -> {
            ledger.completed(ep, cookie, status, op);
            credits.get(ep).release();
        }, e -> violation("a DTO EVD gave " + e));
        switch (r.nextInt(4)) {
            case 0 -> evd.poll(handler, r.nextInt(1, 9));
            case 1 -> {
                final EventSlot slot = new EventSlot();
                if (evd.dequeue(slot)) {
                    ledger.completed(slot.endpoint(), slot.cookie(), slot.status(), slot.operation());
                    credits.get(slot.endpoint()).release();
                }
            }
            case 2 -> {
                final Event e = evd.poll();
                if (e instanceof final DtoCompletionEvent d) {
                    ledger.completed(d.endpoint(), d.cookie(), d.status(), d.operation());
                    credits.get(d.endpoint()).release();
                } else if (e != null) {
                    violation("a DTO EVD gave " + e);
                }
            }
            default -> {
                try {
                    final Event e = evd.await(Duration.ofMillis(r.nextInt(1, 4)), 1);
                    if (e instanceof final DtoCompletionEvent d) {
                        ledger.completed(d.endpoint(), d.cookie(), d.status(), d.operation());
                        credits.get(d.endpoint()).release();
                    } else {
                        violation("a DTO EVD gave " + e);
                    }
                } catch (final DatException x) {
                    if (x.type() != StatusType.TIMEOUT_EXPIRED && x.type() != StatusType.INVALID_STATE) {
                        throw x;
                    }
                }
            }
        }
    }

    private static void awaitQuietly(final CountDownLatch l) {
        try {
            l.await();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * An ABRUPT disconnect, or the EP's free, races threads posting receives, SENDs and RDMA writes on it and threads
     * polling its EVDs. Every accepted post completes exactly once (SUCCESS or FLUSHED, and FLUSHED only as a suffix
     * of its queue: nothing SUCCESS after a FLUSHED one), in posting order per queue; a post refused is refused with a
     * DatException.
     *
     * @param rounds rounds, each on a fresh pair
     * @throws InterruptedException never
     */
    public void endRacesPostsAndPolls(final int rounds) throws InterruptedException {
        final Footprint before = warm();
        final SplittableRandom seeds = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int round = 0; round < rounds * SCALE; round++) {
            final SplittableRandom rr = seeds.split();
            final int depth = 32;
            final int how = rr.nextInt(4); // 0 disconnect client, 1 disconnect server, 2 free client EP, 3 IA close
            try (AdapterPair p = pairs.get()) {
                final Ledger ledger = new Ledger(true);
                final Endpoint[] pair = p.connect(attrs(depth), attrs(depth), null);
                final Endpoint ep = pair[0];
                ledger.of(ep, "client EP");
                ledger.of(pair[1], "server EP");
                final LocalMemoryRegion src = p.lmr(p.c, MESSAGE * 16L);
                final LocalMemoryRegion dst = p.lmr(p.s, MESSAGE * 16L);
                final LocalMemoryRegion rcv = p.lmr(p.s, MESSAGE * 16L);
                for (int k = 0; k < depth; k++) {
                    pair[1].postRecv(List.of(rcv.triplet((k % 16L) * MESSAGE, MESSAGE)), 1_000_000 + k,
                            CompletionFlag.DEFAULT);
                    ledger.queues.get(pair[1])[0].posted(1_000_000 + k);
                }
                final Semaphore credits = new Semaphore(depth);
                final Semaphore recvCredits = new Semaphore(depth);
                final AtomicLong cookies = new AtomicLong();
                final AtomicBoolean ended = new AtomicBoolean();
                final CountDownLatch go = new CountDownLatch(1);
                final Object postLock = new Object();
                final Object recvLock = new Object();
                final List<Thread> post = start("poster", 3, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    for (int n = 0; n < 400 && !ended.get(); n++) {
                        final boolean recv = r.nextInt(3) == 0;
                        final Semaphore cr = recv ? recvCredits : credits;
                        if (!cr.tryAcquire()) {
                            Thread.onSpinWait();
                            n--; // (the ender ends the loop if no credit ever comes back)
                            continue;
                        }
                        final long off = r.nextInt(16) * (long) MESSAGE;
                        final int len = r.nextInt(1, MESSAGE + 1);
                        final long c = cookies.incrementAndGet();
                        final Queue q = ledger.queues.get(ep)[recv ? 0 : 1];
                        try {
                            synchronized (recv ? recvLock : postLock) {
                                q.posted(c);
                                if (recv) {
                                    ep.postRecv(List.of(src.triplet(off, MESSAGE)), c, CompletionFlag.DEFAULT);
                                } else if (r.nextBoolean()) {
                                    ep.postSend(List.of(src.triplet(off, len)), c, CompletionFlag.DEFAULT);
                                } else {
                                    ep.postRdmaWrite(List.of(src.triplet(off, len)), c, dst.remoteTriplet(off, len),
                                            CompletionFlag.DEFAULT);
                                }
                            }
                        } catch (final DatException e) {
                            q.refused(c);
                            cr.release();
                            if (e.type() == StatusType.INSUFFICIENT_RESOURCES) {
                                continue;
                            }
                            return; // the end: a refusal with a status is right
                        }
                    }
                });
                final Map<Endpoint, Semaphore> none = new ConcurrentHashMap<>();
                final List<Thread> poll = start("poller", 2, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    final long end = System.nanoTime() + DRAIN_NANOS;
                    while (!ended.get() && System.nanoTime() < end) {
                        final EventHandler handler = EventHandler.of((e, cookie, status, length, op, rmr) -> {
                            ledger.completed(e, cookie, status, op);
                            if (e == ep) {
                                (op == DtoOperation.RECEIVE ? recvCredits : credits).release();
                            }
                        }, e -> violation("a DTO EVD gave " + e));
                        (r.nextBoolean() ? p.c.evd : p.s.evd).poll(handler, 8);
                    }
                });
                final List<Thread> ender = start("ender", 1, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    final long spins = r.nextLong(0, 200_000);
                    for (long i = 0; i < spins; i++) {
                        Thread.onSpinWait();
                    }
                    switch (how) {
                        case 0 -> ep.disconnect(CloseMode.ABRUPT);
                        case 1 -> pair[1].disconnect(CloseMode.ABRUPT);
                        case 2 -> ep.close();
                        default -> p.client.close(CloseMode.ABRUPT);
                    }
                    ended.set(true);
                });
                go.countDown();
                join(ender);
                join(post);
                join(poll);
                if (how != 3) {
                    // a post after the end is refused with a DatException (an EP freed: INVALID_HANDLE)
                    guarded("post after the end", () -> {
                        ledger.queues.get(ep)[1].posted(-1);
                        try {
                            ep.postSend(List.of(src.triplet(0, 8)), -1, CompletionFlag.DEFAULT);
                            if (how == 2) {
                                violation("a post on a freed EP was accepted");
                            }
                        } catch (final DatException e) {
                            ledger.queues.get(ep)[1].refused(-1);
                        }
                    });
                    drainAll(List.of(p.c.evd, p.s.evd), ledger, rr);
                    requireFlushedSuffix(ledger);
                } else {
                    // the client IA is closed: its EVD is gone with its events; the server's side still completes
                    final long end = System.nanoTime() + DRAIN_NANOS;
                    final Queue sq = ledger.queues.get(pair[1])[0];
                    while (sq.outstanding() > 0 && System.nanoTime() < end) {
                        guarded("drain", () -> drain(p.s.evd, ledger, rr, null));
                    }
                    sq.requireAllDone();
                }
                check("round " + round + " (end by " + how + ")");
            }
        }
        requireNoLeak(before);
        check("leaks");
    }

    /** Fails if a SUCCESS completion of a request queue came after a FLUSHED one of the same queue. */
    private void requireFlushedSuffix(final Ledger ledger) {
        for (final Queue[] qs : ledger.queues.values()) {
            for (final Queue q : qs) {
                boolean flushed = false;
                synchronized (q.posted) {
                    for (final long c : q.posted) {
                        final DtoStatus s = q.done.get(c);
                        if (s == DtoStatus.FLUSHED) {
                            flushed = true;
                        } else if (flushed && s == DtoStatus.SUCCESS) {
                            violation(q.name + ": cookie " + c + " SUCCESS after a FLUSHED one");
                        }
                    }
                }
            }
        }
    }

    /**
     * Threads blocked in the calls that block (an EVD wait with no timeout, a CNO wait with no timeout) are released
     * with a DatException by the free of what they wait on or by the IA's close, promptly (within {@link #HANG}); a
     * resize or a disable racing a waiter throws nothing but DatException.
     *
     * @param rounds rounds, each on a fresh pair
     * @throws InterruptedException never
     */
    public void closeReleasesBlockedCalls(final int rounds) throws InterruptedException {
        final Footprint before = warm();
        final SplittableRandom seeds = new SplittableRandom(seed ^ 0x2545F491L);
        for (int round = 0; round < rounds * SCALE; round++) {
            final SplittableRandom rr = seeds.split();
            final int how = rr.nextInt(2); // 0 free the EVD and CNO, 1 IA close ABRUPT
            try (AdapterPair p = pairs.get()) {
                final boolean cnoOk = p.client.supports(io.dat4j.Capability.CNO);
                final ConsumerNotifier cno = cnoOk ? p.client.createConsumerNotifier() : null;
                final EventDispatcher evd = p.client.createEventDispatcher(64, null,
                        EnumSet.of(EventStream.DTO, EventStream.SOFTWARE));
                final EventDispatcher linked = p.client.createEventDispatcher(64, cno,
                        EnumSet.of(EventStream.SOFTWARE));
                final CountDownLatch started = new CountDownLatch(4);
                final Map<String, Object> outcome = new ConcurrentHashMap<>();
                final List<Thread> waiters = new ArrayList<>();
                // a waiter on the DTO EVD of a connected EP: it drives the transport (a blocking read of the
                // connection's socket on TCP, the IA's doorbell on shm0) when it waits alone
                final Endpoint[] pair = p.connect();
                final LocalMemoryRegion buf = p.lmr(p.c, 64);
                pair[0].postRecv(List.of(buf.triplet(0, 64)), 5, CompletionFlag.DEFAULT);
                waiters.addAll(start("dto-waiter", 1, k -> {
                    started.countDown();
                    try {
                        outcome.put("dto", p.c.evd.await(EventDispatcher.INFINITE, 1));
                    } catch (final DatException e) {
                        outcome.put("dto", e.type());
                    }
                }));
                waiters.addAll(start("evd-waiter", 1, k -> {
                    started.countDown();
                    try {
                        final Event e = evd.await(EventDispatcher.INFINITE, 2);
                        outcome.put("evd", e);
                    } catch (final DatException e) {
                        outcome.put("evd", e.type());
                    }
                }));
                waiters.addAll(start("cno-waiter", 1, k -> {
                    started.countDown();
                    if (cno == null) {
                        outcome.put("cno", "none");
                        return;
                    }
                    try {
                        while (true) {
                            final EventDispatcher fired = cno.await(EventDispatcher.INFINITE);
                            if (fired != null) {
                                fired.poll();
                            }
                        }
                    } catch (final DatException e) {
                        outcome.put("cno", e.type());
                    }
                }));
                final AtomicBoolean stop = new AtomicBoolean();
                final List<Thread> togglers = start("toggler", 1, k -> {
                    final SplittableRandom r = rr.split();
                    started.countDown();
                    while (!stop.get()) {
                        try {
                            switch (r.nextInt(5)) {
                                case 0 -> linked.enable();
                                case 1 -> linked.disable();
                                case 2 -> linked.postSoftwareEvent(null);
                                case 3 -> evd.resize(r.nextInt(2, 128));
                                default -> linked.poll();
                            }
                        } catch (final DatException e) {
                            if (linked.isClosed() || evd.isClosed()) {
                                return;
                            }
                        }
                    }
                });
                awaitQuietly(started);
                for (long i = rr.nextLong(0, 100_000); i > 0; i--) {
                    Thread.onSpinWait();
                }
                switch (how) {
                    case 0 -> {
                        stop.set(true);
                        join(togglers);
                        closeRetrying(evd);
                        closeRetrying(linked);
                        pair[0].close(); // flushes the receive: the DTO waiter takes it (FLUSHED)
                        if (cno != null) {
                            closeRetrying(cno);
                        }
                    }
                    default -> p.client.close(CloseMode.ABRUPT);
                }
                stop.set(true);
                join(waiters);
                join(togglers);
                final Object dto = outcome.get("dto");
                final boolean flushed = dto instanceof final DtoCompletionEvent d && d.cookie() == 5
                        && d.status() == DtoStatus.FLUSHED;
                if (how == 0 ? !flushed : !flushed && !(dto instanceof StatusType)) {
                    violation("the DTO EVD waiter ended with " + dto);
                }
                final Object evdOutcome = outcome.get("evd");
                if (!(evdOutcome instanceof StatusType)) {
                    violation("the EVD waiter ended with " + evdOutcome + ", not a DatException");
                }
                if (cno != null && !(outcome.get("cno") instanceof StatusType)) {
                    violation("the CNO waiter ended with " + outcome.get("cno") + ", not a DatException");
                }
                check("round " + round + " (release by " + how + ")");
            }
        }
        requireNoLeak(before);
        check("leaks");
    }

    /** Closes a handle, again while another thread still holds it briefly (IN_USE states are transient here). */
    private void closeRetrying(final io.dat4j.Handle h) {
        final long end = System.nanoTime() + HANG.toNanos();
        while (true) {
            try {
                h.close();
                return;
            } catch (final DatException e) {
                if (System.nanoTime() > end) {
                    violation("close of " + h.handleType() + " refused for " + HANG + ": " + e.getMessage());
                    return;
                }
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Several threads post receives to one SRQ while another resizes it and moves its watermark, and the peer sends
     * to the EPs that share it. Every receive posted completes exactly once (SUCCESS, or FLUSHED by the end), and
     * the calls throw nothing but DatException.
     *
     * @param rounds rounds, each on a fresh pair
     * @throws InterruptedException never
     */
    public void sharedReceiveQueueFromManyThreads(final int rounds) throws InterruptedException {
        final Footprint before = warm();
        final SplittableRandom seeds = new SplittableRandom(seed ^ 0x9E3779B9L);
        for (int round = 0; round < rounds * SCALE; round++) {
            final SplittableRandom rr = seeds.split();
            try (AdapterPair p = pairs.get()) {
                if (!p.server.supports(io.dat4j.Capability.SRQ)) {
                    return;
                }
                final int size = 64;
                final SharedReceiveQueue srq = p.server.createSharedReceiveQueue(p.s.pz,
                        new SrqAttributes(size, 1, 0));
                final io.dat4j.PublicServicePoint psp = p.server.createPublicServicePointAny(p.s.conn,
                        io.dat4j.ServicePointFlag.CONSUMER);
                final List<Endpoint> clients = new ArrayList<>();
                final List<Endpoint> servers = new ArrayList<>();
                final Ledger ledger = new Ledger(false);
                for (int i = 0; i < 2; i++) {
                    final Endpoint ce = p.c.ep(attrs(32));
                    final Endpoint se = p.server.createEndpointWithSrq(p.s.pz, p.s.evd, p.s.evd, p.s.conn, srq,
                            attrs(32));
                    ce.connect(p.server.address().getAddress(), psp.connectionQualifier(), AdapterPair.WAIT, null);
                    AdapterPair.request(p.s.conn).accept(se, null);
                    AdapterPair.expect(p.c.conn, io.dat4j.EventNumber.CONNECTION_EVENT_ESTABLISHED);
                    AdapterPair.expect(p.s.conn, io.dat4j.EventNumber.CONNECTION_EVENT_ESTABLISHED);
                    clients.add(ce);
                    servers.add(se);
                    ledger.of(ce, "client EP " + i);
                    ledger.of(se, "server EP " + i);
                }
                psp.close();
                final LocalMemoryRegion rcv = p.lmr(p.s, MESSAGE * 16L);
                final LocalMemoryRegion src = p.lmr(p.c, MESSAGE * 16L);
                final Set<Long> srqPosted = ConcurrentHashMap.newKeySet();
                final AtomicLong cookies = new AtomicLong();
                final AtomicBoolean stop = new AtomicBoolean();
                final CountDownLatch go = new CountDownLatch(1);
                final List<Thread> posters = start("srq-poster", 3, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    while (!stop.get()) {
                        final long c = cookies.incrementAndGet();
                        srqPosted.add(c);
                        try {
                            srq.postRecv(List.of(rcv.triplet(r.nextInt(16) * (long) MESSAGE, MESSAGE)), c,
                                    CompletionFlag.DEFAULT);
                        } catch (final DatException e) {
                            srqPosted.remove(c);
                            if (e.type() != StatusType.INSUFFICIENT_RESOURCES) {
                                throw e;
                            }
                            Thread.onSpinWait();
                        }
                    }
                });
                final List<Thread> admin = start("srq-admin", 1, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    while (!stop.get()) {
                        try {
                            if (r.nextBoolean()) {
                                srq.resize(r.nextInt(size, 2 * size));
                            } else {
                                srq.setLowWatermark(r.nextInt(0, size));
                            }
                            srq.query();
                            srq.available();
                        } catch (final DatException e) {
                            // a resize below what is posted: INVALID_STATE
                        }
                    }
                });
                final int sends = 300;
                final Map<Endpoint, Semaphore> sendCredits = new ConcurrentHashMap<>();
                for (final Endpoint ce : clients) {
                    sendCredits.put(ce, new Semaphore(32));
                }
                final List<Thread> senders = start("sender", 2, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    final Endpoint ep = clients.get(k);
                    final Semaphore credits = sendCredits.get(ep);
                    int posted = 0;
                    final long end = System.nanoTime() + DRAIN_NANOS;
                    while (posted < sends && System.nanoTime() < end) {
                        if (credits.tryAcquire()) {
                            final long c = 10_000_000L * (k + 1) + posted;
                            ledger.queues.get(ep)[1].posted(c);
                            ep.postSend(List.of(src.triplet(0, r.nextInt(1, MESSAGE + 1))), c,
                                    CompletionFlag.DEFAULT);
                            posted++;
                        }
                    }
                });
                final AtomicBoolean sendersDone = new AtomicBoolean();
                final List<Thread> reapers = start("reaper", 2, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    while (!sendersDone.get()) {
                        if (k == 0) {
                            drain(p.s.evd, ledger, r, null);
                        } else {
                            drainInto(p.c.evd, ledger, sendCredits, r);
                        }
                    }
                });
                go.countDown();
                join(senders);
                stop.set(true);
                join(posters);
                join(admin);
                sendersDone.set(true);
                join(reapers);
                for (final Endpoint se : servers) {
                    se.disconnect(CloseMode.ABRUPT);
                }
                drainAll(List.of(p.c.evd, p.s.evd), ledger, rr);
                // every SRQ receive an EP consumed completed on that EP once; none that was not posted
                final Set<Long> seen = ConcurrentHashMap.newKeySet();
                for (final Endpoint se : servers) {
                    for (final long c : ledger.queues.get(se)[0].done.keySet()) {
                        if (!srqPosted.contains(c)) {
                            violation("server receive " + c + " completed but was never posted to the SRQ");
                        }
                        if (!seen.add(c)) {
                            violation("SRQ receive " + c + " completed on two EPs");
                        }
                    }
                }
                check("round " + round);
            }
        }
        requireNoLeak(before);
        check("leaks");
    }

    /**
     * Several threads close the same handles at once (EP, LMR, EVDs, PZ, PSP, CNO, the IA), in random orders, while
     * others disconnect, reset, query and post on the EP and poll its EVD. Close is idempotent from any number of
     * threads; every call ends normally or with a DatException; at the end every handle is closed.
     *
     * @param rounds rounds, each on a fresh pair
     * @throws InterruptedException never
     */
    public void concurrentCloses(final int rounds) throws InterruptedException {
        final Footprint before = warm();
        final SplittableRandom seeds = new SplittableRandom(seed ^ 0x632BE59BL);
        for (int round = 0; round < rounds * SCALE; round++) {
            final SplittableRandom rr = seeds.split();
            try (AdapterPair p = pairs.get()) {
                final Endpoint[] pair = p.connect(attrs(16), attrs(16), null);
                final LocalMemoryRegion src = p.lmr(p.c, MESSAGE);
                final LocalMemoryRegion dst = p.lmr(p.s, MESSAGE);
                final ConsumerNotifier cno = p.client.supports(io.dat4j.Capability.CNO)
                        ? p.client.createConsumerNotifier() : null;
                final EventDispatcher spare = p.client.createEventDispatcher(16, cno, EnumSet.of(EventStream.SOFTWARE));
                final io.dat4j.PublicServicePoint psp = p.client.createPublicServicePointAny(p.c.conn,
                        io.dat4j.ServicePointFlag.CONSUMER);
                final List<io.dat4j.Handle> handles = new ArrayList<>(List.of(pair[0], src, spare, psp, p.c.evd,
                        p.c.conn, p.c.pz));
                if (cno != null) {
                    handles.add(cno);
                }
                final SharedReceiveQueue srq = p.client.supports(io.dat4j.Capability.SRQ)
                        ? p.client.createSharedReceiveQueue(p.c.pz, new SrqAttributes(16, 1, 0)) : null;
                if (srq != null) {
                    handles.add(srq);
                    handles.add(p.client.createEndpointWithSrq(p.c.pz, p.c.evd, p.c.evd, p.c.conn, srq, null));
                }
                final CountDownLatch go = new CountDownLatch(1);
                final AtomicBoolean closed = new AtomicBoolean();
                final List<Thread> closers = start("closer", 3, k -> {
                    final SplittableRandom r = rr.split();
                    final List<io.dat4j.Handle> order = new ArrayList<>(handles);
                    Collections.shuffle(order, new java.util.Random(r.nextLong()));
                    awaitQuietly(go);
                    for (final io.dat4j.Handle h : order) {
                        guarded("close " + h.handleType(), h::close);
                    }
                    guarded("IA close", () -> p.client.close(r.nextBoolean() ? CloseMode.ABRUPT
                            : CloseMode.GRACEFUL));
                    guarded("IA close", () -> p.client.close(CloseMode.ABRUPT));
                });
                final List<Thread> users = start("user", 2, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    for (int n = 0; n < 2000 && !p.client.isClosed(); n++) {
                        guarded("user", () -> {
                            switch (r.nextInt(8)) {
                                case 0 -> pair[0].disconnect(r.nextBoolean() ? CloseMode.ABRUPT : CloseMode.GRACEFUL);
                                case 1 -> pair[0].reset();
                                case 2 -> pair[0].query();
                                case 3 -> pair[0].postSend(List.of(src.triplet(0, 8)), n(r), CompletionFlag.DEFAULT);
                                case 4 -> pair[0].postRdmaWrite(List.of(src.triplet(0, 8)), n(r),
                                        dst.remoteTriplet(0, 8), CompletionFlag.DEFAULT);
                                case 5 -> {
                                    if (srq != null && r.nextBoolean()) {
                                        srq.postRecv(List.of(src.triplet(0, 8)), n(r), CompletionFlag.DEFAULT);
                                    } else {
                                        p.c.evd.poll();
                                    }
                                }
                                case 6 -> spare.postSoftwareEvent(null);
                                default -> {
                                    if (cno != null) {
                                        cno.await(Duration.ZERO);
                                    } else {
                                        p.c.conn.poll();
                                    }
                                }
                            }
                        });
                    }
                });
                go.countDown();
                join(closers);
                join(users);
                closed.set(true);
                for (final io.dat4j.Handle h : handles) {
                    if (!h.isClosed()) {
                        violation(h.handleType() + " still open after its IA was closed");
                    }
                }
                if (!p.client.isClosed()) {
                    violation("the IA is still open after close(ABRUPT)");
                }
                check("round " + round);
            }
        }
        requireNoLeak(before);
        check("leaks");
    }

    private static long n(final SplittableRandom r) {
        return r.nextLong(1, Long.MAX_VALUE);
    }

    /** One post of {@link #creditPosters}: {@code cookie} with the poster's random source. */
    private interface CreditPost {
        void post(SplittableRandom r, long cookie);
    }

    /**
     * Starts two threads that, once {@code go} opens, make 300 posts each (until {@code stop}), each taking a credit
     * first and recorded in {@code q} under the queue's monitor; a post refused with a DatException gives its credit
     * back and leaves the ledger.
     */
    private List<Thread> creditPosters(final SplittableRandom rr, final CountDownLatch go, final AtomicBoolean stop,
            final Semaphore credits, final AtomicLong cookies, final Queue q, final CreditPost post) {
        return start("poster", 2, k -> {
            final SplittableRandom r = rr.split();
            awaitQuietly(go);
            for (int n = 0; n < 300 && !stop.get(); n++) {
                if (!credits.tryAcquire()) {
                    Thread.onSpinWait();
                    n--;
                    continue;
                }
                final long c = cookies.incrementAndGet();
                try {
                    synchronized (q) {
                        q.posted(c);
                        post.post(r, c);
                    }
                } catch (final DatException e) {
                    q.refused(c);
                    credits.release();
                }
            }
        });
    }

    /**
     * Starts a thread that, once {@code go} opens, spins a random count below {@code maxSpins}, frees {@code a} and
     * {@code b} in a random order, then frees {@code a} again (idempotent).
     */
    private List<Thread> freer(final SplittableRandom rr, final CountDownLatch go, final long maxSpins,
            final LocalMemoryRegion a, final LocalMemoryRegion b) {
        return start("freer", 1, k -> {
            final SplittableRandom r = rr.split();
            awaitQuietly(go);
            for (long i = r.nextLong(0, maxSpins); i > 0; i--) {
                Thread.onSpinWait();
            }
            if (r.nextBoolean()) {
                a.close();
                b.close();
            } else {
                b.close();
                a.close();
            }
            a.close();
        });
    }

    /** A violation for each completion of {@code q} whose status is not one of {@code allowed}. */
    private void requireStatuses(final Queue q, final Set<DtoStatus> allowed) {
        for (final Map.Entry<Long, DtoStatus> e : q.done.entrySet()) {
            if (!allowed.contains(e.getValue())) {
                violation(q.name + ": cookie " + e.getKey() + " completed " + e.getValue());
            }
        }
    }

    /**
     * An LMR is freed while the peer RDMA-writes and RDMA-reads it and local posts name another LMR that is freed too.
     * Every accepted post completes exactly once, in order, with SUCCESS or an error status (REMOTE_ACCESS,
     * LOCAL_PROTECTION, FLUSHED after a broken connection); a post naming a freed LMR is refused with a DatException
     * or completes LOCAL_PROTECTION; nothing else escapes.
     *
     * @param rounds rounds, each on a fresh pair
     * @throws InterruptedException never
     */
    public void regionFreeRacesRdma(final int rounds) throws InterruptedException {
        final Footprint before = warm();
        final SplittableRandom seeds = new SplittableRandom(seed ^ 0x7F4A7C15L);
        for (int round = 0; round < rounds * SCALE; round++) {
            final SplittableRandom rr = seeds.split();
            try (AdapterPair p = pairs.get()) {
                final int depth = 32;
                final Endpoint[] pair = p.connect(attrs(depth), attrs(depth), null);
                final Endpoint ep = pair[0];
                final Ledger ledger = new Ledger(true);
                ledger.of(ep, "client EP");
                final LocalMemoryRegion local = p.lmr(p.c, 4096);
                final LocalMemoryRegion spare = p.lmr(p.c, 4096);
                final LocalMemoryRegion target = p.lmr(p.s, 4096);
                final Semaphore credits = new Semaphore(depth);
                final AtomicLong cookies = new AtomicLong();
                final AtomicBoolean stop = new AtomicBoolean();
                final CountDownLatch go = new CountDownLatch(1);
                final Map<Endpoint, Semaphore> byEp = Map.of(ep, credits);
                final List<Thread> posters = creditPosters(rr, go, stop, credits, cookies, ledger.queues.get(ep)[1],
                        (r, c) -> {
                            final LocalMemoryRegion l = r.nextInt(4) == 0 ? spare : local;
                            final int len = r.nextInt(1, 4097);
                            if (r.nextBoolean()) {
                                ep.postRdmaWrite(List.of(l.triplet(0, len)), c, target.remoteTriplet(0, len),
                                        CompletionFlag.DEFAULT);
                            } else {
                                ep.postRdmaRead(List.of(l.triplet(0, len)), c, target.remoteTriplet(0, len),
                                        CompletionFlag.DEFAULT);
                            }
                        });
                final List<Thread> poller = start("poller", 1, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    while (!stop.get()) {
                        drainInto(p.c.evd, ledger, byEp, r);
                    }
                });
                final List<Thread> freer = freer(rr, go, 300_000, target, spare);
                go.countDown();
                join(freer);
                join(posters);
                stop.set(true);
                join(poller);
                drainAll(List.of(p.c.evd), ledger, rr);
                requireStatuses(ledger.queues.get(ep)[1], EnumSet.of(DtoStatus.SUCCESS, DtoStatus.REMOTE_ACCESS,
                        DtoStatus.LOCAL_PROTECTION, DtoStatus.FLUSHED));
                check("round " + round);
            }
        }
        requireNoLeak(before);
        check("leaks");
    }

    /**
     * LMRs are freed while SENDs stream out of them and into receives posted in others: two threads post SENDs from
     * two client LMRs, one keeps the server's receives posted (a credit per receive) into two server LMRs, a poller on
     * each side takes the completions, and a third thread frees one client and one server LMR at a random moment,
     * from the first SENDs to well into the stream. Every accepted post completes exactly once, in order per queue,
     * with SUCCESS or an error status (LOCAL_PROTECTION for a freed LMR, REMOTE_RESPONDER or REMOTE_ACCESS at the
     * sender whose SEND met a receive into a freed LMR, FLUSHED after the connection ends); a post naming a freed LMR
     * is refused with a DatException or completes LOCAL_PROTECTION; each free returns; nothing else escapes and
     * nothing leaks.
     *
     * @param rounds rounds, each on a fresh pair
     * @throws InterruptedException never
     */
    public void regionFreeRacesSends(final int rounds) throws InterruptedException {
        final Footprint before = warm();
        final SplittableRandom seeds = new SplittableRandom(seed ^ 0xC2B2AE35L);
        for (int round = 0; round < rounds * SCALE; round++) {
            final SplittableRandom rr = seeds.split();
            try (AdapterPair p = pairs.get()) {
                final int depth = 32;
                final Endpoint[] pair = p.connect(attrs(depth), attrs(depth), null);
                final Endpoint ep = pair[0];
                final Endpoint sep = pair[1];
                final Ledger ledger = new Ledger(true);
                ledger.of(ep, "client EP");
                ledger.of(sep, "server EP");
                final LocalMemoryRegion local = p.lmr(p.c, 4096);
                final LocalMemoryRegion spare = p.lmr(p.c, 4096);
                final LocalMemoryRegion target = p.lmr(p.s, 4096);
                final LocalMemoryRegion other = p.lmr(p.s, 4096);
                final Semaphore credits = new Semaphore(depth);
                final Semaphore receives = new Semaphore(depth);
                final AtomicLong cookies = new AtomicLong();
                final AtomicBoolean stop = new AtomicBoolean();
                final AtomicBoolean sending = new AtomicBoolean(true);
                final CountDownLatch go = new CountDownLatch(1);
                final Map<Endpoint, Semaphore> byEp = Map.of(ep, credits, sep, receives);
                final List<Thread> receiver = start("receiver", 1, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    final Queue q = ledger.queues.get(sep)[0];
                    while (sending.get()) {
                        if (!receives.tryAcquire()) {
                            Thread.onSpinWait();
                            continue;
                        }
                        final LocalMemoryRegion l = r.nextInt(4) == 0 ? other : target;
                        final long c = cookies.incrementAndGet();
                        try {
                            synchronized (q) {
                                q.posted(c);
                                sep.postRecv(List.of(l.triplet(0, 4096)), c, CompletionFlag.DEFAULT);
                            }
                        } catch (final DatException e) {
                            q.refused(c);
                            receives.release();
                            if (e.type() != StatusType.INVALID_PARAMETER && e.type() != StatusType.PRIVILEGES_VIOLATION
                                    && e.type() != StatusType.INVALID_HANDLE && e.type() != StatusType.INVALID_STATE) {
                                throw e;
                            }
                        }
                    }
                });
                final List<Thread> posters = creditPosters(rr, go, stop, credits, cookies, ledger.queues.get(ep)[1],
                        (r, c) -> ep.postSend(List.of((r.nextInt(4) == 0 ? spare : local).triplet(0,
                                r.nextInt(1, 4097))), c, CompletionFlag.DEFAULT));
                final List<Thread> pollers = start("poller", 2, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    final EventDispatcher evd = k == 0 ? p.c.evd : p.s.evd;
                    while (!stop.get()) {
                        drainInto(evd, ledger, byEp, r);
                    }
                });
                final List<Thread> freer = freer(rr, go, 2_000_000, target, spare); // at any point of the stream
                go.countDown();
                join(freer);
                join(posters);
                // the SENDs end (completed, or waiting for receives the receiver still posts); then the receives
                // left posted end with the connection (FLUSHED)
                final long end = System.nanoTime() + DRAIN_NANOS;
                while (ledger.queues.get(ep)[1].outstanding() > 0 && System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                sending.set(false);
                join(receiver);
                guarded("disconnect", () -> sep.disconnect(CloseMode.ABRUPT));
                stop.set(true);
                join(pollers);
                drainAll(List.of(p.c.evd, p.s.evd), ledger, rr);
                requireStatuses(ledger.queues.get(ep)[1], EnumSet.of(DtoStatus.SUCCESS, DtoStatus.LOCAL_PROTECTION,
                        DtoStatus.FLUSHED, DtoStatus.REMOTE_ACCESS, DtoStatus.REMOTE_RESPONDER));
                requireStatuses(ledger.queues.get(sep)[0], EnumSet.of(DtoStatus.SUCCESS, DtoStatus.LOCAL_PROTECTION,
                        DtoStatus.FLUSHED));
                check("round " + round);
            }
        }
        requireNoLeak(before);
        check("leaks");
    }

    /**
     * Connection management from several threads: two threads accept (or one accepts, one rejects) the same request at
     * once, while a third closes the PSP, the client's EP, or either IA. At most one of the two answers succeeds;
     * every call ends normally or with a DatException; a client EP that is still open on an open IA gets its
     * connection's outcome (ESTABLISHED, a rejection, or an end) within {@link #HANG}; nothing is left behind.
     *
     * @param rounds rounds, each on a fresh pair
     * @throws InterruptedException never
     */
    public void connectionRaces(final int rounds) throws InterruptedException {
        final Footprint before = warm();
        final SplittableRandom seeds = new SplittableRandom(seed ^ 0x1B873593L);
        for (int round = 0; round < rounds * SCALE; round++) {
            final SplittableRandom rr = seeds.split();
            final int how = rr.nextInt(5); // 0 PSP close, 1 client EP free, 2 server IA close, 3 client IA close, 4 none
            try (AdapterPair p = pairs.get()) {
                final io.dat4j.PublicServicePoint psp = p.server.createPublicServicePointAny(p.s.conn,
                        io.dat4j.ServicePointFlag.CONSUMER);
                final Endpoint ce = p.c.ep(null);
                final Endpoint se1 = p.s.ep(null);
                final Endpoint se2 = p.s.ep(null);
                ce.connect(p.server.address().getAddress(), psp.connectionQualifier(), HANG, new byte[] {1});
                final io.dat4j.ConnectionRequest cr = AdapterPair.request(p.s.conn);
                final AtomicLong answered = new AtomicLong();
                final AtomicLong accepted = new AtomicLong();
                final CountDownLatch go = new CountDownLatch(1);
                final List<Thread> answers = start("answer", 2, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    try {
                        if (k == 1 && r.nextBoolean()) {
                            cr.reject(null);
                        } else {
                            cr.accept(k == 0 ? se1 : se2, new byte[] {2});
                            accepted.incrementAndGet();
                        }
                        answered.incrementAndGet();
                    } catch (final DatException e) {
                        // the other answer won, or the closer did
                    }
                });
                final List<Thread> closer = start("closer", 1, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    for (long i = r.nextLong(0, 50_000); i > 0; i--) {
                        Thread.onSpinWait();
                    }
                    switch (how) {
                        case 0 -> psp.close();
                        case 1 -> ce.close();
                        case 2 -> p.server.close(CloseMode.ABRUPT);
                        case 3 -> p.client.close(CloseMode.ABRUPT);
                        default -> ce.query();
                    }
                });
                go.countDown();
                join(answers);
                join(closer);
                if (answered.get() > 1) {
                    violation("both answers to one request succeeded (" + accepted.get() + " accepts)");
                }
                if (how != 1 && how != 3) {
                    guarded("client outcome", () -> {
                        try {
                            final Event e = p.c.conn.await(HANG, 1);
                            if (!(e instanceof io.dat4j.ConnectionEvent)) {
                                violation("the client got " + e + " instead of its connection's outcome");
                            }
                        } catch (final DatException e) {
                            violation("the client got no outcome of its connect in " + HANG + ": " + e.status());
                        }
                    });
                }
                check("round " + round + " (closer " + how + ")");
            }
        }
        requireNoLeak(before);
        check("leaks");
    }

    /**
     * A thread waits on an EVD (a threshold, no timeout) while others resize it, make it unwaitable and waitable
     * again, post software events to it and poll it, and then free it or close its IA. The waiter ends with an event
     * or a DatException, never hangs after the free, and no call throws anything else.
     *
     * @param rounds rounds, each on a fresh pair
     * @throws InterruptedException never
     */
    public void waiterRacesEvdChanges(final int rounds) throws InterruptedException {
        final Footprint before = warm();
        final SplittableRandom seeds = new SplittableRandom(seed ^ 0x85EBCA6BL);
        for (int round = 0; round < rounds * SCALE; round++) {
            final SplittableRandom rr = seeds.split();
            try (AdapterPair p = pairs.get()) {
                final EventDispatcher evd = p.client.createEventDispatcher(16, null, EnumSet.of(EventStream.SOFTWARE));
                final AtomicBoolean stop = new AtomicBoolean();
                final AtomicLong taken = new AtomicLong();
                final AtomicLong postedEvents = new AtomicLong();
                final CountDownLatch go = new CountDownLatch(1);
                final List<Thread> waiter = start("waiter", 1, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    while (!evd.isClosed()) {
                        try {
                            evd.await(r.nextBoolean() ? EventDispatcher.INFINITE : Duration.ofMillis(2),
                                    r.nextInt(1, 3));
                            taken.incrementAndGet();
                        } catch (final DatException e) {
                            if (e.type() == StatusType.ABORT || e.type() == StatusType.INVALID_HANDLE) {
                                return;
                            }
                        }
                    }
                });
                final List<Thread> others = start("changer", 2, k -> {
                    final SplittableRandom r = rr.split();
                    awaitQuietly(go);
                    while (!stop.get()) {
                        try {
                            switch (r.nextInt(6)) {
                                case 0 -> evd.resize(r.nextInt(1, 32));
                                case 1 -> evd.setUnwaitable();
                                case 2 -> evd.clearUnwaitable();
                                case 3, 4 -> {
                                    evd.postSoftwareEvent(null);
                                    postedEvents.incrementAndGet();
                                }
                                default -> {
                                    if (evd.poll() != null) {
                                        taken.incrementAndGet();
                                    }
                                }
                            }
                        } catch (final DatException e) {
                            if (evd.isClosed()) {
                                return;
                            }
                        }
                    }
                });
                go.countDown();
                for (long i = rr.nextLong(0, 2_000_000); i > 0; i--) {
                    Thread.onSpinWait();
                }
                // leave it waitable with a waiter that may wait for ever, then free it (or close the IA)
                stop.set(true);
                join(others);
                guarded("clear", evd::clearUnwaitable);
                if (rr.nextBoolean()) {
                    closeRetrying(evd);
                } else {
                    p.client.close(CloseMode.ABRUPT);
                }
                join(waiter);
                check("round " + round);
            }
        }
        requireNoLeak(before);
        check("leaks");
    }

    /**
     * On one connected EP (of any pair, also one whose peer runs in another process): three threads post RDMA writes
     * and reads of random sizes while two threads take the EVD's completions all ways at once, and {@code end} (an
     * ABRUPT disconnect, the peer's death) runs at a random moment. Every accepted post completes exactly once,
     * SUCCESS or FLUSHED, FLUSHED only after the last SUCCESS of the queue, in posting order as each poller sees it;
     * posts after the end are refused with a DatException or flushed.
     *
     * @param ep the EP, connected, with {@code evd} as its request EVD and nothing outstanding
     * @param evd its request EVD
     * @param local a registered region of the EP's PZ (its first 64 KiB are used)
     * @param remote the peer's region, with remote read and write
     * @param end ends the connection (called once, on a thread of the check)
     */
    public void requestsFromManyThreadsUntilTheEnd(final Endpoint ep, final EventDispatcher evd,
            final LocalMemoryRegion local, final io.dat4j.RemoteMemoryTriplet remote, final Runnable end) {
        final SplittableRandom rr = new SplittableRandom(seed ^ 0x27D4EB2FL);
        final int depth = ep.query().attributes().maxRequestDtos();
        final long span = Math.min(Math.min(local.registeredSize(), remote.segmentLength()), 64 << 10);
        final Ledger ledger = new Ledger(true);
        final Queue q = ledger.of(ep, "EP")[1];
        final Semaphore credits = new Semaphore(depth);
        final Map<Endpoint, Semaphore> byEp = Map.of(ep, credits);
        final AtomicLong cookies = new AtomicLong();
        final AtomicBoolean ended = new AtomicBoolean();
        final CountDownLatch go = new CountDownLatch(1);
        final int target = rr.nextInt(0, 3000);
        final CountDownLatch postersLeft = new CountDownLatch(3);
        final List<Thread> posters = start("poster", 3, k -> {
            final SplittableRandom r = rr.split();
            awaitQuietly(go);
            try {
                for (int n = 0; n < 2000 && !ended.get(); n++) {
                    while (!credits.tryAcquire()) {
                        if (ended.get()) {
                            return;
                        }
                        Thread.onSpinWait();
                    }
                    final long len = r.nextLong(1, span + 1);
                    final long off = r.nextLong(0, span - len + 1);
                    final io.dat4j.RemoteMemoryTriplet at = new io.dat4j.RemoteMemoryTriplet(remote.rmrContext(),
                            remote.virtualAddress() + off, len);
                    final long c = cookies.incrementAndGet();
                    try {
                        synchronized (q) {
                            q.posted(c);
                            if (r.nextBoolean()) {
                                ep.postRdmaWrite(List.of(local.triplet(off, len)), c, at, CompletionFlag.DEFAULT);
                            } else {
                                ep.postRdmaRead(List.of(local.triplet(off, len)), c, at, CompletionFlag.DEFAULT);
                            }
                        }
                    } catch (final DatException e) {
                        q.refused(c);
                        credits.release();
                        if (ended.get()) {
                            return;
                        }
                    }
                }
            } finally {
                postersLeft.countDown();
            }
        });
        final List<Thread> pollers = start("poller", 2, k -> {
            final SplittableRandom r = rr.split();
            awaitQuietly(go);
            final long until = System.nanoTime() + DRAIN_NANOS;
            while (!ended.get() && System.nanoTime() < until) {
                drainInto(evd, ledger, byEp, r);
            }
        });
        final List<Thread> ender = start("ender", 1, k -> {
            awaitQuietly(go);
            // after some completions (a condition, not a time): the end meets operations in flight
            final long until = System.nanoTime() + HANG.toNanos();
            while (q.done.size() < target && postersLeft.getCount() > 0 && System.nanoTime() < until) {
                Thread.yield();
            }
            end.run();
            ended.set(true);
        });
        go.countDown();
        join(ender);
        join(posters);
        join(pollers);
        drainAll(List.of(evd), ledger, rr);
        requireFlushedSuffix(ledger);
        for (final Map.Entry<Long, DtoStatus> e : q.done.entrySet()) {
            if (e.getValue() != DtoStatus.SUCCESS && e.getValue() != DtoStatus.FLUSHED) {
                violation("cookie " + e.getKey() + " completed " + e.getValue());
            }
        }
        final long flushed = q.done.values().stream().filter(st -> st == DtoStatus.FLUSHED).count();
        System.out.println("requests until the end: " + q.posted.size() + " accepted, " + flushed + " of them FLUSHED");
        check("requests until the end (" + q.posted.size() + " accepted, " + q.done.size() + " completed)");
    }
}

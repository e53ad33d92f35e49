package io.dat4j.conformance;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointParameters;
import io.dat4j.EndpointState;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.CookieLedger;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;
import io.dat4j.conformance.support.Torture;
import io.dat4j.conformance.support.Torture.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;

/**
 * Concurrency: several threads call the public API on the same handles at once, with a deadlock and hang watchdog
 * ({@link Torture}) and an exactly-once ledger of cookies ({@link CookieLedger}). Each rule prints its seed; a
 * failure names the deadlocked threads with the locks they hold, or the first broken invariants. The phase length is
 * {@value Torture#MILLIS_PROP_NAME} (default {@value Torture#MILLIS_DEFAULT} ms). Every rule needs
 * {@link Capability#THREAD_SAFE}: an IA without it takes its calls from one thread at a time.
 */
public abstract class ConcurrencyConformance extends ConformanceBase {

    private static final int THREADS = 4;
    private static final int DEPTH = 16;
    private static final int CREDITS = Rig.QUEUE_LENGTH * 3 / 4;
    private static final int BUFFER = 64 << 10;
    private static final int MESSAGE = 512;

    /** For subclasses. */
    protected ConcurrencyConformance() {
    }

    private static EndpointAttributes attributes() {
        return EndpointAttributes.builder().maxRecvDtos(DEPTH).maxRequestDtos(DEPTH).rnrRetryCount(7).build();
    }

    /**
     * One side under torture: its EP and EVDs, registered memory, a second PZ to move the EP to, and credits that keep
     * the events waiting in each DTO EVD below its length (a completion takes a credit from the post until it is
     * dequeued), so that no completion is lost to an overflow the test itself caused.
     */
    private final class Peer {
        final Rig.Side side;
        final Rig.Buffer buffer;
        final ProtectionZone otherPz;
        final Semaphore recvCredits = new Semaphore(CREDITS);
        final Semaphore requestCredits = new Semaphore(CREDITS);
        volatile Peer remote;

        Peer(final InterfaceAdapter ia) {
            side = rig().side(ia, attributes());
            buffer = rig().buffer(side, BUFFER, MemoryPrivilege.ALL);
            otherPz = rig().pz(ia);
        }

        Endpoint ep() {
            return side.ep();
        }
    }

    private enum Post { RECV, SEND, WRITE, READ }

    private Torture torture;
    private CookieLedger ledger;

    private void begin(final String rule) {
        torture = new Torture(rule);
        ledger = new CookieLedger(torture::violation);
    }

    /** After a phase: a deadlock or hang fails the rule at once, leaving the stuck handles alone. */
    private void unlessStuck() {
        if (torture.stuck()) {
            rig().abandon("threads are stuck in the provider (" + torture.seed() + ")");
            torture.check();
        }
    }

    // ------------------------------------------------------------------ rules

    @Rule(id = "CONC-01", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE, timeoutSeconds = 60,
            text = "Threads calling postRecv, modify, modifyProtectionZone, query, state, status and reset on one "
                    + "UNCONNECTED EP at the same time never deadlock, throw nothing but DatException, and every "
                    + "accepted receive completes exactly once")
    void unconnectedEndpoint() {
        begin("CONC-01");
        final Peer p = new Peer(rig().ia());
        final List<Step> steps = new ArrayList<>(List.of(
                new Step("postRecv", 6, r -> post(p, Post.RECV, r)),
                new Step("modify", 3, r -> p.ep().modify(attributes().toBuilder()
                        .maxRecvDtos(r.nextInt(DEPTH / 2, DEPTH + 1)).build())),
                new Step("modifyProtectionZone", 3, r -> p.ep().modifyProtectionZone(r.nextBoolean()
                        ? p.side.pz() : p.otherPz)),
                new Step("reset", 1, r -> p.ep().reset())));
        steps.addAll(observers(p));
        steps.add(new Step("drainRecv", 4, r -> drain(p, true, r)));
        torture.run("unconnected", THREADS, Torture.phase(), steps);
        unlessStuck();
        finish(List.of(p));
    }

    @Rule(id = "CONC-02", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE, timeoutSeconds = 90,
            text = "On a connected pair, threads posting receives, sends, RDMA writes and reads on both EPs while "
                    + "others call modify, modifyProtectionZone, query, state and status, and dequeue, poll, await "
                    + "and resize the EVDs, never deadlock, throw nothing but DatException, and every accepted post "
                    + "completes exactly once, on its own EP")
    void connectedPair() {
        begin("CONC-02");
        final List<Peer> peers = connectedPeers();
        final List<Step> steps = new ArrayList<>();
        for (final Peer p : peers) {
            steps.addAll(dataSteps(p));
            steps.addAll(observers(p));
            steps.add(new Step("modify", 1, r -> p.ep().modify(attributes())));
            steps.add(new Step("modifyProtectionZone", 1, r -> p.ep().modifyProtectionZone(p.otherPz)));
            steps.add(new Step("resize", 1, r -> (r.nextBoolean() ? p.side.recvEvd() : p.side.requestEvd())
                    .resize(r.nextInt(Rig.QUEUE_LENGTH, 2 * Rig.QUEUE_LENGTH + 1))));
        }
        torture.run("connected", THREADS, Torture.phase(), steps);
        unlessStuck();
        finish(peers);
    }

    @Rule(id = "CONC-03", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE, timeoutSeconds = 120,
            text = "While one thread connects, disconnects and resets a pair over and over, threads posting on both "
                    + "EPs, resetting them and draining their EVDs never deadlock, throw nothing but DatException, "
                    + "every connection step is reported by its event, and every accepted post completes exactly once")
    void connectDisconnectCycles() {
        begin("CONC-03");
        final Peer a = new Peer(rig().ia());
        final Peer b = new Peer(rig().peerIa());
        a.remote = b;
        b.remote = a;
        final Rig.Listener listener = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final List<Step> steps = new ArrayList<>();
        for (final Peer p : List.of(a, b)) {
            steps.addAll(dataSteps(p));
            steps.addAll(observers(p));
            steps.add(new Step("reset", 1, r -> p.ep().reset()));
        }
        torture.run("cycles", THREADS, Torture.phase(), steps, List.of(r -> cycle(a, b, listener, r)));
        unlessStuck();
        finish(List.of(a, b));
    }

    @Rule(id = "CONC-04", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE, timeoutSeconds = 90,
            text = "Closing the EPs, LMRs, EVDs, PZs, PSP and IAs of a connected pair in a random order while other "
                    + "threads post, query and drain them never deadlocks, throws nothing but DatException, completes "
                    + "no cookie twice, returns no event from a closed EVD, accepts no post on a freed EP, and ends "
                    + "with every handle closed")
    void closeRaces() {
        begin("CONC-04");
        final List<Peer> peers = connectedPeers();
        final List<Step> steps = new ArrayList<>();
        for (final Peer p : peers) {
            steps.addAll(dataSteps(p));
            steps.addAll(observers(p));
        }
        final List<Handle> handles = new ArrayList<>();
        for (final Peer p : peers) {
            handles.addAll(List.of(p.ep(), p.buffer.lmr(), p.side.recvEvd(), p.side.requestEvd(),
                    p.side.connectEvd(), p.side.pz(), p.otherPz));
        }
        final Duration phase = Torture.phase();
        torture.run("close", THREADS, phase, steps, List.of(r -> closeAll(handles, phase, r)));
        unlessStuck();
        for (final Handle h : handles) {
            if (!h.isClosed()) {
                torture.violation(h.handleType() + " " + h + " is still open after its IA was closed");
            }
        }
        torture.check();
    }

    // ------------------------------------------------------------------ steps

    private List<Peer> connectedPeers() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Peer a = new Peer(rig().ia());
        final Peer b = new Peer(rig().peerIa());
        a.remote = b;
        b.remote = a;
        rig().connect(a.side, l, null);
        rig().awaitRequest(l).accept(b.ep(), null);
        Rig.awaitConnection(b.side.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        Rig.awaitConnection(a.side.connectEvd(), EventNumber.CONNECTION_EVENT_ESTABLISHED);
        return List.of(a, b);
    }

    private List<Step> dataSteps(final Peer p) {
        return List.of(
                new Step("postRecv", 5, r -> post(p, Post.RECV, r)),
                new Step("postSend", 3, r -> post(p, Post.SEND, r)),
                new Step("postRdmaWrite", 2, r -> post(p, Post.WRITE, r)),
                new Step("postRdmaRead", 2, r -> post(p, Post.READ, r)),
                new Step("drainRecv", 4, r -> drain(p, true, r)),
                new Step("drainRequest", 4, r -> drain(p, false, r)));
    }

    private List<Step> observers(final Peer p) {
        return List.of(
                new Step("query", 1, r -> {
                    final boolean closed = p.ep().isClosed();
                    final EndpointParameters q = p.ep().query();
                    if (q == null || q.state() == null || q.attributes() == null) {
                        torture.violation("dat_ep_query returned an incomplete answer: " + q);
                    }
                    if (closed) {
                        torture.violation("dat_ep_query answered on a freed EP");
                    }
                }),
                new Step("state", 1, r -> {
                    if (p.ep().state() == null) {
                        torture.violation("state() returned null");
                    }
                }),
                new Step("status", 1, r -> {
                    if (p.ep().status() == null) {
                        torture.violation("status() returned null");
                    }
                }));
    }

    private void post(final Peer p, final Post kind, final SplittableRandom r) {
        final Semaphore credits = kind == Post.RECV ? p.recvCredits : p.requestCredits;
        if (!credits.tryAcquire()) {
            drain(p, kind == Post.RECV, r);
            return;
        }
        final Endpoint ep = p.ep();
        final boolean freed = ep.isClosed();
        final long cookie = ledger.begin(ep, kind.name());
        try {
            final int length = kind == Post.RECV ? MESSAGE : r.nextInt(1, MESSAGE + 1);
            final var local = List.of(p.buffer.triplet(r.nextInt(0, BUFFER - MESSAGE), length));
            switch (kind) {
                case RECV -> ep.postRecv(local, cookie, CompletionFlag.DEFAULT);
                case SEND -> ep.postSend(local, cookie, CompletionFlag.DEFAULT);
                case WRITE -> ep.postRdmaWrite(local, cookie, p.remote.buffer.remote(r.nextInt(0, BUFFER - MESSAGE),
                        MESSAGE), CompletionFlag.DEFAULT);
                case READ -> ep.postRdmaRead(local, cookie, p.remote.buffer.remote(r.nextInt(0, BUFFER - MESSAGE),
                        MESSAGE), CompletionFlag.DEFAULT);
            }
            ledger.posted(cookie);
            if (freed) {
                torture.violation(kind + " was accepted on an EP freed before the call");
            }
        } catch (final DatException e) {
            ledger.refused(cookie);
            credits.release();
            throw e;
        }
    }

    /** Takes what one DTO EVD holds, by one of the ways a consumer can, into the ledger. */
    private void drain(final Peer p, final boolean recv, final SplittableRandom r) {
        final EventDispatcher evd = recv ? p.side.recvEvd() : p.side.requestEvd();
        final Semaphore credits = recv ? p.recvCredits : p.requestCredits;
        for (int i = 0; i < 8; i++) {
            final boolean closed = evd.isClosed();
            final Event e;
            switch (r.nextInt(4)) {
                case 0 -> e = evd.poll();
                case 1 -> {
                    try {
                        e = evd.dequeue();
                    } catch (final DatException x) {
                        if (x.type() == StatusType.QUEUE_EMPTY) {
                            return;
                        }
                        throw x;
                    }
                }
                default -> {
                    try {
                        e = evd.await(Duration.ofMillis(r.nextInt(1, 5)), 1);
                    } catch (final DatException x) {
                        if (x.type() == StatusType.TIMEOUT_EXPIRED) {
                            return;
                        }
                        throw x;
                    }
                }
            }
            if (e == null) {
                return;
            }
            if (closed) {
                torture.violation("an event came out of an EVD closed before the call: " + e);
            }
            if (!(e instanceof final DtoCompletionEvent d)) {
                torture.violation("a DTO EVD gave a " + e.number() + " event: " + e);
                continue;
            }
            credits.release();
            ledger.completed(d);
        }
    }

    /** The CM thread of CONC-03: connect, hold a moment, disconnect one side abruptly, reset both; until stopped. */
    private void cycle(final Peer a, final Peer b, final Rig.Listener l, final SplittableRandom r) {
        int cycles = 0;
        while (!torture.stopping()) {
            rig().connect(a.side, l, null);
            final Event req = awaitEvent(l.crEvd(), "a connection request");
            if (req == null) {
                return;
            }
            final ConnectionRequest cr = ResourceTracker.track(
                    ((io.dat4j.ConnectionRequestEvent) req).request());
            cr.accept(b.ep(), null);
            if (!awaitConnectionEvent(a, EventNumber.CONNECTION_EVENT_ESTABLISHED)
                    || !awaitConnectionEvent(b, EventNumber.CONNECTION_EVENT_ESTABLISHED)) {
                return;
            }
            pause(r.nextInt(0, 20));
            try {
                (r.nextBoolean() ? a : b).ep().disconnect(CloseMode.ABRUPT);
            } catch (final DatException e) {
                torture.violation("disconnect of a connected EP failed: " + e.status() + " " + e.getMessage());
                return;
            }
            if (!awaitDown(a) || !awaitDown(b)) {
                return;
            }
            for (final Peer p : List.of(a, b)) {
                if (p.ep().state() == EndpointState.DISCONNECTED) {
                    p.ep().reset();
                }
            }
            cycles++;
        }
        System.out.println("CONC-03: " + cycles + " connect/disconnect cycles");
        if (cycles == 0) {
            torture.violation("not one connect/disconnect cycle finished in the phase");
        }
    }

    private boolean awaitConnectionEvent(final Peer p, final EventNumber expected) {
        final Event e = awaitEvent(p.side.connectEvd(), expected.cName());
        if (e == null) {
            return false;
        }
        if (e.number() != expected) {
            torture.violation("expected " + expected + " on " + p.ep() + " but got " + e);
            return false;
        }
        return true;
    }

    /** Waits for the end of a connection: DISCONNECTED or BROKEN (a disconnect racing a post may break it). */
    private boolean awaitDown(final Peer p) {
        final Event e = awaitEvent(p.side.connectEvd(), "DISCONNECTED");
        if (e == null) {
            return false;
        }
        if (!(e instanceof ConnectionEvent) || (e.number() != EventNumber.CONNECTION_EVENT_DISCONNECTED
                && e.number() != EventNumber.CONNECTION_EVENT_BROKEN)) {
            torture.violation("expected DISCONNECTED or BROKEN on " + p.ep() + " but got " + e);
            return false;
        }
        return true;
    }

    private Event awaitEvent(final EventDispatcher evd, final String what) {
        try {
            return evd.await(ConformanceTimeouts.event(), 1);
        } catch (final DatException e) {
            torture.violation("no " + what + " within " + ConformanceTimeouts.event().toMillis() + " ms ("
                    + e.status() + ")");
            return null;
        }
    }

    /** The closer of CONC-04: after a random delay, closes every handle in a random order, then both IAs. */
    private void closeAll(final List<Handle> handles, final Duration phase, final SplittableRandom r) {
        pause(r.nextLong(0, Math.max(1, phase.toMillis() / 2)));
        final List<Handle> order = new ArrayList<>(handles);
        Collections.shuffle(order, new java.util.Random(r.nextLong()));
        for (final Handle h : order) {
            try {
                h.close();
            } catch (final DatException e) {
                // in use (PZ_IN_USE, EVD_IN_USE ...): the IA close below takes it
            }
            pause(r.nextInt(0, 5));
        }
        final List<InterfaceAdapter> ias = new ArrayList<>(List.of(rig().ia(), rig().peerIa()));
        Collections.shuffle(ias, new java.util.Random(r.nextLong()));
        for (final InterfaceAdapter ia : ias) {
            if (r.nextBoolean()) {
                try {
                    ia.close(CloseMode.GRACEFUL);
                } catch (final DatException e) {
                    // children still open (IA_IN_USE): ABRUPT below closes them
                }
            }
            ia.close(CloseMode.ABRUPT);
        }
    }

    // ------------------------------------------------------------------ teardown

    /**
     * Ends a torture rule: frees both EPs (which flushes what they hold), drains their EVDs until every accepted post
     * has completed, checks that nothing more arrives, and fails with the violations, if any.
     */
    private void finish(final List<Peer> peers) {
        for (final Peer p : peers) {
            try {
                p.ep().disconnect(CloseMode.ABRUPT);
            } catch (final DatException e) {
                // not connected
            }
            p.ep().close();
        }
        final long deadline = System.nanoTime() + ConformanceTimeouts.event().toNanos();
        final SplittableRandom r = torture.random();
        while (ledger.outstanding() > 0 && System.nanoTime() < deadline) {
            for (final Peer p : peers) {
                drain(p, true, r);
                drain(p, false, r);
            }
        }
        for (final Peer p : peers) {
            ledger.drained(p.ep());
        }
        pause(ConformanceTimeouts.quiet().toMillis());
        for (final Peer p : peers) {
            drain(p, true, r);
            drain(p, false, r);
        }
        ledger.requireAllCompleted();
        System.out.println("accepted posts: " + ledger.accepted());
        torture.check();
    }

    private static void pause(final long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

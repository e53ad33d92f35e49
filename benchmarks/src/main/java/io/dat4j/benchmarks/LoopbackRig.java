package io.dat4j.benchmarks;

import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import java.lang.foreign.Arena;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Two IAs of one provider in one JVM with {@code n} connected EP pairs between them (a client side and a server
 * side), for the JMH benchmarks and the scale harness. Each side has one PZ, one registered buffer that every
 * operation of the side uses (receives of all connections may overlap: the data is not checked), and one receive,
 * one request and one connection EVD shared by all its EPs. A completion's cookie is the connection index.
 */
final class LoopbackRig implements AutoCloseable {

    /** Bound on every wait. */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** One side. */
    static final class Side implements AutoCloseable {
        final InterfaceAdapter ia;
        final Arena arena = Arena.ofShared();
        final ProtectionZone pz;
        final LocalMemoryRegion lmr;
        final EventDispatcher recvEvd;
        final EventDispatcher requestEvd;
        final EventDispatcher connectEvd;
        final Endpoint[] eps;
        final List<LocalMemoryTriplet> segment;

        Side(final String iaName, final int n, final int size, final int recvDepth, final int requestDepth) {
            ia = Dat.openInterfaceAdapter(iaName);
            pz = ia.createProtectionZone();
            lmr = ia.createLocalMemoryRegion(pz, arena.allocate(Math.max(size, 64), 64), MemoryPrivilege.ALL);
            final int max = ia.attributes().maxEventDispatcherQueueLength();
            recvEvd = ia.createEventDispatcher(Math.min(max, n * recvDepth + 16), null, Set.of(EventStream.DTO));
            requestEvd = ia.createEventDispatcher(Math.min(max, n * requestDepth + 16), null,
                    Set.of(EventStream.DTO));
            connectEvd = ia.createEventDispatcher(Math.min(max, 2 * n + 16), null, Set.of(EventStream.CONNECTION));
            eps = new Endpoint[n];
            segment = List.of(lmr.triplet(0, size));
            final EndpointAttributes attrs = EndpointAttributes.builder().maxMessageSize(Math.max(size, 64))
                    .maxRecvDtos(recvDepth).maxRequestDtos(requestDepth).maxRecvIov(1).maxRequestIov(1).build();
            for (int i = 0; i < n; i++) {
                eps[i] = ia.createEndpoint(pz, recvEvd, requestEvd, connectEvd, attrs);
                for (int r = 0; r < recvDepth; r++) {
                    eps[i].postRecv(segment, i, CompletionFlag.DEFAULT);
                }
            }
        }

        @Override
        public void close() {
            // abrupt IA close frees the children in order
            try {
                ia.close();
            } finally {
                arena.close();
            }
        }
    }

    final Side client;
    final Side server;

    /**
     * Opens both sides and connects {@code n} EP pairs, one after another.
     *
     * @param iaName the IA (for example tcp-lo) both sides open
     * @param n connections
     * @param size message size
     * @param recvDepth receives posted per EP
     * @param requestDepth requests outstanding per EP
     */
    LoopbackRig(final String iaName, final int n, final int size, final int recvDepth, final int requestDepth) {
        server = new Side(iaName, n, size, recvDepth, requestDepth);
        Side c = null;
        try {
            c = new Side(iaName, n, size, recvDepth, requestDepth);
            connectAll(server, c, n);
        } catch (final RuntimeException e) {
            if (c != null) {
                c.close();
            }
            server.close();
            throw e;
        }
        client = c;
    }

    private static void connectAll(final Side server, final Side client, final int n) {
        try (EventDispatcher crEvd = server.ia.createEventDispatcher(16, null, Set.of(EventStream.CR));
                PublicServicePoint psp = server.ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER)) {
            final InetAddress host = InetAddress.getLoopbackAddress();
            for (int i = 0; i < n; i++) {
                client.eps[i].connect(host, psp.connectionQualifier(), TIMEOUT, null);
                final Event e = crEvd.await(TIMEOUT);
                if (!(e instanceof ConnectionRequestEvent cre)) {
                    throw new IllegalStateException("connection " + i + ": expected a request, got "
                            + e.number().cName());
                }
                cre.request().accept(server.eps[i], null);
                established(server.connectEvd, i);
                established(client.connectEvd, i);
            }
        }
    }

    private static void established(final EventDispatcher evd, final int i) {
        final Event e = evd.await(TIMEOUT);
        if (!(e instanceof ConnectionEvent ce) || ce.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            throw new IllegalStateException("connection " + i + ": " + e.number().cName());
        }
    }

    /** The caller-owned event of {@link #reap}: the data path allocates no event objects. */
    private static final ThreadLocal<EventSlot> SLOT = ThreadLocal.withInitial(EventSlot::new);

    /**
     * Waits for a DTO completion into a reused {@link EventSlot} (allocation-free) and checks that it succeeded.
     *
     * @param evd the EVD
     * @param poll true to poll ({@code dat_evd_dequeue}, which runs a non-blocking round of the provider's progress)
     *     instead of waiting; an empty poll yields the CPU, so that a pure spin does not starve the other workers of
     *     a small machine
     * @return the connection index (the cookie)
     */
    static int reap(final EventDispatcher evd, final boolean poll) {
        final EventSlot e = SLOT.get();
        if (poll) {
            while (!evd.dequeue(e)) {
                Thread.yield();
            }
        } else {
            evd.await(TIMEOUT, e);
        }
        if (!e.isDtoCompletion() || e.status() != DtoStatus.SUCCESS) {
            throw new IllegalStateException("expected a successful DTO completion, got " + e);
        }
        return (int) e.cookie();
    }

    /**
     * One send from the client's EP {@code i} to the server, driven from the calling thread: post the send, reap the
     * server's receive, post it again, reap the client's send completion (which needs the server's ACK).
     *
     * @param i connection
     * @param poll spin instead of waiting
     */
    void sendOnce(final int i, final boolean poll) {
        client.eps[i].postSend(client.segment, i, CompletionFlag.DEFAULT);
        final int r = reap(server.recvEvd, poll);
        server.eps[r].postRecv(server.segment, r, CompletionFlag.DEFAULT);
        reap(client.requestEvd, poll);
    }

    /**
     * A ping-pong on connection {@code i} driven from the calling thread: send, echo, and both send completions.
     *
     * @param i connection
     * @param poll spin instead of waiting
     */
    void pingPong(final int i, final boolean poll) {
        client.eps[i].postSend(client.segment, i, CompletionFlag.DEFAULT);
        final int r = reap(server.recvEvd, poll);
        server.eps[r].postRecv(server.segment, r, CompletionFlag.DEFAULT);
        server.eps[r].postSend(server.segment, r, CompletionFlag.DEFAULT);
        final int back = reap(client.recvEvd, poll);
        client.eps[back].postRecv(client.segment, back, CompletionFlag.DEFAULT);
        reap(server.requestEvd, poll);
        reap(client.requestEvd, poll);
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            server.close();
        }
    }
}

package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventHandler;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.PrivateData;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.SrqAttributes;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 20 §5, the Java-style forms beside the C-shaped calls, on the kit: the endpoint and EVD builders,
 * {@code EventDispatcher.poll(handler, limit)}, the {@code tryPost*} posts, and private data that compares by content.
 */
@Timeout(30)
class KitJavaStyleTest extends ScriptedIaTest {

    static {
        // the test runs patched into the kit's module, which does not read java.management
        ModuleLayer.boot().findModule("java.management").ifPresent(KitJavaStyleTest.class.getModule()::addReads);
        ModuleLayer.boot().findModule("jdk.management").ifPresent(KitJavaStyleTest.class.getModule()::addReads);
    }

    KitJavaStyleTest() {
        super(java.util.EnumSet.allOf(EventStream.class), 8192, MemoryPrivilege.ALL);
    }

    private Endpoint connect(final Endpoint ep) {
        ep.connect(LO, 7, Duration.ofSeconds(5), null);
        assertTrue(transport.ep(ep).conn.established(new byte[] {4, 2}, 2, 2, PEER, PEER));
        return ep;
    }

    /** Records what a handler is given. */
    private static final class Recorder implements EventHandler {
        final List<String> seen = new ArrayList<>();

        @Override
        public void onDtoCompletion(final Endpoint endpoint, final long cookie, final DtoStatus status,
                final long transferredLength, final DtoOperation operation, final int rmrContext) {
            seen.add("dto " + operation + " " + cookie + " " + status + " " + transferredLength);
        }

        @Override
        public void onSoftwareEvent(final EventDispatcher dispatcher, final Object payload) {
            seen.add("se " + payload);
        }

        @Override
        public void onEvent(final Event event) {
            seen.add("event " + event.number());
        }
    }

    @Test
    @DisplayName("the endpoint builder names the EVDs, attributes and SRQ and makes the EP the C-shaped call makes")
    void shouldBuildEndpoints() {
        final EventDispatcher dto = ia.eventDispatcherBuilder(16).streams(EventStream.DTO).create();
        final EventDispatcher conn = ia.eventDispatcherBuilder(4).streams(EventStream.CONNECTION).create();
        assertEquals(Set.of(EventStream.DTO), dto.streams());
        assertEquals(16, dto.query().queueLength());
        final Endpoint built = pz.endpointBuilder().completionEvd(dto).connectEvd(conn)
                .attributes(a -> a.maxRecvDtos(5).maxRequestDtos(6)).create();
        final Endpoint c = ia.createEndpoint(pz, dto, dto, conn,
                EndpointAttributes.builder().maxRecvDtos(5).maxRequestDtos(6).build());
        assertEquals(c.query().attributes(), built.query().attributes());
        assertSame(dto, built.query().recvEvd());
        assertSame(dto, built.query().requestEvd());
        assertSame(conn, built.query().connectEvd());
        // only a connect EVD is required; the others are none, as null in the C call
        final Endpoint bare = ia.endpointBuilder(pz).connectEvd(conn).create();
        assertEquals(null, bare.query().recvEvd());
        assertEquals(StatusSubtype.INVALID_HANDLE_EVD_CONN,
                fails(StatusType.INVALID_HANDLE, () -> pz.endpointBuilder().completionEvd(dto).create()).subtype());
        assertEquals(StatusSubtype.INVALID_HANDLE_PZ,
                fails(StatusType.INVALID_HANDLE, () -> ia.endpointBuilder(null)).subtype());
        // the C-shaped call's checks stay: a connect EVD that takes no connection events
        fails(StatusType.INVALID_HANDLE, () -> pz.endpointBuilder().connectEvd(dto).create());
        final SharedReceiveQueue srq = ia.createSharedReceiveQueue(pz, new SrqAttributes(8, 1, 0));
        final Endpoint withSrq = pz.endpointBuilder().completionEvd(dto).connectEvd(conn).sharedReceiveQueue(srq)
                .create();
        assertSame(srq, withSrq.query().sharedReceiveQueue(), "dat_ep_query's srq_handle");
        assertEquals(null, built.query().sharedReceiveQueue());
        fails(StatusType.INVALID_PARAMETER, () -> pz.endpointBuilder().attributes(a -> null));
    }

    @Test
    @DisplayName("poll(handler, limit) drains at most limit events in order into typed callbacks, and leaves the rest")
    void shouldDrainIntoAHandler() {
        final Endpoint ep = connect(ia.createEndpoint(pz, evd, evd, evd, null));
        final ConnectionEvent est = (ConnectionEvent) evd.dequeue();
        assertEquals(PrivateData.of(new byte[] {4, 2}), est.privateData());
        final List<LocalMemoryTriplet> seg = List.of(lmr.triplet(0, 64));
        for (int i = 0; i < 3; i++) {
            ep.postSend(seg, i, CompletionFlag.DEFAULT);
        }
        final List<PostedOperation> ops = transport.ep(ep).posted;
        for (final PostedOperation op : List.copyOf(ops)) {
            transport.ep(ep).up.complete(op, DtoStatus.SUCCESS, 64);
        }
        evd.postSoftwareEvent("hello");
        final Recorder r = new Recorder();
        assertEquals(2, evd.poll(r, 2));
        assertEquals(List.of("dto SEND 0 SUCCESS 64", "dto SEND 1 SUCCESS 64"), r.seen);
        assertEquals(2, evd.size(), "the rest stays queued");
        assertEquals(2, evd.poll(r, 10));
        assertEquals(List.of("dto SEND 0 SUCCESS 64", "dto SEND 1 SUCCESS 64", "dto SEND 2 SUCCESS 64", "se hello"),
                r.seen);
        assertEquals(0, evd.poll(r, 10), "empty");
        ep.disconnect(io.dat4j.CloseMode.ABRUPT);
        assertTrue(evd.poll(r, 10) >= 1);
        assertEquals("event " + EventNumber.CONNECTION_EVENT_DISCONNECTED, r.seen.getLast());
    }

    @Test
    @DisplayName("poll(handler, limit) refuses a null handler and a limit below 1, and a freed EVD")
    void shouldCheckPollArguments() {
        final Recorder r = new Recorder();
        assertEquals(StatusSubtype.INVALID_ARG2, fails(StatusType.INVALID_PARAMETER, () -> evd.poll(null, 1))
                .subtype());
        assertEquals(StatusSubtype.INVALID_ARG3, fails(StatusType.INVALID_PARAMETER, () -> evd.poll(r, 0))
                .subtype());
        final EventDispatcher other = ia.createEventDispatcher(4, null, EventStream.DEFAULT);
        other.close();
        fails(StatusType.INVALID_HANDLE, () -> other.poll(r, 1));
        fails(StatusType.INVALID_PARAMETER, () -> EventHandler.of(null, e -> { }));
    }

    @Test
    @DisplayName("a handler runs with no kit lock held: it may post, and what it throws leaves poll with the later "
            + "events still queued")
    void shouldCallTheHandlerWithoutLocks() {
        evd.postSoftwareEvent(1);
        evd.postSoftwareEvent(2);
        evd.postSoftwareEvent(3);
        final List<Object> got = new ArrayList<>();
        final EventHandler handler = EventHandler.of((ep, c, s, l, o, r) -> { }, e -> {
            final Object p = ((io.dat4j.SoftwareEvent) e).payload();
            got.add(p);
            KitLock.assertNoneHeld("the handler");
            if (p.equals(1)) {
                evd.postSoftwareEvent(4); // posting from inside the callback
            }
            if (p.equals(2)) {
                throw new IllegalStateException("stop");
            }
        });
        assertThrows(IllegalStateException.class, () -> evd.poll(handler, 10));
        assertEquals(List.of(1, 2), got);
        assertEquals(2, evd.size(), "3 and 4 stay queued");
        assertEquals(2, evd.poll(handler, 10));
        assertEquals(List.of(1, 2, 3, 4), got);
    }

    @Test
    @DisplayName("tryPostSend and tryPostRecv return false on a full queue, with nothing posted, and throw for "
            + "every other failure as the post does")
    void shouldReportAFullQueueAsAResult() {
        final Endpoint ep = connect(ia.createEndpoint(pz, evd, evd, evd,
                EndpointAttributes.builder().maxRecvDtos(2).maxRequestDtos(2).build()));
        final List<LocalMemoryTriplet> seg = List.of(lmr.triplet(0, 64));
        assertTrue(ep.tryPostSend(seg, 1, CompletionFlag.DEFAULT));
        assertTrue(ep.tryPostRdmaWrite(seg, 2, lmr.remoteTriplet(0, 64), CompletionFlag.DEFAULT));
        assertFalse(ep.tryPostSend(seg, 3, CompletionFlag.DEFAULT));
        assertFalse(ep.tryPostRdmaRead(seg, 4, lmr.remoteTriplet(0, 64), CompletionFlag.DEFAULT));
        assertFalse(ep.tryPostRdmaWrite(seg, 5, lmr.remoteTriplet(0, 64), CompletionFlag.DEFAULT));
        assertEquals(2, transport.ep(ep).posted.size(), "nothing more reached the transport");
        assertEquals(StatusType.INSUFFICIENT_RESOURCES,
                fails(StatusType.INSUFFICIENT_RESOURCES, () -> ep.postSend(seg, 6, CompletionFlag.DEFAULT)).type());
        transport.ep(ep).up.complete(transport.ep(ep).posted.getFirst(), DtoStatus.SUCCESS, 64);
        assertTrue(ep.tryPostSend(seg, 7, CompletionFlag.DEFAULT), "a completion frees a descriptor");
        assertTrue(ep.tryPostRecv(seg, 8, CompletionFlag.DEFAULT));
        assertTrue(ep.tryPostRecv(seg, 9, CompletionFlag.DEFAULT));
        assertFalse(ep.tryPostRecv(seg, 10, CompletionFlag.DEFAULT));
        // not back-pressure: still exceptions
        assertEquals(StatusSubtype.INVALID_ARG3, fails(StatusType.INVALID_PARAMETER,
                () -> ep.tryPostSend(null, 1, CompletionFlag.DEFAULT)).subtype());
        fails(StatusType.INVALID_PARAMETER, () -> ep.tryPostRecv(List.of(lmr.triplet(0, 64), lmr.triplet(0, 64),
                lmr.triplet(0, 64), lmr.triplet(0, 64), lmr.triplet(0, 64)), 1, CompletionFlag.DEFAULT));
        ep.close();
        fails(StatusType.INVALID_HANDLE, () -> ep.tryPostSend(seg, 1, CompletionFlag.DEFAULT));
    }

    @Test
    @DisplayName("tryPostSend on a full queue builds no exception or message: under 1 byte allocated per call after "
            + "warm-up")
    void shouldNotAllocateWhenTheQueueIsFull() throws ReflectiveOperationException {
        final ThreadAllocation allocated = ThreadAllocation.ofCurrentThread();
        final Endpoint ep = connect(ia.createEndpoint(pz, evd, evd, evd,
                EndpointAttributes.builder().maxRequestDtos(2).build()));
        final List<LocalMemoryTriplet> seg = List.of(lmr.triplet(0, 64));
        final Set<CompletionFlag> flags = CompletionFlag.DEFAULT;
        while (ep.tryPostSend(seg, 1, flags)) {
            // fill the queue
        }
        int refused = 0;
        for (int i = 0; i < 20_000; i++) {
            refused += ep.tryPostSend(seg, i, flags) ? 0 : 1;
        }
        final int n = 50_000;
        final long before = allocated.bytes();
        for (int i = 0; i < n; i++) {
            refused += ep.tryPostSend(seg, i, flags) ? 0 : 1;
        }
        final long bytes = allocated.bytes() - before;
        assertEquals(20_000 + n, refused);
        assertTrue(bytes / (double) n < 1.0, bytes + " bytes allocated over " + n + " refused posts");
    }

    @Test
    @DisplayName("a connection request's private data compares by content")
    void shouldCompareRequestPrivateData() {
        final EventDispatcher cr = ia.eventDispatcherBuilder(4).streams(EventStream.CR).create();
        ia.createPublicServicePoint(9, cr, io.dat4j.ServicePointFlag.CONSUMER);
        assertTrue(transport.listeners.get(9L).connectionRequested(new ScriptedTransport.Req(), PEER,
                new byte[] {7, 7, 7}, 0, 0));
        final io.dat4j.ConnectionRequestEvent e = (io.dat4j.ConnectionRequestEvent) cr.dequeue();
        assertEquals(e.request().query(), e.request().query(), "two queries are equal");
        assertEquals(PrivateData.of(new byte[] {7, 7, 7}), e.request().query().privateData());
    }
}

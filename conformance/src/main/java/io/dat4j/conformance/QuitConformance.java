package io.dat4j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.ConnectionEvent;
import io.dat4j.DatException;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointState;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Quit and cleanup (dapltest {@code -T Q}): a side that tears everything down while connections are up and operations
 * outstanding; the other side sees disconnects and flushes, blocked calls are released, and nothing leaks (checked by
 * the class's leak check). QUIT-02 closes an IA while another thread waits on one of its EVDs, so it needs
 * {@link Capability#THREAD_SAFE}.
 */
public abstract class QuitConformance extends ConformanceBase {

    /** For subclasses. */
    protected QuitConformance() {
    }

    @Rule(id = "QUIT-01", level = Level.REQUIRED,
            text = "Closing the passive IA with connections up and receives posted: every active EP gets "
                    + "DISCONNECTED (or BROKEN), its posted receive is flushed, and every passive handle is closed")
    void serverQuits() {
        final Rig.Connection c1 = rig().connect();
        final Rig.Connection c2 = rig().connect();
        for (final Rig.Connection c : List.of(c1, c2)) {
            c.active().ep().postRecv(rig().buffer(c.active(), 64, MemoryPrivilege.LOCAL).triplet(), 1);
            c.passive().ep().postRecv(rig().buffer(c.passive(), 64, MemoryPrivilege.LOCAL).triplet(), 2);
        }
        rig().peerIa().close(CloseMode.ABRUPT);
        for (final Rig.Connection c : List.of(c1, c2)) {
            final ConnectionEvent e = Rig.awaitAnyConnection(c.active().connectEvd(), "DISCONNECTED");
            assertTrue(e.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED
                    || e.number() == EventNumber.CONNECTION_EVENT_BROKEN, "event " + e.number());
            assertEquals(DtoStatus.FLUSHED, Rig.awaitDto(c.active().recvEvd(), "flushed receive").status(),
                    "the active side's receive");
            Rig.awaitState(c.active().ep(), EndpointState.DISCONNECTED);
            for (final Handle h : List.<Handle>of(c.passive().ep(), c.passive().pz(), c.passive().connectEvd(),
                    c.passive().recvEvd())) {
                assertTrue(h.isClosed(), h.handleType() + " of the closed IA");
            }
        }
    }

    @Rule(id = "QUIT-02", level = Level.CAPABILITY, requires = Capability.THREAD_SAFE,
            text = "Closing an IA releases a thread blocked in dat_evd_wait on one of its EVDs with ABORT")
    void closeReleasesWaiter() throws Exception {
        final InterfaceAdapter ia = rig().open();
        final EventDispatcher evd = rig().evd(ia, 4, io.dat4j.EventStream.SOFTWARE);
        final CompletableFuture<Throwable> waiter = new CompletableFuture<>();
        final Thread t = new Thread(() -> {
            try {
                evd.await(EventDispatcher.INFINITE);
                waiter.complete(null);
            } catch (final Throwable e) {
                waiter.complete(e);
            }
        }, "dat-conformance-quit-waiter");
        t.setDaemon(true);
        t.start();
        Rig.awaitBlocked(t);
        ia.close(CloseMode.ABRUPT);
        final Throwable e = waiter.get(ConformanceTimeouts.event().toMillis(), TimeUnit.MILLISECONDS);
        assertEquals(StatusType.ABORT, assertInstanceOf(DatException.class, e, "the waiter's failure").type(),
                "status of a wait released by ia_close");
    }

    @Rule(id = "QUIT-03", level = Level.REQUIRED,
            text = "Closing an IA while one of its EPs is connecting and a request is pending at the other side "
                    + "succeeds; the passive side can still reject the request")
    void closeWhileConnecting() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final InterfaceAdapter ia = rig().open();
        final Rig.Side a = rig().side(ia, null);
        rig().connect(a, l, null);
        final io.dat4j.ConnectionRequest cr = rig().awaitRequest(l);
        ia.close(CloseMode.ABRUPT);
        assertTrue(a.ep().isClosed(), "the connecting EP is closed with its IA");
        try {
            cr.reject(null);
        } catch (final DatException e) {
            assertEquals(StatusType.INVALID_HANDLE, e.type(), "a request withdrawn by the transport is gone");
        }
    }

    @Rule(id = "QUIT-04", level = Level.REQUIRED,
            text = "An IA that did connect, transfer and disconnect closes GRACEFULLY once its children are freed in "
                    + "order (EP, LMR, PSP, EVD, PZ), as dtest tears down")
    void orderlyTeardown() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer src = rig().buffer(c.active(), 256, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 256, MemoryPrivilege.LOCAL);
        c.passive().ep().postRecv(dst.triplet(), 1);
        c.active().ep().postSend(src.triplet(), 2);
        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(c.passive().recvEvd(), "receive").status());
        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(c.active().requestEvd(), "send").status());
        c.active().ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(c.active().connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        final Rig.Side s = c.active();
        s.ep().close();
        src.lmr().close();
        s.recvEvd().close();
        s.requestEvd().close();
        s.connectEvd().close();
        s.pz().close();
        rig().ia().close(CloseMode.GRACEFUL);
        assertTrue(rig().ia().isClosed(), "closed gracefully");
    }
}

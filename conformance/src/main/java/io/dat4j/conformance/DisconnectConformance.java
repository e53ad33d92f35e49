package io.dat4j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ServicePointFlag;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;
import java.time.Duration;

/**
 * The end of a connection: a connect that times out, {@code dat_ep_disconnect} from either side, of a pending connect
 * and GRACEFUL, receives posted once the connection has ended, and {@code dat_ep_reset} of a DISCONNECTED EP that then
 * connects again. Part of {@link ConnectionManagementConformance}.
 */
public abstract class DisconnectConformance extends ConformanceBase {

    /** For subclasses. */
    protected DisconnectConformance() {
    }

    @Rule(id = "CM-01", level = Level.CAPABILITY, requires = Capability.CONNECT_TIMEOUT,
            text = "A connect that no one answers within its timeout ends with TIMED_OUT and the EP DISCONNECTED")
    void connectTimeout() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side a = rig().activeSide();
        a.ep().connect(rig().addressOf(l.ia()), l.psp().connectionQualifier(),
                ConformanceTimeouts.scaled(Duration.ofMillis(500)), null);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_TIMED_OUT);
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
    }

    private void assertDisconnectBothWays(final boolean activeDisconnects) {
        final Rig.Connection c = rig().connect();
        final Rig.Side local = activeDisconnects ? c.active() : c.passive();
        final Rig.Side remote = activeDisconnects ? c.passive() : c.active();
        final Rig.Buffer lb = rig().buffer(local, 64, MemoryPrivilege.LOCAL);
        final Rig.Buffer rb = rig().buffer(remote, 64, MemoryPrivilege.LOCAL);
        local.ep().postRecv(lb.triplet(), 21);
        remote.ep().postRecv(rb.triplet(), 22);
        local.ep().disconnect(CloseMode.ABRUPT);
        final ConnectionEvent le = Rig.awaitConnection(local.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertSame(local.ep(), le.endpoint(), "local event's EP");
        final ConnectionEvent re = Rig.awaitAnyConnection(remote.connectEvd(), "DISCONNECTED");
        assertTrue(re.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || re.number() == EventNumber.CONNECTION_EVENT_BROKEN, "remote event " + re.number());
        Rig.awaitState(local.ep(), EndpointState.DISCONNECTED);
        Rig.awaitState(remote.ep(), EndpointState.DISCONNECTED);
        for (final Rig.Side s : new Rig.Side[] {local, remote}) {
            final DtoCompletionEvent d = Rig.awaitDto(s.recvEvd(), "the flushed receive");
            assertEquals(DtoStatus.FLUSHED, d.status(), "a posted receive is flushed by disconnect");
            assertEquals(DtoOperation.RECEIVE, d.operation(), "operation");
        }
    }

    @Rule(id = "CM-02", level = Level.REQUIRED,
            text = "A disconnect by the active side: DISCONNECTED on both connect EVDs, both EPs DISCONNECTED, posted "
                    + "receives FLUSHED on both sides")
    void activeDisconnect() {
        assertDisconnectBothWays(true);
    }

    @Rule(id = "CM-03", level = Level.REQUIRED,
            text = "A disconnect by the passive side: DISCONNECTED on both connect EVDs, both EPs DISCONNECTED, "
                    + "posted receives FLUSHED on both sides")
    void passiveDisconnect() {
        assertDisconnectBothWays(false);
    }

    @Rule(id = "CM-04", level = Level.REQUIRED,
            text = "A disconnect while ACTIVE_CONNECTION_PENDING aborts the connect: DISCONNECTED is posted and the "
                    + "EP is DISCONNECTED; a later accept of the request does not establish")
    void disconnectPendingConnect() {
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        final Rig.Side a = q.active();
        final Rig.Side p = rig().passiveSide();
        a.ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
        Rig.acceptExpectingCompletionError(q.request(), p);
        Rig.assertNotEstablishedNow(a.connectEvd());
    }

    @Rule(id = "CM-05", level = Level.CAPABILITY, requires = Capability.GRACEFUL_DISCONNECT,
            text = "A GRACEFUL disconnect lets an outstanding send complete successfully before DISCONNECTED")
    void gracefulDisconnect() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer src = rig().buffer(c.active(), 65536, MemoryPrivilege.LOCAL);
        final Rig.Buffer dst = rig().buffer(c.passive(), 65536, MemoryPrivilege.LOCAL);
        Checks.fill(src.segment(), 8);
        c.passive().ep().postRecv(dst.triplet(), 1);
        c.active().ep().postSend(src.triplet(), 2);
        c.active().ep().disconnect(CloseMode.GRACEFUL);
        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(c.active().requestEvd(), "the send").status(), "send status");
        assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(c.passive().recvEvd(), "the receive").status(),
                "receive status");
        Checks.assertPattern("data sent before a graceful disconnect", dst.segment(), 8);
        Rig.awaitConnection(c.active().connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
    }

    @Rule(id = "CM-15", level = Level.REQUIRED,
            text = "After the DISCONNECTED or BROKEN event, a receive posted to the EP (either side) completes FLUSHED"
                    + " at once, in posting order after the receives posted before the disconnect, each once (libdapl:"
                    + " the QP is in the error state); a receive posted after dat_ep_reset waits for the next connection")
    void receivePostedAfterTheEnd() {
        final Rig.Connection c = rig().connect();
        final Rig.Side local = c.active();
        final Rig.Side remote = c.passive();
        final Rig.Buffer lb = rig().buffer(local, 64, MemoryPrivilege.LOCAL);
        final Rig.Buffer rb = rig().buffer(remote, 64, MemoryPrivilege.LOCAL);
        local.ep().postRecv(lb.triplet(), 31);
        remote.ep().postRecv(rb.triplet(), 41);
        local.ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(local.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        final ConnectionEvent re = Rig.awaitAnyConnection(remote.connectEvd(), "DISCONNECTED");
        assertTrue(re.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || re.number() == EventNumber.CONNECTION_EVENT_BROKEN, "remote event " + re.number());
        for (final Rig.Side s : new Rig.Side[] {local, remote}) {
            Rig.awaitState(s.ep(), EndpointState.DISCONNECTED);
            final long first = s == local ? 31 : 41;
            s.ep().postRecv((s == local ? lb : rb).triplet(), first + 1);
            s.ep().postRecv((s == local ? lb : rb).triplet(), first + 2);
            for (long cookie = first; cookie <= first + 2; cookie++) {
                final DtoCompletionEvent d = Rig.awaitDto(s.recvEvd(), "receive " + cookie);
                assertEquals(cookie, d.cookie(), "receives complete in posting order, each once");
                assertEquals(DtoOperation.RECEIVE, d.operation(), "operation");
                assertEquals(DtoStatus.FLUSHED, d.status(), "receive " + cookie + " on a DISCONNECTED EP");
            }
        }
        local.ep().reset();
        local.ep().postRecv(lb.triplet(), 39);
        assertNull(local.recvEvd().poll(), "a receive posted after the reset waits for the next connection");
        assertEquals(EndpointState.UNCONNECTED, local.ep().state(), "reset");
    }

    @Rule(id = "CM-06", level = Level.REQUIRED,
            text = "A DISCONNECTED EP that is reset connects again")
    void resetAndReconnect() {
        final Rig.Connection c = rig().connect();
        c.active().ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(c.active().connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        Rig.awaitState(c.active().ep(), EndpointState.DISCONNECTED);
        c.active().ep().reset();
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side p = rig().passiveSide();
        rig().request(l, c.active(), null).request().accept(p.ep(), null);
        Rig.awaitEstablished(c.active());
        assertEquals(EndpointState.CONNECTED, c.active().ep().state(), "reconnected");
    }
}

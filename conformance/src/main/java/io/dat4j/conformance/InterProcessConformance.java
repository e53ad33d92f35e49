package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertPrivateData;
import static io.dat4j.conformance.Checks.pattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.ConnectionEvent;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.MemoryPrivilege;
import io.dat4j.conformance.peer.PeerProcess;
import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;
import java.lang.foreign.MemorySegment;
import java.util.HexFormat;

/**
 * Connection management across two processes: a peer JVM (the fixture's {@link ProviderFixture#peer()}, running
 * {@link io.dat4j.conformance.peer.PeerMain}) accepts, rejects, echoes or quits. Every rule needs the capability
 * INTER_PROCESS and a fixture that offers a second JVM. Part of {@link ConnectionManagementConformance}.
 */
public abstract class InterProcessConformance extends ConformanceBase {

    /** For subclasses. */
    protected InterProcessConformance() {
    }

    private PeerProcess peer() {
        assumeTrue(rig().fixture().peer().isPresent(), "the fixture offers no second JVM");
        return rig().startPeer();
    }

    @Rule(id = "XP-01", level = Level.CAPABILITY, requires = Capability.INTER_PROCESS, timeoutSeconds = 90,
            text = "Across two processes: connect with private data to a peer JVM that accepts with private data; "
                    + "both sides see the other's bytes")
    void interProcessAccept() {
        final PeerProcess peer = peer();
        final byte[] theirs = pattern(Math.min(8, rig().providerAttributes().maxAcceptPrivateData()), 31);
        final byte[] ours = pattern(Math.min(8, rig().providerAttributes().maxConnectPrivateData()), 32);
        final long q = peer.listen(PeerProcess.Mode.ACCEPT, theirs);
        final Rig.Side a = rig().activeSide();
        a.ep().connect(peer.address(), q, ConformanceTimeouts.event(), ours);
        final ConnectionEvent e = Rig.awaitEstablished(a);
        assertPrivateData("the peer's accept private data", theirs, e.privateData());
        final String outcome = peer.outcome();
        assertEquals("OUTCOME ESTABLISHED " + (ours.length == 0 ? "-" : HexFormat.of().formatHex(ours)), outcome,
                "the peer's view");
        a.ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
    }

    @Rule(id = "XP-02", level = Level.CAPABILITY, requires = Capability.INTER_PROCESS, timeoutSeconds = 90,
            text = "Across two processes: a peer JVM that rejects with private data gives PEER_REJECTED with those "
                    + "bytes (none when the provider lacks REJECT_PRIVATE_DATA)")
    void interProcessReject() {
        final PeerProcess peer = peer();
        final int maxReject = rig().providerAttributes().maxRejectPrivateData();
        final boolean withData = rig().ia().supports(Capability.REJECT_PRIVATE_DATA) && maxReject > 0;
        final byte[] theirs = withData ? pattern(Math.min(8, maxReject), 33) : null;
        final long q = peer.listen(PeerProcess.Mode.REJECT, theirs);
        final Rig.Side a = rig().activeSide();
        a.ep().connect(peer.address(), q, ConformanceTimeouts.event(), null);
        final ConnectionEvent e = Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_PEER_REJECTED);
        if (withData) {
            assertPrivateData("the peer's reject private data", theirs, e.privateData());
        }
        Rig.awaitState(a.ep(), EndpointState.DISCONNECTED);
    }

    @Rule(id = "XP-03", level = Level.CAPABILITY, requires = Capability.INTER_PROCESS, timeoutSeconds = 120,
            text = "Across two processes: messages of 1 B to 1 MiB sent to an echoing peer JVM come back unchanged")
    void interProcessEcho() {
        final PeerProcess peer = peer();
        final long q = peer.listen(PeerProcess.Mode.ECHO, null);
        final Rig.Side a = rig().activeSide();
        final int max = (int) Math.min(1 << 20, a.ep().query().attributes().maxMessageSize());
        final Rig.Buffer out = rig().buffer(a, max, MemoryPrivilege.LOCAL);
        final Rig.Buffer in = rig().buffer(a, max, MemoryPrivilege.LOCAL);
        a.ep().connect(peer.address(), q, ConformanceTimeouts.event(), null);
        Rig.awaitEstablished(a);
        int messages = 0;
        for (int size = 1; size <= max; size *= 16) {
            final MemorySegment src = out.segment().asSlice(0, size);
            Checks.fill(src, size);
            a.ep().postRecv(in.triplet(0, size), size);
            a.ep().postSend(out.triplet(0, size), -size);
            assertEquals(DtoStatus.SUCCESS, Rig.awaitDto(a.requestEvd(), "send").status(), "send");
            final DtoCompletionEvent r = Rig.awaitDto(a.recvEvd(), "the echo");
            assertEquals(DtoStatus.SUCCESS, r.status(), "echo status");
            assertEquals(size, r.transferredLength(), "echo length");
            Checks.assertPattern("echo of " + size + " bytes", in.segment().asSlice(0, size), size);
            messages++;
        }
        a.ep().disconnect(CloseMode.ABRUPT);
        Rig.awaitConnection(a.connectEvd(), EventNumber.CONNECTION_EVENT_DISCONNECTED);
        assertEquals("OUTCOME ECHOED " + messages, peer.outcome(), "the peer echoed every message");
    }

    @Rule(id = "XP-04", level = Level.CAPABILITY, requires = Capability.INTER_PROCESS, timeoutSeconds = 90,
            text = "Across two processes: when the peer JVM quits, the connected EP gets DISCONNECTED (or BROKEN), "
                    + "its posted receive is flushed, and the peer exits 0")
    void interProcessPeerQuits() {
        final PeerProcess peer = peer();
        final long q = peer.listen(PeerProcess.Mode.ACCEPT, null);
        final Rig.Side a = rig().activeSide();
        final Rig.Buffer in = rig().buffer(a, 64, MemoryPrivilege.LOCAL);
        a.ep().postRecv(in.triplet(), 5);
        a.ep().connect(peer.address(), q, ConformanceTimeouts.event(), null);
        Rig.awaitEstablished(a);
        peer.outcome();
        assertEquals(0, peer.quit(), "peer exit code");
        final ConnectionEvent e = Rig.awaitAnyConnection(a.connectEvd(), "DISCONNECTED");
        assertTrue(e.number() == EventNumber.CONNECTION_EVENT_DISCONNECTED
                || e.number() == EventNumber.CONNECTION_EVENT_BROKEN, "event " + e.number());
        assertEquals(DtoStatus.FLUSHED, Rig.awaitDto(a.recvEvd(), "the flushed receive").status(), "flushed");
    }
}

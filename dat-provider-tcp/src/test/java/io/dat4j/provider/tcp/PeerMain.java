package io.dat4j.provider.tcp;

import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.time.Duration;

/**
 * The peer of {@link TwoProcessTest}, run in a second JVM on the class path (so the provider is found through
 * META-INF/services): listens, prints its qualifier and the remote triplet of its region, accepts one connection,
 * checks one SEND and an RDMA WRITE of a known pattern, prints OK and exits.
 */
public final class PeerMain {

    static final int REGION = 1 << 20;

    private PeerMain() {
    }

    static byte pattern(final long i) {
        return (byte) (i * 31 + 7);
    }

    private static Event await(final EventDispatcher evd) {
        return evd.await(Duration.ofSeconds(60));
    }

    /**
     * Runs the peer.
     *
     * @param args none
     */
    public static void main(final String[] args) {
        try (InterfaceAdapter ia = Dat.openInterfaceAdapter("tcp-lo"); Arena arena = Arena.ofShared()) {
            final ProtectionZone pz = ia.createProtectionZone();
            final EventDispatcher evd = ia.createEventDispatcher(64, null, EventStream.DEFAULT);
            final LocalMemoryRegion region = ia.createLocalMemoryRegion(pz, arena.allocate(REGION),
                    MemoryPrivilege.ALL);
            final LocalMemoryRegion recv = ia.createLocalMemoryRegion(pz, arena.allocate(4096),
                    MemoryPrivilege.LOCAL);
            final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, null);
            ep.postRecv(recv.triplet(0, 4096), 1);
            ep.postRecv(recv.triplet(0, 4096), 2);
            final PublicServicePoint psp = ia.createPublicServicePointAny(evd, ServicePointFlag.CONSUMER);
            final RemoteMemoryTriplet t = region.remoteTriplet(0, REGION);
            System.out.println("PEER " + psp.connectionQualifier() + " " + t.rmrContext() + " " + t.virtualAddress());
            System.out.flush();
            final ConnectionRequest cr = ((ConnectionRequestEvent) await(evd)).request();
            cr.accept(ep, "hello from the peer".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            final ConnectionEvent est = (ConnectionEvent) await(evd);
            if (est.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                throw new IllegalStateException("expected ESTABLISHED, got " + est.number());
            }
            final DtoCompletionEvent first = (DtoCompletionEvent) await(evd);
            if (first.status() != DtoStatus.SUCCESS || first.transferredLength() != 1000) {
                throw new IllegalStateException("first SEND: " + first);
            }
            for (int i = 0; i < 1000; i++) {
                if (recv.segment().get(ValueLayout.JAVA_BYTE, i) != pattern(i)) {
                    throw new IllegalStateException("SEND byte " + i + " differs");
                }
            }
            final DtoCompletionEvent second = (DtoCompletionEvent) await(evd);
            if (second.status() != DtoStatus.SUCCESS) {
                throw new IllegalStateException("second SEND: " + second);
            }
            for (long i = 0; i < REGION; i++) {
                if (region.segment().get(ValueLayout.JAVA_BYTE, i) != pattern(i + 1)) {
                    throw new IllegalStateException("RDMA WRITE byte " + i + " differs");
                }
            }
            System.out.println("OK");
            System.out.flush();
            final ConnectionEvent end = (ConnectionEvent) await(evd);
            System.out.println("END " + end.number());
            System.out.flush();
        } catch (final RuntimeException e) {
            System.out.println("FAIL " + e);
            e.printStackTrace(System.out);
            System.exit(2);
        }
    }
}

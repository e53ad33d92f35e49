package io.dat4j.provider.tcp;

import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import java.lang.foreign.Arena;
import java.net.InetAddress;
import java.time.Duration;

/**
 * The peer process of {@link ProcessFaultTest} and {@link SoakTest}, killed with SIGKILL at chosen moments. Modes:
 * {@code listen <recvs> <accept:true|false> [ia]}: listens, prints {@code PEER <qual> <rmr> <addr>}, then on each
 * request prints {@code CR}, accepts it (unless told not to) with an EP that has {@code recvs} receives posted and
 * reposts each completed one, and prints {@code UP} per connection; {@code connect <port> [host [ia]]}: connects to the
 * parent and prints {@code REQ}. Then it serves until killed (or, for the soak, until every EP disconnected).
 */
public final class FaultPeerMain {

    static final int REGION = 1 << 20;
    static final int RECV = 4096;

    private FaultPeerMain() {
    }

    /**
     * Runs the peer.
     *
     * @param args the mode and its arguments
     */
    public static void main(final String[] args) throws Exception {
        final String ia = args.length > 3 ? args[3] : "tcp-lo";
        try (InterfaceAdapter a = Dat.openInterfaceAdapter(ia); Arena arena = Arena.ofShared()) {
            final ProtectionZone pz = a.createProtectionZone();
            final EventDispatcher evd = a.createEventDispatcher(1 << 16, null, EventStream.DEFAULT);
            final LocalMemoryRegion region = a.createLocalMemoryRegion(pz, arena.allocate(REGION),
                    MemoryPrivilege.ALL);
            final LocalMemoryRegion recv = a.createLocalMemoryRegion(pz, arena.allocate(RECV), MemoryPrivilege.LOCAL);
            if (args[0].startsWith("exhaust-")) {
                exhaust(args[0], a, pz, evd, arena);
                return;
            }
            if (args[0].equals("connect")) {
                final Endpoint ep = a.createEndpoint(pz, evd, evd, evd, null);
                ep.connect(InetAddress.getByName(args.length > 2 ? args[2] : "127.0.0.1"), Long.parseLong(args[1]),
                        Duration.ofSeconds(60), null);
                System.out.println("REQ");
                System.out.flush();
                serve(evd, recv, false);
                return;
            }
            final int recvs = Integer.parseInt(args[1]);
            final boolean accept = Boolean.parseBoolean(args[2]);
            final PublicServicePoint psp = a.createPublicServicePointAny(evd, ServicePointFlag.CONSUMER);
            final RemoteMemoryTriplet t = region.remoteTriplet(0, REGION);
            System.out.println("PEER " + psp.connectionQualifier() + " " + t.rmrContext() + " " + t.virtualAddress());
            System.out.flush();
            final EndpointAttributes attrs = EndpointAttributes.builder().maxRecvDtos(Math.max(1, recvs))
                    .maxRdmaReadIn(64).build();
            while (true) {
                final Event e = evd.await(EventDispatcher.INFINITE);
                if (e instanceof ConnectionRequestEvent cr) {
                    System.out.println("CR");
                    System.out.flush();
                    if (accept) {
                        final Endpoint ep = a.createEndpoint(pz, evd, evd, evd, attrs);
                        for (int i = 0; i < recvs; i++) {
                            ep.postRecv(recv.triplet(0, RECV), i);
                        }
                        cr.request().accept(ep, null);
                        System.out.println("UP");
                        System.out.flush();
                    }
                } else if (e instanceof DtoCompletionEvent d && d.status() == io.dat4j.DtoStatus.SUCCESS) {
                    d.endpoint().postRecv(recv.triplet(0, RECV), d.cookie());
                }
            }
        }
    }

    /** Creates EPs, LMRs or EVDs until the IA refuses; prints the status, or OOM if the heap ran out first. */
    private static void exhaust(final String what, final InterfaceAdapter a, final ProtectionZone pz,
            final EventDispatcher evd, final Arena arena) {
        final java.util.List<Object> keep = new java.util.ArrayList<>();
        final java.lang.foreign.MemorySegment seg = arena.allocate(64);
        try {
            while (true) {
                switch (what) {
                    case "exhaust-ep" -> keep.add(a.createEndpoint(pz, evd, evd, evd, null));
                    case "exhaust-lmr" -> keep.add(a.createLocalMemoryRegion(pz, seg, MemoryPrivilege.ALL));
                    case "exhaust-evd" -> keep.add(a.createEventDispatcher(
                            a.attributes().maxEventDispatcherQueueLength(), null, EventStream.DEFAULT));
                    // dapltest's limit test: EVDs of its default queue (10) up to the IA's max_evds
                    case "exhaust-short-evd" -> keep.add(a.createEventDispatcher(10, null, EventStream.DEFAULT));
                    default -> throw new IllegalArgumentException(what);
                }
            }
        } catch (final io.dat4j.DatException e) {
            System.out.println("STATUS " + e.type() + " " + keep.size() + " " + e.getMessage());
        } catch (final OutOfMemoryError e) {
            final int n = keep.size();
            keep.clear();
            System.out.println("OOM " + n);
        }
        System.out.flush();
    }

    private static void serve(final EventDispatcher evd, final LocalMemoryRegion recv, final boolean repost) {
        while (true) {
            final Event e = evd.await(EventDispatcher.INFINITE);
            if (repost && e instanceof DtoCompletionEvent d) {
                d.endpoint().postRecv(recv.triplet(0, RECV), d.cookie());
            }
        }
    }
}

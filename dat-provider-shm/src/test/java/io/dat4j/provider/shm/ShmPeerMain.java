package io.dat4j.provider.shm;

import io.dat4j.ConnectionEvent;
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
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * The peer of {@link ShmTwoProcessTest}, run in a second JVM on the class path (the provider is found through
 * META-INF/services; its settings come as {@code -Ddat4j.shm.*}): listens on IA shm0, prints
 * {@code PEER <qualifier> <pid>}, accepts one connection with the remote triplets of a 1 MiB region of the EP's PZ and
 * of a 4 KiB region of another PZ (filled with 0x5A) as private data, then echoes every message it receives with a
 * SEND of the same bytes until the connection ends (one of {@link #FREE_REGION} bytes after freeing the 1 MiB
 * region), and prints {@code END <event>} and whether the other PZ's region
 * kept its bytes ({@code OTHER unchanged|changed}).
 */
public final class ShmPeerMain {

    static final int REGION = 1 << 20;
    static final int SLOTS = 8;
    static final int SLOT = 1 << 20;
    /** A message of this many bytes makes the peer free its 1 MiB region before it echoes the message. */
    static final int FREE_REGION = 3;

    private ShmPeerMain() {
    }

    private static Event await(final EventDispatcher evd) {
        return evd.await(Duration.ofSeconds(120));
    }

    /**
     * Runs the peer.
     *
     * @param args none
     */
    public static void main(final String[] args) {
        try (InterfaceAdapter ia = Dat.openInterfaceAdapter("shm0"); Arena arena = Arena.ofShared()) {
            final ProtectionZone pz = ia.createProtectionZone();
            final EventDispatcher evd = ia.createEventDispatcher(256, null, EventStream.DEFAULT);
            final LocalMemoryRegion region = ia.createLocalMemoryRegion(pz, arena.allocate(REGION, 64),
                    MemoryPrivilege.ALL);
            final LocalMemoryRegion slots = ia.createLocalMemoryRegion(pz, arena.allocate((long) SLOTS * SLOT, 64),
                    MemoryPrivilege.LOCAL);
            final ProtectionZone otherPz = ia.createProtectionZone();
            final LocalMemoryRegion other = ia.createLocalMemoryRegion(otherPz, arena.allocate(4096, 64),
                    MemoryPrivilege.ALL);
            other.segment().fill((byte) 0x5A);
            final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, null);
            for (int i = 0; i < SLOTS; i++) {
                ep.postRecv(slots.triplet((long) i * SLOT, SLOT), i);
            }
            final PublicServicePoint psp = ia.createPublicServicePointAny(evd, ServicePointFlag.CONSUMER);
            System.out.println("PEER " + psp.connectionQualifier() + " " + ProcessHandle.current().pid());
            System.out.flush();
            final RemoteMemoryTriplet t = region.remoteTriplet(0, REGION);
            final RemoteMemoryTriplet o = other.remoteTriplet(0, 4096);
            final byte[] pdata = ByteBuffer.allocate(40).putInt(t.rmrContext()).putLong(t.virtualAddress())
                    .putLong(t.segmentLength()).putInt(o.rmrContext()).putLong(o.virtualAddress())
                    .putLong(o.segmentLength()).array();
            ((ConnectionRequestEvent) await(evd)).request().accept(ep, pdata);
            while (true) {
                final Event e = await(evd);
                if (e instanceof ConnectionEvent c) {
                    if (c.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                        System.out.println("END " + c.number());
                        boolean kept = true;
                        for (int i = 0; i < 4096; i++) {
                            kept &= other.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) == 0x5A;
                        }
                        System.out.println("OTHER " + (kept ? "unchanged" : "changed"));
                        System.out.flush();
                        return;
                    }
                } else if (e instanceof DtoCompletionEvent d && d.status() == DtoStatus.SUCCESS) {
                    if (d.operation() == io.dat4j.DtoOperation.RECEIVE) {
                        final long slot = d.cookie();
                        if (d.transferredLength() == FREE_REGION) {
                            region.close(); // its grant is revoked before the echo goes
                        }
                        ep.postSend(slots.triplet(slot * SLOT, d.transferredLength()), 100 + slot);
                    } else {
                        final long slot = d.cookie() - 100;
                        ep.postRecv(slots.triplet(slot * SLOT, SLOT), slot);
                    }
                }
            }
        } catch (final RuntimeException e) {
            System.out.println("FAIL " + e);
            e.printStackTrace(System.out);
            System.exit(2);
        }
    }
}

package io.dat4j.provider.shm;

import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import java.lang.foreign.Arena;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Set;

/**
 * The child of {@link ShmSilentWithoutBackendTest}: an application without a Log4j backend that opens {@code shm0},
 * connects two EPs in this process, sends one message and closes everything. Exits 0 when the message arrived.
 */
public final class ShmSilentWithoutBackendMain {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private ShmSilentWithoutBackendMain() {
    }

    /**
     * Runs the program.
     *
     * @param args none
     */
    public static void main(final String[] args) {
        try (Arena arena = Arena.ofShared(); InterfaceAdapter ia = Dat.openInterfaceAdapter("shm0")) {
            final ProtectionZone pz = ia.createProtectionZone();
            final EventDispatcher cr = ia.createEventDispatcher(4, null, Set.of(EventStream.CR));
            final EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
            final EventDispatcher dto = ia.createEventDispatcher(8, null, Set.of(EventStream.DTO));
            final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(128), MemoryPrivilege.LOCAL);
            final PublicServicePoint psp = ia.createPublicServicePointAny(cr, ServicePointFlag.CONSUMER);
            final Endpoint server = ia.createEndpoint(pz, dto, dto, conn, null);
            final Endpoint client = ia.createEndpoint(pz, dto, dto, conn, null);
            server.postRecv(lmr.triplet(64, 64), 1);
            client.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), TIMEOUT, null);
            ((ConnectionRequestEvent) cr.await(TIMEOUT)).request().accept(server, null);
            for (int established = 0; established < 2; established++) {
                if (conn.await(TIMEOUT).number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                    System.exit(2);
                }
            }
            client.postSend(lmr.triplet(0, 64), 2);
            for (int completed = 0; completed < 2; completed++) {
                if (!(dto.await(TIMEOUT) instanceof DtoCompletionEvent c) || c.status() != DtoStatus.SUCCESS) {
                    System.exit(3);
                }
            }
        }
        System.out.println("DONE");
    }
}

package io.dat4j.provider.tcp;

import static io.dat4j.testsupport.AdapterPair.WAIT;
import static io.dat4j.testsupport.AdapterPair.expect;
import static io.dat4j.testsupport.AdapterPair.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.ConnectionRequest;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.EventNumber;
import io.dat4j.InterfaceAdapter;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.testsupport.AdapterPair;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A connection qualifier above 0xffff is folded into a TCP port as openib_cma's {@code SID_TO_PORT} folds it
 * ({@code q % 32001 + 33534}), so that a C program's large qualifiers work unchanged (dapltest's {@code CONN_QUAL0},
 * 0xAffab1e): the PSP keeps the consumer's qualifier, a connect to it arrives, two qualifiers of one fold meet on one
 * port ({@code CONN_QUAL_IN_USE}, as on libdapl), and a fold the IA's port offset pushes past 65535 is refused.
 */
@Timeout(60)
class FoldedQualifierTest {

    /** dapltest's default connection qualifier. */
    private static final long CONN_QUAL0 = 0xAffab1eL;
    private static final long FOLD = 32001;

    /**
     * {@return a PSP of {@code ia} on the first qualifier from {@code first} (stepping by one) whose folded port is
     * free}: a folded port lies in the ephemeral range, so another socket of the host may hold one
     */
    private static PublicServicePoint pspAtFreeFold(final AdapterPair.Side side, final InterfaceAdapter ia,
            final long first) {
        for (long q = first; q < first + 64; q++) {
            try {
                return ia.createPublicServicePoint(q, side.conn, ServicePointFlag.CONSUMER);
            } catch (final DatException e) {
                assertEquals(StatusType.CONN_QUAL_IN_USE, e.type(), e.getMessage());
            }
        }
        throw new AssertionError("64 folded ports in use from qualifier " + first);
    }

    @Test
    void aQualifierAbove0xffffConnectsThroughItsFoldedPort() {
        assertEquals(43414, TcpTransport.fold(CONN_QUAL0), "openib_cma's SID_TO_PORT of 0xAffab1e");
        assertEquals(0xffff, TcpTransport.fold(0xffff));
        assertEquals(33534 + 0x10000 % FOLD, TcpTransport.fold(0x10000));
        try (Fixture f = new Fixture()) {
            final PublicServicePoint psp = pspAtFreeFold(f.s, f.server, CONN_QUAL0);
            final long q = psp.connectionQualifier();
            assertTrue(q >= CONN_QUAL0 && q < CONN_QUAL0 + 64, "the PSP reports the consumer's qualifier, not its"
                    + " port: " + q);
            final Endpoint ce = f.c.ep(null);
            final Endpoint se = f.s.ep(null);
            ce.connect(InetAddress.getLoopbackAddress(), q, WAIT, new byte[] {7});
            final ConnectionRequest cr = request(f.s.conn);
            assertEquals(q, cr.query().connectionQualifier(), "the request names the PSP's qualifier");
            cr.accept(se, null);
            expect(f.c.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);
            expect(f.s.conn, EventNumber.CONNECTION_EVENT_ESTABLISHED);

            final DatException same = assertThrows(DatException.class, () -> f.server
                    .createPublicServicePoint(q + FOLD, f.s.conn, ServicePointFlag.CONSUMER).close());
            assertEquals(StatusType.CONN_QUAL_IN_USE, same.type(), "a qualifier of the same fold: "
                    + same.getMessage());
        }
    }

    @Test
    void aFoldThePortOffsetPushesPast65535IsRefusedWithAnActionableMessage() {
        // offset 30000: 0xAffab1e folds to 43414, 73414 with the offset
        try (InterfaceAdapter ia = Fixture.open("off", "127.0.0.1 30000")) {
            final AdapterPair.Side side = new AdapterPair.Side(ia);
            final DatException e = assertThrows(DatException.class,
                    () -> ia.createPublicServicePoint(CONN_QUAL0, side.conn, ServicePointFlag.CONSUMER).close());
            assertEquals(StatusType.INVALID_PARAMETER, e.type(), e.getMessage());
            assertTrue(e.getMessage().contains("folded to 43414"), e.getMessage());
        }
    }
}

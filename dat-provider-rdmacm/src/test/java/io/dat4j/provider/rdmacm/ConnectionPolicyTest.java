package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.StatusType;
import io.dat4j.provider.rdmacm.ffi.ConnectionParameters;
import io.dat4j.provider.rdmacm.ffi.DeviceAttributes;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ConnectionPolicy: DAT connect/accept/reject as rdma_conn_param")
class ConnectionPolicyTest {

    /** A device like rxe: 128 incoming and outgoing reads per QP. */
    private static final DeviceAttributes DEVICE = device(128, 128);

    private static DeviceAttributes device(final int rdAtom, final int initRdAtom) {
        return new DeviceAttributes("1.0", 0, 1L << 40, 1024, 16384, 32, 1024, 32768, 1024, 1024, rdAtom,
                initRdAtom, 0, 0, 1);
    }

    private static ConnectionParameters request(final int responder, final int initiator) {
        return new ConnectionParameters(new byte[] {1, 2}, responder, initiator, 1, 7, 7, 0, 42);
    }

    @Test
    @DisplayName("RC-04 RC-05 connect: responder_resources = max_rdma_read_in, initiator_depth = max_rdma_read_out,"
            + " clamped to the device")
    void shouldClampConnectToTheDevice() {
        final ConnectionParameters p = ConnectionPolicy.forConnect(null, 4, 8, -1, -1, DEVICE);
        assertEquals(4, p.responderResources());
        assertEquals(8, p.initiatorDepth());
        assertEquals(1, p.flowControl());
        final ConnectionParameters small = ConnectionPolicy.forConnect(null, 64, 64, -1, -1, device(16, 2));
        assertEquals(16, small.responderResources());
        assertEquals(2, small.initiatorDepth());
        assertEquals(255, ConnectionPolicy.forConnect(null, 1000, 1000, -1, -1, device(4096, 4096))
                .initiatorDepth());
    }

    @Test
    @DisplayName("RC-06 RC-07 connect: retry and RNR retry are 3-bit; default 7 as openib_cma; 8 is refused")
    void shouldKeepRetryCountsInThreeBits() {
        final ConnectionParameters d = ConnectionPolicy.forConnect(null, 1, 1, -1, -1, DEVICE);
        assertEquals(7, d.retryCount());
        assertEquals(7, d.rnrRetryCount());
        final ConnectionParameters p = ConnectionPolicy.forConnect(null, 1, 1, 3, 0, DEVICE);
        assertEquals(3, p.retryCount());
        assertEquals(0, p.rnrRetryCount());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class,
                () -> ConnectionPolicy.forConnect(null, 1, 1, 8, 7, DEVICE)).type());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class,
                () -> ConnectionPolicy.forConnect(null, 1, 1, 7, 8, DEVICE)).type());
    }

    @Test
    @DisplayName("RC-03 connect: 56 bytes of private data pass, 57 are LENGTH_ERROR before anything is sent")
    void shouldEnforceTheReqLimit() {
        final byte[] ok = new byte[56];
        ok[55] = 9;
        assertArrayEquals(ok, ConnectionPolicy.forConnect(ok, 1, 1, -1, -1, DEVICE).privateData());
        final DatException e = assertThrows(DatException.class,
                () -> ConnectionPolicy.forConnect(new byte[57], 1, 1, -1, -1, DEVICE));
        assertEquals(StatusType.LENGTH_ERROR, e.type());
        assertTrue(e.getMessage().contains("56"), e.getMessage());
    }

    @Test
    @DisplayName("RA-11 accept: 196 bytes of private data pass, 197 are LENGTH_ERROR before anything is sent")
    void shouldEnforceTheRepLimit() {
        assertEquals(196, ConnectionPolicy.forAccept(new byte[196], request(4, 4), -1, -1, -1, DEVICE)
                .privateData().length);
        assertEquals(StatusType.LENGTH_ERROR, assertThrows(DatException.class,
                () -> ConnectionPolicy.forAccept(new byte[197], request(4, 4), -1, -1, -1, DEVICE)).type());
    }

    @Test
    @DisplayName("RA-03 accept without EP values takes the request's, adjusted down to the local hardware")
    void shouldTakeTheRequestsValuesDownToHardware() {
        final ConnectionParameters p = ConnectionPolicy.forAccept(null, request(6, 3), -1, -1, -1, DEVICE);
        assertEquals(6, p.responderResources());
        assertEquals(3, p.initiatorDepth());
        final ConnectionParameters q = ConnectionPolicy.forAccept(null, request(60, 30), -1, -1, -1, device(8, 4));
        assertEquals(8, q.responderResources());
        assertEquals(4, q.initiatorDepth());
    }

    @Test
    @DisplayName("RA-05 accept: responder_resources <= local max_qp_rd_atom, and >= the request's when the EP allows")
    void shouldBoundResponderResources() {
        assertEquals(16, ConnectionPolicy.forAccept(null, request(8, 8), 16, 8, -1, DEVICE).responderResources());
        assertEquals(2, ConnectionPolicy.forAccept(null, request(8, 8), 16, 8, -1, device(2, 2))
                .responderResources());
    }

    @Test
    @DisplayName("RA-06 accept: initiator_depth <= local max_qp_init_rd_atom and <= the request's")
    void shouldBoundInitiatorDepth() {
        assertEquals(3, ConnectionPolicy.forAccept(null, request(8, 3), 8, 16, -1, DEVICE).initiatorDepth());
        assertEquals(2, ConnectionPolicy.forAccept(null, request(8, 8), 8, 16, -1, device(128, 2))
                .initiatorDepth());
        assertEquals(0, ConnectionPolicy.forAccept(null, request(8, 8), 0, 0, -1, DEVICE).initiatorDepth());
    }

    @Test
    @DisplayName("RA-07 RA-08 RA-10 accept: flow_control 1, retry_count passed (ignored by librdmacm), srq and qp_num 0")
    void shouldSetTheIgnoredFields() {
        final ConnectionParameters p = ConnectionPolicy.forAccept(null, request(1, 1), -1, -1, -1, DEVICE);
        assertEquals(1, p.flowControl());
        assertEquals(7, p.retryCount());
        assertEquals(0, p.srq());
        assertEquals(0, p.qpNumber());
    }

    @Test
    @DisplayName("RA-09 accept: the RNR retry count maps to the 3-bit field; 7 by default")
    void shouldMapRnrRetry() {
        assertEquals(7, ConnectionPolicy.forAccept(null, request(1, 1), -1, -1, -1, DEVICE).rnrRetryCount());
        assertEquals(2, ConnectionPolicy.forAccept(null, request(1, 1), -1, -1, 2, DEVICE).rnrRetryCount());
        assertThrows(DatException.class, () -> ConnectionPolicy.forAccept(null, request(1, 1), -1, -1, 9, DEVICE));
    }

    @Test
    @DisplayName("reject: 144 bytes of private data pass (148 of the REJ less the header), 145 are LENGTH_ERROR")
    void shouldEnforceTheRejLimit() {
        assertDoesNotThrow(() -> ConnectionPolicy.checkReject(new byte[144]));
        assertDoesNotThrow(() -> ConnectionPolicy.checkReject(null));
        assertEquals(StatusType.LENGTH_ERROR,
                assertThrows(DatException.class, () -> ConnectionPolicy.checkReject(new byte[145])).type());
    }

    @Test
    @DisplayName("RA-12 the request's parameters are a copy: changing what the event gave changes nothing later")
    void shouldCopyTheRequestsParameters() {
        final byte[] data = {1, 2, 3};
        final ConnectionParameters p = new ConnectionParameters(data, 4, 4, 1, 7, 7, 0, 0);
        data[0] = 9;
        p.privateData()[1] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, p.privateData());
        assertEquals(4, ConnectionPolicy.forAccept(null, p, -1, -1, -1, DEVICE).responderResources());
    }
}

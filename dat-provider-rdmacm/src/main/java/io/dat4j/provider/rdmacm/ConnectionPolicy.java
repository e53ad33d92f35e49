package io.dat4j.provider.rdmacm;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.provider.rdmacm.ffi.ConnectionParameters;
import io.dat4j.provider.rdmacm.ffi.DeviceAttributes;

/**
 * How DAT's connection calls become {@code struct rdma_conn_param}, as openib_cma does it, with the limits of
 * {@code rdma_connect(3)} and {@code rdma_accept(3)} enforced before anything is sent.
 *
 * <ul>
 * <li>connect: {@code responder_resources = max_rdma_read_in}, {@code initiator_depth = max_rdma_read_out}, each
 * clamped to the device ({@code max_qp_rd_atom}, {@code max_qp_init_rd_atom}) and to 255; flow_control 1, retry and
 * RNR retry 7 unless the EP says otherwise; private data at most
 * {@value RdmaCmProvider#WIRE_CONNECT_PRIVATE_DATA} bytes on the wire (the endpoint frames the consumer's bytes with
 * {@link PrivateData}).</li>
 * <li>accept: {@code responder_resources <= max_qp_rd_atom}; {@code initiator_depth <= max_qp_init_rd_atom} and
 * {@code <=} what the request offers; with no EP values, the request's values clamped to the device; private data at
 * most {@value RdmaCmProvider#WIRE_ACCEPT_PRIVATE_DATA} bytes on the wire; srq and qp_num 0 (ignored when the identifier has a QP);
 * retry_count passed but ignored by librdmacm.</li>
 * <li>reject: private data at most {@value RdmaCmProvider#MAX_REJECT_PRIVATE_DATA} bytes (148 of the REJ less the
 * header of {@link RejectData}).</li>
 * </ul>
 */
final class ConnectionPolicy {

    /** openib_cma's retry and RNR retry counts (7: the most; for RNR, infinite on IB). */
    static final int DEFAULT_RETRY = 7;

    private ConnectionPolicy() {
    }

    /**
     * {@return the parameters of {@code rdma_connect}}
     *
     * @param privateData the consumer's private data, or null
     * @param maxRdmaReadIn the EP's {@code max_rdma_read_in}
     * @param maxRdmaReadOut the EP's {@code max_rdma_read_out}
     * @param retryCount the EP's retry count (0-7)
     * @param rnrRetryCount the EP's RNR retry count (0-7)
     * @param device the local device's limits
     * @throws DatException {@code LENGTH_ERROR} for more than 56 bytes of private data
     */
    static ConnectionParameters forConnect(final byte[] privateData, final int maxRdmaReadIn,
            final int maxRdmaReadOut, final int retryCount, final int rnrRetryCount, final DeviceAttributes device) {
        checkPrivateData("connect (an InfiniBand/RoCE REQ)", privateData, RdmaCmProvider.WIRE_CONNECT_PRIVATE_DATA);
        return new ConnectionParameters(privateData, clamp(maxRdmaReadIn, device.maxQpRdAtom()),
                clamp(maxRdmaReadOut, device.maxQpInitRdAtom()), 1, retry("retry count", retryCount),
                retry("RNR retry count", rnrRetryCount), 0, 0);
    }

    /**
     * {@return the parameters of {@code rdma_accept}}
     *
     * @param privateData the consumer's private data, or null
     * @param request the parameters of the CONNECT_REQUEST event (from the local side's view: its
     *        {@code responderResources} is what the peer will read, its {@code initiatorDepth} what the peer accepts)
     * @param maxRdmaReadIn the EP's {@code max_rdma_read_in}, or -1 to take the request's value
     * @param maxRdmaReadOut the EP's {@code max_rdma_read_out}, or -1 to take the request's value
     * @param rnrRetryCount the EP's RNR retry count (0-7)
     * @param device the local device's limits
     * @throws DatException {@code LENGTH_ERROR} for more than 196 bytes of private data
     */
    static ConnectionParameters forAccept(final byte[] privateData, final ConnectionParameters request,
            final int maxRdmaReadIn, final int maxRdmaReadOut, final int rnrRetryCount,
            final DeviceAttributes device) {
        checkPrivateData("accept (an InfiniBand/RoCE REP)", privateData, RdmaCmProvider.WIRE_ACCEPT_PRIVATE_DATA);
        final int in = maxRdmaReadIn < 0 ? request.responderResources() : maxRdmaReadIn;
        final int out = maxRdmaReadOut < 0 ? request.initiatorDepth()
                : Math.min(maxRdmaReadOut, request.initiatorDepth());
        return new ConnectionParameters(privateData, clamp(in, device.maxQpRdAtom()),
                clamp(out, device.maxQpInitRdAtom()), 1, DEFAULT_RETRY, retry("RNR retry count", rnrRetryCount), 0,
                0);
    }

    /**
     * Checks the private data of {@code rdma_reject}.
     *
     * @param privateData the data, or null
     * @throws DatException {@code LENGTH_ERROR} for more than 144 bytes
     */
    static void checkReject(final byte[] privateData) {
        checkPrivateData("reject (an InfiniBand/RoCE REJ)", privateData, RdmaCmProvider.MAX_REJECT_PRIVATE_DATA);
    }

    private static void checkPrivateData(final String what, final byte[] data, final int max) {
        if (data != null && data.length > max) {
            throw new DatException(StatusType.LENGTH_ERROR, null, "private data of " + data.length + " bytes: "
                    + what + " carries at most " + max + " bytes; nothing was sent");
        }
    }

    private static int clamp(final int wanted, final int device) {
        return Math.max(0, Math.min(Math.min(wanted, device), 255));
    }

    private static int retry(final String what, final int v) {
        if (v < 0) {
            return DEFAULT_RETRY;
        }
        if (v > 7) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                    what + " is a 3-bit value (0-7), was " + v);
        }
        return v;
    }
}

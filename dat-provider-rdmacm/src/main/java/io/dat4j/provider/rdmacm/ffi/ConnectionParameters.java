package io.dat4j.provider.rdmacm.ffi;

import io.dat4j.PrivateData;

/**
 * The values of a {@code struct rdma_conn_param}, each an unsigned byte as in C except {@code qpNumber}. The private
 * data is held as an immutable {@link PrivateData}, so that two values with the same bytes are equal;
 * {@link #privateData()} copies it out as the array the bindings write.
 *
 * @param data the private data, never null ({@link PrivateData#EMPTY} for none)
 * @param responderResources {@code responder_resources}: RDMA reads the local side accepts at once
 * @param initiatorDepth {@code initiator_depth}: RDMA reads the local side issues at once
 * @param flowControl {@code flow_control}
 * @param retryCount {@code retry_count}, 0-7 (ignored by accept)
 * @param rnrRetryCount {@code rnr_retry_count}, 0-7 (7 = infinite on IB)
 * @param srq {@code srq}
 * @param qpNumber {@code qp_num}
 */
public record ConnectionParameters(PrivateData data, int responderResources, int initiatorDepth, int flowControl,
        int retryCount, int rnrRetryCount, int srq, int qpNumber) {

    /**
     * Checks the ranges.
     *
     * @param data private data or null
     * @param responderResources 0-255
     * @param initiatorDepth 0-255
     * @param flowControl 0-255
     * @param retryCount 0-7
     * @param rnrRetryCount 0-7
     * @param srq 0-255
     * @param qpNumber the QP number
     */
    public ConnectionParameters {
        data = data == null ? PrivateData.EMPTY : data;
        if (data.length() > 255) {
            throw new IllegalArgumentException("private data of " + data.length() + " bytes: rdma_conn_param"
                    + " holds at most 255");
        }
        checkByte("responder_resources", responderResources);
        checkByte("initiator_depth", initiatorDepth);
        checkByte("flow_control", flowControl);
        checkByte("srq", srq);
        if (retryCount < 0 || retryCount > 7) {
            throw new IllegalArgumentException("retry_count is 3 bits (0-7), was " + retryCount);
        }
        if (rnrRetryCount < 0 || rnrRetryCount > 7) {
            throw new IllegalArgumentException("rnr_retry_count is 3 bits (0-7), was " + rnrRetryCount);
        }
    }

    /**
     * Copies the private data from an array and checks the ranges.
     *
     * @param privateData private data or null; copied
     * @param responderResources 0-255
     * @param initiatorDepth 0-255
     * @param flowControl 0-255
     * @param retryCount 0-7
     * @param rnrRetryCount 0-7
     * @param srq 0-255
     * @param qpNumber the QP number
     */
    public ConnectionParameters(final byte[] privateData, final int responderResources, final int initiatorDepth,
            final int flowControl, final int retryCount, final int rnrRetryCount, final int srq, final int qpNumber) {
        this(PrivateData.of(privateData), responderResources, initiatorDepth, flowControl, retryCount, rnrRetryCount,
                srq, qpNumber);
    }

    private static void checkByte(final String field, final int v) {
        if (v < 0 || v > 255) {
            throw new IllegalArgumentException(field + " is an unsigned byte (0-255), was " + v);
        }
    }

    /** {@return a copy of the private data} */
    public byte[] privateData() {
        return data.toByteArray();
    }
}

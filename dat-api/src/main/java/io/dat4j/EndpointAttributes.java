package io.dat4j;

import java.util.Set;

/**
 * Endpoint attributes ({@code DAT_EP_ATTR}), plus the two retry counts that librdmacm's {@code rdma_conn_param}
 * carries. {@link #DEFAULT_VALUE} (or dat.h's {@link #VALUE_UNKNOWN}) in a field asks the provider to choose; the
 * values in force are visible through {@link Endpoint#query()}.
 *
 * <p>0 means what it means to libdapl, so that a C program's {@code memset(&ep_attr, 0, ..)} translates literally
 * (docs/porting.md, "C idioms and what they become"):
 * <ul>
 *   <li>{@code maxMessageSize}, {@code maxRdmaSize} 0: no limit of the EP's own; the IA's limit applies (libdapl never
 *       checks these two for an RC EP, the device's {@code max_msg_sz} does).</li>
 *   <li>{@code maxRdmaReadIov}, {@code maxRdmaWriteIov} 0: as many segments as {@code maxRequestIov} (libdapl never
 *       reads these two; RDMA requests use the send queue's segment count).</li>
 *   <li>{@code maxRdmaReadIn}, {@code maxRdmaReadOut} 0: no RDMA read in that direction, as given (libdapl's connect
 *       requests 0).</li>
 *   <li>{@code maxRecvDtos}, {@code maxRequestDtos}, {@code maxRecvIov}, {@code maxRequestIov} 0: refused with
 *       INVALID_PARAMETER, as libdapl refuses them for an EP with the matching EVD.</li>
 * </ul>
 *
 * @param maxMessageSize largest send/receive, bytes
 * @param maxRdmaSize largest RDMA read/write, bytes
 * @param qos quality of service
 * @param recvCompletionFlags flags the receive queue allows
 * @param requestCompletionFlags flags the request queue allows
 * @param maxRecvDtos receives that may be outstanding
 * @param maxRequestDtos sends/RDMA that may be outstanding
 * @param maxRecvIov segments per receive
 * @param maxRequestIov segments per send
 * @param maxRdmaReadIn RDMA reads the peer may have outstanding against this EP (responder resources)
 * @param maxRdmaReadOut RDMA reads this EP may have outstanding (initiator depth)
 * @param maxRdmaReadIov segments per RDMA read
 * @param maxRdmaWriteIov segments per RDMA write
 * @param retryCount retries after transport timeouts, 0..7 ({@code retry_count})
 * @param rnrRetryCount retries after receiver-not-ready, 0..7, 7 meaning infinite ({@code rnr_retry_count})
 */
public record EndpointAttributes(long maxMessageSize, long maxRdmaSize, Qos qos,
        Set<CompletionFlag> recvCompletionFlags, Set<CompletionFlag> requestCompletionFlags, int maxRecvDtos,
        int maxRequestDtos, int maxRecvIov, int maxRequestIov, int maxRdmaReadIn, int maxRdmaReadOut,
        int maxRdmaReadIov, int maxRdmaWriteIov, int retryCount, int rnrRetryCount) {

    /** A field value that lets the provider choose. */
    public static final int DEFAULT_VALUE = -1;

    /**
     * dat.h's {@code DAT_VALUE_UNKNOWN} (-2): accepted in every field of {@code DAT_EP_ATTR}, with the meaning of
     * {@link #DEFAULT_VALUE}; not in the two retry counts, which C's struct has not.
     */
    public static final int VALUE_UNKNOWN = -2;

    /** All fields left to the provider. */
    public static final EndpointAttributes DEFAULTS = builder().build();

    /**
     * Copies the flag sets.
     *
     * @param maxMessageSize largest send/receive
     * @param maxRdmaSize largest RDMA
     * @param qos quality of service
     * @param recvCompletionFlags receive flags
     * @param requestCompletionFlags request flags
     * @param maxRecvDtos receives outstanding
     * @param maxRequestDtos requests outstanding
     * @param maxRecvIov segments per receive
     * @param maxRequestIov segments per send
     * @param maxRdmaReadIn reads in
     * @param maxRdmaReadOut reads out
     * @param maxRdmaReadIov segments per read
     * @param maxRdmaWriteIov segments per write
     * @param retryCount transport retries
     * @param rnrRetryCount RNR retries
     */
    public EndpointAttributes {
        qos = qos == null ? Qos.BEST_EFFORT : qos;
        recvCompletionFlags = recvCompletionFlags == null ? Set.of() : Set.copyOf(recvCompletionFlags);
        requestCompletionFlags = requestCompletionFlags == null ? Set.of() : Set.copyOf(requestCompletionFlags);
    }

    /** {@return a builder with every field at {@link #DEFAULT_VALUE}} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return a builder holding this record's values} */
    public Builder toBuilder() {
        final Builder b = new Builder();
        b.maxMessageSize = maxMessageSize;
        b.maxRdmaSize = maxRdmaSize;
        b.qos = qos;
        b.recvCompletionFlags = recvCompletionFlags;
        b.requestCompletionFlags = requestCompletionFlags;
        b.maxRecvDtos = maxRecvDtos;
        b.maxRequestDtos = maxRequestDtos;
        b.maxRecvIov = maxRecvIov;
        b.maxRequestIov = maxRequestIov;
        b.maxRdmaReadIn = maxRdmaReadIn;
        b.maxRdmaReadOut = maxRdmaReadOut;
        b.maxRdmaReadIov = maxRdmaReadIov;
        b.maxRdmaWriteIov = maxRdmaWriteIov;
        b.retryCount = retryCount;
        b.rnrRetryCount = rnrRetryCount;
        return b;
    }

    /** Builds {@link EndpointAttributes}; not thread safe. */
    public static final class Builder {
        private long maxMessageSize = DEFAULT_VALUE;
        private long maxRdmaSize = DEFAULT_VALUE;
        private Qos qos = Qos.BEST_EFFORT;
        private Set<CompletionFlag> recvCompletionFlags = Set.of();
        private Set<CompletionFlag> requestCompletionFlags = Set.of();
        private int maxRecvDtos = DEFAULT_VALUE;
        private int maxRequestDtos = DEFAULT_VALUE;
        private int maxRecvIov = DEFAULT_VALUE;
        private int maxRequestIov = DEFAULT_VALUE;
        private int maxRdmaReadIn = DEFAULT_VALUE;
        private int maxRdmaReadOut = DEFAULT_VALUE;
        private int maxRdmaReadIov = DEFAULT_VALUE;
        private int maxRdmaWriteIov = DEFAULT_VALUE;
        private int retryCount = DEFAULT_VALUE;
        private int rnrRetryCount = DEFAULT_VALUE;

        private Builder() {
        }

        /**
         * Sets the largest send or receive.
         *
         * @param v largest send/receive
         * @return this
         */
        public Builder maxMessageSize(final long v) {
            maxMessageSize = v;
            return this;
        }

        /**
         * Sets the largest RDMA read or write.
         *
         * @param v largest RDMA
         * @return this
         */
        public Builder maxRdmaSize(final long v) {
            maxRdmaSize = v;
            return this;
        }

        /**
         * Sets the quality of service.
         *
         * @param v quality of service
         * @return this
         */
        public Builder qos(final Qos v) {
            qos = v;
            return this;
        }

        /**
         * Sets the completion flags the receive queue allows.
         *
         * @param v receive completion flags
         * @return this
         */
        public Builder recvCompletionFlags(final Set<CompletionFlag> v) {
            recvCompletionFlags = v;
            return this;
        }

        /**
         * Sets the completion flags the request queue allows.
         *
         * @param v request completion flags
         * @return this
         */
        public Builder requestCompletionFlags(final Set<CompletionFlag> v) {
            requestCompletionFlags = v;
            return this;
        }

        /**
         * Sets how many receives may be outstanding.
         *
         * @param v receives outstanding
         * @return this
         */
        public Builder maxRecvDtos(final int v) {
            maxRecvDtos = v;
            return this;
        }

        /**
         * Sets how many sends and RDMA operations may be outstanding.
         *
         * @param v requests outstanding
         * @return this
         */
        public Builder maxRequestDtos(final int v) {
            maxRequestDtos = v;
            return this;
        }

        /**
         * Sets the segments per receive.
         *
         * @param v segments per receive
         * @return this
         */
        public Builder maxRecvIov(final int v) {
            maxRecvIov = v;
            return this;
        }

        /**
         * Sets the segments per send.
         *
         * @param v segments per send
         * @return this
         */
        public Builder maxRequestIov(final int v) {
            maxRequestIov = v;
            return this;
        }

        /**
         * Sets the RDMA reads the peer may have outstanding against this EP.
         *
         * @param v RDMA reads the peer may have outstanding against this EP
         * @return this
         */
        public Builder maxRdmaReadIn(final int v) {
            maxRdmaReadIn = v;
            return this;
        }

        /**
         * Sets the RDMA reads this EP may have outstanding.
         *
         * @param v RDMA reads this EP may have outstanding
         * @return this
         */
        public Builder maxRdmaReadOut(final int v) {
            maxRdmaReadOut = v;
            return this;
        }

        /**
         * Sets the segments per RDMA read.
         *
         * @param v segments per RDMA read
         * @return this
         */
        public Builder maxRdmaReadIov(final int v) {
            maxRdmaReadIov = v;
            return this;
        }

        /**
         * Sets the segments per RDMA write.
         *
         * @param v segments per RDMA write
         * @return this
         */
        public Builder maxRdmaWriteIov(final int v) {
            maxRdmaWriteIov = v;
            return this;
        }

        /**
         * Sets the transport retry count.
         *
         * @param v transport retries, 0..7
         * @return this
         */
        public Builder retryCount(final int v) {
            retryCount = v;
            return this;
        }

        /**
         * Sets the receiver-not-ready retry count.
         *
         * @param v RNR retries, 0..7
         * @return this
         */
        public Builder rnrRetryCount(final int v) {
            rnrRetryCount = v;
            return this;
        }

        /** {@return the attributes} */
        public EndpointAttributes build() {
            return new EndpointAttributes(maxMessageSize, maxRdmaSize, qos, recvCompletionFlags,
                    requestCompletionFlags, maxRecvDtos, maxRequestDtos, maxRecvIov, maxRequestIov, maxRdmaReadIn,
                    maxRdmaReadOut, maxRdmaReadIov, maxRdmaWriteIov, retryCount, rnrRetryCount);
        }
    }
}

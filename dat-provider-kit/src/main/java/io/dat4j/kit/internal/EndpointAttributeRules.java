package io.dat4j.kit.internal;

import io.dat4j.DatException;
import io.dat4j.EndpointAttributes;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.Qos;
import io.dat4j.StatusType;

/** The rules of EP attributes: DEFAULT_VALUE resolved from the IA's defaults, every field within the IA's limits. */
final class EndpointAttributeRules {

    private EndpointAttributeRules() {
    }

    /**
     * Resolves DEFAULT_VALUE (and VALUE_UNKNOWN) fields and checks every field against the IA's limits. A 0 means
     * what libdapl makes of it (EndpointAttributes' class comment): no limit of the EP's own for the message and RDMA
     * sizes, the request segment count for the RDMA segment counts, none for the RDMA read depths.
     *
     * @param a the attributes given
     * @param d the IA's EP defaults
     * @param lim the IA's limits
     * @param arg the argument number for errors
     * @return every field set
     */
    static EndpointAttributes resolve(final EndpointAttributes a, final EndpointAttributes d,
            final InterfaceAdapterAttributes lim, final int arg) {
        if (a.qos() != Qos.BEST_EFFORT) {
            throw new DatException(StatusType.MODEL_NOT_SUPPORTED, null, "QoS " + a.qos() + " is not supported");
        }
        final int requestIov = (int) pick("maxRequestIov", a.maxRequestIov(), d.maxRequestIov(), 1,
                lim.maxIovSegmentsPerDto(), arg);
        return EndpointAttributes.builder()
                .maxMessageSize(pick("maxMessageSize", zeroAs(a.maxMessageSize(), lim.maxMessageSize()),
                        d.maxMessageSize(), 0, lim.maxMessageSize(), arg))
                .maxRdmaSize(pick("maxRdmaSize", zeroAs(a.maxRdmaSize(), lim.maxRdmaSize()), d.maxRdmaSize(), 0,
                        lim.maxRdmaSize(), arg))
                .recvCompletionFlags(a.recvCompletionFlags())
                .requestCompletionFlags(a.requestCompletionFlags())
                .maxRecvDtos((int) pick("maxRecvDtos", a.maxRecvDtos(), d.maxRecvDtos(), 1,
                        lim.maxDtoPerEndpoint(), arg))
                .maxRequestDtos((int) pick("maxRequestDtos", a.maxRequestDtos(), d.maxRequestDtos(), 1,
                        lim.maxDtoPerEndpoint(), arg))
                .maxRecvIov((int) pick("maxRecvIov", a.maxRecvIov(), d.maxRecvIov(), 1, lim.maxIovSegmentsPerDto(),
                        arg))
                .maxRequestIov(requestIov)
                .maxRdmaReadIn((int) pick("maxRdmaReadIn", a.maxRdmaReadIn(), d.maxRdmaReadIn(), 0,
                        lim.maxRdmaReadPerEndpointIn(), arg))
                .maxRdmaReadOut((int) pick("maxRdmaReadOut", a.maxRdmaReadOut(), d.maxRdmaReadOut(), 0,
                        lim.maxRdmaReadPerEndpointOut(), arg))
                // an IA without RDMA states 0 segments: its EPs have 0, not "1..0" (no EP could be created)
                .maxRdmaReadIov((int) pick("maxRdmaReadIov", zeroAs(a.maxRdmaReadIov(),
                        Math.min(requestIov, lim.maxRdmaReadIovSegments())), d.maxRdmaReadIov(),
                        Math.min(1, lim.maxRdmaReadIovSegments()), lim.maxRdmaReadIovSegments(), arg))
                .maxRdmaWriteIov((int) pick("maxRdmaWriteIov", zeroAs(a.maxRdmaWriteIov(),
                        Math.min(requestIov, lim.maxRdmaWriteIovSegments())), d.maxRdmaWriteIov(),
                        Math.min(1, lim.maxRdmaWriteIovSegments()), lim.maxRdmaWriteIovSegments(), arg))
                .retryCount(pickRetry("retryCount", a.retryCount(), d.retryCount(), arg))
                .rnrRetryCount(pickRetry("rnrRetryCount", a.rnrRetryCount(), d.rnrRetryCount(), arg))
                .build();
    }

    /** {@return true if an attribute value asks the provider to choose: DEFAULT_VALUE or dat.h's VALUE_UNKNOWN} */
    static boolean unset(final long value) {
        return value == EndpointAttributes.DEFAULT_VALUE || value == EndpointAttributes.VALUE_UNKNOWN;
    }

    /** The retry counts are not DAT_EP_ATTR fields: DAT_VALUE_UNKNOWN is not theirs (RC-06, RC-07). */
    private static int pickRetry(final String field, final int given, final int dflt, final int arg) {
        if (given == EndpointAttributes.VALUE_UNKNOWN) {
            throw Checks.invalidArg(arg, "EP attribute " + field + " must be 0..7, was -2: DAT_VALUE_UNKNOWN is for"
                    + " the fields of DAT_EP_ATTR, which has no " + field);
        }
        return (int) pick(field, given, dflt, 0, 7, arg);
    }

    private static long zeroAs(final long given, final long meaning) {
        return given == 0 ? meaning : given;
    }

    private static long pick(final String field, final long given, final long dflt, final long min, final long max,
            final int arg) {
        final long v = unset(given) ? Math.min(dflt, max) : given;
        if (v < min || v > max) {
            throw Checks.invalidArg(arg, "EP attribute " + field + " must be " + min + ".." + max + ", was " + given);
        }
        return v;
    }
}

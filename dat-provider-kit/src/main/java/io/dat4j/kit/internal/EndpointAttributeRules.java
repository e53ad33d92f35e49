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
     * Resolves DEFAULT_VALUE fields and checks every field against the IA's limits.
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
        return EndpointAttributes.builder()
                .maxMessageSize(pick("maxMessageSize", a.maxMessageSize(), d.maxMessageSize(), 0,
                        lim.maxMessageSize(), arg))
                .maxRdmaSize(pick("maxRdmaSize", a.maxRdmaSize(), d.maxRdmaSize(), 0, lim.maxRdmaSize(), arg))
                .recvCompletionFlags(a.recvCompletionFlags())
                .requestCompletionFlags(a.requestCompletionFlags())
                .maxRecvDtos((int) pick("maxRecvDtos", a.maxRecvDtos(), d.maxRecvDtos(), 1,
                        lim.maxDtoPerEndpoint(), arg))
                .maxRequestDtos((int) pick("maxRequestDtos", a.maxRequestDtos(), d.maxRequestDtos(), 1,
                        lim.maxDtoPerEndpoint(), arg))
                .maxRecvIov((int) pick("maxRecvIov", a.maxRecvIov(), d.maxRecvIov(), 1, lim.maxIovSegmentsPerDto(),
                        arg))
                .maxRequestIov((int) pick("maxRequestIov", a.maxRequestIov(), d.maxRequestIov(), 1,
                        lim.maxIovSegmentsPerDto(), arg))
                .maxRdmaReadIn((int) pick("maxRdmaReadIn", a.maxRdmaReadIn(), d.maxRdmaReadIn(), 0,
                        lim.maxRdmaReadPerEndpointIn(), arg))
                .maxRdmaReadOut((int) pick("maxRdmaReadOut", a.maxRdmaReadOut(), d.maxRdmaReadOut(), 0,
                        lim.maxRdmaReadPerEndpointOut(), arg))
                .maxRdmaReadIov((int) pick("maxRdmaReadIov", a.maxRdmaReadIov(), d.maxRdmaReadIov(), 1,
                        lim.maxRdmaReadIovSegments(), arg))
                .maxRdmaWriteIov((int) pick("maxRdmaWriteIov", a.maxRdmaWriteIov(), d.maxRdmaWriteIov(), 1,
                        lim.maxRdmaWriteIovSegments(), arg))
                .retryCount((int) pick("retryCount", a.retryCount(), d.retryCount(), 0, 7, arg))
                .rnrRetryCount((int) pick("rnrRetryCount", a.rnrRetryCount(), d.rnrRetryCount(), 0, 7, arg))
                .build();
    }

    private static long pick(final String field, final long given, final long dflt, final long min, final long max,
            final int arg) {
        final long v = given == EndpointAttributes.DEFAULT_VALUE ? Math.min(dflt, max) : given;
        if (v < min || v > max) {
            throw Checks.invalidArg(arg, "EP attribute " + field + " must be " + min + ".." + max + ", was " + given);
        }
        return v;
    }
}

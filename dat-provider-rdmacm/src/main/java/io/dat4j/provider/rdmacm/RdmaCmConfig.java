package io.dat4j.provider.rdmacm;

import io.dat4j.kit.KitSettings;
import io.dat4j.kit.Settings;
import java.util.HashSet;
import java.util.Set;

/**
 * The configuration of one rdmacm IA, built once when it opens ({@link #from(Settings)}) from the options passed
 * through the API, the system properties and the dat.conf line's ia_params (first match wins, see {@link Settings}),
 * then handed to its transport and EPs.
 *
 * @param gracefulDrainTimeoutMillis how long a GRACEFUL disconnect waits for outstanding sends and RDMA operations
 *        before it disconnects anyway ({@value #GRACEFUL_DRAIN_TIMEOUT}, default 30000)
 * @param drainMarkerWaitMillis how long a QP's teardown waits for the drain marker's completion
 *        ({@value #DRAIN_MARKER_WAIT}, default 2000)
 * @param lastWqeWaitMillis how long the teardown of a connected SRQ EP's QP waits for the device's
 *        {@code IBV_EVENT_QP_LAST_WQE_REACHED} ({@value #LAST_WQE_WAIT}, default 1000)
 * @param waiterReadsChannel a thread waiting on an EVD reads its CQ's completion channel itself
 *        ({@link CompletionQueue#progress}; {@value #WAITER_READS_CHANNEL}, default true); false: it parks and the
 *        IA's CQ thread wakes it
 */
record RdmaCmConfig(long gracefulDrainTimeoutMillis, long drainMarkerWaitMillis, long lastWqeWaitMillis,
        boolean waiterReadsChannel) {

    /** Setting: milliseconds a GRACEFUL disconnect waits for outstanding requests. */
    static final String GRACEFUL_DRAIN_TIMEOUT = "dat4j.rdmacm.gracefulDrainTimeoutMs";
    /** Setting: milliseconds a QP's teardown waits for the drain marker. */
    static final String DRAIN_MARKER_WAIT = "dat4j.rdmacm.drainMarkerWaitMs";
    /** Setting: milliseconds an SRQ EP's QP teardown waits for the last-WQE event. */
    static final String LAST_WQE_WAIT = "dat4j.rdmacm.lastWqeWaitMs";
    /** Setting: a waiter reads its EVD's completion channel itself (true) or parks for the CQ thread (false). */
    static final String WAITER_READS_CHANNEL = "dat4j.rdmacm.waiterReadsChannel";
    /** Default of {@value #GRACEFUL_DRAIN_TIMEOUT}. */
    static final long GRACEFUL_DRAIN_TIMEOUT_DEFAULT = 30_000L;
    /** Every per-IA key of the provider's namespace. */
    static final Set<String> KEYS = Set.of(GRACEFUL_DRAIN_TIMEOUT, DRAIN_MARKER_WAIT, LAST_WQE_WAIT,
            WAITER_READS_CHANNEL);
    /** The defaults. */
    static final RdmaCmConfig DEFAULTS = new RdmaCmConfig(GRACEFUL_DRAIN_TIMEOUT_DEFAULT, 2_000L, 1_000L, true);

    /**
     * {@return the configuration of an IA}
     *
     * @param s the IA's settings
     * @throws io.dat4j.DatException {@code INVALID_PARAMETER} for unknown keys or bad values
     */
    static RdmaCmConfig from(final Settings s) {
        final Set<String> known = new HashSet<>(KEYS);
        known.addAll(KitSettings.KEYS);
        s.checkKnown(known, "dat4j.rdmacm.", "dat4j.kit.");
        return new RdmaCmConfig(s.longValue(GRACEFUL_DRAIN_TIMEOUT, GRACEFUL_DRAIN_TIMEOUT_DEFAULT, 1, 86_400_000L),
                s.longValue(DRAIN_MARKER_WAIT, DEFAULTS.drainMarkerWaitMillis(), 0, 600_000L),
                s.longValue(LAST_WQE_WAIT, DEFAULTS.lastWqeWaitMillis(), 0, 600_000L),
                s.flag(WAITER_READS_CHANNEL, DEFAULTS.waiterReadsChannel()));
    }
}

package io.dat4j.kit;

import java.util.Set;

/**
 * The kit's own settings of one IA ({@code dat4j.kit.*}), built once when the IA opens and handed down in
 * {@link KitConfig}.
 *
 * @param evdSpinNanos nanoseconds an EVD waiter polls (spinning, for the lowest latency) before it parks; 0 never
 *        spins ({@value #EVD_SPIN_NANOS}, default 0)
 * @param remoteLogBurst messages a {@link RemoteFaultLog} logs per interval before the rest are only counted
 *        ({@value #REMOTE_LOG_BURST}, 0..1000000, default 10)
 * @param remoteLogIntervalSeconds the interval of a {@link RemoteFaultLog} ({@value #REMOTE_LOG_INTERVAL}, 1..86400
 *        s, default 60)
 * @param providerEndpointsPending provider-created EPs one PROVIDER PSP keeps waiting for accept or reject at most
 *        ({@value #PROVIDER_ENDPOINTS_PENDING}, 1..1048576, default 64)
 * @param abruptDisconnectMillis how long an ABRUPT {@code dat_ep_disconnect} waits for the transport's end of the
 *        connection before it makes the EP DISCONNECTED itself, as libdapl's openib_cma does
 *        ({@value #ABRUPT_DISCONNECT_MILLIS}, 0..60000 ms, default 250)
 * @param singleThread the consumer calls the IA from one thread at a time, and the data path drops its per-object
 *        locks ({@link ConsumerGate}; {@value #SINGLE_THREAD}, default false). Only a transport that says it keeps
 *        the gate's rules ({@link Transport#keepsConsumerGate()}) opens in this mode.
 */
public record KitSettings(long evdSpinNanos, int remoteLogBurst, int remoteLogIntervalSeconds,
        int providerEndpointsPending, int abruptDisconnectMillis, boolean singleThread) {

    /** Setting: nanoseconds an EVD waiter spins before it parks. */
    public static final String EVD_SPIN_NANOS = "dat4j.kit.evdSpinNanos";
    /** Setting: messages logged per interval and source before the rest are only counted. */
    public static final String REMOTE_LOG_BURST = "dat4j.kit.remoteLogBurst";
    /** Setting: the interval of the rate-limited remote-fault log, seconds. */
    public static final String REMOTE_LOG_INTERVAL = "dat4j.kit.remoteLogIntervalSeconds";
    /** Setting: provider-created EPs one PROVIDER PSP keeps pending at most. */
    public static final String PROVIDER_ENDPOINTS_PENDING = "dat4j.kit.providerEndpointsPending";
    /** Setting: how long an ABRUPT disconnect waits for the transport, milliseconds. */
    public static final String ABRUPT_DISCONNECT_MILLIS = "dat4j.kit.abruptDisconnectMillis";
    /** Setting: the single-thread mode ({@code true} or {@code false}). */
    public static final String SINGLE_THREAD = "dat4j.kit.singleThread";

    /** Every key of the kit's namespace, for {@link Settings#checkKnown}. */
    public static final Set<String> KEYS = Set.of(EVD_SPIN_NANOS, REMOTE_LOG_BURST, REMOTE_LOG_INTERVAL,
            PROVIDER_ENDPOINTS_PENDING, ABRUPT_DISCONNECT_MILLIS, SINGLE_THREAD);

    /** The kit's defaults. */
    public static final KitSettings DEFAULTS = new KitSettings(0, 10, 60, 64, 250, false);

    /**
     * Settings of the multi-threaded mode.
     *
     * @param evdSpinNanos 0 or more
     * @param remoteLogBurst 0 or more
     * @param remoteLogIntervalSeconds 1 or more
     * @param providerEndpointsPending 1 or more
     * @param abruptDisconnectMillis 0..60000
     */
    public KitSettings(final long evdSpinNanos, final int remoteLogBurst, final int remoteLogIntervalSeconds,
            final int providerEndpointsPending, final int abruptDisconnectMillis) {
        this(evdSpinNanos, remoteLogBurst, remoteLogIntervalSeconds, providerEndpointsPending, abruptDisconnectMillis,
                false);
    }

    /**
     * Checks the values.
     *
     * @param evdSpinNanos 0 or more
     * @param remoteLogBurst 0 or more
     * @param remoteLogIntervalSeconds 1 or more
     * @param providerEndpointsPending 1 or more
     * @param abruptDisconnectMillis 0..60000
     * @param singleThread the single-thread mode
     */
    public KitSettings {
        if (evdSpinNanos < 0 || remoteLogBurst < 0 || remoteLogIntervalSeconds < 1 || providerEndpointsPending < 1
                || abruptDisconnectMillis < 0 || abruptDisconnectMillis > 60_000) {
            throw new IllegalArgumentException("KitSettings out of range: " + evdSpinNanos + ", " + remoteLogBurst
                    + ", " + remoteLogIntervalSeconds + ", " + providerEndpointsPending + ", " + abruptDisconnectMillis);
        }
    }

    /**
     * {@return the kit's settings from an IA's settings}
     *
     * @param settings the IA's settings
     * @throws io.dat4j.DatException {@code INVALID_PARAMETER} for a bad value
     */
    public static KitSettings from(final Settings settings) {
        return new KitSettings(settings.longValue(EVD_SPIN_NANOS, 0, 0, 1_000_000_000L),
                settings.intValue(REMOTE_LOG_BURST, DEFAULTS.remoteLogBurst(), 0, 1_000_000),
                settings.intValue(REMOTE_LOG_INTERVAL, DEFAULTS.remoteLogIntervalSeconds(), 1, 86_400),
                settings.intValue(PROVIDER_ENDPOINTS_PENDING, DEFAULTS.providerEndpointsPending(), 1, 1 << 20),
                settings.intValue(ABRUPT_DISCONNECT_MILLIS, DEFAULTS.abruptDisconnectMillis(), 0, 60_000),
                settings.flag(SINGLE_THREAD, false));
    }
}

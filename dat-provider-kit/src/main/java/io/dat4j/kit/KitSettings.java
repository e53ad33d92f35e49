package io.dat4j.kit;

import java.util.Set;

/**
 * The kit's own settings of one IA ({@code dat4j.kit.*}), built once when the IA opens and handed down in
 * {@link KitConfig}.
 *
 * @param evdSpinNanos nanoseconds an EVD waiter polls (spinning, for the lowest latency) before it parks; 0, the
 *        default, never spins ({@value #EVD_SPIN_NANOS})
 */
public record KitSettings(long evdSpinNanos) {

    /** Setting: nanoseconds an EVD waiter spins before it parks (default 0). */
    public static final String EVD_SPIN_NANOS = "dat4j.kit.evdSpinNanos";

    /** Every key of the kit's namespace, for {@link Settings#checkKnown}. */
    public static final Set<String> KEYS = Set.of(EVD_SPIN_NANOS);

    /** The kit's defaults. */
    public static final KitSettings DEFAULTS = new KitSettings(0);

    /**
     * Checks the values.
     *
     * @param evdSpinNanos 0 or more
     */
    public KitSettings {
        if (evdSpinNanos < 0) {
            throw new IllegalArgumentException("evdSpinNanos must not be negative, was " + evdSpinNanos);
        }
    }

    /**
     * {@return the kit's settings from an IA's settings}
     *
     * @param settings the IA's settings
     * @throws io.dat4j.DatException {@code INVALID_PARAMETER} for a bad value
     */
    public static KitSettings from(final Settings settings) {
        return new KitSettings(settings.longValue(EVD_SPIN_NANOS, 0, 0, 1_000_000_000L));
    }
}

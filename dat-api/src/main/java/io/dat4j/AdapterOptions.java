package io.dat4j;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Options for opening an IA ({@link Dat#openInterfaceAdapter(String, AdapterOptions)}): the async EVD's queue length
 * ({@code async_evd_qlen} of {@code dat_ia_open}) and provider settings keyed like their system properties, for
 * example {@code "dat4j.tcp.busyPollMicros"}. A setting given here wins over the system property of the same name,
 * which wins over a {@code key=value} in the dat.conf line's ia_params, which wins over the provider's default.
 * Each provider checks the keys of its own namespace ({@code dat4j.tcp.}, {@code dat4j.rdmacm.}) and of the kit
 * ({@code dat4j.kit.}) when the IA opens, and refuses an unknown one or a bad value with {@code INVALID_PARAMETER};
 * keys of other providers' namespaces are left alone, so one options value can serve IAs of several providers.
 *
 * {@snippet :
 * AdapterOptions options = AdapterOptions.builder()
 *         .asyncEventQueueLength(256)                  // async_evd_qlen of dat_ia_open
 *         .set("dat4j.tcp.busyPollMicros", "50")
 *         .build();
 * try (InterfaceAdapter ia = Dat.openInterfaceAdapter("tcp0", options)) {
 *     // ...
 * }
 * // C-shaped: dat_ia_open(name, 256, &async_evd, &ia), settings from system properties or dat.conf
 * try (InterfaceAdapter ia = Dat.openInterfaceAdapter("tcp0", 256)) {
 *     // ...
 * }
 * }
 *
 * <p>Thread safety: immutable.
 */
public final class AdapterOptions {

    /** No settings, the default async EVD queue length ({@value Dat#DEFAULT_ASYNC_EVD_QUEUE_LENGTH}). */
    public static final AdapterOptions DEFAULTS = new Builder().build();

    private final int asyncEventQueueLength;
    private final Map<String, String> settings;

    private AdapterOptions(final Builder b) {
        this.asyncEventQueueLength = b.asyncEventQueueLength;
        this.settings = Collections.unmodifiableMap(new TreeMap<>(b.settings));
    }

    /** {@return a builder with the defaults} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return a builder that starts from these options} */
    public Builder toBuilder() {
        final Builder b = new Builder();
        b.asyncEventQueueLength = asyncEventQueueLength;
        b.settings.putAll(settings);
        return b;
    }

    /** {@return the queue length of the IA's async EVD, 1 or more} */
    public int asyncEventQueueLength() {
        return asyncEventQueueLength;
    }

    /** {@return the provider settings, by key, sorted; unmodifiable} */
    public Map<String, String> settings() {
        return settings;
    }

    /**
     * {@return a setting's value, or null when it is not set}
     *
     * @param key the key, for example {@code dat4j.tcp.ioThreads}
     */
    public String setting(final String key) {
        return settings.get(key);
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof AdapterOptions a && a.asyncEventQueueLength == asyncEventQueueLength
                && a.settings.equals(settings);
    }

    @Override
    public int hashCode() {
        return Objects.hash(asyncEventQueueLength, settings);
    }

    @Override
    public String toString() {
        return "AdapterOptions[asyncEventQueueLength=" + asyncEventQueueLength + ", settings=" + settings + "]";
    }

    /** Builds {@link AdapterOptions}. Not thread safe. */
    public static final class Builder {

        private int asyncEventQueueLength = Dat.DEFAULT_ASYNC_EVD_QUEUE_LENGTH;
        private final Map<String, String> settings = new TreeMap<>();

        private Builder() {
        }

        /**
         * Sets the async EVD's queue length ({@code async_evd_qlen}).
         *
         * @param length 1 or more
         * @return this builder
         * @throws DatException {@code INVALID_PARAMETER} when below 1
         */
        public Builder asyncEventQueueLength(final int length) {
            if (length < 1) {
                throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2,
                        "the async EVD queue length must be at least 1, was " + length);
            }
            asyncEventQueueLength = length;
            return this;
        }

        /**
         * Sets a provider setting, replacing an earlier value of the same key.
         *
         * @param key the key, as the system property: {@code dat4j.<namespace>.<name>}
         * @param value the value as it would be written in the system property (for example {@code "50"},
         *        {@code "false"})
         * @return this builder
         * @throws DatException {@code INVALID_PARAMETER} when the key is not {@code dat4j.<namespace>.<name>} or the
         *         value is null
         */
        public Builder set(final String key, final String value) {
            if (key == null || !key.matches("dat4j\\.[A-Za-z0-9]+\\.[A-Za-z0-9.]+")) {
                throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2, "setting key '"
                        + key + "' is not dat4j.<namespace>.<name>, as the system properties are named (for example"
                        + " dat4j.tcp.busyPollMicros)");
            }
            if (value == null) {
                throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2,
                        "the value of setting " + key + " is null");
            }
            settings.put(key, value);
            return this;
        }

        /**
         * Removes a setting.
         *
         * @param key the key
         * @return this builder
         */
        public Builder remove(final String key) {
            settings.remove(key);
            return this;
        }

        /** {@return the options} */
        public AdapterOptions build() {
            return new AdapterOptions(this);
        }
    }
}

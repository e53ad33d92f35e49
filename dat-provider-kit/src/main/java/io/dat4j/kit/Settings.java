package io.dat4j.kit;

import io.dat4j.AdapterOptions;
import io.dat4j.DatException;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The configuration of one IA as it opens, from four sources, first match wins: the options passed through the API
 * ({@link AdapterOptions}), the system properties, {@code key=value} tokens in the dat.conf line's ia_params, and the
 * provider's defaults. Keys are named as the system properties, {@code dat4j.<namespace>.<name>}: {@code dat4j.kit.}
 * for the kit, {@code dat4j.tcp.} and {@code dat4j.rdmacm.} for the providers. A provider builds its configuration
 * record from one of these in {@link io.dat4j.spi.DatProvider#open} and hands the record down; nothing reads a
 * property later. The tokens of ia_params without {@code =} are the provider's own ({@link #positional()}).
 *
 * <p>Thread safety: safe for use by multiple concurrent threads. The system properties are read when a value is
 * asked for; a provider asks while its IA opens.
 */
public final class Settings {

    /** Where a value came from. */
    public enum Source {
        /** {@link AdapterOptions#settings()}. */
        OPTION("option"),
        /** {@link System#getProperty(String)}. */
        SYSTEM_PROPERTY("system property"),
        /** A {@code key=value} token of the dat.conf line's ia_params. */
        IA_PARAMS("ia_params");

        private final String text;

        Source(final String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    private final String iaName;
    private final AdapterOptions options;
    private final List<String> positional;
    private final Map<String, String> params;
    private final Function<String, String> properties;

    private Settings(final String iaName, final AdapterOptions options, final List<String> positional,
            final Map<String, String> params, final Function<String, String> properties) {
        this.iaName = iaName;
        this.options = options;
        this.positional = List.copyOf(positional);
        this.params = Collections.unmodifiableMap(params);
        this.properties = properties;
    }

    /**
     * Builds the settings of an IA from its registry line, the API's options and the system properties now.
     *
     * @param entry the registry line
     * @param options the options given to {@code dat_ia_open}
     * @return the settings
     * @throws DatException {@code INVALID_PARAMETER} for a malformed {@code key=value} token
     */
    public static Settings of(final RegistryEntry entry, final AdapterOptions options) {
        return of(entry, options, System::getProperty);
    }

    /**
     * Builds settings with the system properties replaced by a lookup (tests give a map's {@code get}).
     *
     * @param entry the registry line
     * @param options the options given to {@code dat_ia_open}
     * @param systemProperties the property lookup
     * @return the settings
     * @throws DatException {@code INVALID_PARAMETER} for a malformed {@code key=value} token
     */
    public static Settings of(final RegistryEntry entry, final AdapterOptions options,
            final Function<String, String> systemProperties) {
        if (entry == null || options == null || systemProperties == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                    "registry entry, options and property lookup are required");
        }
        final List<String> positional = new ArrayList<>();
        final Map<String, String> params = new LinkedHashMap<>();
        final String raw = entry.iaParams() == null ? "" : entry.iaParams().strip();
        for (final String token : raw.isEmpty() ? new String[0] : raw.split("\\s+")) {
            final int eq = token.indexOf('=');
            if (eq < 0) {
                positional.add(token);
            } else if (eq == 0 || !token.startsWith("dat4j.")) {
                throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "IA '"
                        + entry.iaName() + "': ia_params token '" + token + "' is not dat4j.<namespace>.<name>=value");
            } else {
                params.put(token.substring(0, eq), token.substring(eq + 1));
            }
        }
        return new Settings(entry.iaName(), options, positional, params, systemProperties);
    }

    /** {@return the IA's name} */
    public String iaName() {
        return iaName;
    }

    /** {@return the options given to {@code dat_ia_open}} */
    public AdapterOptions options() {
        return options;
    }

    /** {@return the async EVD's queue length, from the options} */
    public int asyncEventQueueLength() {
        return options.asyncEventQueueLength();
    }

    /** {@return the ia_params tokens without {@code =}, in order: the provider's own (address, device, port)} */
    public List<String> positional() {
        return positional;
    }

    /**
     * {@return the value in force for a key, or null when no source sets it}
     *
     * @param key the key
     */
    public String get(final String key) {
        final Source s = source(key);
        return s == null ? null : switch (s) {
            case OPTION -> options.setting(key);
            case SYSTEM_PROPERTY -> properties.apply(key);
            case IA_PARAMS -> params.get(key);
        };
    }

    /**
     * {@return where the value in force for a key comes from, or null (the default)}
     *
     * @param key the key
     */
    public Source source(final String key) {
        if (options.setting(key) != null) {
            return Source.OPTION;
        }
        if (properties.apply(key) != null) {
            return Source.SYSTEM_PROPERTY;
        }
        return params.containsKey(key) ? Source.IA_PARAMS : null;
    }

    /**
     * {@return a string setting}
     *
     * @param key the key
     * @param dflt the default
     */
    public String string(final String key, final String dflt) {
        final String v = get(key);
        return v == null ? dflt : v;
    }

    /**
     * {@return a whole-number setting in a range}
     *
     * @param key the key
     * @param dflt the default
     * @param min the smallest value allowed
     * @param max the largest value allowed
     * @throws DatException {@code INVALID_PARAMETER}, naming the key, its source and the range, for anything else
     */
    public long longValue(final String key, final long dflt, final long min, final long max) {
        final String v = get(key);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        try {
            final long n = Long.parseLong(v.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (final NumberFormatException e) {
            // reported below
        }
        throw invalid(key, "a whole number " + min + ".." + max);
    }

    /**
     * {@return a whole-number setting in a range}, as {@link #longValue}
     *
     * @param key the key
     * @param dflt the default
     * @param min the smallest value allowed
     * @param max the largest value allowed
     */
    public int intValue(final String key, final int dflt, final int min, final int max) {
        return (int) longValue(key, dflt, min, max);
    }

    /**
     * {@return a true/false setting}
     *
     * @param key the key
     * @param dflt the default
     * @throws DatException {@code INVALID_PARAMETER} for anything but {@code true} or {@code false} (any case)
     */
    public boolean flag(final String key, final boolean dflt) {
        final String v = get(key);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        if ("true".equalsIgnoreCase(v.strip())) {
            return true;
        }
        if ("false".equalsIgnoreCase(v.strip())) {
            return false;
        }
        throw invalid(key, "true or false");
    }

    /**
     * Refuses keys of the given namespaces that are not known, in the options and in ia_params (a typo there is the
     * caller's; system properties are the whole JVM's and are left alone).
     *
     * @param known every key the caller reads
     * @param namespaces the prefixes it owns, for example {@code "dat4j.tcp."} and {@code "dat4j.kit."}
     * @throws DatException {@code INVALID_PARAMETER} naming the unknown key and the known ones
     */
    public void checkKnown(final Set<String> known, final String... namespaces) {
        for (final Map.Entry<Source, Set<String>> e : Map.of(Source.OPTION, options.settings().keySet(),
                Source.IA_PARAMS, params.keySet()).entrySet()) {
            for (final String k : e.getValue()) {
                for (final String ns : namespaces) {
                    if (k.startsWith(ns) && !known.contains(k)) {
                        throw new DatException(StatusType.INVALID_PARAMETER, e.getKey() == Source.OPTION
                                ? StatusSubtype.INVALID_ARG2 : StatusSubtype.INVALID_ARG1, "IA '" + iaName + "': "
                                        + e.getKey() + " " + k + " is not a setting of this provider; known: "
                                        + new TreeSet<>(known));
                    }
                }
            }
        }
    }

    /**
     * {@return the exception for a value that is not what a key takes}, naming the key, its value and source
     *
     * @param key the key
     * @param expected what it takes, for the message
     */
    public DatException invalid(final String key, final String expected) {
        final Source s = source(key);
        return new DatException(StatusType.INVALID_PARAMETER, s == Source.OPTION ? StatusSubtype.INVALID_ARG2
                : StatusSubtype.INVALID_ARG1, "IA '" + iaName + "': " + s + " " + key + "=\"" + get(key)
                        + "\" is not " + expected);
    }

    @Override
    public String toString() {
        return "Settings[" + iaName + ", positional=" + positional + ", options=" + options.settings()
                + ", ia_params=" + params + "]";
    }
}

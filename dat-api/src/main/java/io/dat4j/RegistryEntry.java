package io.dat4j;

import java.util.Locale;

/**
 * One line of the static registry in {@code dat.conf} format: eight whitespace-separated fields, the last two
 * quoted. Example: {@code ofa-v2-rxe0 u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 "eth0 0" ""}.
 *
 * @param iaName field 1, the IA name consumers open
 * @param apiVersion field 2, {@code [k|u]major.minor}
 * @param threadSafe field 3, {@code threadsafe} or {@code nonthreadsafe}
 * @param isDefault field 4, {@code default} or {@code nondefault}
 * @param library field 5, the provider library (C) or module (dat4j) that serves the line
 * @param providerVersion field 6, for example {@code dapl.2.0}
 * @param iaParams field 7, unquoted: provider-specific, for example {@code "eth0 0"} or {@code "rxe0 1"}
 * @param platformParams field 8, unquoted
 */
public record RegistryEntry(String iaName, String apiVersion, boolean threadSafe, boolean isDefault, String library,
        String providerVersion, String iaParams, String platformParams) {

    /** {@return the line in {@code dat.conf} format} */
    public String toConfLine() {
        return String.join(" ", iaName, apiVersion, threadSafe ? "threadsafe" : "nonthreadsafe",
                isDefault ? "default" : "nondefault", library, providerVersion, '"' + iaParams + '"',
                '"' + platformParams + '"');
    }

    /**
     * {@return the major DAT version of field 2}
     */
    public int apiMajor() {
        return Integer.parseInt(versionDigits().split("\\.")[0]);
    }

    /**
     * {@return the minor DAT version of field 2}
     */
    public int apiMinor() {
        final String[] p = versionDigits().split("\\.");
        return p.length > 1 ? Integer.parseInt(p[1]) : 0;
    }

    private String versionDigits() {
        final String v = apiVersion.toLowerCase(Locale.ROOT);
        return v.startsWith("u") || v.startsWith("k") ? v.substring(1) : v;
    }
}

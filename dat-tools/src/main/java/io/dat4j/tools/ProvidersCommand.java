package io.dat4j.tools;

import io.dat4j.Capability;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProviderAttributes;
import io.dat4j.ProviderListing;
import io.dat4j.Registry;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dat providers}: the registry as the user sees it ({@code dat_registry_list_providers} plus whether
 * {@code dat_ia_open} works): every IA name, the dat4j provider module serving it, whether it opened (usable) and
 * why not, capabilities, and the private-data limits of the IAs that open. Usable IAs come first.
 */
@Command(name = "providers", description = {"List every IA name the registry knows (dat.conf and the providers'"
    + " own names),", "usable ones (they opened and closed in this run) first: the provider module serving it,",
    "whether it is usable and why not, its capabilities, and the private-data limits (connect/accept/reject)",
    "of the IAs that open."})
final class ProvidersCommand implements Callable<Integer> {

    private final Registry registry;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-P", "--ia"}, paramLabel = "IA_NAME", description = "Show only this IA name.")
    private String only;

    @Option(names = "--json", description = "Print one JSON array on stdout, an object per IA name, and nothing else.")
    private boolean json;

    @Option(names = "--no-open", description = "Do not open available IAs: no private-data limits, and none is known"
            + " to be usable then.")
    private boolean noOpen;

    @Option(names = {"-v", "--verbose"}, description = "Log more to stderr.")
    private boolean[] verbose = new boolean[0];

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    /** Lists the process-wide registry. */
    ProvidersCommand() {
        this(null);
    }

    /**
     * Lists a given registry.
     *
     * @param registry the registry, or null for the process-wide one
     */
    ProvidersCommand(final Registry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() {
        final Registry r = registry == null ? Registry.defaultRegistry() : registry;
        final List<Map<String, Object>> rows = describe(r, only, !noOpen);
        final PrintWriter out = spec.commandLine().getOut();
        if (json) {
            // the registry logs its problems (dat.conf lines, providers that failed to load) to stderr itself
            out.println(Json.write(rows));
        } else {
            out.print(table(rows));
            out.println("dat.conf: " + (r.confFile() == null ? "none (set -Ddat4j.conf=FILE or DAT_OVERRIDE)"
                    : r.confFile()));
            for (final String p : r.problems()) {
                out.println("problem: " + p);
            }
        }
        out.flush();
        if (only != null && rows.isEmpty()) {
            spec.commandLine().getErr().println("dat providers: no IA named '" + only + "'");
            return 1;
        }
        return 0;
    }

    /**
     * Describes the registry's IA names, usable ones first (otherwise in the registry's order).
     *
     * <p>Each object keeps the fields it always had and adds {@code open_tried}, {@code usable} and
     * {@code unusable_reason} last. {@code available} means that the IA opens: false when no provider serves the
     * name, when the provider is unavailable here, or when this run opened the IA and that failed ({@code reason}
     * and {@code open_error} then say why); with {@code open} false ({@code --no-open}, {@code open_tried} false)
     * it is only the provider's answer. {@code usable} is true when this run opened the IA and closed it cleanly;
     * {@code unusable_reason} says why not, and is null when usable.
     *
     * @param registry the registry
     * @param only an IA name to keep, or null for all
     * @param open true to open available IAs (for their private-data limits and to know that they open)
     * @return an ordered map per IA name, the JSON objects
     */
    static List<Map<String, Object>> describe(final Registry registry, final String only, final boolean open) {
        final List<Map<String, Object>> rows = new ArrayList<>();
        for (final ProviderListing l : registry.listProviders()) {
            if (only != null && !only.equals(l.iaName())) {
                continue;
            }
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", l.iaName());
            m.put("module", l.provider());
            m.put("available", l.available());
            m.put("reason", l.reason());
            m.put("capabilities", capabilityNames(l.capabilities()::contains));
            m.put("source", l.source());
            m.put("library", l.entry().library());
            m.put("ia_params", l.entry().iaParams());
            m.put("api_version", l.entry().apiVersion());
            m.put("default", l.entry().isDefault());
            final boolean tried = open && l.available();
            String unusable = tried ? tryOpen(registry, l.iaName(), m)
                    : l.available() ? "not opened (--no-open)" : l.reason();
            if (m.containsKey("open_error")) {
                m.put("available", false);
                m.put("reason", unusable);
            }
            if (unusable == null && !tried) {
                unusable = "unavailable";
            }
            m.put("open_tried", tried);
            m.put("usable", unusable == null);
            m.put("unusable_reason", unusable);
            rows.add(m);
        }
        // stable: usable first, then those that open or may open (close failed, or not tried), then the rest, each
        // in the registry's order
        rows.sort(Comparator.comparingInt(ProvidersCommand::rank));
        return rows;
    }

    private static int rank(final Map<String, Object> m) {
        return Boolean.TRUE.equals(m.get("usable")) ? 0 : Boolean.TRUE.equals(m.get("available")) ? 1 : 2;
    }

    /**
     * Opens an IA, records its limits in {@code m} (or {@code open_error}) and closes it.
     *
     * @return null when it opened and closed cleanly, else why it is not usable
     */
    private static String tryOpen(final Registry registry, final String name, final Map<String, Object> m) {
        final InterfaceAdapter ia;
        try {
            ia = registry.open(name, 8);
        } catch (final RuntimeException e) {
            m.put("open_error", DatCommand.describe(e));
            return "open failed: " + DatCommand.describe(e);
        }
        try {
            final ProviderAttributes pa = ia.providerAttributes();
            final Map<String, Object> pd = new LinkedHashMap<>();
            pd.put("connect", pa.maxConnectPrivateData());
            pd.put("accept", pa.maxAcceptPrivateData());
            pd.put("reject", pa.maxRejectPrivateData());
            pd.put("max", pa.maxPrivateDataSize());
            m.put("private_data", pd);
            m.put("address", ia.address() == null ? null : ia.address().getAddress().getHostAddress());
            m.put("provider_version", pa.providerVersionMajor() + "." + pa.providerVersionMinor());
            // what this IA supports as opened: less than the provider's list on some devices, and without
            // thread_safe when its settings ask for the single-thread mode (a nonthreadsafe dat.conf line's)
            m.put("ia_capabilities", capabilityNames(ia::supports));
        } catch (final RuntimeException e) {
            closeQuietly(ia, e);
            m.put("open_error", DatCommand.describe(e));
            return "opened, but its attributes failed: " + DatCommand.describe(e);
        }
        try {
            ia.close();
        } catch (final RuntimeException e) {
            return "opened, but closing it failed: " + DatCommand.describe(e);
        }
        return null;
    }

    /** {@return the JSON names of the capabilities {@code has} accepts, in the enum's order} */
    private static List<String> capabilityNames(final Predicate<Capability> has) {
        final List<String> names = new ArrayList<>();
        for (final Capability c : Capability.values()) {
            if (has.test(c)) {
                names.add(c.name().toLowerCase(Locale.ROOT));
            }
        }
        return names;
    }

    private static void closeQuietly(final InterfaceAdapter ia, final RuntimeException failure) {
        try {
            ia.close();
        } catch (final RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * {@return the rows as an aligned table}: usable IAs with their capabilities (the opened IA's), every other one with
     * why it is not usable
     *
     * @param rows rows from {@link #describe}
     */
    @SuppressWarnings("unchecked")
    static String table(final List<Map<String, Object>> rows) {
        final StringBuilder sb = new StringBuilder();
        int w = "IA_NAME".length();
        for (final Map<String, Object> m : rows) {
            w = Math.max(w, String.valueOf(m.get("name")).length());
        }
        final String fmt = "%-" + w + "s %-8s %-7s %-13s %s%n";
        sb.append(String.format(Locale.ROOT, fmt, "IA_NAME", "MODULE", "USABLE", "PDATA c/a/r",
                "CAPABILITIES / WHY NOT USABLE"));
        for (final Map<String, Object> m : rows) {
            final Object pdObj = m.get("private_data");
            final String pd;
            if (pdObj instanceof Map<?, ?> p) {
                final Map<String, Object> q = (Map<String, Object>) p;
                pd = q.get("connect") + "/" + q.get("accept") + "/" + q.get("reject");
            } else {
                pd = "-";
            }
            final boolean usable = Boolean.TRUE.equals(m.get("usable"));
            final boolean untried = !usable && !Boolean.TRUE.equals(m.get("open_tried"))
                    && Boolean.TRUE.equals(m.get("available"));
            // the opened IA's own list when there is one (the provider's otherwise)
            final Object iaCaps = m.get("ia_capabilities");
            final String caps = String.join(",", (List<String>) (iaCaps != null ? iaCaps : m.get("capabilities")));
            final String what = usable ? caps : untried ? caps + "; " + m.get("unusable_reason")
                    : String.valueOf(m.get("unusable_reason"));
            sb.append(String.format(Locale.ROOT, fmt, m.get("name"), m.get("module") == null ? "-" : m.get("module"),
                    usable ? "yes" : untried ? "untried" : "no", pd, what));
        }
        return sb.toString();
    }
}

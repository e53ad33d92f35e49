package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.DatException;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProviderAttributes;
import io.dat4j.Registry;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusType;
import io.dat4j.spi.DatProvider;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ProvidersCommandTest {

    /**
     * A provider registered by hand: offers fake0 (opens) and fake1 (open fails, as does every name starting with
     * "bad"; one starting with "leaky" opens and fails to close); library dat4j-fake.
     */
    static final class FakeProvider implements DatProvider {
        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        private final boolean available;

        FakeProvider(final boolean available) {
            this.available = available;
        }

        static boolean opens(final String name) {
            return !name.equals("fake1") && !name.startsWith("bad");
        }

        @Override
        public String name() {
            return "fake";
        }

        @Override
        public boolean isAvailable() {
            return available;
        }

        @Override
        public Throwable unavailabilityCause() {
            return available ? null : new IllegalStateException("no fake device here");
        }

        @Override
        public Set<Capability> capabilities() {
            return Set.of(Capability.RDMA_WRITE, Capability.RDMA_READ, Capability.INTER_PROCESS);
        }

        @Override
        public List<RegistryEntry> defaultEntries() {
            return List.of(entry("fake0"), entry("fake1"));
        }

        static RegistryEntry entry(final String name) {
            return new RegistryEntry(name, "u2.0", true, true, "dat4j-fake", "dat4j.0.1", "lo 0", "");
        }

        @Override
        public boolean serves(final RegistryEntry entry) {
            return entry.library().equals("dat4j-fake");
        }

        @Override
        public InterfaceAdapter open(final RegistryEntry entry, final io.dat4j.AdapterOptions options) {
            if (!opens(entry.iaName())) {
                throw new DatException(StatusType.INSUFFICIENT_RESOURCES, null, entry.iaName() + " has no ports");
            }
            opened.incrementAndGet();
            final ProviderAttributes pa = new ProviderAttributes("fake", 0, 1, 2, 0, 56, 56, 196, 148,
                    capabilities(), Map.of());
            return (InterfaceAdapter) Proxy.newProxyInstance(InterfaceAdapter.class.getClassLoader(),
                    new Class<?>[] {InterfaceAdapter.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "providerAttributes" -> pa;
                        // as opened, fake0 lacks one capability its provider declares (as a device may)
                        case "supports" -> capabilities().contains(args[0])
                                && !(entry.iaName().equals("fake0") && args[0] == Capability.INTER_PROCESS);
                        case "name" -> entry.iaName();
                        case "address" -> new InetSocketAddress("127.0.0.1", 0);
                        case "close" -> {
                            closed.incrementAndGet();
                            if (entry.iaName().startsWith("leaky")) {
                                throw new DatException(StatusType.INVALID_STATE, null, "a child is still open");
                            }
                            yield null;
                        }
                        case "isClosed" -> closed.get() > 0;
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        case "toString" -> "fake IA " + entry.iaName();
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }
    }

    private static String[] run(final Registry registry, final String... args) {
        return Cli.capture(new CommandLine(new ProvidersCommand(registry)), args);
    }

    @Test
    void shouldPrintAnEmptyJsonArrayForAnEmptyRegistry() {
        final String[] r = run(Registry.empty(null), "--json");
        assertEquals("0", r[0]);
        assertEquals("[]\n", r[1].replace("\r\n", "\n"));
    }

    @Test
    void shouldDescribeEachIaOfARegisteredProviderAsJson() {
        final Registry reg = Registry.empty(null);
        final FakeProvider p = new FakeProvider(true);
        reg.addProvider(p);
        final String[] r = run(reg, "--json");
        assertEquals("0", r[0], r[2]);
        final String out = r[1].strip();
        assertEquals(1, r[1].strip().lines().count(), "one JSON array and nothing else");
        assertTrue(out.startsWith("[{\"name\":\"fake0\",\"module\":\"fake\",\"available\":true,\"reason\":null,"
                + "\"capabilities\":[\"rdma_read\",\"rdma_write\",\"inter_process\"],\"source\":\"provider\","
                + "\"library\":\"dat4j-fake\",\"ia_params\":\"lo 0\",\"api_version\":\"u2.0\",\"default\":true,"
                + "\"private_data\":{\"connect\":56,\"accept\":196,\"reject\":148,\"max\":56},"
                + "\"address\":\"127.0.0.1\",\"provider_version\":\"0.1\","
                + "\"ia_capabilities\":[\"rdma_read\",\"rdma_write\"],\"open_tried\":true,\"usable\":true,"
                + "\"unusable_reason\":null}"), out);
        // available means that it opens: an IA whose open fails is not available, and says why
        assertTrue(out.contains("{\"name\":\"fake1\",\"module\":\"fake\",\"available\":false,\"reason\":\"open"
                + " failed: DAT_INSUFFICIENT_RESOURCES: fake1 has no ports\","), out);
        assertTrue(out.contains("\"open_error\":\"DAT_INSUFFICIENT_RESOURCES: fake1 has no ports\",\"open_tried\":true,"
                + "\"usable\":false,\"unusable_reason\":\"open failed: DAT_INSUFFICIENT_RESOURCES: fake1 has no"
                + " ports\"}"), out);
        assertTrue(out.endsWith("}]"), out);
        assertEquals(1, p.opened.get());
        assertEquals(1, p.closed.get(), "every IA opened for its limits is closed again");
    }

    @Test
    void shouldGiveTheReasonWhenAProviderIsUnavailableWithoutOpeningIt() {
        final Registry reg = Registry.empty(null);
        final FakeProvider p = new FakeProvider(false);
        reg.addProvider(p);
        final List<Map<String, Object>> rows = ProvidersCommand.describe(reg, null, true);
        assertEquals(2, rows.size());
        assertEquals(false, rows.getFirst().get("available"));
        assertEquals("no fake device here", rows.getFirst().get("reason"));
        assertFalse(rows.getFirst().containsKey("private_data"));
        assertEquals(0, p.opened.get());
        final String table = ProvidersCommand.table(rows);
        assertTrue(table.lines().anyMatch(l -> l.startsWith("fake0 ") && l.contains(" no ")
                && l.endsWith("no fake device here")), table);
        assertEquals(false, rows.getFirst().get("usable"));
        assertEquals("no fake device here", rows.getFirst().get("unusable_reason"));
    }

    @Test
    void shouldListDatConfLinesNoProviderServes(@TempDir final Path dir) throws IOException {
        final Path conf = dir.resolve("dat.conf");
        Files.writeString(conf, "# test\n"
                + "ofa-v2-rxe0 u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 \"rxe0 0\" \"\"\n"
                + "broken line\n");
        final Registry reg = Registry.empty(conf);
        reg.addProvider(new FakeProvider(true));
        final String[] r = run(reg, "--no-open");
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].lines().anyMatch(l -> l.startsWith("ofa-v2-rxe0") && l.contains(" no ")
                && l.contains("libdaplofa.so.2")), r[1]);
        // not opened: capabilities, and that it was not tried
        assertTrue(r[1].lines().anyMatch(l -> l.startsWith("fake0") && l.contains(" untried ")
                && l.contains("rdma_read,rdma_write,inter_process; not opened (--no-open)")), r[1]);
        assertTrue(r[1].contains("problem: " + conf + ":3"), r[1]);
        assertTrue(r[1].contains("dat.conf: " + conf), r[1]);
    }

    @Test
    void shouldKeepRegistryProblemsOffStdoutInJsonMode(@TempDir final Path dir) throws IOException {
        final Path conf = dir.resolve("dat.conf");
        Files.writeString(conf, "only three fields\n");
        final String[] r = run(Registry.empty(conf), "--json");
        assertEquals("[]\n", r[1].replace("\r\n", "\n"), "the problem is logged to stderr, not printed on stdout");
    }

    @Test
    void shouldFilterByIaNameAndFailForAnUnknownOne() {
        final Registry reg = Registry.empty(null);
        reg.addProvider(new FakeProvider(true));
        final String[] one = run(reg, "--json", "-P", "fake1", "--no-open");
        assertEquals("0", one[0]);
        assertTrue(one[1].startsWith("[{\"name\":\"fake1\"") && !one[1].contains("fake0"), one[1]);
        final String[] none = run(reg, "-P", "nosuch");
        assertEquals("1", none[0]);
        assertTrue(none[2].contains("no IA named 'nosuch'"), none[2]);
    }

    @Test
    void shouldListUsableIasFirstAndSayWhyEveryOtherIsNot(@TempDir final Path dir) throws IOException {
        // as in the Soft-RoCE guest: dat.conf names devices that are not there before the one that is
        final Path conf = dir.resolve("dat.conf");
        Files.writeString(conf, FakeProvider.entry("bad-ib0").iaName() + " u2.0 nonthreadsafe default dat4j-fake"
                + " dat4j.0.1 \"ib0 0\" \"\"\n"
                + "ofa-v2-rxe0 u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 \"rxe0 0\" \"\"\n"
                + "leaky-eth2 u2.0 nonthreadsafe default dat4j-fake dat4j.0.1 \"eth2 0\" \"\"\n");
        final Registry reg = Registry.empty(conf);
        reg.addProvider(new FakeProvider(true));
        final List<Map<String, Object>> rows = ProvidersCommand.describe(reg, null, true);
        assertEquals(List.of("fake0", "leaky-eth2", "bad-ib0", "ofa-v2-rxe0", "fake1"),
                rows.stream().map(m -> m.get("name")).toList(),
                "usable first, then one that opens (but did not close), then the rest, each in the registry's order");
        final Map<String, Map<String, Object>> by = new java.util.HashMap<>();
        rows.forEach(m -> by.put((String) m.get("name"), m));
        assertEquals(true, by.get("fake0").get("usable"));
        assertEquals(null, by.get("fake0").get("unusable_reason"));
        assertEquals("open failed: DAT_INSUFFICIENT_RESOURCES: bad-ib0 has no ports",
                by.get("bad-ib0").get("unusable_reason"));
        assertEquals(false, by.get("bad-ib0").get("available"));
        assertEquals("no dat4j provider serves library 'libdaplofa.so.2'", by.get("ofa-v2-rxe0").get("unusable_reason"));
        // it opens (available) but did not close cleanly: not usable
        assertEquals(true, by.get("leaky-eth2").get("available"));
        assertEquals(false, by.get("leaky-eth2").get("usable"));
        assertTrue(((String) by.get("leaky-eth2").get("unusable_reason")).startsWith("opened, but closing it failed:"
                + " DAT_INVALID_STATE"), by.get("leaky-eth2").toString());
        for (final Map<String, Object> m : rows) {
            assertEquals(m.get("usable").equals(true), m.get("unusable_reason") == null, m.toString());
            assertEquals(true, m.get("open_tried").equals(m.get("module") != null), m.toString());
        }
        // the table says why each IA that is not usable is not
        final String table = ProvidersCommand.table(rows);
        for (final Map<String, Object> m : rows) {
            final String line = table.lines().filter(l -> l.startsWith(m.get("name") + " ")).findFirst().orElseThrow();
            assertTrue(m.get("usable").equals(true) ? line.contains(" yes ") && line.endsWith(
                    m.get("name").equals("fake0") ? "rdma_read,rdma_write" : "rdma_read,rdma_write,inter_process")
                    : line.contains(" no ") && line.endsWith((String) m.get("unusable_reason")), table);
        }
        // the table shows what the opened IA supports; the JSON keeps the provider's list beside it
        assertEquals(List.of("rdma_read", "rdma_write", "inter_process"), by.get("fake0").get("capabilities"));
        assertEquals(List.of("rdma_read", "rdma_write"), by.get("fake0").get("ia_capabilities"));
    }

    @Test
    void shouldLetAJsonConsumerPickTheFirstUsableIaOfAModule(@TempDir final Path dir) throws IOException {
        final Path conf = dir.resolve("dat.conf");
        Files.writeString(conf, "bad-ib0 u2.0 nonthreadsafe default dat4j-fake dat4j.0.1 \"ib0 0\" \"\"\n");
        final Registry reg = Registry.empty(conf);
        reg.addProvider(new FakeProvider(true));
        final String json = run(reg, "--json")[1].strip();
        // what a script does: the first object whose module matches and that is usable
        final java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{\"name\":\"([^\"]+)\",\"module\":\"fake\""
                + "[^{}]*(?:\\{[^{}]*\\}[^{}]*)?\"usable\":true").matcher(json);
        assertTrue(m.find(), json);
        assertEquals("fake0", m.group(1));
        assertTrue(json.startsWith("[{\"name\":\"fake0\""), json);
    }

    @Test
    void shouldShowTheCapabilitiesTheDocsShow() throws IOException {
        // docs/dat-command.md shows the tcp-lo object; its capabilities are what the TCP provider declares today
        final String doc = Files.readString(Path.of("..", "docs", "dat-command.md"));
        final java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[\\{\"name\":\"tcp-lo\".*?\"capabilities\""
                + ":\\[([^\\]]*)\\]", java.util.regex.Pattern.DOTALL).matcher(doc);
        assertTrue(m.find(), "docs/dat-command.md shows the tcp-lo object of dat providers --json");
        final List<Map<String, Object>> rows = ProvidersCommand.describe(Registry.defaultRegistry(), "tcp-lo", false);
        org.junit.jupiter.api.Assumptions.assumeFalse(rows.isEmpty(), "no tcp-lo IA registered");
        final String actual = String.join(",", ((List<?>) rows.getFirst().get("capabilities")).stream()
                .map(c -> "\"" + c + "\"").toList());
        assertEquals(actual, m.group(1).replaceAll("\\s+", ""), "the capability list in docs/dat-command.md");
    }

    @Test
    void shouldLogAMissingDatConfOnceThoughEachOpenReadsItAgain(@TempDir final Path dir) {
        final Path missing = dir.resolve("no-such-dat.conf");
        final Registry reg = Registry.empty(missing);
        final FakeProvider p = new FakeProvider(true);
        reg.addProvider(p);
        final List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        final LoggerContext context = (LoggerContext) LogManager.getContext(false);
        final AbstractAppender appender = new AbstractAppender("providers-test-capture", null, null, true,
                Property.EMPTY_ARRAY) {
            @Override
            public void append(final LogEvent event) {
                warnings.add(event.getMessage().getFormattedMessage());
            }
        };
        appender.start();
        context.getConfiguration().getRootLogger().addAppender(appender, Level.WARN, null);
        context.updateLoggers();
        try {
            final String[] r = run(reg);
            assertEquals("0", r[0], r[2]);
            assertTrue(p.opened.get() >= 1, "the fake IA was opened (and the registry read dat.conf again)");
            assertTrue(r[1].contains("problem: " + missing + ": cannot be read"), r[1]);
            assertEquals(1, warnings.stream().filter(w -> w.contains(missing + ": cannot be read")).count(),
                    warnings.toString());
        } finally {
            context.getConfiguration().getRootLogger().removeAppender(appender.getName());
            context.updateLoggers();
            appender.stop();
        }
    }
}

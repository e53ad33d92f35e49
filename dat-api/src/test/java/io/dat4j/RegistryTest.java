package io.dat4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.spi.DatProvider;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegistryTest {

    /** A provider that answers for library "fake" and offers "fake0" by itself. */
    static final class FakeProvider implements DatProvider {
        private final String name;
        private final boolean available;
        RegistryEntry opened;

        FakeProvider(final String name, final boolean available) {
            this.name = name;
            this.available = available;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean isAvailable() {
            return available;
        }

        @Override
        public Throwable unavailabilityCause() {
            return available ? null : new IllegalStateException("no device in this test");
        }

        @Override
        public Set<Capability> capabilities() {
            return Set.of(Capability.RDMA_WRITE);
        }

        @Override
        public List<RegistryEntry> defaultEntries() {
            return List.of(new RegistryEntry(name + "0", "u2.0", true, true, name, "dat4j.0.1", "lo", ""));
        }

        AdapterOptions openedWith;

        @Override
        public boolean serves(final RegistryEntry entry) {
            return entry.library().equals(name);
        }

        @Override
        public InterfaceAdapter open(final RegistryEntry entry, final io.dat4j.AdapterOptions options) {
            opened = entry;
            openedWith = options;
            return (InterfaceAdapter) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {InterfaceAdapter.class}, (p, m, a) -> m.getName().equals("name")
                            ? entry.iaName() : null);
        }
    }

    @Test
    void shouldHandTheOptionsToTheProviderAndTheQueueLengthAsOptions() {
        final Registry r = Registry.empty(null);
        final FakeProvider p = new FakeProvider("fake", true);
        r.addProvider(p);
        final AdapterOptions o = AdapterOptions.builder().asyncEventQueueLength(7).set("dat4j.fake.knob", "1").build();
        r.open("fake0", o);
        assertEquals(o, p.openedWith);
        r.open("fake0", 9);
        assertEquals(9, p.openedWith.asyncEventQueueLength());
        assertEquals(java.util.Map.of(), p.openedWith.settings());
        assertEquals(StatusSubtype.INVALID_ARG2, assertThrows(DatException.class,
                () -> r.open("fake0", (AdapterOptions) null)).subtype());
    }

    @Test
    void shouldBuildImmutableOptionsAndRefuseMalformedKeys() {
        final AdapterOptions a = AdapterOptions.builder().set("dat4j.tcp.ioThreads", "4").build();
        assertEquals("4", a.setting("dat4j.tcp.ioThreads"));
        assertEquals(Dat.DEFAULT_ASYNC_EVD_QUEUE_LENGTH, a.asyncEventQueueLength());
        assertThrows(UnsupportedOperationException.class, () -> a.settings().put("dat4j.tcp.x", "1"));
        final AdapterOptions b = a.toBuilder().remove("dat4j.tcp.ioThreads").asyncEventQueueLength(3).build();
        assertEquals(AdapterOptions.DEFAULTS.settings(), b.settings());
        assertEquals("4", a.setting("dat4j.tcp.ioThreads"), "a builder from options leaves them as they were");
        for (final String bad : new String[] {null, "tcp.ioThreads", "dat.tcp.ioThreads", "dat4j.tcp", "dat4j..x"}) {
            assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class,
                    () -> AdapterOptions.builder().set(bad, "1")).type(), String.valueOf(bad));
        }
        assertThrows(DatException.class, () -> AdapterOptions.builder().set("dat4j.tcp.ioThreads", null));
        assertThrows(DatException.class, () -> AdapterOptions.builder().asyncEventQueueLength(0));
    }

    @Test
    void shouldOpenAnIaOfferedByAProvider() {
        final Registry r = Registry.empty(null);
        final FakeProvider p = new FakeProvider("fake", true);
        r.addProvider(p);
        assertEquals("fake0", r.open("fake0", 8).name());
        assertEquals("lo", p.opened.iaParams());
    }

    @Test
    void shouldLetDatConfLinesWinAndPassTheirIaParams(@TempDir final Path dir) throws IOException {
        final Path conf = dir.resolve("dat.conf");
        Files.writeString(conf, "fake0 u2.0 nonthreadsafe default fake dapl.2.0 \"eth0 0\" \"\"\n"
                + "ofa-v2-ib0 u2.0 nonthreadsafe default libdaplscm.so.2 dapl.2.0 \"mlx4_0 1\" \"\"\n");
        final Registry r = Registry.empty(conf);
        final FakeProvider p = new FakeProvider("fake", true);
        r.addProvider(p);
        final List<ProviderListing> all = r.listProviders();
        assertEquals(2, all.size());
        assertEquals(conf.toString(), all.get(0).source());
        assertEquals("fake", all.get(0).provider());
        assertTrue(all.get(0).available());
        assertFalse(all.get(1).available());
        assertTrue(all.get(1).reason().contains("libdaplscm.so.2"), all.get(1).reason());
        r.open("fake0", 1);
        assertEquals("eth0 0", p.opened.iaParams());
        final DatException e = assertThrows(DatException.class, () -> r.open("ofa-v2-ib0", 1));
        assertEquals(StatusType.PROVIDER_NOT_FOUND, e.type());
        assertEquals(StatusSubtype.NAME_NOT_REGISTERED, e.subtype());
    }

    @Test
    void shouldSayWhyAnUnknownNameIsNotFound() {
        final Registry r = Registry.empty(null);
        r.addProvider(new FakeProvider("fake", true));
        for (final String bad : List.of("40", "x", "xsdf", "x34", "34df")) {
            final DatException e = assertThrows(DatException.class, () -> r.open(bad, 1));
            assertEquals(StatusType.PROVIDER_NOT_FOUND, e.type());
            assertTrue(e.getMessage().contains("fake0"), e.getMessage());
        }
    }

    @Test
    void shouldRefuseAnUnavailableProviderWithItsReason() {
        final Registry r = Registry.empty(null);
        r.addProvider(new FakeProvider("gone", false));
        final ProviderListing l = r.listProviders().get(0);
        assertFalse(l.available());
        assertEquals("no device in this test", l.reason());
        final DatException e = assertThrows(DatException.class, () -> r.open("gone0", 1));
        assertEquals(StatusType.PROVIDER_NOT_FOUND, e.type());
        assertTrue(e.getMessage().contains("no device in this test"), e.getMessage());
        assertNotNull(e.getCause());
    }

    @Test
    void shouldValidateOpenArguments() {
        final Registry r = Registry.empty(null);
        assertEquals(StatusSubtype.INVALID_ARG1, assertThrows(DatException.class, () -> r.open(null, 1)).subtype());
        assertEquals(StatusSubtype.INVALID_ARG2, assertThrows(DatException.class, () -> r.open("x", 0)).subtype());
        assertEquals(StatusType.INVALID_PARAMETER,
                assertThrows(DatException.class, () -> r.addProvider(null)).type());
    }

    @Test
    void shouldRefuseASecondProviderOfTheSameName() {
        final Registry r = Registry.empty(null);
        final FakeProvider p = new FakeProvider("fake", true);
        r.addProvider(p);
        assertEquals(StatusType.PROVIDER_ALREADY_REGISTERED,
                assertThrows(DatException.class, () -> r.addProvider(new FakeProvider("fake", true))).type());
        assertSame(p, r.provider("fake"));
        assertTrue(r.removeProvider("fake"));
        assertEquals(List.of(), r.providers());
    }

    @Test
    void shouldReportUnparsableConfLinesAsProblems(@TempDir final Path dir) throws IOException {
        final Path conf = dir.resolve("dat.conf");
        Files.writeString(conf, "broken line\n");
        final Registry r = Registry.empty(conf);
        assertEquals(List.of(), r.listProviders());
        assertEquals(1, r.problems().size());
        assertTrue(r.problems().get(0).contains(conf + ":1"), r.problems().get(0));
    }
}

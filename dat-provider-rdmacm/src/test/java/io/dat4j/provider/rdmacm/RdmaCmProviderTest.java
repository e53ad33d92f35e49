package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusType;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("RdmaCmProvider: registry lines and device discovery")
class RdmaCmProviderTest {

    @TempDir
    Path sysfs;

    /** A sysfs with a Soft-RoCE device on eth0 (two ports) and an IPoIB netdev of an HCA. */
    @BeforeEach
    void buildSysfs() throws IOException {
        final Path rxe = sysfs.resolve("class/infiniband/rxe0/ports");
        write(rxe.resolve("1/state"), "4: ACTIVE\n");
        write(rxe.resolve("1/gid_attrs/ndevs/0"), "eth0\n");
        write(rxe.resolve("1/gid_attrs/ndevs/1"), "eth0\n");
        write(rxe.resolve("1/gid_attrs/ndevs/2"), "");
        write(rxe.resolve("2/state"), "1: DOWN\n");
        Files.createDirectories(sysfs.resolve("class/net/ib0/device/infiniband/mlx5_0"));
        Files.createDirectories(sysfs.resolve("class/net/lo"));
    }

    private static void write(final Path f, final String s) throws IOException {
        Files.createDirectories(f.getParent());
        Files.writeString(f, s);
    }

    private static RegistryEntry line(final String library) {
        return new RegistryEntry("x", "u2.0", false, true, library, "dapl.2.0", "ib0 0", "");
    }

    @ParameterizedTest(name = "{0}")
    @DisplayName("serves the C cma provider's lines and its own")
    @ValueSource(strings = {"libdaplofa.so.2", "libdaplofa.so.1", "/usr/lib64/libdaplofa.so.2", "dat4j-rdmacm"})
    void shouldServe(final String library) {
        assertTrue(new RdmaCmProvider(sysfs).serves(line(library)));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @DisplayName("does not serve other providers' lines")
    @ValueSource(strings = {"libdaploscm.so.2", "libdaploucm.so.2", "dat4j-tcp", "libdaplofa.so.3", ""})
    void shouldNotServe(final String library) {
        assertFalse(new RdmaCmProvider(sysfs).serves(line(library)));
    }

    @Test
    @DisplayName("offers one IA per device port and one per netdev that carries an RDMA device")
    void shouldOfferOneIaPerPortAndNetdev() {
        final List<RegistryEntry> e = new RdmaCmProvider(sysfs).defaultEntries();
        assertEquals(List.of("ofa-v2-rxe0-1", "ofa-v2-rxe0-2", "ofa-v2-eth0", "ofa-v2-ib0"),
                e.stream().map(RegistryEntry::iaName).toList());
        assertEquals(List.of("rxe0 1", "rxe0 2", "eth0 0", "ib0 0"), e.stream().map(RegistryEntry::iaParams).toList());
        for (final RegistryEntry r : e) {
            assertEquals(RdmaCmProvider.LIBRARY, r.library());
            assertTrue(new RdmaCmProvider(sysfs).serves(r));
        }
    }

    @Test
    @DisplayName("offers nothing where sysfs shows no RDMA device")
    void shouldOfferNothingWithoutDevices(@TempDir final Path empty) {
        assertEquals(List.of(), new RdmaCmProvider(empty).defaultEntries());
    }

    @Nested
    @DisplayName("ia_params")
    class IaParamsTest {

        @Test
        @DisplayName("\"<dev> <port>\" names the port and the netdev its GIDs belong to")
        void shouldResolveDevicePort() {
            final IaParams p = IaParams.parse("rxe0 1", RdmaDevices.scan(sysfs));
            assertEquals("rxe0", p.device());
            assertEquals(1, p.port());
            assertEquals("eth0", p.netdev());
        }

        @Test
        @DisplayName("\"<ip> 0\" gives the address; librdmacm picks the device at bind")
        void shouldResolveAddress() throws Exception {
            final IaParams p = IaParams.parse("10.0.2.15 0", RdmaDevices.scan(sysfs));
            assertNull(p.device());
            assertEquals(InetAddress.getByName("10.0.2.15"), p.address());
        }

        @Test
        @DisplayName("\"<netdev> 0\" gives the netdev's address")
        void shouldResolveNetdev() {
            final IaParams p = IaParams.parse("lo 0", RdmaDevices.scan(sysfs));
            assertEquals("lo", p.netdev());
            assertTrue(p.address().isLoopbackAddress(), String.valueOf(p.address()));
        }

        @ParameterizedTest(name = "\"{0}\"")
        @DisplayName("anything else is INVALID_PARAMETER with the reason")
        @ValueSource(strings = {"", "rxe0 3", "rxe0 0", "rxe0 x", "nosuchdev0 0", "a b c", "rxe0 300"})
        void shouldRefuse(final String s) {
            final DatException e = assertThrows(DatException.class, () -> IaParams.parse(s, RdmaDevices.scan(sysfs)));
            assertEquals(StatusType.INVALID_PARAMETER, e.type());
            assertTrue(e.getMessage().contains("ia_params"), e.getMessage());
        }
    }

    @Test
    @DisplayName("open checks its arguments before anything else")
    void shouldValidateOpenArguments() {
        final RdmaCmProvider p = new RdmaCmProvider(sysfs);
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> p.open(null, io.dat4j.AdapterOptions.DEFAULTS)).type());
        assertEquals(StatusType.INVALID_PARAMETER,
                assertThrows(DatException.class, () -> p.open(line("dat4j-tcp"), io.dat4j.AdapterOptions.DEFAULTS)).type());
        assertEquals(StatusType.INVALID_PARAMETER,
                assertThrows(DatException.class, () -> p.open(line("libdaplofa.so.2"), null)).type());
    }
}

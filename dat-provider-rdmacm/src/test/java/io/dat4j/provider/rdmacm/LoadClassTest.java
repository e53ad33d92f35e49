package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.ProviderListing;
import io.dat4j.Registry;
import io.dat4j.StatusType;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.Errno;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provider loads and reports why it cannot be used, without crashing, on a machine without an RDMA device (this
 * CI machine) and with a library that does not exist; the kill switch works without touching native code.
 */
@DisplayName("LoadClassTest: classes load; unavailability is reported with a clear cause")
class LoadClassTest {

    private static void assumeNoRdmaDevice() {
        Assumptions.assumeFalse(Files.exists(Path.of("/dev/infiniband/rdma_cm")),
                "this machine has /dev/infiniband/rdma_cm; the no-device checks run where there is none");
    }

    @Test
    @DisplayName("the provider class loads cheaply and names itself")
    void shouldLoadTheProvider() {
        final RdmaCmProvider p = new RdmaCmProvider();
        assertEquals("rdmacm", p.name());
        assertTrue(p.capabilities().contains(io.dat4j.Capability.INTER_PROCESS));
    }

    @Test
    @DisplayName("tests run with native access enabled for the provider's module (no restricted-method warnings)")
    void shouldHaveNativeAccess() {
        final Module m = RdmaCm.class.getModule();
        assertTrue(m.isNativeAccessEnabled(), (m.isNamed() ? m.getName() : "the unnamed module")
                + " has no native access; surefire's argLine needs --enable-native-access");
    }

    @Test
    @DisplayName("the registry finds the provider through ServiceLoader")
    void shouldBeFoundByTheRegistry() {
        final Registry r = Registry.discover();
        assertNotNull(r.provider("rdmacm"), "providers found: " + r.providers() + " problems: " + r.problems());
        assertInstanceOf(RdmaCmProvider.class, r.provider("rdmacm"));
    }

    @Test
    @DisplayName("without an RDMA device it is unavailable with reason NO_DEVICE, and says what to do")
    void shouldReportNoDevice() {
        assumeNoRdmaDevice();
        final RdmaCmProvider p = new RdmaCmProvider();
        assertFalse(p.isAvailable());
        final RdmaCmUnavailableException cause = assertInstanceOf(RdmaCmUnavailableException.class,
                p.unavailabilityCause());
        assertEquals(RdmaCmUnavailableException.Reason.NO_DEVICE, cause.reason(), cause.getMessage());
        assertTrue(cause.getMessage().contains("rdma link add"), cause.getMessage());
        assertTrue(RdmaCm.deviceNames().isEmpty());
        final DatException e = assertThrows(DatException.class, RdmaCm::ensureAvailability);
        assertEquals(StatusType.PROVIDER_NOT_FOUND, e.type());
        assertSame(cause, e.getCause());
    }

    @Test
    @DisplayName("RA-02 errno is captured from the real call: rdma_create_event_channel fails with ENODEV here")
    void shouldCaptureErrnoOfARealCall() {
        assumeNoRdmaDevice();
        final NativeCallException e = assertThrows(NativeCallException.class, CmCalls::createEventChannel);
        assertEquals("rdma_create_event_channel", e.function());
        assertEquals(Errno.ENODEV, e.errno());
        assertTrue(e.getMessage().endsWith("rdma_create_event_channel(..) failed: errno 19 (ENODEV)"),
                e.getMessage());
        assertEquals(StatusType.INTERNAL_ERROR, e.type());
    }

    @Test
    @DisplayName("a missing library gives reason NO_LIBRARY naming the library")
    void shouldReportNoLibrary() {
        final RdmaCmUnavailableException cause = RdmaCm.probe(false, "librdmacm-does-not-exist.so.9",
                RdmaCm.LIBIBVERBS);
        assertNotNull(cause);
        assertEquals(RdmaCmUnavailableException.Reason.NO_LIBRARY, cause.reason());
        assertTrue(cause.getMessage().contains("librdmacm-does-not-exist.so.9"), cause.getMessage());
        assertInstanceOf(IllegalArgumentException.class, cause.getCause());
    }

    @Test
    @DisplayName("the kill switch gives reason DISABLED before any native code runs")
    void shouldHonourTheKillSwitch() {
        final RdmaCmUnavailableException cause = RdmaCm.probe(true, "librdmacm-does-not-exist.so.9", "x");
        assertEquals(RdmaCmUnavailableException.Reason.DISABLED, cause.reason());
        assertTrue(cause.getMessage().contains(RdmaCm.DISABLED_PROP_NAME), cause.getMessage());
    }

    @Test
    @DisplayName("opening an rdmacm IA from dat.conf when unavailable fails with PROVIDER_NOT_FOUND and the reason")
    void shouldRefuseToOpenWhenUnavailable(@TempDir final Path dir) throws Exception {
        assumeNoRdmaDevice();
        final Path conf = dir.resolve("dat.conf");
        Files.writeString(conf, "ofa-v2-ib0 u2.0 nonthreadsafe default libdaplofa.so.2 dapl.2.0 \"ib0 0\" \"\"\n");
        final Registry r = Registry.empty(conf);
        r.addProvider(new RdmaCmProvider());
        final List<ProviderListing> listing = r.listProviders();
        assertEquals(1, listing.size());
        assertEquals("rdmacm", listing.get(0).provider());
        assertFalse(listing.get(0).available());
        assertTrue(listing.get(0).reason().contains("NO_DEVICE"), listing.get(0).reason());
        final DatException e = assertThrows(DatException.class, () -> r.open("ofa-v2-ib0", 8));
        assertEquals(StatusType.PROVIDER_NOT_FOUND, e.type());
        assertTrue(e.getMessage().contains("NO_DEVICE"), e.getMessage());
    }
}

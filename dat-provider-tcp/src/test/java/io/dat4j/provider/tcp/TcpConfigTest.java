package io.dat4j.provider.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AdapterOptions;
import io.dat4j.DatException;
import io.dat4j.InterfaceAdapter;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusType;
import io.dat4j.kit.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The TCP IA's configuration: built once when it opens, from options, properties and ia_params; none global. */
class TcpConfigTest {

    private static TcpConfig config(final String params, final AdapterOptions o, final Map<String, String> props) {
        return TcpConfig.from(Settings.of(new RegistryEntry("t", "u2.0", true, false, TcpProvider.LIBRARY, "1",
                params, ""), o, props::get));
    }

    @Test
    void shouldHaveTheDocumentedDefaults() {
        final TcpConfig c = config("127.0.0.1", AdapterOptions.DEFAULTS, Map.of());
        assertEquals(0, c.portOffset());
        assertEquals(TcpProvider.IO_THREADS_DEFAULT, c.ioThreads());
        assertTrue(c.inlineWrites() && c.consumerProgress());
        assertEquals(2_000_000L, c.driveGraceNanos());
        assertEquals(500_000L, c.ackDelayNanos());
        assertEquals(0, c.busyPollNanos());
        assertEquals(TcpProvider.ACK_TIMEOUT_DEFAULT, c.ackTimeoutMillis());
        assertEquals(TcpConfig.SEND_COPY_MAX_DEFAULT, c.sendCopyMax());
        assertEquals(TcpConfig.FULL_READ_SKIPS_DEFAULT, c.fullReadSkips());
        assertEquals(32 * 1024, c.ackBytes());
        assertEquals(1_000_000L, c.ackHoldNanos());
    }

    @Test
    void shouldTakeOptionsOverPropertiesOverIaParams() {
        final String params = "127.0.0.1 5 " + TcpConfig.IO_THREADS + "=3 " + TcpConfig.BUSY_POLL + "=7";
        final TcpConfig c = config(params, AdapterOptions.builder().set(TcpConfig.IO_THREADS, "1").build(),
                Map.of(TcpConfig.IO_THREADS, "2", TcpConfig.INLINE_WRITES, "false"));
        assertEquals(5, c.portOffset());
        assertEquals(1, c.ioThreads());
        assertFalse(c.inlineWrites());
        assertEquals(7_000L, c.busyPollNanos());
    }

    @Test
    void shouldRefuseUnknownKeysAndBadValuesWhenTheIaOpens() {
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config("127.0.0.1",
                AdapterOptions.builder().set("dat4j.tcp.ioThread", "2").build(), Map.of())).type());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config("127.0.0.1",
                AdapterOptions.builder().set(TcpConfig.IO_THREADS, "9").build(), Map.of())).type());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config("127.0.0.1",
                AdapterOptions.DEFAULTS, Map.of(TcpConfig.ACK_TIMEOUT, "soon"))).type());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config(
                "127.0.0.1 0 dat4j.kit.spin=1", AdapterOptions.DEFAULTS, Map.of())).type());
        // another provider's namespace is not this one's business
        config("127.0.0.1", AdapterOptions.builder().set("dat4j.rdmacm.drainMarkerWaitMs", "5").build(), Map.of());
    }

    @Test
    void shouldOpenAnIaWithTheSettingsOfItsOptionsAndIaParams() {
        final RegistryEntry e = new RegistryEntry("cfg", "u2.0", true, false, TcpProvider.LIBRARY, "1",
                "127.0.0.1 0 " + TcpConfig.IO_THREADS + "=3", "");
        try (InterfaceAdapter ia = new TcpProvider().open(e, AdapterOptions.builder().asyncEventQueueLength(5)
                .set(TcpConfig.ACK_TIMEOUT, "1234").build())) {
            assertEquals("3", ia.providerAttributes().providerSpecific().get("ioThreads"));
            assertEquals("1234", ia.providerAttributes().providerSpecific().get("ackTimeoutMillis"));
            assertEquals(5, ia.asyncEventDispatcher().query().queueLength());
        }
    }
}

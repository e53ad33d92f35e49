package io.dat4j.provider.shm;

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
import io.dat4j.provider.shm.sys.Rendezvous;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shared-memory IA's configuration: built once when it opens, from options, properties and ia_params. */
class ShmConfigTest {

    private static ShmConfig config(final String params, final AdapterOptions o, final Map<String, String> props) {
        return ShmConfig.from(Settings.of(new RegistryEntry("s", "u2.0", true, false, ShmProvider.LIBRARY, "1",
                params, ""), o, props::get));
    }

    @Test
    void shouldHaveTheDocumentedDefaults() {
        final ShmConfig c = config("", AdapterOptions.DEFAULTS, Map.of());
        assertEquals(Rendezvous.defaultDirectory(), c.directory());
        assertEquals(256 << 10, c.ringBytes());
        assertEquals(1024, c.grantSlots());
        assertTrue(c.cma());
        assertFalse(c.allowPtrace());
        assertEquals(0, c.busyPollMicros());
        assertEquals(2000, c.ackTimeoutMillis());
        assertEquals(10_000, c.revokeMillis());
        assertEquals(65_536, c.sendRendezvousBytes());
        assertEquals(ShmConfig.defaults(), c);
    }

    @Test
    void shouldTakeOptionsOverPropertiesOverIaParams() {
        final String params = ShmConfig.RING_BYTES + "=8192 " + ShmConfig.CMA + "=off " + ShmConfig.GRANT_SLOTS + "=16";
        final ShmConfig c = config(params, AdapterOptions.builder().set(ShmConfig.RING_BYTES, "65536").build(),
                Map.of(ShmConfig.RING_BYTES, "16384", ShmConfig.GRANT_SLOTS, "32"));
        assertEquals(65536, c.ringBytes());
        assertEquals(32, c.grantSlots());
        assertFalse(c.cma());
    }

    @Test
    void shouldRefuseUnknownKeysBadValuesAndPositionalTokens() {
        for (final AdapterOptions o : new AdapterOptions[] {
            AdapterOptions.builder().set("dat4j.shm.ringbytes", "8192").build(),
            AdapterOptions.builder().set(ShmConfig.RING_BYTES, "5000").build(),
            AdapterOptions.builder().set(ShmConfig.GRANT_SLOTS, "3").build(),
            AdapterOptions.builder().set(ShmConfig.CMA, "on").build(),
            AdapterOptions.builder().set(ShmConfig.ALLOW_PTRACE, "yes").build()}) {
            assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config("", o,
                    Map.of())).type(), o::toString);
        }
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config("",
                AdapterOptions.DEFAULTS, Map.of(ShmConfig.ACK_TIMEOUT, "soon"))).type());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config("cma=off",
                AdapterOptions.DEFAULTS, Map.of())).type());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config("127.0.0.1",
                AdapterOptions.DEFAULTS, Map.of())).type());
        // another provider's namespace is not this one's business
        config("", AdapterOptions.builder().set("dat4j.tcp.ioThreads", "5").build(), Map.of());
    }

    @Test
    void shouldOpenAnIaWithTheSettingsOfItsOptionsAndIaParams() {
        final RegistryEntry e = new RegistryEntry("cfg", "u2.0", true, false, ShmProvider.LIBRARY, "1",
                ShmConfig.CMA + "=off", "");
        try (InterfaceAdapter ia = new ShmProvider().open(e, AdapterOptions.builder().asyncEventQueueLength(5)
                .set(ShmConfig.ACK_TIMEOUT, "1234").build())) {
            assertEquals("off", ia.providerAttributes().providerSpecific().get("cma"));
            assertEquals("1234", ia.providerAttributes().providerSpecific().get("ackTimeoutMillis"));
            assertEquals(5, ia.asyncEventDispatcher().query().queueLength());
        }
    }
}

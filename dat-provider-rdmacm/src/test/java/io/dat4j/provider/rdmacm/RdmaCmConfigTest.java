package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AdapterOptions;
import io.dat4j.DatException;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusType;
import io.dat4j.kit.Settings;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The per-IA configuration of the rdmacm provider, from options, system properties and ia_params (no device). */
@DisplayName("RdmaCmConfig: defaults, the three sources, and refused values")
class RdmaCmConfigTest {

    private static RdmaCmConfig config(final String iaParams, final AdapterOptions options,
            final Map<String, String> properties) {
        final RegistryEntry entry = new RegistryEntry("ofa-v2-test", "u2.0", true, true, "libdaplofa.so.2",
                "dapl.2.0", iaParams, "");
        return RdmaCmConfig.from(Settings.of(entry, options, properties::get));
    }

    @Test
    @DisplayName("by default a waiter reads its CQ's channel; the option, a system property or ia_params turn it off")
    void shouldReadTheWaiterSetting() {
        assertTrue(config("eth0 0", AdapterOptions.builder().build(), Map.of()).waiterReadsChannel());
        assertEquals(RdmaCmConfig.DEFAULTS, config("eth0 0", AdapterOptions.builder().build(), Map.of()));
        assertFalse(config("eth0 0", AdapterOptions.builder().set(RdmaCmConfig.WAITER_READS_CHANNEL, "false").build(),
                Map.of()).waiterReadsChannel());
        assertFalse(config("eth0 0", AdapterOptions.builder().build(),
                Map.of(RdmaCmConfig.WAITER_READS_CHANNEL, "FALSE")).waiterReadsChannel());
        assertFalse(config("eth0 0 dat4j.rdmacm.waiterReadsChannel=false", AdapterOptions.builder().build(), Map.of())
                .waiterReadsChannel());
    }

    @Test
    @DisplayName("a value other than true or false, and an unknown dat4j.rdmacm key, are INVALID_PARAMETER")
    void shouldRefuseBadValues() {
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config(
                "eth0 0 dat4j.rdmacm.waiterReadsChannel=yes", AdapterOptions.builder().build(), Map.of())).type());
        assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class, () -> config(
                "eth0 0 dat4j.rdmacm.waiterReadChannel=false", AdapterOptions.builder().build(), Map.of())).type());
    }
}

package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AdapterOptions;
import io.dat4j.DatException;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Settings: options > system properties > ia_params > defaults, with no global property touched. */
class SettingsTest {

    private static final String KEY = "dat4j.test.knob";

    private static RegistryEntry line(final String iaParams) {
        return new RegistryEntry("t0", "u2.0", true, false, "test", "1", iaParams, "");
    }

    private static Settings settings(final String iaParams, final AdapterOptions options,
            final Map<String, String> properties) {
        return Settings.of(line(iaParams), options, properties::get);
    }

    @Test
    void shouldTakeTheFirstSourceThatSetsAKey() {
        final AdapterOptions opt = AdapterOptions.builder().set(KEY, "1").build();
        final String params = "eth0 7 " + KEY + "=3";
        assertEquals(1, settings(params, opt, Map.of(KEY, "2")).longValue(KEY, 4, 0, 9));
        assertEquals(Settings.Source.OPTION, settings(params, opt, Map.of(KEY, "2")).source(KEY));
        assertEquals(2, settings(params, AdapterOptions.DEFAULTS, Map.of(KEY, "2")).longValue(KEY, 4, 0, 9));
        assertEquals(3, settings(params, AdapterOptions.DEFAULTS, Map.of()).longValue(KEY, 4, 0, 9));
        assertEquals(Settings.Source.IA_PARAMS, settings(params, AdapterOptions.DEFAULTS, Map.of()).source(KEY));
        assertEquals(4, settings("eth0", AdapterOptions.DEFAULTS, Map.of()).longValue(KEY, 4, 0, 9));
        assertNull(settings("eth0", AdapterOptions.DEFAULTS, Map.of()).source(KEY));
    }

    @Test
    void shouldKeepThePositionalIaParamsForTheProvider() {
        final Settings s = settings("  mlx5_0   1 " + KEY + "=x ", AdapterOptions.DEFAULTS, Map.of());
        assertEquals(List.of("mlx5_0", "1"), s.positional());
        assertEquals("x", s.string(KEY, "d"));
        assertEquals(List.of(), settings(null, AdapterOptions.DEFAULTS, Map.of()).positional());
    }

    @Test
    void shouldRefuseBadValuesNamingKeyValueAndSource() {
        final DatException e = assertThrows(DatException.class, () -> settings("a", AdapterOptions.builder()
                .set(KEY, "ten").build(), Map.of()).longValue(KEY, 1, 0, 9));
        assertEquals(StatusType.INVALID_PARAMETER, e.type());
        assertEquals(StatusSubtype.INVALID_ARG2, e.subtype(), "a bad option is the options argument's fault");
        assertTrue(e.getMessage().contains(KEY) && e.getMessage().contains("ten")
                && e.getMessage().contains("option") && e.getMessage().contains("0..9"), e.getMessage());
        final DatException range = assertThrows(DatException.class,
                () -> settings("a", AdapterOptions.DEFAULTS, Map.of(KEY, "10")).intValue(KEY, 1, 0, 9));
        assertEquals(StatusSubtype.INVALID_ARG1, range.subtype());
        assertTrue(range.getMessage().contains("system property"), range.getMessage());
        assertThrows(DatException.class, () -> settings("a", AdapterOptions.DEFAULTS, Map.of(KEY, "yes"))
                .flag(KEY, true));
        assertFalse(settings("a", AdapterOptions.DEFAULTS, Map.of(KEY, "FALSE")).flag(KEY, true));
        assertTrue(settings("a", AdapterOptions.DEFAULTS, Map.of(KEY, " ")).flag(KEY, true), "blank is unset");
    }

    @Test
    void shouldRefuseMalformedIaParamsSettings() {
        for (final String bad : new String[] {"a =1", "a knob=1", "a dat.test.knob=1"}) {
            assertEquals(StatusType.INVALID_PARAMETER, assertThrows(DatException.class,
                    () -> settings(bad, AdapterOptions.DEFAULTS, Map.of())).type(), bad);
        }
    }

    @Test
    void shouldRefuseUnknownKeysOfItsNamespacesOnlyInOptionsAndIaParams() {
        final Set<String> known = Set.of(KEY);
        settings("a " + KEY + "=1 dat4j.other.x=2", AdapterOptions.builder().set("dat4j.other.y", "1").build(),
                Map.of("dat4j.test.typo", "1")).checkKnown(known, "dat4j.test.");
        final DatException opt = assertThrows(DatException.class, () -> settings("a", AdapterOptions.builder()
                .set("dat4j.test.knb", "1").build(), Map.of()).checkKnown(known, "dat4j.test."));
        assertTrue(opt.getMessage().contains("dat4j.test.knb") && opt.getMessage().contains(KEY), opt.getMessage());
        assertThrows(DatException.class, () -> settings("a dat4j.test.knb=1", AdapterOptions.DEFAULTS, Map.of())
                .checkKnown(known, "dat4j.test."));
    }

    @Test
    void shouldBuildTheKitsSettings() {
        assertEquals(KitSettings.DEFAULTS, KitSettings.from(settings("a", AdapterOptions.DEFAULTS, Map.of())));
        assertEquals(250, KitSettings.from(settings("a", AdapterOptions.builder()
                .set(KitSettings.EVD_SPIN_NANOS, "250").build(), Map.of())).evdSpinNanos());
        assertThrows(DatException.class, () -> KitSettings.from(settings("a", AdapterOptions.DEFAULTS,
                Map.of(KitSettings.EVD_SPIN_NANOS, "-1"))));
    }
}

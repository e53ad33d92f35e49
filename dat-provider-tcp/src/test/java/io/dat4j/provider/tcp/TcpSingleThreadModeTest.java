package io.dat4j.provider.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.AdapterOptions;
import io.dat4j.Capability;
import io.dat4j.DatException;
import io.dat4j.InterfaceAdapter;
import io.dat4j.StatusType;
import io.dat4j.kit.KitSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * TCP does not keep the single-thread gate's rules ({@code Transport.keepsConsumerGate()} is false: its I/O threads
 * complete without it), so the kit refuses {@value KitSettings#SINGLE_THREAD}{@code =true} on it: MODEL_NOT_SUPPORTED,
 * naming the setting, by option and by ia_params token alike, and leaves none of the transport's threads running. The
 * same IA opens without the setting and is thread safe.
 */
@Timeout(60)
class TcpSingleThreadModeTest {

    private static long ioThreads(final String iaName) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("dat4j-tcp-" + iaName + "-")).count();
    }

    private static void assertRefused(final String iaName, final String params, final AdapterOptions options)
            throws InterruptedException {
        final DatException e = assertThrows(DatException.class, () -> Fixture.open(iaName, params, options).close());
        assertEquals(StatusType.MODEL_NOT_SUPPORTED, e.type(), e.getMessage());
        assertTrue(e.getMessage().contains(KitSettings.SINGLE_THREAD), "the message names the setting: "
                + e.getMessage());
        final long end = System.currentTimeMillis() + 10_000;
        while (ioThreads(iaName) != 0 && System.currentTimeMillis() < end) {
            Thread.sleep(20);
        }
        assertEquals(0, ioThreads(iaName), "I/O threads of the refused IA left running");
    }

    @Test
    void singleThreadModeIsRefusedNamingTheSetting() throws Exception {
        assertRefused("tcp-st-opt", "127.0.0.1", Fixture.options(KitSettings.SINGLE_THREAD, "true"));
        assertRefused("tcp-st-par", "127.0.0.1 " + KitSettings.SINGLE_THREAD + "=true", AdapterOptions.DEFAULTS);
        try (InterfaceAdapter ia = Fixture.open("tcp-st-off", "127.0.0.1 " + KitSettings.SINGLE_THREAD + "=false")) {
            assertTrue(ia.supports(Capability.THREAD_SAFE), "TCP without the setting is thread safe");
        }
    }
}

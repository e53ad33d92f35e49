package io.dat4j.provider.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The silent-peer rule of {@link Liveness} on made-up clocks (no sockets, no sleeping). */
class LivenessTest {

    private static final long T = 1_000;

    @Test
    void shouldProbeAfterOneAttemptAndExpireAfterRetryCountPlusOne() {
        final Liveness l = new Liveness();
        assertEquals(Liveness.NONE, l.sample(0, T, 3, true, false));
        assertEquals(Liveness.NONE, l.sample(T / 2, T, 3, true, false));
        assertEquals(Liveness.PROBE, l.sample(T, T, 3, true, false));
        assertEquals(Liveness.NONE, l.sample(2 * T, T, 3, true, false), "one probe per silence");
        assertEquals(Liveness.NONE, l.sample(4 * T - 1, T, 3, true, false));
        assertEquals(Liveness.EXPIRED, l.sample(4 * T, T, 3, true, false));
    }

    @Test
    void shouldRestartTheSilenceWhenAByteArrives() {
        final Liveness l = new Liveness();
        l.sample(0, T, 0, true, false);
        l.received += 1;
        assertEquals(Liveness.NONE, l.sample(T - 1, T, 0, true, false));
        assertEquals(Liveness.NONE, l.sample(2 * T - 2, T, 0, true, false));
        assertEquals(Liveness.EXPIRED, l.sample(2 * T - 1, T, 0, true, false), "retry_count 0: one attempt");
    }

    @Test
    void shouldNeverExpireWithNothingOutstanding() {
        final Liveness l = new Liveness();
        for (long t = 0; t < 100 * T; t += T / 2) {
            assertEquals(Liveness.NONE, l.sample(t, T, 7, false, false));
        }
        assertEquals(Liveness.NONE, l.sample(100 * T, T, 7, true, false), "silence starts when work does");
    }

    @Test
    void shouldKeepAliveWhileHoldingThePeer() {
        final Liveness l = new Liveness();
        for (long t = 0; t < 10 * T; t += T / 2) {
            assertEquals(Liveness.KEEPALIVE, l.sample(t, T, 7, false, true));
        }
    }

    @Test
    void shouldProbeAndExpireEvenWhileHolding() {
        final Liveness l = new Liveness();
        assertEquals(Liveness.KEEPALIVE, l.sample(0, T, 1, true, true));
        assertEquals(Liveness.PROBE, l.sample(T, T, 1, true, true));
        assertEquals(Liveness.KEEPALIVE, l.sample(T + T / 2, T, 1, true, true));
        assertEquals(Liveness.EXPIRED, l.sample(2 * T, T, 1, true, true));
    }
}

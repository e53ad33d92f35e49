package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.SoftwareEvent;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The opt-in busy-poll of a consumer that drives the I/O loop ({@code dat4j.tcp.busyPollMicros}): a ping-pong keeps
 * its data and order, and an event posted by another thread still releases a spinning waiter (a non-blocking
 * selection clears a pending selector wake-up), with a short spin and with one of a minute (only the wake-up ends it).
 */
@Timeout(120)
class BusyPollTest {

    private static final int ROUNDS = 2000;

    private static Fixture fixture(final String micros) {
        return Fixture.withSettings("127.0.0.1", TcpConfig.BUSY_POLL, micros);
    }

    @ParameterizedTest(name = "ping-pong keeps data and order, busy-poll {0} us")
    @ValueSource(strings = {"1", "200"})
    void shouldEchoEveryMessageInOrder(final String mode) throws Exception {
        try (Fixture f = fixture(mode)) {
            PingPong.run(f, f.connect(), ROUNDS);
        }
    }

    /** A lost wake-up would keep the waiter in its selection for the full minute; the test's timeout ends it. */
    @ParameterizedTest(name = "another thread's event releases the spinning waiter, busy-poll {0} us")
    @ValueSource(strings = {"200", "60000000"})
    @Timeout(40)
    void shouldReleaseTheDrivingWaiterOnAnotherThreadsEvent(final String mode) throws Exception {
        try (Fixture f = fixture(mode)) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion cBuf = f.lmr(f.c, 16);
            ep[0].postRecv(cBuf.triplet(0, 8), 7);
            for (int i = 0; i < 20; i++) {
                final String payload = "wake " + i;
                final CompletableFuture<Event> waiter = CompletableFuture.supplyAsync(
                        () -> f.c.evd.await(Duration.ofMinutes(1)));
                Thread.sleep(5);
                f.c.evd.postSoftwareEvent(payload);
                final Event e = waiter.get(60, TimeUnit.SECONDS);
                assertEquals(payload, assertInstanceOf(SoftwareEvent.class, e).payload());
            }
            ep[1].postSend(List.of(), 9, CompletionFlag.DEFAULT);
            final DtoCompletionEvent r = dto(f.c.evd);
            assertEquals(7, r.cookie());
            assertEquals(DtoStatus.SUCCESS, r.status());
        }
    }
}

package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.StatusType;
import io.dat4j.provider.shm.sys.Doorbell;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A peer that rings this IA's doorbell without pause (it maps the page: each ring bumps the futex word and wakes every
 * sleeper) while a consumer waits on an EVD that has nothing coming: the wait must still end with
 * DAT_TIMEOUT_EXPIRED (a waiter that took every wake-up for a new wait, or restarted its timeout, would never
 * return), and an honest SEND on the IA's connection must still complete meanwhile. The storm is short: it runs only
 * for the waits.
 */
class ShmDoorbellStormTest {

    private static final Duration BOUND = Duration.ofSeconds(15);

    @Test
    void aRingingPeerNeitherStopsAWaitsTimeoutNorTheIa() throws Exception {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion a = f.lmr(f.c, 64);
            final LocalMemoryRegion b = f.lmr(f.s, 64);
            // the peer's view of the client IA's doorbell, as a connected process maps it
            final AtomicBoolean stop = new AtomicBoolean();
            try (Doorbell theirs = Doorbell.open(ProcessHandle.current().pid(),
                    f.clientTransport.doorbell.descriptor())) {
                final Thread storm = Thread.ofPlatform().name("doorbell-storm").daemon().start(() -> {
                    while (!stop.get()) {
                        theirs.ring();
                    }
                });
                try {
                    assertTimeoutPreemptively(BOUND, () -> {
                        for (int i = 0; i < 3; i++) {
                            final DatException e = assertThrows(DatException.class,
                                    () -> f.c.evd.await(Duration.ofMillis(50)));
                            assertEquals(StatusType.TIMEOUT_EXPIRED, e.type(), e.getMessage());
                        }
                        ep[1].postRecv(List.of(b.triplet(0, 64)), 1, CompletionFlag.DEFAULT);
                        ep[0].postSend(List.of(a.triplet(0, 64)), 2, CompletionFlag.DEFAULT);
                        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
                        assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.s.evd).status());
                    }, "a wait on the IA did not end while a peer rang its doorbell");
                } finally {
                    stop.set(true);
                    storm.join(BOUND.toMillis());
                }
            }
        }
    }
}

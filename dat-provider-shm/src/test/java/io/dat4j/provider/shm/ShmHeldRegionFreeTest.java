package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.testsupport.AdapterPair;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A connection's data path keeps the LMR of its last receive and of its last SEND acquired for the next copy
 * ({@code DataPath.hold}); the free of such an LMR must not wait for those holds. The kit waits up to 10 s for the
 * users of a region being freed and then frees it anyway, so a hold that the free did not take back would cost each
 * free 10 s and leave the copy unguarded: here each free must end long before that (5 s, a bound for a loaded CI
 * machine, not a timing figure), and the connection must go on with other LMRs, its receive into a freed LMR refused.
 */
class ShmHeldRegionFreeTest {

    private static final long FREE_BOUND_SECONDS = 5;

    @Test
    void freeingAnLmrTheConnectionHoldsForItsNextCopyDoesNotWaitForTheHold() throws Exception {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion sent = f.lmr(f.c, 64);
            final LocalMemoryRegion received = f.lmr(f.s, 64);
            for (int i = 0; i < 3; i++) { // the paths now hold both LMRs: the client's for SENDs, the server's for receives
                ep[1].postRecv(List.of(received.triplet(0, 64)), 100 + i, CompletionFlag.DEFAULT);
                ep[0].postSend(List.of(sent.triplet(0, 8)), i, CompletionFlag.DEFAULT);
                assertSuccess(AdapterPair.dto(f.s.evd), 100 + i);
                assertSuccess(AdapterPair.dto(f.c.evd), i);
            }
            assertTrue(freedPromptly(received), "the free of the LMR held for receives waited for the hold");
            assertTrue(freedPromptly(sent), "the free of the LMR held for SENDs waited for the hold");

            // the connection goes on with new LMRs (the holds move to them)
            final LocalMemoryRegion sent2 = f.lmr(f.c, 64);
            final LocalMemoryRegion received2 = f.lmr(f.s, 64);
            ep[1].postRecv(List.of(received2.triplet(0, 64)), 200, CompletionFlag.DEFAULT);
            ep[0].postSend(List.of(sent2.triplet(0, 8)), 10, CompletionFlag.DEFAULT);
            assertSuccess(AdapterPair.dto(f.s.evd), 200);
            assertSuccess(AdapterPair.dto(f.c.evd), 10);
            assertTrue(freedPromptly(received2), "the second receive LMR's free waited for the hold");
            assertTrue(freedPromptly(sent2), "the second SEND LMR's free waited for the hold");
        }
    }

    @Test
    void aReceivePostedIntoAnLmrFreedAfterItWasHeldIsNotFilled() throws Exception {
        try (Fixture f = new Fixture()) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion sent = f.lmr(f.c, 64);
            final LocalMemoryRegion received = f.lmr(f.s, 64);
            ep[1].postRecv(List.of(received.triplet(0, 64)), 1, CompletionFlag.DEFAULT);
            ep[0].postSend(List.of(sent.triplet(0, 8)), 1, CompletionFlag.DEFAULT);
            assertSuccess(AdapterPair.dto(f.s.evd), 1);
            assertSuccess(AdapterPair.dto(f.c.evd), 1);
            // posted while the LMR is registered (and held from the last receive), then freed before the SEND comes
            ep[1].postRecv(List.of(received.triplet(0, 64)), 2, CompletionFlag.DEFAULT);
            assertTrue(freedPromptly(received), "the free waited for the hold");
            ep[0].postSend(List.of(sent.triplet(0, 8)), 2, CompletionFlag.DEFAULT);
            final DtoCompletionEvent r = AdapterPair.dto(f.s.evd);
            assertEquals(2, r.cookie());
            assertFalse(r.status() == DtoStatus.SUCCESS, "a receive into a freed LMR was filled: " + r.status());
        }
    }

    private static void assertSuccess(final DtoCompletionEvent e, final long cookie) {
        assertEquals(cookie, e.cookie());
        assertEquals(DtoStatus.SUCCESS, e.status(), "completion " + cookie);
    }

    /** Frees {@code lmr} on another thread; {@return true if the free ended within the bound} */
    private static boolean freedPromptly(final LocalMemoryRegion lmr) throws InterruptedException {
        final Thread t = Thread.ofPlatform().daemon().start(lmr::close);
        t.join(TimeUnit.SECONDS.toMillis(FREE_BOUND_SECONDS));
        final boolean ended = !t.isAlive();
        t.join(); // the kit's wait ends after 10 s at most
        return ended;
    }
}

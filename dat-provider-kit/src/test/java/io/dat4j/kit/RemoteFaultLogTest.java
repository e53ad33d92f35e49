package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RemoteFaultLogTest {

    private static final long SECOND = 1_000_000_000L;

    private final List<String> lines = new ArrayList<>();
    private final AtomicLong now = new AtomicLong(5 * SECOND);
    private final RemoteFaultLog log = new RemoteFaultLog(lines::add, "listener", 3, 60 * SECOND, now::get);

    @Test
    void shouldLogABurstPerIntervalAndCountTheRest() {
        for (int i = 0; i < 1000; i++) {
            log.warn("bad frame " + i);
        }
        assertEquals(List.of("listener: bad frame 0", "listener: bad frame 1", "listener: bad frame 2"), lines);
        now.addAndGet(59 * SECOND);
        assertFalse(log.warn("still the same interval"));
        now.addAndGet(SECOND);
        assertTrue(log.warn("next interval"));
        assertEquals("listener: next interval (and 998 more from listener not logged before this one: at most 3 per"
                + " 60 s)", lines.get(3));
        assertEquals(1002, log.total());
    }

    @Test
    void shouldSummariseWhatWasNotLoggedWhenTheSourceCloses() {
        for (int i = 0; i < 10; i++) {
            log.warn("refused " + i);
        }
        log.close();
        assertEquals(4, lines.size());
        assertEquals("listener: 7 more faults from the remote side were not logged (at most 3 per 60 s); 10 in all",
                lines.get(3));
        log.close();
        assertEquals(4, lines.size(), "nothing left to summarise");
    }
}

package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The {@code poll(2)} timeout of a waiter's round on its CQ's channel: all the time left, never a slice of it. */
@DisplayName("rdmacm CQ waiter: poll(2) timeout from the time left")
class CompletionQueueTimeoutTest {

    @Test
    @DisplayName("an unlimited wait has no timeout (-1); a limited one is rounded up to whole ms, at least 1, at most"
            + " Integer.MAX_VALUE, with no cap below that")
    void shouldWaitForAllTheTimeLeft() {
        assertEquals(-1, CompletionQueue.timeoutMs(Long.MAX_VALUE));
        assertEquals(1, CompletionQueue.timeoutMs(1));
        assertEquals(1, CompletionQueue.timeoutMs(1_000_000));
        assertEquals(2, CompletionQueue.timeoutMs(1_000_001));
        assertEquals(60_000, CompletionQueue.timeoutMs(60_000_000_000L));
        assertEquals(3_600_000, CompletionQueue.timeoutMs(3_600_000_000_000L));
        assertEquals(Integer.MAX_VALUE, CompletionQueue.timeoutMs(Long.MAX_VALUE - 1));
    }
}

package io.dat4j.testsupport;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@link ConcurrentUse} checks as JUnit tests, with the rounds every provider runs: a provider's test class extends
 * this and names how to make its pairs of IAs (one line), as a TCK's provider tests do.
 *
 * <p>Thread safety: JUnit makes an instance per test; each test runs on one thread and starts its own.
 */
@Timeout(300)
public abstract class ConcurrentUseTests {

    private final ConcurrentUse use;

    /**
     * Creates the tests.
     *
     * @param pairs makes a connected pair of IAs of the provider under test for each round
     */
    protected ConcurrentUseTests(final Supplier<? extends AdapterPair> pairs) {
        this.use = new ConcurrentUse(pairs);
    }

    /**
     * {@link ConcurrentUse#sharedEvdManyPostersManyPollers}, 6 rounds.
     *
     * @throws Exception when a check fails
     */
    @Test
    public void sharedEvdManyPostersManyPollers() throws Exception {
        use.sharedEvdManyPostersManyPollers(6);
    }

    /**
     * {@link ConcurrentUse#endRacesPostsAndPolls}, 20 rounds.
     *
     * @throws Exception when a check fails
     */
    @Test
    public void endRacesPostsAndPolls() throws Exception {
        use.endRacesPostsAndPolls(20);
    }

    /**
     * {@link ConcurrentUse#closeReleasesBlockedCalls}, 20 rounds.
     *
     * @throws Exception when a check fails
     */
    @Test
    public void closeReleasesBlockedCalls() throws Exception {
        use.closeReleasesBlockedCalls(20);
    }

    /**
     * {@link ConcurrentUse#sharedReceiveQueueFromManyThreads}, 4 rounds.
     *
     * @throws Exception when a check fails
     */
    @Test
    public void sharedReceiveQueueFromManyThreads() throws Exception {
        use.sharedReceiveQueueFromManyThreads(4);
    }

    /**
     * {@link ConcurrentUse#concurrentCloses}, 20 rounds.
     *
     * @throws Exception when a check fails
     */
    @Test
    public void concurrentCloses() throws Exception {
        use.concurrentCloses(20);
    }

    /**
     * {@link ConcurrentUse#regionFreeRacesRdma}, 10 rounds.
     *
     * @throws Exception when a check fails
     */
    @Test
    public void regionFreeRacesRdma() throws Exception {
        use.regionFreeRacesRdma(10);
    }

    /**
     * {@link ConcurrentUse#regionFreeRacesSends}, 10 rounds.
     *
     * @throws Exception when a check fails
     */
    @Test
    public void regionFreeRacesSends() throws Exception {
        use.regionFreeRacesSends(10);
    }

    /**
     * {@link ConcurrentUse#connectionRaces}, 30 rounds.
     *
     * @throws Exception when a check fails
     */
    @Test
    public void connectionRaces() throws Exception {
        use.connectionRaces(30);
    }

    /**
     * {@link ConcurrentUse#waiterRacesEvdChanges}, 20 rounds.
     *
     * @throws Exception when a check fails
     */
    @Test
    public void waiterRacesEvdChanges() throws Exception {
        use.waiterRacesEvdChanges(20);
    }
}

package io.dat4j.provider.shm;

import io.dat4j.testsupport.ConcurrentUse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The public API from many threads at once on shm0 (two IAs of one JVM) ({@link ConcurrentUse}). */
@Timeout(300)
class ShmConcurrentUseTest {

    private final ConcurrentUse use = new ConcurrentUse(Fixture::new);

    @Test
    void sharedEvdManyPostersManyPollers() throws Exception {
        use.sharedEvdManyPostersManyPollers(6);
    }

    @Test
    void endRacesPostsAndPolls() throws Exception {
        use.endRacesPostsAndPolls(20);
    }

    @Test
    void closeReleasesBlockedCalls() throws Exception {
        use.closeReleasesBlockedCalls(20);
    }

    @Test
    void sharedReceiveQueueFromManyThreads() throws Exception {
        use.sharedReceiveQueueFromManyThreads(4);
    }

    @Test
    void concurrentCloses() throws Exception {
        use.concurrentCloses(20);
    }

    @Test
    void regionFreeRacesRdma() throws Exception {
        use.regionFreeRacesRdma(10);
    }

    @Test
    void connectionRaces() throws Exception {
        use.connectionRaces(30);
    }

    @Test
    void waiterRacesEvdChanges() throws Exception {
        use.waiterRacesEvdChanges(20);
    }
}

package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.provider.shm.sys.Descriptors;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many connections per IA on two threads per IA: 1,000 connections established at once, a SEND and an RDMA write on
 * each (every completion once, in posting order per EP), and nothing left once the IAs close.
 */
@Timeout(300)
class ShmScaleTest {

    static final int CONNECTIONS = 1000;

    @Test
    void carriesHundredsOfConnectionsWithoutAThreadPerConnection() throws Exception {
        try (Fixture warm = new Fixture()) {
            warm.connect();
        }
        final long before = Fixture.providerThreads();
        final long fds = Descriptors.openDescriptors();
        try (Fixture f = new Fixture()) {
            assertEquals(before + 4, Fixture.providerThreads(), "two threads per IA");
            final List<List<Endpoint>> eps = f.connectMany(CONNECTIONS);
            final List<Endpoint> clients = eps.get(0);
            final List<Endpoint> servers = eps.get(1);
            assertEquals(before + 4, Fixture.providerThreads(), "no thread per connection");
            final LocalMemoryRegion src = f.lmr(f.c, 64);
            final LocalMemoryRegion dst = f.lmr(f.s, 64L * CONNECTIONS);
            for (int i = 0; i < CONNECTIONS; i++) {
                servers.get(i).postRecv(List.of(dst.triplet(64L * i, 64)), i, CompletionFlag.DEFAULT);
            }
            for (int i = 0; i < CONNECTIONS; i++) {
                clients.get(i).postSend(List.of(src.triplet(0, 8)), 2L * i, CompletionFlag.DEFAULT);
                clients.get(i).postRdmaWrite(List.of(src.triplet(0, 64)), 2L * i + 1, dst.remoteTriplet(64L * i, 64),
                        CompletionFlag.DEFAULT);
            }
            final long[] next = new long[CONNECTIONS];
            for (int k = 0; k < 2 * CONNECTIONS; k++) {
                final DtoCompletionEvent d = Fixture.dto(f.c.evd);
                assertEquals(DtoStatus.SUCCESS, d.status(), d.toString());
                final int i = (int) (d.cookie() / 2);
                assertEquals(next[i]++, d.cookie() % 2, "in posting order on EP " + i);
            }
            for (int k = 0; k < CONNECTIONS; k++) {
                assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.s.evd).status());
            }
        }
        Fixture.assertProviderReleased(before, fds, Duration.ofSeconds(10));
    }
}

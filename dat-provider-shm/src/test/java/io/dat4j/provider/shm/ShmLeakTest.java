package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.provider.shm.sys.Descriptors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening and closing IAs with connections, listeners and regions, closed in order or by closing the IAs with
 * everything open, leaves nothing behind: no thread, descriptor (memfd, socket), shared mapping or socket file.
 */
class ShmLeakTest {

    @TempDir
    Path tmp;

    @Test
    void nothingIsLeftAfterManyIasWithConnections() throws Exception {
        final Path dir = tmp.resolve("r");
        try (Fixture warm = new Fixture("dat4j.shm.dir=" + dir)) {
            warm.connect();
        }
        final long fds = Descriptors.openDescriptors();
        final long threads = Fixture.providerThreads();
        for (int round = 0; round < 10; round++) {
            final Fixture f = new Fixture("dat4j.shm.dir=" + dir);
            final Endpoint[][] eps = new Endpoint[3][];
            for (int i = 0; i < 3; i++) {
                eps[i] = f.connect();
            }
            final PublicServicePoint extra = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
            final LocalMemoryRegion a = f.lmr(f.c, 1 << 16);
            final LocalMemoryRegion b = f.lmr(f.s, 1 << 16);
            for (final Endpoint[] ep : eps) {
                ep[1].postRecv(List.of(b.triplet(0, 4096)), 1, CompletionFlag.DEFAULT);
                ep[0].postSend(List.of(a.triplet(0, 4096)), 2, CompletionFlag.DEFAULT);
                ep[0].postRdmaWrite(List.of(a.triplet(0, 1 << 16)), 3, b.remoteTriplet(0, 1 << 16),
                        CompletionFlag.DEFAULT);
                assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
                assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.c.evd).status());
                assertEquals(DtoStatus.SUCCESS, Fixture.dto(f.s.evd).status());
            }
            if (round % 2 == 0) {
                extra.close();
            }
            // odd rounds: every child still open, receives posted; the IA closes them all
            eps[0][1].postRecv(List.of(b.triplet(0, 64)), 9, CompletionFlag.DEFAULT);
            f.close();
        }
        Fixture.assertProviderReleased(threads, fds, Duration.ofSeconds(10));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "socket files left");
        }
        assertTrue(Fixture.providerThreads() == threads);
    }
}

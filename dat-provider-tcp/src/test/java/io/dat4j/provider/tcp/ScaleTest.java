package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointState;
import io.dat4j.LocalMemoryRegion;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Many connections per IA on a few I/O threads, and no thread left behind. */
@Timeout(300)
class ScaleTest {

    static final int CONNECTIONS = 1000;

    private static long ioThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("dat4j-tcp-"))
                .count();
    }

    private static long openFiles() {
        final java.nio.file.Path fds = java.nio.file.Path.of("/proc/self/fd");
        if (!java.nio.file.Files.isDirectory(fds)) {
            return -1;
        }
        try (var s = java.nio.file.Files.list(fds)) {
            return s.count();
        } catch (final java.io.IOException e) {
            return -1;
        }
    }

    @Test
    void shouldCarryAThousandConnectionsPerIaWithoutAThreadPerConnection() {
        try (Fixture warm = new Fixture()) {
            warm.connect();
        }
        final long before = ioThreads();
        final long filesBefore = openFiles();
        try (Fixture f = new Fixture()) {
            assertEquals(before + 2L * TcpProvider.IO_THREADS_DEFAULT, ioThreads());
            final List<Endpoint> clients = f.connectMany(CONNECTIONS).get(0);
            assertTrue(clients.stream().allMatch(ep -> ep.state() == EndpointState.CONNECTED));
            assertEquals(before + 2L * TcpProvider.IO_THREADS_DEFAULT, ioThreads(), "no thread per connection");
            final LocalMemoryRegion src = f.lmr(f.c, 64);
            final LocalMemoryRegion dst = f.lmr(f.s, 64L * CONNECTIONS);
            for (int i = 0; i < CONNECTIONS; i++) {
                clients.get(i).postRdmaWrite(List.of(src.triplet(0, 64)), i, dst.remoteTriplet(64L * i, 64),
                        CompletionFlag.DEFAULT);
            }
            for (int i = 0; i < CONNECTIONS; i++) {
                assertEquals(DtoStatus.SUCCESS, dto(f.c.evd).status());
            }
        }
        assertEquals(before, ioThreads(), "I/O threads left after IA close");
        if (filesBefore >= 0) {
            // sockets of 2,000 EPs and 2 IAs must all be closed; a few descriptors of class loading may come and go
            assertTrue(openFiles() <= filesBefore + 8, "file descriptors leaked: " + filesBefore + " before, "
                    + openFiles() + " after");
        }
    }
}

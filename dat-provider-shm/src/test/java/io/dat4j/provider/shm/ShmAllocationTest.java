package io.dat4j.provider.shm;

import static io.dat4j.testsupport.ThreadAllocations.allocated;
import static io.dat4j.testsupport.ThreadAllocations.requireCounters;
import static io.dat4j.testsupport.ThreadAllocations.slotRound;
import static io.dat4j.testsupport.ThreadAllocations.threadsNamed;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventSlot;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The data path allocates nothing per operation after warm-up, on any thread (consumers, the progress and connection
 * threads), when completions are taken into a reused {@link EventSlot}: SEND and receive through the ring, RDMA write
 * and read through the ring (in one process; also with {@code cma=off}) and by CMA (to a peer process).
 */
@Timeout(300)
class ShmAllocationTest {

    @ParameterizedTest
    @ValueSource(strings = {"auto", "off"})
    void underOneBytePerOperationOnEveryThread(final String cma) {
        requireCounters();
        try (Fixture f = new Fixture("dat4j.shm.cma=" + cma)) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion a = f.lmr(f.c, 4096);
            final LocalMemoryRegion b = f.lmr(f.s, 4096);
            final List<LocalMemoryTriplet> src = List.of(a.triplet(0, 256));
            final List<LocalMemoryTriplet> recv = List.of(b.triplet(0, 256));
            final RemoteMemoryTriplet dst = b.remoteTriplet(1024, 256);
            final EventSlot slot = new EventSlot();
            slotRound(f, ep, src, dst, recv, slot, 10_000);
            final List<Thread> threads = threadsNamed("dat4j-shm-");
            threads.add(Thread.currentThread());
            // the steady state is the claim: a one-off allocation (a JIT deoptimisation, a table grown once) may
            // fall into one window, so the best of three windows is asserted, and every window is reported
            final int n = 5_000;
            double best = Double.MAX_VALUE;
            final StringBuilder windows = new StringBuilder();
            for (int w = 0; w < 3 && best >= 1.0; w++) {
                final long before = allocated(threads);
                slotRound(f, ep, src, dst, recv, slot, n);
                final long after = allocated(threads);
                final double perOp = (after - before) / (4.0 * n);
                System.out.printf("allocation (cma=%s): %d bytes over %d operations on %d threads (%.4f per"
                        + " operation)%n", cma, after - before, 4 * n, threads.size(), perOp);
                windows.append(String.format(" %.4f", perOp));
                best = Math.min(best, perOp);
            }
            assertTrue(best < 1.0, "bytes allocated per operation in each window of " + 4 * n + " operations:"
                    + windows);
        }
    }

    /** SEND echoed by a peer process, RDMA write and read into its region by CMA: this JVM's threads. */
    @org.junit.jupiter.api.Test
    void underOneBytePerOperationWithCmaToAPeerProcess(@org.junit.jupiter.api.io.TempDir final java.nio.file.Path tmp)
            throws Exception {
        requireCounters();
        final java.nio.file.Path dir = tmp.resolve("r");
        final Process peer = new ProcessBuilder(io.dat4j.testsupport.ChildJvm.command(ShmPeerMain.class,
                List.of("-Ddat4j.shm.dir=" + dir))).redirectErrorStream(true).start();
        try (Fixture f = new Fixture("dat4j.shm.dir=" + dir);
                java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(
                        peer.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
            String line = out.readLine();
            while (line != null && !line.startsWith("PEER ")) {
                line = out.readLine();
            }
            final Endpoint ep = f.c.ep(null);
            ep.connect(java.net.InetAddress.getLoopbackAddress(), Long.parseLong(line.split(" ")[1]), Fixture.WAIT,
                    new byte[] {1});
            final java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(Fixture.expect(f.c.conn,
                    io.dat4j.EventNumber.CONNECTION_EVENT_ESTABLISHED).privateData().toByteArray());
            final RemoteMemoryTriplet remote = new RemoteMemoryTriplet(b.getInt(), b.getLong(), 256);
            final LocalMemoryRegion a = f.lmr(f.c, 4096);
            final List<LocalMemoryTriplet> src = List.of(a.triplet(0, 256));
            final List<LocalMemoryTriplet> recv = List.of(a.triplet(1024, 256));
            final EventSlot slot = new EventSlot();
            final Runnable round = () -> {
                ep.postRecv(recv, 1, CompletionFlag.DEFAULT);
                ep.postSend(src, 2, CompletionFlag.DEFAULT);
                ep.postRdmaWrite(src, 3, remote, CompletionFlag.DEFAULT);
                ep.postRdmaRead(recv, 4, remote, CompletionFlag.DEFAULT);
                for (int k = 0; k < 4; k++) {
                    f.c.evd.await(Fixture.WAIT, slot);
                    if (slot.status() != DtoStatus.SUCCESS) {
                        fail("completion " + slot);
                    }
                }
            };
            for (int i = 0; i < 10_000; i++) {
                round.run();
            }
            final List<Thread> threads = threadsNamed("dat4j-shm-");
            threads.add(Thread.currentThread());
            final int n = 5_000;
            final long before = allocated(threads);
            for (int i = 0; i < n; i++) {
                round.run();
            }
            final long after = allocated(threads);
            final double perOp = (after - before) / (4.0 * n);
            System.out.printf("allocation (CMA to a peer process): %d bytes over %d operations on %d threads (%.4f per"
                    + " operation)%n", after - before, 4 * n, threads.size(), perOp);
            assertTrue(perOp < 1.0, "allocated " + (after - before) + " bytes over " + 4 * n + " operations: " + perOp
                    + " per operation");
        } finally {
            peer.destroyForcibly();
        }
    }
}

package io.dat4j.provider.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.CompletionFlag;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.RemoteMemoryTriplet;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Remote access to registered memory: rmr contexts are random (not sequential, every bit balanced), and freeing an
 * LMR revokes remote access at once: once {@code close()} returned, no byte of the region changes, even with an RDMA
 * write racing with the free. Per-region privileges and bounds are checked by {@link HostilePeerTest}.
 */
@Timeout(120)
class RegionSecurityTest {

    @Test
    void rmrContextsAreRandomNotSequential() {
        try (Fixture f = new Fixture()) {
            final int n = 2000;
            final MemorySegment seg = f.arena.allocate(64);
            final List<Integer> ctx = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ctx.add(f.client.createLocalMemoryRegion(f.c.pz, seg, MemoryPrivilege.ALL).rmrContext());
            }
            final Set<Integer> distinct = new HashSet<>(ctx);
            assertEquals(n, distinct.size(), "rmr contexts repeat");
            assertTrue(!distinct.contains(0), "rmr context 0 was given out");
            int close = 0;
            for (int i = 1; i < n; i++) {
                if (Math.abs((long) ctx.get(i) - ctx.get(i - 1)) < 65_536) {
                    close++;
                }
            }
            // for uniform 32-bit values P(|d| < 2^16) is about 2^-15 per pair: 0.06 expected in 2,000
            assertTrue(close <= 3, close + " consecutive contexts lie within 65,536 of each other");
            for (int bit = 0; bit < 32; bit++) {
                int ones = 0;
                for (final int c : ctx) {
                    ones += (c >>> bit) & 1;
                }
                // binomial(2000, 1/2): sd 22; 0.4..0.6 is 9 sd
                assertTrue(ones > n * 0.4 && ones < n * 0.6, "bit " + bit + " is set in " + ones + " of " + n);
            }
        }
    }

    @Test
    void freeingAnLmrRevokesRemoteAccessAtOnceEvenDuringAWrite() throws Exception {
        final int size = 1 << 20;
        int refused = 0;
        int succeeded = 0;
        try (Fixture f = new Fixture()) {
            final LocalMemoryRegion src = f.lmr(f.c, size);
            src.segment().fill((byte) 0x5a);
            for (int round = 0; round < 30; round++) {
                final Endpoint[] ep = f.connect();
                final MemorySegment target = f.arena.allocate(size, 64);
                final LocalMemoryRegion dst = f.server.createLocalMemoryRegion(f.s.pz, target, MemoryPrivilege.ALL);
                final RemoteMemoryTriplet t = dst.remoteTriplet(0, size);
                ep[0].postRdmaWrite(List.of(src.triplet(0, size)), round, t, CompletionFlag.DEFAULT);
                if (round % 2 == 1) {
                    Thread.onSpinWait();
                }
                dst.close();
                final byte[] atFree = target.toArray(ValueLayout.JAVA_BYTE);
                final DtoCompletionEvent d = Fixture.dto(f.c.evd);
                assertEquals(round, d.cookie());
                if (d.status() == DtoStatus.SUCCESS) {
                    succeeded++;
                } else {
                    // refused at the header, or cut off mid-payload when the free won the race: either way the
                    // target answers NAK access (REMOTE_ACCESS), however much of the payload it had taken
                    assertEquals(DtoStatus.REMOTE_ACCESS, d.status(), d.toString());
                    refused++;
                }
                // nothing landed in the region after its free returned
                assertArrayEquals(atFree, target.toArray(ValueLayout.JAVA_BYTE), "round " + round);
                // and a later write to the freed context is refused
                if (d.status() == DtoStatus.SUCCESS) {
                    ep[0].postRdmaWrite(List.of(src.triplet(0, 64)), 1000 + round, new RemoteMemoryTriplet(
                            t.rmrContext(), t.virtualAddress(), 64), CompletionFlag.DEFAULT);
                    assertEquals(DtoStatus.REMOTE_ACCESS, Fixture.dto(f.c.evd).status());
                }
                assertNotEquals(io.dat4j.EndpointState.CONNECTED, awaitDown(ep[0]));
                ep[0].close();
                ep[1].close();
                while (f.c.conn.poll() != null || f.s.conn.poll() != null || f.s.evd.poll() != null) {
                    // drain BROKEN events
                }
            }
        }
        System.out.println("LMR free racing a 1 MiB RDMA write: " + succeeded + " completed first, " + refused
                + " refused (REMOTE_ACCESS)");
    }

    private static io.dat4j.EndpointState awaitDown(final Endpoint ep) throws InterruptedException {
        final long end = System.nanoTime() + 20_000_000_000L;
        while (ep.state() == io.dat4j.EndpointState.CONNECTED && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        return ep.state();
    }
}

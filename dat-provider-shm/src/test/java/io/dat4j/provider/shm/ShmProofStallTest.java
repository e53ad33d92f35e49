package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventNumber;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.provider.shm.sys.CrossMemory;
import io.dat4j.provider.shm.sys.Descriptors;
import io.dat4j.provider.shm.sys.Handshake;
import io.dat4j.provider.shm.sys.Rendezvous;
import io.dat4j.testsupport.AdapterPair;
import io.dat4j.testsupport.ChildJvm;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.net.StandardProtocolFamily;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile requester whose proof of pid names memory that faults without end (an unserved {@code userfaultfd} page
 * of another process, {@link UserfaultPageMain}) breaks at most its own connection's CMA: while the IA's read of that
 * page is stuck in {@code process_vm_readv}, an honest connection to the same IA is still established. Before the
 * prober thread ({@link CmaProber}) the read ran on the IA's connection-management thread, which then connected and
 * accepted nobody until the hostile process served the fault or exited (this test failed there: the honest
 * connection request never reached the server's EVD, TIMEOUT_EXPIRED). Once the hostile process is killed and the IA
 * closed, nothing of the provider is left (threads, descriptors, socket files). Skipped where the kernel gives no
 * {@code userfaultfd} that handles kernel faults (an unprivileged user with {@code vm.unprivileged_userfaultfd=0}) or
 * refuses CMA to the child.
 */
class ShmProofStallTest {

    /** How long each step may take (a liveness bound for a loaded machine, not a timing assertion). */
    private static final Duration BOUND = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    @Test
    void aProofThatNeverReadsLeavesTheIaServingOthers() throws Exception {
        final Path dir = tmp.resolve("r");
        try (Fixture warm = new Fixture("dat4j.shm.dir=" + dir)) {
            warm.connect();
        }
        final long threads = Fixture.providerThreads();
        final Process child = new ProcessBuilder(ChildJvm.command(UserfaultPageMain.class, List.of()))
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            final String line = out.readLine();
            assertNotNull(line, "the userfaultfd child ended without a word");
            assumeFalse(line.startsWith("SKIP"), line);
            final String[] w = line.split(" ");
            assertEquals("READY", w[0], line);
            final long pid = Long.parseLong(w[1]);
            final long page = Long.parseLong(w[2]);
            final int bell = Integer.parseInt(w[3]);
            assumeTrue(CrossMemory.probe(pid, 0, 0) != CrossMemory.Probe.REFUSED,
                    "the kernel refuses CMA to the child (ptrace rules): the proof cannot reach its page");
            final long fds = Descriptors.openDescriptors();
            final Fixture f = new Fixture("dat4j.shm.dir=" + dir);
            try {
                stallAndConnect(f, dir, pid, page, bell);
            } finally {
                child.destroyForcibly();
                child.waitFor();
                f.close();
            }
            Fixture.assertProviderReleased(threads, fds, BOUND);
            try (var files = Files.list(dir)) {
                assertEquals(0, files.count(), "socket files left");
            }
        } finally {
            child.destroyForcibly();
        }
    }

    /**
     * The hostile requester (REQ naming the child's pid and doorbell, RTU naming its page as the proof), then, while
     * the server reads that page, an honest connection to the same PSP, which must be ESTABLISHED within the bound.
     */
    private static void stallAndConnect(final Fixture f, final Path dir, final long pid, final long page,
            final int bell) throws IOException, InterruptedException {
        final PublicServicePoint psp = f.server.createPublicServicePointAny(f.s.conn, ServicePointFlag.CONSUMER);
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(Rendezvous.open(dir).address(psp.connectionQualifier()));
            final Handshake req = new Handshake();
            req.type = Handshake.REQ;
            req.flags = Handshake.FLAG_CMA;
            req.depthIn = 8;
            req.depthOut = 8;
            req.pid = pid;
            req.doorbellFd = bell;
            req.probeValue = 0x5eed;
            ch.write(req.encode(Handshake.frameBuffer()));
            AdapterPair.request(f.s.conn).accept(f.s.ep(null), null);
            final Handshake rep = new Handshake();
            rep.decode(readFrame(ch));
            assertEquals(Handshake.REP, rep.type);
            final Handshake rtu = new Handshake();
            rtu.type = Handshake.RTU;
            rtu.flags = Handshake.FLAG_CMA;
            rtu.probeAddress = page;
            ch.write(rtu.encode(Handshake.frameBuffer()));
            awaitProbeInside();
            final Endpoint ce = f.c.ep(null);
            final Endpoint se = f.s.ep(null);
            ce.connect(f.server.address().getAddress(), psp.connectionQualifier(), BOUND, null);
            while (true) { // the hostile connection's ESTABLISHED (without CMA) may come first
                final Event e = f.s.conn.await(BOUND);
                if (e instanceof ConnectionRequestEvent cr) {
                    cr.request().accept(se, null);
                    break;
                }
            }
            assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED,
                    assertInstanceOf(ConnectionEvent.class, f.c.conn.await(BOUND)).number());
        } finally {
            psp.close();
        }
    }

    /** Waits until a thread of the server IA is inside the proof's read of the hostile page. */
    private static void awaitProbeInside() throws InterruptedException {
        final long end = System.nanoTime() + BOUND.toNanos();
        while (System.nanoTime() - end < 0) {
            for (final var e : Thread.getAllStackTraces().entrySet()) {
                if (e.getKey().getName().startsWith("dat4j-shm-srv") && Arrays.stream(e.getValue()).anyMatch(
                        s -> s.getClassName().endsWith(".CrossMemory") && s.getMethodName().equals("probe"))) {
                    return;
                }
            }
            Thread.sleep(5);
        }
        fail("the server IA never began to read the hostile proof");
    }

    private static ByteBuffer readFrame(final SocketChannel ch) throws IOException {
        final ByteBuffer buf = Handshake.frameBuffer();
        while (true) {
            if (ch.read(buf) < 0) {
                throw new EOFException("the provider closed the socket");
            }
            final ByteBuffer body = Handshake.nextFrame(buf.duplicate().flip().order(buf.order()));
            if (body != null) {
                return body;
            }
        }
    }
}

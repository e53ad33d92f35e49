package io.dat4j.tools;

import io.dat4j.CompletionFlag;
import io.dat4j.RemoteMemoryTriplet;
import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dat test}: dtest's flow between two processes. Connect with 48 bytes of private data (1..48, sent back
 * incremented), exchange buffer info (dtest's RMR triplet), RDMA write a burst plus a message, four RDMA reads plus
 * a message, a ping-pong burst, disconnect; then every step's time. The messages and their order are dtest's, so a
 * C dtest peer can stand on the other side (with {@code -p 45248}, dtest's fixed port).
 */
@Command(name = "test", description = "dtest-style check between a server (-s) and a client (-h HOST): connect"
        + " with private data, exchange buffer info, RDMA write, RDMA read, ping-pong, disconnect, printing each"
        + " step's time.")
final class TestCommand implements Callable<Integer> {

    /** dtest's SERVER_CONN_QUAL. */
    static final long DTEST_PORT = 45248;
    private static final int PDATA = 48;
    private static final int RDMA_READS = 4;
    private static final int MSG_COUNT = 3;

    @Spec
    private CommandSpec spec;
    @Mixin
    private CommonOptions common;
    @Mixin
    private PeerOptions peer;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT",
            description = "Connection qualifier (default: ${DEFAULT-VALUE}, dtest's); a server given 0 listens on one the"
                    + " provider picks and prints it.")
    private long port = DTEST_PORT;

    @Option(names = {"-b", "--buffer-size"}, paramLabel = "BYTES", description = "RDMA and message size, as dtest -b"
            + " (default: ${DEFAULT-VALUE}).")
    private int bufLen = 64;

    @Option(names = {"-B", "--burst"}, paramLabel = "COUNT", description = "Burst count of writes and ping-pongs, as"
            + " dtest -B; give both sides the same -B and -b, as with dtest (default: ${DEFAULT-VALUE}).")
    private int burst = 10;

    @Option(names = "--poll", description = "Poll the EVDs (dat_evd_dequeue) instead of waiting, as dtest -p.")
    private boolean poll;

    @Override
    public Integer call() {
        peer.validate(spec);
        peer.validatePort(spec, port);
        if (bufLen < 2 || burst < 1) {
            throw new ParameterException(spec.commandLine(), "-b must be at least 2 and -B at least 1");
        }
        final PrintWriter out = spec.commandLine().getOut();
        do {
            final boolean ok = runOnce(out);
            if (!ok && !peer.forever) {
                return 1;
            }
        } while (peer.forever);
        return 0;
    }

    private boolean runOnce(final PrintWriter out) {
        final long region = (long) bufLen * (burst + 1);
        // data = rbuf (the peer's RDMA target, what we advertise) followed by sbuf (our source)
        final Session.Spec sz = new Session.Spec(2 * region, MSG_COUNT + burst, Math.max(bufLen, Wire.RMR_TRIPLET_SIZE),
                burst + RDMA_READS + MSG_COUNT, peer.server ? 0 : RDMA_READS);
        final String role = peer.server ? "server" : "client";
        out.printf("Running as %s - %s%n", role, common.ia);
        final long t0 = System.nanoTime();
        long rdmaWrite = 0;
        final long[] reads = new long[RDMA_READS];
        long rtt = 0;
        boolean ok = false;
        Session s = null;
        try {
            s = Session.open(common.ia, sz, poll);
            out.printf("Local address %s%n", s.interfaceAdapter().address().getAddress().getHostAddress());
            if (peer.server) {
                s.listen(port);
                // the qualifier in force: the provider picks one for -p 0
                out.printf("Server waiting for connect request on port %d%n", s.listening());
                out.flush();
                s.accept(port, peer.waitDuration(), TestCommand::checkAndIncrement);
            } else {
                final byte[] back = s.connect(peer.hostAddress(spec), port, pattern(1),
                        peer.connectTimeout(Session.DTO_TIMEOUT));
                if (!java.util.Arrays.equals(back, pattern(2))) {
                    throw new IllegalStateException("the server's private data is not the client's plus one");
                }
            }
            out.printf("CONNECTED! private data checked (%d bytes)%n", PDATA);
            final MemorySegment data = s.data();
            final MemorySegment rbuf = data.asSlice(0, region);
            final MemorySegment sbuf = data.asSlice(region, region);
            putString(rbuf, "blah, blah, blah\n");
            // as dtest: the buffer info advertises -b, the bytes each RDMA write and read moves
            final RemoteMemoryTriplet remote = s.exchangeBufferInfo(bufLen, bufLen, "give both sides the same -b");
            out.printf("Received RMR from remote: r_key_ctx=%x, va=%x, len=0x%x%n", remote.rmrContext(),
                    remote.virtualAddress(), remote.segmentLength());
            final RemoteMemoryTriplet target = new RemoteMemoryTriplet(remote.rmrContext(), remote.virtualAddress(),
                    bufLen);

            // RDMA write: burst writes of two segments, then the buffer info again as the completion message
            putString(sbuf, role + " RDMA write data...");
            final List<io.dat4j.LocalMemoryTriplet> iov = List.of(s.dataTriplet(region, bufLen / 2),
                    s.dataTriplet(region + bufLen / 2, bufLen - bufLen / 2));
            long t = System.nanoTime();
            for (int i = 0; i < burst; i++) {
                s.endpoint().postRdmaWrite(iov, 0x9999, target, CompletionFlag.DEFAULT);
            }
            for (int i = 0; i < burst; i++) {
                s.awaitRequest("RDMA write " + (i + 1));
            }
            s.sendControl(Wire.RMR_TRIPLET_SIZE);
            recvMessage(s, Wire.RMR_TRIPLET_SIZE, "the RDMA write completion message");
            rdmaWrite = System.nanoTime() - t;
            out.printf("%s RDMA write buffer contains: %s%n", role.toUpperCase(Locale.ROOT), getString(rbuf));

            // RDMA read: four reads of the peer's rbuf into our sbuf, each waited for, then the message
            putString(sbuf, "blah, blah, blah\n");
            putString(rbuf, role + " RDMA read data...");
            for (int i = 0; i < RDMA_READS; i++) {
                t = System.nanoTime();
                s.endpoint().postRdmaRead(List.of(s.dataTriplet(region, bufLen)), 0x9999, target,
                        CompletionFlag.DEFAULT);
                final Completion e = s.awaitRequest("RDMA read " + (i + 1));
                if (e.transferredLength() != bufLen) {
                    throw new IllegalStateException("RDMA read transferred " + e.transferredLength() + " bytes, not "
                            + bufLen);
                }
                reads[i] = System.nanoTime() - t;
            }
            s.sendControl(Wire.RMR_TRIPLET_SIZE);
            recvMessage(s, Wire.RMR_TRIPLET_SIZE, "the RDMA read completion message");
            out.printf("%s RCV RDMA read buffer contains: %s%n", role.toUpperCase(Locale.ROOT), getString(sbuf));

            // ping-pong: dtest sleeps a second so the peer can post its receives; our ring is posted already,
            // but a C dtest peer posts them only now
            Thread.sleep(1000);
            t = System.nanoTime();
            for (int i = 0; i < burst; i++) {
                if (!peer.server) {
                    sbuf.set(ValueLayout.JAVA_BYTE, (long) i * bufLen, (byte) 0x55);
                    sendData(s, region + (long) i * bufLen);
                }
                recvMessage(s, bufLen, "ping-pong message " + (i + 1));
                if (i == 0 && peer.server) {
                    t = System.nanoTime();
                }
                if (peer.server) {
                    sbuf.set(ValueLayout.JAVA_BYTE, (long) i * bufLen, (byte) 0xaa);
                    sendData(s, region + (long) i * bufLen);
                }
            }
            rtt = System.nanoTime() - t;
            if (peer.server) {
                s.awaitDisconnect(peer.waitDuration());
            } else {
                s.disconnect();
            }
            ok = true;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            spec.commandLine().getErr().println("dat test: interrupted");
        } catch (final RuntimeException e) {
            spec.commandLine().getErr().println("dat test: " + DatCommand.describe(e));
        } finally {
            if (s != null) {
                try {
                    s.close();
                } catch (final RuntimeException e) {
                    spec.commandLine().getErr().println("dat test: teardown: " + DatCommand.describe(e));
                    ok = false;
                }
            }
        }
        final long total = System.nanoTime() - t0;
        out.printf("%nDAPL Test Complete. %s%n%n", ok ? "PASSED" : "FAILED");
        if (ok) {
            out.printf(Locale.ROOT, "Message RTT: Total=%10.2f usec, %d bursts, itime=%10.2f usec%n", rtt / 1e3,
                    burst, rtt / 1e3 / burst);
            out.printf(Locale.ROOT, "RDMA write:  Total=%10.2f usec, %d bursts, itime=%10.2f usec%n",
                    rdmaWrite / 1e3, burst, rdmaWrite / 1e3 / burst);
            for (int i = 0; i < RDMA_READS; i++) {
                out.printf(Locale.ROOT, "RDMA read:   read %d        itime=%10.2f usec%n", i + 1, reads[i] / 1e3);
            }
            for (final Map.Entry<String, Long> e : s.timings().entrySet()) {
                out.printf(Locale.ROOT, "%-11s%10.2f usec%n", e.getKey() + ":", e.getValue() / 1e3);
            }
            out.printf(Locale.ROOT, "%-11s%10.2f usec%n", "TOTAL:", total / 1e3);
        }
        out.flush();
        return ok;
    }

    private void sendData(final Session s, final long offset) {
        s.endpoint().postSend(List.of(s.dataTriplet(offset, bufLen)), 0xaaaa, CompletionFlag.DEFAULT);
        s.awaitRequest("send");
    }

    private static void recvMessage(final Session s, final long expected, final String what) {
        final Completion e = s.awaitRecv(what);
        s.repost((int) e.cookie());
        if (e.transferredLength() != expected) {
            throw new IllegalStateException(what + ": received " + e.transferredLength() + " bytes, expected "
                    + expected);
        }
    }

    /**
     * {@return dtest's private data: 48 bytes, byte i being i + first}
     *
     * @param first the value of byte 0
     */
    static byte[] pattern(final int first) {
        final byte[] p = new byte[PDATA];
        for (int i = 0; i < PDATA; i++) {
            p[i] = (byte) (i + first);
        }
        return p;
    }

    /**
     * Server side of dtest's private-data check: the request must carry 1..48; the accept carries each byte plus one.
     *
     * @param pdata the request's private data
     * @return the accept's private data, or null to reject
     */
    static byte[] checkAndIncrement(final byte[] pdata) {
        if (pdata.length < PDATA) {
            return null;
        }
        final byte[] back = new byte[PDATA];
        for (int i = 0; i < PDATA; i++) {
            if (pdata[i] != (byte) (i + 1)) {
                return null;
            }
            back[i] = (byte) (pdata[i] + 1);
        }
        return back;
    }

    private static void putString(final MemorySegment to, final String s) {
        final byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        final long n = Math.min(b.length, to.byteSize() - 1);
        MemorySegment.copy(b, 0, to, ValueLayout.JAVA_BYTE, 0, (int) n);
        to.set(ValueLayout.JAVA_BYTE, n, (byte) 0);
    }

    private static String getString(final MemorySegment from) {
        final int max = (int) Math.min(from.byteSize(), 256);
        int n = 0;
        while (n < max && from.get(ValueLayout.JAVA_BYTE, n) != 0) {
            n++;
        }
        final byte[] b = new byte[n];
        MemorySegment.copy(from, ValueLayout.JAVA_BYTE, 0, b, 0, n);
        // the peer wrote it: nothing but printable ASCII reaches the terminal
        for (int i = 0; i < n; i++) {
            if (b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
                b[i] = ' ';
            } else if (b[i] < 0x20 || b[i] > 0x7e) {
                b[i] = '?';
            }
        }
        return new String(b, StandardCharsets.US_ASCII).strip();
    }
}

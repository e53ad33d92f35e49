package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.EventNumber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every field the tools read from a peer is checked: a hostile client sends garbage and boundary values in each
 * field the {@code dat perf}, {@code dat test} and {@code dat cm} servers read (connect private data, buffer info,
 * control messages), and a hostile server answers a {@code dat perf} client with bad values. Each side ends with a
 * message that names the field and the value, never an exception's own text (an index out of bounds, a null
 * pointer) and never a hang.
 */
@Timeout(180)
class HostilePeerTest extends PeerTestBase {

    private static final long MAGIC = 0x4441_5450_4552_4631L; // DATPERF1

    private static byte[] perfPdata(final long maxSize, final int rx) {
        return ByteBuffer.allocate(24).putLong(MAGIC).putLong(maxSize).putInt(rx).array();
    }

    /**
     * Starts a one-run server, lets the hostile client do its worst, and returns the server's run.
     */
    private Cli serverFacing(final Consumer<String> hostile, final String... server) throws Exception {
        final Cli s = new Cli();
        final Future<Integer> code = s.start(pool, server);
        final String port = s.awaitPort();
        hostile.accept(port);
        assertEquals(1, code.get(60, TimeUnit.SECONDS), s.out() + s.err());
        assertClear(s.err());
        return s;
    }

    private static void assertClear(final String err) {
        for (final String raw : List.of("out of bounds", "Exception", "NullPointer", "null")) {
            assertFalse(err.contains(raw), "an exception's own text instead of a message: " + err);
        }
    }

    private Cli perfServerFacingConnect(final byte[] pdata) throws Exception {
        return serverFacing(port -> {
            try (RawPeer c = new RawPeer()) {
                assertEquals(EventNumber.CONNECTION_EVENT_PEER_REJECTED, c.connect(port, pdata).number());
            }
        }, "perf", "bw", "-s", "-P", Cli.IA, "-p", "0", "--wait", "20");
    }

    /** Connects as a well-formed dat perf client (64-byte messages) and then sends {@code messages}. */
    private Cli perfServerFacing(final byte[]... messages) throws Exception {
        return serverFacing(port -> {
            try (RawPeer c = new RawPeer()) {
                assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, c.connect(port, perfPdata(64, 32)).number());
                c.receive(); // the server's buffer info
                for (final byte[] m : messages) {
                    c.send(m);
                }
                // the server refuses and ends the connection; the client waits for that end
                c.receiveUntilEnd();
            }
        }, "perf", "bw", "-s", "-P", Cli.IA, "-p", "0", "--wait", "20");
    }

    private static byte[] start(final int op, final int mode, final long size, final long count) {
        return RawPeer.control(new Wire.Control(Wire.START, op, mode, size, count));
    }

    @Test
    void perfServerRefusesBadConnectPrivateData() throws Exception {
        assertTrue(perfServerFacingConnect(new byte[8]).err().contains("not from a dat perf client"));
        assertTrue(perfServerFacingConnect(new byte[24]).err().contains("not from a dat perf client"));
        assertTrue(perfServerFacingConnect(perfPdata(0, 32)).err().contains("rejected a request for 0-byte"));
        assertTrue(perfServerFacingConnect(perfPdata((1L << 30) + 1, 32)).err()
                .contains("rejected a request for 1073741825-byte"));
        assertTrue(perfServerFacingConnect(perfPdata(Long.MIN_VALUE, 32)).err()
                .contains("rejected a request for -9223372036854775808-byte"));
        assertTrue(perfServerFacingConnect(perfPdata(64, 1)).err().contains("receive depth of 1 slots"));
        assertTrue(perfServerFacingConnect(perfPdata(64, 4097)).err().contains("receive depth of 4097 slots"));
        assertTrue(perfServerFacingConnect(perfPdata(64, -1)).err().contains("receive depth of -1 slots"));
        // a bw server's receives share at most 64 MiB of slots, at least two: two 256 MiB slots exceed the cap
        assertTrue(perfServerFacingConnect(perfPdata(1 << 28, 4)).err()
                .contains("receive depth of 4 slots of 268435456 bytes"));
    }

    @Test
    void perfServerRefusesBadBufferInfoAndControlFraming() throws Exception {
        assertTrue(perfServerFacing(new byte[8]).err().contains("expected 16 bytes of buffer info, received 8"));
        final byte[] info = RawPeer.triplet(64);
        assertTrue(perfServerFacing(info, new byte[31]).err()
                .contains("expected a 32-byte control message, received 31 bytes"));
        assertTrue(perfServerFacing(info, new byte[32]).err().contains("bad control message magic"));
        assertTrue(perfServerFacing(info, RawPeer.control(new Wire.Control(42, 0, 1, 64, 1))).err()
                .contains("expected START (1) or QUIT (4) from the client, got type 42"));
    }

    @Test
    void perfServerRefusesEveryStartFieldOutOfRange() throws Exception {
        final byte[] info = RawPeer.triplet(64);
        // the operation number indexed an array unchecked: "Index 99 out of bounds"
        assertTrue(perfServerFacing(info, start(99, 2, 64, 1)).err().contains("START names operation 99"));
        assertTrue(perfServerFacing(info, start(-1, 2, 64, 1)).err().contains("START names operation -1"));
        assertTrue(perfServerFacing(info, start(Integer.MIN_VALUE, 2, 64, 1)).err()
                .contains("START names operation -2147483648"));
        assertTrue(perfServerFacing(info, start(0, 0, 64, 1)).err().contains("START names mode 0"));
        assertTrue(perfServerFacing(info, start(0, 3, 64, 1)).err().contains("START names mode 3"));
        assertTrue(perfServerFacing(info, start(0, 2, 0, 1)).err().contains("START asks for 0-byte messages"));
        assertTrue(perfServerFacing(info, start(0, 2, 65, 1)).err()
                .contains("START asks for 65-byte messages; the client announced 1..64"));
        assertTrue(perfServerFacing(info, start(0, 2, -1, 1)).err().contains("START asks for -1-byte messages"));
        assertTrue(perfServerFacing(info, start(0, 2, 64, 0)).err().contains("START asks for 0 iterations"));
        assertTrue(perfServerFacing(info, start(0, 1, 64, Long.MIN_VALUE)).err()
                .contains("START asks for -9223372036854775808 iterations"));
        // a send of the wrong size after a good START
        assertTrue(perfServerFacing(info, start(0, 1, 64, 5), new byte[10]).err()
                .contains("expected 64-byte messages, received 10"));
    }

    @Test
    void testServerRefusesAShortBufferAndBadPrivateData() throws Exception {
        final Cli a = serverFacing(port -> {
            try (RawPeer c = new RawPeer()) {
                assertEquals(EventNumber.CONNECTION_EVENT_PEER_REJECTED, c.connect(port, new byte[48]).number());
            }
        }, "test", "-s", "-P", Cli.IA, "-p", "0", "--wait", "20");
        assertTrue(a.err().contains("rejected a connection request with unexpected private data (48 bytes)"),
                a.err());
        final Cli b = serverFacing(port -> {
            try (RawPeer c = new RawPeer()) {
                assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, c.connect(port, TestCommand.pattern(1))
                        .number());
                c.receive();
                c.send(RawPeer.triplet(8));
                c.receiveUntilEnd();
            }
        }, "test", "-s", "-P", Cli.IA, "-p", "0", "--wait", "20");
        assertTrue(b.err().contains("the peer's buffer info advertises 8 bytes; this side transfers 64 bytes to and"
                + " from it (give both sides the same -b)"), b.err());
    }

    @Test
    void cmServerRefusesBadRequestsAndStillServesARun() throws Exception {
        final Cli s = new Cli();
        final Future<Integer> code = s.start(pool, "cm", "-s", "-P", Cli.IA, "-p", "0", "--wait", "20");
        final String port = s.awaitPort();
        for (final byte[] bad : List.of(new byte[4], new byte[16], CmServer.pdata(0, 0, 7), CmServer.pdata(0, -5, 7),
                CmServer.pdata(-1, 2, 7), CmServer.pdata(2, 2, 7))) {
            try (RawPeer c = new RawPeer()) {
                assertEquals(EventNumber.CONNECTION_EVENT_PEER_REJECTED, c.connect(port, bad).number());
            }
        }
        try (RawPeer c0 = new RawPeer(); RawPeer c1 = new RawPeer()) {
            assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, c0.connect(port, CmServer.pdata(0, 2, 7))
                    .number());
            try (RawPeer odd = new RawPeer()) {
                assertEquals(EventNumber.CONNECTION_EVENT_PEER_REJECTED, odd.connect(port, CmServer.pdata(1, 3, 7))
                        .number());
            }
            assertEquals(EventNumber.CONNECTION_EVENT_ESTABLISHED, c1.connect(port, CmServer.pdata(1, 2, 7))
                    .number());
            try (RawPeer extra = new RawPeer()) {
                assertEquals(EventNumber.CONNECTION_EVENT_PEER_REJECTED, extra.connect(port,
                        CmServer.pdata(1, 2, 7)).number());
            }
        }
        assertEquals(0, code.get(60, TimeUnit.SECONDS), s.out() + s.err());
        final String out = s.out();
        for (final String refusal : List.of("refused a request: 4 bytes of private data, not a dat cm request",
                "refused a request: private data starts with 0x00000000, not dat cm's 0x44415443",
                "refused a request: announces 0 connections in its run", "announces -5 connections",
                "is connection -1 of 2 (0..1)", "is connection 2 of 2 (0..1)",
                "refused run 00000007: connection 1 announces 3 connections, the run's first one announced 2",
                "refused run 00000007: connection 1 is one more than the 2 it announced",
                "served 2 connections (run 00000007)")) {
            assertTrue(out.contains(refusal), refusal + " in:\n" + out);
        }
    }

    @Test
    void perfClientRefusesALyingServer() throws Exception {
        // a server that grants no receive credit for sends
        assertTrue(perfClientFacing(c -> {
            final Wire.Control st = c.receiveControl();
            c.send(RawPeer.control(new Wire.Control(Wire.READY, st.op(), st.mode(), st.size(), 0)));
        }, ByteBuffer.allocate(16).putLong(MAGIC).putLong(64).array(), 64)
                .contains("the server's READY grants 0 receive credits"));
        // one that answers another operation's START
        assertTrue(perfClientFacing(c -> {
            final Wire.Control st = c.receiveControl();
            c.send(RawPeer.control(new Wire.Control(Wire.READY, 2, st.mode(), st.size(), 32)));
        }, ByteBuffer.allocate(16).putLong(MAGIC).putLong(64).array(), 64)
                .contains("the server's READY is for operation 2"));
        // one that advertises a buffer shorter than the client's messages
        assertTrue(perfClientFacing(c -> { }, ByteBuffer.allocate(16).putLong(MAGIC).putLong(64).array(), 16)
                .contains("the peer's buffer info advertises 16 bytes; this side transfers 64 bytes"));
        // one that is not a dat perf server
        assertTrue(perfClientFacing(c -> { }, new byte[16], 64).contains("the server is not a dat perf server"));
    }

    /**
     * Runs {@code dat perf bw --op send} against a raw server that accepts with {@code acceptPdata}, advertises a
     * buffer of {@code advertised} bytes and then does {@code lie}.
     *
     * @return the client's stderr
     */
    private String perfClientFacing(final Consumer<RawPeer> lie, final byte[] acceptPdata, final int advertised)
            throws Exception {
        try (RawPeer server = new RawPeer()) {
            final long port = server.listen();
            final Cli client = new Cli();
            final Future<Integer> code = client.start(pool, "perf", "bw", "-h", "127.0.0.1", "-P", Cli.IA, "-p",
                    Long.toString(port), "--sizes", "64", "-n", "10", "--op", "send,rdma_write", "--no-progress");
            server.accept(acceptPdata);
            if (acceptPdata.length == 16 && acceptPdata[0] != 0) {
                server.send(server.bufferInfo(advertised));
                server.receive();
                lie.accept(server);
            }
            assertEquals(1, code.get(60, TimeUnit.SECONDS), client.out() + client.err());
            assertClear(client.err());
            return client.err();
        }
    }
}

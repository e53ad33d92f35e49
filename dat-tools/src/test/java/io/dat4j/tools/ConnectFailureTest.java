package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client whose connect fails says what happened: TIMED_OUT (not a timeout of its own wait) when the server never
 * answers, and a hint that matches the failure: a server that answers with a protocol violation is not "nothing
 * listens there". The servers are raw TCP sockets speaking (or not) the TCP provider's wire protocol
 * (docs/tcp-wire.md).
 */
@Timeout(90)
class ConnectFailureTest {

    private final List<AutoCloseable> closeLater = new CopyOnWriteArrayList<>();

    @BeforeEach
    void needsTheLoopbackIa() {
        Cli.needLoopback();
    }

    @AfterEach
    void close() throws Exception {
        for (final AutoCloseable c : closeLater) {
            c.close();
        }
    }

    /** {@return a listener that completes TCP connections (the kernel's backlog) and never reads or writes} */
    private String silentListener() throws IOException {
        final ServerSocket ss = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        closeLater.add(ss);
        return Integer.toString(ss.getLocalPort());
    }

    /**
     * {@return a server that reads the connect request (REQ) and answers with a REP whose magic is wrong}
     */
    private String lyingServer() throws IOException {
        final ServerSocket ss = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        closeLater.add(ss);
        final Thread t = Thread.ofPlatform().daemon().start(() -> {
            try {
                while (true) {
                    final Socket s = ss.accept();
                    closeLater.add(s);
                    final DataInputStream in = new DataInputStream(s.getInputStream());
                    final byte[] header = new byte[32];
                    in.readFully(header);
                    in.readFully(new byte[ByteBuffer.wrap(header).getInt(4)]);
                    final ByteBuffer rep = ByteBuffer.allocate(32);
                    rep.put(0, (byte) 2).putLong(8, 0x1122334455667788L); // REP, not the DAT4JTCP magic
                    final OutputStream o = s.getOutputStream();
                    o.write(rep.array());
                    o.flush();
                }
            } catch (final IOException e) {
                // closed at the end of the test
            }
        });
        closeLater.add(t::interrupt);
        return Integer.toString(ss.getLocalPort());
    }

    @Test
    void shouldReportTimedOutWhenTheServerNeverAnswers() throws IOException {
        final Cli.Result r = Cli.run("test", "-h", "127.0.0.1", "-P", Cli.IA, "-p", silentListener(),
                "--connect-timeout", "2");
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("DAT_CONNECTION_EVENT_TIMED_OUT (no answer within the 2 s connect timeout"),
                r.toString());
        assertFalse(r.err().contains("TIMEOUT_EXPIRED"), r.toString());
    }

    @Test
    void shouldReportTimedOutWithTheDefaultTimeout() throws IOException {
        // the default connect timeout (10 s) and the wait for its event must not be equal
        final Cli.Result r = Cli.run("perf", "lat", "-h", "127.0.0.1", "-P", Cli.IA, "-p", silentListener(),
                "--no-progress");
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("DAT_CONNECTION_EVENT_TIMED_OUT (no answer within the 10 s connect timeout"),
                r.toString());
        assertFalse(r.err().contains("TIMEOUT_EXPIRED"), r.toString());
    }

    @Test
    void shouldReportTimedOutForEachCmConnection() throws IOException {
        final Cli.Result r = Cli.run("cm", "-h", "127.0.0.1", "-P", Cli.IA, "-p", silentListener(), "-c", "3",
                "-b", "3", "--connect-timeout", "1");
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("a connection got DAT_CONNECTION_EVENT_TIMED_OUT instead of"
                + " DAT_CONNECTION_EVENT_ESTABLISHED (no answer within the 1 s connect timeout"), r.toString());
    }

    @Test
    void shouldSayTheServerBrokeTheProtocolNotThatNothingListens() throws IOException {
        final Cli.Result r = Cli.run("test", "-h", "127.0.0.1", "-P", Cli.IA, "-p", lyingServer());
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("DAT_CONNECTION_EVENT_NON_PEER_REJECTED (the provider reported: "), r.toString());
        assertTrue(r.err().contains("protocol violation"), r.toString());
        assertTrue(r.err().contains("something answered on that port but did not complete the connection"),
                r.toString());
        assertFalse(r.err().contains("no server listens"), r.toString());
    }

    @Test
    void shouldSayNothingListensWhenNothingDoes() throws IOException {
        final int port;
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = ss.getLocalPort();
        }
        final Cli.Result r = Cli.run("test", "-h", "127.0.0.1", "-P", Cli.IA, "-p", Integer.toString(port));
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("DAT_CONNECTION_EVENT_NON_PEER_REJECTED (nothing accepted the request: no server"
                + " listens on that port"), r.toString());
    }
}

package io.dat4j.examples.dtest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;

/**
 * dtestx's server-info step ({@code send_server_params}, {@code get_server_params}): the server listens on a plain TCP
 * port (15828) and writes its IA address and provider ({@link ServerInfo}, 128 bytes) to the client, which answers
 * with a message of the same format holding its own IA address; each side parses the other's with C's
 * {@code sscanf}. Unlike dtest's one-way exchange ({@link ServerInfoExchange}) the client answers, and a C dtestx
 * server waits for that answer. Error lines are C's.
 *
 * <p>Not thread safe: one program's one thread.
 */
final class DtestxExchange {

    /** How long a connect or a read of the peer may take. */
    private static final Duration TIMEOUT = Duration.ofSeconds(100);

    /**
     * What one side learnt of the other.
     *
     * @param hostname the peer's IA address, as {@code inet_ntop} prints it
     * @param provider the provider name the peer sent
     */
    record Peer(String hostname, String provider) {
    }

    private final Console con;
    private final int port;
    /** dtest's one-way exchange, whose connect and checks this one shares. */
    private final ServerInfoExchange oneWay;

    DtestxExchange(final Console con, final int port) {
        this.con = con;
        this.port = port;
        this.oneWay = new ServerInfoExchange(con, port);
    }

    /**
     * {@code get_server_params}: connects to the server (once, as C), reads and parses its message, then writes this
     * side's IA address back with the server's provider name.
     *
     * @param hostname the server
     * @param provider this side's provider name (replaced by the server's, as C's {@code sscanf} does)
     * @param mine this side's IA address
     * @return the server's address and provider, or null after printing why not
     */
    Peer fetch(final String hostname, final String provider, final InetSocketAddress mine) {
        try (Socket s = oneWay.connect(hostname, 1, false)) {
            if (s == null) {
                con.eprintf("%d Could not connect to %s%n", con.pid, hostname);
                return null;
            }
            s.setSoTimeout((int) TIMEOUT.toMillis());
            final InputStream in = s.getInputStream();
            final byte[] msg = in.readNBytes(ServerInfo.SIZE);
            if (msg.length != ServerInfo.SIZE) {
                con.eprintf("%d Couldn't read remote address%n", con.pid);
                return null;
            }
            final ServerInfo info = oneWay.checked(msg);
            if (info == null) {
                return null;
            }
            final String peer = info.address().getHostAddress();
            con.logf("%d remote data: provider %s hostname %s%n", con.pid, info.provider(), peer);
            /* send client addr back to server */
            final int sinAddr = mine != null && mine.getAddress() instanceof Inet4Address a ? ServerInfo.sinAddr(a)
                    : 0;
            con.logf("%d Server data to client: provider %s SIN_ADDR 0x%x%n", con.pid, info.provider(), sinAddr);
            final byte[] answer = new ServerInfo(info.lid(), info.qpn(), 0, sinAddr, info.provider(), 5).encode();
            final OutputStream o = s.getOutputStream();
            o.write(answer);
            o.flush();
            return new Peer(peer, info.provider().isEmpty() ? provider : info.provider());
        } catch (final IOException | IllegalArgumentException e) {
            con.eprintf("%d Couldn't send data: %s%n", con.pid, e.getMessage());
            return null;
        }
    }

    /**
     * {@code send_server_params}: listens, prints the waiting line (once the socket listens), writes this side's
     * message to the first client and reads the client's answer.
     *
     * @param serSa this side's IA address
     * @param provider the provider name to send
     * @param waiting the line saying that the server waits
     * @return 0, or -1 after printing why not
     */
    int send(final InetSocketAddress serSa, final String provider, final String waiting) {
        if (serSa == null || !(serSa.getAddress() instanceof Inet4Address ip4)) {
            con.printf("%d no address%n", con.pid);
            return -1;
        }
        final byte[] msg;
        try {
            msg = ServerInfo.of(ip4, provider).encode();
        } catch (final IllegalArgumentException e) {
            con.eprintf("%d Couldn't send data: %s%n", con.pid, e.getMessage());
            return -1;
        }
        try (ServerSocket listen = new ServerSocket()) {
            listen.setReuseAddress(true);
            try {
                listen.bind(new InetSocketAddress(port), 1);
            } catch (final IOException e) {
                con.eprintf("Couldn't listen to port %d%n", port);
                con.eprintf("%d Failed to connect to client%n", con.pid);
                return -1;
            }
            con.printf("%s", waiting);
            con.out().flush();
            con.logf("%d Server data to client: provider %s SIN_ADDR 0x%x%n", con.pid, provider,
                    ServerInfo.sinAddr(ip4));
            try (Socket conn = listen.accept()) {
                listen.close();
                conn.setSoTimeout((int) TIMEOUT.toMillis());
                final OutputStream o = conn.getOutputStream();
                o.write(msg);
                o.flush();
                /* get remote address from Client */
                final byte[] answer = conn.getInputStream().readNBytes(ServerInfo.SIZE);
                if (answer.length != ServerInfo.SIZE) {
                    con.eprintf("%d Couldn't read remote address%n", con.pid);
                    return -1;
                }
                final ServerInfo info = oneWay.checked(answer);
                if (info == null) {
                    return -1;
                }
                con.logf("%d remote data: provider %s hostname %s%n", con.pid, info.provider(),
                        info.address().getHostAddress());
            } catch (final IOException e) {
                con.eprintf("%d Couldn't send data: %s%n", con.pid, e.getMessage());
                return -1;
            }
        } catch (final IOException e) {
            con.eprintf("accept() failed%n");
            return -1;
        }
        return 0;
    }
}

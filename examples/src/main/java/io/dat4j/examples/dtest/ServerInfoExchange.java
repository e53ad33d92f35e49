package io.dat4j.examples.dtest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * The server-info step of dtest and dtestcm ({@code get_server_params}, {@code send_server_params} and their
 * {@code conn_client_connect}, {@code conn_server_connect}): before any DAT call, the server writes its IA address and
 * provider name ({@link ServerInfo}, 128 bytes) to the first client that connects to a plain TCP port (15828), and
 * the client connects its EPs to that address with that provider. Error lines are C's.
 *
 * <p>Unlike C, the server listens before it prints the line that says it waits, so that the line means a client may
 * connect now (C binds after printing it).
 *
 * <p>Not thread safe: one program's one thread.
 */
final class ServerInfoExchange {

    /** How long a connect or a read of the client may take. */
    private static final Duration TIMEOUT = Duration.ofSeconds(100);

    private final Console con;
    private final int port;

    /**
     * Creates the exchange on a port.
     *
     * @param con where lines go
     * @param port {@code CONN_PORT}
     */
    ServerInfoExchange(final Console con, final int port) {
        this.con = con;
        this.port = port;
    }

    /**
     * {@code get_server_params}: connects to the server's port (C dtest tries once, dtestcm {@code CONN_MAX_RETRY}
     * times a second apart), reads the 128 bytes and checks them.
     *
     * @param hostname the server ({@code -h})
     * @param tries how many times to try the connect
     * @param withReason whether a failed connect prints its reason (dtestcm's {@code err = %s})
     * @return the server's info with an IPv4 address, or null after printing why not
     */
    ServerInfo fetch(final String hostname, final int tries, final boolean withReason) {
        final byte[] msg;
        try (Socket s = connect(hostname, tries, withReason)) {
            if (s == null) {
                con.eprintf("%d Could not connect to %s%n", con.pid, hostname);
                return null;
            }
            s.setSoTimeout((int) TIMEOUT.toMillis());
            final InputStream in = s.getInputStream();
            msg = in.readNBytes(ServerInfo.SIZE);
        } catch (final IOException e) {
            con.eprintf("%d Couldn't read remote address: %s%n", con.pid, e.getMessage());
            return null;
        }
        if (msg.length != ServerInfo.SIZE) {
            con.eprintf("%d Couldn't read remote address%n", con.pid);
            return null;
        }
        final ServerInfo info = ServerInfo.decode(msg);
        if (info.parsed() != 5) {
            con.eprintf("%d Couldn't parse line <%s>%n", con.pid, ServerInfo.text(msg));
            return null;
        }
        if (info.sinAddr() != 0) {
            return info;
        }
        if (info.lid() != 0 && info.qpn() != 0) {
            con.eprintf("%d remote data: provider %s Client QPN 0x%x, LID = 0x%x, scope_id 0x%x: UCM addressing,"
                    + " which dat4j providers do not speak (they address peers by IP)%n", con.pid, info.provider(),
                    Integer.reverseBytes(info.qpn()), Short.reverseBytes((short) info.lid()) & 0xffff,
                    Integer.reverseBytes(info.scopeId()));
        } else {
            con.eprintf("%d No valid data was received from the server%n", con.pid);
        }
        return null;
    }

    /* conn_client_connect: the first address of the name that accepts a TCP connection, or null */
    private Socket connect(final String servername, final int tries, final boolean withReason) {
        final InetAddress[] addrs;
        try {
            addrs = InetAddress.getAllByName(servername);
        } catch (final UnknownHostException e) {
            con.eprintf("%s for %s:%d%n", "Name or service not known", servername, port);
            return null;
        }
        String reason = "";
        for (int retry = tries; retry > 0; retry--) {
            for (final InetAddress a : addrs) {
                final Socket s = new Socket();
                try {
                    s.connect(new InetSocketAddress(a, port), (int) TIMEOUT.toMillis());
                    return s;
                } catch (final IOException e) {
                    reason = e.getMessage();
                    closeQuietly(s);
                }
            }
            if (retry > 1) {
                try {
                    Thread.sleep(1000);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        if (withReason) {
            con.eprintf("Couldn't connect to %s:%d, err = %s%n", servername, port, reason);
        } else {
            con.eprintf("Couldn't connect to %s:%d%n", servername, port);
        }
        return null;
    }

    /**
     * {@code send_server_params}: listens on the port, prints {@code waiting}, and writes the info to the first client
     * that connects.
     *
     * @param serSa the server's IA address
     * @param provider the provider name to send
     * @param waiting the line that says the server waits (C prints it before; here once the socket listens)
     * @return 0, or -1 after printing why not
     */
    int send(final InetSocketAddress serSa, final String provider, final String waiting) {
        if (serSa == null) {
            con.printf("%d no address%n", con.pid);
            return -1;
        }
        if (!(serSa.getAddress() instanceof Inet4Address ip4)) {
            /* C sends the UCM QPN and LID of an AF_INET6 IA address; a dat4j IA address is an IP address */
            con.eprintf("%d Server data to client: IA address %s is not IPv4, and the message carries only an IPv4"
                    + " address (or UCM QPN/LID)%n", con.pid, serSa.getAddress().getHostAddress());
            return -1;
        }
        final ServerInfo info = ServerInfo.of(ip4, provider);
        final byte[] msg;
        try {
            msg = info.encode();
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
            con.logf("%d Server data to client: provider %s SIN_ADDR 0x%x%n", con.pid, provider, info.sinAddr());
            try (Socket conn = listen.accept()) {
                listen.close();
                final OutputStream o = conn.getOutputStream();
                o.write(msg);
                o.flush();
            } catch (final IOException e) {
                con.eprintf("%d Couldn't send data: %s%n", con.pid, e.getMessage());
                return -1;
            }
        } catch (final IOException e) {
            con.eprintf("server accept: %s%n", e.getMessage());
            con.eprintf("accept() failed%n");
            return -1;
        }
        return 0;
    }

    private static void closeQuietly(final Socket s) {
        try {
            s.close();
        } catch (final IOException e) {
            /* nothing left to do with a socket that failed to connect */
        }
    }
}

package io.dat4j.benchmarks;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * The side channel of a peer whose data path is not a socket ({@link JucxPeer}, {@link AeronIpcPeer}): a blocking TCP
 * connection on which the server is found at {@code HOST:PORT} (the script waits for it to listen, as for every other
 * server), addresses and keys are exchanged, and the client tells the server what to run next. Never timed.
 *
 * <p>Not thread-safe: one thread of each peer owns it.
 */
final class ControlChannel implements AutoCloseable {

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;

    private ControlChannel(final Socket socket) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    }

    /**
     * Listens on {@code port} and takes one client.
     *
     * @param port the TCP port
     * @param timeoutMillis how long to wait for the client
     * @return the channel
     * @throws IOException when no client came in time
     */
    static ControlChannel accept(final int port, final int timeoutMillis) throws IOException {
        try (ServerSocket ss = new ServerSocket()) {
            ss.setReuseAddress(true);
            ss.bind(new InetSocketAddress(port));
            ss.setSoTimeout(timeoutMillis);
            return new ControlChannel(ss.accept());
        }
    }

    /**
     * Connects to a server, retrying for up to 10 s while it does not listen yet.
     *
     * @param host the server's host
     * @param port its port
     * @return the channel
     * @throws IOException when it never listened
     */
    static ControlChannel connect(final String host, final int port) throws IOException {
        IOException last = null;
        for (int i = 0; i < 200; i++) {
            try {
                return new ControlChannel(new Socket(host, port));
            } catch (final IOException e) {
                last = e;
                PeerSupport.backOff(e);
            }
        }
        throw last;
    }

    /**
     * Sends ints and flushes.
     *
     * @param values the values
     * @throws IOException when the peer is gone
     */
    void sendInts(final int... values) throws IOException {
        for (final int v : values) {
            out.writeInt(v);
        }
        out.flush();
    }

    /**
     * Sends a long and flushes.
     *
     * @param value the value
     * @throws IOException when the peer is gone
     */
    void sendLong(final long value) throws IOException {
        out.writeLong(value);
        out.flush();
    }

    /**
     * Sends a length-prefixed blob and flushes.
     *
     * @param blob the bytes
     * @throws IOException when the peer is gone
     */
    void sendBlob(final byte[] blob) throws IOException {
        out.writeInt(blob.length);
        out.write(blob);
        out.flush();
    }

    /**
     * Sends a length-prefixed string and flushes.
     *
     * @param s the string
     * @throws IOException when the peer is gone
     */
    void sendString(final String s) throws IOException {
        out.writeUTF(s);
        out.flush();
    }

    /** {@return the next int} @throws IOException when the peer is gone */
    int readInt() throws IOException {
        return in.readInt();
    }

    /** {@return the next long} @throws IOException when the peer is gone */
    long readLong() throws IOException {
        return in.readLong();
    }

    /** {@return the next string} @throws IOException when the peer is gone */
    String readString() throws IOException {
        return in.readUTF();
    }

    /** {@return the next blob} @throws IOException when the peer is gone or the blob is over 1 MiB */
    byte[] readBlob() throws IOException {
        final int n = in.readInt();
        if (n < 0 || n > 1 << 20) {
            throw new IOException("control channel: blob of " + n + " bytes");
        }
        final byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}

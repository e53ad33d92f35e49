package io.dat4j.provider.shm;

import io.dat4j.provider.shm.sys.Handshake;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import jdk.net.ExtendedSocketOptions;

/**
 * The Unix domain socket of one connection, as its {@link ShmConnection} uses it on the connection-management
 * thread: handshake frames out (buffered when the socket cannot take them at once) and in (whole frames out of
 * what was read), the peer's credentials, and closing after the last frame went out.
 *
 * <p>Not thread safe: the loop thread only.
 */
final class ControlSocket {

    private final SocketChannel ch;
    private SelectionKey key;
    private final ByteBuffer in = Handshake.frameBuffer();
    /** Frames not yet written, in read mode (flipped). */
    private final ByteBuffer out = ByteBuffer.allocate(4 * (4 + Handshake.MAX_FRAME)).limit(0);
    private final ByteBuffer frame = Handshake.frameBuffer();
    private boolean closeWhenFlushed;

    ControlSocket(final SocketChannel ch) {
        this.ch = ch;
    }

    /** {@return the user the peer process runs as ({@code SO_PEERCRED})} */
    String peerUser() throws IOException {
        return ch.getOption(ExtendedSocketOptions.SO_PEERCRED).user().getName();
    }

    /**
     * Registers the socket for reading.
     *
     * @param loop the loop
     * @param handler what the key reports to
     * @throws IOException when the socket is closed
     */
    void register(final CmLoop loop, final CmLoop.Handler handler) throws IOException {
        key = loop.register(ch, SelectionKey.OP_READ, handler);
    }

    /**
     * Queues a message and writes what the socket takes.
     *
     * @param m the message
     * @throws IOException when the socket failed
     */
    void send(final Handshake m) throws IOException {
        out.compact().put(m.encode(frame)).flip();
        flush();
    }

    /**
     * Writes queued frames; closes the socket once they are out if {@link #closeWhenFlushed()} was asked.
     *
     * @throws IOException when the socket failed
     */
    void flush() throws IOException {
        ch.write(out);
        if (key != null && key.isValid()) {
            key.interestOps(out.hasRemaining() ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
        }
        if (!out.hasRemaining() && closeWhenFlushed) {
            close();
        }
    }

    /** {@return true while frames wait to be written} */
    boolean pending() {
        return out.hasRemaining();
    }

    /** Closes the socket once the queued frames are out (at once if none are). */
    void closeWhenFlushed() {
        closeWhenFlushed = true;
        if (!out.hasRemaining()) {
            close();
        }
    }

    /**
     * Reads what the socket holds.
     *
     * @return false at end of file
     * @throws IOException when the socket failed
     */
    boolean fill() throws IOException {
        final int n = ch.read(in);
        in.flip();
        return n >= 0;
    }

    /**
     * {@return the next whole frame's body of what {@link #fill()} read, or null (then call {@link #compact()})}
     *
     * @throws io.dat4j.provider.shm.sys.ProtocolViolation on a bad length word
     */
    ByteBuffer nextFrame() {
        return Handshake.nextFrame(in);
    }

    /** Keeps the bytes of an incomplete frame for the next {@link #fill()}. */
    void compact() {
        in.compact();
    }

    /** Closes the socket; idempotent. */
    void close() {
        if (key != null) {
            key.cancel();
        }
        try {
            ch.close();
        } catch (final IOException e) {
            // closing anyway
        }
    }
}

package io.dat4j.conformance.peer;

import io.dat4j.conformance.support.ConformanceTimeouts;
import io.dat4j.conformance.support.LeakCheckExtension;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A running {@link PeerMain} and its line protocol: the suite writes a command per line on the peer's stdin and
 * reads one reply line from its stdout. {@link #close()} asks it to quit and kills it if it does not.
 *
 * <p>Thread safety: one test drives a peer; {@link #close()} may come from the timeout watchdog.
 */
public final class PeerProcess implements AutoCloseable {

    /** What the peer does with the one connection request its service point receives. */
    public enum Mode {
        /** Accept with the given private data, then stay connected until the active side disconnects. */
        ACCEPT,
        /** Reject with the given private data. */
        REJECT,
        /** Accept, then send every received message back, until disconnected. */
        ECHO
    }

    private static final String EOF = "\u0000EOF";

    private final Process process;
    private final Writer stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final InetAddress address;

    private PeerProcess(final Process process) {
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        final Thread reader = new Thread(this::readLines, LeakCheckExtension.OWN_THREAD_PREFIX + "peer-reader");
        reader.setDaemon(true);
        reader.start();
        final String ready;
        try {
            ready = expect(PeerMain.READY);
        } catch (final RuntimeException e) {
            // a peer that did not come up (too slow, failed) is killed and its pipes closed: no leak of the rule
            close();
            throw e;
        }
        try {
            this.address = InetAddress.getByName(ready.substring(PeerMain.READY.length()).trim());
        } catch (final UnknownHostException e) {
            close();
            throw new IllegalStateException("peer announced an address that does not parse: " + ready, e);
        }
    }

    /**
     * Starts a peer.
     *
     * @param command the full command line
     * @return the peer, after it reported READY
     */
    public static PeerProcess start(final List<String> command) {
        final ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        try {
            return new PeerProcess(pb.start());
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot start the peer JVM: " + command, e);
        }
    }

    private void readLines() {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                lines.add(line);
            }
        } catch (final IOException e) {
            lines.add(EOF + " " + e);
        }
        lines.add(EOF);
    }

    /** {@return the address of the peer's IA, to connect to} */
    public InetAddress address() {
        return address;
    }

    /**
     * Asks the peer to listen on a new PSP and handle one request.
     *
     * @param mode what to do with the request
     * @param privateData private data for accept or reject, or null
     * @return the qualifier to connect to
     */
    public long listen(final Mode mode, final byte[] privateData) {
        send(PeerMain.LISTEN + " " + mode + " "
                + (privateData == null || privateData.length == 0 ? "-" : HexFormat.of().formatHex(privateData)));
        final String reply = expect(PeerMain.LISTENING);
        return Long.parseLong(reply.substring(PeerMain.LISTENING.length()).trim());
    }

    /**
     * Asks the peer to wait for the outcome of its last request and report it.
     *
     * @return the peer's report line, for example {@code OUTCOME ESTABLISHED 5 0a0b...}
     */
    public String outcome() {
        send(PeerMain.OUTCOME);
        return expect(PeerMain.OUTCOME);
    }

    /** {@return the peer's exit code} Asks the peer to close everything and exit first. */
    public int quit() {
        send(PeerMain.QUIT);
        expect(PeerMain.BYE);
        try {
            if (!process.waitFor(ConformanceTimeouts.event().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the peer said BYE but did not exit");
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the peer to exit", e);
        }
        return process.exitValue();
    }

    private synchronized void send(final String command) {
        try {
            stdin.write(command + "\n");
            stdin.flush();
        } catch (final IOException e) {
            throw new UncheckedIOException("the peer does not take commands (exited?)", e);
        }
    }

    private String expect(final String prefix) {
        final Duration timeout = ConformanceTimeouts.scaled(Duration.ofSeconds(30));
        try {
            final String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (line == null) {
                throw new IllegalStateException("the peer did not answer " + prefix + " within " + timeout.toMillis()
                        + " ms");
            }
            if (line.startsWith(EOF)) {
                throw new IllegalStateException("the peer exited before answering " + prefix + line.substring(4));
            }
            if (line.startsWith(PeerMain.ERROR)) {
                throw new IllegalStateException("the peer failed: " + line);
            }
            if (!line.startsWith(prefix)) {
                throw new IllegalStateException("the peer answered '" + line + "', expected " + prefix);
            }
            return line;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the peer", e);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                send(PeerMain.QUIT);
                process.waitFor(ConformanceTimeouts.scaled(Duration.ofSeconds(5)).toMillis(), TimeUnit.MILLISECONDS);
            } catch (final RuntimeException e) {
                // The peer is gone or not listening; it is killed below.
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (process.isAlive()) {
                process.destroyForcibly();
                try {
                    process.waitFor(5, TimeUnit.SECONDS);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        try {
            stdin.close();
        } catch (final IOException e) {
            // already closed by the exit of the peer
        }
        try {
            process.getInputStream().close();
        } catch (final IOException e) {
            // already closed
        }
    }
}

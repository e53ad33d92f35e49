package io.dat4j.tools;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The server/client options of test, cm and perf: {@code -s}, {@code -h HOST}, {@code --forever}, {@code --wait}. */
final class PeerOptions {

    @Option(names = {"-s", "--server"}, description = "Run as the server: serve one client run and exit 0 when it went"
            + " well (unless --forever).")
    boolean server;

    @Option(names = {"-h", "--host"}, paramLabel = "HOST", description = "Run as the client of the server on HOST.")
    String host;

    @Option(names = "--forever", description = "Server: serve clients one after another until killed.")
    boolean forever;

    @Option(names = "--wait", paramLabel = "SECONDS", description = "Server: how long to wait for a client and for"
            + " its next step (default: ${DEFAULT-VALUE}).")
    long waitSeconds = 300;

    @Option(names = "--connect-timeout", paramLabel = "SECONDS", description = "Client: how long a connect may take"
            + " before the provider ends it with TIMED_OUT (default: 10; dat cm: 30).")
    Long connectTimeoutSeconds;

    /**
     * Checks that exactly one of {@code -s} and {@code -h} is given.
     *
     * @param spec the command, for the error
     */
    void validate(final CommandSpec spec) {
        if (server == (host != null)) {
            throw new ParameterException(spec.commandLine(), "give either -s (server) or -h HOST (client)");
        }
        if (forever && !server) {
            throw new ParameterException(spec.commandLine(), "--forever is a server option (-s)");
        }
        if (waitSeconds <= 0) {
            throw new ParameterException(spec.commandLine(), "--wait must be positive");
        }
        if (connectTimeoutSeconds != null && (connectTimeoutSeconds <= 0 || connectTimeoutSeconds > 3600)) {
            throw new ParameterException(spec.commandLine(), "--connect-timeout must be 1..3600 seconds");
        }
        if (connectTimeoutSeconds != null && server) {
            throw new ParameterException(spec.commandLine(), "--connect-timeout is a client option (-h HOST)");
        }
    }

    /**
     * Serves one client run, or with {@code --forever} one after another; then a failed run is reported on stderr
     * and the next client is served.
     *
     * @param spec the command, for stderr and its name
     * @param once serves one client
     */
    void serve(final CommandSpec spec, final Runnable once) {
        do {
            try {
                once.run();
            } catch (final RuntimeException e) {
                if (!forever || Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                spec.commandLine().getErr().println(spec.qualifiedName() + ": a client run failed; serving the next: "
                        + DatCommand.describe(e));
            }
        } while (forever);
    }

    /**
     * {@return the connect timeout}: {@code --connect-timeout}, else the command's default
     *
     * @param otherwise the command's default
     */
    Duration connectTimeout(final Duration otherwise) {
        return connectTimeoutSeconds == null ? otherwise : Duration.ofSeconds(connectTimeoutSeconds);
    }

    /**
     * Checks a connection qualifier: a client needs the server's (1 or more); a server may take 0, for one the
     * provider picks (it prints it).
     *
     * @param spec the command, for the error
     * @param port the {@code -p} value
     */
    void validatePort(final CommandSpec spec, final long port) {
        if (port < 0 || (!server && port == 0)) {
            throw new ParameterException(spec.commandLine(), "-p must be " + (server ? "0 (any) or more" : "1 or more")
                    + ", was " + port);
        }
    }

    /** {@return how long a server waits} */
    Duration waitDuration() {
        return Duration.ofSeconds(waitSeconds);
    }

    /**
     * {@return the server's address}
     *
     * @param spec the command, for the error
     */
    InetAddress hostAddress(final CommandSpec spec) {
        try {
            return InetAddress.getByName(host);
        } catch (final UnknownHostException e) {
            throw new ParameterException(spec.commandLine(), "cannot resolve host '" + host + "': " + e.getMessage());
        }
    }
}

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
                if (!forever) {
                    throw e;
                }
                spec.commandLine().getErr().println(spec.qualifiedName() + ": a client run failed; serving the next: "
                        + DatCommand.describe(e));
            }
        } while (forever);
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

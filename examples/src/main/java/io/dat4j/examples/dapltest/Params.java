package io.dat4j.examples.dapltest;

import io.dat4j.Qos;
import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The parsed command line ({@code Params_t}, {@code DT_Params_Parse}): the test kind and its command, the QoS, port
 * and debug flag every test shares, and the server's address. {@code -T} must come first; {@code -f file} (alone)
 * reads the words from a script file instead, where {@code #} starts a comment; no arguments at all runs a server
 * with the defaults. For the tests that name a server, its address is looked up and printed as C does
 * ({@code getaddrinfo}), and a failed lookup is printed but not an error.
 */
final class Params {

    /** The program name in the words the parsers see ({@code argv[0]}). */
    static final String PROGRAM = "dapltest";

    TestType testType;
    ServerCommand server;
    TransactionCommand transaction;
    PerformanceCommand performance;
    LimitCommand limit;
    QuitCommand quit;
    FftCommand fft;
    Qos reliability = Qos.BEST_EFFORT;
    /** The server's address, or null when the lookup failed. */
    InetAddress serverAddress;
    boolean debug;
    long serverPort = Cli.SERVER_PORT_NUMBER;

    /**
     * Parses a command line.
     *
     * @param args the arguments, without the program name
     * @param log where messages go
     * @return the parameters, or null after a syntax error (the messages printed)
     */
    static Params parse(final String[] args, final Log log) {
        final Params p = new Params();
        if (args.length == 0) {
            p.testType = TestType.SERVER;
            p.server = ServerCommand.defaults();
            p.serverPort = p.server.port;
            return p;
        }
        final String[] argv;
        if (args[0].startsWith("-f")) {
            argv = script(args, log);
            if (argv == null) {
                return null;
            }
        } else {
            argv = new String[args.length + 1];
            argv[0] = PROGRAM;
            System.arraycopy(args, 0, argv, 1, args.length);
        }
        final GetOpt opts = new GetOpt(argv);
        if (opts.next("T:") != 'T') {
            log.printf("Must Specify Test (-T) option first\n");
            usage(log);
            return null;
        }
        final String type = opts.optarg();
        if (type == null || type.isEmpty() || type.charAt(0) == '-') {
            log.printf("Must specify test type\n");
            usage(log);
            return null;
        }
        return p.parseTest(type.charAt(0), opts, argv, log) ? p : null;
    }

    private boolean parseTest(final char type, final GetOpt opts, final String[] argv, final Log log) {
        switch (type) {
            case 'S' -> {
                testType = TestType.SERVER;
                server = new ServerCommand();
                if (!server.parse(opts, log)) {
                    return false;
                }
                reliability = server.reliability;
                debug = server.debug;
                serverPort = server.port;
            }
            case 'T' -> {
                testType = TestType.TRANSACTION;
                transaction = new TransactionCommand();
                if (!transaction.parse(opts, argv, log)) {
                    return false;
                }
                reliability = transaction.reliability;
                debug = transaction.debug;
                serverPort = transaction.port;
                serverAddress = lookup(transaction.serverName, log);
            }
            case 'Q' -> {
                testType = TestType.QUIT;
                quit = new QuitCommand();
                if (!quit.parse(opts, log)) {
                    return false;
                }
                reliability = quit.reliability;
                debug = quit.debug;
                serverPort = quit.port;
                serverAddress = lookup(quit.serverName, log);
            }
            case 'L' -> {
                testType = TestType.LIMIT;
                limit = new LimitCommand();
                if (!limit.parse(opts, argv, log)) {
                    return false;
                }
                reliability = limit.reliability;
                debug = limit.debug;
                serverPort = limit.port;
            }
            case 'P' -> {
                testType = TestType.PERFORMANCE;
                performance = new PerformanceCommand();
                if (!performance.parse(opts, argv, log)) {
                    return false;
                }
                reliability = performance.qos;
                debug = performance.debug;
                serverPort = performance.port;
                serverAddress = lookup(performance.serverName, log);
            }
            case 'F' -> {
                testType = TestType.FFT;
                fft = new FftCommand();
                if (!fft.parse(opts, argv, log)) {
                    return false;
                }
                reliability = fft.reliability;
                serverAddress = lookup(fft.serverName, log);
                debug = false;
                serverPort = fft.port;
            }
            default -> {
                log.printf("Invalid Test Type\n");
                usage(log);
                return false;
            }
        }
        return true;
    }

    /** Reads {@code -f file} ({@code -ffile} too): the words of every line up to a word that starts with '#'. */
    private static String[] script(final String[] args, final Log log) {
        final String name;
        if (args.length == 1) {
            name = args[0].substring(2);
        } else if (args.length == 2 && args[0].equals("-f")) {
            name = args[1];
        } else {
            log.printf("-f <script_file> allows no additional options\n");
            usage(log);
            return null;
        }
        if (name.isEmpty()) {
            log.printf("Missing <script_file> with -f option\n");
            usage(log);
            return null;
        }
        final List<String> words = new ArrayList<>();
        words.add(PROGRAM);
        try (BufferedReader r = Files.newBufferedReader(Path.of(name), StandardCharsets.ISO_8859_1)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                for (final String w : line.split("[ \t]+")) {
                    if (w.isEmpty()) {
                        continue;
                    }
                    if (w.charAt(0) == '#') {
                        break;
                    }
                    words.add(w);
                }
            }
        } catch (final IOException | RuntimeException e) {
            log.printf("Cannot open script file: %s\n", name);
            usage(log);
            return null;
        }
        return words.toArray(String[]::new);
    }

    /**
     * {@code DT_NetAddrLookupHostAddress}: prints the name and its address, or why the lookup failed.
     *
     * @return the address, or null
     */
    private static InetAddress lookup(final String host, final Log log) {
        try {
            if (host.isEmpty()) {
                throw new UnknownHostException("empty name");
            }
            final InetAddress a = InetAddress.getAllByName(host)[0];
            log.printf("Server Name: %s \n", host);
            log.printf("Server Net Address: %s\n", a.getHostAddress());
            return a;
        } catch (final UnknownHostException | SecurityException e) {
            log.printf("getaddrinfo (%s) failed (%s)\n", host, "unknown node name");
            return null;
        }
    }

    /** {@code Dapltest_Main_Usage}. */
    static void usage(final Log log) {
        log.printf("USAGE:\n");
        log.printf("USAGE:     dapltest -T <Test_Type> [-D IA_name] [-n port_number] [test-specific args]\n");
        log.printf("USAGE:         where <Test_Type>\n");
        log.printf("USAGE:         S = Run as a server\n");
        log.printf("USAGE:         T = Transaction Test\n");
        log.printf("USAGE:         Q = Quit Test\n");
        log.printf("USAGE:         P = Performance Test\n");
        log.printf("USAGE:         L = Limit Test\n");
        log.printf("USAGE:         F = FFT Test\n");
        log.printf("USAGE:\n");
        log.printf("USAGE:         -D Interface_Adapter {default ibnic0v2}\n");
        log.printf("USAGE:\n");
        log.printf("USAGE:         -n server_port_number {default 42768}\n");
        log.printf("USAGE:\n");
        log.printf("NOTE:\tRun as server taking defaults (dapltest -T S [-D ibnic0v2] [-p 42768])\n");
        log.printf("NOTE:         dapltest\n");
        log.printf("NOTE:\n");
        log.printf("NOTE:\tdapltest arguments may be supplied in a script file\n");
        log.printf("NOTE:\tdapltest -f <script_file>\n");
        log.printf("USAGE:\n");
    }
}

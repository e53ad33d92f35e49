package io.dat4j.examples.dtest;

import java.io.PrintStream;

/** dtest's options: {@code getopt(argc, argv, "UDauwWtscvpb:d:B:h:P:S:i:")} and the usage page. */
abstract sealed class DtestOptions extends DtestGlobals permits DtestSetup {

    DtestOptions(final PrintStream out, final PrintStream err) {
        super(out, err);
    }

    /**
     * Parses the options as dtest's {@code getopt(argc, argv, "UDauwWtscvpb:d:B:h:P:S:i:")} ({@link Getopt}). C's
     * fall-throughs are kept: {@code -i} implies {@code -a}, {@code -D} implies {@code -W}.
     *
     * @param argv the arguments
     * @return 0, or 12 after printing the usage (C exits with -12)
     */
    int parse(final String[] argv) {
        final Getopt g = new Getopt("dtest", "UDauwWtscvpb:d:B:h:P:S:i:", argv, con.err());
        for (int c = g.next(); c != Getopt.END; c = g.next()) {
            if (!option((char) c, g.optarg())) {
                return 12;
            }
        }
        if (allDataSizes && !writeOnlyPp) {
            printf("%n\t -a option only valid with -W option%n%n");
            return 12;
        }
        /* Java only: C divides by signal_rate and indexes buffers by buf_len without looking */
        if (bufLen < 1 || burst < 1 || signalRate < 1 || increment < 0) {
            eprintf("%d Error: -b %d, -B %d and -S %d must be at least 1, -i %d at least 0%n", pid, bufLen, burst,
                    signalRate, increment);
            return 12;
        }
        return 0;
    }

    boolean option(final char c, final String optarg) {
        switch (c) {
            case 'i' -> {
                increment = Libc.atoi(optarg);
                allDataSizes = true; /* fall through to 'a' */
            }
            case 'a' -> allDataSizes = true;
            case 'u' -> uniDirection = true;
            case 'w' -> writeOnly = true;
            case 'D' -> {
                dataCheck = true;
                printf("%d Running DATA CHECK mode%n", pid);
                writeOnlyPingPong(); /* fall through to 'W' */
            }
            case 'W' -> writeOnlyPingPong();
            case 't' -> performanceTimes = true;
            case 's' -> server = true;
            case 'c' -> {
                useCno = true;
                printf("%d Creating CNO for DTO EVD's%n", pid);
            }
            case 'v' -> {
                con.verbose = true;
                printf("%d Verbose%n", pid);
            }
            case 'p' -> {
                polling = true;
                printf("%d Polling%n", pid);
            }
            case 'B' -> burst = Libc.atoi(optarg);
            case 'd' -> delay = Libc.atoi(optarg);
            case 'b' -> {
                bufLen = Libc.atoi(optarg);
                userInputLen = true;
            }
            case 'h' -> {
                server = false;
                hostname = optarg;
            }
            case 'P' -> provider = optarg;
            case 'S' -> signalRate = Libc.atoi(optarg);
            default -> {
                printUsage(); /* 'U', and '?' for anything getopt refused */
                return false;
            }
        }
        return true;
    }

    void writeOnlyPingPong() {
        writeOnlyPp = true;
        uniDirection = true;
        signalRate = 1;
        burst = 1000;
    }

    void printUsage() {
        printf("%n DAPL USAGE %n%n");
        printf("s: server%n");
        printf("u: unidirectional bandwidth (default=bidirectional%n");
        printf("w: rdma write only, streaming%n");
        printf("W: rdma write only, ping pong%n");
        printf("D: validate data in ping pong test%n");
        printf("t: performance times%n");
        printf("c: use cno%n");
        printf("a: all data sizes with rdma write pingpong %n");
        printf("i: increment size for all data size option%n");
        printf("v: verbose%n");
        printf("p: polling%n");
        printf("d: delay before accept%n");
        printf("b: buf length, upper bound for -W -a -i (WR_pp, all sizes, increment)%n");
        printf("B: burst count, rdma and msgs %n");
        printf("h: hostname/address of server, specified on client%n");
        printf("P: provider name (default = %s)%n", DAPL_PROVIDER);
        printf("S: signal_rate (default=10, completion every 10 iterations%n");
        printf("U: print this Usage page%n");
        printf("%n");
    }
}

package io.dat4j.examples.dapltest;

import io.dat4j.Qos;

/**
 * The function feature test's options ({@code FFT_Cmd_t}, {@code -T F}): {@code -D} device, {@code -f} feature,
 * {@code -s} server, {@code -i}/{@code -t}/{@code -v} (for stress features C never implemented), {@code -R},
 * {@code -n} port, then the cases {@code caseN}, all of the feature's when none is named. As in C, {@code -R} with
 * anything that maps to best effort (BE included) is refused.
 */
final class FftCommand {

    /** The features C implements, with their {@code -f} word and number of cases. */
    enum Feature {
        HWCONN("hwconn", 4), ENDPOINT("endpoint", 3), PTAGMGT("pz", 3), MEMMGT("mem", 5), CONNMGT("connmgt", 2),
        QUERYINFO("queryinfo", 18);

        final String word;
        final int size;

        Feature(final String word, final int size) {
            this.word = word;
            this.size = size;
        }
    }

    /** {@code MAXCASES}. */
    static final int MAX_CASES = 100;

    Feature feature;
    String deviceName = "";
    String serverName = "";
    final boolean[] cases = new boolean[MAX_CASES];
    int numIter = 1000;
    int numThreads = 10;
    int numVis = 500;
    Qos reliability = Qos.BEST_EFFORT;
    long port = Cli.SERVER_PORT_NUMBER;

    /** {@return the number of cases of the feature ({@code size})} */
    int size() {
        return feature == null ? 0 : feature.size;
    }

    /**
     * {@code DT_FFT_Cmd_Parse}.
     *
     * @param opts the parser, past {@code -T F}
     * @param argv the words
     * @param log where messages go
     * @return false after a syntax error (the usage printed)
     */
    boolean parse(final GetOpt opts, final String[] argv, final Log log) {
        for (;;) {
            final int c = opts.next("D:f:s:i:t:v:R:n:");
            if (c == GetOpt.EOF) {
                break;
            }
            switch (c) {
                case 'D' -> deviceName = Cli.name(opts.optarg());
                case 's' -> serverName = Cli.name(opts.optarg());
                case 'i', 't', 'v' -> {
                    if (!Cli.allDigits(opts.optarg())) {
                        log.printf("Syntax Error -%s option\n",
                                c == 'i' ? "i<iterations>" : c == 't' ? "t<num_threads>" : "v<num_vis>");
                        usage(log);
                        return false;
                    }
                    final int v = Cli.atoi(opts.optarg());
                    if (c == 'i') {
                        numIter = v;
                    } else if (c == 't') {
                        numThreads = v;
                    } else {
                        numVis = v;
                    }
                }
                case 'f' -> {
                    feature = null;
                    for (final Feature f : Feature.values()) {
                        if (f.word.equals(opts.optarg())) {
                            feature = f;
                        }
                    }
                    if (feature == null) {
                        log.printf("don't know this function feature: %s\n", opts.optarg());
                        usage(log);
                        return false;
                    }
                }
                case 'R' -> {
                    reliability = Cli.parseQos(opts.optarg());
                    if (reliability.value() == 0) {
                        log.printf("Invalid FFT Test Parameter: %c\n", (char) c);
                        usage(log);
                        return false;
                    }
                }
                case 'n' -> port = Cli.atoi(opts.optarg());
                default -> {
                    log.printf("Invalid FFT Test Parameter: %c\n", (char) c);
                    usage(log);
                    return false;
                }
            }
        }
        if (deviceName.isEmpty()) {
            deviceName = Cli.DEFAULT_DEVICE;
        }
        if (feature == null) {
            log.printf("must define the function feature with -f to test\n");
            usage(log);
            return false;
        }
        if (opts.optind() == argv.length) {
            for (int i = 0; i < feature.size; i++) {
                cases[i] = true;
            }
            return true;
        }
        for (int i = opts.optind(); i < argv.length; i++) {
            final String w = argv[i];
            if (w.length() < 5 || !w.startsWith("case")) {
                log.printf("test cases format is not correct: %s\n", w);
                usage(log);
                return false;
            }
            if (!Cli.allDigits(w.substring(4))) {
                log.printf("must specify case number: %s\n", w);
                usage(log);
                return false;
            }
            final int n = Cli.atoi(w.substring(4));
            if (n < 0 || n >= feature.size) {
                log.printf("test case number must be within range : 0 -- %d\n", feature.size - 1);
                usage(log);
                return false;
            }
            cases[n] = true;
        }
        return true;
    }

    static void usage(final Log log) {
        log.printf("USAGE: -------FFT TEST------------\n");
        log.printf("%s\n", "dapltest -T F [-D <dev_name>] -f <funcfeature> [-i <iter_num>] \n"
                + "[-t <num_threads>] [-v <num_vis>] [-s <server_name>] [case0] [case1] [...]\n"
                + "USAGE:        [-D <device Name>]\n"
                + "USAGE:        [-n <server port number>]\n"
                + "USAGE:         -f <func_feature>\n"
                + "USAGE:             hwconn\n"
                + "USAGE:             endpoint\n"
                + "USAGE:             pz\n"
                + "USAGE:             mem\n"
                + "USAGE:             connmgt\n"
                + "USAGE:             queryinfo\n"
                + "USAGE:         -i <iter_num>: itreration time for stress test\n"
                + "USAGE:         -t <num_threads>: number of threads for stress test\n"
                + "USAGE:         -v <num_vis>: number of vis for stress test\n"
                + "USAGE:         -s <server_name>\n"
                + "USAGE:             server host name or ip address\n"
                + "USAGE:        [-R <service reliability>]\n"
                + "USAGE:            (BE == QOS_BEST_EFFORT - Default )\n"
                + "USAGE:            (HT == QOS_HIGH_THROUGHPUT))\n"
                + "USAGE:            (LL == QOS_LOW_LATENCY)\n"
                + "USAGE:            (EC == QOS_ECONOMY)\n"
                + "USAGE:            (PM == QOS_PREMIUM)\n"
                + "NOTE: iter_num is just for stress_client test, default 100000\n"
                + "NOTE: Server_name must be specified for connmgt_client, \n"
                + "      NS and unsupp function feature.\n"
                + "NOTE: if test cases are not specified, test all cases in that function\n"
                + "      feature. else just test the specified cases\n");
    }
}

package io.dat4j.examples.dapltest;

import io.dat4j.Qos;
import java.util.EnumSet;
import java.util.Set;

/**
 * The limit test's options ({@code Limit_Cmd_t}, {@code -T L}): {@code -D} device, {@code -R}, {@code -d},
 * {@code -m} maximum creations, {@code -w} width (object sets), {@code -n} (unused), then the tests to run, all of
 * them when none is named.
 */
final class LimitCommand {

    /** The limit tests ({@code Limit_Index}), in the order C runs them, with their names on the command line. */
    enum Limit {
        IA("limit_ia"), PZ("limit_pz"), CNO("limit_cno"), EVD("limit_evd"), EP("limit_ep"), RSP("limit_rsp"),
        PSP("limit_psp"), LMR("limit_lmr"), RPOST("limit_rpost"), SIZE_LMR("limit_size_lmr");

        final String word;

        Limit(final String word) {
            this.word = word;
        }
    }

    String deviceName = "";
    Qos reliability = Qos.BEST_EFFORT;
    int width = 1;
    boolean debug;
    int maximum = 1000;
    final Set<Limit> tests = EnumSet.noneOf(Limit.class);
    long port = Cli.SERVER_PORT_NUMBER;

    /**
     * {@code DT_Limit_Cmd_Parse}.
     *
     * @param opts the parser, past {@code -T L}
     * @param argv the words
     * @param log where messages go
     * @return false after a syntax error (the usage printed)
     */
    boolean parse(final GetOpt opts, final String[] argv, final Log log) {
        for (;;) {
            final int c = opts.next("dm:w:D:R:n:");
            if (c == GetOpt.EOF) {
                break;
            }
            switch (c) {
                case 'D' -> deviceName = Cli.name(opts.optarg());
                case 'R' -> reliability = Cli.parseQos(opts.optarg());
                case 'd' -> debug = true;
                case 'm' -> {
                    if (!Cli.allDigits(opts.optarg())) {
                        log.printf("Syntax Error -m<maximum> option\n");
                        usage(log);
                        return false;
                    }
                    maximum = (int) Cli.atol(opts.optarg());
                }
                case 'w' -> {
                    if (!Cli.allDigits(opts.optarg())) {
                        log.printf("Syntax Error -w<width> option\n");
                        usage(log);
                        return false;
                    }
                    width = (int) Cli.atol(opts.optarg());
                }
                case 'n' -> port = Cli.atoi(opts.optarg());
                default -> {
                    log.printf("Invalid Limit Test Parameter: %c\n", (char) c);
                    usage(log);
                    return false;
                }
            }
        }
        if (deviceName.isEmpty()) {
            deviceName = Cli.DEFAULT_DEVICE;
        }
        if (opts.optind() == argv.length) {
            tests.addAll(EnumSet.allOf(Limit.class));
            return true;
        }
        for (int i = opts.optind(); i < argv.length; i++) {
            final Limit l = find(argv[i]);
            if (l == null) {
                log.printf("Cannot find this limit test: %s\n", argv[i]);
                usage(log);
                return false;
            }
            tests.add(l);
        }
        return true;
    }

    private static Limit find(final String word) {
        for (final Limit l : Limit.values()) {
            if (l.word.equals(word)) {
                return l;
            }
        }
        return null;
    }

    static void usage(final Log log) {
        log.printf("USAGE: ---- LIMIT TEST ----\n");
        log.printf("USAGE:     dapltest -T L\n");
        log.printf("USAGE:              [-D <device Name>]\n");
        log.printf("USAGE:              [-n <server port number>]\n");
        log.printf("USAGE:              [-d] : debug (zero)\n");
        log.printf("USAGE:              [-w <width_of_resource_sets>]\n");
        log.printf("USAGE:              [-m <maximum_for_exhaustion_tests>]\n");
        log.printf("USAGE:                  (1000 - Default)\n");
        log.printf("USAGE:              [-R <service reliability>]\n");
        Cli.qosUsage(log);
        log.printf("USAGE:              [limit_ia [limit_pz] [limit_evd] ... ]\n");
        log.printf("NOTE: If test is not specified, do all the limit tests\n");
        log.printf("NOTE: Else, just do the specified tests\n");
        log.printf("NOTE: Each test is separated by space, the test can be:\n");
        log.printf("NOTE: [limit_ia]         test max num  of  open IAs\n");
        log.printf("NOTE: [limit_pz]         test max num  of  PZs\n");
        log.printf("NOTE: [limit_cno]        test max num  of  CNOs\n");
        log.printf("NOTE: [limit_evd]        test max num  of  EVDs\n");
        log.printf("NOTE: [limit_rsp]        test max num  of  RSPs\n");
        log.printf("NOTE: [limit_psp]        test max num  of  PSPs\n");
        log.printf("NOTE: [limit_ep]         test max num  of  EPs\n");
        log.printf("NOTE: [limit_lmr]        test max num  of  LMRs\n");
        log.printf("NOTE: [limit_rpost]      test max num  of  recvs posted\n");
        log.printf("NOTE: [limit_size_lmr]   test max size of  LMR\n");
    }
}

package io.dat4j.examples.dapltest;

import io.dat4j.Qos;

/**
 * The server's options ({@code Server_Cmd_t}, {@code -T S}): {@code -D} device, {@code -d} debug, {@code -R} QoS,
 * {@code -n} port. C's parser is kept as it behaves: {@code -R} with anything that maps to best effort (BE included)
 * is a syntax error without a message, and {@code -T S} without {@code -D} opens the IA named "" (its check for a
 * missing name compares a pointer), while {@code dapltest} with no arguments at all opens {@link Cli#DEFAULT_DEVICE}.
 */
final class ServerCommand {

    boolean debug;
    String daplName = "";
    Qos reliability = Qos.BEST_EFFORT;
    long port = Cli.SERVER_PORT_NUMBER;

    /** {@return the defaults of {@code dapltest} run without arguments} */
    static ServerCommand defaults() {
        final ServerCommand c = new ServerCommand();
        c.daplName = Cli.DEFAULT_DEVICE;
        return c;
    }

    /**
     * {@code DT_Server_Cmd_Parse}.
     *
     * @param opts the parser, past {@code -T S}
     * @param log where messages go
     * @return false after a syntax error
     */
    boolean parse(final GetOpt opts, final Log log) {
        for (;;) {
            final int c = opts.next("dD:R:n:");
            if (c == GetOpt.EOF) {
                break;
            }
            switch (c) {
                case 'D' -> daplName = Cli.name(opts.optarg());
                case 'd' -> debug = true;
                case 'R' -> {
                    reliability = Cli.parseQos(opts.optarg());
                    if (reliability.value() == 0) {
                        return false;
                    }
                }
                case 'n' -> port = Cli.atoi(opts.optarg());
                default -> {
                    log.printf("Invalid Server option: %c\n", (char) opts.optopt());
                    usage(log);
                    return false;
                }
            }
        }
        return true;
    }

    static void usage(final Log log) {
        log.printf("USAGE: ---- SERVER MODE ----\n");
        log.printf("USAGE:     dapltest -T S\n");
        log.printf("USAGE:              [-D <device Name>]\n");
        log.printf("USAGE:              [-d] : debug (zero)\n");
        log.printf("USAGE:              [-R <service reliability>]\n");
        log.printf("USAGE:              [-n <server port number>]\n");
        Cli.qosUsage(log);
        log.printf("USAGE: Run as server using default parameters\n");
        log.printf("USAGE:     dapltest\n");
        log.printf("USAGE:\n");
    }

    /** {@code DT_Server_Cmd_PT_Print}, what a debugging server echoes. */
    void print(final Log log) {
        log.printf("Server_Cmd.debug:       %d\n", debug ? 1 : 0);
        log.printf("Server_Cmd.dapl_name: %s\n", daplName);
    }
}

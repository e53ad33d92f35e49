package io.dat4j.examples.dapltest;

import io.dat4j.Qos;

/**
 * The quit test's options ({@code Quit_Cmd_t}, {@code -T Q}): {@code -s} server, {@code -D} device, {@code -d},
 * {@code -R}, {@code -n}. On the wire (528 bytes, {@link Wire}) the server reads nothing from it but its kind.
 */
final class QuitCommand {

    String serverName = "";
    String deviceName = "";
    boolean debug;
    Qos reliability = Qos.BEST_EFFORT;
    long port = Cli.SERVER_PORT_NUMBER;

    /**
     * {@code DT_Quit_Cmd_Parse}.
     *
     * @param opts the parser, past {@code -T Q}
     * @param log where messages go
     * @return false after a syntax error
     */
    boolean parse(final GetOpt opts, final Log log) {
        for (;;) {
            final int c = opts.next("ds:D:R:n:");
            if (c == GetOpt.EOF) {
                break;
            }
            switch (c) {
                case 'D' -> deviceName = Cli.name(opts.optarg());
                case 's' -> serverName = Cli.name(opts.optarg());
                case 'd' -> debug = true;
                case 'R' -> reliability = Cli.parseQos(opts.optarg());
                case 'n' -> port = Cli.atoi(opts.optarg());
                default -> {
                    log.printf("Invalid Quit option: %c\n", (char) opts.optopt());
                    usage(log);
                    return false;
                }
            }
        }
        if (deviceName.isEmpty()) {
            deviceName = Cli.DEFAULT_DEVICE;
        }
        if (serverName.isEmpty()) {
            log.printf("Must specify server_name in command line or scriptfile\n");
            usage(log);
            return false;
        }
        return true;
    }

    static void usage(final Log log) {
        log.printf("USAGE: ---- QUIT TEST ----\n");
        log.printf("USAGE:     dapltest -T Q\n");
        log.printf("USAGE:              -s <server Name>\n");
        log.printf("USAGE:              -n <server port number>\n");
        log.printf("USAGE:              [-D <device Name>]\n");
        log.printf("USAGE:              [-d] : debug (zero)\n");
        log.printf("USAGE:              [-R <service reliability>]\n");
        Cli.qosUsage(log);
    }

    /** {@code DT_Quit_Cmd_PT_Print}, what the quit client prints once the server answered. */
    void print(final Log log) {
        log.printf("Quit_Cmd.server_name: %s\n", serverName);
        log.printf("Quit_Cmd.device_name: %s\n", deviceName);
    }
}

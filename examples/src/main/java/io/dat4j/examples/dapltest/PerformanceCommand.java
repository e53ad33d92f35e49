package io.dat4j.examples.dapltest;

import io.dat4j.Qos;

/**
 * The performance test's options ({@code Performance_Cmd_t}, {@code -T P}): {@code -s} server, {@code -D} device,
 * {@code -n} port, {@code -m b|p} blocking or polling, {@code -i} iterations, {@code -p} pipeline, {@code -R},
 * {@code -d}, then one operation {@code RR|RW [seg_size [num_segs]]}. C compares only the first two letters of the
 * operation and the first letter of the mode, and keeps that.
 */
final class PerformanceCommand {

    /** {@code BLOCKING_MODE}. */
    static final int BLOCKING = 0;
    /** {@code POLLING_MODE}. */
    static final int POLLING = 1;

    int version = Wire.DAPLTEST_VERSION;
    boolean clientIsLittleEndian = true;
    String serverName = "";
    String daplName = Cli.DEFAULT_DEVICE;
    Qos qos = Qos.BEST_EFFORT;
    boolean debug;
    int mode = BLOCKING;
    int numIterations = 1000;
    /** C's default is {@code ~0}: as large as the IA allows. */
    int pipelineLen = -1;
    int transferType = TransactionCommand.RDMA_WRITE;
    int segSize = 4096;
    int numSegs = 1;
    boolean useRsp;
    long port = Cli.SERVER_PORT_NUMBER;

    /**
     * {@code DT_Performance_Cmd_Parse}.
     *
     * @param opts the parser, past {@code -T P}
     * @param argv the words
     * @param log where messages go
     * @return false after a syntax error (the usage printed)
     */
    boolean parse(final GetOpt opts, final String[] argv, final Log log) {
        for (;;) {
            final int c = opts.next("D:dm:i:p:R:s:n:");
            if (c == GetOpt.EOF) {
                break;
            }
            switch (c) {
                case 'D' -> daplName = Cli.name(opts.optarg());
                case 'd' -> debug = true;
                case 'm' -> {
                    if (opts.optarg().startsWith("b")) {
                        mode = BLOCKING;
                    } else if (opts.optarg().startsWith("p")) {
                        mode = POLLING;
                    } else {
                        log.printf("Syntax Error -m <mode> option\n");
                        usage(log);
                        return false;
                    }
                }
                case 'i' -> {
                    if (!Cli.allDigits(opts.optarg())) {
                        log.printf("Syntax Error -i <iterations> option\n");
                        usage(log);
                        return false;
                    }
                    numIterations = (int) Cli.atol(opts.optarg());
                }
                case 'p' -> {
                    if (!Cli.allDigits(opts.optarg())) {
                        log.printf("Syntax Error -p <piplein> option\n");
                        usage(log);
                        return false;
                    }
                    pipelineLen = (int) Cli.atol(opts.optarg());
                }
                case 'R' -> qos = Cli.parseQos(opts.optarg());
                case 's' -> {
                    final String a = opts.optarg();
                    if (a == null || a.isEmpty() || a.charAt(0) == '-') {
                        log.printf("must specify server name\n");
                        usage(log);
                        return false;
                    }
                    serverName = Cli.name(a);
                }
                case 'n' -> port = Cli.atoi(opts.optarg());
                default -> {
                    log.printf("Invalid Performance Test Parameter: %c\n", (char) c);
                    usage(log);
                    return false;
                }
            }
        }
        if (!parseOp(opts.optind(), argv, log) || !check(log)) {
            usage(log);
            return false;
        }
        return true;
    }

    /** {@code DT_Performance_Cmd_Parse_Op}. */
    private boolean parseOp(final int first, final String[] argv, final Log log) {
        if (first == argv.length) {
            log.printf("Operation Missing Transfer Type\n");
            return false;
        }
        for (int i = 0, index = first; index < argv.length; i++, index++) {
            switch (i) {
                case 0 -> {
                    if (argv[index].startsWith("RR")) {
                        transferType = TransactionCommand.RDMA_READ;
                    } else if (argv[index].startsWith("RW")) {
                        transferType = TransactionCommand.RDMA_WRITE;
                    } else {
                        log.printf("OP type must be <RR/RW/SR>\n");
                        return false;
                    }
                }
                case 1 -> segSize = Cli.atoi(argv[index]);
                case 2 -> numSegs = Cli.atoi(argv[index]);
                default -> {
                    log.printf("Too many OP args\n");
                    return false;
                }
            }
        }
        return true;
    }

    /** {@code DT_Performance_Cmd_Validate}. */
    private boolean check(final Log log) {
        if (serverName.isEmpty()) {
            log.printf("Must specify server_name in command line or scriptfile\n");
            return false;
        }
        if (daplName.isEmpty()) {
            log.printf("Must specify device_name in command line or scriptfile\n");
            return false;
        }
        if (pipelineLen == 0) {
            log.printf("Pipeline size must not be 0\n");
            return false;
        }
        if (debug) {
            print(log, true);
        }
        return true;
    }

    static void usage(final Log log) {
        log.printf("USAGE: ---- PERFORMANCE TEST ----\n");
        log.printf("USAGE:     dapltest -T P\n");
        log.printf("USAGE:              -s <server Name>\n");
        log.printf("USAGE:              -n <server port number>\n");
        log.printf("USAGE:              [-m b|p]\n");
        log.printf("USAGE:              [-D <device Name>]\n");
        log.printf("USAGE:              [-d] : debug (zero)\n");
        log.printf("USAGE:              [-i <num iterations>]     : (1, 000)\n");
        log.printf("USAGE:              [-p <pipline>]\n");
        log.printf("USAGE:              [-R <service reliability>]\n");
        Cli.qosUsage(log);
        log.printf("USAGE:           <OP>\n");
        log.printf("USAGE:\n");
        log.printf("USAGE: Each OP consists of:\n");
        log.printf("USAGE:     <transfer_type> : \"RR\" (RDMA READ)\n");
        log.printf("USAGE:                     : \"RW\" (RDMA WRITE)\n");
        log.printf("USAGE:     [seg_size [num_segs] ]      : (4096, 1)\n");
    }

    /**
     * {@code DT_Performance_Cmd_Print} (at parse time, with the port) or {@code DT_Performance_Cmd_PT_Print} (when the
     * client starts the test).
     *
     * @param log where it goes
     * @param withPort true for the parse-time form
     */
    void print(final Log log, final boolean withPort) {
        log.printf("-------------------------------------\n");
        log.printf("PerfCmd.server_name              : %s\n", serverName);
        if (withPort) {
            log.printf("PerfCmd.server_port_number       : %d\n", port);
        }
        log.printf("PerfCmd.dapl_name                : %s\n", daplName);
        log.printf("PerfCmd.mode                     : %s\n", mode == BLOCKING ? "BLOCKING" : "POLLING");
        log.printf("PerfCmd.num_iterations           : %d\n", numIterations);
        log.printf("PerfCmd.pipeline_len             : %d\n", pipelineLen);
        log.printf("PerfCmd.op.transfer_type         : %s\n", TransactionCommand.typeName(transferType));
        log.printf("PerfCmd.op.num_segs              : %d\n", numSegs);
        log.printf("PerfCmd.op.seg_size              : %d\n", segSize);
    }

    /** {@return {@code DT_PerformanceModeToString}} */
    String modeName() {
        return mode == BLOCKING ? "blocking" : mode == POLLING ? "polling" : "error: unkown mode";
    }
}

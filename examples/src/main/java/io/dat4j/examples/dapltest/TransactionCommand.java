package io.dat4j.examples.dapltest;

import io.dat4j.Qos;
import java.util.ArrayList;
import java.util.List;

/**
 * The transaction test's options and operations ({@code Transaction_Cmd_t}, {@code -T T}), as the client parses them
 * and the server receives them ({@link Wire}): {@code -s} server, {@code -D} device, {@code -n} port, {@code -i}
 * iterations, {@code -t} threads, {@code -w} EPs per thread, {@code -V} validate, {@code -P} poll, {@code -r} RSPs,
 * {@code -R} QoS, {@code -d} debug, then the operations: {@code client|server SR|RR|RW [seg_size [num_segs]] [-f]}.
 * The getopt string also takes {@code -Q} and {@code -v} (the README's CNO option), which C then refuses as invalid.
 */
final class TransactionCommand {

    /** {@code MAX_OPS}. */
    static final int MAX_OPS = 100;
    /** {@code DT_Transfer_Type}: RDMA read. */
    static final int RDMA_READ = 0;
    /** {@code DT_Transfer_Type}: RDMA write. */
    static final int RDMA_WRITE = 1;
    /** {@code DT_Transfer_Type}: send/receive. */
    static final int SEND_RECV = 2;

    /** One operation ({@code Transaction_Cmd_Op_t}). */
    static final class Op {
        boolean serverInitiated;
        int transferType;
        int numSegs = 1;
        int segSize = 4096;
        boolean reapSendOnRecv;
    }

    int version = Wire.DAPLTEST_VERSION;
    boolean clientIsLittleEndian = true;
    String serverName = "";
    int numIterations = 1000;
    int numThreads = 1;
    int epsPerThread = 1;
    boolean useRsp;
    boolean debug;
    boolean validate;
    boolean poll;
    long port = Cli.SERVER_PORT_NUMBER;
    String daplName = "";
    Qos reliability = Qos.BEST_EFFORT;
    final List<Op> ops = new ArrayList<>();

    /** {@return the number of operations ({@code num_ops})} */
    int numOps() {
        return ops.size();
    }

    /**
     * {@code DT_Transaction_Cmd_Parse}: options, the device default, the operations, the three {@code -V} barrier
     * operations, then the checks.
     *
     * @param opts the parser, past {@code -T T}
     * @param argv the words, {@code argv[0]} the program
     * @param log where messages go
     * @return false after a syntax error (the usage printed)
     */
    boolean parse(final GetOpt opts, final String[] argv, final Log log) {
        for (;;) {
            final int c = opts.next("rQVPdw:s:D:i:t:v:R:n:");
            if (c == GetOpt.EOF) {
                break;
            }
            switch (c) {
                case 's' -> {
                    final String a = opts.optarg();
                    if (a == null || a.isEmpty() || a.charAt(0) == '-') {
                        log.printf("must specify server name\n");
                        usage(log);
                        return false;
                    }
                    serverName = Cli.name(a);
                }
                case 'D' -> daplName = Cli.name(opts.optarg());
                case 'i' -> {
                    if (!Cli.allDigits(opts.optarg())) {
                        log.printf("Syntax Error -i<iterations> option\n");
                        usage(log);
                        return false;
                    }
                    numIterations = (int) Cli.atol(opts.optarg());
                }
                case 't' -> {
                    if (!Cli.allDigits(opts.optarg())) {
                        log.printf("Syntax Error -t<num threads> option\n");
                        usage(log);
                        return false;
                    }
                    numThreads = (int) Cli.atol(opts.optarg());
                }
                case 'w' -> {
                    if (!Cli.allDigits(opts.optarg())) {
                        log.printf("Syntax Error -w<EPs/thread> option\n");
                        usage(log);
                        return false;
                    }
                    epsPerThread = (int) Cli.atol(opts.optarg());
                }
                case 'd' -> debug = true;
                case 'r' -> useRsp = true;
                case 'V' -> validate = true;
                case 'P' -> poll = true;
                case 'R' -> reliability = Cli.parseQos(opts.optarg());
                case 'n' -> port = Cli.atoi(opts.optarg());
                default -> {
                    log.printf("Invalid Transaction Test Parameter: %c\n", (char) c);
                    usage(log);
                    return false;
                }
            }
        }
        if (daplName.isEmpty()) {
            daplName = Cli.DEFAULT_DEVICE;
        }
        /* gather each operation: a word, and the words after it up to the next one that starts "client"/"server" */
        for (int i = opts.optind(); i < argv.length; i++) {
            final StringBuilder op = new StringBuilder(argv[i]);
            while (i < argv.length - 1) {
                i++;
                if (argv[i].startsWith("client") || argv[i].startsWith("server")) {
                    i--;
                    break;
                }
                op.append(' ').append(argv[i]);
            }
            if (!parseOp(op.toString(), log)) {
                usage(log);
                return false;
            }
        }
        if (validate) {
            /* barriers: the server is done, the client is quiescent, the server is done checking */
            log.printf("NOTE: Adding OP \"server SR\" - for validation\n");
            parseOp("server SR", log);
            log.printf("NOTE: Adding OP \"client SR\" - for validation\n");
            parseOp("client SR", log);
            log.printf("NOTE: Adding OP \"server SR\" - for validation\n");
            parseOp("server SR", log);
        }
        if (!check(log)) {
            usage(log);
            return false;
        }
        return true;
    }

    /** {@code DT_Transaction_Cmd_Parse_Op}: one operation, its words split on blanks and tabs. */
    private boolean parseOp(final String text, final Log log) {
        if (ops.size() >= MAX_OPS) {
            log.printf("Client: Too Many Ops - Max %d\n", MAX_OPS);
            return false;
        }
        final Op op = new Op();
        ops.add(op);
        final List<String> words = new ArrayList<>();
        for (final String w : text.split("[ \t]+")) {
            if (!w.isEmpty()) {
                words.add(w);
            }
        }
        int k = 0;
        if (k >= words.size() || !(words.get(k).equals("server") || words.get(k).equals("client"))) {
            log.printf("OP first arg must <server/client>\n");
            return false;
        }
        op.serverInitiated = words.get(k++).equals("server");
        if (k >= words.size()) {
            log.printf("OP Second arg must be <RR/RW/SR>\n");
            return false;
        }
        switch (words.get(k++)) {
            case "RR" -> op.transferType = RDMA_READ;
            case "RW" -> op.transferType = RDMA_WRITE;
            case "SR" -> op.transferType = SEND_RECV;
            default -> {
                log.printf("OP Second arg must be <RR/RW/SR>\n");
                return false;
            }
        }
        if (k < words.size() && Cli.startsWithDigit(words.get(k))) {
            op.segSize = Cli.atoi(words.get(k++));
        }
        if (k < words.size() && Cli.startsWithDigit(words.get(k))) {
            op.numSegs = Cli.atoi(words.get(k++));
        }
        if (k < words.size() && words.get(k).equals("-f")) {
            op.reapSendOnRecv = true;
            if (op.transferType != SEND_RECV) {
                log.printf("OP: -f only valid on SEND_RECV\n");
                return false;
            }
            k++;
        }
        if (k < words.size()) {
            log.printf("OP too many args \n");
            return false;
        }
        return true;
    }

    /** {@code DT_Transaction_Cmd_Validate}. */
    private boolean check(final Log log) {
        if (serverName.isEmpty()) {
            log.printf("Must specify server_name in command line or scriptfile\n");
            return false;
        }
        boolean serverSend = false;
        boolean clientSend = false;
        int reapCount = 0;
        for (final Op op : ops) {
            if (op.transferType != SEND_RECV) {
                continue;
            }
            if (op.serverInitiated) {
                serverSend = true;
            } else {
                clientSend = true;
            }
            if (op.reapSendOnRecv) {
                if (!op.serverInitiated) {
                    reapCount++;
                } else if (reapCount > 0) {
                    reapCount--;
                } else {
                    log.printf("OP: Unbalanced -f options\n");
                    return false;
                }
            }
        }
        if (!serverSend || !clientSend) {
            log.printf("Error: Transaction test requires \n");
            log.printf("Error: At least one server SR and one client SR Operation\n");
            return false;
        }
        if (reapCount != 0) {
            log.printf("OP: Unbalanced -f options\n");
            return false;
        }
        if (debug) {
            print(log, true);
        }
        return true;
    }

    static void usage(final Log log) {
        log.printf("USAGE: ---- TRANSACTION TEST ----\n");
        log.printf("USAGE:     dapltest -T T\n");
        log.printf("USAGE:              -s <server Name>\n");
        log.printf("USAGE:              [-D <device Name>]\n");
        log.printf("USAGE:              [-n <server port number>]\n");
        log.printf("USAGE:              [-d] : debug (zero)\n");
        log.printf("USAGE:              [-i <num iterations>]     : (1, 000)\n");
        log.printf("USAGE:              [-t <num threads>]        : (1)\n");
        log.printf("USAGE:              [-w <num EPs per thread>] : (1)\n");
        log.printf("USAGE:              [-V ] : Validate data: (false)\n");
        log.printf("USAGE:              [-P ] : DTO Completion Polling: (false)\n");
        log.printf("USAGE:              [-r ] : Use RSPs: (false)\n");
        log.printf("USAGE:              [-R <service reliability>]\n");
        Cli.qosUsage(log);
        log.printf("USAGE:           <OP [OP...]\n");
        log.printf("USAGE:\n");
        log.printf("USAGE: Each OP consists of:\n");
        log.printf("USAGE:     <who>       : \"server\"/\"client\"\n");
        log.printf("USAGE:     <transfer_type> : \"SR\" (SEND/RECV)\n");
        log.printf("USAGE:                     : \"RR\" (RDMA READ)\n");
        log.printf("USAGE:                     : \"RW\" (RDMA WRITE)\n");
        log.printf("USAGE:     [seg_size [num_segs] ]      : (4096, 1)\n");
        log.printf("USAGE:     [-f]                 : Reap sends on recv\n");
        log.printf("USAGE:\n");
        log.printf("NOTE: -f is only allowed on \"SR\" OPs\n");
        log.printf("NOTE: -f must appear in pairs (one client, one server)\n");
        log.printf("NOTE: At least one server SR and one client SR OP are required\n");
        log.printf("NOTE: and use of -V results in the use of three extra OPs\n");
    }

    /**
     * {@code DT_Transaction_Cmd_Print} (with the port, at parse time) or {@code DT_Transaction_Cmd_PT_Print} (without,
     * when the client starts the test).
     *
     * @param log where it goes
     * @param withPort true for the parse-time form
     */
    void print(final Log log, final boolean withPort) {
        log.printf("-------------------------------------\n");
        log.printf("TransCmd.server_name              : %s\n", serverName);
        if (withPort) {
            log.printf("TransCmd.server_port_number       : %d\n", port);
        }
        log.printf("TransCmd.num_iterations           : %d\n", numIterations);
        log.printf("TransCmd.num_threads              : %d\n", numThreads);
        log.printf("TransCmd.eps_per_thread           : %d\n", epsPerThread);
        log.printf("TransCmd.validate                 : %d\n", validate ? 1 : 0);
        log.printf("TransCmd.dapl_name                : %s\n", daplName);
        log.printf("TransCmd.num_ops                  : %d\n", ops.size());
        for (int i = 0; i < ops.size(); i++) {
            final Op op = ops.get(i);
            log.printf("TransCmd.op[%d].transfer_type      : %s %s\n", i, typeName(op.transferType),
                    op.serverInitiated ? " (server)" : " (client)");
            log.printf("TransCmd.op[%d].seg_size           : %d\n", i, op.segSize);
            log.printf("TransCmd.op[%d].num_segs           : %d\n", i, op.numSegs);
            log.printf("TransCmd.op[%d].reap_send_on_recv  : %d\n", i, op.reapSendOnRecv ? 1 : 0);
        }
    }

    /** {@return the long name of a transfer type, as the command prints print it} @param t the type */
    static String typeName(final int t) {
        return t == RDMA_READ ? "RDMA_READ" : t == RDMA_WRITE ? "RDMA_WRITE" : "SEND_RECV";
    }

    /** {@return {@code DT_TransferTypeToString}: RR, RW or SR} @param t the type */
    static String shortName(final int t) {
        return switch (t) {
            case RDMA_READ -> "RR";
            case RDMA_WRITE -> "RW";
            case SEND_RECV -> "SR";
            default -> "Error: Unkown Transfer Type";
        };
    }
}

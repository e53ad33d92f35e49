package io.dat4j.examples.dapltest;

import io.dat4j.DatStatus;
import java.io.PrintStream;

/**
 * dapltest, the uDAPL test suite of dapl2-utils 2.1.10, ported to dat4j: one program that is the server
 * ({@code -T S}, or no arguments) or a client running the transaction ({@code -T T}), performance ({@code -T P}) or
 * quit ({@code -T Q}) test against it, or runs the limit ({@code -T L}) or function feature ({@code -T F}) tests on
 * its own. Same options, same flow, same output lines and the same bytes on the wire as C, so that a Java client
 * runs against a C server and the other way round, and a run can be diffed against C's (docs/porting.md, "dapltest").
 *
 * <p>Exit status, as C's {@code main} returns its {@code DAT_RETURN}: the low byte of the client's status (0 for
 * success and for most failures, whose status has no subtype; for example 100 for an IA name that is not
 * registered, {@code DAT_NAME_NOT_REGISTERED}), 0 for the server, the quit, limit and FFT tests, 1 for a syntax error.
 *
 * <p>Thread safety: one run per instance; runs in separate instances share nothing, so a server and its clients may
 * run in one JVM.
 */
public final class Dapltest {

    private final Log log;

    /**
     * @param out where the output lines go (C: stdout)
     */
    public Dapltest(final PrintStream out) {
        this.log = new Log(out);
    }

    /**
     * Runs dapltest with C's command line.
     *
     * @param args the arguments, without the program name
     * @return the exit status
     */
    public int run(final String... args) {
        final Params params = Params.parse(args, log);
        if (params == null) {
            log.printf("Command line syntax error\n");
            return 1;
        }
        return execute(params).raw() & 0xff;
    }

    /** {@code DT_Execute_Test}. */
    private DatStatus execute(final Params params) {
        log.debug(params.debug);
        return switch (params.testType) {
            case SERVER -> {
                new Server(log, params).run();
                yield DatStatus.SUCCESS;
            }
            case TRANSACTION -> new Client(log, params, params.transaction.daplName,
                    params.transaction.numThreads * params.transaction.epsPerThread).run();
            case QUIT -> {
                new Client(log, params, params.quit.deviceName, 0).run();
                yield DatStatus.SUCCESS;
            }
            case LIMIT -> LimitTest.run(log, params.limit);
            case PERFORMANCE -> new Client(log, params, params.performance.daplName, 1).run();
            case FFT -> FftTest.run(log, params);
        };
    }

    /**
     * The command line entry point.
     *
     * @param args C's arguments
     */
    public static void main(final String[] args) {
        final int code = new Dapltest(System.out).run(args);
        System.out.flush();
        System.exit(code);
    }
}

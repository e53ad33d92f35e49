package io.dat4j.examples.dtest;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * What dtestcm and dtestsrq have in common, as their C files repeat it: the IA, PZ and EVD globals, the error
 * handling of a DAT call ({@code if (ret != DAT_SUCCESS) { fprintf(stderr, ..); goto cleanup; }}), the free of the
 * EVDs, the flush of the async EVD, and the client's name resolution.
 *
 * <p>Not thread safe: a program, with one thread.
 */
abstract sealed class DtestBase permits DtestCm, DtestSrq {

    /** stdout and stderr. */
    final Console con;
    /** Shared, not confined: the provider's threads read and write registered memory. */
    final Arena arena = Arena.ofShared();

    /* Global DAT vars */
    InterfaceAdapter hIa;
    ProtectionZone hPz;
    EventDispatcher hAsyncEvd;
    EventDispatcher hDtoReqEvd;
    EventDispatcher hDtoRcvEvd;
    EventDispatcher hCrEvd;
    EventDispatcher hConnEvd;

    /** A step failed and said so on stderr; the caller goes to cleanup, as C's {@code goto cleanup}. */
    static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failed() {
            super(null, null, false, false);
        }
    }

    DtestBase(final PrintStream out, final PrintStream err) {
        this.con = new Console(out, err);
    }

    /**
     * Parses the options, 12 (C: -12) for bad ones.
     *
     * @param argv the arguments
     * @return 0, or 12 after saying why
     */
    abstract int parse(String[] argv);

    /**
     * Runs the test after {@link #parse}.
     *
     * @return 0 if the test completed, 1 if not (C returns 0 either way)
     */
    abstract int run();

    /**
     * What the {@code main} of a program does: parse, run, exit with the status.
     *
     * @param program the program
     * @param args its arguments
     */
    static void main(final DtestBase program, final String[] args) {
        final int code = program.parse(args);
        System.exit(code != 0 ? code : program.run());
    }

    /**
     * C's "check for valid EP in creation list" after a DISCONNECTED event.
     *
     * @param eps the EPs not freed yet (null where freed)
     * @param ep the EP of the event
     * @return its index, or {@code eps.length} if it is none of them
     */
    static int indexOf(final Endpoint[] eps, final Endpoint ep) {
        int ii = 0;
        while (ii < eps.length && (eps[ii] == null || eps[ii] != ep)) {
            ii++;
        }
        return ii;
    }

    /**
     * A DAT call that C checks with {@code if (ret != DAT_SUCCESS) { fprintf(stderr, "<what>: %s\n", ..); goto
     * cleanup; }}; the Java message follows on its own line.
     *
     * @param what C's error text before the status
     * @param body the call
     * @return what the call returned
     */
    final <T> T call(final String what, final Supplier<T> body) {
        try {
            return body.get();
        } catch (final DatException e) {
            con.eprintf("%s: %s%n", what, e.status().strerror());
            con.eprintf(" %s%n", e.getMessage());
            throw new Failed();
        }
    }

    /**
     * {@code dat_evd_wait(evd, timeout, 1, &event, &nmore)} with C's error line.
     *
     * @param evd the EVD
     * @param timeout how long, {@link EventDispatcher#INFINITE} where C waits forever
     * @param error C's line, whose arguments are the EVD and the status ({@code %2$s} for the status alone)
     * @return the event
     */
    final Event waitEvd(final EventDispatcher evd, final Duration timeout, final String error) {
        try {
            return evd.await(timeout, 1);
        } catch (final DatException e) {
            con.eprintf(error, evd, e.status().strerror());
            throw new Failed();
        }
    }

    /**
     * A {@code dat_*_free}: C's error line with the status, or its log line.
     *
     * @param h the handle
     * @param error C's error text before the status
     * @param done C's log line
     * @return false if the free was refused
     */
    final boolean free(final AutoCloseable h, final String error, final String done) {
        try {
            h.close();
        } catch (final DatException e) {
            con.eprintf("%s: %s%n", error, e.status().strerror());
            return false;
        } catch (final Exception e) {
            throw new IllegalStateException(e);
        }
        con.logf("%s%n", done);
        return true;
    }

    /**
     * Destroy CR, CONN and DTO events (the EVDs that exist), with C's lines.
     *
     * @return false if a free was refused
     */
    final boolean destroyEvents() {
        final EventDispatcher[] evds = {hCrEvd, hConnEvd, hDtoRcvEvd, hDtoReqEvd};
        final String[] names = {"cr EVD", "conn EVD", "RCV dto EVD", "REQ dto EVD"};
        final String[] freed = {"cr EVD", "conn EVD", "dto EVD", "dto EVD"};
        for (int i = 0; i < evds.length; i++) {
            if (evds[i] != null) {
                con.logf(" Free %s %s%n", names[i], evds[i]);
                if (!free(evds[i], " Error freeing " + freed[i], " Freed " + freed[i])) {
                    return false;
                }
            }
        }
        hCrEvd = null;
        hConnEvd = null;
        hDtoRcvEvd = null;
        hDtoReqEvd = null;
        return true;
    }

    /** flush_evds: the async EVD's entries, on the way to cleanup. */
    final void flushEvds() {
        /* Flush async error queue */
        con.printf(" ERR: Checking ASYNC EVD...%n");
        for (Event e = poll(hAsyncEvd); e != null; e = poll(hAsyncEvd)) {
            if (e instanceof AsyncErrorEvent a) {
                con.printf(" ASYNC EVD ENTRY: handle=%s reason=%d%n", a.source(), a.reasonCode().value());
            }
        }
    }

    private static Event poll(final EventDispatcher evd) {
        return evd == null || evd.isClosed() ? null : evd.poll();
    }

    /**
     * The client's {@code getaddrinfo(hostname, ..)} and the lines that name the server.
     *
     * @param hostname the server
     * @param port the connection qualifier C prints
     * @return the server's IPv4 address
     */
    final InetAddress resolveServer(final String hostname, final int port) {
        final InetAddress target;
        try {
            target = Libc.resolve(hostname);
        } catch (final UnknownHostException e) {
            con.eprintf("%n remote name resolution failed!: %s%n", e.getMessage());
            throw new Failed();
        }
        final byte[] ip = target.getAddress();
        con.printf(" Connecting to Server: %s %n", hostname);
        con.printf(" Address: %d.%d.%d.%d port %d%n", ip[0] & 0xff, ip[1] & 0xff, ip[2] & 0xff, ip[3] & 0xff, port);
        return target;
    }
}

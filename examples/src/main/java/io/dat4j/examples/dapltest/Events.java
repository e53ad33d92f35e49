package io.dat4j.examples.dapltest;

import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.ServicePoint;
import java.util.Set;

/**
 * The event helpers of {@code dapl_test_util.c}: waiting for a connection request, a connection event, a disconnect
 * or a DTO completion, and checking what arrived. As in C they wait forever ({@link EventDispatcher#INFINITE}); a
 * wait ends early only when the EVD or its IA is closed, which the port's shutdown does. Every other event that
 * arrives meanwhile is printed ("swallowing") and skipped.
 */
final class Events {

    /** The connection events that end a wait for ESTABLISHED (or for DISCONNECTED, which then is missing). */
    private static final Set<EventNumber> CONNECTION_FAILURES = Set.of(
            EventNumber.CONNECTION_EVENT_PEER_REJECTED, EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED,
            EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, EventNumber.CONNECTION_EVENT_BROKEN,
            EventNumber.CONNECTION_EVENT_UNREACHABLE, EventNumber.CONNECTION_EVENT_TIMED_OUT);

    private Events() {
    }

    /** {@return {@code DT_EventToSTr}: the C name of an event number} @param n the number */
    static String name(final EventNumber n) {
        return n == null || n == EventNumber.HA_DOWN_TO_1 || n == EventNumber.HA_UP_TO_MULTI_PATH
                ? "Invalid_DAT_EVENT_NUMBER" : n.cName();
    }

    /** Waits for the next event; null after printing C's line for a failed wait ({@code kind}: CR, CONN, ...). */
    private static Event next(final Log log, final EventDispatcher evd, final String kind) {
        try {
            return evd.await(EventDispatcher.INFINITE);
        } catch (final DatException x) {
            log.printf("Test Error: dapl_event_wait (%s) failed: %s\n", kind, Log.ret(x));
            return null;
        }
    }

    /**
     * {@code DT_cr_event_wait}.
     *
     * @param log where messages go
     * @param evd the CR EVD
     * @return the request event, or null when the wait failed
     */
    static ConnectionRequestEvent crWait(final Log log, final EventDispatcher evd) {
        for (;;) {
            final Event e = next(log, evd, "CR");
            if (e == null) {
                return null;
            }
            if (e instanceof ConnectionRequestEvent cr) {
                return cr;
            }
            log.printf("Warning: cr_event_wait swallowing %s event\n", name(e.number()));
        }
    }

    /**
     * {@code DT_conn_event_wait}: waits for ESTABLISHED; a failure event ends the wait, DISCONNECTED too.
     *
     * @param log where messages go
     * @param evd the connect EVD
     * @return the event number that ended the wait (ESTABLISHED on success), or null when the wait failed
     */
    static EventNumber connWait(final Log log, final EventDispatcher evd) {
        for (;;) {
            final Event e = next(log, evd, "CONN");
            if (e == null) {
                return null;
            }
            final EventNumber n = e.number();
            if (CONNECTION_FAILURES.contains(n) || n == EventNumber.CONNECTION_EVENT_DISCONNECTED) {
                log.printf("Warning: conn_event_wait %s\n", name(n));
                return n;
            }
            if (n == EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                return n;
            }
            log.printf("Warning: conn_event_wait swallowing %s event\n", name(n));
        }
    }

    /**
     * {@code DT_disco_event_wait}: waits for DISCONNECTED.
     *
     * @param log where messages go
     * @param evd the connect EVD
     * @return the event, or null when another connection event or a failed wait came first
     */
    static ConnectionEvent discoWait(final Log log, final EventDispatcher evd) {
        for (;;) {
            final Event e = next(log, evd, "DISCONN");
            if (e == null) {
                return null;
            }
            final EventNumber n = e.number();
            if (CONNECTION_FAILURES.contains(n)) {
                log.printf("Warning: disconn_event_wait %s\n", name(n));
                return null;
            }
            if (n == EventNumber.CONNECTION_EVENT_DISCONNECTED && e instanceof ConnectionEvent ce) {
                return ce;
            }
            log.printf("Warning: conn_event_wait swallowing %s event\n", name(n));
        }
    }

    /**
     * {@code DT_dto_event_wait}.
     *
     * @param log where messages go
     * @param evd the DTO EVD
     * @return the completion, or null when the wait failed
     */
    static DtoCompletionEvent dtoWait(final Log log, final EventDispatcher evd) {
        for (;;) {
            final Event e = next(log, evd, "DTO");
            if (e == null) {
                return null;
            }
            if (e instanceof DtoCompletionEvent d) {
                return d;
            }
            log.printf("Warning: dto_event_wait swallowing %s event\n", name(e.number()));
        }
    }

    /**
     * {@code DT_dto_event_poll}: dequeues until a completion arrives, yielding between tries.
     *
     * @param log where messages go
     * @param evd the DTO EVD
     * @return the completion, or null when dequeuing failed
     */
    static DtoCompletionEvent dtoPoll(final Log log, final EventDispatcher evd) {
        for (;;) {
            final Event e;
            try {
                e = evd.poll();
            } catch (final DatException x) {
                log.printf("Test Error: dapl_event_wait (DTO) failed: %s\n", Log.ret(x));
                return null;
            }
            if (e == null) {
                Thread.yield();
                continue;
            }
            if (e instanceof DtoCompletionEvent d) {
                return d;
            }
            log.printf("Warning: dto_event_poll swallowing %s event\n", name(e.number()));
        }
    }

    /** {@code DT_dto_event_reap}: {@link #dtoPoll} or {@link #dtoWait}. */
    static DtoCompletionEvent dtoReap(final Log log, final EventDispatcher evd, final boolean poll) {
        return poll ? dtoPoll(log, evd) : dtoWait(log, evd);
    }

    /**
     * {@code DT_dto_check}: the completion is a success of the expected EP, length and cookie; prints what differs.
     *
     * @param log where messages go
     * @param dto the completion, null when the wait before failed (then false, silently)
     * @param epExpected the EP, or null for any
     * @param lenExpected the length
     * @param cookieExpected the cookie
     * @param message names the transfer in the message
     * @return true if it is as expected
     */
    static boolean dtoCheck(final Log log, final DtoCompletionEvent dto, final Endpoint epExpected,
            final long lenExpected, final long cookieExpected, final String message) {
        if (dto == null) {
            return false;
        }
        final boolean epBad = epExpected != null && dto.endpoint() != epExpected;
        if (epBad || dto.transferredLength() != lenExpected || dto.cookie() != cookieExpected
                || dto.status() != DtoStatus.SUCCESS) {
            log.printf("Test Error: %s-reaping DTO problem, status = %s\n", message,
                    dto.status() == DtoStatus.SUCCESS ? "OK" : dto.status().value() == 1 ? "FAILURE" : "LengthError");
            if (epBad) {
                log.printf("\tEndPoint mismatch (got %s wanted %s)\n", dto.endpoint(), epExpected);
            }
            if (dto.transferredLength() != lenExpected) {
                log.printf("\tLength mismatch (xfer 0x%x wanted 0x%x)\n", dto.transferredLength(), lenExpected);
            }
            if (dto.cookie() != cookieExpected) {
                log.printf("\tCookie mismatch (got %x wanted %x)\n", dto.cookie(), cookieExpected);
            }
            return false;
        }
        return true;
    }

    /**
     * {@code DT_cr_check}: the request is for the expected qualifier (and service point, if given); a wrong one is
     * rejected.
     *
     * @param log where messages go
     * @param cr the request event, null when the wait before failed (then null, silently)
     * @param spExpected the service point, or null for any
     * @param portExpected the connection qualifier
     * @param message names the side in the message
     * @return the request to accept, or null
     */
    static ConnectionRequest crCheck(final Log log, final ConnectionRequestEvent cr, final ServicePoint spExpected,
            final long portExpected, final String message) {
        if (cr == null) {
            return null;
        }
        final boolean spBad = spExpected != null && cr.servicePoint() != spExpected;
        if (cr.connectionQualifier() != portExpected || spBad) {
            log.printf("Test Error: %s CR data problem\n", message);
            if (cr.connectionQualifier() != portExpected) {
                log.printf("\tCR conn_qual mismatch  (got 0x%x wanted 0x%x)\n", cr.connectionQualifier(),
                        portExpected);
            }
            if (spBad) {
                log.printf("\tPSP mismatch (got 0x%s wanted 0x%s)\n", cr.servicePoint(), spExpected);
            }
            if (cr.request() == null) {
                log.printf("\tGot NULL cr_handle\n");
            } else {
                try {
                    cr.request().reject(null);
                } catch (final DatException x) {
                    log.printf("\tdat_cr_reject error: %s\n", Log.ret(x));
                }
            }
            return null;
        }
        return cr.request();
    }

    /** {@code get_ep_connection_state}: the EP's state and idle flags, for a debugging run. */
    static void printConnectionState(final Log log, final Endpoint ep) {
        try {
            final var s = ep.status();
            log.printf("DAT_STATE: %s\n", s.state().cName());
            log.printf("DAT_STATE: Inbound DTO Status: %s \n", s.inDtoIdle() ? "Idle" : "Active");
            log.printf("DAT_STATE: Outbound DTO Status: %s\n", s.outDtoIdle() ? "Idle" : "Active");
        } catch (final DatException x) {
            log.printf("DAT_ERROR: Can't get Connection State %s\n", Log.ret(x));
        }
    }
}

package io.dat4j.tools;

import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.StatusType;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What the tools tell the user when a connection or an operation ends badly: the event first (what the connection
 * did), then the first error status, then a hint that says only what the tool knows happened.
 */
final class Diagnosis {

    /**
     * How much longer than the connect timeout a tool waits for the connection event: the provider ends an
     * unanswered connect with TIMED_OUT at the timeout, and the user must see that event, not a timeout of the wait.
     */
    static final Duration CONNECT_GRACE = Duration.ofSeconds(5);
    /**
     * How long a tool waits, after an operation completed in error, for the connection event that explains it (a
     * broken connection flushes what was posted and reports BROKEN or DISCONNECTED; the two may arrive in either
     * order).
     */
    static final Duration BREAK_GRACE = Duration.ofSeconds(3);
    /** The most completions a tool drains from one EVD after a failure, to find the first real error. */
    static final int MAX_DRAINED = 1 << 20;

    private Diagnosis() {
    }

    /**
     * Waits for an event.
     *
     * @param evd the EVD
     * @param timeout how long
     * @return the event, or null when none came in time
     */
    static Event awaitOrNull(final EventDispatcher evd, final Duration timeout) {
        try {
            return evd.await(timeout);
        } catch (final DatException e) {
            if (e.type() == StatusType.TIMEOUT_EXPIRED) {
                return null;
            }
            throw e;
        }
    }

    /**
     * {@return what a connect that ended with {@code n} means, in parentheses, for the message after the event name}
     *
     * @param n the event the connect ended with
     * @param timeout the connect timeout
     * @param warnings what the providers logged at WARN meanwhile ({@link ProviderLog})
     */
    static String connectHint(final EventNumber n, final Duration timeout, final List<String> warnings) {
        final String said = warnings.isEmpty() ? "" : "the provider reported: " + String.join("; ", warnings) + "; ";
        return switch (n) {
            case CONNECTION_EVENT_NON_PEER_REJECTED -> warnings.isEmpty()
                    ? " (nothing accepted the request: no server listens on that port, or the server's service point"
                            + " could not take the request; is the server running, with the same -p?)"
                    : " (" + said + "something answered on that port but did not complete the connection: is it a"
                            + " dat server of the same provider and version?)";
            case CONNECTION_EVENT_PEER_REJECTED -> " (" + said + "the server refused the request: is it the same"
                    + " command, with the same options?)";
            case CONNECTION_EVENT_UNREACHABLE -> " (" + said + "no route to the host from this IA: check -P and -h)";
            case CONNECTION_EVENT_TIMED_OUT -> " (" + said + "no answer within the " + timeout.toSeconds()
                    + " s connect timeout: the server or its host does not answer, or the network drops the request;"
                    + " --connect-timeout sets it)";
            default -> warnings.isEmpty() ? "" : " (" + said.substring(0, said.length() - 2) + ")";
        };
    }

    /**
     * {@return the hint for a failed connection event without the provider's words (for callers that did not
     * capture them)}
     *
     * @param n the event
     * @param timeout the connect timeout
     */
    static String connectHint(final EventNumber n, final Duration timeout) {
        return connectHint(n, timeout, List.of());
    }

    /**
     * {@return "; the provider reported: ..." for warnings captured meanwhile, or nothing}
     *
     * @param warnings the captured warnings
     */
    static String reported(final List<String> warnings) {
        return warnings.isEmpty() ? "" : "; the provider reported: " + String.join("; ", warnings);
    }

    /**
     * {@return how a connection that was up ended, starting with "the connection broke"}
     *
     * @param n its event
     */
    static String connectionEnded(final EventNumber n) {
        return switch (n) {
            case CONNECTION_EVENT_BROKEN -> "the connection broke (" + n.cName() + ": the peer's process or host went"
                    + " away, or the network failed)";
            case CONNECTION_EVENT_DISCONNECTED -> "the connection broke (" + n.cName() + ": the peer disconnected"
                    + " or its process ended)";
            default -> "the connection broke (" + n.cName() + ")";
        };
    }

    /**
     * {@return an error completion as "DAT_DTO_ERR_X (an RDMA write, cookie 0x..)"}
     *
     * @param dto the completion
     */
    static String dtoError(final DtoCompletionEvent dto) {
        return "DAT_DTO_ERR_" + dto.status() + " (" + dto.operation().name().toLowerCase(Locale.ROOT)
                + ", cookie 0x" + Long.toHexString(dto.cookie()) + ")";
    }
}

package io.dat4j.conformance.support;

import io.dat4j.DtoCompletionEvent;
import io.dat4j.Endpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The exactly-once ledger of a torture run: each post takes a fresh cookie and is entered before the call; a post
 * that throws is marked refused; each DTO completion taken from an EVD is checked against its entry. A completion of
 * a refused post, a second completion, a completion of a cookie never posted, a completion naming another EP than the
 * post, or a completion of an EP after the consumer saw it freed and drained is a violation.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads (entries change by compare-and-set).
 */
public final class CookieLedger {

    private enum State { POSTING, POSTED, REFUSED, COMPLETED }

    private record Entry(Endpoint ep, String kind, State state) {
        Entry with(final State s) {
            return new Entry(ep, kind, s);
        }
    }

    private final AtomicLong next = new AtomicLong(1);
    private final Map<Long, Entry> entries = new ConcurrentHashMap<>();
    private final Map<Endpoint, Boolean> drained = new ConcurrentHashMap<>();
    private final Consumer<String> violations;

    /**
     * A ledger that reports to a sink.
     *
     * @param violations where broken invariants go (for example {@link Torture#violation})
     */
    public CookieLedger(final Consumer<String> violations) {
        this.violations = violations;
    }

    /**
     * Enters a post about to be made.
     *
     * @param ep the EP it is posted on
     * @param kind what it is, for messages
     * @return its cookie
     */
    public long begin(final Endpoint ep, final String kind) {
        final long c = next.getAndIncrement();
        entries.put(c, new Entry(ep, kind, State.POSTING));
        return c;
    }

    /**
     * The post returned normally: the operation must complete exactly once.
     *
     * @param cookie its cookie
     */
    public void posted(final long cookie) {
        entries.computeIfPresent(cookie, (k, e) -> e.state() == State.POSTING ? e.with(State.POSTED) : e);
    }

    /**
     * The post threw: the operation must never complete.
     *
     * @param cookie its cookie
     */
    public void refused(final long cookie) {
        entries.compute(cookie, (k, e) -> {
            if (e != null && e.state() == State.COMPLETED) {
                violations.accept("cookie " + cookie + " (" + e.kind() + ") completed although its post threw");
            }
            return e == null ? null : e.with(State.REFUSED);
        });
    }

    /**
     * Checks a completion taken from an EVD.
     *
     * @param d the completion
     */
    public void completed(final DtoCompletionEvent d) {
        final long cookie = d.cookie();
        if (drained.containsKey(d.endpoint())) {
            violations.accept("completion of cookie " + cookie + " (" + d.status() + ") arrived after its EP was freed"
                    + " and its EVDs drained");
        }
        entries.compute(cookie, (k, e) -> {
            if (e == null) {
                violations.accept("completion of cookie " + cookie + " that was never posted: " + d);
                return null;
            }
            switch (e.state()) {
                case REFUSED -> violations.accept("cookie " + cookie + " (" + e.kind() + ") completed with "
                        + d.status() + " although its post threw");
                case COMPLETED -> violations.accept("cookie " + cookie + " (" + e.kind() + ") completed twice (now "
                        + d.status() + ")");
                default -> {
                    if (e.ep() != d.endpoint()) {
                        violations.accept("cookie " + cookie + " (" + e.kind() + ") was posted on " + e.ep()
                                + " but completed on " + d.endpoint());
                    }
                }
            }
            return e.with(State.COMPLETED);
        });
    }

    /**
     * Marks an EP freed and its EVDs drained: no completion of it may come any more.
     *
     * @param ep the EP
     */
    public void drained(final Endpoint ep) {
        drained.put(ep, Boolean.TRUE);
    }

    /** {@return how many posts went through and are not completed yet} */
    public int outstanding() {
        int n = 0;
        for (final Entry e : entries.values()) {
            if (e.state() == State.POSTED || e.state() == State.POSTING) {
                n++;
            }
        }
        return n;
    }

    /** {@return the number of posts that went through (completed or not)} */
    public long accepted() {
        return entries.values().stream().filter(e -> e.state() == State.POSTED || e.state() == State.COMPLETED)
                .count();
    }

    /** Reports every accepted post that never completed. */
    public void requireAllCompleted() {
        final List<String> missing = new ArrayList<>();
        entries.forEach((c, e) -> {
            if (e.state() == State.POSTED || e.state() == State.POSTING) {
                missing.add(c + " (" + e.kind() + ")");
            }
        });
        if (!missing.isEmpty()) {
            violations.accept(missing.size() + " accepted post(s) never completed, e.g. "
                    + missing.subList(0, Math.min(10, missing.size())));
        }
    }
}

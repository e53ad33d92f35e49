package io.dat4j.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * What the providers logged at WARN or above while a tool waited for one step (a connect): the DAT events carry no
 * reason (a {@code NON_PEER_REJECTED} looks the same whether nothing listened or the peer broke the protocol), so the
 * tools add the provider's own words to their message. Needs log4j-core as the logging backend (the {@code dat}
 * command's); with another backend it captures nothing and the tools fall back to the event alone.
 *
 * <p>Thread safe: providers log from their own threads; the lists are guarded by {@code this}. Open one, run the
 * step, read {@link #messages()}, close it (idempotent).
 */
final class ProviderLog implements AutoCloseable {

    /** The most messages kept per capture (the first ones: they say what went wrong first). */
    static final int MAX_MESSAGES = 4;
    private static final AtomicInteger IDS = new AtomicInteger();

    private final List<String> messages = new ArrayList<>();
    private final LoggerConfig root;
    private final LoggerContext context;
    private final String name;

    private ProviderLog(final LoggerContext context) {
        this.context = context;
        this.name = "dat-tools-capture-" + IDS.incrementAndGet();
        if (context == null) {
            root = null;
            return;
        }
        root = context.getConfiguration().getRootLogger();
        final Appender a = new AbstractAppender(name, null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(final LogEvent event) {
                record(event);
            }
        };
        a.start();
        root.addAppender(a, Level.WARN, null);
        context.updateLoggers();
    }

    /** {@return a capture of the providers' warnings from now until it is closed} */
    static ProviderLog capture() {
        return new ProviderLog(LogManager.getContext(false) instanceof LoggerContext c ? c : null);
    }

    private void record(final LogEvent event) {
        final String logger = event.getLoggerName();
        if (logger == null || !logger.startsWith("io.dat4j.") || logger.startsWith("io.dat4j.tools.")) {
            return;
        }
        synchronized (this) {
            if (messages.size() < MAX_MESSAGES) {
                messages.add(event.getMessage().getFormattedMessage());
            }
        }
    }

    /** {@return the warnings captured so far, oldest first} */
    synchronized List<String> messages() {
        return List.copyOf(messages);
    }

    @Override
    public void close() {
        if (root != null && root.getAppenders().containsKey(name)) {
            root.removeAppender(name);
            context.updateLoggers();
        }
    }
}

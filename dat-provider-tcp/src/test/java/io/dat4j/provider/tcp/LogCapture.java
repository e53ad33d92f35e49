package io.dat4j.provider.tcp;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

/** Records the log events of WARN and above while open, for tests about what the provider logs. */
final class LogCapture implements AutoCloseable {

    private static final AtomicInteger IDS = new AtomicInteger();

    static {
        // the tests run as the provider's module, which reads log4j-api only
        LogCapture.class.getModule().addReads(LogManager.getContext(false).getClass().getModule());
    }

    private final List<LogEvent> events = new CopyOnWriteArrayList<>();
    /** Typed as the interface: the verifier then loads the subclass only once the reads edge exists. */
    private final Appender appender;
    private final LoggerContext context;

    LogCapture() {
        context = (LoggerContext) LogManager.getContext(false);
        appender = new AbstractAppender("capture-" + IDS.incrementAndGet(), null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(final LogEvent event) {
                events.add(event.toImmutable());
            }
        };
        appender.start();
        context.getConfiguration().getRootLogger().addAppender(appender, Level.WARN, null);
        context.updateLoggers();
    }

    /** {@return the events recorded so far} */
    List<LogEvent> events() {
        return List.copyOf(events);
    }

    /** {@return the recorded events whose formatted message matches} */
    List<LogEvent> matching(final Predicate<String> message) {
        return events.stream().filter(e -> message.test(e.getMessage().getFormattedMessage())).toList();
    }

    /** {@return a readable list of the recorded events, for assertion messages} */
    String describe() {
        final StringBuilder b = new StringBuilder();
        for (final LogEvent e : events) {
            b.append('\n').append(e.getLevel()).append(' ').append(e.getLoggerName()).append(": ")
                    .append(e.getMessage().getFormattedMessage());
            if (e.getThrown() != null) {
                b.append(" [").append(e.getThrown()).append(']');
            }
        }
        return b.toString();
    }

    @Override
    public void close() {
        context.getConfiguration().getRootLogger().removeAppender(appender.getName());
        context.updateLoggers();
        appender.stop();
    }
}

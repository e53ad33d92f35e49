package io.dat4j.conformance.support;

import io.dat4j.internal.logging.Logging;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.AssertionFailedError;

/**
 * Applies a {@link Rule}: bounds the test by its scaled timeout (a watchdog interrupts the test thread and, when the
 * test instance is {@link Abortable}, closes what it opened, which releases any blocked DAT call), publishes the
 * rule's id, level and text as report entries, and logs the rule when the test fails or is skipped.
 */
public final class RuleExtension implements InvocationInterceptor, TestWatcher {

    /** Prefix of the report entry keys this extension publishes. */
    public static final String ENTRY_PREFIX = "dat.rule.";

    private static final Logger LOG = Logging.logger(RuleExtension.class);

    /** Creates the extension; JUnit does this through {@code @ExtendWith}. */
    public RuleExtension() {
    }

    private static final class Watchdog {
        private static final ScheduledExecutorService EXECUTOR = Executors.newSingleThreadScheduledExecutor(r -> {
            final Thread t = new Thread(r, LeakCheckExtension.OWN_THREAD_PREFIX + "watchdog");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * {@return the rule of a test method, if it has one}
     *
     * @param method the test method
     */
    public static Optional<Rule> ruleOf(final Method method) {
        return Optional.ofNullable(method.getAnnotation(Rule.class));
    }

    @Override
    public void interceptTestMethod(final Invocation<Void> invocation,
            final ReflectiveInvocationContext<Method> invocationContext, final ExtensionContext context)
            throws Throwable {
        final Optional<Rule> rule = ruleOf(invocationContext.getExecutable());
        rule.ifPresent(r -> context.publishReportEntry(Map.of(ENTRY_PREFIX + "id", r.id(),
                ENTRY_PREFIX + "level", r.level().name(), ENTRY_PREFIX + "text", r.text())));
        final int seconds = rule.map(Rule::timeoutSeconds).orElse(ConformanceTimeouts.DEFAULT_SECONDS);
        final Duration timeout = ConformanceTimeouts.scaled(Duration.ofSeconds(seconds));
        final Thread testThread = Thread.currentThread();
        final AtomicBoolean fired = new AtomicBoolean();
        final Object target = invocationContext.getTarget().orElse(null);
        final ScheduledFuture<?> watchdog = Watchdog.EXECUTOR.schedule(() -> {
            fired.set(true);
            LOG.error("{} ran out of its {} ms; interrupting it and closing its handles",
                    describe(rule, context), timeout.toMillis());
            testThread.interrupt();
            if (target instanceof final Abortable a) {
                try {
                    a.abortAfterTimeout();
                } catch (final RuntimeException e) {
                    LOG.error("closing the handles of a timed-out test failed", e);
                }
            }
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        Throwable failure = null;
        try {
            invocation.proceed();
        } catch (final Throwable t) {
            failure = t;
        } finally {
            watchdog.cancel(false);
        }
        if (fired.get()) {
            Thread.interrupted();
            final AssertionFailedError e = new AssertionFailedError(describe(rule, context) + " timed out after "
                    + timeout.toMillis() + " ms (scale with -D" + ConformanceTimeouts.SCALE_PROP_NAME + ")");
            if (failure != null) {
                e.addSuppressed(failure);
            }
            throw e;
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static String describe(final Optional<Rule> rule, final ExtensionContext context) {
        return rule.map(r -> r.id() + " [" + r.level() + "] " + r.text()).orElse(context.getDisplayName());
    }

    @Override
    public void testFailed(final ExtensionContext context, final Throwable cause) {
        final Optional<Rule> rule = context.getTestMethod().flatMap(RuleExtension::ruleOf);
        LOG.error("FAILED {}: {}", describe(rule, context), cause.toString());
    }

    @Override
    public void testAborted(final ExtensionContext context, final Throwable cause) {
        final Optional<Rule> rule = context.getTestMethod().flatMap(RuleExtension::ruleOf);
        LOG.info("SKIPPED {}: {}", describe(rule, context), cause.getMessage());
    }

    @Override
    public void testDisabled(final ExtensionContext context, final Optional<String> reason) {
        final Optional<Rule> rule = context.getTestMethod().flatMap(RuleExtension::ruleOf);
        LOG.info("DISABLED {}: {}", describe(rule, context), reason.orElse(""));
    }
}

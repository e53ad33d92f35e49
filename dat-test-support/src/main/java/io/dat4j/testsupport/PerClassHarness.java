package io.dat4j.testsupport;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import net.jqwik.api.lifecycle.AroundContainerHook;
import net.jqwik.api.lifecycle.ContainerLifecycleContext;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@link CheckedHarness} per test class: opened before the class's first test, and after its last one checked
 * ({@link CheckedHarness#assertStillWorks}) and then closed, also when the check fails. A JUnit class registers it
 * as an extension:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final PerClassHarness<HostilePeer> PEER = new PerClassHarness<>(HostilePeer::new);
 * }</pre>
 *
 * <p>A jqwik container (jqwik does not run JUnit extensions) declares the same static field and names the hook
 * {@link ForJqwik} on the class: {@code @AddLifecycleHook(PerClassHarness.ForJqwik.class)}.
 *
 * <p>Not thread safe: the test engine opens and closes it on one thread, before and after the class's tests.
 *
 * @param <H> the harness
 */
public final class PerClassHarness<H extends CheckedHarness> implements BeforeAllCallback, AfterAllCallback {

    private final Callable<? extends H> opener;
    private H harness;

    /**
     * Creates the holder; nothing opens until the class starts.
     *
     * @param opener opens the harness (a constructor reference)
     */
    public PerClassHarness(final Callable<? extends H> opener) {
        this.opener = Objects.requireNonNull(opener, "opener");
    }

    /** {@return the open harness} */
    public H get() {
        if (harness == null) {
            throw new IllegalStateException("the harness is not open: register the field as a JUnit extension "
                    + "(@RegisterExtension) or name PerClassHarness.ForJqwik with @AddLifecycleHook");
        }
        return harness;
    }

    /**
     * Opens the harness.
     *
     * @throws Exception what opening it threw
     */
    public void open() throws Exception {
        if (harness != null) {
            throw new IllegalStateException("the harness is open already");
        }
        harness = opener.call();
    }

    /**
     * Checks the harness, then closes it whatever the check found; nothing if it never opened.
     *
     * @throws Exception the check's failure (or the close's, when the check passed)
     */
    public void checkAndClose() throws Exception {
        final H h = harness;
        harness = null;
        if (h != null) {
            try {
                h.assertStillWorks();
            } finally {
                h.close();
            }
        }
    }

    @Override
    public void beforeAll(final ExtensionContext context) throws Exception {
        open();
    }

    @Override
    public void afterAll(final ExtensionContext context) throws Exception {
        checkAndClose();
    }

    /**
     * The jqwik hook: opens every static {@link PerClassHarness} field of the container class before its first
     * property and checks and closes them after its last one.
     */
    public static final class ForJqwik implements AroundContainerHook {

        /** Created by jqwik. */
        public ForJqwik() {
        }

        @Override
        public void beforeContainer(final ContainerLifecycleContext context) {
            try {
                for (final PerClassHarness<?> h : fields(context)) {
                    h.open();
                }
            } catch (final Exception e) {
                throw unchecked(e);
            }
        }

        @Override
        public void afterContainer(final ContainerLifecycleContext context) {
            Exception first = null;
            final List<PerClassHarness<?>> all;
            try {
                all = fields(context);
            } catch (final IllegalAccessException e) {
                throw unchecked(e);
            }
            for (final PerClassHarness<?> h : all) {
                try {
                    h.checkAndClose();
                } catch (final Exception e) {
                    if (first == null) {
                        first = e;
                    } else {
                        first.addSuppressed(e);
                    }
                }
            }
            if (first != null) {
                throw unchecked(first);
            }
        }

        /** jqwik's hooks declare no checked exception: rethrows {@code e} itself, unwrapped, as JUnit would. */
        @SuppressWarnings("unchecked")
        private static <T extends Exception> RuntimeException unchecked(final Exception e) throws T {
            throw (T) e;
        }

        private static List<PerClassHarness<?>> fields(final ContainerLifecycleContext context)
                throws IllegalAccessException {
            final List<PerClassHarness<?>> found = new ArrayList<>();
            final Class<?> type = context.optionalContainerClass().orElse(null);
            if (type == null) {
                return found;
            }
            for (final Field f : type.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && PerClassHarness.class.isAssignableFrom(f.getType())) {
                    f.setAccessible(true);
                    found.add((PerClassHarness<?>) Objects.requireNonNull(f.get(null), f.getName()));
                }
            }
            if (found.isEmpty()) {
                throw new IllegalStateException(type.getName() + " names PerClassHarness.ForJqwik but declares no "
                        + "static PerClassHarness field");
            }
            return found;
        }
    }
}

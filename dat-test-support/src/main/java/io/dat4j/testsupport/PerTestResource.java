package io.dat4j.testsupport;

import java.util.Objects;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One resource per test (a pair of IAs, for example): opened before each test and closed after it, also when the
 * test failed; a failure to close fails the test (or is added to its failure). A JUnit class registers it as an
 * extension on an instance field, and each test (or a helper it calls) takes the resource with {@link #get}:
 *
 * <pre>{@code
 * @RegisterExtension
 * final PerTestResource<Fixture> fixture = new PerTestResource<>(Fixture::new);
 *
 * @Test
 * void sends() {
 *     final Fixture f = fixture.get();
 *     ...
 * }
 * }</pre>
 *
 * <p>This replaces a resource field with an {@code @AfterEach} method that closes it when set. For a harness shared
 * by a class's tests and checked after the last one, see {@link PerClassHarness}.
 *
 * <p>Not thread safe: the test engine opens and closes it on one thread, before and after each test; the test's own
 * threads may call {@link #get} while the test runs.
 *
 * @param <R> the resource
 */
public final class PerTestResource<R extends AutoCloseable> implements BeforeEachCallback, AfterEachCallback {

    private final Callable<? extends R> opener;
    private volatile R resource;

    /**
     * Creates the holder; nothing opens until a test starts.
     *
     * @param opener opens the resource (a constructor reference)
     */
    public PerTestResource(final Callable<? extends R> opener) {
        this.opener = Objects.requireNonNull(opener, "opener");
    }

    /** {@return the resource of the running test} */
    public R get() {
        final R r = resource;
        if (r == null) {
            throw new IllegalStateException("no resource is open: register the field as a JUnit extension "
                    + "(@RegisterExtension) and call get() while a test runs");
        }
        return r;
    }

    /**
     * Opens the resource.
     *
     * @throws Exception what opening it threw
     */
    public void open() throws Exception {
        if (resource != null) {
            throw new IllegalStateException("the resource is open already");
        }
        resource = Objects.requireNonNull(opener.call(), "the opener returned null");
    }

    /**
     * Closes the resource; nothing if none is open.
     *
     * @throws Exception what closing it threw
     */
    public void close() throws Exception {
        final R r = resource;
        resource = null;
        if (r != null) {
            r.close();
        }
    }

    @Override
    public void beforeEach(final ExtensionContext context) throws Exception {
        open();
    }

    @Override
    public void afterEach(final ExtensionContext context) throws Exception {
        close();
    }
}

package io.dat4j.kit;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Assumptions;

/**
 * The bytes the calling thread has allocated, from the JVM's per-thread counter
 * ({@code com.sun.management.ThreadMXBean}); a test that needs it is skipped, with the reason, on a JVM without it.
 * The tests' module must read {@code java.management} and {@code jdk.management} (see the tests that use it).
 */
public final class ThreadAllocation {

    private final Object bean;
    private final Method allocated;
    private final long thread;

    private ThreadAllocation(final Object bean, final Method allocated, final long thread) {
        this.bean = bean;
        this.allocated = allocated;
        this.thread = thread;
    }

    /** {@return the counter of the calling thread}; skips the test when the JVM has none */
    public static ThreadAllocation ofCurrentThread() throws ReflectiveOperationException {
        final Class<?> mx = Class.forName("com.sun.management.ThreadMXBean");
        final Object bean = java.lang.management.ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(mx.isInstance(bean), "no allocation counters");
        return new ThreadAllocation(bean, mx.getMethod("getThreadAllocatedBytes", long.class),
                Thread.currentThread().threadId());
    }

    /** {@return the bytes the thread has allocated so far} */
    public long bytes() throws ReflectiveOperationException {
        return (long) allocated.invoke(bean, thread);
    }
}

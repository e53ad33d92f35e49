package io.dat4j.conformance.support;

import io.dat4j.Registry;
import io.dat4j.spi.DatProvider;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;

/**
 * The leak check run after every test class: every handle the suite opened is closed, every arena it allocated is
 * closed, no platform thread started during the class is still alive, no socket, pipe, anonymous inode or device file
 * descriptor opened during the class is still open ({@code /proc/self/fd}; unix-domain and netlink sockets are left
 * out: the C library keeps them as name-service caches), and direct (native) buffer memory is back
 * near where it was. Threads and descriptors get a grace period to go away; a leak fails the class.
 *
 * <p>Descriptors that a provider declares it keeps for the life of the process
 * ({@link DatProvider#retainedDescriptors()}, for example the verbs device context librdmacm caches per device) are
 * left out, each only while it is open with the declared number and target; the providers asked are those of
 * {@link Registry#defaultRegistry()}.
 *
 * <p>Virtual threads are not visible to this check (the JDK lists platform threads only).
 */
public final class LeakCheckExtension implements BeforeAllCallback, AfterAllCallback {

    /** Threads whose name starts with this belong to the suite and are not leaks. */
    public static final String OWN_THREAD_PREFIX = "dat-conformance-";
    /** Direct memory that may stay allocated after a class (JDK caches), in bytes. */
    public static final long DIRECT_MEMORY_SLACK = 4L << 20;

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(LeakCheckExtension.class);
    private static final Path FD_DIR = Path.of("/proc/self/fd");
    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final List<String> JDK_THREAD_PREFIXES = List.of("process reaper", "Common-Cleaner",
            "Attach Listener", "ForkJoinPool.commonPool", "JFR ", "RMI ", "Signal Dispatcher", "Notification Thread",
            "surefire-", "InnocuousThread", "Keep-Alive-", "JDWP ", "Reference Handler", "Finalizer");

    /** Creates the extension; JUnit does this through {@code @ExtendWith}. */
    public LeakCheckExtension() {
    }

    private record Snapshot(Set<Thread> threads, Map<String, Integer> descriptors, Set<String> sockets,
            long directMemory) {
    }

    @Override
    public void beforeAll(final ExtensionContext context) {
        ResourceTracker.reset();
        context.getStore(NS).put(Snapshot.class, snapshot());
    }

    @Override
    public void afterAll(final ExtensionContext context) throws Exception {
        final Snapshot before = context.getStore(NS).get(Snapshot.class, Snapshot.class);
        final List<String> leaks = new ArrayList<>(ResourceTracker.drainLeaks());
        if (before != null) {
            final long deadline = System.nanoTime() + ConformanceTimeouts.scaled(GRACE).toNanos();
            List<String> runtimeLeaks = runtimeLeaks(before);
            while (!runtimeLeaks.isEmpty() && System.nanoTime() < deadline) {
                System.gc();
                Thread.sleep(100);
                runtimeLeaks = runtimeLeaks(before);
            }
            leaks.addAll(runtimeLeaks);
        }
        if (!leaks.isEmpty()) {
            throw new AssertionFailedError("LEAK-CHECK failed after " + context.getDisplayName() + ": "
                    + String.join("; ", leaks));
        }
    }

    private static List<String> runtimeLeaks(final Snapshot before) {
        final Snapshot now = snapshot();
        final List<String> leaks = new ArrayList<>();
        for (final Thread t : now.threads()) {
            if (!before.threads().contains(t) && !ignored(t)) {
                leaks.add("thread still running: '" + t.getName() + "' (" + t.getState() + ")");
            }
        }
        for (final Map.Entry<String, Integer> e : now.descriptors().entrySet()) {
            final int was = before.descriptors().getOrDefault(e.getKey(), 0);
            if (e.getValue() > was) {
                String detail = "";
                int count = e.getValue() - was;
                if ("socket".equals(e.getKey())) {
                    final Set<String> added = new HashSet<>(now.sockets());
                    added.removeAll(before.sockets());
                    final List<String> described = describeSockets(added);
                    described.removeIf(d -> d.contains(" unix ") || d.contains(" netlink "));
                    count = described.size();
                    detail = " " + described;
                }
                if (count > 0) {
                    leaks.add(count + " file descriptor(s) still open: " + e.getKey() + detail);
                }
            }
        }
        if (before.directMemory() >= 0 && now.directMemory() > before.directMemory() + DIRECT_MEMORY_SLACK) {
            leaks.add("direct memory not returned: " + (now.directMemory() - before.directMemory()) + " bytes");
        }
        return leaks;
    }

    private static boolean ignored(final Thread t) {
        final String n = t.getName();
        if (n.startsWith(OWN_THREAD_PREFIX) || !t.isAlive()) {
            return true;
        }
        for (final String p : JDK_THREAD_PREFIXES) {
            if (n.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    private static Snapshot snapshot() {
        final Set<Thread> threads = new HashSet<>(Thread.getAllStackTraces().keySet());
        return new Snapshot(threads, descriptors(), sockets(), directMemory());
    }

    /** {@return the targets ({@code socket:[inode]}) of every open socket descriptor} */
    private static Set<String> sockets() {
        final Set<String> s = new HashSet<>();
        if (!Files.isDirectory(FD_DIR)) {
            return s;
        }
        final Map<Integer, String> retained = retainedDescriptors();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(FD_DIR)) {
            for (final Path fd : fds) {
                try {
                    final String t = Files.readSymbolicLink(fd).toString();
                    if (t.startsWith("socket:") && !isRetained(retained, fd, t)) {
                        s.add(t);
                    }
                } catch (final IOException | UnsupportedOperationException e) {
                    // the descriptor closed meanwhile
                }
            }
        } catch (final IOException e) {
            return s;
        }
        return s;
    }

    /**
     * {@return each socket with its table (tcp, udp, unix, ...) and endpoints, from /proc/self/net}; unix and
     * netlink sockets are the C library's caches (nscd, name service), not a provider's, and the caller ignores them
     */
    private static List<String> describeSockets(final Set<String> targets) {
        final List<String> out = new ArrayList<>();
        for (final String t : targets) {
            final String inode = t.substring(t.indexOf('[') + 1, t.length() - 1);
            String found = t;
            for (final String table : List.of("tcp", "tcp6", "udp", "udp6", "unix", "netlink", "raw")) {
                try {
                    for (final String line : Files.readAllLines(Path.of("/proc/self/net", table))) {
                        final List<String> f = List.of(line.trim().split("\\s+"));
                        if (f.contains(inode)) {
                            found = t + " " + table + (table.startsWith("tcp") || table.startsWith("udp")
                                    ? " local " + f.get(1) + " remote " + f.get(2) + " state " + f.get(3)
                                    : " " + line.trim());
                        }
                    }
                } catch (final IOException | RuntimeException e) {
                    // no such table
                }
            }
            out.add(found);
        }
        return out;
    }

    /** {@return open descriptors counted by kind: socket, pipe, anon_inode:[kind] or a /dev path} */
    static Map<String, Integer> descriptors() {
        final Map<String, Integer> counts = new HashMap<>();
        if (!Files.isDirectory(FD_DIR)) {
            return counts;
        }
        final Map<Integer, String> retained = retainedDescriptors();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(FD_DIR)) {
            for (final Path fd : fds) {
                final String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (final IOException | UnsupportedOperationException e) {
                    continue;
                }
                if (isRetained(retained, fd, target)) {
                    continue;
                }
                final String kind;
                if (target.startsWith("socket:")) {
                    kind = "socket";
                } else if (target.startsWith("pipe:")) {
                    kind = "pipe";
                } else if (target.startsWith("anon_inode:")) {
                    kind = target;
                } else if (target.startsWith("/dev/infiniband") || target.startsWith("/dev/shm")) {
                    kind = target;
                } else {
                    continue;
                }
                counts.merge(kind, 1, Integer::sum);
            }
        } catch (final IOException e) {
            return counts;
        }
        return counts;
    }

    /**
     * {@return the descriptors the providers of the default registry keep open for the life of the process, by number
     * with their target ({@link DatProvider#retainedDescriptors()})}
     */
    static Map<Integer, String> retainedDescriptors() {
        final Map<Integer, String> all = new HashMap<>();
        for (final DatProvider p : Registry.defaultRegistry().providers()) {
            try {
                all.putAll(p.retainedDescriptors());
            } catch (final RuntimeException e) {
                // a provider that cannot say declares nothing: its descriptors count as leaks
            }
        }
        return all;
    }

    private static boolean isRetained(final Map<Integer, String> retained, final Path fd, final String target) {
        if (retained.isEmpty()) {
            return false;
        }
        try {
            return target.equals(retained.get(Integer.valueOf(fd.getFileName().toString())));
        } catch (final NumberFormatException e) {
            return false;
        }
    }

    private static long directMemory() {
        for (final BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if ("direct".equals(pool.getName())) {
                return pool.getMemoryUsed();
            }
        }
        return -1;
    }
}

package io.dat4j.conformance.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.dat4j.Capability;
import io.dat4j.InterfaceAdapter;
import io.dat4j.Registry;
import io.dat4j.RegistryEntry;
import io.dat4j.spi.DatProvider;
import java.io.IOException;
import java.nio.channels.Pipe;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The leak check against a class that leaves a pipe open: it fails the class, unless a provider of the default
 * registry declares exactly those descriptors as kept for the life of the process
 * ({@link DatProvider#retainedDescriptors()}, as the rdmacm provider does for librdmacm's device context).
 */
@DisplayName("LeakCheckExtension: undeclared descriptors fail the class; declared ones (same number and target) do not")
class LeakCheckExtensionTest {

    private static final String PROVIDER = "leak-check-test";
    /** Set while this test launches {@link LeavesAPipeOpen}, so that it does nothing when run on its own. */
    static volatile boolean armed;
    /** The pipe the class leaves open. */
    static volatile Pipe leftOpen;
    /** Its two descriptors: number to target ({@code pipe:[inode]}), new in /proc/self/fd after it opened. */
    static volatile Map<Integer, String> pipeDescriptors = Map.of();
    /** Whether the test provider declares the pipe's descriptors. */
    static volatile boolean declaring;
    /** When set, the test provider declares this target for each of the pipe's descriptor numbers. */
    static volatile String targetOverride;

    /** A class under the leak check that opens a pipe and does not close it. */
    @ExtendWith(LeakCheckExtension.class)
    static class LeavesAPipeOpen {
        @Test
        void opensAPipe() throws IOException {
            assumeTrue(armed, "run by LeakCheckExtensionTest only");
            final Map<Integer, String> before = fds();
            leftOpen = Pipe.open();
            final Map<Integer, String> added = new HashMap<>(fds());
            added.entrySet().removeIf(e -> !e.getValue().startsWith("pipe:") || e.getValue().equals(
                    before.get(e.getKey())));
            pipeDescriptors = Map.copyOf(added);
        }
    }

    /** A provider that only declares descriptors: the pipe's, read when the leak check asks. */
    private static final class Declaring implements DatProvider {
        @Override
        public String name() {
            return PROVIDER;
        }

        @Override
        public boolean isAvailable() {
            return false;
        }

        @Override
        public Throwable unavailabilityCause() {
            return new IllegalStateException("a test provider that opens nothing");
        }

        @Override
        public Set<Capability> capabilities() {
            return Set.of();
        }

        @Override
        public List<RegistryEntry> defaultEntries() {
            return List.of();
        }

        @Override
        public boolean serves(final RegistryEntry entry) {
            return false;
        }

        @Override
        public InterfaceAdapter open(final RegistryEntry entry, final io.dat4j.AdapterOptions options) {
            throw new UnsupportedOperationException("opens nothing");
        }

        @Override
        public Map<Integer, String> retainedDescriptors() {
            final Map<Integer, String> m = new HashMap<>();
            if (declaring) {
                pipeDescriptors.forEach((fd, target) -> m.put(fd, targetOverride == null ? target : targetOverride));
            }
            return m;
        }
    }

    private static Map<Integer, String> fds() throws IOException {
        final Map<Integer, String> m = new HashMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (final Path p : ds) {
                try {
                    m.put(Integer.valueOf(p.getFileName().toString()), Files.readSymbolicLink(p).toString());
                } catch (final IOException e) {
                    // closed meanwhile (the directory stream's own descriptor)
                }
            }
        }
        return m;
    }

    /** {@return the class-level result of running {@link LeavesAPipeOpen}: status and message} */
    private static String[] runLeakyClass() {
        final String[] out = new String[2];
        final String oldScale = System.getProperty(ConformanceTimeouts.SCALE_PROP_NAME);
        // the leak check waits 5 s (scaled) for descriptors to go away before it fails a class
        System.setProperty(ConformanceTimeouts.SCALE_PROP_NAME, "0.1");
        armed = true;
        try {
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(LeavesAPipeOpen.class)).build(), new TestExecutionListener() {
                        @Override
                        public void executionFinished(final TestIdentifier id, final TestExecutionResult r) {
                            if (id.getSource().orElse(null) instanceof final ClassSource cs
                                    && cs.getJavaClass() == LeavesAPipeOpen.class) {
                                out[0] = r.getStatus().name();
                                out[1] = r.getThrowable().map(Throwable::getMessage).orElse("");
                            }
                        }
                    });
        } finally {
            armed = false;
            if (oldScale == null) {
                System.clearProperty(ConformanceTimeouts.SCALE_PROP_NAME);
            } else {
                System.setProperty(ConformanceTimeouts.SCALE_PROP_NAME, oldScale);
            }
        }
        return out;
    }

    @AfterEach
    void closeThePipe() throws IOException {
        Registry.defaultRegistry().removeProvider(PROVIDER);
        declaring = false;
        targetOverride = null;
        final Pipe p = leftOpen;
        leftOpen = null;
        if (p != null) {
            p.source().close();
            p.sink().close();
        }
    }

    @Test
    @DisplayName("a pipe left open fails the class with LEAK-CHECK")
    void shouldFailOnAnUndeclaredDescriptor() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc/self/fd (Linux)");
        final String[] r = runLeakyClass();
        assertFalse(pipeDescriptors.isEmpty(), "the class saw its pipe's descriptors");
        assertEquals("FAILED", r[0], r[1]);
        assertTrue(r[1].startsWith("LEAK-CHECK failed") && r[1].contains("pipe"), r[1]);
    }

    @Test
    @DisplayName("the same pipe declared by a provider of the default registry passes")
    void shouldPassOnADeclaredDescriptor() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc/self/fd (Linux)");
        Registry.defaultRegistry().addProvider(new Declaring());
        declaring = true;
        final String[] r = runLeakyClass();
        assertFalse(pipeDescriptors.isEmpty(), "the class saw its pipe's descriptors");
        assertEquals("SUCCESSFUL", r[0], r[1]);
    }

    @Test
    @DisplayName("a declaration with the pipe's numbers but another target does not hide the pipe")
    void shouldFailWhenTheTargetDiffers() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc/self/fd (Linux)");
        Registry.defaultRegistry().addProvider(new Declaring());
        declaring = true;
        targetOverride = "/dev/infiniband/uverbs9";
        final String[] r = runLeakyClass();
        assertEquals("FAILED", r[0], r[1]);
        assertTrue(r[1].contains("pipe"), r[1]);
    }
}

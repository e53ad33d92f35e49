package io.dat4j.conformance.peer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a peer process for the two-process rules. */
@FunctionalInterface
public interface PeerLauncher {

    /** {@return a started peer, ready for commands} */
    PeerProcess start();

    /**
     * {@return a launcher that runs {@link PeerMain} in a second JVM}: the {@code java} of this process
     * ({@code ProcessHandle.current().info().command()}), the current class path and module path (both put on the
     * class path), and the given IA name
     *
     * @param interfaceAdapterName the IA the peer opens
     * @param providerClassName a {@link io.dat4j.spi.DatProvider} class the peer registers by hand when discovery
     *        does not find it, or null
     */
    static PeerLauncher secondJvm(final String interfaceAdapterName, final String providerClassName) {
        return () -> {
            final String java = ProcessHandle.current().info().command()
                    .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            final List<String> cmd = new ArrayList<>();
            cmd.add(java);
            cmd.add("-cp");
            cmd.add(classPath());
            cmd.add("-XX:TieredStopAtLevel=1");
            cmd.add("--enable-native-access=ALL-UNNAMED");
            final String v4 = System.getProperty("java.net.preferIPv4Stack");
            if (v4 != null) {
                cmd.add("-Djava.net.preferIPv4Stack=" + v4);
            }
            // dat4j.conf and the providers' settings (dat4j.shm.dir, ...): the peer must see what this JVM sees
            for (final String p : System.getProperties().stringPropertyNames()) {
                if (p.startsWith("dat4j.")) {
                    cmd.add("-D" + p + "=" + System.getProperty(p));
                }
            }
            cmd.add(PeerMain.class.getName());
            cmd.add("--ia");
            cmd.add(interfaceAdapterName);
            if (providerClassName != null) {
                cmd.add("--provider-class");
                cmd.add(providerClassName);
            }
            return PeerProcess.start(cmd);
        };
    }

    private static String classPath() {
        final List<String> parts = new ArrayList<>();
        for (final String key : List.of("jdk.module.path", "java.class.path")) {
            final String v = System.getProperty(key);
            if (v != null && !v.isBlank()) {
                parts.add(v);
            }
        }
        return String.join(java.io.File.pathSeparator, parts);
    }
}

package io.dat4j.provider.shm.sys;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** What a leak test counts: this process's descriptors and shared mappings a provider could leave behind. */
public final class Descriptors {

    private Descriptors() {
    }

    /**
     * {@return the open descriptors a provider could leak plus the memfd mappings}: memfds, sockets, pipes and
     * anonymous inodes (eventfd, epoll), and every memfd mapped ({@code /proc/self/maps}); not the jars, random devices
     * and /proc files the JDK opens on its own
     *
     * @throws IOException when /proc cannot be read
     */
    public static long openDescriptors() throws IOException {
        // the JDK keeps one Unix socket of its own once the first Unix-domain channel was opened: open one first
        SocketChannel.open(StandardProtocolFamily.UNIX).close();
        long n;
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            n = s.filter(p -> {
                try {
                    final String t = Files.readSymbolicLink(p).toString();
                    return t.startsWith("/memfd:") || t.startsWith("socket:") || t.startsWith("pipe:")
                            || t.startsWith("anon_inode:");
                } catch (final IOException e) {
                    return false; // closed meanwhile (the listing's own descriptor)
                }
            }).count();
        }
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            n += maps.filter(l -> l.contains("/memfd:dat4j")).count();
        }
        return n;
    }

    /**
     * {@return the count of {@link #openDescriptors()} once it is back at {@code baseline} or below, or as it is after
     * 10 s}: teardowns finish on the provider's threads (a socket closed after its last frame, a connection of another
     * test that broke a moment ago), so a leak is what stays, not what is on its way out
     *
     * @param baseline the count before
     * @throws IOException when /proc cannot be read
     * @throws InterruptedException when interrupted
     */
    public static long settle(final long baseline) throws IOException, InterruptedException {
        final long end = System.nanoTime() + 10_000_000_000L;
        long n = openDescriptors();
        while (n > baseline && System.nanoTime() < end) {
            Thread.sleep(20);
            n = openDescriptors();
        }
        return n;
    }

    /**
     * {@return what each open descriptor points to, for a message}
     *
     * @throws IOException when /proc cannot be read
     */
    public static String describe() throws IOException {
        final StringBuilder b = new StringBuilder();
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            s.sorted().forEach(p -> {
                try {
                    b.append(p.getFileName()).append("->").append(Files.readSymbolicLink(p)).append(' ');
                } catch (final IOException e) {
                    b.append(p.getFileName()).append("->? ");
                }
            });
        }
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            maps.filter(l -> l.contains("/memfd:")).forEach(l -> b.append("\n").append(l));
        }
        return b.toString();
    }
}

package io.dat4j.provider.rdmacm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The RDMA devices, their ports and the IP network devices that carry them, read from sysfs
 * ({@code /sys/class/infiniband/<dev>/ports/<n>}, {@code .../gid_attrs/ndevs/*} for RoCE and Soft-RoCE,
 * {@code /sys/class/net/<netdev>/device/infiniband/<dev>} for IPoIB). Reading sysfs needs no native code, so the
 * registry can list the IA names even where librdmacm is missing (they are then shown as unavailable, with the reason).
 *
 * @param devices device name to its ports, sorted
 * @param netdevs IP network device name to the RDMA device it belongs to, sorted
 */
record RdmaDevices(Map<String, List<Port>> devices, Map<String, String> netdevs) {

    /** The sysfs root on Linux. */
    static final Path SYSFS = Path.of("/sys");

    /**
     * One port of a device.
     *
     * @param number the port number, from 1
     * @param state the state text, for example {@code 4: ACTIVE}, or empty if unreadable
     * @param netdevs the network devices its GIDs belong to (RoCE), sorted
     */
    record Port(int number, String state, List<String> netdevs) {

        /** {@return true if the port is ACTIVE} */
        boolean isActive() {
            return state.endsWith("ACTIVE");
        }
    }

    /**
     * Copies the maps.
     *
     * @param devices devices
     * @param netdevs netdevs
     */
    RdmaDevices {
        devices = Collections.unmodifiableSortedMap(new TreeMap<>(devices));
        netdevs = Collections.unmodifiableSortedMap(new TreeMap<>(netdevs));
    }

    /**
     * {@return what sysfs under a root shows; empty if there is no RDMA class directory}
     *
     * @param root the sysfs root ({@link #SYSFS}, or a directory a test builds)
     */
    static RdmaDevices scan(final Path root) {
        final Map<String, List<Port>> devices = new TreeMap<>();
        final Map<String, String> netdevs = new TreeMap<>();
        for (final Path dev : list(root.resolve("class/infiniband"))) {
            final String name = dev.getFileName().toString();
            final List<Port> ports = new ArrayList<>();
            for (final Path port : list(dev.resolve("ports"))) {
                final int number;
                try {
                    number = Integer.parseInt(port.getFileName().toString());
                } catch (final NumberFormatException e) {
                    continue;
                }
                final TreeSet<String> nd = new TreeSet<>();
                for (final Path f : list(port.resolve("gid_attrs/ndevs"))) {
                    final String n = read(f);
                    if (!n.isEmpty()) {
                        nd.add(n);
                        netdevs.putIfAbsent(n, name);
                    }
                }
                ports.add(new Port(number, read(port.resolve("state")), List.copyOf(nd)));
            }
            ports.sort((a, b) -> Integer.compare(a.number(), b.number()));
            devices.put(name, List.copyOf(ports));
        }
        for (final Path net : list(root.resolve("class/net"))) {
            for (final Path ib : list(net.resolve("device/infiniband"))) {
                netdevs.putIfAbsent(net.getFileName().toString(), ib.getFileName().toString());
            }
        }
        return new RdmaDevices(devices, netdevs);
    }

    private static List<Path> list(final Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (final IOException e) {
            return List.of();
        }
    }

    private static String read(final Path f) {
        try {
            return Files.readString(f).strip();
        } catch (final IOException e) {
            // unused GID entries of a RoCE port answer EINVAL on read
            return "";
        }
    }
}

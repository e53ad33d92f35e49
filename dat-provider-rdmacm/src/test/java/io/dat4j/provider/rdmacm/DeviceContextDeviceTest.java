package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.Registry;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The descriptors of the verbs device on a real device: once every IA is closed, the only ones left are the device
 * context librdmacm keeps for the life of the process ({@code /dev/infiniband/uverbs<n>} and its
 * {@code anon_inode:[infinibandevent]}), and the provider declares exactly those
 * ({@link RdmaCmProvider#retainedDescriptors()}). Skipped, with the reason, where there is no device.
 */
@DisplayName("rdmacm on a real device: a closed IA leaves only librdmacm's device context open, and it is declared")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DeviceContextDeviceTest {

    @Test
    @DisplayName("three IAs opened (PZ, LMR, DTO EVD: a PD, an MR, a CQ) and closed: no RDMA descriptor but the"
            + " declared device context stays, and it does not grow")
    void shouldLeaveOnlyTheDeclaredDeviceContext() throws Exception {
        final GuestDevice device = GuestDevice.require();
        final Map<Integer, String> before = rdmaDescriptors();
        final RdmaCmProvider provider = new RdmaCmProvider();
        Map<Integer, String> afterFirst = null;
        for (int i = 0; i < 3; i++) {
            try (Arena arena = Arena.ofShared(); InterfaceAdapter ia = provider.open(device.entry(),
                    io.dat4j.AdapterOptions.builder().asyncEventQueueLength(8).build())) {
                final ProtectionZone pz = ia.createProtectionZone();
                ia.createLocalMemoryRegion(pz, arena.allocate(4096, 4096), MemoryPrivilege.ALL);
                ia.createEventDispatcher(8, null, Set.of(EventStream.DTO));
            }
            final Map<Integer, String> now = rdmaDescriptors();
            final Map<Integer, String> declared = provider.retainedDescriptors();
            assertTrue(declared.containsValue("anon_inode:[infinibandevent]")
                    && declared.values().stream().anyMatch(t -> t.startsWith("/dev/infiniband/uverbs")),
                    "declared: " + declared + "; RDMA descriptors open: " + now);
            for (final Map.Entry<Integer, String> d : declared.entrySet()) {
                assertEquals(d.getValue(), now.get(d.getKey()), "declared descriptor " + d.getKey() + " is open");
            }
            final Map<Integer, String> undeclared = new TreeMap<>(now);
            undeclared.entrySet().removeIf(e -> e.getValue().equals(before.get(e.getKey()))
                    || e.getValue().equals(declared.get(e.getKey())));
            assertTrue(undeclared.isEmpty(), "after IA " + (i + 1) + " closed, open and not declared: " + undeclared
                    + " (declared " + declared + ")");
            if (afterFirst == null) {
                afterFirst = now;
            } else {
                assertEquals(afterFirst, now, "RDMA descriptors after IA " + (i + 1) + " vs after the first");
            }
        }
        assertEquals(provider.retainedDescriptors(), Registry.defaultRegistry().provider(RdmaCmProvider.NAME)
                .retainedDescriptors(), "every instance of the provider declares the same, process-wide");
        assertFalse(DeviceContexts.contexts().isEmpty());
    }

    /** {@return the open descriptors of this process that belong to RDMA: /dev/infiniband/* and verbs events} */
    private static Map<Integer, String> rdmaDescriptors() throws IOException {
        final Map<Integer, String> m = new TreeMap<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (final Path fd : fds) {
                final String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (final IOException e) {
                    continue;
                }
                if (target.startsWith("/dev/infiniband/") || target.equals("anon_inode:[infinibandevent]")) {
                    m.put(Integer.valueOf(fd.getFileName().toString()), target);
                }
            }
        }
        return m;
    }
}

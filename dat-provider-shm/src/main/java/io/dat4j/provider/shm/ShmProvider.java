package io.dat4j.provider.shm;

import io.dat4j.AdapterOptions;
import io.dat4j.Capability;
import io.dat4j.DatException;
import io.dat4j.EndpointAttributes;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.ProviderAttributes;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.provider.shm.sys.Handshake;
import io.dat4j.provider.shm.sys.Libc;
import io.dat4j.provider.shm.sys.NativeException;
import io.dat4j.provider.shm.sys.SharedMapping;
import io.dat4j.spi.DatProvider;
import io.dat4j.kit.KitConfig;
import io.dat4j.kit.KitSettings;
import io.dat4j.kit.ProviderKit;
import io.dat4j.kit.Settings;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The shared-memory provider ({@code shm}): DAT 2.0 between processes on one host (and within one process), through
 * single-producer single-consumer rings in a sealed memfd shared by the two sides of each connection, with one-sided
 * RDMA copied by cross-memory attach ({@code process_vm_writev/readv}) where the kernel allows it and through the rings
 * otherwise. Connections meet on Unix domain sockets in a per-user directory, named by the connection qualifier, so
 * {@code -h 127.0.0.1 -p PORT} works as with the TCP provider. Serves dat.conf lines whose library is
 * {@value #LIBRARY}; offers {@code shm0} by itself. Settings ({@code dat4j.shm.*}, read once when an IA opens):
 * {@link ShmConfig}; the protocol, security model and limits: docs/providers.md ("shm").
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
public final class ShmProvider implements DatProvider {

    /** The library field of dat.conf lines this provider serves. */
    public static final String LIBRARY = "dat4j-shm";
    /** Private data carried by connect, accept and reject, bytes. */
    public static final int MAX_PRIVATE_DATA = Handshake.MAX_PRIVATE_DATA;
    /** Heap an EP may need (queues, connection state); the IA's EP limit is the max heap over this. */
    static final long EP_HEAP_BYTES = 64L << 10;
    /** Heap an LMR may need; the IA's LMR limit is the max heap over this. */
    static final long LMR_HEAP_BYTES = 4L << 10;
    /** Heap an EVD of a short queue may need; the IA's EVD limit is the max heap over this (as TCP's). */
    static final long EVD_HEAP_BYTES = 16L << 10;

    private static final Set<Capability> CAPABILITIES = Set.copyOf(EnumSet.of(Capability.RDMA_READ,
            Capability.RDMA_WRITE, Capability.INTER_PROCESS, Capability.THREAD_SAFE, Capability.CONNECT_TIMEOUT,
            Capability.REJECT_PRIVATE_DATA, Capability.PROVIDER_CREATED_ENDPOINTS, Capability.RSP,
            Capability.EVD_RESIZE, Capability.CNO, Capability.GRACEFUL_DISCONNECT, Capability.DUP_CONNECT,
            Capability.CR_HANDOFF, Capability.SRQ, Capability.RECEIVE_LENGTH_ERROR));

    private static final class Probe {
        static final Throwable CAUSE = probe();

        private static Throwable probe() {
            if (!Libc.isAvailable()) {
                return Libc.unavailabilityCause();
            }
            try (SharedMapping m = SharedMapping.create("dat4j-shm-probe", 4096)) {
                return null;
            } catch (final NativeException | RuntimeException | LinkageError e) {
                return e;
            }
        }
    }

    /** Creates the provider; cheap: no threads, no mappings. */
    public ShmProvider() {
    }

    @Override
    public String name() {
        return "shm";
    }

    @Override
    public boolean isAvailable() {
        return Probe.CAUSE == null;
    }

    @Override
    public Throwable unavailabilityCause() {
        return Probe.CAUSE;
    }

    @Override
    public Set<Capability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public List<RegistryEntry> defaultEntries() {
        return List.of(new RegistryEntry("shm0", "u2.0", true, false, LIBRARY, "dat4j.2.0", "", ""));
    }

    @Override
    public boolean serves(final RegistryEntry entry) {
        return entry != null && LIBRARY.equals(entry.library());
    }

    @Override
    public InterfaceAdapter open(final RegistryEntry entry, final AdapterOptions options) {
        return open(entry, options, t -> { });
    }

    /**
     * Opens an IA and hands its transport to {@code opened} (tests read its counters).
     *
     * @param entry the registry entry
     * @param options the options
     * @param opened called with the transport once it exists
     * @return the IA
     */
    InterfaceAdapter open(final RegistryEntry entry, final AdapterOptions options,
            final java.util.function.Consumer<ShmTransport> opened) {
        if (entry == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "registry entry is null");
        }
        if (options == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2, "options are null");
        }
        if (!isAvailable()) {
            throw new DatException(StatusType.PROVIDER_NOT_FOUND, null, "the shared-memory provider cannot run here: "
                    + Probe.CAUSE, Probe.CAUSE);
        }
        final Settings settings = Settings.of(entry, options);
        final ShmConfig shm = ShmConfig.from(settings);
        final KitSettings kit = KitSettings.from(settings);
        final long heap = Runtime.getRuntime().maxMemory();
        final int maxEps = (int) Math.max(64, Math.min(1 << 20, heap / EP_HEAP_BYTES));
        final int maxLmrs = (int) Math.max(256, Math.min(1 << 24, heap / LMR_HEAP_BYTES));
        final int maxEvds = (int) Math.max(64, Math.min(1 << 20, heap / EVD_HEAP_BYTES));
        final InterfaceAdapterAttributes attrs = new InterfaceAdapterAttributes("shm:" + shm.directory(),
                "dat4j", new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), maxEps, 4096, 64, 64, maxEvds,
                1 << 20, 16, maxLmrs, Long.MAX_VALUE, 1 << 16, 1L << 26, 1L << 30, 0, 1 << 16, 16, 16);
        final ProviderAttributes pattrs = new ProviderAttributes("shm", 1, 0, 2, 0, MAX_PRIVATE_DATA,
                MAX_PRIVATE_DATA, MAX_PRIVATE_DATA, MAX_PRIVATE_DATA, CAPABILITIES, shm.asAttributes());
        final EndpointAttributes defaults = EndpointAttributes.builder().maxMessageSize(1L << 26)
                .maxRdmaSize(1L << 30).maxRecvDtos(64).maxRequestDtos(64).maxRecvIov(4).maxRequestIov(4)
                .maxRdmaReadIov(4).maxRdmaReadOut(8).maxRdmaReadIn(8).maxRdmaWriteIov(4).retryCount(7)
                .rnrRetryCount(7).build();
        final KitConfig config = new KitConfig(entry.iaName(), attrs, pattrs, defaults,
                options.asyncEventQueueLength(), kit);
        return ProviderKit.openInterfaceAdapter(config, a -> {
            final ShmTransport t = new ShmTransport(a, entry.iaName(), shm);
            opened.accept(t);
            return t;
        });
    }

    @Override
    public String toString() {
        return "ShmProvider";
    }
}

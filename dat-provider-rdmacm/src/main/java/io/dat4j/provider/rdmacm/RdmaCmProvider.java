package io.dat4j.provider.rdmacm;

import io.dat4j.AdapterOptions;
import io.dat4j.Capability;
import io.dat4j.DatException;
import io.dat4j.InterfaceAdapter;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.EndpointAttributes;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.ProviderAttributes;
import io.dat4j.provider.rdmacm.ffi.DeviceAttributes;
import io.dat4j.provider.rdmacm.ffi.PortAttributes;
import io.dat4j.spi.DatProvider;
import io.dat4j.kit.KitConfig;
import io.dat4j.kit.KitSettings;
import io.dat4j.kit.ProviderKit;
import io.dat4j.kit.Settings;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rdmacm provider: DAT over librdmacm and verbs through FFM, the counterpart of C uDAPL's {@code libdaplofa}
 * (openib_cma). It serves dat.conf lines whose library is {@code libdaplofa.so.2}, {@code libdaplofa.so.1} or
 * {@value #LIBRARY}, and offers one IA per RDMA device port ({@code ofa-v2-<dev>-<port>}, ia_params
 * {@code "<dev> <port>"}) and one per IP network device that carries an RDMA device ({@code ofa-v2-<netdev>},
 * {@code "<netdev> 0"}).
 *
 * <p>On iWARP devices (RC-08, {@code rdma_connect(3)}) the active side must send the first message after ESTABLISHED
 * and receives must be posted before connect/accept; the provider does not reorder messages for the consumer. On
 * InfiniBand and RoCE (Soft-RoCE included) either side may send first.
 *
 * <p>The constructor is cheap: nothing native is loaded until {@link #isAvailable()} or {@link #open}.
 * Thread safety: safe for use by multiple concurrent threads.
 */
public final class RdmaCmProvider implements DatProvider {

    /** The provider's name. */
    public static final String NAME = "rdmacm";
    /** The library field of the registry lines this provider offers itself. */
    public static final String LIBRARY = "dat4j-rdmacm";
    /** The C libraries whose dat.conf lines it serves (openib_cma). */
    public static final Set<String> C_LIBRARIES = Set.of("libdaplofa.so.2", "libdaplofa.so.1");
    /** Private data a REQ carries: 56 bytes on InfiniBand/RoCE ({@code rdma_connect(3)}), padded to that size. */
    static final int WIRE_CONNECT_PRIVATE_DATA = 56;
    /** Private data a REP carries on a connected identifier: 196 bytes ({@code rdma_accept(3)}), padded. */
    static final int WIRE_ACCEPT_PRIVATE_DATA = 196;
    /**
     * Private data of a connection request: the 56 bytes of a REQ, as librdmacm and openib_cma give them (up to 52
     * arrive with their exact length, more padded to 56; see {@link PrivateData}).
     */
    public static final int MAX_CONNECT_PRIVATE_DATA = WIRE_CONNECT_PRIVATE_DATA;
    /** Private data of an accept: the 196 bytes of a REP (up to 192 arrive with their exact length). */
    public static final int MAX_ACCEPT_PRIVATE_DATA = WIRE_ACCEPT_PRIVATE_DATA;
    /**
     * Private data of a reject: the 148 bytes of an IB REJ ({@code IB_CM_REJ_PRIVATE_DATA_SIZE}) less the 4-byte header
     * that tells a consumer's reject (PEER_REJECTED) from any other (NON_PEER_REJECTED), as openib_cma's header does.
     */
    public static final int MAX_REJECT_PRIVATE_DATA = 144;
    /** The vendor id Soft-RoCE (rdma_rxe) reports ({@code RXE_VENDOR_ID}; {@code ibv_devinfo}: 0xffffff). */
    static final int RXE_VENDOR_ID = 0xffffff;

    private final Path sysfs;

    /** Creates the provider (no native loading). */
    public RdmaCmProvider() {
        this(RdmaDevices.SYSFS);
    }

    /**
     * Creates the provider reading devices from another sysfs root; for tests.
     *
     * @param sysfs the sysfs root
     */
    RdmaCmProvider(final Path sysfs) {
        this.sysfs = sysfs;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean isAvailable() {
        return RdmaCm.isAvailable();
    }

    @Override
    public Throwable unavailabilityCause() {
        return RdmaCm.unavailabilityCause();
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.RDMA_READ, Capability.RDMA_WRITE, Capability.INTER_PROCESS, Capability.THREAD_SAFE,
                Capability.REJECT_PRIVATE_DATA, Capability.CONNECT_TIMEOUT,
                Capability.PROVIDER_CREATED_ENDPOINTS, Capability.RSP, Capability.CNO, Capability.DUP_CONNECT,
                Capability.GRACEFUL_DISCONNECT, Capability.SRQ, Capability.EVD_RESIZE,
                Capability.IPV6, Capability.RECEIVE_LENGTH_ERROR, Capability.RDMA_WRITE_IMMEDIATE,
                Capability.FETCH_AND_ADD, Capability.COMPARE_AND_SWAP);
    }

    /**
     * {@return what an IA on a device supports}: the provider's capabilities, less {@link
     * Capability#RECEIVE_LENGTH_ERROR} on Soft-RoCE. rdma_rxe never completes a receive too small for its message with
     * {@code IBV_WC_LOC_LEN_ERR}: it copies until the buffer is full and then completes the receive with
     * {@code IBV_WC_LOC_QP_OP_ERR} (Linux 6.1: the copy reports {@code -EINVAL}, a "malformed WQE") or
     * {@code IBV_WC_REM_INV_REQ_ERR} (kernels whose copy reports {@code -ENOSPC}). Both codes also stand for other
     * faults, so the provider reports them as libdapl does ({@link CompletionStatus}: LOCAL_EP, REMOTE_RESPONDER) and
     * does not claim the capability there. Hardware HCAs report {@code IBV_WC_LOC_LEN_ERR} (LOCAL_LENGTH), as the IB
     * specification asks of a responder.
     *
     * <p>A device whose {@code atomic_cap} is {@code IBV_ATOMIC_NONE} has no remote atomics: its IAs do not claim
     * {@link Capability#FETCH_AND_ADD} and {@link Capability#COMPARE_AND_SWAP} (C's provider attributes
     * {@code DAT_IB_FETCH_AND_ADD} and {@code DAT_IB_CMP_AND_SWAP} are "FALSE" there).
     *
     * @param provider the provider's capabilities
     * @param vendorId the device's {@code ibv_device_attr.vendor_id}
     * @param atomicCap the device's {@code ibv_device_attr.atomic_cap}
     */
    static Set<Capability> deviceCapabilities(final Set<Capability> provider, final int vendorId,
            final int atomicCap) {
        final EnumSet<Capability> c = provider.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(provider);
        if (vendorId == RXE_VENDOR_ID) {
            c.remove(Capability.RECEIVE_LENGTH_ERROR);
        }
        if (atomicCap == io.dat4j.provider.rdmacm.ffi.VerbsCalls.IBV_ATOMIC_NONE) {
            c.remove(Capability.FETCH_AND_ADD);
            c.remove(Capability.COMPARE_AND_SWAP);
        }
        return c;
    }

    /**
     * {@inheritDoc} Here: the two descriptors of each verbs device context librdmacm has opened for an IA of this
     * process ({@code /dev/infiniband/uverbs<n>} and its {@code anon_inode:[infinibandevent]}), which librdmacm keeps
     * until the process exits and offers no call to close; empty before the first IA opened.
     */
    @Override
    public Map<Integer, String> retainedDescriptors() {
        return DeviceContexts.descriptors();
    }

    @Override
    public List<RegistryEntry> defaultEntries() {
        final RdmaDevices found = RdmaDevices.scan(sysfs);
        final List<RegistryEntry> out = new ArrayList<>();
        for (final Map.Entry<String, List<RdmaDevices.Port>> d : found.devices().entrySet()) {
            for (final RdmaDevices.Port p : d.getValue()) {
                out.add(entry("ofa-v2-" + d.getKey() + "-" + p.number(), d.getKey() + " " + p.number()));
            }
        }
        for (final String netdev : found.netdevs().keySet()) {
            out.add(entry("ofa-v2-" + netdev, netdev + " 0"));
        }
        return List.copyOf(out);
    }

    private static RegistryEntry entry(final String name, final String iaParams) {
        return new RegistryEntry(name, "u2.0", true, true, LIBRARY, "dapl.2.0", iaParams, "");
    }

    @Override
    public boolean serves(final RegistryEntry entry) {
        if (entry == null || entry.library() == null) {
            return false;
        }
        final String lib = entry.library();
        final String base = lib.substring(lib.lastIndexOf('/') + 1);
        return LIBRARY.equals(lib) || C_LIBRARIES.contains(base);
    }

    /**
     * {@inheritDoc} Settings ({@code dat4j.rdmacm.gracefulDrainTimeoutMs}, {@code dat4j.rdmacm.drainMarkerWaitMs},
     * {@code dat4j.kit.*}) come from the options, the system properties or {@code key=value} tokens after the
     * device and port in ia_params, first match wins ({@link Settings}).
     */
    @Override
    public InterfaceAdapter open(final RegistryEntry entry, final AdapterOptions options) {
        return open(entry, options, t -> { });
    }

    /**
     * Opens an IA and shows its transport to a test.
     *
     * @param entry the registry line
     * @param options the options
     * @param opened given the transport once it is attached
     * @return the IA
     */
    InterfaceAdapter open(final RegistryEntry entry, final AdapterOptions options,
            final java.util.function.Consumer<RdmaCmTransport> opened) {
        if (entry == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "registry entry is null");
        }
        if (!serves(entry)) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "IA '" + entry.iaName()
                    + "': library '" + entry.library() + "' is not served by the rdmacm provider");
        }
        if (options == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2, "options are null");
        }
        final Settings settings = Settings.of(entry, options);
        final RdmaCmConfig rdmacm = RdmaCmConfig.from(settings);
        final KitSettings kit = KitSettings.from(settings);
        RdmaCm.ensureAvailability();
        final IaParams params = IaParams.parse(String.join(" ", settings.positional()), RdmaDevices.scan(sysfs));
        if (params.address() == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "IA '" + entry.iaName()
                    + "' (" + params + "): librdmacm needs an IP address on the device's network interface");
        }
        final RdmaCmTransport transport = new RdmaCmTransport(params.address(), rdmacm);
        try {
            final InterfaceAdapter ia = ProviderKit.openInterfaceAdapter(config(entry.iaName(), transport,
                    options.asyncEventQueueLength(), kit), transport::attach);
            opened.accept(transport);
            return ia;
        } catch (final RuntimeException e) {
            transport.close();
            throw e;
        }
    }

    private KitConfig config(final String iaName, final RdmaCmTransport t, final int asyncLength,
            final KitSettings kit) {
        final DeviceAttributes d = t.device();
        final PortAttributes port = t.portAttributes();
        final long maxMsg = port.maxMessageSize() > 0 ? port.maxMessageSize() : 1L << 30;
        final InterfaceAdapterAttributes ia = new InterfaceAdapterAttributes(t.deviceName(),
                "vendor 0x" + Integer.toHexString(d.vendorId()) + " fw " + d.firmwareVersion(),
                new InetSocketAddress(t.address(), 0), d.maxQp(), d.maxQpWr(), d.maxQpRdAtom(), d.maxQpInitRdAtom(),
                d.maxCq(), d.maxCqe(), d.maxSge(), d.maxMr(),
                // max_mr_size is a uint64_t: rxe reports all ones, which is negative as a Java long
                d.maxMrSize() <= 0 ? Long.MAX_VALUE : d.maxMrSize(), d.maxPd(), maxMsg, maxMsg, 0, d.maxSrq(),
                // verbs bounds no SRQ by its QPs: any QP of the device may use one
                d.maxQp(), d.maxSrqWr(), d.maxSge(), d.maxSge());
        final ProviderAttributes pa = new ProviderAttributes(NAME, 0, 1, 2, 0,
                Math.min(MAX_CONNECT_PRIVATE_DATA, Math.min(MAX_ACCEPT_PRIVATE_DATA, MAX_REJECT_PRIVATE_DATA)),
                MAX_CONNECT_PRIVATE_DATA, MAX_ACCEPT_PRIVATE_DATA, MAX_REJECT_PRIVATE_DATA,
                deviceCapabilities(capabilities(), d.vendorId(), d.atomicCap()),
                Map.of("device", t.deviceName(), "port_state", Integer.toString(port.state()),
                        "active_mtu", Integer.toString(port.activeMtu()),
                        // as openib_cma's provider_specific_attr: RDMA read supported, the path MTU in bytes
                        "DAT_IB_RDMA_READ", "TRUE",
                        "DAT_IB_TRANSPORT_MTU", Integer.toString(port.activeMtu())));
        final int iov = Math.max(1, Math.min(4, d.maxSge()));
        final EndpointAttributes defaults = EndpointAttributes.builder().maxMessageSize(maxMsg).maxRdmaSize(maxMsg)
                .maxRecvDtos(Math.min(64, d.maxQpWr())).maxRequestDtos(Math.min(64, d.maxQpWr())).maxRecvIov(iov)
                .maxRequestIov(iov).maxRdmaReadIn(Math.min(4, d.maxQpRdAtom()))
                .maxRdmaReadOut(Math.min(4, d.maxQpInitRdAtom())).maxRdmaReadIov(iov).maxRdmaWriteIov(iov)
                .retryCount(ConnectionPolicy.DEFAULT_RETRY).rnrRetryCount(ConnectionPolicy.DEFAULT_RETRY).build();
        return new KitConfig(iaName, ia, pa, defaults, asyncLength, kit);
    }
}

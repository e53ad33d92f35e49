package io.dat4j.provider.tcp;

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
import io.dat4j.spi.DatProvider;
import io.dat4j.kit.KitConfig;
import io.dat4j.kit.KitSettings;
import io.dat4j.kit.ProviderKit;
import io.dat4j.kit.Settings;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.EnumSet;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pure-Java TCP provider ({@code tcp}): DAT 2.0 over NIO sockets, with one-sided RDMA read and write checked on
 * the target against its registered regions. Serves dat.conf lines whose library is {@value #LIBRARY}; ia_params
 * are {@code "<ip|netdev> [port-offset]"}, for example {@code "127.0.0.1"}, {@code "eth0 0"}, {@code "::1"},
 * {@code "0.0.0.0"}. A connection qualifier is a TCP port (plus the port offset). The wire protocol is in
 * {@code docs/tcp-wire.md}.
 *
 * <p>Settings, read once when an IA opens, each from (first match wins) the options passed through the API ({@link
 * io.dat4j.AdapterOptions}), the system property of the same name, a {@code key=value} token in ia_params (for example
 * {@code "127.0.0.1 0 dat4j.tcp.ioThreads=4"}), or the default; an unknown {@code dat4j.tcp.} key in the options or
 * ia_params, or a bad value anywhere, is refused with {@code INVALID_PARAMETER}: {@value #IO_THREADS_PROP_NAME} (I/O
 * threads per IA, 1..8, default {@value #IO_THREADS_DEFAULT}); {@value #INLINE_WRITES_PROP_NAME} (default true: a
 * posting thread writes small requests to the socket itself when the connection is idle instead of handing them to the
 * I/O thread; false turns it off); {@code dat4j.tcp.consumerProgress} (default true: a thread waiting on an EVD whose
 * connections share one I/O loop runs that loop itself instead of parking until an I/O thread wakes it; false turns it
 * off); {@code dat4j.tcp.driveGraceMicros}, {@code dat4j.tcp.ackDelayMicros}, {@code dat4j.tcp.sendCopyMax}, {@code
 * dat4j.tcp.fullReadSkips}, {@code dat4j.tcp.ackBytes} and {@code dat4j.tcp.ackHoldMicros} (see {@code
 * docs/tcp-wire.md}); {@code dat4j.tcp.busyPollMicros} (default 0: microseconds such a waiter spins on non-blocking selections, yielding the CPU
 * between them, before it blocks; opt-in, it keeps a core busy while waiting); {@code dat4j.tcp.nativeSockets} (default
 * true: on Linux when the module has native access, a connected socket that such a waiter reads alone is adopted, made
 * blocking and read and written through libc, so that the waiter waits in one {@code recv}; false keeps every socket
 * on NIO; {@link #nativeSocketsUnavailability()} says whether this JVM can; see {@code docs/tcp-wire.md}); {@value #ACK_TIMEOUT_PROP_NAME} (one
 * attempt of the transport timeout, ms, default {@value #ACK_TIMEOUT_DEFAULT}, 0 off: a connection with operations
 * outstanding that hears nothing from its peer for this long, times the EP's {@code retry_count} + 1, fails with {@code
 * DAT_DTO_ERR_TRANSPORT} and {@code DAT_CONNECTION_EVENT_BROKEN}; see {@code docs/tcp-wire.md}).
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
public final class TcpProvider implements DatProvider {

    /** The library field of dat.conf lines this provider serves. */
    public static final String LIBRARY = "dat4j-tcp";
    /** System property: I/O threads per IA (1..8). */
    public static final String IO_THREADS_PROP_NAME = TcpConfig.IO_THREADS;
    /** System property: posting threads write small requests themselves (default true). */
    public static final String INLINE_WRITES_PROP_NAME = TcpConfig.INLINE_WRITES;
    /**
     * System property: one attempt of the transport timeout in milliseconds (the counterpart of a reliable
     * connection's local ACK timeout); a connection fails after this times the EP's {@code retry_count} + 1 without
     * a byte from a peer it waits for. 0 turns the check off.
     */
    public static final String ACK_TIMEOUT_PROP_NAME = TcpConfig.ACK_TIMEOUT;
    /** Default of {@value #ACK_TIMEOUT_PROP_NAME}: with the default {@code retry_count} 7, 16 s of silence. */
    public static final long ACK_TIMEOUT_DEFAULT = 2000;
    /** Largest {@value #ACK_TIMEOUT_PROP_NAME}: one day. */
    static final long ACK_TIMEOUT_MAX = 86_400_000L;
    /** Default I/O threads per IA. */
    public static final int IO_THREADS_DEFAULT = 2;
    /** Heap an EP may need (queues, connection buffers); the IA's EP limit is the max heap over this. */
    static final long EP_HEAP_BYTES = 64L << 10;
    /** Heap an LMR may need (region tables, cached views); the IA's LMR limit is the max heap over this. */
    static final long LMR_HEAP_BYTES = 4L << 10;
    /**
     * Heap an EVD of a short queue may need (its ring, its completion source); the IA's EVD limit is the max heap over
     * this. A long queue that does not fit is refused when its ring is allocated.
     */
    static final long EVD_HEAP_BYTES = 16L << 10;
    /** {@code max_dto_per_ep} and {@code max_recv_per_srq}: the deepest EP queue and SRQ. */
    static final int MAX_QUEUE_DEPTH = 16384;
    /** Private data carried by connect, accept and reject, bytes. */
    public static final int MAX_PRIVATE_DATA = Wire.MAX_PDATA;

    private static final Set<Capability> CAPABILITIES = Set.copyOf(EnumSet.of(Capability.RDMA_READ,
            Capability.RDMA_WRITE, Capability.INTER_PROCESS, Capability.THREAD_SAFE, Capability.IPV6,
            Capability.CONNECT_TIMEOUT,
            Capability.REJECT_PRIVATE_DATA, Capability.PROVIDER_CREATED_ENDPOINTS, Capability.RSP,
            Capability.EVD_RESIZE, Capability.CNO, Capability.GRACEFUL_DISCONNECT, Capability.DUP_CONNECT,
            Capability.CR_HANDOFF, Capability.SRQ, Capability.RECEIVE_LENGTH_ERROR, Capability.RDMA_WRITE_IMMEDIATE,
            Capability.FETCH_AND_ADD, Capability.COMPARE_AND_SWAP));

    /** Creates the provider; cheap: no threads, no I/O. */
    public TcpProvider() {
    }

    /**
     * {@return the IA's socket layer, its provider-specific attribute {@code sockets}}: {@code "native"} when a waiting
     * consumer alone on its connection's loop waits in one recv on the adopted socket, else {@code "nio: "} and why not
     */
    private static String sockets(final TcpConfig tcp) {
        if (!tcp.nativeSockets()) {
            return "nio: " + TcpConfig.NATIVE_SOCKETS + "=false";
        }
        final String why = SocketIo.unavailability();
        return why == null ? "native" : "nio: " + why;
    }

    /**
     * {@return null when this JVM can adopt sockets} ({@code dat4j.tcp.nativeSockets}: Linux on x86-64 or AArch64,
     * native access for {@code io.dat4j.provider.tcp}, the JDK's NIO interrupt signal handled), else why it cannot:
     * then every connection reads and writes through NIO and a waiting consumer selects
     */
    public static String nativeSocketsUnavailability() {
        return SocketIo.unavailability();
    }

    @Override
    public String name() {
        return "tcp";
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    @Override
    public Throwable unavailabilityCause() {
        return null;
    }

    @Override
    public Set<Capability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public List<RegistryEntry> defaultEntries() {
        return List.of(
                new RegistryEntry("tcp0", "u2.0", true, true, LIBRARY, "dat4j.2.0", "0.0.0.0", ""),
                new RegistryEntry("tcp-lo", "u2.0", true, false, LIBRARY, "dat4j.2.0", "127.0.0.1", ""));
    }

    @Override
    public boolean serves(final RegistryEntry entry) {
        return entry != null && LIBRARY.equals(entry.library());
    }

    @Override
    public InterfaceAdapter open(final RegistryEntry entry, final AdapterOptions options) {
        if (entry == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "registry entry is null");
        }
        if (options == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG2, "options are null");
        }
        final Settings settings = Settings.of(entry, options);
        final TcpConfig tcp = TcpConfig.from(settings);
        final KitSettings kit = KitSettings.from(settings);
        final InetAddress bind = tcp.bind();
        final InetAddress concrete = bind.isAnyLocalAddress() ? concreteAddress(bind instanceof Inet6Address) : bind;
        // EP, LMR and EVD limits scale with the heap, so that exhausting them ends in INSUFFICIENT_RESOURCES, not
        // an OOM
        final long heap = Runtime.getRuntime().maxMemory();
        final int maxEps = (int) Math.max(64, Math.min(1 << 20, heap / EP_HEAP_BYTES));
        final int maxLmrs = (int) Math.max(256, Math.min(1 << 24, heap / LMR_HEAP_BYTES));
        final int maxEvds = (int) Math.max(64, Math.min(1 << 20, heap / EVD_HEAP_BYTES));
        // deep queues (rxe: max_qp_wr and max_srq_wr 1,048,576): C programs size queues by their worst case
        // (dtestsrq -c 100 -B 100 asks 10,000 per EP and per SRQ); the kit allocates a slot when it is first used
        final InterfaceAdapterAttributes attrs = new InterfaceAdapterAttributes("tcp:" + tcp.bindToken(), "dat4j",
                new InetSocketAddress(concrete, 0), maxEps, MAX_QUEUE_DEPTH, 64, 64, maxEvds, 1 << 20, 16, maxLmrs,
                Long.MAX_VALUE, 1 << 16, 1L << 26, 1L << 30, 0, 1 << 16, maxEps, MAX_QUEUE_DEPTH, 16, 16);
        final ProviderAttributes pattrs = new ProviderAttributes("tcp", 1, 0, 2, 0, MAX_PRIVATE_DATA,
                MAX_PRIVATE_DATA, MAX_PRIVATE_DATA, MAX_PRIVATE_DATA, CAPABILITIES, Map.of("wire", "dat4j-tcp/1",
                        "ioThreads", Integer.toString(tcp.ioThreads()), "portOffset",
                        Integer.toString(tcp.portOffset()), "bind", bind.getHostAddress(), "ackTimeoutMillis",
                        Long.toString(tcp.ackTimeoutMillis()), "sockets", sockets(tcp)));
        final EndpointAttributes defaults = EndpointAttributes.builder().maxMessageSize(1L << 26)
                .maxRdmaSize(1L << 30).maxRecvDtos(64).maxRequestDtos(64).maxRecvIov(4).maxRequestIov(4)
                .maxRdmaReadIn(8).maxRdmaReadOut(8).maxRdmaReadIov(4).maxRdmaWriteIov(4).retryCount(7)
                .rnrRetryCount(7).build();
        final KitConfig config = new KitConfig(entry.iaName(), attrs, pattrs, defaults,
                options.asyncEventQueueLength(), kit);
        return ProviderKit.openInterfaceAdapter(config, a -> new TcpTransport(a, entry.iaName(), tcp));
    }

    /** {@return the address of an ia_params token: an IP address of this host, or a network device's address} */
    static InetAddress bindAddress(final Settings e, final String token) {
        try {
            final NetworkInterface nic = NetworkInterface.getByName(token);
            if (nic != null) {
                InetAddress v6 = null;
                for (final Enumeration<InetAddress> it = nic.getInetAddresses(); it.hasMoreElements();) {
                    final InetAddress a = it.nextElement();
                    if (a instanceof Inet4Address) {
                        return a;
                    }
                    if (v6 == null && !a.isLinkLocalAddress()) {
                        v6 = a;
                    }
                }
                if (v6 != null) {
                    return v6;
                }
                throw TcpConfig.badParams(e, "network device " + token + " has no usable address");
            }
            if (!token.matches("[0-9.]+|[0-9a-fA-F:.%]*:[0-9a-fA-F:.%]*")) {
                throw TcpConfig.badParams(e, "'" + token
                        + "' is neither an IP address nor a network device of this host");
            }
            final InetAddress a = InetAddress.getByName(token);
            if (!a.isAnyLocalAddress() && NetworkInterface.getByInetAddress(a) == null) {
                throw TcpConfig.badParams(e, token + " is not an address of this host");
            }
            return a;
        } catch (final IOException x) {
            throw TcpConfig.badParams(e, "'" + token + "': " + x.getMessage());
        }
    }

    private static InetAddress concreteAddress(final boolean preferV6) {
        try {
            InetAddress other = null;
            for (final Enumeration<NetworkInterface> it = NetworkInterface.getNetworkInterfaces();
                    it.hasMoreElements();) {
                final NetworkInterface n = it.nextElement();
                if (!n.isUp() || n.isLoopback()) {
                    continue;
                }
                for (final Enumeration<InetAddress> as = n.getInetAddresses(); as.hasMoreElements();) {
                    final InetAddress a = as.nextElement();
                    if (a.isLinkLocalAddress()) {
                        continue;
                    }
                    if ((a instanceof Inet6Address) == preferV6) {
                        return a;
                    }
                    if (other == null) {
                        other = a;
                    }
                }
            }
            if (other != null) {
                return other;
            }
        } catch (final SocketException e) {
            // fall back to loopback
        }
        return InetAddress.getLoopbackAddress();
    }

    @Override
    public String toString() {
        return "TcpProvider";
    }
}

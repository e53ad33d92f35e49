package io.dat4j.provider.rdmacm.ffi;

import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.callInt;
import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.callOnePointer;
import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.callPtr;
import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.checkRc;
import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.unexpected;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_context;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_addr;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_addrinfo;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cm_event;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cm_id;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cma_h;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_event_channel;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_route;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The librdmacm calls ({@code rdma_cma.h}): event channels, identifiers (bind, resolve, QP, connect, listen, accept,
 * reject, disconnect), CM events, what an identifier holds (ports, addresses, device, QP, channel), and the
 * synchronous API ({@code rdma_getaddrinfo}, {@code rdma_create_ep}, {@code rdma_get_request},
 * {@code rdma_migrate_id}).
 * The structs these calls take or return are built and read by {@link StructCopy}; a CM event is copied into Java
 * with {@link StructCopy#readCmEvent}.
 *
 * <p>Use only after {@code RdmaCm.isAvailable()}: the first call loads the libraries. Thread safety: every method may
 * be called from any thread (errno is captured per thread).
 */
public final class CmCalls {

    /** {@code RDMA_PS_TCP}: the port space of reliable connected identifiers. */
    public static final int RDMA_PS_TCP = 0x0106;
    /** {@code RAI_PASSIVE}. */
    public static final int RAI_PASSIVE = 1;
    /** {@code RAI_NUMERICHOST}. */
    public static final int RAI_NUMERICHOST = 2;

    private CmCalls() {
    }

    /**
     * librdmacm's {@code rdma_connect} and {@code rdma_accept} read the identifier's device ({@code ucma_valid_param}
     * dereferences {@code cma_dev}) before any check: on an identifier that is not bound to a device yet they crash
     * the process instead of failing. Refuse those calls here, with EINVAL as the kernel would.
     */
    private static void requireDevice(final String function, final MemorySegment id, final String hint) {
        if (id == null || id.equals(MemorySegment.NULL)) {
            throw new NativeCallException(function, Errno.EINVAL, "the identifier is NULL");
        }
        if (rdma_cm_id.verbs(id.reinterpret(rdma_cm_id.sizeof())).equals(MemorySegment.NULL)) {
            throw new NativeCallException(function, Errno.EINVAL, "the identifier is not bound to an RDMA device; "
                    + hint);
        }
    }

    // ---------------------------------------------------------------- event channels

    /**
     * {@return a new event channel, {@code rdma_create_event_channel}}
     *
     * @throws NativeCallException ENODEV when there is no RDMA device, EACCES/EPERM without permission
     */
    public static MemorySegment createEventChannel() {
        return callPtr("rdma_create_event_channel", NativeSymbols.CREATE_EVENT_CHANNEL, null)
                .reinterpret(rdma_event_channel.sizeof());
    }

    /**
     * Destroys an event channel ({@code rdma_destroy_event_channel}); every id on it must be destroyed first.
     *
     * @param channel the channel
     */
    public static void destroyEventChannel(final MemorySegment channel) {
        rdma_cma_h.rdma_destroy_event_channel(channel);
    }

    /**
     * {@return the channel's file descriptor}
     *
     * @param channel the channel
     */
    public static int eventChannelFd(final MemorySegment channel) {
        return rdma_event_channel.fd(channel.reinterpret(rdma_event_channel.sizeof()));
    }

    // ---------------------------------------------------------------- identifiers

    /**
     * {@return a new identifier on a channel, {@code rdma_create_id}}
     *
     * @param channel the event channel
     * @param portSpace {@link #RDMA_PS_TCP} for reliable connections
     */
    public static MemorySegment createId(final MemorySegment channel, final int portSpace) {
        final MemorySegment state = ErrnoCalls.state();
        final MemorySegment out = ErrnoCalls.scratch().asSlice(0, ValueLayout.ADDRESS.byteSize());
        final int rc;
        try {
            rc = (int) NativeSymbols.CREATE_ID.invokeExact(state, channel, out, MemorySegment.NULL, portSpace);
        } catch (final Throwable t) {
            throw unexpected("rdma_create_id", t);
        }
        checkRc("rdma_create_id", rc, state, null);
        return out.get(ValueLayout.ADDRESS, 0).reinterpret(rdma_cm_id.sizeof());
    }

    /**
     * Destroys an identifier ({@code rdma_destroy_id}); its events must be acked and its QP destroyed first.
     *
     * @param id the identifier
     */
    public static void destroyId(final MemorySegment id) {
        callOnePointer("rdma_destroy_id", NativeSymbols.DESTROY_ID, id);
    }

    /**
     * Binds an identifier to a local address ({@code rdma_bind_addr}).
     *
     * @param id the identifier
     * @param address the address; port 0 picks one
     */
    public static void bindAddr(final MemorySegment id, final InetSocketAddress address) {
        try (Arena a = Arena.ofConfined()) {
            callInt("rdma_bind_addr", NativeSymbols.BIND_ADDR, String.valueOf(address), id,
                    StructCopy.sockaddr(address, a));
        }
    }

    /**
     * Starts address resolution ({@code rdma_resolve_addr}); ADDR_RESOLVED or ADDR_ERROR follows.
     *
     * @param id the identifier
     * @param source the local address, or null for any
     * @param destination the peer
     * @param timeoutMs the resolution timeout
     */
    public static void resolveAddr(final MemorySegment id, final InetSocketAddress source,
            final InetSocketAddress destination, final int timeoutMs) {
        final MemorySegment state = ErrnoCalls.state();
        final int rc;
        try (Arena a = Arena.ofConfined()) {
            // (locals: a conditional expression as an argument of invokeExact would be typed Object)
            final MemorySegment src = source == null ? MemorySegment.NULL : StructCopy.sockaddr(source, a);
            final MemorySegment dst = StructCopy.sockaddr(destination, a);
            rc = (int) NativeSymbols.RESOLVE_ADDR.invokeExact(state, id, src, dst, timeoutMs);
        } catch (final Throwable t) {
            throw unexpected("rdma_resolve_addr", t);
        }
        if (rc != 0) {
            checkRc("rdma_resolve_addr", rc, state, String.valueOf(destination));
        }
    }

    /**
     * Starts route resolution ({@code rdma_resolve_route}); ROUTE_RESOLVED or ROUTE_ERROR follows.
     *
     * @param id the identifier, address resolved
     * @param timeoutMs the timeout
     */
    public static void resolveRoute(final MemorySegment id, final int timeoutMs) {
        final MemorySegment state = ErrnoCalls.state();
        final int rc;
        try {
            rc = (int) NativeSymbols.RESOLVE_ROUTE.invokeExact(state, id, timeoutMs);
        } catch (final Throwable t) {
            throw unexpected("rdma_resolve_route", t);
        }
        checkRc("rdma_resolve_route", rc, state, null);
    }

    /**
     * Creates the identifier's QP ({@code rdma_create_qp}).
     *
     * @param id the identifier, route resolved or from a request
     * @param pd the {@code ibv_pd}
     * @param initAttr a {@code struct ibv_qp_init_attr} ({@link StructCopy#qpInitAttr}); its {@code cap} is updated
     *        with what the device gave
     */
    public static void createQp(final MemorySegment id, final MemorySegment pd, final MemorySegment initAttr) {
        final MemorySegment state = ErrnoCalls.state();
        final int rc;
        try {
            rc = (int) NativeSymbols.CREATE_QP.invokeExact(state, id, pd, initAttr);
        } catch (final Throwable t) {
            throw unexpected("rdma_create_qp", t);
        }
        checkRc("rdma_create_qp", rc, state, null);
    }

    /**
     * Destroys the identifier's QP ({@code rdma_destroy_qp}).
     *
     * @param id the identifier
     */
    public static void destroyQp(final MemorySegment id) {
        rdma_cma_h.rdma_destroy_qp(id);
    }

    /**
     * Sends a connection request ({@code rdma_connect}).
     *
     * @param id the identifier, route resolved
     * @param parameters the connection parameters
     */
    public static void connect(final MemorySegment id, final ConnectionParameters parameters) {
        requireDevice("rdma_connect", id, "resolve the address and the route first (rdma_resolve_addr,"
                + " rdma_resolve_route)");
        final MemorySegment state = ErrnoCalls.state();
        final int rc;
        try (Arena a = Arena.ofConfined()) {
            rc = (int) NativeSymbols.CONNECT.invokeExact(state, id, StructCopy.connParam(parameters, a));
        } catch (final Throwable t) {
            throw unexpected("rdma_connect", t);
        }
        checkRc("rdma_connect", rc, state, null);
    }

    /**
     * Listens ({@code rdma_listen}).
     *
     * @param id the bound identifier
     * @param backlog the backlog; 0 for the default
     */
    public static void listen(final MemorySegment id, final int backlog) {
        callInt("rdma_listen", NativeSymbols.LISTEN, null, id, backlog);
    }

    /**
     * Accepts a request on the identifier it came with ({@code rdma_accept}).
     *
     * @param id the request's identifier, never the listening one
     * @param parameters the connection parameters, or null to use those of the request
     */
    public static void accept(final MemorySegment id, final ConnectionParameters parameters) {
        requireDevice("rdma_accept", id, "accept only the identifier of a CONNECT_REQUEST");
        final MemorySegment state = ErrnoCalls.state();
        final int rc;
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment param = parameters == null ? MemorySegment.NULL : StructCopy.connParam(parameters, a);
            rc = (int) NativeSymbols.ACCEPT.invokeExact(state, id, param);
        } catch (final Throwable t) {
            throw unexpected("rdma_accept", t);
        }
        checkRc("rdma_accept", rc, state, null);
    }

    /**
     * Rejects a request ({@code rdma_reject}).
     *
     * @param id the request's identifier
     * @param privateData bytes for the peer, or null
     */
    public static void reject(final MemorySegment id, final byte[] privateData) {
        try (Arena a = Arena.ofConfined()) {
            final int len = privateData == null ? 0 : privateData.length;
            if (len > 255) {
                throw new NativeCallException("rdma_reject", Errno.EINVAL, "private data of " + len + " bytes");
            }
            final MemorySegment data = len == 0 ? MemorySegment.NULL : a.allocateFrom(ValueLayout.JAVA_BYTE,
                    privateData);
            callInt("rdma_reject", NativeSymbols.REJECT, null, id, data, (byte) len);
        }
    }

    /**
     * Disconnects ({@code rdma_disconnect}).
     *
     * @param id the identifier
     */
    public static void disconnect(final MemorySegment id) {
        callOnePointer("rdma_disconnect", NativeSymbols.DISCONNECT, id);
    }

    // ---------------------------------------------------------------- CM events

    /**
     * Takes the next event of a non-blocking channel ({@code rdma_get_cm_event}).
     *
     * @param channel the channel, set non-blocking with {@link EventCalls#setNonBlocking}
     * @return the event (copy it with {@link StructCopy#readCmEvent}, ack it with {@link #ackCmEvent}), or null when
     *         none is pending (EAGAIN)
     */
    public static MemorySegment getCmEvent(final MemorySegment channel) {
        final MemorySegment state = ErrnoCalls.state();
        final MemorySegment out = ErrnoCalls.scratch().asSlice(0, ValueLayout.ADDRESS.byteSize());
        final int rc;
        try {
            rc = (int) NativeSymbols.GET_CM_EVENT.invokeExact(state, channel, out);
        } catch (final Throwable t) {
            throw unexpected("rdma_get_cm_event", t);
        }
        if (rc != 0) {
            final int err = rc == -1 ? ErrnoCalls.errno(state) : Math.abs(rc);
            if (err == Errno.EAGAIN) {
                return null;
            }
            throw new NativeCallException("rdma_get_cm_event", err);
        }
        return out.get(ValueLayout.ADDRESS, 0).reinterpret(rdma_cm_event.sizeof());
    }

    /**
     * Acks an event ({@code rdma_ack_cm_event}); every event must be acked before its id is destroyed.
     *
     * @param event the event
     */
    public static void ackCmEvent(final MemorySegment event) {
        callOnePointer("rdma_ack_cm_event", NativeSymbols.ACK_CM_EVENT, event);
    }

    /**
     * {@return the text of an event type, {@code rdma_event_str}}
     *
     * @param type the C value
     */
    public static String eventStr(final int type) {
        return rdma_cma_h.rdma_event_str(type).reinterpret(256).getString(0, StandardCharsets.US_ASCII);
    }

    // ---------------------------------------------------------------- what an identifier holds

    /**
     * {@return the local port of an identifier in host order, {@code rdma_get_src_port}}
     *
     * @param id the identifier
     */
    public static int sourcePort(final MemorySegment id) {
        return Short.toUnsignedInt(Short.reverseBytes(rdma_cma_h.rdma_get_src_port(id)));
    }

    /**
     * {@return the peer port of an identifier in host order, {@code rdma_get_dst_port}}
     *
     * @param id the identifier
     */
    public static int destinationPort(final MemorySegment id) {
        return Short.toUnsignedInt(Short.reverseBytes(rdma_cma_h.rdma_get_dst_port(id)));
    }

    /**
     * {@return the identifier's {@code ibv_context}, NULL until it is bound to a device}
     *
     * @param id the identifier
     */
    public static MemorySegment idContext(final MemorySegment id) {
        return rdma_cm_id.verbs(id.reinterpret(rdma_cm_id.sizeof()));
    }

    /**
     * {@return the identifier's QP, NULL when it has none}
     *
     * @param id the identifier
     */
    public static MemorySegment idQp(final MemorySegment id) {
        return rdma_cm_id.qp(id.reinterpret(rdma_cm_id.sizeof()));
    }

    /**
     * {@return the identifier's port number on its device}
     *
     * @param id the identifier
     */
    public static int idPortNumber(final MemorySegment id) {
        return Byte.toUnsignedInt(rdma_cm_id.port_num(id.reinterpret(rdma_cm_id.sizeof())));
    }

    /**
     * {@return the device name of an identifier's context ({@code ibv_get_device_name(id->verbs->device)})}
     *
     * @param id the identifier, bound
     */
    public static String idDeviceName(final MemorySegment id) {
        final MemorySegment ctx = idContext(id);
        if (ctx.equals(MemorySegment.NULL)) {
            return null;
        }
        final MemorySegment dev = ibv_context.device(ctx.reinterpret(ibv_context.sizeof()));
        return rdma_cma_h.ibv_get_device_name(dev).reinterpret(64).getString(0, StandardCharsets.US_ASCII);
    }

    /**
     * {@return the local address of an identifier ({@code rdma_get_local_addr}, inline in the header)}
     *
     * @param id the identifier
     */
    public static InetSocketAddress idLocalAddress(final MemorySegment id) {
        final MemorySegment addr = rdma_route.addr(rdma_cm_id.route(id.reinterpret(rdma_cm_id.sizeof())));
        return StructCopy.inetSocketAddress(rdma_addr.src_storage(addr));
    }

    /**
     * {@return the peer address of an identifier ({@code rdma_get_peer_addr}, inline in the header)}
     *
     * @param id the identifier
     */
    public static InetSocketAddress idPeerAddress(final MemorySegment id) {
        final MemorySegment addr = rdma_route.addr(rdma_cm_id.route(id.reinterpret(rdma_cm_id.sizeof())));
        return StructCopy.inetSocketAddress(rdma_addr.dst_storage(addr));
    }

    /**
     * {@return the identifier's event channel ({@code id->channel})}
     *
     * @param id the identifier
     */
    public static MemorySegment idChannel(final MemorySegment id) {
        return rdma_cm_id.channel(id.reinterpret(rdma_cm_id.sizeof()));
    }

    // ---------------------------------------------------------------- the synchronous API

    /**
     * {@return the {@code struct rdma_addrinfo} list of {@code rdma_getaddrinfo} for a numeric address, reliable
     * connected; free it with {@link #freeAddrInfo}}
     *
     * @param address the address (numeric)
     * @param port the port; 0 for a passive side lets the kernel pick
     * @param passive {@code RAI_PASSIVE}: for a listener
     */
    public static MemorySegment getAddrInfo(final InetAddress address, final int port, final boolean passive) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment hints = rdma_addrinfo.allocate(a);
            hints.fill((byte) 0);
            rdma_addrinfo.ai_flags(hints, RAI_NUMERICHOST | (passive ? RAI_PASSIVE : 0));
            rdma_addrinfo.ai_port_space(hints, RDMA_PS_TCP);
            rdma_addrinfo.ai_qp_type(hints, VerbsCalls.IBV_QPT_RC);
            final MemorySegment out = a.allocate(ValueLayout.ADDRESS);
            callInt("rdma_getaddrinfo", NativeSymbols.GETADDRINFO, address.getHostAddress() + ":" + port,
                    a.allocateFrom(address.getHostAddress()), a.allocateFrom(Integer.toString(port)), hints, out);
            return out.get(ValueLayout.ADDRESS, 0).reinterpret(rdma_addrinfo.sizeof());
        }
    }

    /**
     * Frees a list from {@link #getAddrInfo} ({@code rdma_freeaddrinfo}).
     *
     * @param info the list
     */
    public static void freeAddrInfo(final MemorySegment info) {
        rdma_cma_h.rdma_freeaddrinfo(info);
    }

    /**
     * {@return a synchronous identifier from resolved address information ({@code rdma_create_ep})}: active (address
     * and route resolved, and a QP when {@code qpInitAttr} is given) or passive (bound, ready to listen)
     *
     * @param info from {@link #getAddrInfo}
     * @param pd the PD, or NULL for the device's default one
     * @param qpInitAttr QP attributes, or NULL for no QP
     */
    public static MemorySegment createEp(final MemorySegment info, final MemorySegment pd,
            final MemorySegment qpInitAttr) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment out = a.allocate(ValueLayout.ADDRESS);
            callInt("rdma_create_ep", NativeSymbols.CREATE_EP, null, out, info, pd, qpInitAttr);
            return out.get(ValueLayout.ADDRESS, 0).reinterpret(rdma_cm_id.sizeof());
        }
    }

    /**
     * Destroys an identifier from {@link #createEp} or {@link #getRequest}, with its QP ({@code rdma_destroy_ep}).
     *
     * @param id the identifier
     */
    public static void destroyEp(final MemorySegment id) {
        rdma_cma_h.rdma_destroy_ep(id);
    }

    /**
     * Takes the next connection request of a synchronous listener, blocking until one arrives
     * ({@code rdma_get_request}); EINVAL on a listener that has an event channel.
     *
     * @param listen the listening identifier
     * @return the request's identifier, with a QP when the listener was created with QP attributes
     */
    public static MemorySegment getRequest(final MemorySegment listen) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment out = a.allocate(ValueLayout.ADDRESS);
            callInt("rdma_get_request", NativeSymbols.GET_REQUEST, null, listen, out);
            return out.get(ValueLayout.ADDRESS, 0).reinterpret(rdma_cm_id.sizeof());
        }
    }

    /**
     * Moves an identifier to another event channel ({@code rdma_migrate_id}); a synchronous one becomes asynchronous.
     *
     * @param id the identifier
     * @param channel the new channel
     */
    public static void migrateId(final MemorySegment id, final MemorySegment channel) {
        callInt("rdma_migrate_id", NativeSymbols.MIGRATE_ID, null, id, channel);
    }
}

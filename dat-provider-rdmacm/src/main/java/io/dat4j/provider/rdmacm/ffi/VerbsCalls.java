package io.dat4j.provider.rdmacm.ffi;

import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.callInt;
import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.callOnePointer;
import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.callPtr;
import static io.dat4j.provider.rdmacm.ffi.ErrnoCalls.unexpected;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_comp_channel;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_context;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_cq;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_device_attr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_mr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_port_attr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_qp;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_srq;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_srq_attr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_srq_init_attr;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cma_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The libibverbs resources ({@code verbs.h}): devices (list, open, close, query device and port), protection domains,
 * memory regions, completion channels, CQs, shared receive queues, and what a QP and a context hold. The QP itself is
 * created and destroyed through its identifier ({@link CmCalls#createQp}); posting and polling are in
 * {@link DataPath}, the events of a device and of a completion channel in {@link EventCalls}.
 *
 * <p>Use only after {@code RdmaCm.isAvailable()}: the first call loads the libraries. Thread safety: every method may
 * be called from any thread (errno is captured per thread).
 */
public final class VerbsCalls {

    /** {@code IBV_QPT_RC}. */
    public static final int IBV_QPT_RC = 2;
    /** {@code IBV_ACCESS_LOCAL_WRITE}. */
    public static final int IBV_ACCESS_LOCAL_WRITE = 1;
    /** {@code IBV_ACCESS_REMOTE_WRITE}. */
    public static final int IBV_ACCESS_REMOTE_WRITE = 2;
    /** {@code IBV_ACCESS_REMOTE_READ}. */
    public static final int IBV_ACCESS_REMOTE_READ = 4;
    /** {@code IBV_ACCESS_REMOTE_ATOMIC}. */
    public static final int IBV_ACCESS_REMOTE_ATOMIC = 8;
    /** {@code IBV_ATOMIC_NONE}: {@code ibv_device_attr.atomic_cap} of a device without remote atomics. */
    public static final int IBV_ATOMIC_NONE = 0;
    /** {@code IBV_PORT_ACTIVE}. */
    public static final int IBV_PORT_ACTIVE = 4;
    /** {@code enum ibv_srq_attr_mask}: the {@code max_wr} field of {@code ibv_modify_srq}. */
    public static final int IBV_SRQ_MAX_WR = 1;

    private VerbsCalls() {
    }

    // ---------------------------------------------------------------- devices

    /**
     * {@return the names of the RDMA devices ({@code ibv_get_device_list} + {@code ibv_get_device_name})}
     *
     * @throws NativeCallException when the list cannot be read (ENOSYS without kernel support, EPERM/EACCES)
     */
    public static List<String> deviceNames() {
        final List<String> names = new ArrayList<>();
        eachDevice((name, dev) -> {
            names.add(name);
            return null;
        });
        return names;
    }

    /**
     * {@return an open context of the named device ({@code ibv_open_device})}
     *
     * @param name the device name, for example {@code rxe0}
     * @throws NativeCallException ENODEV if there is no such device
     */
    public static MemorySegment openDevice(final String name) {
        final MemorySegment context = eachDevice((devName, dev) -> devName.equals(name)
                ? callPtr("ibv_open_device", NativeSymbols.OPEN_DEVICE, name, dev).reinterpret(ibv_context.sizeof())
                : null);
        if (context == null) {
            throw new NativeCallException("ibv_open_device", Errno.ENODEV, "no RDMA device named '" + name + "'");
        }
        return context;
    }

    /**
     * Reads the device list ({@code ibv_get_device_list}), hands {@code visit} each device's name and
     * {@code struct ibv_device *} in order until it returns non-null, and frees the list.
     *
     * @return what {@code visit} returned, or null when it returned null for every device
     */
    private static <T> T eachDevice(final BiFunction<String, MemorySegment, T> visit) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment n = a.allocate(ValueLayout.JAVA_INT);
            final MemorySegment list = callPtr("ibv_get_device_list", NativeSymbols.GET_DEVICE_LIST, null, n);
            try {
                final int count = n.get(ValueLayout.JAVA_INT, 0);
                final MemorySegment arr = list.reinterpret(ValueLayout.ADDRESS.byteSize() * count);
                for (int i = 0; i < count; i++) {
                    final MemorySegment dev = arr.getAtIndex(ValueLayout.ADDRESS, i);
                    final T r = visit.apply(rdma_cma_h.ibv_get_device_name(dev).reinterpret(64)
                            .getString(0, StandardCharsets.US_ASCII), dev);
                    if (r != null) {
                        return r;
                    }
                }
                return null;
            } finally {
                rdma_cma_h.ibv_free_device_list(list);
            }
        }
    }

    /**
     * Closes a device context ({@code ibv_close_device}).
     *
     * @param context the context
     */
    public static void closeDevice(final MemorySegment context) {
        callInt("ibv_close_device", NativeSymbols.CLOSE_DEVICE, null, context);
    }

    /**
     * {@return the device limits ({@code ibv_query_device})}
     *
     * @param context an open context
     */
    public static DeviceAttributes queryDevice(final MemorySegment context) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment s = ibv_device_attr.allocate(a);
            s.fill((byte) 0);
            callInt("ibv_query_device", NativeSymbols.QUERY_DEVICE, null, context, s);
            return new DeviceAttributes(ibv_device_attr.fw_ver(s).getString(0, StandardCharsets.US_ASCII),
                    ibv_device_attr.vendor_id(s), ibv_device_attr.max_mr_size(s), ibv_device_attr.max_qp(s),
                    ibv_device_attr.max_qp_wr(s), ibv_device_attr.max_sge(s), ibv_device_attr.max_cq(s),
                    ibv_device_attr.max_cqe(s), ibv_device_attr.max_mr(s), ibv_device_attr.max_pd(s),
                    ibv_device_attr.max_qp_rd_atom(s), ibv_device_attr.max_qp_init_rd_atom(s),
                    ibv_device_attr.max_srq(s), ibv_device_attr.max_srq_wr(s),
                    Byte.toUnsignedInt(ibv_device_attr.phys_port_cnt(s)), ibv_device_attr.atomic_cap(s));
        }
    }

    /**
     * {@return a port's attributes ({@code ibv_query_port}, the exported compat entry, into a zeroed full struct)}
     *
     * @param context an open context
     * @param port the port number, from 1
     */
    public static PortAttributes queryPort(final MemorySegment context, final int port) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment s = ibv_port_attr.allocate(a);
            s.fill((byte) 0);
            callInt("ibv_query_port", NativeSymbols.QUERY_PORT, "port " + port, context, (byte) port, s);
            return new PortAttributes(ibv_port_attr.state(s), 128 << ibv_port_attr.active_mtu(s),
                    Integer.toUnsignedLong(ibv_port_attr.max_msg_sz(s)),
                    Byte.toUnsignedInt(ibv_port_attr.link_layer(s)));
        }
    }

    /**
     * {@return the file descriptor of a device's command channel, its open {@code /dev/infiniband/uverbs*}
     * ({@code ibv_context.cmd_fd})}
     *
     * @param context the {@code ibv_context}
     */
    public static int commandFd(final MemorySegment context) {
        return ibv_context.cmd_fd(context.reinterpret(ibv_context.sizeof()));
    }

    // ---------------------------------------------------------------- protection domains and memory regions

    /**
     * {@return a new protection domain ({@code ibv_alloc_pd})}
     *
     * @param context an open context
     */
    public static MemorySegment allocPd(final MemorySegment context) {
        return callPtr("ibv_alloc_pd", NativeSymbols.ALLOC_PD, null, context);
    }

    /**
     * Frees a protection domain ({@code ibv_dealloc_pd}); EBUSY while anything uses it.
     *
     * @param pd the PD
     */
    public static void deallocPd(final MemorySegment pd) {
        callInt("ibv_dealloc_pd", NativeSymbols.DEALLOC_PD, null, pd);
    }

    /**
     * {@return a memory region over native memory ({@code ibv_reg_mr})}
     *
     * @param pd the PD
     * @param region native memory
     * @param access {@code IBV_ACCESS_*} bits
     */
    public static MemorySegment regMr(final MemorySegment pd, final MemorySegment region, final int access) {
        return callPtr("ibv_reg_mr", NativeSymbols.REG_MR,
                region.byteSize() + " bytes at 0x" + Long.toHexString(region.address()), pd, region,
                region.byteSize(), access).reinterpret(ibv_mr.sizeof());
    }

    /**
     * {@return the {@code lkey} of a memory region}
     *
     * @param mr the MR
     */
    public static int mrLkey(final MemorySegment mr) {
        return ibv_mr.lkey(mr);
    }

    /**
     * {@return the {@code rkey} of a memory region}
     *
     * @param mr the MR
     */
    public static int mrRkey(final MemorySegment mr) {
        return ibv_mr.rkey(mr);
    }

    /**
     * Deregisters a memory region ({@code ibv_dereg_mr}).
     *
     * @param mr the MR
     */
    public static void deregMr(final MemorySegment mr) {
        callInt("ibv_dereg_mr", NativeSymbols.DEREG_MR, null, mr);
    }

    // ---------------------------------------------------------------- completion channels and CQs

    /**
     * {@return a new completion channel ({@code ibv_create_comp_channel})}
     *
     * @param context an open context
     */
    public static MemorySegment createCompChannel(final MemorySegment context) {
        return callPtr("ibv_create_comp_channel", NativeSymbols.CREATE_COMP_CHANNEL, null, context)
                .reinterpret(ibv_comp_channel.sizeof());
    }

    /**
     * {@return a completion channel's file descriptor}
     *
     * @param channel the channel
     */
    public static int compChannelFd(final MemorySegment channel) {
        return ibv_comp_channel.fd(channel);
    }

    /**
     * Destroys a completion channel ({@code ibv_destroy_comp_channel}).
     *
     * @param channel the channel
     */
    public static void destroyCompChannel(final MemorySegment channel) {
        callInt("ibv_destroy_comp_channel", NativeSymbols.DESTROY_COMP_CHANNEL, null, channel);
    }

    /**
     * {@return a new CQ ({@code ibv_create_cq})}
     *
     * @param context an open context
     * @param entries the minimum number of entries
     * @param channel the completion channel, or NULL
     */
    public static MemorySegment createCq(final MemorySegment context, final int entries, final MemorySegment channel) {
        final MemorySegment state = ErrnoCalls.state();
        final MemorySegment cq;
        try {
            cq = (MemorySegment) NativeSymbols.CREATE_CQ.invokeExact(state, context, entries, MemorySegment.NULL,
                    channel, 0);
        } catch (final Throwable t) {
            throw unexpected("ibv_create_cq", t);
        }
        if (cq.equals(MemorySegment.NULL)) {
            final int err = ErrnoCalls.errno(state);
            throw new NativeCallException("ibv_create_cq", err == 0 ? Errno.ENOMEM : err, entries + " entries");
        }
        return cq;
    }

    /**
     * Destroys a CQ ({@code ibv_destroy_cq}); its events must be acked first.
     *
     * @param cq the CQ
     */
    public static void destroyCq(final MemorySegment cq) {
        callOnePointer("ibv_destroy_cq", NativeSymbols.DESTROY_CQ, cq);
    }

    /**
     * Grows or shrinks a CQ ({@code ibv_resize_cq}); EINVAL when it holds more completions than the new size.
     *
     * @param cq the CQ
     * @param entries the new minimum number of entries
     * @return the number of entries it has now ({@code cq->cqe})
     */
    public static int resizeCq(final MemorySegment cq, final int entries) {
        callInt("ibv_resize_cq", NativeSymbols.RESIZE_CQ, entries + " entries", cq, entries);
        return ibv_cq.cqe(cq.reinterpret(ibv_cq.sizeof()));
    }

    // ---------------------------------------------------------------- shared receive queues and QPs

    /**
     * {@return a shared receive queue in a PD ({@code ibv_create_srq})}
     *
     * @param pd the PD
     * @param maxWr receive buffers it holds
     * @param maxSge scatter entries per buffer
     */
    public static MemorySegment createSrq(final MemorySegment pd, final int maxWr, final int maxSge) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment init = ibv_srq_init_attr.allocate(a);
            init.fill((byte) 0);
            final MemorySegment attr = ibv_srq_init_attr.attr(init);
            ibv_srq_attr.max_wr(attr, maxWr);
            ibv_srq_attr.max_sge(attr, maxSge);
            return callPtr("ibv_create_srq", NativeSymbols.CREATE_SRQ, maxWr + " buffers of " + maxSge + " entries",
                    pd, init).reinterpret(ibv_srq.sizeof());
        }
    }

    /**
     * Lets a shared receive queue hold more buffers ({@code ibv_modify_srq} with {@link #IBV_SRQ_MAX_WR}).
     *
     * @param srq the SRQ
     * @param maxWr the new size
     */
    public static void resizeSrq(final MemorySegment srq, final int maxWr) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment attr = ibv_srq_attr.allocate(a);
            attr.fill((byte) 0);
            ibv_srq_attr.max_wr(attr, maxWr);
            callInt("ibv_modify_srq", NativeSymbols.MODIFY_SRQ, maxWr + " buffers", srq, attr, IBV_SRQ_MAX_WR);
        }
    }

    /**
     * Destroys a shared receive queue ({@code ibv_destroy_srq}); EBUSY while a QP uses it.
     *
     * @param srq the SRQ
     */
    public static void destroySrq(final MemorySegment srq) {
        callInt("ibv_destroy_srq", NativeSymbols.DESTROY_SRQ, null, srq);
    }

    /**
     * {@return the context of an SRQ ({@code srq->context}), whose ops post to it}
     *
     * @param srq the SRQ
     */
    public static MemorySegment srqContext(final MemorySegment srq) {
        return ibv_srq.context(srq);
    }

    /**
     * {@return the QP number of a QP}
     *
     * @param qp the {@code ibv_qp}
     */
    public static int qpNumber(final MemorySegment qp) {
        return ibv_qp.qp_num(qp.reinterpret(ibv_qp.sizeof()));
    }
}

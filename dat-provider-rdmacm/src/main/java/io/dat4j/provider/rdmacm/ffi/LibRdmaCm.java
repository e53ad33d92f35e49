package io.dat4j.provider.rdmacm.ffi;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_async_event;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_context;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_context_ops;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_comp_channel;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_cq;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_device_attr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_mr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_port_attr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_qp;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_qp_cap;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_qp_init_attr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_recv_wr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_send_wr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_sge;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_srq;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_srq_attr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_srq_init_attr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_wc;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_addr;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_addrinfo;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cm_event;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cm_id;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cma_h;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_conn_param;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_event_channel;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_route;
import io.dat4j.provider.rdmacm.ffi.generated.sockaddr_in;
import io.dat4j.provider.rdmacm.ffi.generated.sockaddr_in6;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The one facade over the generated bindings ({@code ...ffi.generated}): every librdmacm and libibverbs call the
 * provider makes goes through here. Calls that can fail are linked with {@code Linker.Option.captureCallState("errno")}
 * and throw {@link NativeCallException} ({@code rdma_x(..) failed: errno N (ENAME)}, DAT status as C uDAPL maps it).
 *
 * <p>The verbs data path ({@code ibv_post_send}, {@code ibv_post_recv}, {@code ibv_poll_cq}, {@code ibv_req_notify_cq})
 * is {@code static inline} in {@code verbs.h}; it is called here, as the inline code does, through the function
 * pointers of {@code ibv_context.ops}, resolved once per context into {@link VerbsOps} and invoked through the cached
 * method handles of the generated function-pointer classes: no lookup and no allocation per call.
 *
 * <p>Use only after {@code RdmaCm.isAvailable()}: the first call loads the libraries. Thread safety: every method may
 * be called from any thread (errno is captured per thread).
 */
public final class LibRdmaCm {

    /** {@code POLLIN} of {@code poll.h}. */
    public static final short POLLIN = 0x001;
    /** {@code F_GETFL} of {@code fcntl.h}. */
    public static final int F_GETFL = 3;
    /** {@code F_SETFL} of {@code fcntl.h}. */
    public static final int F_SETFL = 4;
    /** {@code O_NONBLOCK} of {@code fcntl.h}. */
    public static final int O_NONBLOCK = 04000;
    /** {@code AF_INET}. */
    public static final int AF_INET = 2;
    /** {@code AF_INET6}. */
    public static final int AF_INET6 = 10;

    /** {@code IBV_QPT_RC}. */
    public static final int IBV_QPT_RC = 2;
    /** {@code IBV_WR_RDMA_WRITE}. */
    public static final int IBV_WR_RDMA_WRITE = 0;
    /** {@code IBV_WR_SEND}. */
    public static final int IBV_WR_SEND = 2;
    /** {@code IBV_WR_RDMA_READ}. */
    public static final int IBV_WR_RDMA_READ = 4;
    /** {@code IBV_SEND_FENCE}. */
    public static final int IBV_SEND_FENCE = 1;
    /** {@code IBV_SEND_SIGNALED}. */
    public static final int IBV_SEND_SIGNALED = 2;
    /** {@code IBV_SEND_SOLICITED}. */
    public static final int IBV_SEND_SOLICITED = 4;
    /** {@code IBV_SEND_INLINE}. */
    public static final int IBV_SEND_INLINE = 8;
    /** {@code IBV_WC_SUCCESS}. */
    public static final int IBV_WC_SUCCESS = 0;
    /** {@code IBV_WC_LOC_LEN_ERR}. */
    public static final int IBV_WC_LOC_LEN_ERR = 1;
    /** {@code IBV_WC_LOC_QP_OP_ERR}. */
    public static final int IBV_WC_LOC_QP_OP_ERR = 2;
    /** {@code IBV_WC_LOC_EEC_OP_ERR}. */
    public static final int IBV_WC_LOC_EEC_OP_ERR = 3;
    /** {@code IBV_WC_LOC_PROT_ERR}. */
    public static final int IBV_WC_LOC_PROT_ERR = 4;
    /** {@code IBV_WC_WR_FLUSH_ERR}. */
    public static final int IBV_WC_WR_FLUSH_ERR = 5;
    /** {@code IBV_WC_MW_BIND_ERR}. */
    public static final int IBV_WC_MW_BIND_ERR = 6;
    /** {@code IBV_WC_BAD_RESP_ERR}. */
    public static final int IBV_WC_BAD_RESP_ERR = 7;
    /** {@code IBV_WC_LOC_ACCESS_ERR}. */
    public static final int IBV_WC_LOC_ACCESS_ERR = 8;
    /** {@code IBV_WC_REM_INV_REQ_ERR}. */
    public static final int IBV_WC_REM_INV_REQ_ERR = 9;
    /** {@code IBV_WC_REM_ACCESS_ERR}. */
    public static final int IBV_WC_REM_ACCESS_ERR = 10;
    /** {@code IBV_WC_REM_OP_ERR}. */
    public static final int IBV_WC_REM_OP_ERR = 11;
    /** {@code IBV_WC_RETRY_EXC_ERR}. */
    public static final int IBV_WC_RETRY_EXC_ERR = 12;
    /** {@code IBV_WC_RNR_RETRY_EXC_ERR}. */
    public static final int IBV_WC_RNR_RETRY_EXC_ERR = 13;
    /** {@code IBV_WC_LOC_RDD_VIOL_ERR}. */
    public static final int IBV_WC_LOC_RDD_VIOL_ERR = 14;
    /** {@code IBV_WC_REM_INV_RD_REQ_ERR}. */
    public static final int IBV_WC_REM_INV_RD_REQ_ERR = 15;
    /** {@code IBV_WC_REM_ABORT_ERR}. */
    public static final int IBV_WC_REM_ABORT_ERR = 16;
    /** {@code IBV_WC_INV_EECN_ERR}. */
    public static final int IBV_WC_INV_EECN_ERR = 17;
    /** {@code IBV_WC_INV_EEC_STATE_ERR}. */
    public static final int IBV_WC_INV_EEC_STATE_ERR = 18;
    /** {@code IBV_WC_FATAL_ERR}. */
    public static final int IBV_WC_FATAL_ERR = 19;
    /** {@code IBV_WC_RESP_TIMEOUT_ERR}. */
    public static final int IBV_WC_RESP_TIMEOUT_ERR = 20;
    /** {@code IBV_WC_GENERAL_ERR}. */
    public static final int IBV_WC_GENERAL_ERR = 21;
    /** {@code IBV_WC_RECV}: receive opcodes have this bit. */
    public static final int IBV_WC_RECV = 128;
    /** {@code IBV_ACCESS_LOCAL_WRITE}. */
    public static final int IBV_ACCESS_LOCAL_WRITE = 1;
    /** {@code IBV_ACCESS_REMOTE_WRITE}. */
    public static final int IBV_ACCESS_REMOTE_WRITE = 2;
    /** {@code IBV_ACCESS_REMOTE_READ}. */
    public static final int IBV_ACCESS_REMOTE_READ = 4;
    /** {@code IBV_PORT_ACTIVE}. */
    public static final int IBV_PORT_ACTIVE = 4;
    /** {@code IBV_EVENT_CQ_ERR}: a CQ overran (affiliated with the CQ). */
    public static final int IBV_EVENT_CQ_ERR = 0;
    /** {@code IBV_EVENT_QP_FATAL}: the QP went to the error state (affiliated with the QP). */
    public static final int IBV_EVENT_QP_FATAL = 1;
    /** {@code IBV_EVENT_QP_REQ_ERR}: invalid request on the QP. */
    public static final int IBV_EVENT_QP_REQ_ERR = 2;
    /** {@code IBV_EVENT_QP_ACCESS_ERR}: access violation on the QP. */
    public static final int IBV_EVENT_QP_ACCESS_ERR = 3;
    /** {@code IBV_EVENT_COMM_EST}: data arrived on a QP before the connection was established. */
    public static final int IBV_EVENT_COMM_EST = 4;
    /** {@code IBV_EVENT_SQ_DRAINED}. */
    public static final int IBV_EVENT_SQ_DRAINED = 5;
    /** {@code IBV_EVENT_PATH_MIG}. */
    public static final int IBV_EVENT_PATH_MIG = 6;
    /** {@code IBV_EVENT_PATH_MIG_ERR}. */
    public static final int IBV_EVENT_PATH_MIG_ERR = 7;
    /** {@code IBV_EVENT_DEVICE_FATAL}: the device is unusable (unaffiliated). */
    public static final int IBV_EVENT_DEVICE_FATAL = 8;
    /** {@code IBV_EVENT_PORT_ACTIVE} (affiliated with a port number). */
    public static final int IBV_EVENT_PORT_ACTIVE = 9;
    /** {@code IBV_EVENT_PORT_ERR} (affiliated with a port number). */
    public static final int IBV_EVENT_PORT_ERR = 10;
    /** {@code IBV_EVENT_LID_CHANGE} (affiliated with a port number). */
    public static final int IBV_EVENT_LID_CHANGE = 11;
    /** {@code IBV_EVENT_PKEY_CHANGE} (affiliated with a port number). */
    public static final int IBV_EVENT_PKEY_CHANGE = 12;
    /** {@code IBV_EVENT_SM_CHANGE} (affiliated with a port number). */
    public static final int IBV_EVENT_SM_CHANGE = 13;
    /** {@code IBV_EVENT_SRQ_ERR}: the SRQ went to the error state (affiliated with the SRQ). */
    public static final int IBV_EVENT_SRQ_ERR = 14;
    /** {@code IBV_EVENT_SRQ_LIMIT_REACHED} (affiliated with the SRQ). */
    public static final int IBV_EVENT_SRQ_LIMIT_REACHED = 15;
    /** {@code IBV_EVENT_QP_LAST_WQE_REACHED} (affiliated with the QP). */
    public static final int IBV_EVENT_QP_LAST_WQE_REACHED = 16;
    /** {@code IBV_EVENT_CLIENT_REREGISTER} (affiliated with a port number). */
    public static final int IBV_EVENT_CLIENT_REREGISTER = 17;
    /** {@code IBV_EVENT_GID_CHANGE} (affiliated with a port number). */
    public static final int IBV_EVENT_GID_CHANGE = 18;
    /** {@code IBV_EVENT_WQ_FATAL}. */
    public static final int IBV_EVENT_WQ_FATAL = 19;
    /** Size of a {@code struct ibv_sge}. */
    public static final long SGE_SIZE = 16;
    /** Size of a {@code struct ibv_wc}. */
    public static final long WC_SIZE = 48;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO =
            CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final ThreadLocal<MemorySegment> CAPTURE =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(CAPTURE_LAYOUT));
    /**
     * Per-thread scratch memory for the out-parameters and the {@code struct pollfd} of the calls the completion and
     * CM threads make on every wake-up ({@link #pollIn}, {@link #getCqEvent}, {@link #getCmEvent}): no arena and no
     * malloc per call. Each call uses it only for its own duration and calls nothing that uses it.
     */
    private static final ThreadLocal<MemorySegment> SCRATCH =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(32, 8));
    /** The spreading form of each handle called through {@link #callInt} or {@link #callPtr} (identity keys). */
    private static final java.util.Map<MethodHandle, MethodHandle> SPREADERS =
            new java.util.concurrent.ConcurrentHashMap<>();
    /** {@code struct pollfd}: int fd; short events; short revents. */
    private static final StructLayout POLLFD = MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("fd"),
            ValueLayout.JAVA_SHORT.withName("events"), ValueLayout.JAVA_SHORT.withName("revents"));

    private LibRdmaCm() {
    }

    /**
     * Offsets and sizes of the structs that every connection reads or writes ({@code rdma_cm_event},
     * {@code rdma_conn_param}, {@code sockaddr_in/in6}, {@code ibv_qp_init_attr}): the connection path builds or reads
     * them in a Java array and moves them with one bulk copy, instead of one {@code VarHandle} access per field (under
     * an interpreter or C1, and in the size of what C1 compiles, the field accessors cost far more than the copy).
     */
    private static final class Off {
        static final int EVENT_SIZE = (int) rdma_cm_event.sizeof();
        static final int EVENT_ID = (int) rdma_cm_event.id$offset();
        static final int EVENT_LISTEN_ID = (int) rdma_cm_event.listen_id$offset();
        static final int EVENT_TYPE = (int) rdma_cm_event.event$offset();
        static final int EVENT_STATUS = (int) rdma_cm_event.status$offset();
        static final int EVENT_CONN = (int) (rdma_cm_event.param$offset() + rdma_cm_event.param.conn$offset());
        static final int CONN_SIZE = (int) rdma_conn_param.sizeof();
        static final int CONN_PDATA = (int) rdma_conn_param.private_data$offset();
        static final int CONN_PDATA_LEN = (int) rdma_conn_param.private_data_len$offset();
        static final int CONN_RESPONDER = (int) rdma_conn_param.responder_resources$offset();
        static final int CONN_INITIATOR = (int) rdma_conn_param.initiator_depth$offset();
        static final int CONN_FLOW = (int) rdma_conn_param.flow_control$offset();
        static final int CONN_RETRY = (int) rdma_conn_param.retry_count$offset();
        static final int CONN_RNR = (int) rdma_conn_param.rnr_retry_count$offset();
        static final int CONN_SRQ = (int) rdma_conn_param.srq$offset();
        static final int CONN_QPN = (int) rdma_conn_param.qp_num$offset();
        static final int SIN_SIZE = (int) sockaddr_in.sizeof();
        static final int SIN_FAMILY = (int) sockaddr_in.sin_family$offset();
        static final int SIN_PORT = (int) sockaddr_in.sin_port$offset();
        static final int SIN_ADDR = (int) sockaddr_in.sin_addr$offset();
        static final int SIN6_SIZE = (int) sockaddr_in6.sizeof();
        static final int SIN6_FAMILY = (int) sockaddr_in6.sin6_family$offset();
        static final int SIN6_PORT = (int) sockaddr_in6.sin6_port$offset();
        static final int SIN6_ADDR = (int) sockaddr_in6.sin6_addr$offset();
        static final int SIN6_SCOPE = (int) sockaddr_in6.sin6_scope_id$offset();
        static final int QPIA_SIZE = (int) ibv_qp_init_attr.sizeof();
        static final int QPIA_SEND_CQ = (int) ibv_qp_init_attr.send_cq$offset();
        static final int QPIA_RECV_CQ = (int) ibv_qp_init_attr.recv_cq$offset();
        static final int QPIA_SRQ = (int) ibv_qp_init_attr.srq$offset();
        static final int QPIA_CAP = (int) ibv_qp_init_attr.cap$offset();
        static final int QPIA_TYPE = (int) ibv_qp_init_attr.qp_type$offset();
        static final int QPIA_SIG_ALL = (int) ibv_qp_init_attr.sq_sig_all$offset();
        static final int CAP_SEND_WR = QPIA_CAP + (int) ibv_qp_cap.max_send_wr$offset();
        static final int CAP_RECV_WR = QPIA_CAP + (int) ibv_qp_cap.max_recv_wr$offset();
        static final int CAP_SEND_SGE = QPIA_CAP + (int) ibv_qp_cap.max_send_sge$offset();
        static final int CAP_RECV_SGE = QPIA_CAP + (int) ibv_qp_cap.max_recv_sge$offset();
        static final int CAP_INLINE = QPIA_CAP + (int) ibv_qp_cap.max_inline_data$offset();

        static {
            if (ValueLayout.ADDRESS.byteSize() != Long.BYTES) {
                throw new ExceptionInInitializerError("the rdmacm provider needs 64-bit pointers");
            }
        }

        private Off() {
        }
    }

    /** {@return a native-order view of a Java array that holds a struct} */
    private static ByteBuffer struct(final byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.nativeOrder());
    }

    /** The errno-capturing handles; loading this class loads the libraries. */
    private static final class H {
        static final MethodHandle CREATE_EVENT_CHANNEL = capturing(rdma_cma_h.rdma_create_event_channel$address(),
                rdma_cma_h.rdma_create_event_channel$descriptor());
        static final MethodHandle CREATE_ID = capturing(rdma_cma_h.rdma_create_id$address(),
                rdma_cma_h.rdma_create_id$descriptor());
        static final MethodHandle DESTROY_ID = capturing(rdma_cma_h.rdma_destroy_id$address(),
                rdma_cma_h.rdma_destroy_id$descriptor());
        static final MethodHandle BIND_ADDR = capturing(rdma_cma_h.rdma_bind_addr$address(),
                rdma_cma_h.rdma_bind_addr$descriptor());
        static final MethodHandle RESOLVE_ADDR = capturing(rdma_cma_h.rdma_resolve_addr$address(),
                rdma_cma_h.rdma_resolve_addr$descriptor());
        static final MethodHandle RESOLVE_ROUTE = capturing(rdma_cma_h.rdma_resolve_route$address(),
                rdma_cma_h.rdma_resolve_route$descriptor());
        static final MethodHandle CREATE_QP = capturing(rdma_cma_h.rdma_create_qp$address(),
                rdma_cma_h.rdma_create_qp$descriptor());
        static final MethodHandle CONNECT = capturing(rdma_cma_h.rdma_connect$address(),
                rdma_cma_h.rdma_connect$descriptor());
        static final MethodHandle LISTEN = capturing(rdma_cma_h.rdma_listen$address(),
                rdma_cma_h.rdma_listen$descriptor());
        static final MethodHandle ACCEPT = capturing(rdma_cma_h.rdma_accept$address(),
                rdma_cma_h.rdma_accept$descriptor());
        static final MethodHandle REJECT = capturing(rdma_cma_h.rdma_reject$address(),
                rdma_cma_h.rdma_reject$descriptor());
        static final MethodHandle DISCONNECT = capturing(rdma_cma_h.rdma_disconnect$address(),
                rdma_cma_h.rdma_disconnect$descriptor());
        static final MethodHandle GET_CM_EVENT = capturing(rdma_cma_h.rdma_get_cm_event$address(),
                rdma_cma_h.rdma_get_cm_event$descriptor());
        static final MethodHandle ACK_CM_EVENT = capturing(rdma_cma_h.rdma_ack_cm_event$address(),
                rdma_cma_h.rdma_ack_cm_event$descriptor());
        static final MethodHandle SET_OPTION = capturing(rdma_cma_h.rdma_set_option$address(),
                rdma_cma_h.rdma_set_option$descriptor());
        static final MethodHandle MIGRATE_ID = capturing(rdma_cma_h.rdma_migrate_id$address(),
                rdma_cma_h.rdma_migrate_id$descriptor());
        static final MethodHandle GETADDRINFO = capturing(rdma_cma_h.rdma_getaddrinfo$address(),
                rdma_cma_h.rdma_getaddrinfo$descriptor());
        static final MethodHandle CREATE_EP = capturing(rdma_cma_h.rdma_create_ep$address(),
                rdma_cma_h.rdma_create_ep$descriptor());
        static final MethodHandle GET_REQUEST = capturing(rdma_cma_h.rdma_get_request$address(),
                rdma_cma_h.rdma_get_request$descriptor());
        static final MethodHandle GET_DEVICE_LIST = capturing(rdma_cma_h.ibv_get_device_list$address(),
                rdma_cma_h.ibv_get_device_list$descriptor());
        static final MethodHandle OPEN_DEVICE = capturing(rdma_cma_h.ibv_open_device$address(),
                rdma_cma_h.ibv_open_device$descriptor());
        static final MethodHandle CLOSE_DEVICE = capturing(rdma_cma_h.ibv_close_device$address(),
                rdma_cma_h.ibv_close_device$descriptor());
        static final MethodHandle QUERY_DEVICE = capturing(rdma_cma_h.ibv_query_device$address(),
                rdma_cma_h.ibv_query_device$descriptor());
        static final MethodHandle QUERY_PORT = capturing(rdma_cma_h.ibv_query_port$address(),
                rdma_cma_h.ibv_query_port$descriptor());
        static final MethodHandle ALLOC_PD = capturing(rdma_cma_h.ibv_alloc_pd$address(),
                rdma_cma_h.ibv_alloc_pd$descriptor());
        static final MethodHandle DEALLOC_PD = capturing(rdma_cma_h.ibv_dealloc_pd$address(),
                rdma_cma_h.ibv_dealloc_pd$descriptor());
        static final MethodHandle REG_MR = capturing(rdma_cma_h.ibv_reg_mr$address(),
                rdma_cma_h.ibv_reg_mr$descriptor());
        static final MethodHandle DEREG_MR = capturing(rdma_cma_h.ibv_dereg_mr$address(),
                rdma_cma_h.ibv_dereg_mr$descriptor());
        static final MethodHandle CREATE_COMP_CHANNEL = capturing(rdma_cma_h.ibv_create_comp_channel$address(),
                rdma_cma_h.ibv_create_comp_channel$descriptor());
        static final MethodHandle DESTROY_COMP_CHANNEL = capturing(
                rdma_cma_h.ibv_destroy_comp_channel$address(), rdma_cma_h.ibv_destroy_comp_channel$descriptor());
        static final MethodHandle CREATE_CQ = capturing(rdma_cma_h.ibv_create_cq$address(),
                rdma_cma_h.ibv_create_cq$descriptor());
        static final MethodHandle DESTROY_CQ = capturing(rdma_cma_h.ibv_destroy_cq$address(),
                rdma_cma_h.ibv_destroy_cq$descriptor());
        static final MethodHandle RESIZE_CQ = capturing(rdma_cma_h.ibv_resize_cq$address(),
                rdma_cma_h.ibv_resize_cq$descriptor());
        static final MethodHandle CREATE_SRQ = capturing(rdma_cma_h.ibv_create_srq$address(),
                rdma_cma_h.ibv_create_srq$descriptor());
        static final MethodHandle DESTROY_SRQ = capturing(rdma_cma_h.ibv_destroy_srq$address(),
                rdma_cma_h.ibv_destroy_srq$descriptor());
        static final MethodHandle MODIFY_SRQ = capturing(rdma_cma_h.ibv_modify_srq$address(),
                rdma_cma_h.ibv_modify_srq$descriptor());
        static final MethodHandle GET_CQ_EVENT = capturing(rdma_cma_h.ibv_get_cq_event$address(),
                rdma_cma_h.ibv_get_cq_event$descriptor());
        static final MethodHandle GET_ASYNC_EVENT = capturing(rdma_cma_h.ibv_get_async_event$address(),
                rdma_cma_h.ibv_get_async_event$descriptor());
        static final MethodHandle POLL = capturing(LINKER.defaultLookup().findOrThrow("poll"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_INT));
        static final MethodHandle FCNTL_GET = capturing(LINKER.defaultLookup().findOrThrow("fcntl"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                Linker.Option.firstVariadicArg(2));
        static final MethodHandle FCNTL_SET = capturing(LINKER.defaultLookup().findOrThrow("fcntl"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT), Linker.Option.firstVariadicArg(2));

        private static MethodHandle capturing(final MemorySegment address, final FunctionDescriptor descriptor,
                final Linker.Option... more) {
            final Linker.Option[] options = new Linker.Option[more.length + 1];
            options[0] = Linker.Option.captureCallState("errno");
            System.arraycopy(more, 0, options, 1, more.length);
            return LINKER.downcallHandle(address, descriptor, options);
        }
    }

    /** Loads the libraries and links every function now, so that a missing symbol shows at the probe. */
    public static void link() {
        final MethodHandle any = H.CREATE_EVENT_CHANNEL;
        if (any == null) {
            throw new IllegalStateException("linking librdmacm failed");
        }
    }

    // ---------------------------------------------------------------- errors

    private static int errno(final MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    private static RuntimeException unexpected(final String function, final Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(function + ": unexpected " + t, t);
    }

    /** librdmacm style: 0, or -1 with errno; some verbs calls return the errno itself. */
    private static void checkRc(final String function, final int rc, final MemorySegment state, final String detail) {
        if (rc == 0) {
            return;
        }
        final int err = rc == -1 ? errno(state) : Math.abs(rc);
        throw new NativeCallException(function, err == 0 ? Errno.EIO : err, detail);
    }

    private static int callInt(final String function, final MethodHandle mh, final String detail,
            final Object... args) {
        final MemorySegment state = CAPTURE.get();
        final Object[] all = new Object[args.length + 1];
        all[0] = state;
        System.arraycopy(args, 0, all, 1, args.length);
        final int rc;
        try {
            final Object r = spreader(mh).invokeExact(all);
            rc = (Integer) r;
        } catch (final Throwable t) {
            throw unexpected(function, t);
        }
        checkRc(function, rc, state, detail);
        return rc;
    }

    /**
     * {@return {@code mh} taking its arguments from one {@code Object[]} and returning an {@code Object}}, made once
     * per handle: {@code invokeWithArguments} builds such a spreader (and looks up its lambda forms) on every call,
     * which under an interpreter or C1 costs more than the native call.
     */
    private static MethodHandle spreader(final MethodHandle mh) {
        MethodHandle s = SPREADERS.get(mh);
        if (s == null) {
            s = mh.asType(mh.type().generic()).asSpreader(Object[].class, mh.type().parameterCount());
            SPREADERS.putIfAbsent(mh, s);
        }
        return s;
    }

    private static MemorySegment callPtr(final String function, final MethodHandle mh, final String detail,
            final Object... args) {
        final MemorySegment state = CAPTURE.get();
        final Object[] all = new Object[args.length + 1];
        all[0] = state;
        System.arraycopy(args, 0, all, 1, args.length);
        final MemorySegment p;
        try {
            final Object r = spreader(mh).invokeExact(all);
            p = (MemorySegment) r;
        } catch (final Throwable t) {
            throw unexpected(function, t);
        }
        if (p.equals(MemorySegment.NULL)) {
            final int err = errno(state);
            throw new NativeCallException(function, err == 0 ? Errno.ENOMEM : err, detail);
        }
        return p;
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

    // ---------------------------------------------------------------- rdma_cm

    /**
     * {@return a new event channel, {@code rdma_create_event_channel}}
     *
     * @throws NativeCallException ENODEV when there is no RDMA device, EACCES/EPERM without permission
     */
    public static MemorySegment createEventChannel() {
        return callPtr("rdma_create_event_channel", H.CREATE_EVENT_CHANNEL, null)
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

    /**
     * {@return a new identifier on a channel, {@code rdma_create_id}}
     *
     * @param channel the event channel
     * @param portSpace {@link #RDMA_PS_TCP} for reliable connections
     */
    public static MemorySegment createId(final MemorySegment channel, final int portSpace) {
        final MemorySegment state = CAPTURE.get();
        final MemorySegment out = SCRATCH.get().asSlice(0, ValueLayout.ADDRESS.byteSize());
        final int rc;
        try {
            rc = (int) H.CREATE_ID.invokeExact(state, channel, out, MemorySegment.NULL, portSpace);
        } catch (final Throwable t) {
            throw unexpected("rdma_create_id", t);
        }
        checkRc("rdma_create_id", rc, state, null);
        return out.get(ValueLayout.ADDRESS, 0).reinterpret(rdma_cm_id.sizeof());
    }

    /** {@code RDMA_PS_TCP}: the port space of reliable connected identifiers. */
    public static final int RDMA_PS_TCP = 0x0106;

    /**
     * Destroys an identifier ({@code rdma_destroy_id}); its events must be acked and its QP destroyed first.
     *
     * @param id the identifier
     */
    public static void destroyId(final MemorySegment id) {
        callOnePointer("rdma_destroy_id", H.DESTROY_ID, id);
    }

    /** Calls {@code int f(void *)} (errno captured) on a constant handle: no boxing, no spreading. */
    private static void callOnePointer(final String function, final MethodHandle mh, final MemorySegment arg) {
        final MemorySegment state = CAPTURE.get();
        final int rc;
        try {
            rc = (int) mh.invokeExact(state, arg);
        } catch (final Throwable t) {
            throw unexpected(function, t);
        }
        checkRc(function, rc, state, null);
    }

    /**
     * Binds an identifier to a local address ({@code rdma_bind_addr}).
     *
     * @param id the identifier
     * @param address the address; port 0 picks one
     */
    public static void bindAddr(final MemorySegment id, final InetSocketAddress address) {
        try (Arena a = Arena.ofConfined()) {
            callInt("rdma_bind_addr", H.BIND_ADDR, String.valueOf(address), id, sockaddr(address, a));
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
        final MemorySegment state = CAPTURE.get();
        final int rc;
        try (Arena a = Arena.ofConfined()) {
            // (locals: a conditional expression as an argument of invokeExact would be typed Object)
            final MemorySegment src = source == null ? MemorySegment.NULL : sockaddr(source, a);
            final MemorySegment dst = sockaddr(destination, a);
            rc = (int) H.RESOLVE_ADDR.invokeExact(state, id, src, dst, timeoutMs);
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
        final MemorySegment state = CAPTURE.get();
        final int rc;
        try {
            rc = (int) H.RESOLVE_ROUTE.invokeExact(state, id, timeoutMs);
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
     * @param initAttr a {@code struct ibv_qp_init_attr}; its {@code cap} is updated with what the device gave
     */
    public static void createQp(final MemorySegment id, final MemorySegment pd, final MemorySegment initAttr) {
        final MemorySegment state = CAPTURE.get();
        final int rc;
        try {
            rc = (int) H.CREATE_QP.invokeExact(state, id, pd, initAttr);
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
        final MemorySegment state = CAPTURE.get();
        final int rc;
        try (Arena a = Arena.ofConfined()) {
            rc = (int) H.CONNECT.invokeExact(state, id, connParam(parameters, a));
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
        callInt("rdma_listen", H.LISTEN, null, id, backlog);
    }

    /**
     * Accepts a request on the identifier it came with ({@code rdma_accept}).
     *
     * @param id the request's identifier, never the listening one
     * @param parameters the connection parameters, or null to use those of the request
     */
    public static void accept(final MemorySegment id, final ConnectionParameters parameters) {
        requireDevice("rdma_accept", id, "accept only the identifier of a CONNECT_REQUEST");
        final MemorySegment state = CAPTURE.get();
        final int rc;
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment param = parameters == null ? MemorySegment.NULL : connParam(parameters, a);
            rc = (int) H.ACCEPT.invokeExact(state, id, param);
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
            callInt("rdma_reject", H.REJECT, null, id, data, (byte) len);
        }
    }

    /**
     * Disconnects ({@code rdma_disconnect}).
     *
     * @param id the identifier
     */
    public static void disconnect(final MemorySegment id) {
        callOnePointer("rdma_disconnect", H.DISCONNECT, id);
    }

    /**
     * Takes the next event of a non-blocking channel ({@code rdma_get_cm_event}).
     *
     * @param channel the channel, set non-blocking with {@link #setNonBlocking}
     * @return the event (ack it with {@link #ackCmEvent}), or null when none is pending (EAGAIN)
     */
    public static MemorySegment getCmEvent(final MemorySegment channel) {
        final MemorySegment state = CAPTURE.get();
        final MemorySegment out = SCRATCH.get().asSlice(0, ValueLayout.ADDRESS.byteSize());
        final int rc;
        try {
            rc = (int) H.GET_CM_EVENT.invokeExact(state, channel, out);
        } catch (final Throwable t) {
            throw unexpected("rdma_get_cm_event", t);
        }
        if (rc != 0) {
            final int err = rc == -1 ? errno(state) : Math.abs(rc);
            if (err == Errno.EAGAIN) {
                return null;
            }
            throw new NativeCallException("rdma_get_cm_event", err);
        }
        return out.get(ValueLayout.ADDRESS, 0).reinterpret(rdma_cm_event.sizeof());
    }

    /** The connection parameters of an event that carries none (all zero, no private data). */
    private static final ConnectionParameters NO_CONNECTION = new ConnectionParameters(new byte[0], 0, 0, 0, 0, 0,
            0, 0);

    /**
     * Copies an event into Java (type, status, ids, connection parameters with private data; the parameters only
     * for CONNECT_REQUEST, CONNECT_RESPONSE, ESTABLISHED and REJECTED, the events that carry them).
     *
     * @param event an event from {@link #getCmEvent}, not yet acked
     * @return the copy
     */
    public static CmEvent readCmEvent(final MemorySegment event) {
        final byte[] b = new byte[Off.EVENT_SIZE];
        MemorySegment.copy(event.reinterpret(Off.EVENT_SIZE), ValueLayout.JAVA_BYTE, 0, b, 0, b.length);
        final ByteBuffer ev = struct(b);
        final CmEventType type = CmEventType.of(ev.getInt(Off.EVENT_TYPE));
        final int status = ev.getInt(Off.EVENT_STATUS);
        final long id = ev.getLong(Off.EVENT_ID);
        final long listenId = ev.getLong(Off.EVENT_LISTEN_ID);
        if (type != CmEventType.CONNECT_REQUEST && type != CmEventType.CONNECT_RESPONSE
                && type != CmEventType.ESTABLISHED && type != CmEventType.REJECTED) {
            // the other events carry no connection parameters: nothing more to copy
            return new CmEvent(type, status, id, listenId, NO_CONNECTION);
        }
        final int c = Off.EVENT_CONN;
        final int len = Byte.toUnsignedInt(b[c + Off.CONN_PDATA_LEN]);
        final long pd = ev.getLong(c + Off.CONN_PDATA);
        final byte[] data = len == 0 || pd == 0 ? new byte[0]
                : MemorySegment.ofAddress(pd).reinterpret(len).toArray(ValueLayout.JAVA_BYTE);
        final ConnectionParameters cp = new ConnectionParameters(data,
                Byte.toUnsignedInt(b[c + Off.CONN_RESPONDER]), Byte.toUnsignedInt(b[c + Off.CONN_INITIATOR]),
                Byte.toUnsignedInt(b[c + Off.CONN_FLOW]), Byte.toUnsignedInt(b[c + Off.CONN_RETRY]) & 7,
                Byte.toUnsignedInt(b[c + Off.CONN_RNR]) & 7, Byte.toUnsignedInt(b[c + Off.CONN_SRQ]),
                ev.getInt(c + Off.CONN_QPN));
        return new CmEvent(type, status, id, listenId, cp);
    }

    /**
     * Acks an event ({@code rdma_ack_cm_event}); every event must be acked before its id is destroyed.
     *
     * @param event the event
     */
    public static void ackCmEvent(final MemorySegment event) {
        callOnePointer("rdma_ack_cm_event", H.ACK_CM_EVENT, event);
    }

    /**
     * {@return the text of an event type, {@code rdma_event_str}}
     *
     * @param type the C value
     */
    public static String eventStr(final int type) {
        return rdma_cma_h.rdma_event_str(type).reinterpret(256).getString(0, StandardCharsets.US_ASCII);
    }

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
        return inetSocketAddress(rdma_addr.src_storage(addr));
    }

    /**
     * {@return the peer address of an identifier ({@code rdma_get_peer_addr}, inline in the header)}
     *
     * @param id the identifier
     */
    public static InetSocketAddress idPeerAddress(final MemorySegment id) {
        final MemorySegment addr = rdma_route.addr(rdma_cm_id.route(id.reinterpret(rdma_cm_id.sizeof())));
        return inetSocketAddress(rdma_addr.dst_storage(addr));
    }

    /**
     * {@return the QP number of a QP}
     *
     * @param qp the {@code ibv_qp}
     */
    public static int qpNumber(final MemorySegment qp) {
        return ibv_qp.qp_num(qp.reinterpret(ibv_qp.sizeof()));
    }

    /** {@code RAI_PASSIVE}. */
    public static final int RAI_PASSIVE = 1;
    /** {@code RAI_NUMERICHOST}. */
    public static final int RAI_NUMERICHOST = 2;

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
            rdma_addrinfo.ai_qp_type(hints, IBV_QPT_RC);
            final MemorySegment out = a.allocate(ValueLayout.ADDRESS);
            callInt("rdma_getaddrinfo", H.GETADDRINFO, address.getHostAddress() + ":" + port,
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
            callInt("rdma_create_ep", H.CREATE_EP, null, out, info, pd, qpInitAttr);
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
            callInt("rdma_get_request", H.GET_REQUEST, null, listen, out);
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
        callInt("rdma_migrate_id", H.MIGRATE_ID, null, id, channel);
    }

    /**
     * {@return the identifier's event channel ({@code id->channel})}
     *
     * @param id the identifier
     */
    public static MemorySegment idChannel(final MemorySegment id) {
        return rdma_cm_id.channel(id.reinterpret(rdma_cm_id.sizeof()));
    }

    // ---------------------------------------------------------------- structs

    /**
     * {@return a {@code struct sockaddr_in} or {@code sockaddr_in6} for an address}
     *
     * @param address the address and port
     * @param allocator where to allocate it
     */
    public static MemorySegment sockaddr(final InetSocketAddress address, final SegmentAllocator allocator) {
        final InetAddress ip = address.getAddress();
        final int port = address.getPort();
        final byte[] addr = ip.getAddress();
        final boolean v4 = ip instanceof Inet4Address;
        final byte[] b = new byte[v4 ? Off.SIN_SIZE : Off.SIN6_SIZE];
        final ByteBuffer s = struct(b);
        s.putShort(v4 ? Off.SIN_FAMILY : Off.SIN6_FAMILY, (short) (v4 ? AF_INET : AF_INET6));
        // the port in network byte order
        final int portAt = v4 ? Off.SIN_PORT : Off.SIN6_PORT;
        b[portAt] = (byte) (port >>> 8);
        b[portAt + 1] = (byte) port;
        System.arraycopy(addr, 0, b, v4 ? Off.SIN_ADDR : Off.SIN6_ADDR, addr.length);
        if (ip instanceof Inet6Address v6) {
            s.putInt(Off.SIN6_SCOPE, v6.getScopeId());
        }
        final MemorySegment seg = v4 ? sockaddr_in.allocate(allocator) : sockaddr_in6.allocate(allocator);
        MemorySegment.copy(b, 0, seg, ValueLayout.JAVA_BYTE, 0, b.length);
        return seg;
    }

    /**
     * {@return the address a {@code struct sockaddr} holds, or null for a family other than IPv4/IPv6}
     *
     * @param sockaddr a sockaddr_in or sockaddr_in6
     */
    public static InetSocketAddress inetSocketAddress(final MemorySegment sockaddr) {
        final byte[] b = new byte[Off.SIN6_SIZE];
        MemorySegment.copy(sockaddr.reinterpret(Off.SIN6_SIZE), ValueLayout.JAVA_BYTE, 0, b, 0, b.length);
        final int family = Short.toUnsignedInt(struct(b).getShort(Off.SIN_FAMILY));
        final int addrAt;
        final int addrLen;
        final int portAt;
        if (family == AF_INET) {
            addrAt = Off.SIN_ADDR;
            addrLen = 4;
            portAt = Off.SIN_PORT;
        } else if (family == AF_INET6) {
            addrAt = Off.SIN6_ADDR;
            addrLen = 16;
            portAt = Off.SIN6_PORT;
        } else {
            return null;
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(java.util.Arrays.copyOfRange(b, addrAt,
                    addrAt + addrLen)), (Byte.toUnsignedInt(b[portAt]) << 8) | Byte.toUnsignedInt(b[portAt + 1]));
        } catch (final UnknownHostException e) {
            throw new IllegalStateException("malformed address from librdmacm", e);
        }
    }

    /**
     * {@return a {@code struct rdma_conn_param} holding the parameters, private data copied into the allocator}
     *
     * @param p the parameters
     * @param allocator where to allocate
     */
    public static MemorySegment connParam(final ConnectionParameters p, final SegmentAllocator allocator) {
        final MemorySegment s = rdma_conn_param.allocate(allocator);
        final byte[] b = new byte[Off.CONN_SIZE];
        final ByteBuffer c = struct(b);
        final byte[] data = p.privateData();
        if (data.length > 0) {
            c.putLong(Off.CONN_PDATA, allocator.allocateFrom(ValueLayout.JAVA_BYTE, data).address());
        }
        b[Off.CONN_PDATA_LEN] = (byte) data.length;
        b[Off.CONN_RESPONDER] = (byte) p.responderResources();
        b[Off.CONN_INITIATOR] = (byte) p.initiatorDepth();
        b[Off.CONN_FLOW] = (byte) p.flowControl();
        b[Off.CONN_RETRY] = (byte) p.retryCount();
        b[Off.CONN_RNR] = (byte) p.rnrRetryCount();
        b[Off.CONN_SRQ] = (byte) p.srq();
        c.putInt(Off.CONN_QPN, p.qpNumber());
        MemorySegment.copy(b, 0, s, ValueLayout.JAVA_BYTE, 0, b.length);
        return s;
    }

    // ---------------------------------------------------------------- verbs

    /**
     * {@return the names of the RDMA devices ({@code ibv_get_device_list} + {@code ibv_get_device_name})}
     *
     * @throws NativeCallException when the list cannot be read (ENOSYS without kernel support, EPERM/EACCES)
     */
    public static List<String> deviceNames() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment n = a.allocate(ValueLayout.JAVA_INT);
            final MemorySegment list = callPtr("ibv_get_device_list", H.GET_DEVICE_LIST, null, n);
            try {
                final int count = n.get(ValueLayout.JAVA_INT, 0);
                final MemorySegment arr = list.reinterpret(ValueLayout.ADDRESS.byteSize() * count);
                final List<String> names = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    final MemorySegment dev = arr.getAtIndex(ValueLayout.ADDRESS, i);
                    names.add(rdma_cma_h.ibv_get_device_name(dev).reinterpret(64)
                            .getString(0, StandardCharsets.US_ASCII));
                }
                return names;
            } finally {
                rdma_cma_h.ibv_free_device_list(list);
            }
        }
    }

    /**
     * {@return an open context of the named device ({@code ibv_open_device})}
     *
     * @param name the device name, for example {@code rxe0}
     * @throws NativeCallException ENODEV if there is no such device
     */
    public static MemorySegment openDevice(final String name) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment n = a.allocate(ValueLayout.JAVA_INT);
            final MemorySegment list = callPtr("ibv_get_device_list", H.GET_DEVICE_LIST, null, n);
            try {
                final int count = n.get(ValueLayout.JAVA_INT, 0);
                final MemorySegment arr = list.reinterpret(ValueLayout.ADDRESS.byteSize() * count);
                for (int i = 0; i < count; i++) {
                    final MemorySegment dev = arr.getAtIndex(ValueLayout.ADDRESS, i);
                    final String devName = rdma_cma_h.ibv_get_device_name(dev).reinterpret(64)
                            .getString(0, StandardCharsets.US_ASCII);
                    if (devName.equals(name)) {
                        return callPtr("ibv_open_device", H.OPEN_DEVICE, name, dev).reinterpret(ibv_context.sizeof());
                    }
                }
                throw new NativeCallException("ibv_open_device", Errno.ENODEV, "no RDMA device named '" + name + "'");
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
        callInt("ibv_close_device", H.CLOSE_DEVICE, null, context);
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
            callInt("ibv_query_device", H.QUERY_DEVICE, null, context, s);
            return new DeviceAttributes(ibv_device_attr.fw_ver(s).getString(0, StandardCharsets.US_ASCII),
                    ibv_device_attr.vendor_id(s), ibv_device_attr.max_mr_size(s), ibv_device_attr.max_qp(s),
                    ibv_device_attr.max_qp_wr(s), ibv_device_attr.max_sge(s), ibv_device_attr.max_cq(s),
                    ibv_device_attr.max_cqe(s), ibv_device_attr.max_mr(s), ibv_device_attr.max_pd(s),
                    ibv_device_attr.max_qp_rd_atom(s), ibv_device_attr.max_qp_init_rd_atom(s),
                    ibv_device_attr.max_srq(s), ibv_device_attr.max_srq_wr(s), Byte.toUnsignedInt(ibv_device_attr.phys_port_cnt(s)));
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
            callInt("ibv_query_port", H.QUERY_PORT, "port " + port, context, (byte) port, s);
            return new PortAttributes(ibv_port_attr.state(s), 128 << ibv_port_attr.active_mtu(s),
                    Integer.toUnsignedLong(ibv_port_attr.max_msg_sz(s)),
                    Byte.toUnsignedInt(ibv_port_attr.link_layer(s)));
        }
    }

    /**
     * {@return a new protection domain ({@code ibv_alloc_pd})}
     *
     * @param context an open context
     */
    public static MemorySegment allocPd(final MemorySegment context) {
        return callPtr("ibv_alloc_pd", H.ALLOC_PD, null, context);
    }

    /**
     * Frees a protection domain ({@code ibv_dealloc_pd}); EBUSY while anything uses it.
     *
     * @param pd the PD
     */
    public static void deallocPd(final MemorySegment pd) {
        callInt("ibv_dealloc_pd", H.DEALLOC_PD, null, pd);
    }

    /**
     * {@return a memory region over native memory ({@code ibv_reg_mr})}
     *
     * @param pd the PD
     * @param region native memory
     * @param access {@code IBV_ACCESS_*} bits
     */
    public static MemorySegment regMr(final MemorySegment pd, final MemorySegment region, final int access) {
        return callPtr("ibv_reg_mr", H.REG_MR, region.byteSize() + " bytes at 0x" + Long.toHexString(region.address()),
                pd, region, region.byteSize(), access).reinterpret(ibv_mr.sizeof());
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
        callInt("ibv_dereg_mr", H.DEREG_MR, null, mr);
    }

    /**
     * {@return a new completion channel ({@code ibv_create_comp_channel})}
     *
     * @param context an open context
     */
    public static MemorySegment createCompChannel(final MemorySegment context) {
        return callPtr("ibv_create_comp_channel", H.CREATE_COMP_CHANNEL, null, context)
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
        callInt("ibv_destroy_comp_channel", H.DESTROY_COMP_CHANNEL, null, channel);
    }

    /**
     * {@return a new CQ ({@code ibv_create_cq})}
     *
     * @param context an open context
     * @param entries the minimum number of entries
     * @param channel the completion channel, or NULL
     */
    public static MemorySegment createCq(final MemorySegment context, final int entries, final MemorySegment channel) {
        final MemorySegment state = CAPTURE.get();
        final MemorySegment cq;
        try {
            cq = (MemorySegment) H.CREATE_CQ.invokeExact(state, context, entries, MemorySegment.NULL, channel, 0);
        } catch (final Throwable t) {
            throw unexpected("ibv_create_cq", t);
        }
        if (cq.equals(MemorySegment.NULL)) {
            final int err = errno(state);
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
        callOnePointer("ibv_destroy_cq", H.DESTROY_CQ, cq);
    }

    /**
     * Grows or shrinks a CQ ({@code ibv_resize_cq}); EINVAL when it holds more completions than the new size.
     *
     * @param cq the CQ
     * @param entries the new minimum number of entries
     * @return the number of entries it has now ({@code cq->cqe})
     */
    public static int resizeCq(final MemorySegment cq, final int entries) {
        callInt("ibv_resize_cq", H.RESIZE_CQ, entries + " entries", cq, entries);
        return ibv_cq.cqe(cq.reinterpret(ibv_cq.sizeof()));
    }

    /** {@code enum ibv_srq_attr_mask}: the {@code max_wr} field of {@code ibv_modify_srq}. */
    public static final int IBV_SRQ_MAX_WR = 1;

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
            return callPtr("ibv_create_srq", H.CREATE_SRQ, maxWr + " buffers of " + maxSge + " entries", pd, init)
                    .reinterpret(ibv_srq.sizeof());
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
            callInt("ibv_modify_srq", H.MODIFY_SRQ, maxWr + " buffers", srq, attr, IBV_SRQ_MAX_WR);
        }
    }

    /**
     * Destroys a shared receive queue ({@code ibv_destroy_srq}); EBUSY while a QP uses it.
     *
     * @param srq the SRQ
     */
    public static void destroySrq(final MemorySegment srq) {
        callInt("ibv_destroy_srq", H.DESTROY_SRQ, null, srq);
    }

    /**
     * {@return the context of an SRQ ({@code srq->context}), whose ops post to it}
     *
     * @param srq the SRQ
     */
    public static MemorySegment srqContext(final MemorySegment srq) {
        return ibv_srq.context(srq);
    }

    /** {@return the size of a {@code struct ibv_async_event}, for the buffer {@link #getAsyncEvent} fills} */
    public static long asyncEventSize() {
        return ibv_async_event.sizeof();
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

    /**
     * {@return the file descriptor of a device's async events ({@code ibv_context.async_fd})}
     *
     * @param context the {@code ibv_context}
     */
    public static int asyncFd(final MemorySegment context) {
        return ibv_context.async_fd(context.reinterpret(ibv_context.sizeof()));
    }

    /**
     * Takes the next async event of a device whose {@link #asyncFd} is non-blocking ({@code ibv_get_async_event}).
     *
     * @param context the {@code ibv_context}
     * @param event a buffer of {@link #asyncEventSize()} bytes the event is written into; ack it with
     *        {@link #ackAsyncEvent} once handled
     * @return true if an event was taken, false if none is pending (EAGAIN)
     */
    public static boolean getAsyncEvent(final MemorySegment context, final MemorySegment event) {
        final MemorySegment state = CAPTURE.get();
        final int rc;
        try {
            rc = (int) H.GET_ASYNC_EVENT.invokeExact(state, context, event);
        } catch (final Throwable t) {
            throw unexpected("ibv_get_async_event", t);
        }
        if (rc != 0) {
            final int err = rc == -1 ? errno(state) : Math.abs(rc);
            if (err == Errno.EAGAIN || err == Errno.EINTR) {
                return false;
            }
            throw new NativeCallException("ibv_get_async_event", err);
        }
        return true;
    }

    /**
     * Acks an async event ({@code ibv_ack_async_event}); destroying its CQ, QP or SRQ waits for this.
     *
     * @param event what {@link #getAsyncEvent} filled
     */
    public static void ackAsyncEvent(final MemorySegment event) {
        rdma_cma_h.ibv_ack_async_event(event);
    }

    /**
     * {@return the {@code enum ibv_event_type} of an async event}
     *
     * @param event what {@link #getAsyncEvent} filled
     */
    public static int asyncEventType(final MemorySegment event) {
        return ibv_async_event.event_type(event);
    }

    /**
     * {@return the object pointer of an affiliated async event ({@code element.cq}, {@code .qp} or {@code .srq}:
     * one union member)}
     *
     * @param event what {@link #getAsyncEvent} filled
     */
    public static MemorySegment asyncEventElement(final MemorySegment event) {
        return ibv_async_event.element.cq(ibv_async_event.element(event));
    }

    /**
     * {@return the port number of a port async event ({@code element.port_num})}
     *
     * @param event what {@link #getAsyncEvent} filled
     */
    public static int asyncEventPort(final MemorySegment event) {
        return ibv_async_event.element.port_num(ibv_async_event.element(event));
    }

    /**
     * {@return the name of an async event type ({@code ibv_event_type_str})}
     *
     * @param type the {@code enum ibv_event_type}
     */
    public static String eventTypeStr(final int type) {
        return rdma_cma_h.ibv_event_type_str(type).reinterpret(128).getString(0, StandardCharsets.US_ASCII);
    }

    /**
     * Takes a completion event from a non-blocking channel ({@code ibv_get_cq_event}).
     *
     * @param channel the channel
     * @return the CQ that has an event (ack it with {@link #ackCqEvents}), or null if none is pending
     */
    public static MemorySegment getCqEvent(final MemorySegment channel) {
        final MemorySegment state = CAPTURE.get();
        final MemorySegment scratch = SCRATCH.get();
        final MemorySegment cq = scratch.asSlice(0, ValueLayout.ADDRESS.byteSize());
        final MemorySegment ctx = scratch.asSlice(8, ValueLayout.ADDRESS.byteSize());
        final int rc;
        try {
            rc = (int) H.GET_CQ_EVENT.invokeExact(state, channel, cq, ctx);
        } catch (final Throwable t) {
            throw unexpected("ibv_get_cq_event", t);
        }
        if (rc != 0) {
            final int err = rc == -1 ? errno(state) : Math.abs(rc);
            if (err == Errno.EAGAIN) {
                return null;
            }
            throw new NativeCallException("ibv_get_cq_event", err);
        }
        return cq.get(ValueLayout.ADDRESS, 0);
    }

    /**
     * Acks completion events ({@code ibv_ack_cq_events}).
     *
     * @param cq the CQ
     * @param count how many
     */
    public static void ackCqEvents(final MemorySegment cq, final int count) {
        rdma_cma_h.ibv_ack_cq_events(cq, count);
    }

    /**
     * {@return the text of a work completion status ({@code ibv_wc_status_str})}
     *
     * @param status the status
     */
    public static String wcStatusStr(final int status) {
        return rdma_cma_h.ibv_wc_status_str(status).reinterpret(128).getString(0, StandardCharsets.US_ASCII);
    }

    // ---------------------------------------------------------------- libc

    /**
     * Sets a file descriptor non-blocking ({@code fcntl(F_SETFL, O_NONBLOCK)}).
     *
     * @param fd the descriptor
     */
    public static void setNonBlocking(final int fd) {
        final int flags = callNonNegative("fcntl", H.FCNTL_GET, fd, F_GETFL);
        callNonNegative("fcntl", H.FCNTL_SET, fd, F_SETFL, flags | O_NONBLOCK);
    }

    /**
     * Waits until a descriptor is readable ({@code poll(2)} on one fd).
     *
     * @param fd the descriptor
     * @param timeoutMs how long; 0 checks once
     * @return true if readable, false on timeout or EINTR
     */
    public static boolean pollIn(final int fd, final int timeoutMs) {
        final MemorySegment state = CAPTURE.get();
        final MemorySegment pfd = SCRATCH.get().asSlice(0, POLLFD.byteSize());
        pfd.set(ValueLayout.JAVA_INT, 0, fd);
        pfd.set(ValueLayout.JAVA_SHORT, 4, POLLIN);
        final int rc;
        try {
            rc = (int) H.POLL.invokeExact(state, pfd, 1L, timeoutMs);
        } catch (final Throwable t) {
            throw unexpected("poll", t);
        }
        if (rc < 0) {
            final int err = errno(state);
            if (err == Errno.EINTR) {
                return false;
            }
            throw new NativeCallException("poll", err);
        }
        return rc > 0;
    }

    private static int callNonNegative(final String function, final MethodHandle mh, final Object... args) {
        final MemorySegment state = CAPTURE.get();
        final Object[] all = new Object[args.length + 1];
        all[0] = state;
        System.arraycopy(args, 0, all, 1, args.length);
        final int rc;
        try {
            final Object r = spreader(mh).invokeExact(all);
            rc = (Integer) r;
        } catch (final Throwable t) {
            throw unexpected(function, t);
        }
        if (rc < 0) {
            throw new NativeCallException(function, errno(state));
        }
        return rc;
    }

    // ---------------------------------------------------------------- work requests

    /**
     * {@return a zeroed {@code struct ibv_qp_init_attr} for an RC QP, signalling only requests that ask for it}
     *
     * @param allocator where to allocate
     * @param sendCq the send CQ
     * @param recvCq the receive CQ
     * @param maxSendWr send queue depth
     * @param maxRecvWr receive queue depth
     * @param maxSendSge gather entries per send
     * @param maxRecvSge scatter entries per receive
     * @param maxInlineData inline bytes per send
     */
    public static MemorySegment qpInitAttr(final SegmentAllocator allocator, final MemorySegment sendCq,
            final MemorySegment recvCq, final int maxSendWr, final int maxRecvWr, final int maxSendSge,
            final int maxRecvSge, final int maxInlineData) {
        return qpInitAttr(allocator, sendCq, recvCq, MemorySegment.NULL, maxSendWr, maxRecvWr, maxSendSge,
                maxRecvSge, maxInlineData);
    }

    /**
     * {@return a zeroed {@code struct ibv_qp_init_attr} for an RC QP attached to a shared receive queue}
     *
     * @param allocator where to allocate
     * @param sendCq the send CQ
     * @param recvCq the receive CQ
     * @param srq the SRQ whose buffers the QP consumes, or NULL (then max_recv_* size the QP's own queue)
     * @param maxSendWr send queue depth
     * @param maxRecvWr receive queue depth (ignored with an SRQ)
     * @param maxSendSge gather entries per send
     * @param maxRecvSge scatter entries per receive (ignored with an SRQ)
     * @param maxInlineData inline bytes per send
     */
    public static MemorySegment qpInitAttr(final SegmentAllocator allocator, final MemorySegment sendCq,
            final MemorySegment recvCq, final MemorySegment srq, final int maxSendWr, final int maxRecvWr,
            final int maxSendSge, final int maxRecvSge, final int maxInlineData) {
        final MemorySegment a = ibv_qp_init_attr.allocate(allocator);
        final byte[] b = new byte[Off.QPIA_SIZE];
        final ByteBuffer q = struct(b);
        q.putLong(Off.QPIA_SEND_CQ, sendCq.address());
        q.putLong(Off.QPIA_RECV_CQ, recvCq.address());
        q.putLong(Off.QPIA_SRQ, srq.address());
        q.putInt(Off.CAP_SEND_WR, maxSendWr);
        q.putInt(Off.CAP_RECV_WR, maxRecvWr);
        q.putInt(Off.CAP_SEND_SGE, maxSendSge);
        q.putInt(Off.CAP_RECV_SGE, maxRecvSge);
        q.putInt(Off.CAP_INLINE, maxInlineData);
        q.putInt(Off.QPIA_TYPE, IBV_QPT_RC);
        q.putInt(Off.QPIA_SIG_ALL, 0);
        MemorySegment.copy(b, 0, a, ValueLayout.JAVA_BYTE, 0, b.length);
        return a;
    }

    /**
     * {@return the capacities a QP was created with, as {@code rdma_create_qp} wrote them back}: max_send_wr,
     * max_recv_wr, max_send_sge, max_recv_sge, max_inline_data
     *
     * @param initAttr the init attributes passed to {@link #createQp}
     */
    public static int[] qpCapabilities(final MemorySegment initAttr) {
        final MemorySegment cap = ibv_qp_init_attr.cap(initAttr);
        return new int[] {ibv_qp_cap.max_send_wr(cap), ibv_qp_cap.max_recv_wr(cap), ibv_qp_cap.max_send_sge(cap),
            ibv_qp_cap.max_recv_sge(cap), ibv_qp_cap.max_inline_data(cap)};
    }

    /**
     * {@return {@code count} zeroed {@code struct ibv_sge}}
     *
     * @param allocator where
     * @param count how many
     */
    public static MemorySegment allocateSges(final SegmentAllocator allocator, final int count) {
        final MemorySegment s = ibv_sge.allocateArray(count, allocator);
        s.fill((byte) 0);
        return s;
    }

    /**
     * Fills one scatter/gather entry.
     *
     * @param sges the array
     * @param index the entry
     * @param address the start address
     * @param length the length in bytes
     * @param lkey the MR's lkey
     */
    public static void sge(final MemorySegment sges, final int index, final long address, final int length,
            final int lkey) {
        final MemorySegment s = ibv_sge.asSlice(sges, index);
        ibv_sge.addr(s, address);
        ibv_sge.length(s, length);
        ibv_sge.lkey(s, lkey);
    }

    /**
     * {@return a zeroed {@code struct ibv_send_wr}}
     *
     * @param allocator where
     */
    public static MemorySegment allocateSendWr(final SegmentAllocator allocator) {
        final MemorySegment s = ibv_send_wr.allocate(allocator);
        s.fill((byte) 0);
        return s;
    }

    /**
     * Fills a send work request (one, unchained).
     *
     * @param wr the request
     * @param wrId the cookie
     * @param sges the gather list
     * @param sgeCount entries used
     * @param opcode {@link #IBV_WR_SEND}, {@link #IBV_WR_RDMA_WRITE} or {@link #IBV_WR_RDMA_READ}
     * @param flags {@code IBV_SEND_*}
     * @param remoteAddress for RDMA, the peer's address
     * @param rkey for RDMA, the peer's rkey
     */
    public static void sendWr(final MemorySegment wr, final long wrId, final MemorySegment sges, final int sgeCount,
            final int opcode, final int flags, final long remoteAddress, final int rkey) {
        ibv_send_wr.wr_id(wr, wrId);
        ibv_send_wr.next(wr, MemorySegment.NULL);
        ibv_send_wr.sg_list(wr, sgeCount == 0 ? MemorySegment.NULL : sges);
        ibv_send_wr.num_sge(wr, sgeCount);
        ibv_send_wr.opcode(wr, opcode);
        ibv_send_wr.send_flags(wr, flags);
        final MemorySegment rdma = ibv_send_wr.wr.rdma(ibv_send_wr.wr(wr));
        ibv_send_wr.wr.rdma.remote_addr(rdma, remoteAddress);
        ibv_send_wr.wr.rdma.rkey(rdma, rkey);
    }

    /**
     * {@return a zeroed {@code struct ibv_recv_wr}}
     *
     * @param allocator where
     */
    public static MemorySegment allocateRecvWr(final SegmentAllocator allocator) {
        final MemorySegment s = ibv_recv_wr.allocate(allocator);
        s.fill((byte) 0);
        return s;
    }

    /**
     * Fills a receive work request (one, unchained).
     *
     * @param wr the request
     * @param wrId the cookie
     * @param sges the scatter list
     * @param sgeCount entries used
     */
    public static void recvWr(final MemorySegment wr, final long wrId, final MemorySegment sges, final int sgeCount) {
        ibv_recv_wr.wr_id(wr, wrId);
        ibv_recv_wr.next(wr, MemorySegment.NULL);
        ibv_recv_wr.sg_list(wr, sgeCount == 0 ? MemorySegment.NULL : sges);
        ibv_recv_wr.num_sge(wr, sgeCount);
    }

    /**
     * {@return an array of {@code count} {@code struct ibv_wc}}
     *
     * @param allocator where
     * @param count how many
     */
    public static MemorySegment allocateWcs(final SegmentAllocator allocator, final int count) {
        return ibv_wc.allocateArray(count, allocator);
    }

    /**
     * {@return the {@code wr_id} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static long wcWrId(final MemorySegment wcs, final int index) {
        return ibv_wc.wr_id(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code status} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcStatus(final MemorySegment wcs, final int index) {
        return ibv_wc.status(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code opcode} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcOpcode(final MemorySegment wcs, final int index) {
        return ibv_wc.opcode(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code byte_len} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcByteLength(final MemorySegment wcs, final int index) {
        return ibv_wc.byte_len(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code qp_num} of completion {@code index}: the QP that consumed the work request}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcQpNum(final MemorySegment wcs, final int index) {
        return ibv_wc.qp_num(ibv_wc.asSlice(wcs, index));
    }

    /**
     * {@return the {@code vendor_err} of completion {@code index}}
     *
     * @param wcs the array
     * @param index the entry
     */
    public static int wcVendorError(final MemorySegment wcs, final int index) {
        return ibv_wc.vendor_err(ibv_wc.asSlice(wcs, index));
    }

    // ---------------------------------------------------------------- data path

    /**
     * The data-path entries of one device context's {@code ibv_context.ops}: what {@code ibv_post_send} and the other
     * inline functions of {@code verbs.h} call.
     *
     * @param postSend {@code ops.post_send}
     * @param postRecv {@code ops.post_recv}
     * @param pollCq {@code ops.poll_cq}
     * @param reqNotifyCq {@code ops.req_notify_cq}
     * @param postSrqRecv {@code ops.post_srq_recv}
     */
    public record VerbsOps(MemorySegment postSend, MemorySegment postRecv, MemorySegment pollCq,
            MemorySegment reqNotifyCq, MemorySegment postSrqRecv) {
    }

    /**
     * {@return the data-path function pointers of a device context}
     *
     * @param context an open {@code ibv_context} (for a QP: {@code qp->context}, for an identifier: {@code id->verbs})
     */
    public static VerbsOps opsOf(final MemorySegment context) {
        final MemorySegment ops = ibv_context.ops(context.reinterpret(ibv_context.sizeof()));
        return new VerbsOps(ibv_context_ops.post_send(ops), ibv_context_ops.post_recv(ops),
                ibv_context_ops.poll_cq(ops), ibv_context_ops.req_notify_cq(ops),
                ibv_context_ops.post_srq_recv(ops));
    }

    /**
     * {@code ibv_post_send}: posts a chain of {@code struct ibv_send_wr}.
     *
     * @param ops the context's ops
     * @param qp the QP
     * @param wr the first work request
     * @param badWr a pointer-sized slot that receives the failing request
     * @return 0, or an errno (ENOMEM when the send queue is full, EINVAL for a bad request)
     */
    public static int postSend(final VerbsOps ops, final MemorySegment qp, final MemorySegment wr,
            final MemorySegment badWr) {
        return ibv_context_ops.post_send.invoke(ops.postSend(), qp, wr, badWr);
    }

    /**
     * {@code ibv_post_recv}: posts a chain of {@code struct ibv_recv_wr}.
     *
     * @param ops the context's ops
     * @param qp the QP
     * @param wr the first work request
     * @param badWr a pointer-sized slot that receives the failing request
     * @return 0, or an errno
     */
    public static int postRecv(final VerbsOps ops, final MemorySegment qp, final MemorySegment wr,
            final MemorySegment badWr) {
        return ibv_context_ops.post_recv.invoke(ops.postRecv(), qp, wr, badWr);
    }

    /**
     * {@code ibv_post_srq_recv}: posts a chain of {@code struct ibv_recv_wr} to a shared receive queue.
     *
     * @param ops the context's ops
     * @param srq the SRQ
     * @param wr the first work request
     * @param badWr a pointer-sized slot that receives the failing request
     * @return 0, or an errno (ENOMEM when the SRQ is full)
     */
    public static int postSrqRecv(final VerbsOps ops, final MemorySegment srq, final MemorySegment wr,
            final MemorySegment badWr) {
        return ibv_context_ops.post_srq_recv.invoke(ops.postSrqRecv(), srq, wr, badWr);
    }

    /**
     * {@code ibv_poll_cq}: takes up to {@code entries} completions into an array of {@code struct ibv_wc}.
     *
     * @param ops the context's ops
     * @param cq the CQ
     * @param entries the array's length
     * @param wc the array
     * @return the number taken, or a negative value on error
     */
    public static int pollCq(final VerbsOps ops, final MemorySegment cq, final int entries, final MemorySegment wc) {
        return ibv_context_ops.poll_cq.invoke(ops.pollCq(), cq, entries, wc);
    }

    /**
     * {@code ibv_req_notify_cq}: asks for a completion event on the CQ's channel.
     *
     * @param ops the context's ops
     * @param cq the CQ
     * @param solicitedOnly only for solicited completions
     * @return 0, or an errno
     */
    public static int reqNotifyCq(final VerbsOps ops, final MemorySegment cq, final boolean solicitedOnly) {
        return ibv_context_ops.req_notify_cq.invoke(ops.reqNotifyCq(), cq, solicitedOnly ? 1 : 0);
    }
}

package io.dat4j.provider.rdmacm.ffi;

import io.dat4j.provider.rdmacm.ffi.generated.rdma_cma_h;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Symbol lookup and the linker: the errno-capturing downcall handle of every exported librdmacm, libibverbs and libc
 * function the provider calls, each in a {@code static final} field, linked when this class initializes (which loads
 * the libraries through the generated {@code rdma_cma_h}). Each handle takes the capture segment of
 * {@code ErrnoCalls} first. The verbs data path is not here: it is {@code static inline} in {@code verbs.h} and goes
 * through {@code ibv_context.ops} ({@link DataPath}).
 *
 * <p>Functions that cannot fail ({@code rdma_destroy_event_channel}, {@code rdma_get_src_port},
 * {@code ibv_ack_cq_events}, ...) are called through the generated static wrappers of {@code rdma_cma_h} instead.
 *
 * <p>Use only after {@code RdmaCm.isAvailable()}. Thread safety: immutable after initialization.
 */
public final class NativeSymbols {

    private static final Linker LINKER = Linker.nativeLinker();

    // the libc functions' descriptors, before the handles that use them; LayoutTest compiles each against its C
    // prototype with gcc
    /** {@code int eventfd(unsigned int initval, int flags)} ({@code sys/eventfd.h}). */
    static final FunctionDescriptor EVENTFD_DESC = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT);
    /** {@code int eventfd_read(int fd, eventfd_t *value)}. */
    static final FunctionDescriptor EVENTFD_READ_DESC = FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
    /** {@code int eventfd_write(int fd, eventfd_t value)}. */
    static final FunctionDescriptor EVENTFD_WRITE_DESC = FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG);
    /** {@code int close(int fd)}. */
    static final FunctionDescriptor CLOSE_DESC = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    /** {@code int poll(struct pollfd *fds, nfds_t nfds, int timeout)}. */
    static final FunctionDescriptor POLL_DESC = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT);

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
    static final MethodHandle DESTROY_COMP_CHANNEL = capturing(rdma_cma_h.ibv_destroy_comp_channel$address(),
            rdma_cma_h.ibv_destroy_comp_channel$descriptor());
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
    static final MethodHandle POLL = capturing(LINKER.defaultLookup().findOrThrow("poll"), POLL_DESC);
    static final MethodHandle FCNTL_GET = capturing(LINKER.defaultLookup().findOrThrow("fcntl"),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
            Linker.Option.firstVariadicArg(2));
    static final MethodHandle FCNTL_SET = capturing(LINKER.defaultLookup().findOrThrow("fcntl"),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT), Linker.Option.firstVariadicArg(2));

    static final MethodHandle EVENTFD = capturing(LINKER.defaultLookup().findOrThrow("eventfd"), EVENTFD_DESC);
    static final MethodHandle EVENTFD_READ = capturing(LINKER.defaultLookup().findOrThrow("eventfd_read"),
            EVENTFD_READ_DESC);
    static final MethodHandle EVENTFD_WRITE = capturing(LINKER.defaultLookup().findOrThrow("eventfd_write"),
            EVENTFD_WRITE_DESC);
    static final MethodHandle CLOSE = capturing(LINKER.defaultLookup().findOrThrow("close"), CLOSE_DESC);

    private NativeSymbols() {
    }

    private static MethodHandle capturing(final MemorySegment address, final FunctionDescriptor descriptor,
            final Linker.Option... more) {
        final Linker.Option[] options = new Linker.Option[more.length + 1];
        options[0] = Linker.Option.captureCallState("errno");
        System.arraycopy(more, 0, options, 1, more.length);
        return LINKER.downcallHandle(address, descriptor, options);
    }

    /** Loads the libraries and links every function now, so that a missing symbol shows at the probe. */
    public static void link() {
        final MethodHandle any = CREATE_EVENT_CHANNEL;
        if (any == null) {
            throw new IllegalStateException("linking librdmacm failed");
        }
    }
}

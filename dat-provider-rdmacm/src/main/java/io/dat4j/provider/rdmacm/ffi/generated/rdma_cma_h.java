// Generated in the shape of jextract 22 output (see dat-provider-rdmacm/jextract); do not edit.
// Platform: x86_64 Linux, rdma-core 44 headers (rdma/rdma_cma.h, infiniband/verbs.h).

package io.dat4j.provider.rdmacm.ffi.generated;

import java.lang.invoke.*;
import java.lang.foreign.*;
import java.nio.ByteOrder;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

import static java.lang.foreign.ValueLayout.*;
import static java.lang.foreign.MemoryLayout.PathElement.*;

/**
 * The header class of {@code rdma/rdma_cma.h} (with the parts of {@code infiniband/verbs.h} it needs): function
 * handles and wrappers, constants, and the C layouts.
 */
public class rdma_cma_h {

    rdma_cma_h() {
        // Should not be called directly
    }

    static final Arena LIBRARY_ARENA = Arena.ofAuto();
    static final boolean TRACE_DOWNCALLS = Boolean.getBoolean("jextract.trace.downcalls");

    static void traceDowncall(String name, Object... args) {
         String traceArgs = Arrays.stream(args)
                       .map(Object::toString)
                       .collect(Collectors.joining(", "));
         System.out.printf("%s(%s)\n", name, traceArgs);
    }

    static MemorySegment findOrThrow(String symbol) {
        return SYMBOL_LOOKUP.find(symbol)
            .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + symbol));
    }

    static MethodHandle upcallHandle(Class<?> fi, String name, FunctionDescriptor fdesc) {
        try {
            return MethodHandles.lookup().findVirtual(fi, name, fdesc.toMethodType());
        } catch (ReflectiveOperationException ex) {
            throw new AssertionError(ex);
        }
    }

    static MemoryLayout align(MemoryLayout layout, long align) {
        return switch (layout) {
            case PaddingLayout p -> p;
            case ValueLayout v -> v.withByteAlignment(align);
            case GroupLayout g -> {
                MemoryLayout[] alignedMembers = g.memberLayouts().stream()
                        .map(m -> align(m, align)).toArray(MemoryLayout[]::new);
                yield g instanceof StructLayout ?
                        MemoryLayout.structLayout(alignedMembers) : MemoryLayout.unionLayout(alignedMembers);
            }
            case SequenceLayout s -> MemoryLayout.sequenceLayout(s.elementCount(), align(s.elementLayout(), align));
        };
    }

    static final SymbolLookup SYMBOL_LOOKUP = SymbolLookup.libraryLookup("librdmacm.so.1", LIBRARY_ARENA)
            .or(SymbolLookup.libraryLookup("libibverbs.so.1", LIBRARY_ARENA))
            .or(SymbolLookup.loaderLookup())
            .or(Linker.nativeLinker().defaultLookup());

    public static final ValueLayout.OfBoolean C_BOOL = ValueLayout.JAVA_BOOLEAN;
    public static final ValueLayout.OfByte C_CHAR = ValueLayout.JAVA_BYTE;
    public static final ValueLayout.OfShort C_SHORT = ValueLayout.JAVA_SHORT;
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG_LONG = ValueLayout.JAVA_LONG;
    public static final ValueLayout.OfFloat C_FLOAT = ValueLayout.JAVA_FLOAT;
    public static final ValueLayout.OfDouble C_DOUBLE = ValueLayout.JAVA_DOUBLE;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(java.lang.Long.MAX_VALUE, JAVA_BYTE));
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;

    private static class rdma_create_event_channel {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_create_event_channel");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_create_event_channel(...)
     * }
     */
    public static FunctionDescriptor rdma_create_event_channel$descriptor() {
        return rdma_create_event_channel.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_create_event_channel(...)
     * }
     */
    public static MethodHandle rdma_create_event_channel$handle() {
        return rdma_create_event_channel.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_create_event_channel(...)
     * }
     */
    public static MemorySegment rdma_create_event_channel$address() {
        return rdma_create_event_channel.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_create_event_channel(...)
     * }
     */
    public static MemorySegment rdma_create_event_channel() {
        var mh$ = rdma_create_event_channel.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_create_event_channel");
            }
            return (MemorySegment) mh$.invokeExact();
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_destroy_event_channel {
        public static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_destroy_event_channel");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_destroy_event_channel(...)
     * }
     */
    public static FunctionDescriptor rdma_destroy_event_channel$descriptor() {
        return rdma_destroy_event_channel.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_destroy_event_channel(...)
     * }
     */
    public static MethodHandle rdma_destroy_event_channel$handle() {
        return rdma_destroy_event_channel.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_destroy_event_channel(...)
     * }
     */
    public static MemorySegment rdma_destroy_event_channel$address() {
        return rdma_destroy_event_channel.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_destroy_event_channel(...)
     * }
     */
    public static void rdma_destroy_event_channel(MemorySegment channel) {
        var mh$ = rdma_destroy_event_channel.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_destroy_event_channel", channel);
            }
            mh$.invokeExact(channel);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_create_id {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_create_id");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_create_id(...)
     * }
     */
    public static FunctionDescriptor rdma_create_id$descriptor() {
        return rdma_create_id.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_create_id(...)
     * }
     */
    public static MethodHandle rdma_create_id$handle() {
        return rdma_create_id.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_create_id(...)
     * }
     */
    public static MemorySegment rdma_create_id$address() {
        return rdma_create_id.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_create_id(...)
     * }
     */
    public static int rdma_create_id(MemorySegment channel, MemorySegment id, MemorySegment context, int ps) {
        var mh$ = rdma_create_id.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_create_id", channel, id, context, ps);
            }
            return (int) mh$.invokeExact(channel, id, context, ps);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_create_ep {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_create_ep");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_create_ep(...)
     * }
     */
    public static FunctionDescriptor rdma_create_ep$descriptor() {
        return rdma_create_ep.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_create_ep(...)
     * }
     */
    public static MethodHandle rdma_create_ep$handle() {
        return rdma_create_ep.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_create_ep(...)
     * }
     */
    public static MemorySegment rdma_create_ep$address() {
        return rdma_create_ep.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_create_ep(...)
     * }
     */
    public static int rdma_create_ep(MemorySegment id, MemorySegment res, MemorySegment pd, MemorySegment qp_init_attr) {
        var mh$ = rdma_create_ep.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_create_ep", id, res, pd, qp_init_attr);
            }
            return (int) mh$.invokeExact(id, res, pd, qp_init_attr);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_destroy_ep {
        public static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_destroy_ep");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_destroy_ep(...)
     * }
     */
    public static FunctionDescriptor rdma_destroy_ep$descriptor() {
        return rdma_destroy_ep.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_destroy_ep(...)
     * }
     */
    public static MethodHandle rdma_destroy_ep$handle() {
        return rdma_destroy_ep.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_destroy_ep(...)
     * }
     */
    public static MemorySegment rdma_destroy_ep$address() {
        return rdma_destroy_ep.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_destroy_ep(...)
     * }
     */
    public static void rdma_destroy_ep(MemorySegment id) {
        var mh$ = rdma_destroy_ep.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_destroy_ep", id);
            }
            mh$.invokeExact(id);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_destroy_id {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_destroy_id");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_destroy_id(...)
     * }
     */
    public static FunctionDescriptor rdma_destroy_id$descriptor() {
        return rdma_destroy_id.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_destroy_id(...)
     * }
     */
    public static MethodHandle rdma_destroy_id$handle() {
        return rdma_destroy_id.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_destroy_id(...)
     * }
     */
    public static MemorySegment rdma_destroy_id$address() {
        return rdma_destroy_id.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_destroy_id(...)
     * }
     */
    public static int rdma_destroy_id(MemorySegment id) {
        var mh$ = rdma_destroy_id.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_destroy_id", id);
            }
            return (int) mh$.invokeExact(id);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_bind_addr {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_bind_addr");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_bind_addr(...)
     * }
     */
    public static FunctionDescriptor rdma_bind_addr$descriptor() {
        return rdma_bind_addr.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_bind_addr(...)
     * }
     */
    public static MethodHandle rdma_bind_addr$handle() {
        return rdma_bind_addr.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_bind_addr(...)
     * }
     */
    public static MemorySegment rdma_bind_addr$address() {
        return rdma_bind_addr.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_bind_addr(...)
     * }
     */
    public static int rdma_bind_addr(MemorySegment id, MemorySegment addr) {
        var mh$ = rdma_bind_addr.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_bind_addr", id, addr);
            }
            return (int) mh$.invokeExact(id, addr);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_resolve_addr {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_resolve_addr");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_resolve_addr(...)
     * }
     */
    public static FunctionDescriptor rdma_resolve_addr$descriptor() {
        return rdma_resolve_addr.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_resolve_addr(...)
     * }
     */
    public static MethodHandle rdma_resolve_addr$handle() {
        return rdma_resolve_addr.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_resolve_addr(...)
     * }
     */
    public static MemorySegment rdma_resolve_addr$address() {
        return rdma_resolve_addr.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_resolve_addr(...)
     * }
     */
    public static int rdma_resolve_addr(MemorySegment id, MemorySegment src_addr, MemorySegment dst_addr, int timeout_ms) {
        var mh$ = rdma_resolve_addr.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_resolve_addr", id, src_addr, dst_addr, timeout_ms);
            }
            return (int) mh$.invokeExact(id, src_addr, dst_addr, timeout_ms);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_resolve_route {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_resolve_route");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_resolve_route(...)
     * }
     */
    public static FunctionDescriptor rdma_resolve_route$descriptor() {
        return rdma_resolve_route.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_resolve_route(...)
     * }
     */
    public static MethodHandle rdma_resolve_route$handle() {
        return rdma_resolve_route.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_resolve_route(...)
     * }
     */
    public static MemorySegment rdma_resolve_route$address() {
        return rdma_resolve_route.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_resolve_route(...)
     * }
     */
    public static int rdma_resolve_route(MemorySegment id, int timeout_ms) {
        var mh$ = rdma_resolve_route.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_resolve_route", id, timeout_ms);
            }
            return (int) mh$.invokeExact(id, timeout_ms);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_create_qp {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_create_qp");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_create_qp(...)
     * }
     */
    public static FunctionDescriptor rdma_create_qp$descriptor() {
        return rdma_create_qp.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_create_qp(...)
     * }
     */
    public static MethodHandle rdma_create_qp$handle() {
        return rdma_create_qp.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_create_qp(...)
     * }
     */
    public static MemorySegment rdma_create_qp$address() {
        return rdma_create_qp.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_create_qp(...)
     * }
     */
    public static int rdma_create_qp(MemorySegment id, MemorySegment pd, MemorySegment qp_init_attr) {
        var mh$ = rdma_create_qp.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_create_qp", id, pd, qp_init_attr);
            }
            return (int) mh$.invokeExact(id, pd, qp_init_attr);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_destroy_qp {
        public static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_destroy_qp");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_destroy_qp(...)
     * }
     */
    public static FunctionDescriptor rdma_destroy_qp$descriptor() {
        return rdma_destroy_qp.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_destroy_qp(...)
     * }
     */
    public static MethodHandle rdma_destroy_qp$handle() {
        return rdma_destroy_qp.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_destroy_qp(...)
     * }
     */
    public static MemorySegment rdma_destroy_qp$address() {
        return rdma_destroy_qp.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_destroy_qp(...)
     * }
     */
    public static void rdma_destroy_qp(MemorySegment id) {
        var mh$ = rdma_destroy_qp.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_destroy_qp", id);
            }
            mh$.invokeExact(id);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_connect {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_connect");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_connect(...)
     * }
     */
    public static FunctionDescriptor rdma_connect$descriptor() {
        return rdma_connect.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_connect(...)
     * }
     */
    public static MethodHandle rdma_connect$handle() {
        return rdma_connect.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_connect(...)
     * }
     */
    public static MemorySegment rdma_connect$address() {
        return rdma_connect.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_connect(...)
     * }
     */
    public static int rdma_connect(MemorySegment id, MemorySegment conn_param) {
        var mh$ = rdma_connect.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_connect", id, conn_param);
            }
            return (int) mh$.invokeExact(id, conn_param);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_listen {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_listen");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_listen(...)
     * }
     */
    public static FunctionDescriptor rdma_listen$descriptor() {
        return rdma_listen.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_listen(...)
     * }
     */
    public static MethodHandle rdma_listen$handle() {
        return rdma_listen.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_listen(...)
     * }
     */
    public static MemorySegment rdma_listen$address() {
        return rdma_listen.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_listen(...)
     * }
     */
    public static int rdma_listen(MemorySegment id, int backlog) {
        var mh$ = rdma_listen.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_listen", id, backlog);
            }
            return (int) mh$.invokeExact(id, backlog);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_get_request {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_get_request");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_get_request(...)
     * }
     */
    public static FunctionDescriptor rdma_get_request$descriptor() {
        return rdma_get_request.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_get_request(...)
     * }
     */
    public static MethodHandle rdma_get_request$handle() {
        return rdma_get_request.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_get_request(...)
     * }
     */
    public static MemorySegment rdma_get_request$address() {
        return rdma_get_request.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_get_request(...)
     * }
     */
    public static int rdma_get_request(MemorySegment listen, MemorySegment id) {
        var mh$ = rdma_get_request.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_get_request", listen, id);
            }
            return (int) mh$.invokeExact(listen, id);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_accept {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_accept");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_accept(...)
     * }
     */
    public static FunctionDescriptor rdma_accept$descriptor() {
        return rdma_accept.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_accept(...)
     * }
     */
    public static MethodHandle rdma_accept$handle() {
        return rdma_accept.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_accept(...)
     * }
     */
    public static MemorySegment rdma_accept$address() {
        return rdma_accept.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_accept(...)
     * }
     */
    public static int rdma_accept(MemorySegment id, MemorySegment conn_param) {
        var mh$ = rdma_accept.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_accept", id, conn_param);
            }
            return (int) mh$.invokeExact(id, conn_param);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_reject {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_CHAR);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_reject");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_reject(...)
     * }
     */
    public static FunctionDescriptor rdma_reject$descriptor() {
        return rdma_reject.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_reject(...)
     * }
     */
    public static MethodHandle rdma_reject$handle() {
        return rdma_reject.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_reject(...)
     * }
     */
    public static MemorySegment rdma_reject$address() {
        return rdma_reject.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_reject(...)
     * }
     */
    public static int rdma_reject(MemorySegment id, MemorySegment private_data, byte private_data_len) {
        var mh$ = rdma_reject.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_reject", id, private_data, private_data_len);
            }
            return (int) mh$.invokeExact(id, private_data, private_data_len);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_disconnect {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_disconnect");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_disconnect(...)
     * }
     */
    public static FunctionDescriptor rdma_disconnect$descriptor() {
        return rdma_disconnect.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_disconnect(...)
     * }
     */
    public static MethodHandle rdma_disconnect$handle() {
        return rdma_disconnect.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_disconnect(...)
     * }
     */
    public static MemorySegment rdma_disconnect$address() {
        return rdma_disconnect.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_disconnect(...)
     * }
     */
    public static int rdma_disconnect(MemorySegment id) {
        var mh$ = rdma_disconnect.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_disconnect", id);
            }
            return (int) mh$.invokeExact(id);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_get_cm_event {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_get_cm_event");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_get_cm_event(...)
     * }
     */
    public static FunctionDescriptor rdma_get_cm_event$descriptor() {
        return rdma_get_cm_event.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_get_cm_event(...)
     * }
     */
    public static MethodHandle rdma_get_cm_event$handle() {
        return rdma_get_cm_event.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_get_cm_event(...)
     * }
     */
    public static MemorySegment rdma_get_cm_event$address() {
        return rdma_get_cm_event.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_get_cm_event(...)
     * }
     */
    public static int rdma_get_cm_event(MemorySegment channel, MemorySegment event) {
        var mh$ = rdma_get_cm_event.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_get_cm_event", channel, event);
            }
            return (int) mh$.invokeExact(channel, event);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_ack_cm_event {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_ack_cm_event");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_ack_cm_event(...)
     * }
     */
    public static FunctionDescriptor rdma_ack_cm_event$descriptor() {
        return rdma_ack_cm_event.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_ack_cm_event(...)
     * }
     */
    public static MethodHandle rdma_ack_cm_event$handle() {
        return rdma_ack_cm_event.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_ack_cm_event(...)
     * }
     */
    public static MemorySegment rdma_ack_cm_event$address() {
        return rdma_ack_cm_event.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_ack_cm_event(...)
     * }
     */
    public static int rdma_ack_cm_event(MemorySegment event) {
        var mh$ = rdma_ack_cm_event.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_ack_cm_event", event);
            }
            return (int) mh$.invokeExact(event);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_get_src_port {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_SHORT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_get_src_port");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_get_src_port(...)
     * }
     */
    public static FunctionDescriptor rdma_get_src_port$descriptor() {
        return rdma_get_src_port.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_get_src_port(...)
     * }
     */
    public static MethodHandle rdma_get_src_port$handle() {
        return rdma_get_src_port.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_get_src_port(...)
     * }
     */
    public static MemorySegment rdma_get_src_port$address() {
        return rdma_get_src_port.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_get_src_port(...)
     * }
     */
    public static short rdma_get_src_port(MemorySegment id) {
        var mh$ = rdma_get_src_port.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_get_src_port", id);
            }
            return (short) mh$.invokeExact(id);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_get_dst_port {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_SHORT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_get_dst_port");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_get_dst_port(...)
     * }
     */
    public static FunctionDescriptor rdma_get_dst_port$descriptor() {
        return rdma_get_dst_port.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_get_dst_port(...)
     * }
     */
    public static MethodHandle rdma_get_dst_port$handle() {
        return rdma_get_dst_port.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_get_dst_port(...)
     * }
     */
    public static MemorySegment rdma_get_dst_port$address() {
        return rdma_get_dst_port.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_get_dst_port(...)
     * }
     */
    public static short rdma_get_dst_port(MemorySegment id) {
        var mh$ = rdma_get_dst_port.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_get_dst_port", id);
            }
            return (short) mh$.invokeExact(id);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_get_devices {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_get_devices");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_get_devices(...)
     * }
     */
    public static FunctionDescriptor rdma_get_devices$descriptor() {
        return rdma_get_devices.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_get_devices(...)
     * }
     */
    public static MethodHandle rdma_get_devices$handle() {
        return rdma_get_devices.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_get_devices(...)
     * }
     */
    public static MemorySegment rdma_get_devices$address() {
        return rdma_get_devices.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_get_devices(...)
     * }
     */
    public static MemorySegment rdma_get_devices(MemorySegment num_devices) {
        var mh$ = rdma_get_devices.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_get_devices", num_devices);
            }
            return (MemorySegment) mh$.invokeExact(num_devices);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_free_devices {
        public static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_free_devices");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_free_devices(...)
     * }
     */
    public static FunctionDescriptor rdma_free_devices$descriptor() {
        return rdma_free_devices.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_free_devices(...)
     * }
     */
    public static MethodHandle rdma_free_devices$handle() {
        return rdma_free_devices.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_free_devices(...)
     * }
     */
    public static MemorySegment rdma_free_devices$address() {
        return rdma_free_devices.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_free_devices(...)
     * }
     */
    public static void rdma_free_devices(MemorySegment list) {
        var mh$ = rdma_free_devices.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_free_devices", list);
            }
            mh$.invokeExact(list);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_event_str {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_event_str");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_event_str(...)
     * }
     */
    public static FunctionDescriptor rdma_event_str$descriptor() {
        return rdma_event_str.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_event_str(...)
     * }
     */
    public static MethodHandle rdma_event_str$handle() {
        return rdma_event_str.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_event_str(...)
     * }
     */
    public static MemorySegment rdma_event_str$address() {
        return rdma_event_str.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_event_str(...)
     * }
     */
    public static MemorySegment rdma_event_str(int event) {
        var mh$ = rdma_event_str.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_event_str", event);
            }
            return (MemorySegment) mh$.invokeExact(event);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_set_option {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT, rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_LONG);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_set_option");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_set_option(...)
     * }
     */
    public static FunctionDescriptor rdma_set_option$descriptor() {
        return rdma_set_option.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_set_option(...)
     * }
     */
    public static MethodHandle rdma_set_option$handle() {
        return rdma_set_option.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_set_option(...)
     * }
     */
    public static MemorySegment rdma_set_option$address() {
        return rdma_set_option.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_set_option(...)
     * }
     */
    public static int rdma_set_option(MemorySegment id, int level, int optname, MemorySegment optval, long optlen) {
        var mh$ = rdma_set_option.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_set_option", id, level, optname, optval, optlen);
            }
            return (int) mh$.invokeExact(id, level, optname, optval, optlen);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_migrate_id {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_migrate_id");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_migrate_id(...)
     * }
     */
    public static FunctionDescriptor rdma_migrate_id$descriptor() {
        return rdma_migrate_id.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_migrate_id(...)
     * }
     */
    public static MethodHandle rdma_migrate_id$handle() {
        return rdma_migrate_id.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_migrate_id(...)
     * }
     */
    public static MemorySegment rdma_migrate_id$address() {
        return rdma_migrate_id.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_migrate_id(...)
     * }
     */
    public static int rdma_migrate_id(MemorySegment id, MemorySegment channel) {
        var mh$ = rdma_migrate_id.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_migrate_id", id, channel);
            }
            return (int) mh$.invokeExact(id, channel);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_getaddrinfo {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_getaddrinfo");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_getaddrinfo(...)
     * }
     */
    public static FunctionDescriptor rdma_getaddrinfo$descriptor() {
        return rdma_getaddrinfo.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_getaddrinfo(...)
     * }
     */
    public static MethodHandle rdma_getaddrinfo$handle() {
        return rdma_getaddrinfo.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_getaddrinfo(...)
     * }
     */
    public static MemorySegment rdma_getaddrinfo$address() {
        return rdma_getaddrinfo.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_getaddrinfo(...)
     * }
     */
    public static int rdma_getaddrinfo(MemorySegment node, MemorySegment service, MemorySegment hints, MemorySegment res) {
        var mh$ = rdma_getaddrinfo.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_getaddrinfo", node, service, hints, res);
            }
            return (int) mh$.invokeExact(node, service, hints, res);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class rdma_freeaddrinfo {
        public static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("rdma_freeaddrinfo");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * rdma_freeaddrinfo(...)
     * }
     */
    public static FunctionDescriptor rdma_freeaddrinfo$descriptor() {
        return rdma_freeaddrinfo.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * rdma_freeaddrinfo(...)
     * }
     */
    public static MethodHandle rdma_freeaddrinfo$handle() {
        return rdma_freeaddrinfo.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * rdma_freeaddrinfo(...)
     * }
     */
    public static MemorySegment rdma_freeaddrinfo$address() {
        return rdma_freeaddrinfo.ADDR;
    }

    /**
     * {@snippet lang=c :
     * rdma_freeaddrinfo(...)
     * }
     */
    public static void rdma_freeaddrinfo(MemorySegment res) {
        var mh$ = rdma_freeaddrinfo.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("rdma_freeaddrinfo", res);
            }
            mh$.invokeExact(res);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_get_device_list {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_get_device_list");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_get_device_list(...)
     * }
     */
    public static FunctionDescriptor ibv_get_device_list$descriptor() {
        return ibv_get_device_list.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_get_device_list(...)
     * }
     */
    public static MethodHandle ibv_get_device_list$handle() {
        return ibv_get_device_list.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_get_device_list(...)
     * }
     */
    public static MemorySegment ibv_get_device_list$address() {
        return ibv_get_device_list.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_get_device_list(...)
     * }
     */
    public static MemorySegment ibv_get_device_list(MemorySegment num_devices) {
        var mh$ = ibv_get_device_list.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_get_device_list", num_devices);
            }
            return (MemorySegment) mh$.invokeExact(num_devices);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_free_device_list {
        public static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_free_device_list");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_free_device_list(...)
     * }
     */
    public static FunctionDescriptor ibv_free_device_list$descriptor() {
        return ibv_free_device_list.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_free_device_list(...)
     * }
     */
    public static MethodHandle ibv_free_device_list$handle() {
        return ibv_free_device_list.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_free_device_list(...)
     * }
     */
    public static MemorySegment ibv_free_device_list$address() {
        return ibv_free_device_list.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_free_device_list(...)
     * }
     */
    public static void ibv_free_device_list(MemorySegment list) {
        var mh$ = ibv_free_device_list.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_free_device_list", list);
            }
            mh$.invokeExact(list);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_get_device_name {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_get_device_name");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_get_device_name(...)
     * }
     */
    public static FunctionDescriptor ibv_get_device_name$descriptor() {
        return ibv_get_device_name.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_get_device_name(...)
     * }
     */
    public static MethodHandle ibv_get_device_name$handle() {
        return ibv_get_device_name.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_get_device_name(...)
     * }
     */
    public static MemorySegment ibv_get_device_name$address() {
        return ibv_get_device_name.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_get_device_name(...)
     * }
     */
    public static MemorySegment ibv_get_device_name(MemorySegment device) {
        var mh$ = ibv_get_device_name.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_get_device_name", device);
            }
            return (MemorySegment) mh$.invokeExact(device);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_open_device {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_open_device");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_open_device(...)
     * }
     */
    public static FunctionDescriptor ibv_open_device$descriptor() {
        return ibv_open_device.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_open_device(...)
     * }
     */
    public static MethodHandle ibv_open_device$handle() {
        return ibv_open_device.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_open_device(...)
     * }
     */
    public static MemorySegment ibv_open_device$address() {
        return ibv_open_device.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_open_device(...)
     * }
     */
    public static MemorySegment ibv_open_device(MemorySegment device) {
        var mh$ = ibv_open_device.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_open_device", device);
            }
            return (MemorySegment) mh$.invokeExact(device);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_close_device {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_close_device");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_close_device(...)
     * }
     */
    public static FunctionDescriptor ibv_close_device$descriptor() {
        return ibv_close_device.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_close_device(...)
     * }
     */
    public static MethodHandle ibv_close_device$handle() {
        return ibv_close_device.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_close_device(...)
     * }
     */
    public static MemorySegment ibv_close_device$address() {
        return ibv_close_device.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_close_device(...)
     * }
     */
    public static int ibv_close_device(MemorySegment context) {
        var mh$ = ibv_close_device.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_close_device", context);
            }
            return (int) mh$.invokeExact(context);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_query_device {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_query_device");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_query_device(...)
     * }
     */
    public static FunctionDescriptor ibv_query_device$descriptor() {
        return ibv_query_device.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_query_device(...)
     * }
     */
    public static MethodHandle ibv_query_device$handle() {
        return ibv_query_device.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_query_device(...)
     * }
     */
    public static MemorySegment ibv_query_device$address() {
        return ibv_query_device.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_query_device(...)
     * }
     */
    public static int ibv_query_device(MemorySegment context, MemorySegment device_attr) {
        var mh$ = ibv_query_device.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_query_device", context, device_attr);
            }
            return (int) mh$.invokeExact(context, device_attr);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_query_port {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_CHAR, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_query_port");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_query_port(...)
     * }
     */
    public static FunctionDescriptor ibv_query_port$descriptor() {
        return ibv_query_port.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_query_port(...)
     * }
     */
    public static MethodHandle ibv_query_port$handle() {
        return ibv_query_port.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_query_port(...)
     * }
     */
    public static MemorySegment ibv_query_port$address() {
        return ibv_query_port.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_query_port(...)
     * }
     */
    public static int ibv_query_port(MemorySegment context, byte port_num, MemorySegment port_attr) {
        var mh$ = ibv_query_port.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_query_port", context, port_num, port_attr);
            }
            return (int) mh$.invokeExact(context, port_num, port_attr);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_query_gid {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_CHAR, rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_query_gid");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_query_gid(...)
     * }
     */
    public static FunctionDescriptor ibv_query_gid$descriptor() {
        return ibv_query_gid.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_query_gid(...)
     * }
     */
    public static MethodHandle ibv_query_gid$handle() {
        return ibv_query_gid.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_query_gid(...)
     * }
     */
    public static MemorySegment ibv_query_gid$address() {
        return ibv_query_gid.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_query_gid(...)
     * }
     */
    public static int ibv_query_gid(MemorySegment context, byte port_num, int index, MemorySegment gid) {
        var mh$ = ibv_query_gid.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_query_gid", context, port_num, index, gid);
            }
            return (int) mh$.invokeExact(context, port_num, index, gid);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_alloc_pd {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_alloc_pd");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_alloc_pd(...)
     * }
     */
    public static FunctionDescriptor ibv_alloc_pd$descriptor() {
        return ibv_alloc_pd.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_alloc_pd(...)
     * }
     */
    public static MethodHandle ibv_alloc_pd$handle() {
        return ibv_alloc_pd.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_alloc_pd(...)
     * }
     */
    public static MemorySegment ibv_alloc_pd$address() {
        return ibv_alloc_pd.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_alloc_pd(...)
     * }
     */
    public static MemorySegment ibv_alloc_pd(MemorySegment context) {
        var mh$ = ibv_alloc_pd.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_alloc_pd", context);
            }
            return (MemorySegment) mh$.invokeExact(context);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_dealloc_pd {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_dealloc_pd");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_dealloc_pd(...)
     * }
     */
    public static FunctionDescriptor ibv_dealloc_pd$descriptor() {
        return ibv_dealloc_pd.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_dealloc_pd(...)
     * }
     */
    public static MethodHandle ibv_dealloc_pd$handle() {
        return ibv_dealloc_pd.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_dealloc_pd(...)
     * }
     */
    public static MemorySegment ibv_dealloc_pd$address() {
        return ibv_dealloc_pd.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_dealloc_pd(...)
     * }
     */
    public static int ibv_dealloc_pd(MemorySegment pd) {
        var mh$ = ibv_dealloc_pd.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_dealloc_pd", pd);
            }
            return (int) mh$.invokeExact(pd);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_reg_mr {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_LONG, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_reg_mr");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_reg_mr(...)
     * }
     */
    public static FunctionDescriptor ibv_reg_mr$descriptor() {
        return ibv_reg_mr.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_reg_mr(...)
     * }
     */
    public static MethodHandle ibv_reg_mr$handle() {
        return ibv_reg_mr.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_reg_mr(...)
     * }
     */
    public static MemorySegment ibv_reg_mr$address() {
        return ibv_reg_mr.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_reg_mr(...)
     * }
     */
    public static MemorySegment ibv_reg_mr(MemorySegment pd, MemorySegment addr, long length, int access) {
        var mh$ = ibv_reg_mr.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_reg_mr", pd, addr, length, access);
            }
            return (MemorySegment) mh$.invokeExact(pd, addr, length, access);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_dereg_mr {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_dereg_mr");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_dereg_mr(...)
     * }
     */
    public static FunctionDescriptor ibv_dereg_mr$descriptor() {
        return ibv_dereg_mr.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_dereg_mr(...)
     * }
     */
    public static MethodHandle ibv_dereg_mr$handle() {
        return ibv_dereg_mr.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_dereg_mr(...)
     * }
     */
    public static MemorySegment ibv_dereg_mr$address() {
        return ibv_dereg_mr.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_dereg_mr(...)
     * }
     */
    public static int ibv_dereg_mr(MemorySegment mr) {
        var mh$ = ibv_dereg_mr.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_dereg_mr", mr);
            }
            return (int) mh$.invokeExact(mr);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_create_comp_channel {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_create_comp_channel");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_create_comp_channel(...)
     * }
     */
    public static FunctionDescriptor ibv_create_comp_channel$descriptor() {
        return ibv_create_comp_channel.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_create_comp_channel(...)
     * }
     */
    public static MethodHandle ibv_create_comp_channel$handle() {
        return ibv_create_comp_channel.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_create_comp_channel(...)
     * }
     */
    public static MemorySegment ibv_create_comp_channel$address() {
        return ibv_create_comp_channel.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_create_comp_channel(...)
     * }
     */
    public static MemorySegment ibv_create_comp_channel(MemorySegment context) {
        var mh$ = ibv_create_comp_channel.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_create_comp_channel", context);
            }
            return (MemorySegment) mh$.invokeExact(context);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_destroy_comp_channel {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_destroy_comp_channel");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_destroy_comp_channel(...)
     * }
     */
    public static FunctionDescriptor ibv_destroy_comp_channel$descriptor() {
        return ibv_destroy_comp_channel.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_destroy_comp_channel(...)
     * }
     */
    public static MethodHandle ibv_destroy_comp_channel$handle() {
        return ibv_destroy_comp_channel.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_destroy_comp_channel(...)
     * }
     */
    public static MemorySegment ibv_destroy_comp_channel$address() {
        return ibv_destroy_comp_channel.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_destroy_comp_channel(...)
     * }
     */
    public static int ibv_destroy_comp_channel(MemorySegment channel) {
        var mh$ = ibv_destroy_comp_channel.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_destroy_comp_channel", channel);
            }
            return (int) mh$.invokeExact(channel);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_create_cq {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_create_cq");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_create_cq(...)
     * }
     */
    public static FunctionDescriptor ibv_create_cq$descriptor() {
        return ibv_create_cq.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_create_cq(...)
     * }
     */
    public static MethodHandle ibv_create_cq$handle() {
        return ibv_create_cq.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_create_cq(...)
     * }
     */
    public static MemorySegment ibv_create_cq$address() {
        return ibv_create_cq.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_create_cq(...)
     * }
     */
    public static MemorySegment ibv_create_cq(MemorySegment context, int cqe, MemorySegment cq_context, MemorySegment channel, int comp_vector) {
        var mh$ = ibv_create_cq.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_create_cq", context, cqe, cq_context, channel, comp_vector);
            }
            return (MemorySegment) mh$.invokeExact(context, cqe, cq_context, channel, comp_vector);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_destroy_cq {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_destroy_cq");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_destroy_cq(...)
     * }
     */
    public static FunctionDescriptor ibv_destroy_cq$descriptor() {
        return ibv_destroy_cq.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_destroy_cq(...)
     * }
     */
    public static MethodHandle ibv_destroy_cq$handle() {
        return ibv_destroy_cq.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_destroy_cq(...)
     * }
     */
    public static MemorySegment ibv_destroy_cq$address() {
        return ibv_destroy_cq.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_destroy_cq(...)
     * }
     */
    public static int ibv_destroy_cq(MemorySegment cq) {
        var mh$ = ibv_destroy_cq.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_destroy_cq", cq);
            }
            return (int) mh$.invokeExact(cq);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_resize_cq {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_resize_cq");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_resize_cq(...)
     * }
     */
    public static FunctionDescriptor ibv_resize_cq$descriptor() {
        return ibv_resize_cq.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_resize_cq(...)
     * }
     */
    public static MethodHandle ibv_resize_cq$handle() {
        return ibv_resize_cq.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_resize_cq(...)
     * }
     */
    public static MemorySegment ibv_resize_cq$address() {
        return ibv_resize_cq.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_resize_cq(...)
     * }
     */
    public static int ibv_resize_cq(MemorySegment cq, int cqe) {
        var mh$ = ibv_resize_cq.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_resize_cq", cq, cqe);
            }
            return (int) mh$.invokeExact(cq, cqe);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_create_srq {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_create_srq");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_create_srq(...)
     * }
     */
    public static FunctionDescriptor ibv_create_srq$descriptor() {
        return ibv_create_srq.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_create_srq(...)
     * }
     */
    public static MethodHandle ibv_create_srq$handle() {
        return ibv_create_srq.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_create_srq(...)
     * }
     */
    public static MemorySegment ibv_create_srq$address() {
        return ibv_create_srq.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_create_srq(...)
     * }
     */
    public static MemorySegment ibv_create_srq(MemorySegment pd, MemorySegment srq_init_attr) {
        var mh$ = ibv_create_srq.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_create_srq", pd, srq_init_attr);
            }
            return (MemorySegment) mh$.invokeExact(pd, srq_init_attr);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_destroy_srq {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_destroy_srq");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_destroy_srq(...)
     * }
     */
    public static FunctionDescriptor ibv_destroy_srq$descriptor() {
        return ibv_destroy_srq.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_destroy_srq(...)
     * }
     */
    public static MethodHandle ibv_destroy_srq$handle() {
        return ibv_destroy_srq.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_destroy_srq(...)
     * }
     */
    public static MemorySegment ibv_destroy_srq$address() {
        return ibv_destroy_srq.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_destroy_srq(...)
     * }
     */
    public static int ibv_destroy_srq(MemorySegment srq) {
        var mh$ = ibv_destroy_srq.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_destroy_srq", srq);
            }
            return (int) mh$.invokeExact(srq);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_modify_srq {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_modify_srq");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_modify_srq(...)
     * }
     */
    public static FunctionDescriptor ibv_modify_srq$descriptor() {
        return ibv_modify_srq.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_modify_srq(...)
     * }
     */
    public static MethodHandle ibv_modify_srq$handle() {
        return ibv_modify_srq.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_modify_srq(...)
     * }
     */
    public static MemorySegment ibv_modify_srq$address() {
        return ibv_modify_srq.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_modify_srq(...)
     * }
     */
    public static int ibv_modify_srq(MemorySegment srq, MemorySegment srq_attr, int srq_attr_mask) {
        var mh$ = ibv_modify_srq.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_modify_srq", srq, srq_attr, srq_attr_mask);
            }
            return (int) mh$.invokeExact(srq, srq_attr, srq_attr_mask);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_get_cq_event {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_get_cq_event");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_get_cq_event(...)
     * }
     */
    public static FunctionDescriptor ibv_get_cq_event$descriptor() {
        return ibv_get_cq_event.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_get_cq_event(...)
     * }
     */
    public static MethodHandle ibv_get_cq_event$handle() {
        return ibv_get_cq_event.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_get_cq_event(...)
     * }
     */
    public static MemorySegment ibv_get_cq_event$address() {
        return ibv_get_cq_event.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_get_cq_event(...)
     * }
     */
    public static int ibv_get_cq_event(MemorySegment channel, MemorySegment cq, MemorySegment cq_context) {
        var mh$ = ibv_get_cq_event.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_get_cq_event", channel, cq, cq_context);
            }
            return (int) mh$.invokeExact(channel, cq, cq_context);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_ack_cq_events {
        public static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_ack_cq_events");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_ack_cq_events(...)
     * }
     */
    public static FunctionDescriptor ibv_ack_cq_events$descriptor() {
        return ibv_ack_cq_events.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_ack_cq_events(...)
     * }
     */
    public static MethodHandle ibv_ack_cq_events$handle() {
        return ibv_ack_cq_events.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_ack_cq_events(...)
     * }
     */
    public static MemorySegment ibv_ack_cq_events$address() {
        return ibv_ack_cq_events.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_ack_cq_events(...)
     * }
     */
    public static void ibv_ack_cq_events(MemorySegment cq, int nevents) {
        var mh$ = ibv_ack_cq_events.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_ack_cq_events", cq, nevents);
            }
            mh$.invokeExact(cq, nevents);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_get_async_event {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_INT, rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_get_async_event");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_get_async_event(...)
     * }
     */
    public static FunctionDescriptor ibv_get_async_event$descriptor() {
        return ibv_get_async_event.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_get_async_event(...)
     * }
     */
    public static MethodHandle ibv_get_async_event$handle() {
        return ibv_get_async_event.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_get_async_event(...)
     * }
     */
    public static MemorySegment ibv_get_async_event$address() {
        return ibv_get_async_event.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_get_async_event(...)
     * }
     */
    public static int ibv_get_async_event(MemorySegment context, MemorySegment event) {
        var mh$ = ibv_get_async_event.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_get_async_event", context, event);
            }
            return (int) mh$.invokeExact(context, event);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_ack_async_event {
        public static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(rdma_cma_h.C_POINTER);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_ack_async_event");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_ack_async_event(...)
     * }
     */
    public static FunctionDescriptor ibv_ack_async_event$descriptor() {
        return ibv_ack_async_event.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_ack_async_event(...)
     * }
     */
    public static MethodHandle ibv_ack_async_event$handle() {
        return ibv_ack_async_event.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_ack_async_event(...)
     * }
     */
    public static MemorySegment ibv_ack_async_event$address() {
        return ibv_ack_async_event.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_ack_async_event(...)
     * }
     */
    public static void ibv_ack_async_event(MemorySegment event) {
        var mh$ = ibv_ack_async_event.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_ack_async_event", event);
            }
            mh$.invokeExact(event);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_event_type_str {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_event_type_str");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_event_type_str(...)
     * }
     */
    public static FunctionDescriptor ibv_event_type_str$descriptor() {
        return ibv_event_type_str.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_event_type_str(...)
     * }
     */
    public static MethodHandle ibv_event_type_str$handle() {
        return ibv_event_type_str.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_event_type_str(...)
     * }
     */
    public static MemorySegment ibv_event_type_str$address() {
        return ibv_event_type_str.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_event_type_str(...)
     * }
     */
    public static MemorySegment ibv_event_type_str(int event) {
        var mh$ = ibv_event_type_str.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_event_type_str", event);
            }
            return (MemorySegment) mh$.invokeExact(event);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_wc_status_str {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_wc_status_str");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_wc_status_str(...)
     * }
     */
    public static FunctionDescriptor ibv_wc_status_str$descriptor() {
        return ibv_wc_status_str.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_wc_status_str(...)
     * }
     */
    public static MethodHandle ibv_wc_status_str$handle() {
        return ibv_wc_status_str.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_wc_status_str(...)
     * }
     */
    public static MemorySegment ibv_wc_status_str$address() {
        return ibv_wc_status_str.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_wc_status_str(...)
     * }
     */
    public static MemorySegment ibv_wc_status_str(int status) {
        var mh$ = ibv_wc_status_str.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_wc_status_str", status);
            }
            return (MemorySegment) mh$.invokeExact(status);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static class ibv_port_state_str {
        public static final FunctionDescriptor DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        public static final MemorySegment ADDR = rdma_cma_h.findOrThrow("ibv_port_state_str");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }

    /**
     * Function descriptor for:
     * {@snippet lang=c :
     * ibv_port_state_str(...)
     * }
     */
    public static FunctionDescriptor ibv_port_state_str$descriptor() {
        return ibv_port_state_str.DESC;
    }

    /**
     * Downcall method handle for:
     * {@snippet lang=c :
     * ibv_port_state_str(...)
     * }
     */
    public static MethodHandle ibv_port_state_str$handle() {
        return ibv_port_state_str.HANDLE;
    }

    /**
     * Address for:
     * {@snippet lang=c :
     * ibv_port_state_str(...)
     * }
     */
    public static MemorySegment ibv_port_state_str$address() {
        return ibv_port_state_str.ADDR;
    }

    /**
     * {@snippet lang=c :
     * ibv_port_state_str(...)
     * }
     */
    public static MemorySegment ibv_port_state_str(int port_state) {
        var mh$ = ibv_port_state_str.HANDLE;
        try {
            if (TRACE_DOWNCALLS) {
                traceDowncall("ibv_port_state_str", port_state);
            }
            return (MemorySegment) mh$.invokeExact(port_state);
        } catch (Error | RuntimeException ex) {
           throw ex;
        } catch (Throwable ex$) {
           throw new AssertionError("should not reach here", ex$);
        }
    }

    private static final int RDMA_PS_IPOIB = (int)2L;

    /**
     * {@snippet lang=c :
     * RDMA_PS_IPOIB = 2
     * }
     */
    public static int RDMA_PS_IPOIB() {
        return RDMA_PS_IPOIB;
    }

    private static final int RDMA_PS_TCP = (int)262L;

    /**
     * {@snippet lang=c :
     * RDMA_PS_TCP = 262
     * }
     */
    public static int RDMA_PS_TCP() {
        return RDMA_PS_TCP;
    }

    private static final int RDMA_PS_UDP = (int)273L;

    /**
     * {@snippet lang=c :
     * RDMA_PS_UDP = 273
     * }
     */
    public static int RDMA_PS_UDP() {
        return RDMA_PS_UDP;
    }

    private static final int RDMA_PS_IB = (int)319L;

    /**
     * {@snippet lang=c :
     * RDMA_PS_IB = 319
     * }
     */
    public static int RDMA_PS_IB() {
        return RDMA_PS_IB;
    }

    private static final int RDMA_MAX_RESP_RES = (int)255L;

    /**
     * {@snippet lang=c :
     * RDMA_MAX_RESP_RES = 255
     * }
     */
    public static int RDMA_MAX_RESP_RES() {
        return RDMA_MAX_RESP_RES;
    }

    private static final int RDMA_MAX_INIT_DEPTH = (int)255L;

    /**
     * {@snippet lang=c :
     * RDMA_MAX_INIT_DEPTH = 255
     * }
     */
    public static int RDMA_MAX_INIT_DEPTH() {
        return RDMA_MAX_INIT_DEPTH;
    }

    private static final int RDMA_OPTION_ID = (int)0L;

    /**
     * {@snippet lang=c :
     * RDMA_OPTION_ID = 0
     * }
     */
    public static int RDMA_OPTION_ID() {
        return RDMA_OPTION_ID;
    }

    private static final int RDMA_OPTION_IB = (int)1L;

    /**
     * {@snippet lang=c :
     * RDMA_OPTION_IB = 1
     * }
     */
    public static int RDMA_OPTION_IB() {
        return RDMA_OPTION_IB;
    }

    private static final int RDMA_OPTION_ID_TOS = (int)0L;

    /**
     * {@snippet lang=c :
     * RDMA_OPTION_ID_TOS = 0
     * }
     */
    public static int RDMA_OPTION_ID_TOS() {
        return RDMA_OPTION_ID_TOS;
    }

    private static final int RDMA_OPTION_ID_REUSEADDR = (int)1L;

    /**
     * {@snippet lang=c :
     * RDMA_OPTION_ID_REUSEADDR = 1
     * }
     */
    public static int RDMA_OPTION_ID_REUSEADDR() {
        return RDMA_OPTION_ID_REUSEADDR;
    }

    private static final int RDMA_OPTION_ID_AFONLY = (int)2L;

    /**
     * {@snippet lang=c :
     * RDMA_OPTION_ID_AFONLY = 2
     * }
     */
    public static int RDMA_OPTION_ID_AFONLY() {
        return RDMA_OPTION_ID_AFONLY;
    }

    private static final int RDMA_OPTION_ID_ACK_TIMEOUT = (int)3L;

    /**
     * {@snippet lang=c :
     * RDMA_OPTION_ID_ACK_TIMEOUT = 3
     * }
     */
    public static int RDMA_OPTION_ID_ACK_TIMEOUT() {
        return RDMA_OPTION_ID_ACK_TIMEOUT;
    }

    private static final int RAI_PASSIVE = (int)1L;

    /**
     * {@snippet lang=c :
     * RAI_PASSIVE = 1
     * }
     */
    public static int RAI_PASSIVE() {
        return RAI_PASSIVE;
    }

    private static final int RAI_NUMERICHOST = (int)2L;

    /**
     * {@snippet lang=c :
     * RAI_NUMERICHOST = 2
     * }
     */
    public static int RAI_NUMERICHOST() {
        return RAI_NUMERICHOST;
    }

    private static final int RAI_NOROUTE = (int)4L;

    /**
     * {@snippet lang=c :
     * RAI_NOROUTE = 4
     * }
     */
    public static int RAI_NOROUTE() {
        return RAI_NOROUTE;
    }

    private static final int RAI_FAMILY = (int)8L;

    /**
     * {@snippet lang=c :
     * RAI_FAMILY = 8
     * }
     */
    public static int RAI_FAMILY() {
        return RAI_FAMILY;
    }

    private static final int RDMA_UDP_QKEY = (int)19088743L;

    /**
     * {@snippet lang=c :
     * RDMA_UDP_QKEY = 19088743
     * }
     */
    public static int RDMA_UDP_QKEY() {
        return RDMA_UDP_QKEY;
    }

    private static final int RDMA_CM_EVENT_ADDR_RESOLVED = (int)0L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_ADDR_RESOLVED = 0
     * }
     */
    public static int RDMA_CM_EVENT_ADDR_RESOLVED() {
        return RDMA_CM_EVENT_ADDR_RESOLVED;
    }

    private static final int RDMA_CM_EVENT_ADDR_ERROR = (int)1L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_ADDR_ERROR = 1
     * }
     */
    public static int RDMA_CM_EVENT_ADDR_ERROR() {
        return RDMA_CM_EVENT_ADDR_ERROR;
    }

    private static final int RDMA_CM_EVENT_ROUTE_RESOLVED = (int)2L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_ROUTE_RESOLVED = 2
     * }
     */
    public static int RDMA_CM_EVENT_ROUTE_RESOLVED() {
        return RDMA_CM_EVENT_ROUTE_RESOLVED;
    }

    private static final int RDMA_CM_EVENT_ROUTE_ERROR = (int)3L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_ROUTE_ERROR = 3
     * }
     */
    public static int RDMA_CM_EVENT_ROUTE_ERROR() {
        return RDMA_CM_EVENT_ROUTE_ERROR;
    }

    private static final int RDMA_CM_EVENT_CONNECT_REQUEST = (int)4L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_CONNECT_REQUEST = 4
     * }
     */
    public static int RDMA_CM_EVENT_CONNECT_REQUEST() {
        return RDMA_CM_EVENT_CONNECT_REQUEST;
    }

    private static final int RDMA_CM_EVENT_CONNECT_RESPONSE = (int)5L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_CONNECT_RESPONSE = 5
     * }
     */
    public static int RDMA_CM_EVENT_CONNECT_RESPONSE() {
        return RDMA_CM_EVENT_CONNECT_RESPONSE;
    }

    private static final int RDMA_CM_EVENT_CONNECT_ERROR = (int)6L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_CONNECT_ERROR = 6
     * }
     */
    public static int RDMA_CM_EVENT_CONNECT_ERROR() {
        return RDMA_CM_EVENT_CONNECT_ERROR;
    }

    private static final int RDMA_CM_EVENT_UNREACHABLE = (int)7L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_UNREACHABLE = 7
     * }
     */
    public static int RDMA_CM_EVENT_UNREACHABLE() {
        return RDMA_CM_EVENT_UNREACHABLE;
    }

    private static final int RDMA_CM_EVENT_REJECTED = (int)8L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_REJECTED = 8
     * }
     */
    public static int RDMA_CM_EVENT_REJECTED() {
        return RDMA_CM_EVENT_REJECTED;
    }

    private static final int RDMA_CM_EVENT_ESTABLISHED = (int)9L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_ESTABLISHED = 9
     * }
     */
    public static int RDMA_CM_EVENT_ESTABLISHED() {
        return RDMA_CM_EVENT_ESTABLISHED;
    }

    private static final int RDMA_CM_EVENT_DISCONNECTED = (int)10L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_DISCONNECTED = 10
     * }
     */
    public static int RDMA_CM_EVENT_DISCONNECTED() {
        return RDMA_CM_EVENT_DISCONNECTED;
    }

    private static final int RDMA_CM_EVENT_DEVICE_REMOVAL = (int)11L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_DEVICE_REMOVAL = 11
     * }
     */
    public static int RDMA_CM_EVENT_DEVICE_REMOVAL() {
        return RDMA_CM_EVENT_DEVICE_REMOVAL;
    }

    private static final int RDMA_CM_EVENT_MULTICAST_JOIN = (int)12L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_MULTICAST_JOIN = 12
     * }
     */
    public static int RDMA_CM_EVENT_MULTICAST_JOIN() {
        return RDMA_CM_EVENT_MULTICAST_JOIN;
    }

    private static final int RDMA_CM_EVENT_MULTICAST_ERROR = (int)13L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_MULTICAST_ERROR = 13
     * }
     */
    public static int RDMA_CM_EVENT_MULTICAST_ERROR() {
        return RDMA_CM_EVENT_MULTICAST_ERROR;
    }

    private static final int RDMA_CM_EVENT_ADDR_CHANGE = (int)14L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_ADDR_CHANGE = 14
     * }
     */
    public static int RDMA_CM_EVENT_ADDR_CHANGE() {
        return RDMA_CM_EVENT_ADDR_CHANGE;
    }

    private static final int RDMA_CM_EVENT_TIMEWAIT_EXIT = (int)15L;

    /**
     * {@snippet lang=c :
     * RDMA_CM_EVENT_TIMEWAIT_EXIT = 15
     * }
     */
    public static int RDMA_CM_EVENT_TIMEWAIT_EXIT() {
        return RDMA_CM_EVENT_TIMEWAIT_EXIT;
    }

    private static final int IBV_QPT_RC = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_QPT_RC = 2
     * }
     */
    public static int IBV_QPT_RC() {
        return IBV_QPT_RC;
    }

    private static final int IBV_QPT_UC = (int)3L;

    /**
     * {@snippet lang=c :
     * IBV_QPT_UC = 3
     * }
     */
    public static int IBV_QPT_UC() {
        return IBV_QPT_UC;
    }

    private static final int IBV_QPT_UD = (int)4L;

    /**
     * {@snippet lang=c :
     * IBV_QPT_UD = 4
     * }
     */
    public static int IBV_QPT_UD() {
        return IBV_QPT_UD;
    }

    private static final int IBV_SYSFS_NAME_MAX = (int)64L;

    /**
     * {@snippet lang=c :
     * IBV_SYSFS_NAME_MAX = 64
     * }
     */
    public static int IBV_SYSFS_NAME_MAX() {
        return IBV_SYSFS_NAME_MAX;
    }

    private static final int IBV_SYSFS_PATH_MAX = (int)256L;

    /**
     * {@snippet lang=c :
     * IBV_SYSFS_PATH_MAX = 256
     * }
     */
    public static int IBV_SYSFS_PATH_MAX() {
        return IBV_SYSFS_PATH_MAX;
    }

    private static final int IBV_WR_RDMA_WRITE = (int)0L;

    /**
     * {@snippet lang=c :
     * IBV_WR_RDMA_WRITE = 0
     * }
     */
    public static int IBV_WR_RDMA_WRITE() {
        return IBV_WR_RDMA_WRITE;
    }

    private static final int IBV_WR_RDMA_WRITE_WITH_IMM = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_WR_RDMA_WRITE_WITH_IMM = 1
     * }
     */
    public static int IBV_WR_RDMA_WRITE_WITH_IMM() {
        return IBV_WR_RDMA_WRITE_WITH_IMM;
    }

    private static final int IBV_WR_SEND = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_WR_SEND = 2
     * }
     */
    public static int IBV_WR_SEND() {
        return IBV_WR_SEND;
    }

    private static final int IBV_WR_SEND_WITH_IMM = (int)3L;

    /**
     * {@snippet lang=c :
     * IBV_WR_SEND_WITH_IMM = 3
     * }
     */
    public static int IBV_WR_SEND_WITH_IMM() {
        return IBV_WR_SEND_WITH_IMM;
    }

    private static final int IBV_WR_RDMA_READ = (int)4L;

    /**
     * {@snippet lang=c :
     * IBV_WR_RDMA_READ = 4
     * }
     */
    public static int IBV_WR_RDMA_READ() {
        return IBV_WR_RDMA_READ;
    }

    private static final int IBV_WR_ATOMIC_CMP_AND_SWP = (int)5L;

    /**
     * {@snippet lang=c :
     * IBV_WR_ATOMIC_CMP_AND_SWP = 5
     * }
     */
    public static int IBV_WR_ATOMIC_CMP_AND_SWP() {
        return IBV_WR_ATOMIC_CMP_AND_SWP;
    }

    private static final int IBV_WR_ATOMIC_FETCH_AND_ADD = (int)6L;

    /**
     * {@snippet lang=c :
     * IBV_WR_ATOMIC_FETCH_AND_ADD = 6
     * }
     */
    public static int IBV_WR_ATOMIC_FETCH_AND_ADD() {
        return IBV_WR_ATOMIC_FETCH_AND_ADD;
    }

    private static final int IBV_WR_LOCAL_INV = (int)7L;

    /**
     * {@snippet lang=c :
     * IBV_WR_LOCAL_INV = 7
     * }
     */
    public static int IBV_WR_LOCAL_INV() {
        return IBV_WR_LOCAL_INV;
    }

    private static final int IBV_WR_BIND_MW = (int)8L;

    /**
     * {@snippet lang=c :
     * IBV_WR_BIND_MW = 8
     * }
     */
    public static int IBV_WR_BIND_MW() {
        return IBV_WR_BIND_MW;
    }

    private static final int IBV_WR_SEND_WITH_INV = (int)9L;

    /**
     * {@snippet lang=c :
     * IBV_WR_SEND_WITH_INV = 9
     * }
     */
    public static int IBV_WR_SEND_WITH_INV() {
        return IBV_WR_SEND_WITH_INV;
    }

    private static final int IBV_SEND_FENCE = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_SEND_FENCE = 1
     * }
     */
    public static int IBV_SEND_FENCE() {
        return IBV_SEND_FENCE;
    }

    private static final int IBV_SEND_SIGNALED = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_SEND_SIGNALED = 2
     * }
     */
    public static int IBV_SEND_SIGNALED() {
        return IBV_SEND_SIGNALED;
    }

    private static final int IBV_SEND_SOLICITED = (int)4L;

    /**
     * {@snippet lang=c :
     * IBV_SEND_SOLICITED = 4
     * }
     */
    public static int IBV_SEND_SOLICITED() {
        return IBV_SEND_SOLICITED;
    }

    private static final int IBV_SEND_INLINE = (int)8L;

    /**
     * {@snippet lang=c :
     * IBV_SEND_INLINE = 8
     * }
     */
    public static int IBV_SEND_INLINE() {
        return IBV_SEND_INLINE;
    }

    private static final int IBV_SRQ_MAX_WR = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_SRQ_MAX_WR = 1
     * }
     */
    public static int IBV_SRQ_MAX_WR() {
        return IBV_SRQ_MAX_WR;
    }

    private static final int IBV_SRQ_LIMIT = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_SRQ_LIMIT = 2
     * }
     */
    public static int IBV_SRQ_LIMIT() {
        return IBV_SRQ_LIMIT;
    }

    private static final int IBV_WC_SUCCESS = (int)0L;

    /**
     * {@snippet lang=c :
     * IBV_WC_SUCCESS = 0
     * }
     */
    public static int IBV_WC_SUCCESS() {
        return IBV_WC_SUCCESS;
    }

    private static final int IBV_WC_LOC_LEN_ERR = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_WC_LOC_LEN_ERR = 1
     * }
     */
    public static int IBV_WC_LOC_LEN_ERR() {
        return IBV_WC_LOC_LEN_ERR;
    }

    private static final int IBV_WC_LOC_QP_OP_ERR = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_WC_LOC_QP_OP_ERR = 2
     * }
     */
    public static int IBV_WC_LOC_QP_OP_ERR() {
        return IBV_WC_LOC_QP_OP_ERR;
    }

    private static final int IBV_WC_LOC_EEC_OP_ERR = (int)3L;

    /**
     * {@snippet lang=c :
     * IBV_WC_LOC_EEC_OP_ERR = 3
     * }
     */
    public static int IBV_WC_LOC_EEC_OP_ERR() {
        return IBV_WC_LOC_EEC_OP_ERR;
    }

    private static final int IBV_WC_LOC_PROT_ERR = (int)4L;

    /**
     * {@snippet lang=c :
     * IBV_WC_LOC_PROT_ERR = 4
     * }
     */
    public static int IBV_WC_LOC_PROT_ERR() {
        return IBV_WC_LOC_PROT_ERR;
    }

    private static final int IBV_WC_WR_FLUSH_ERR = (int)5L;

    /**
     * {@snippet lang=c :
     * IBV_WC_WR_FLUSH_ERR = 5
     * }
     */
    public static int IBV_WC_WR_FLUSH_ERR() {
        return IBV_WC_WR_FLUSH_ERR;
    }

    private static final int IBV_WC_MW_BIND_ERR = (int)6L;

    /**
     * {@snippet lang=c :
     * IBV_WC_MW_BIND_ERR = 6
     * }
     */
    public static int IBV_WC_MW_BIND_ERR() {
        return IBV_WC_MW_BIND_ERR;
    }

    private static final int IBV_WC_BAD_RESP_ERR = (int)7L;

    /**
     * {@snippet lang=c :
     * IBV_WC_BAD_RESP_ERR = 7
     * }
     */
    public static int IBV_WC_BAD_RESP_ERR() {
        return IBV_WC_BAD_RESP_ERR;
    }

    private static final int IBV_WC_LOC_ACCESS_ERR = (int)8L;

    /**
     * {@snippet lang=c :
     * IBV_WC_LOC_ACCESS_ERR = 8
     * }
     */
    public static int IBV_WC_LOC_ACCESS_ERR() {
        return IBV_WC_LOC_ACCESS_ERR;
    }

    private static final int IBV_WC_REM_INV_REQ_ERR = (int)9L;

    /**
     * {@snippet lang=c :
     * IBV_WC_REM_INV_REQ_ERR = 9
     * }
     */
    public static int IBV_WC_REM_INV_REQ_ERR() {
        return IBV_WC_REM_INV_REQ_ERR;
    }

    private static final int IBV_WC_REM_ACCESS_ERR = (int)10L;

    /**
     * {@snippet lang=c :
     * IBV_WC_REM_ACCESS_ERR = 10
     * }
     */
    public static int IBV_WC_REM_ACCESS_ERR() {
        return IBV_WC_REM_ACCESS_ERR;
    }

    private static final int IBV_WC_REM_OP_ERR = (int)11L;

    /**
     * {@snippet lang=c :
     * IBV_WC_REM_OP_ERR = 11
     * }
     */
    public static int IBV_WC_REM_OP_ERR() {
        return IBV_WC_REM_OP_ERR;
    }

    private static final int IBV_WC_RETRY_EXC_ERR = (int)12L;

    /**
     * {@snippet lang=c :
     * IBV_WC_RETRY_EXC_ERR = 12
     * }
     */
    public static int IBV_WC_RETRY_EXC_ERR() {
        return IBV_WC_RETRY_EXC_ERR;
    }

    private static final int IBV_WC_RNR_RETRY_EXC_ERR = (int)13L;

    /**
     * {@snippet lang=c :
     * IBV_WC_RNR_RETRY_EXC_ERR = 13
     * }
     */
    public static int IBV_WC_RNR_RETRY_EXC_ERR() {
        return IBV_WC_RNR_RETRY_EXC_ERR;
    }

    private static final int IBV_WC_LOC_RDD_VIOL_ERR = (int)14L;

    /**
     * {@snippet lang=c :
     * IBV_WC_LOC_RDD_VIOL_ERR = 14
     * }
     */
    public static int IBV_WC_LOC_RDD_VIOL_ERR() {
        return IBV_WC_LOC_RDD_VIOL_ERR;
    }

    private static final int IBV_WC_REM_INV_RD_REQ_ERR = (int)15L;

    /**
     * {@snippet lang=c :
     * IBV_WC_REM_INV_RD_REQ_ERR = 15
     * }
     */
    public static int IBV_WC_REM_INV_RD_REQ_ERR() {
        return IBV_WC_REM_INV_RD_REQ_ERR;
    }

    private static final int IBV_WC_REM_ABORT_ERR = (int)16L;

    /**
     * {@snippet lang=c :
     * IBV_WC_REM_ABORT_ERR = 16
     * }
     */
    public static int IBV_WC_REM_ABORT_ERR() {
        return IBV_WC_REM_ABORT_ERR;
    }

    private static final int IBV_WC_INV_EECN_ERR = (int)17L;

    /**
     * {@snippet lang=c :
     * IBV_WC_INV_EECN_ERR = 17
     * }
     */
    public static int IBV_WC_INV_EECN_ERR() {
        return IBV_WC_INV_EECN_ERR;
    }

    private static final int IBV_WC_INV_EEC_STATE_ERR = (int)18L;

    /**
     * {@snippet lang=c :
     * IBV_WC_INV_EEC_STATE_ERR = 18
     * }
     */
    public static int IBV_WC_INV_EEC_STATE_ERR() {
        return IBV_WC_INV_EEC_STATE_ERR;
    }

    private static final int IBV_WC_FATAL_ERR = (int)19L;

    /**
     * {@snippet lang=c :
     * IBV_WC_FATAL_ERR = 19
     * }
     */
    public static int IBV_WC_FATAL_ERR() {
        return IBV_WC_FATAL_ERR;
    }

    private static final int IBV_WC_RESP_TIMEOUT_ERR = (int)20L;

    /**
     * {@snippet lang=c :
     * IBV_WC_RESP_TIMEOUT_ERR = 20
     * }
     */
    public static int IBV_WC_RESP_TIMEOUT_ERR() {
        return IBV_WC_RESP_TIMEOUT_ERR;
    }

    private static final int IBV_WC_GENERAL_ERR = (int)21L;

    /**
     * {@snippet lang=c :
     * IBV_WC_GENERAL_ERR = 21
     * }
     */
    public static int IBV_WC_GENERAL_ERR() {
        return IBV_WC_GENERAL_ERR;
    }

    private static final int IBV_WC_SEND = (int)0L;

    /**
     * {@snippet lang=c :
     * IBV_WC_SEND = 0
     * }
     */
    public static int IBV_WC_SEND() {
        return IBV_WC_SEND;
    }

    private static final int IBV_WC_RDMA_WRITE = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_WC_RDMA_WRITE = 1
     * }
     */
    public static int IBV_WC_RDMA_WRITE() {
        return IBV_WC_RDMA_WRITE;
    }

    private static final int IBV_WC_RDMA_READ = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_WC_RDMA_READ = 2
     * }
     */
    public static int IBV_WC_RDMA_READ() {
        return IBV_WC_RDMA_READ;
    }

    private static final int IBV_WC_COMP_SWAP = (int)3L;

    /**
     * {@snippet lang=c :
     * IBV_WC_COMP_SWAP = 3
     * }
     */
    public static int IBV_WC_COMP_SWAP() {
        return IBV_WC_COMP_SWAP;
    }

    private static final int IBV_WC_FETCH_ADD = (int)4L;

    /**
     * {@snippet lang=c :
     * IBV_WC_FETCH_ADD = 4
     * }
     */
    public static int IBV_WC_FETCH_ADD() {
        return IBV_WC_FETCH_ADD;
    }

    private static final int IBV_WC_BIND_MW = (int)5L;

    /**
     * {@snippet lang=c :
     * IBV_WC_BIND_MW = 5
     * }
     */
    public static int IBV_WC_BIND_MW() {
        return IBV_WC_BIND_MW;
    }

    private static final int IBV_WC_RECV = (int)128L;

    /**
     * {@snippet lang=c :
     * IBV_WC_RECV = 128
     * }
     */
    public static int IBV_WC_RECV() {
        return IBV_WC_RECV;
    }

    private static final int IBV_WC_RECV_RDMA_WITH_IMM = (int)129L;

    /**
     * {@snippet lang=c :
     * IBV_WC_RECV_RDMA_WITH_IMM = 129
     * }
     */
    public static int IBV_WC_RECV_RDMA_WITH_IMM() {
        return IBV_WC_RECV_RDMA_WITH_IMM;
    }

    private static final int IBV_WC_WITH_IMM = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_WC_WITH_IMM = 2
     * }
     */
    public static int IBV_WC_WITH_IMM() {
        return IBV_WC_WITH_IMM;
    }

    private static final int IBV_WC_WITH_INV = (int)8L;

    /**
     * {@snippet lang=c :
     * IBV_WC_WITH_INV = 8
     * }
     */
    public static int IBV_WC_WITH_INV() {
        return IBV_WC_WITH_INV;
    }

    private static final int IBV_EVENT_CQ_ERR = (int)0L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_CQ_ERR = 0
     * }
     */
    public static int IBV_EVENT_CQ_ERR() {
        return IBV_EVENT_CQ_ERR;
    }

    private static final int IBV_EVENT_QP_FATAL = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_QP_FATAL = 1
     * }
     */
    public static int IBV_EVENT_QP_FATAL() {
        return IBV_EVENT_QP_FATAL;
    }

    private static final int IBV_EVENT_QP_REQ_ERR = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_QP_REQ_ERR = 2
     * }
     */
    public static int IBV_EVENT_QP_REQ_ERR() {
        return IBV_EVENT_QP_REQ_ERR;
    }

    private static final int IBV_EVENT_QP_ACCESS_ERR = (int)3L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_QP_ACCESS_ERR = 3
     * }
     */
    public static int IBV_EVENT_QP_ACCESS_ERR() {
        return IBV_EVENT_QP_ACCESS_ERR;
    }

    private static final int IBV_EVENT_COMM_EST = (int)4L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_COMM_EST = 4
     * }
     */
    public static int IBV_EVENT_COMM_EST() {
        return IBV_EVENT_COMM_EST;
    }

    private static final int IBV_EVENT_SQ_DRAINED = (int)5L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_SQ_DRAINED = 5
     * }
     */
    public static int IBV_EVENT_SQ_DRAINED() {
        return IBV_EVENT_SQ_DRAINED;
    }

    private static final int IBV_EVENT_PATH_MIG = (int)6L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_PATH_MIG = 6
     * }
     */
    public static int IBV_EVENT_PATH_MIG() {
        return IBV_EVENT_PATH_MIG;
    }

    private static final int IBV_EVENT_PATH_MIG_ERR = (int)7L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_PATH_MIG_ERR = 7
     * }
     */
    public static int IBV_EVENT_PATH_MIG_ERR() {
        return IBV_EVENT_PATH_MIG_ERR;
    }

    private static final int IBV_EVENT_DEVICE_FATAL = (int)8L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_DEVICE_FATAL = 8
     * }
     */
    public static int IBV_EVENT_DEVICE_FATAL() {
        return IBV_EVENT_DEVICE_FATAL;
    }

    private static final int IBV_EVENT_PORT_ACTIVE = (int)9L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_PORT_ACTIVE = 9
     * }
     */
    public static int IBV_EVENT_PORT_ACTIVE() {
        return IBV_EVENT_PORT_ACTIVE;
    }

    private static final int IBV_EVENT_PORT_ERR = (int)10L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_PORT_ERR = 10
     * }
     */
    public static int IBV_EVENT_PORT_ERR() {
        return IBV_EVENT_PORT_ERR;
    }

    private static final int IBV_EVENT_LID_CHANGE = (int)11L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_LID_CHANGE = 11
     * }
     */
    public static int IBV_EVENT_LID_CHANGE() {
        return IBV_EVENT_LID_CHANGE;
    }

    private static final int IBV_EVENT_PKEY_CHANGE = (int)12L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_PKEY_CHANGE = 12
     * }
     */
    public static int IBV_EVENT_PKEY_CHANGE() {
        return IBV_EVENT_PKEY_CHANGE;
    }

    private static final int IBV_EVENT_SM_CHANGE = (int)13L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_SM_CHANGE = 13
     * }
     */
    public static int IBV_EVENT_SM_CHANGE() {
        return IBV_EVENT_SM_CHANGE;
    }

    private static final int IBV_EVENT_SRQ_ERR = (int)14L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_SRQ_ERR = 14
     * }
     */
    public static int IBV_EVENT_SRQ_ERR() {
        return IBV_EVENT_SRQ_ERR;
    }

    private static final int IBV_EVENT_SRQ_LIMIT_REACHED = (int)15L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_SRQ_LIMIT_REACHED = 15
     * }
     */
    public static int IBV_EVENT_SRQ_LIMIT_REACHED() {
        return IBV_EVENT_SRQ_LIMIT_REACHED;
    }

    private static final int IBV_EVENT_QP_LAST_WQE_REACHED = (int)16L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_QP_LAST_WQE_REACHED = 16
     * }
     */
    public static int IBV_EVENT_QP_LAST_WQE_REACHED() {
        return IBV_EVENT_QP_LAST_WQE_REACHED;
    }

    private static final int IBV_EVENT_CLIENT_REREGISTER = (int)17L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_CLIENT_REREGISTER = 17
     * }
     */
    public static int IBV_EVENT_CLIENT_REREGISTER() {
        return IBV_EVENT_CLIENT_REREGISTER;
    }

    private static final int IBV_EVENT_GID_CHANGE = (int)18L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_GID_CHANGE = 18
     * }
     */
    public static int IBV_EVENT_GID_CHANGE() {
        return IBV_EVENT_GID_CHANGE;
    }

    private static final int IBV_EVENT_WQ_FATAL = (int)19L;

    /**
     * {@snippet lang=c :
     * IBV_EVENT_WQ_FATAL = 19
     * }
     */
    public static int IBV_EVENT_WQ_FATAL() {
        return IBV_EVENT_WQ_FATAL;
    }

    private static final int IBV_ACCESS_LOCAL_WRITE = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_ACCESS_LOCAL_WRITE = 1
     * }
     */
    public static int IBV_ACCESS_LOCAL_WRITE() {
        return IBV_ACCESS_LOCAL_WRITE;
    }

    private static final int IBV_ACCESS_REMOTE_WRITE = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_ACCESS_REMOTE_WRITE = 2
     * }
     */
    public static int IBV_ACCESS_REMOTE_WRITE() {
        return IBV_ACCESS_REMOTE_WRITE;
    }

    private static final int IBV_ACCESS_REMOTE_READ = (int)4L;

    /**
     * {@snippet lang=c :
     * IBV_ACCESS_REMOTE_READ = 4
     * }
     */
    public static int IBV_ACCESS_REMOTE_READ() {
        return IBV_ACCESS_REMOTE_READ;
    }

    private static final int IBV_ACCESS_REMOTE_ATOMIC = (int)8L;

    /**
     * {@snippet lang=c :
     * IBV_ACCESS_REMOTE_ATOMIC = 8
     * }
     */
    public static int IBV_ACCESS_REMOTE_ATOMIC() {
        return IBV_ACCESS_REMOTE_ATOMIC;
    }

    private static final int IBV_PORT_NOP = (int)0L;

    /**
     * {@snippet lang=c :
     * IBV_PORT_NOP = 0
     * }
     */
    public static int IBV_PORT_NOP() {
        return IBV_PORT_NOP;
    }

    private static final int IBV_PORT_DOWN = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_PORT_DOWN = 1
     * }
     */
    public static int IBV_PORT_DOWN() {
        return IBV_PORT_DOWN;
    }

    private static final int IBV_PORT_INIT = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_PORT_INIT = 2
     * }
     */
    public static int IBV_PORT_INIT() {
        return IBV_PORT_INIT;
    }

    private static final int IBV_PORT_ARMED = (int)3L;

    /**
     * {@snippet lang=c :
     * IBV_PORT_ARMED = 3
     * }
     */
    public static int IBV_PORT_ARMED() {
        return IBV_PORT_ARMED;
    }

    private static final int IBV_PORT_ACTIVE = (int)4L;

    /**
     * {@snippet lang=c :
     * IBV_PORT_ACTIVE = 4
     * }
     */
    public static int IBV_PORT_ACTIVE() {
        return IBV_PORT_ACTIVE;
    }

    private static final int IBV_PORT_ACTIVE_DEFER = (int)5L;

    /**
     * {@snippet lang=c :
     * IBV_PORT_ACTIVE_DEFER = 5
     * }
     */
    public static int IBV_PORT_ACTIVE_DEFER() {
        return IBV_PORT_ACTIVE_DEFER;
    }

    private static final int IBV_LINK_LAYER_UNSPECIFIED = (int)0L;

    /**
     * {@snippet lang=c :
     * IBV_LINK_LAYER_UNSPECIFIED = 0
     * }
     */
    public static int IBV_LINK_LAYER_UNSPECIFIED() {
        return IBV_LINK_LAYER_UNSPECIFIED;
    }

    private static final int IBV_LINK_LAYER_INFINIBAND = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_LINK_LAYER_INFINIBAND = 1
     * }
     */
    public static int IBV_LINK_LAYER_INFINIBAND() {
        return IBV_LINK_LAYER_INFINIBAND;
    }

    private static final int IBV_LINK_LAYER_ETHERNET = (int)2L;

    /**
     * {@snippet lang=c :
     * IBV_LINK_LAYER_ETHERNET = 2
     * }
     */
    public static int IBV_LINK_LAYER_ETHERNET() {
        return IBV_LINK_LAYER_ETHERNET;
    }

    private static final int IBV_TRANSPORT_IB = (int)0L;

    /**
     * {@snippet lang=c :
     * IBV_TRANSPORT_IB = 0
     * }
     */
    public static int IBV_TRANSPORT_IB() {
        return IBV_TRANSPORT_IB;
    }

    private static final int IBV_TRANSPORT_IWARP = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_TRANSPORT_IWARP = 1
     * }
     */
    public static int IBV_TRANSPORT_IWARP() {
        return IBV_TRANSPORT_IWARP;
    }

    private static final int IBV_NODE_CA = (int)1L;

    /**
     * {@snippet lang=c :
     * IBV_NODE_CA = 1
     * }
     */
    public static int IBV_NODE_CA() {
        return IBV_NODE_CA;
    }

    private static final int IBV_NODE_RNIC = (int)4L;

    /**
     * {@snippet lang=c :
     * IBV_NODE_RNIC = 4
     * }
     */
    public static int IBV_NODE_RNIC() {
        return IBV_NODE_RNIC;
    }

    private static final int AF_INET = (int)2L;

    /**
     * {@snippet lang=c :
     * AF_INET = 2
     * }
     */
    public static int AF_INET() {
        return AF_INET;
    }

    private static final int AF_INET6 = (int)10L;

    /**
     * {@snippet lang=c :
     * AF_INET6 = 10
     * }
     */
    public static int AF_INET6() {
        return AF_INET6;
    }
}

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
 * {@snippet lang=c :
 * struct _ibv_device_ops { ... }
 * }
 */
public class _ibv_device_ops {

    _ibv_device_ops() {
        // Should not be called directly
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
        rdma_cma_h.C_POINTER.withName("_dummy1"),
        rdma_cma_h.C_POINTER.withName("_dummy2")
    ).withName("_ibv_device_ops");

    /**
     * The layout of this struct
     */
    public static final GroupLayout layout() {
        return $LAYOUT;
    }

    private static final AddressLayout _dummy1$LAYOUT = (AddressLayout)$LAYOUT.select(groupElement("_dummy1"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * _dummy1
     * }
     */
    public static final AddressLayout _dummy1$layout() {
        return _dummy1$LAYOUT;
    }

    private static final long _dummy1$OFFSET = 0;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * _dummy1
     * }
     */
    public static final long _dummy1$offset() {
        return _dummy1$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * _dummy1
     * }
     */
    public static MemorySegment _dummy1(MemorySegment struct) {
        return struct.get(_dummy1$LAYOUT, _dummy1$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * _dummy1
     * }
     */
    public static void _dummy1(MemorySegment struct, MemorySegment fieldValue) {
        struct.set(_dummy1$LAYOUT, _dummy1$OFFSET, fieldValue);
    }

    /**
     * {@snippet lang=c :
     * ptr (*_dummy1)(ptr, int)
     * }
     */
    public static class _dummy1 {

        _dummy1() {
            // Should not be called directly
        }

        /**
         * The function pointer signature, expressed as a functional interface
         */
        public interface Function {
            MemorySegment apply(MemorySegment x0, int x1);
        }

        private static final FunctionDescriptor $DESC = FunctionDescriptor.of(rdma_cma_h.C_POINTER, rdma_cma_h.C_POINTER, rdma_cma_h.C_INT);

        /**
         * The descriptor for this function pointer type
         */
        public static FunctionDescriptor descriptor() {
            return $DESC;
        }

        private static final MethodHandle UP$MH = rdma_cma_h.upcallHandle(_dummy1.Function.class, "apply", $DESC);

        /**
         * Allocates a new upcall stub, whose implementation is defined by {@code fi}.
         * The lifetime of the returned segment is managed by {@code arena}
         */
        public static MemorySegment allocate(_dummy1.Function fi, Arena arena) {
            return Linker.nativeLinker().upcallStub(UP$MH.bindTo(fi), $DESC, arena);
        }

        private static final MethodHandle DOWN$MH = Linker.nativeLinker().downcallHandle($DESC);

        /**
         * Invoke the upcall stub {@code funcPtr}, with given parameters
         */
        public static MemorySegment invoke(MemorySegment funcPtr, MemorySegment x0, int x1) {
            try {
                return (MemorySegment) DOWN$MH.invokeExact(funcPtr, x0, x1);
            } catch (Error | RuntimeException ex) {
                throw ex;
            } catch (Throwable ex$) {
                throw new AssertionError("should not reach here", ex$);
            }
        }
    }

    private static final AddressLayout _dummy2$LAYOUT = (AddressLayout)$LAYOUT.select(groupElement("_dummy2"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * _dummy2
     * }
     */
    public static final AddressLayout _dummy2$layout() {
        return _dummy2$LAYOUT;
    }

    private static final long _dummy2$OFFSET = 8;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * _dummy2
     * }
     */
    public static final long _dummy2$offset() {
        return _dummy2$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * _dummy2
     * }
     */
    public static MemorySegment _dummy2(MemorySegment struct) {
        return struct.get(_dummy2$LAYOUT, _dummy2$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * _dummy2
     * }
     */
    public static void _dummy2(MemorySegment struct, MemorySegment fieldValue) {
        struct.set(_dummy2$LAYOUT, _dummy2$OFFSET, fieldValue);
    }

    /**
     * {@snippet lang=c :
     * void (*_dummy2)(ptr)
     * }
     */
    public static class _dummy2 {

        _dummy2() {
            // Should not be called directly
        }

        /**
         * The function pointer signature, expressed as a functional interface
         */
        public interface Function {
            void apply(MemorySegment x0);
        }

        private static final FunctionDescriptor $DESC = FunctionDescriptor.ofVoid(rdma_cma_h.C_POINTER);

        /**
         * The descriptor for this function pointer type
         */
        public static FunctionDescriptor descriptor() {
            return $DESC;
        }

        private static final MethodHandle UP$MH = rdma_cma_h.upcallHandle(_dummy2.Function.class, "apply", $DESC);

        /**
         * Allocates a new upcall stub, whose implementation is defined by {@code fi}.
         * The lifetime of the returned segment is managed by {@code arena}
         */
        public static MemorySegment allocate(_dummy2.Function fi, Arena arena) {
            return Linker.nativeLinker().upcallStub(UP$MH.bindTo(fi), $DESC, arena);
        }

        private static final MethodHandle DOWN$MH = Linker.nativeLinker().downcallHandle($DESC);

        /**
         * Invoke the upcall stub {@code funcPtr}, with given parameters
         */
        public static void invoke(MemorySegment funcPtr, MemorySegment x0) {
            try {
                DOWN$MH.invokeExact(funcPtr, x0);
            } catch (Error | RuntimeException ex) {
                throw ex;
            } catch (Throwable ex$) {
                throw new AssertionError("should not reach here", ex$);
            }
        }
    }


    /**
     * Obtains a slice of {@code arrayParam} which selects the array element at {@code index}.
     * The returned segment has address {@code arrayParam.address() + index * layout().byteSize()}
     */
    public static MemorySegment asSlice(MemorySegment array, long index) {
        return array.asSlice(layout().byteSize() * index);
    }

    /**
     * The size (in bytes) of this struct
     */
    public static long sizeof() { return layout().byteSize(); }

    /**
     * Allocate a segment of size {@code layout().byteSize()} using {@code allocator}
     */
    public static MemorySegment allocate(SegmentAllocator allocator) {
        return allocator.allocate(layout());
    }

    /**
     * Allocate an array of size {@code elementCount} using {@code allocator}.
     * The returned segment has size {@code elementCount * layout().byteSize()}.
     */
    public static MemorySegment allocateArray(long elementCount, SegmentAllocator allocator) {
        return allocator.allocate(MemoryLayout.sequenceLayout(elementCount, layout()));
    }

    /**
     * Reinterprets {@code addr} using target {@code arena} and {@code cleanupAction} (if any).
     * The returned segment has size {@code layout().byteSize()}
     */
    public static MemorySegment reinterpret(MemorySegment addr, Arena arena, Consumer<MemorySegment> cleanup) {
        return reinterpret(addr, 1, arena, cleanup);
    }

    /**
     * Reinterprets {@code addr} using target {@code arena} and {@code cleanupAction} (if any).
     * The returned segment has size {@code elementCount * layout().byteSize()}
     */
    public static MemorySegment reinterpret(MemorySegment addr, long elementCount, Arena arena, Consumer<MemorySegment> cleanup) {
        return addr.reinterpret(layout().byteSize() * elementCount, arena, cleanup);
    }
}

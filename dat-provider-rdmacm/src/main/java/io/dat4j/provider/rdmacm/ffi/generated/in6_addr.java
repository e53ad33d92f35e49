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
 * struct in6_addr { ... }
 * }
 */
public class in6_addr {

    in6_addr() {
        // Should not be called directly
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
        MemoryLayout.unionLayout(
            MemoryLayout.sequenceLayout(16, rdma_cma_h.C_CHAR).withName("__u6_addr8"),
            MemoryLayout.sequenceLayout(8, rdma_cma_h.C_SHORT).withName("__u6_addr16"),
            MemoryLayout.sequenceLayout(4, rdma_cma_h.C_INT).withName("__u6_addr32")
        ).withName("__in6_u")
    ).withName("in6_addr");

    /**
     * The layout of this struct
     */
    public static final GroupLayout layout() {
        return $LAYOUT;
    }

    private static final GroupLayout __in6_u$LAYOUT = (GroupLayout)$LAYOUT.select(groupElement("__in6_u"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * __in6_u
     * }
     */
    public static final GroupLayout __in6_u$layout() {
        return __in6_u$LAYOUT;
    }

    private static final long __in6_u$OFFSET = 0;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * __in6_u
     * }
     */
    public static final long __in6_u$offset() {
        return __in6_u$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * __in6_u
     * }
     */
    public static MemorySegment __in6_u(MemorySegment struct) {
        return struct.asSlice(__in6_u$OFFSET, __in6_u$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * __in6_u
     * }
     */
    public static void __in6_u(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, __in6_u$OFFSET, __in6_u$LAYOUT.byteSize());
    }

    /**
     * {@snippet lang=c :
     * union { ... } __in6_u
     * }
     */
    public static class __in6_u {

        __in6_u() {
            // Should not be called directly
        }

        private static final GroupLayout $LAYOUT = (GroupLayout)in6_addr.layout().select(groupElement("__in6_u"));

        /**
         * The layout of this union
         */
        public static final GroupLayout layout() {
            return $LAYOUT;
        }

        private static final SequenceLayout __u6_addr8$LAYOUT = (SequenceLayout)$LAYOUT.select(groupElement("__u6_addr8"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * __u6_addr8[16]
         * }
         */
        public static final SequenceLayout __u6_addr8$layout() {
            return __u6_addr8$LAYOUT;
        }

        private static final long __u6_addr8$OFFSET = 0;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * __u6_addr8[16]
         * }
         */
        public static final long __u6_addr8$offset() {
            return __u6_addr8$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * __u6_addr8[16]
         * }
         */
        public static MemorySegment __u6_addr8(MemorySegment struct) {
            return struct.asSlice(__u6_addr8$OFFSET, __u6_addr8$LAYOUT.byteSize());
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * __u6_addr8[16]
         * }
         */
        public static void __u6_addr8(MemorySegment struct, MemorySegment fieldValue) {
            MemorySegment.copy(fieldValue, 0L, struct, __u6_addr8$OFFSET, __u6_addr8$LAYOUT.byteSize());
        }

        private static long[] __u6_addr8$DIMS = { 16 };

        /**
         * Dimensions for array field:
         * {@snippet lang=c :
         * __u6_addr8[16]
         * }
         */
        public static long[] __u6_addr8$dimensions() {
            return __u6_addr8$DIMS;
        }
        private static final VarHandle __u6_addr8$ELEM_HANDLE = __u6_addr8$LAYOUT.varHandle(sequenceElement());

        /**
         * Indexed getter for field:
         * {@snippet lang=c :
         * __u6_addr8[16]
         * }
         */
        public static byte __u6_addr8(MemorySegment struct, long index0) {
            return (byte)__u6_addr8$ELEM_HANDLE.get(struct, __u6_addr8$OFFSET, index0);
        }

        /**
         * Indexed setter for field:
         * {@snippet lang=c :
         * __u6_addr8[16]
         * }
         */
        public static void __u6_addr8(MemorySegment struct, long index0, byte fieldValue) {
            __u6_addr8$ELEM_HANDLE.set(struct, __u6_addr8$OFFSET, index0, fieldValue);
        }

        private static final SequenceLayout __u6_addr16$LAYOUT = (SequenceLayout)$LAYOUT.select(groupElement("__u6_addr16"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * __u6_addr16[8]
         * }
         */
        public static final SequenceLayout __u6_addr16$layout() {
            return __u6_addr16$LAYOUT;
        }

        private static final long __u6_addr16$OFFSET = 0;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * __u6_addr16[8]
         * }
         */
        public static final long __u6_addr16$offset() {
            return __u6_addr16$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * __u6_addr16[8]
         * }
         */
        public static MemorySegment __u6_addr16(MemorySegment struct) {
            return struct.asSlice(__u6_addr16$OFFSET, __u6_addr16$LAYOUT.byteSize());
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * __u6_addr16[8]
         * }
         */
        public static void __u6_addr16(MemorySegment struct, MemorySegment fieldValue) {
            MemorySegment.copy(fieldValue, 0L, struct, __u6_addr16$OFFSET, __u6_addr16$LAYOUT.byteSize());
        }

        private static long[] __u6_addr16$DIMS = { 8 };

        /**
         * Dimensions for array field:
         * {@snippet lang=c :
         * __u6_addr16[8]
         * }
         */
        public static long[] __u6_addr16$dimensions() {
            return __u6_addr16$DIMS;
        }
        private static final VarHandle __u6_addr16$ELEM_HANDLE = __u6_addr16$LAYOUT.varHandle(sequenceElement());

        /**
         * Indexed getter for field:
         * {@snippet lang=c :
         * __u6_addr16[8]
         * }
         */
        public static short __u6_addr16(MemorySegment struct, long index0) {
            return (short)__u6_addr16$ELEM_HANDLE.get(struct, __u6_addr16$OFFSET, index0);
        }

        /**
         * Indexed setter for field:
         * {@snippet lang=c :
         * __u6_addr16[8]
         * }
         */
        public static void __u6_addr16(MemorySegment struct, long index0, short fieldValue) {
            __u6_addr16$ELEM_HANDLE.set(struct, __u6_addr16$OFFSET, index0, fieldValue);
        }

        private static final SequenceLayout __u6_addr32$LAYOUT = (SequenceLayout)$LAYOUT.select(groupElement("__u6_addr32"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * __u6_addr32[4]
         * }
         */
        public static final SequenceLayout __u6_addr32$layout() {
            return __u6_addr32$LAYOUT;
        }

        private static final long __u6_addr32$OFFSET = 0;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * __u6_addr32[4]
         * }
         */
        public static final long __u6_addr32$offset() {
            return __u6_addr32$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * __u6_addr32[4]
         * }
         */
        public static MemorySegment __u6_addr32(MemorySegment struct) {
            return struct.asSlice(__u6_addr32$OFFSET, __u6_addr32$LAYOUT.byteSize());
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * __u6_addr32[4]
         * }
         */
        public static void __u6_addr32(MemorySegment struct, MemorySegment fieldValue) {
            MemorySegment.copy(fieldValue, 0L, struct, __u6_addr32$OFFSET, __u6_addr32$LAYOUT.byteSize());
        }

        private static long[] __u6_addr32$DIMS = { 4 };

        /**
         * Dimensions for array field:
         * {@snippet lang=c :
         * __u6_addr32[4]
         * }
         */
        public static long[] __u6_addr32$dimensions() {
            return __u6_addr32$DIMS;
        }
        private static final VarHandle __u6_addr32$ELEM_HANDLE = __u6_addr32$LAYOUT.varHandle(sequenceElement());

        /**
         * Indexed getter for field:
         * {@snippet lang=c :
         * __u6_addr32[4]
         * }
         */
        public static int __u6_addr32(MemorySegment struct, long index0) {
            return (int)__u6_addr32$ELEM_HANDLE.get(struct, __u6_addr32$OFFSET, index0);
        }

        /**
         * Indexed setter for field:
         * {@snippet lang=c :
         * __u6_addr32[4]
         * }
         */
        public static void __u6_addr32(MemorySegment struct, long index0, int fieldValue) {
            __u6_addr32$ELEM_HANDLE.set(struct, __u6_addr32$OFFSET, index0, fieldValue);
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
